import type { DefinedTerm } from "@lexnav/document-model";
import type { Segment } from "./own-text.ts";

/** A found use: the term as defined, where it is, and whether it sits right after an opening quote. */
export interface TermMatch {
  term: string;
  start: number;
  end: number;
  quoted: boolean;
}

/**
 * A matcher over a fixed set of defined terms. Terms are bucketed by their first word, so a scan is
 * one regex pass over the words of the text plus a map lookup per word (no per-term regex).
 * Matching is case-sensitive on whole words; a plural "s" (or "es") after the term is allowed;
 * the longest term wins at a position ("Applicable Margin" over "Applicable").
 */
export interface TermScanner {
  readonly size: number;
  scan(text: string, segment: Segment): TermMatch[];
}

const WORD = /[A-Za-z0-9][A-Za-z0-9'’-]*/g;
/** When every term starts with a capital or a digit, only such words can start a match. */
const CAPITALISED_WORD = /(?<![A-Za-z0-9'’-])[A-Z0-9][A-Za-z0-9'’-]*/g;
const FIRST_WORD = /^[A-Za-z0-9][A-Za-z0-9'’-]*/;
const IS_WORD_CHAR = /[A-Za-z0-9]/;

/** Builds a scanner for the given terms (duplicates and empty terms ignored). */
export function createTermScanner(terms: Iterable<string>): TermScanner {
  const byFirst = new Map<string, string[]>();
  let size = 0;
  for (const raw of new Set(terms)) {
    const term = raw.trim();
    const first = FIRST_WORD.exec(term)?.[0];
    if (!first || term.length < 2) continue;
    const key = stripPossessive(first);
    const bucket = byFirst.get(key);
    if (bucket) bucket.push(term);
    else byFirst.set(key, [term]);
    size++;
  }
  for (const bucket of byFirst.values()) bucket.sort((a, b) => b.length - a.length);
  const words = [...byFirst.keys()].every((k) => /^[A-Z0-9]/.test(k)) ? CAPITALISED_WORD : WORD;
  return {
    size,
    scan(text, segment) {
      const out: TermMatch[] = [];
      if (size === 0 || segment.end <= segment.start) return out;
      const own = text.slice(segment.start, segment.end);
      words.lastIndex = 0;
      for (let m = words.exec(own); m !== null; m = words.exec(own)) {
        const word = stripPossessive(m[0]);
        const bucket =
          byFirst.get(word) ??
          (word.endsWith("s") ? byFirst.get(word.slice(0, -1)) : undefined) ??
          (word.endsWith("es") ? byFirst.get(word.slice(0, -2)) : undefined);
        if (!bucket) continue;
        for (const term of bucket) {
          if (!own.startsWith(term, m.index)) continue;
          let end = m.index + term.length;
          if (own[end] === "s") end++;
          else if (own[end] === "e" && own[end + 1] === "s") end += 2;
          const after = own[end];
          if (after !== undefined && IS_WORD_CHAR.test(after)) {
            // the plural guess failed: accept the bare term when it ends on a word boundary
            const bare = m.index + term.length;
            const afterBare = own[bare];
            if (afterBare !== undefined && IS_WORD_CHAR.test(afterBare)) continue;
            end = bare;
          }
          const before = own[m.index - 1];
          out.push({
            term,
            start: segment.start + m.index,
            end: segment.start + end,
            quoted: before === '"' || before === "“" || before === "'" || before === "‘",
          });
          words.lastIndex = end;
          break;
        }
      }
      return out;
    },
  };
}

function stripPossessive(word: string): string {
  const last = word.charCodeAt(word.length - 1);
  // fast path: no apostrophe at the end ("'" 39, "’" 8217) and none before a final "s"
  if (last !== 39 && last !== 8217 && !(last === 115 && /['’]s$/.test(word))) return word;
  return word.replace(/['’]s?$/, "");
}

/** First definition per term (a term defined twice links to its first definition). */
export function definitionsByTerm(definitions: readonly DefinedTerm[]): Map<string, DefinedTerm> {
  const map = new Map<string, DefinedTerm>();
  for (const d of definitions) if (!map.has(d.term)) map.set(d.term, d);
  return map;
}
