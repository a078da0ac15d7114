/**
 * Gold evidence of a benchmark question in file coordinates. A snippet is either a span of the file as
 * read (`.txt` corpora) or a verbatim quote (EDGAR HTML), located in the text lexnav extracted from the
 * file with whitespace folded on both sides, so a parser change that keeps the words keeps the gold.
 *
 * A quote may occur more than once. Every occurrence is an acceptable answer, and recall counts one of
 * them: the occurrence the ranking reaches first (`chooseOccurrences`), so no occurrence is scored as
 * missed when another one was retrieved, and several occurrences never add up to more gold.
 */
import type { SpanRef } from "./span-metrics.ts";

/** One gold snippet: the places in its file that count as that evidence (one for a span; each occurrence of a quote). */
export interface GoldSnippet {
  file: string;
  occurrences: Array<[number, number]>;
  /** The quote's length when it was not found in the extracted text (it then counts as missed evidence). */
  unlocatedChars?: number;
}

/** Whitespace runs folded to single spaces (leading whitespace dropped), with each folded character's offset in the original. */
export function foldWhitespace(text: string): { folded: string; map: number[] } {
  let folded = "";
  const map: number[] = [];
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      if (!inSpace && folded.length > 0) {
        folded += " ";
        map.push(i);
      }
      inSpace = true;
    } else {
      folded += c;
      map.push(i);
      inSpace = false;
    }
  }
  return { folded, map };
}

/** Every `[start, end)` place of `quote` in `text`, whitespace folded on both sides, in `text`'s coordinates. */
export function locateQuote(text: string, quote: string): Array<[number, number]> {
  const q = quote.replace(/\s+/g, " ").trim();
  if (q.length === 0) return [];
  const { folded, map } = foldWhitespace(text);
  const out: Array<[number, number]> = [];
  for (let at = folded.indexOf(q); at >= 0; at = folded.indexOf(q, at + 1)) {
    out.push([map[at] as number, (map[at + q.length - 1] as number) + 1]);
  }
  return out;
}

/** A benchmark snippet: a span of the file as read, or a verbatim quote of its extracted text. */
export type BenchSnippet =
  | { file_path: string; span: [number, number]; answer?: string }
  | { file_path: string; quote: string };

/**
 * The gold of a question's snippets. `textOf` gives the extracted text of a corpus file (null when
 * the file is not in the store): quotes are located in it; spans are taken as they are.
 */
export function resolveGold(snippets: readonly BenchSnippet[], textOf: (file: string) => string | null): GoldSnippet[] {
  return snippets.map((s) => {
    if ("span" in s) return { file: s.file_path, occurrences: [[s.span[0], s.span[1]]] };
    const text = textOf(s.file_path);
    const occurrences = text === null ? [] : locateQuote(text, s.quote);
    return occurrences.length > 0
      ? { file: s.file_path, occurrences }
      : { file: s.file_path, occurrences: [], unlocatedChars: s.quote.replace(/\s+/g, " ").trim().length };
  });
}

/** A file name no retrieved passage carries: evidence that could not be located is counted as missed. */
const UNLOCATED = "\u0000unlocated";

/**
 * The gold spans one ranking is scored against: for each snippet, the occurrence the ranking overlaps
 * first (ties: the one the whole ranking covers most, then the first in the text); a snippet with no
 * located occurrence stays as missed evidence of its quote's length.
 */
export function chooseOccurrences(ranked: readonly SpanRef[], gold: readonly GoldSnippet[]): SpanRef[] {
  return gold.map((g, i) => {
    if (g.occurrences.length === 0) return { file: `${UNLOCATED}:${i}`, start: 0, end: g.unlocatedChars ?? 1 };
    let best = g.occurrences[0] as [number, number];
    let bestRank = Number.POSITIVE_INFINITY;
    let bestCover = 0;
    for (const occ of g.occurrences) {
      let rank = Number.POSITIVE_INFINITY;
      let cover = 0;
      for (const [r, p] of ranked.entries()) {
        if (p.file !== g.file) continue;
        const overlap = Math.min(p.end, occ[1]) - Math.max(p.start, occ[0]);
        if (overlap <= 0) continue;
        if (rank === Number.POSITIVE_INFINITY) rank = r;
        cover += overlap;
      }
      if (rank < bestRank || (rank === bestRank && cover > bestCover)) {
        best = occ;
        bestRank = rank;
        bestCover = cover;
      }
    }
    return { file: g.file, start: best[0], end: best[1] };
  });
}

/** Every occurrence of every snippet (what a citation may overlap to count as citing gold). */
export function allOccurrences(gold: readonly GoldSnippet[]): SpanRef[] {
  return gold.flatMap((g) => g.occurrences.map(([start, end]) => ({ file: g.file, start, end })));
}
