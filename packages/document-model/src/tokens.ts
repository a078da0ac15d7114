import { getEncoding, type Tiktoken } from "js-tiktoken";

let encoder: Tiktoken | null = null;

// cl100k_base's pre-tokenisation pattern (as js-tiktoken applies it). BPE never merges across these
// pieces, so the token count of a text is the sum of its pieces' counts.
const PIECES =
  /('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+/gu;

// Legal text repeats a small vocabulary, so per-piece counts are cached (bounded, cleared when full).
const MAX_CACHE = 200_000;
const cache = new Map<string, number>();

function pieceTokens(piece: string): number {
  const hit = cache.get(piece);
  if (hit !== undefined) return hit;
  encoder ??= getEncoding("cl100k_base");
  // No special tokens: a document that contains "<|endoftext|>" is text, never a control token.
  const n = encoder.encode(piece, [], []).length;
  if (cache.size >= MAX_CACHE) cache.clear();
  cache.set(piece, n);
  return n;
}

/**
 * Token count under cl100k_base (the tokenizer shipped inside js-tiktoken, no download), exact and
 * fast: pieces are counted once and cached. Used for budgets and reports; Claude's own tokenizer
 * differs by a few percent.
 */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  let total = 0;
  for (const m of text.matchAll(PIECES)) total += pieceTokens(m[0]);
  return total;
}

/** The reference count (whole-text BPE), for tests that check `countTokens` stays exact. */
export function countTokensReference(text: string): number {
  encoder ??= getEncoding("cl100k_base");
  return encoder.encode(text, [], []).length;
}
