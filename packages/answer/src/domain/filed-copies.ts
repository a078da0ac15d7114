import { type Filing, wordsOf } from "@lexnav/document-model";
import { citeAs, type EvidenceItem } from "./evidence.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import type { DraftAnswer } from "./offline-answerer.ts";

/**
 * One agreement filed twice: two registrants file the same contract as an exhibit (a parent and the
 * subsidiary it spins off), or one filing carries it twice. When a cited sentence is in the extract in
 * two copies, the answer cites one and says the other holds the same text, so a lawyer checks one
 * citation, not two, and knows the second filing exists.
 *
 * Which copy: the later filing, which shows the agreement as it stood when it was filed last (the
 * earlier copy may since have been amended, and the later filer is the one still bound by it); when
 * the filings cannot be dated, the copy filed in a transaction set with its related documents; else
 * the copy the decision picked.
 *
 * Which documents are copies, and when each was filed, ingest recorded (`recordCopiesOf` in
 * @lexnav/ingest): nothing here compares texts or reads a date from a file name.
 */

/** Fewer words than this and a sentence ("Notices.", "Governing Law.") is the same in unrelated contracts. */
const MIN_SENTENCE_WORDS = 6;

/** The words of a sentence, case folded: white space, line breaks and hyphenation at a line end do not matter. */
export function sentenceKey(text: string): string {
  return wordsOf(text).join(" ").toLowerCase();
}

/**
 * What ingest recorded of the extract's documents, as the asker may see it: which of their served
 * versions are copies of one agreement (`Catalog.listCopies`), and when each was filed.
 */
export interface RecordedCopies {
  /** Whether the two versions are recorded as copies of one agreement. */
  areCopies(a: Pick<EvidenceItem, "documentId" | "version">, b: Pick<EvidenceItem, "documentId" | "version">): boolean;
  /** The recorded filing of a document's version, or null. */
  filing(item: Pick<EvidenceItem, "documentId" | "version">): Filing | null;
}

/** A record read from the catalog: served versions, the pairs recorded of them, and their filings. */
export function recordedCopies(
  served: ReadonlyMap<string, { version: string; filing: Filing | null }>,
  pairs: ReadonlyArray<{ documentId: string; copyOf: string }>,
): RecordedCopies {
  const key = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  const recorded = new Set(pairs.map((p) => key(p.documentId, p.copyOf)));
  const isServed = (i: Pick<EvidenceItem, "documentId" | "version">) => served.get(i.documentId)?.version === i.version;
  return {
    areCopies: (a, b) => isServed(a) && isServed(b) && recorded.has(key(a.documentId, b.documentId)),
    filing: (i) => (isServed(i) ? (served.get(i.documentId)?.filing ?? null) : null),
  };
}

/** Why `a` is cited over its copy `b`, or null when neither rule prefers it. */
function preferred(a: EvidenceItem, b: EvidenceItem, record: RecordedCopies): string | null {
  const fa = record.filing(a);
  const fb = record.filing(b);
  if (fa && fb && fa.scheme === fb.scheme && fa.key !== fb.key) {
    if (fa.key < fb.key) return null;
    const named = [fa, fb].filter((f) => f.from === "file name").length;
    const read = named === 2 ? " (both read from the file names)" : named === 1 ? " (one read from a file name)" : "";
    return `the later filing, ${fa.shown} against ${fb.shown}${read}`;
  }
  if (a.transactionSetId !== null && b.transactionSetId === null) return "the copy filed with its related documents";
  return null;
}

/**
 * The picked sentences with each one that the extract holds in two copies of one agreement cited
 * once, from the copy the rule above prefers, and a note per copy left out naming where the same text
 * is. Sentences are the same when their words are (case, white space and line-end hyphens aside) and
 * their documents' versions are recorded as copies: the same boilerplate in two different deals is
 * not a copy, and both stay. Without a record (none given), every sentence stays.
 */
export function citeOneCopy(
  picked: readonly ScoredCandidate[],
  scored: readonly ScoredCandidate[],
  record: RecordedCopies | undefined,
): { kept: ScoredCandidate[]; notes: string[] } {
  if (!record) return { kept: [...picked], notes: [] };
  const areCopies = (a: EvidenceItem, b: EvidenceItem): boolean => record.areCopies(a, b);
  const kept: ScoredCandidate[] = [];
  const notes: string[] = [];
  const placed = new Set<ScoredCandidate>();
  for (const s of picked) {
    if (placed.has(s)) continue;
    const key = sentenceKey(s.text);
    const same =
      key.split(" ").length < MIN_SENTENCE_WORDS
        ? []
        : scored.filter(
            (c) =>
              c !== s &&
              c.item.documentId !== s.item.documentId &&
              sentenceKey(c.text) === key &&
              areCopies(s.item, c.item),
          );
    // one sentence per document: the first (best scored) of each copy
    const byDocument = new Map<string, ScoredCandidate>();
    for (const c of same) if (!byDocument.has(c.item.documentId)) byDocument.set(c.item.documentId, c);
    const group = [s, ...byDocument.values()];
    let chosen = s;
    for (const c of group) if (c !== chosen && preferred(c.item, chosen.item, record)) chosen = c;
    for (const c of same) placed.add(c);
    if (kept.includes(chosen)) continue;
    kept.push(chosen);
    for (const c of group) {
      if (c === chosen) continue;
      const why = preferred(chosen.item, c.item, record) ?? "the copy the decision picked";
      notes.push(
        `Same text: ${citeAs(c.item)} is a copy of ${citeAs(chosen.item)} and holds the same sentence; cited from ${why}.`,
      );
    }
  }
  return { kept, notes };
}

/** The answer with the notes on copies left out, after the precedence notes (none on a silence). */
export function withCopyNotes(draft: DraftAnswer, notes: readonly string[]): DraftAnswer {
  if (draft.abstained || notes.length === 0) return draft;
  return { ...draft, text: [draft.text, ...notes].join("\n"), precedence: [...draft.precedence, ...notes] };
}
