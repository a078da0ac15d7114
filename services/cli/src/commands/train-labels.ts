import type { BenchTest } from "@lexnav/eval";

/** A gold span of a benchmark question, in its corpus file's coordinates (`[start, end)`). */
export interface GoldSpan {
  file: string;
  start: number;
  end: number;
}

/** A question's gold given as spans; a quoted snippet (EDGAR's) has no offsets and is left out. */
export function goldSpans(snippets: BenchTest["snippets"]): GoldSpan[] {
  return snippets.flatMap((s) => ("span" in s ? [{ file: s.file_path, start: s.span[0], end: s.span[1] }] : []));
}

/** Where a candidate sentence sits: its document and `[start, end)` in that document's text. */
export interface PlacedSentence {
  item: { documentId: string };
  start: number;
  end: number;
}

/**
 * Each candidate labelled 1 when it overlaps a gold span of its own file, else 0: what the trainers
 * learn from. `fileOf` names a document's corpus file; it is asked once per document.
 */
export async function labelByGold(
  candidates: readonly PlacedSentence[],
  gold: readonly GoldSpan[],
  fileOf: (documentId: string) => Promise<string>,
): Promise<Array<0 | 1>> {
  const files = new Map<string, string>();
  for (const c of candidates)
    if (!files.has(c.item.documentId)) files.set(c.item.documentId, await fileOf(c.item.documentId));
  return candidates.map((c): 0 | 1 => {
    const file = files.get(c.item.documentId);
    return gold.some((g) => g.file === file && c.start < g.end && g.start < c.end) ? 1 : 0;
  });
}
