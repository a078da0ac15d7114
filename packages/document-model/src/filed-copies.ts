import { sha256Hex } from "@lexnav/core";

/**
 * Copies of one agreement: two registrants file the same contract as an exhibit (a parent and the
 * subsidiary it spins off), or one filing carries it twice. Decided once, when a version is ingested,
 * from its extracted text, and recorded with it: readers (answers, `lexnav list --copies`) read the record.
 */

/** Share of the shorter text's word shingles the longer must hold for the two to be copies. */
export const COPY_SHARE = 0.95;
/** Words per shingle: long enough that a shared shingle is shared drafting, not common words. */
export const SHINGLE = 5;
/** One shingle hash in this many is kept in a text's sample: enough to find the texts sharing most of it. */
export const SAMPLE_ONE_IN = 8;
/** A sampled shingle in more texts than this is boilerplate shared across deals, not a sign of a copy. */
const COMMON = 25;
/** A line printed this often in one text is page furniture (a running header, a "Source: …" stamp). */
const FURNITURE_REPEATS = 3;

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text, as a copy is compared (letters and digits; punctuation and white space dropped). */
export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** The text without the lines it prints three or more times: page headers and footers differ by filer. */
export function withoutFurniture(text: string): string {
  const lines = text.split("\n").map((l) => l.replace(/\s+/g, " ").trim());
  const count = new Map<string, number>();
  for (const l of lines) if (l.length > 3) count.set(l, (count.get(l) ?? 0) + 1);
  return lines.filter((l) => (count.get(l) ?? 0) < FURNITURE_REPEATS).join("\n");
}

/** The words a copy is compared by: page furniture left out, case folded. */
function copyWords(text: string): string[] {
  return wordsOf(withoutFurniture(text)).map((w) => w.toLowerCase());
}

function shingles(words: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + SHINGLE <= words.length; i++) out.add(words.slice(i, i + SHINGLE).join(" "));
  return out;
}

/**
 * The content key of an extracted text: sha256 of its words with page furniture left out, case
 * folded. Two texts with the same key say the same words, whatever their white space, punctuation and
 * the filers' page stamps.
 */
export function contentKey(text: string): string {
  return sha256Hex(copyWords(text).join(" "));
}

function fnv1a(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A sample of the text's word shingles (32-bit hashes, one in `SAMPLE_ONE_IN`), sorted: what finds its copies. */
export function copySample(text: string): number[] {
  const words = copyWords(text);
  const out = new Set<number>();
  for (let i = 0; i + SHINGLE <= words.length; i++) {
    const h = fnv1a(words.slice(i, i + SHINGLE).join(" "));
    if (h % SAMPLE_ONE_IN === 0) out.add(h);
  }
  return [...out].sort((a, b) => a - b);
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

/** A stored text's sample, as `copyCandidates` reads it. */
export interface SampledText {
  id: string;
  contentKey: string;
  sample: readonly number[];
}

/** Finds, among stored texts, those that may be copies of another (`copyIndex`). */
export interface CopyIndex {
  /**
   * The ids of the indexed texts that may be copies of `text` (to be decided by `copiesOneAgreement`),
   * `text` itself aside: the same content key, or a sample sharing at least half of the smaller one,
   * boilerplate shingles (sampled in more than `COMMON` texts) aside.
   */
  candidates(text: SampledText): string[];
}

/**
 * An index of stored texts' samples and keys. Its first question reads every stored sample once,
 * keeping only the asked text's shingles (an ingest asks one); from the second on, the shingles are
 * indexed by who holds them once, and each question reads its own (a store keyed at open asks many).
 * Given the texts it will be asked about (`asking`: a page of a store keyed at open), it indexes only
 * their shingles, so its size follows theirs, not the store's; a text outside them is answered by a scan.
 */
export function copyIndex(among: readonly SampledText[], asking?: readonly SampledText[]): CopyIndex {
  let holdersOf: Map<number, number[]> | null = null;
  let asked = 0;
  const focus = asking ? new Set(asking.flatMap((t) => t.sample)) : null;
  /** Of each stored text (by position), the asked text's shingles it holds. */
  const heldBy = (own: ReadonlySet<number>): Map<number, number[]> => {
    const held = new Map<number, number[]>();
    const add = (i: number, h: number) => {
      const list = held.get(i);
      if (list) list.push(h);
      else held.set(i, [h]);
    };
    const scan = (holdersOf === null && asked++ === 0) || (focus !== null && [...own].some((h) => !focus.has(h)));
    if (scan) {
      among.forEach((t, i) => {
        for (const h of t.sample) if (own.has(h)) add(i, h);
      });
      return held;
    }
    if (holdersOf === null) {
      const index = new Map<number, number[]>();
      among.forEach((t, i) => {
        for (const h of t.sample) {
          if (focus !== null && !focus.has(h)) continue;
          const list = index.get(h);
          if (list) list.push(i);
          else index.set(h, [i]);
        }
      });
      holdersOf = index;
    }
    for (const h of own) for (const i of holdersOf.get(h) ?? []) add(i, h);
    return held;
  };
  return {
    candidates(text) {
      const own = new Set(text.sample);
      const held = heldBy(own);
      const holders = new Map<number, number>();
      for (const hs of held.values()) for (const h of hs) holders.set(h, (holders.get(h) ?? 0) + 1);
      const out: string[] = [];
      among.forEach((t, i) => {
        if (t.id === text.id) return;
        // a shingle most texts hold is no sign of a copy
        const shared = (held.get(i) ?? []).filter((h) => (holders.get(h) ?? 0) <= COMMON).length;
        const smaller = Math.min(own.size, t.sample.length);
        // a copy shares nearly all of the shorter text's sample; half is a loose first cut
        if (t.contentKey === text.contentKey || (shared > 0 && shared * 2 >= smaller)) out.push(t.id);
      });
      return out;
    },
  };
}

/** When a document was filed, as a key that sorts by filing: comparable only within one `scheme`. */
export interface FilingKey {
  /** "date", or "accession:<filer agent>" (an accession number orders the filings of one agent). */
  scheme: string;
  key: string;
  /** How a note shows it: an ISO date, or the accession number. */
  shown: string;
}

/** A recorded filing: the key, and where it was read (the document's metadata, or its file name as a fallback). */
export interface Filing extends FilingKey {
  from: "metadata" | "file name";
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

/** Whether `iso` is a calendar date yyyy-mm-dd (month 1-12, day 1-31). */
export function validDate(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return Number(m[1]) > 0 && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/**
 * The filing of a document: the date its metadata gives (an ISO date the source recorded, given at
 * ingest), else what its file name records, marked as read from the name. Null when neither has one.
 */
export function filingFor(fileName: string, filedOn?: string | null): Filing | null {
  if (filedOn && validDate(filedOn)) return { scheme: "date", key: filedOn, shown: filedOn, from: "metadata" };
  const named = filingOf(fileName.replace(/\.[A-Za-z0-9]+$/, ""));
  return named ? { ...named, from: "file name" } : null;
}
