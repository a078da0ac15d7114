import { allOccurrences, type BenchTest, resolveGold } from "@lexnav/eval";

/** A gold span of a benchmark question, in its corpus file's coordinates (`[start, end)`). */
export interface GoldSpan {
  file: string;
  start: number;
  end: number;
}

/**
 * A question's gold as spans: a span as given, and every place a quoted snippet (EDGAR's) occurs in the
 * extracted text of its file (`textOf`, null when the file is not in the store), as the answer
 * evaluation scores a citation of any of them as gold. A quote found nowhere adds no span; `unlocated`
 * counts such snippets, so a question whose gold could not be found is not read as having none.
 */
export function goldSpans(
  snippets: BenchTest["snippets"],
  textOf: (file: string) => string | null = () => null,
): { spans: GoldSpan[]; unlocated: number } {
  const gold = resolveGold(snippets, textOf);
  return {
    spans: allOccurrences(gold),
    unlocated: gold.filter((g) => g.occurrences.length === 0).length,
  };
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
