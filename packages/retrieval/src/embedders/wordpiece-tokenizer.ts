import { LexnavError } from "@lexnav/core";

/** Token ids of a batch, padded to its longest member, as BERT-style models take them. */
export interface EncodedBatch {
  inputIds: BigInt64Array;
  attentionMask: BigInt64Array;
  tokenTypeIds: BigInt64Array;
  batch: number;
  sequence: number;
}

export interface WordPieceTokenizer {
  readonly vocabularySize: number;
  /** Token ids of one text with [CLS] … [SEP], cut to `maxLength`. */
  encode(text: string): number[];
  encodeBatch(texts: string[]): EncodedBatch;
  /** Token ids already encoded (`encode`), padded to the longest of them: a batch without re-tokenising. */
  padBatch(encoded: readonly (readonly number[])[]): EncodedBatch;
}

interface TokenizerJson {
  normalizer?: { type?: string; lowercase?: boolean; strip_accents?: boolean | null } | null;
  model?: {
    type?: string;
    unk_token?: string;
    continuing_subword_prefix?: string;
    max_input_chars_per_word?: number;
    vocab?: Record<string, number>;
  };
  truncation?: { max_length?: number } | null;
  padding?: { pad_id?: number } | null;
}

const PUNCTUATION = /[\p{P}\p{S}]/u;

/**
 * The BERT WordPiece tokenizer of a Hugging Face `tokenizer.json` (MiniLM, BGE, GTE and other
 * BERT-family sentence encoders): lower-casing and accent stripping as the normalizer says, split
 * on whitespace and punctuation, greedy longest-match sub-words. Other tokenizer models (BPE,
 * Unigram) are refused with a reason rather than tokenized wrongly.
 */
export function createWordPieceTokenizer(json: unknown, options: { maxLength?: number } = {}): WordPieceTokenizer {
  const t = json as TokenizerJson;
  if (t.model?.type !== "WordPiece" || !t.model.vocab) {
    throw new LexnavError(
      "unsupported_type",
      `tokenizer.json uses a ${String(t.model?.type ?? "missing")} model; only WordPiece (BERT-family) tokenizers are supported`,
    );
  }
  const vocab = new Map(Object.entries(t.model.vocab));
  const need = (token: string) => {
    const id = vocab.get(token);
    if (id === undefined) throw new LexnavError("corrupt", `tokenizer.json has no ${token} token in its vocabulary`);
    return id;
  };
  const unk = need(t.model.unk_token ?? "[UNK]");
  const cls = need("[CLS]");
  const sep = need("[SEP]");
  const pad = t.padding?.pad_id ?? vocab.get("[PAD]") ?? 0;
  const prefix = t.model.continuing_subword_prefix ?? "##";
  const maxWordChars = t.model.max_input_chars_per_word ?? 100;
  const lowercase = t.normalizer?.lowercase ?? true;
  const stripAccents = t.normalizer?.strip_accents ?? lowercase;
  const maxLength = Math.max(2, options.maxLength ?? t.truncation?.max_length ?? 512);

  const normalise = (text: string) => {
    let s = text.replace(/[\u0000\ufffd\p{Cc}]/gu, (c) => (/\s/.test(c) ? " " : ""));
    if (lowercase) s = s.toLowerCase();
    if (stripAccents) s = s.normalize("NFD").replace(/\p{Mn}/gu, "");
    return s;
  };
  const words = (text: string): string[] => {
    const out: string[] = [];
    for (const chunk of text.split(/\s+/)) {
      let cur = "";
      for (const ch of chunk) {
        if (PUNCTUATION.test(ch)) {
          if (cur) out.push(cur);
          out.push(ch);
          cur = "";
        } else cur += ch;
      }
      if (cur) out.push(cur);
    }
    return out;
  };
  const pieces = (word: string, into: number[]) => {
    if (word.length > maxWordChars) {
      into.push(unk);
      return;
    }
    const found: number[] = [];
    let start = 0;
    while (start < word.length) {
      let end = word.length;
      let id: number | undefined;
      while (start < end) {
        const sub = (start > 0 ? prefix : "") + word.slice(start, end);
        id = vocab.get(sub);
        if (id !== undefined) break;
        end -= 1;
      }
      if (id === undefined) {
        into.push(unk);
        return;
      }
      found.push(id);
      start = end;
    }
    into.push(...found);
  };
  const encode = (text: string): number[] => {
    const ids = [cls];
    for (const w of words(normalise(text))) {
      pieces(w, ids);
      if (ids.length >= maxLength - 1) break;
    }
    ids.length = Math.min(ids.length, maxLength - 1);
    ids.push(sep);
    return ids;
  };
  const padBatch = (encoded: readonly (readonly number[])[]): EncodedBatch => {
    const sequence = Math.max(...encoded.map((e) => e.length));
    const batch = encoded.length;
    const inputIds = new BigInt64Array(batch * sequence).fill(BigInt(pad));
    const attentionMask = new BigInt64Array(batch * sequence);
    encoded.forEach((ids, b) => {
      ids.forEach((id, i) => {
        inputIds[b * sequence + i] = BigInt(id);
        attentionMask[b * sequence + i] = 1n;
      });
    });
    return { inputIds, attentionMask, tokenTypeIds: new BigInt64Array(batch * sequence), batch, sequence };
  };
  return {
    vocabularySize: vocab.size,
    encode,
    encodeBatch(texts) {
      return padBatch(texts.map(encode));
    },
    padBatch,
  };
}
