import type { SourceText } from "./citations.ts";
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
 */

/** Share of the shorter text's word shingles the longer must hold for the two to be copies. */
export const COPY_SHARE = 0.95;
/** Words per shingle: long enough that a shared shingle is shared drafting, not common words. */
const SHINGLE = 5;
/** Fewer words than this and a sentence ("Notices.", "Governing Law.") is the same in unrelated contracts. */
const MIN_SENTENCE_WORDS = 6;
/** A line printed this often in one text is page furniture (a running header, a "Source: …" stamp). */
const FURNITURE_REPEATS = 3;

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text, as a copy is compared (letters and digits; punctuation and white space dropped). */
export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** The words of a sentence, case folded: white space, line breaks and hyphenation at a line end do not matter. */
export function sentenceKey(text: string): string {
  return wordsOf(text).join(" ").toLowerCase();
}

/** The text without the lines it prints three or more times: page headers and footers differ by filer. */
export function withoutFurniture(text: string): string {
  const lines = text.split("\n").map((l) => l.replace(/\s+/g, " ").trim());
  const count = new Map<string, number>();
  for (const l of lines) if (l.length > 3) count.set(l, (count.get(l) ?? 0) + 1);
  return lines.filter((l) => (count.get(l) ?? 0) < FURNITURE_REPEATS).join("\n");
}

function shingles(words: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + SHINGLE <= words.length; i++) out.add(words.slice(i, i + SHINGLE).join(" "));
  return out;
}

/**
 * Whether two documents' texts are copies of one agreement: with page furniture left out, the longer
 * holds at least `COPY_SHARE` of the shorter's word shingles (case folded), and the shorter names no one
 * the longer does not. The second test tells a copy from a form signed twice: a form executed with two
 * officers shares nearly all its words but names a different person, title and salary; a copy differs
 * only in exhibit and page numbers, white space and the filer's page stamps; nor a sum (two facilities of
 * one borrower on one form differ only in the amount committed). A shorter text held whole
 * by a longer one (an attachment filed apart, a filing without its schedules) is a copy of that part.
 */
export function copiesOneAgreement(a: string, b: string): boolean {
  const wa = wordsOf(withoutFurniture(a));
  const wb = wordsOf(withoutFurniture(b));
  const [short, long] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  if (short.length < SHINGLE) return short.length > 0 && short.join(" ").toLowerCase() === long.join(" ").toLowerCase();
  const fold = (ws: readonly string[]) => ws.map((w) => w.toLowerCase());
  const own = shingles(fold(short));
  const held = shingles(fold(long));
  let shared = 0;
  for (const s of own) if (held.has(s)) shared++;
  if (shared / own.size < COPY_SHARE) return false;
  const longWords = new Set(fold(long));
  // A capitalised word of letters only: a name, a title, a defined party (not a page or exhibit number).
  if (short.some((w) => /^\p{Lu}\p{L}+$/u.test(w) && !longWords.has(w.toLowerCase()))) return false;
  // and a sum the shorter states that the longer does not: two facilities of one borrower on one form
  const [shortText, longText] = wa.length <= wb.length ? [a, b] : [b, a];
  const longSums = sums(longText);
  return [...sums(shortText)].every((m) => longSums.has(m));
}

/** The money amounts a text states ("$1,500,000,000", "€ 2.5"), digits only. */
function sums(text: string): Set<string> {
  return new Set([...text.matchAll(/[$€£]\s?(\d[\d,]*(?:\.\d+)?)/g)].map((m) => (m[1] ?? "").replace(/,/g, "")));
}

/** When a document was filed, as a key that sorts by filing: comparable only within one `scheme`. */
export interface FilingKey {
  /** "date", or "accession:<filer agent>" (an accession number orders the filings of one agent). */
  scheme: string;
  key: string;
  /** How a note shows it: an ISO date, or the accession number. */
  shown: string;
}

/**
 * The filing a document's filed name records: EDGAR exhibit names carry the filing date
 * ("Company_20140121_DRS_EX-10.26_…", "COMPANY_01_21_2014-EX-10.26-…") or the accession number
 * ("0001104659-23-000111_3": filer agent, year, sequence). Null when the name records neither.
 */
export function filingOf(label: string): FilingKey | null {
  const compact = /(?:^|_)((?:19|20)\d{2})(\d{2})(\d{2})_/.exec(label);
  const spaced = compact ? null : /(?:^|_)(\d{2})_(\d{2})_((?:19|20)\d{2})-/.exec(label);
  const date = compact
    ? `${compact[1]}-${compact[2]}-${compact[3]}`
    : spaced
      ? `${spaced[3]}-${spaced[1]}-${spaced[2]}`
      : null;
  if (date && validDate(date)) return { scheme: "date", key: date, shown: date };
  const accession = /(?:^|[^\d])(\d{10})-(\d{2})-(\d{6})(?!\d)/.exec(label);
  if (!accession) return null;
  const [, agent = "", yy = "", sequence = ""] = accession;
  const year = Number(yy) < 50 ? `20${yy}` : `19${yy}`;
  return { scheme: `accession:${agent}`, key: `${year}-${sequence}`, shown: `${agent}-${yy}-${sequence}` };
}

function validDate(iso: string): boolean {
  const [y = 0, m = 0, d = 0] = iso.split("-").map(Number);
  return m >= 1 && m <= 12 && d >= 1 && d <= 31 && y > 0;
}

/** Why `a` is cited over its copy `b`, or null when neither rule prefers it. */
function preferred(a: EvidenceItem, b: EvidenceItem): string | null {
  const fa = filingOf(a.docLabel);
  const fb = filingOf(b.docLabel);
  if (fa && fb && fa.scheme === fb.scheme && fa.key !== fb.key)
    return fa.key > fb.key ? `the later filing, ${fa.shown} against ${fb.shown}` : null;
  if (a.transactionSetId !== null && b.transactionSetId === null) return "the copy filed with its related documents";
  return null;
}

/**
 * The picked sentences with each one that the extract holds in two copies of one agreement cited
 * once, from the copy the rule above prefers, and a note per copy left out naming where the same text
 * is. Sentences are the same when their words are (case, white space and line-end hyphens aside) and
 * their documents are copies (`copiesOneAgreement`): the same boilerplate in two different deals is
 * not a copy, and both stay.
 */
export function citeOneCopy(
  picked: readonly ScoredCandidate[],
  scored: readonly ScoredCandidate[],
  source: SourceText,
): { kept: ScoredCandidate[]; notes: string[] } {
  const copies = new Map<string, boolean>();
  const areCopies = (a: EvidenceItem, b: EvidenceItem): boolean => {
    const pair = [`${a.documentId}@${a.version}`, `${b.documentId}@${b.version}`].sort().join("\u0000");
    let known = copies.get(pair);
    if (known === undefined) {
      const ta = source(a.documentId, a.version);
      const tb = source(b.documentId, b.version);
      known = ta !== null && tb !== null && copiesOneAgreement(ta, tb);
      copies.set(pair, known);
    }
    return known;
  };
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
    for (const c of group) if (c !== chosen && preferred(c.item, chosen.item)) chosen = c;
    for (const c of same) placed.add(c);
    if (kept.includes(chosen)) continue;
    kept.push(chosen);
    for (const c of group) {
      if (c === chosen) continue;
      const why = preferred(chosen.item, c.item) ?? "the copy the decision picked";
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
