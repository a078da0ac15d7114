import type { ProvisionNode } from "@lexnav/document-model";
import { featureWords } from "../embedders/text-features.ts";

/**
 * Whether a passage says nothing beyond its provision's heading: every word of its text is a word of
 * the provision's heading path, clause reference or title ("10. FORCE MAJEURE", "SECOND AMENDMENT TO
 * CO-BRANDING AGREEMENT"), or it has no words at all (a rule of dashes, a redaction mark). Such a
 * passage names a provision and states nothing of it, yet the heading words it repeats match the
 * question the provision answers, and its shortness lifts it in BM25.
 */
export function saysOnlyHeading(
  body: string,
  node: Pick<ProvisionNode, "headingPath" | "clauseRef" | "title">,
): boolean {
  const labels = [...node.headingPath, node.title ?? ""].map(asLabel);
  const heading = new Set(featureWords([...labels, node.clauseRef ?? ""].join(" ")));
  return featureWords(body).every((w) => heading.has(w));
}

/**
 * The most words a heading runs to. Contract headings name a subject ("Limitation of Liability;
 * Exclusion of Consequential Damages"); a longer "title" is a provision the parser took whole: a
 * paragraph set in capitals ("IN NO EVENT SHALL EITHER PARTY BE LIABLE …"), a table row holding a
 * numbered section.
 */
const LABEL_WORDS = 12;

// A long title can be a run-in heading and its text: "Effectiveness; Conflict. Except as modified
// hereby, …" labels the row with "Effectiveness; Conflict." and the rest is what the row states. The
// stop follows two letters, so the "2." of "2. | Effectiveness" is a number, not an end.
const RUN_IN_END = /(?<=[A-Za-z]{2})\.\s+(?=[A-Z"“(])/;

const wordCount = (text: string): number => text.split(/\s+/).filter((w) => w.length > 0).length;

/** The part of a heading or title that labels its provision; none when it is all a provision's text. */
function asLabel(title: string): string {
  if (wordCount(title) <= LABEL_WORDS) return title;
  const end = RUN_IN_END.exec(title);
  const head = end ? title.slice(0, end.index + 1) : "";
  return wordCount(head) <= LABEL_WORDS ? head : "";
}

/**
 * A ranking with the passages that say only their heading moved after those that say something, each
 * part in its own order: a heading is a pointer to evidence, not evidence, so it should not take a place
 * at the head that a clause's text could fill.
 */
export function headingsLast<T>(ranked: readonly T[], headingOnly: (item: T) => boolean): T[] {
  const content: T[] = [];
  const headings: T[] = [];
  for (const item of ranked) (headingOnly(item) ? headings : content).push(item);
  return [...content, ...headings];
}

/**
 * `headingsLast` when only the first `settled` places are read: items are looked at in order until that
 * many say something, so those places are what a look at every item gives. The items not looked at
 * follow in their order (as if they said something), then the headings found. Looking costs a read of
 * the item's provision; a corpus-wide ranking holds hundreds of items of dozens of documents.
 */
export async function headingsLastSettled<T>(
  ranked: readonly T[],
  settled: number,
  headingOnly: (item: T) => boolean | Promise<boolean>,
): Promise<T[]> {
  const headings = new Set<T>();
  let content = 0;
  for (const item of ranked) {
    if (content >= settled) break;
    if (await headingOnly(item)) headings.add(item);
    else content += 1;
  }
  return headingsLast(ranked, (item) => headings.has(item));
}
