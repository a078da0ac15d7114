/**
 * Sub-clause numbers printed inside run-together text: a document whose paragraphs were joined into one
 * line per page ("… to the maximum number of customers. 1.3 Subject to Section 8.3, Distributor's right …
 * 8. Delivery 8.1 Delivery of all Products …"). Read one at a time such a number is no better evidence
 * of a clause than a figure or a cross-reference is ("2.5 Million", "as provided in 4.2 Above"): the line
 * patterns take an inline number only after two spaces or before a heading in capitals. Read together
 * they are: the clauses of an instrument follow one another, 1.1, 1.2, 2.1, 2.2, 2.3, 3.1, … So the whole
 * text is read for numbers of the shape "x.y" followed by a capital, and the longest chain of them in which
 * each is the successor of the one before (x.y → x.y+1, or → x+1.1 and a group or two later, where a section
 * has no sub-clauses) is kept, when it holds at least `MIN_CHAIN` numbers over at least `MIN_GROUPS`
 * sections. Those numbers are clauses; any other is left to the line patterns.
 */

/**
 * "x.y" (an optional full stop) then a space and a capital, an opening quote or parenthesis; or a section's
 * "x." then a heading's capitalised word ("9. Warranty and Quality Control 9.1 STAAR warrants …").
 */
const INLINE_NUMBER = /(\d{1,2})\.(?:(\d{1,2})\.?[ \t]+(?=[A-Z“"(])|[ \t]+(?=[A-Z][a-z]))/g;

/** Words before a number that make it a reference, not a clause: "Section 8.3", "Sections 10.1", "of 4.2". */
const REFERENCE_BEFORE =
  /(?:\b(?:sections?|clauses?|articles?|paragraphs?|subsections?|of|to|in|under|and|or|per|see|with|than|at|by)|§|[,(\-–—$])\s*$/i;

/** Fewest numbers, and fewest sections they number, for a chain to be read as the text's clauses. */
const MIN_CHAIN = 6;
const MIN_GROUPS = 3;

/** Fewest characters from a sub-clause's number to the next number for it to be a clause, not a contents entry. */
const MIN_CLAUSE_CHARS = 60;

/** Most candidates read (the chain is quadratic in them); a longer text keeps its first ones. */
const MAX_CANDIDATES = 4_000;

interface Inline {
  at: number;
  major: number;
  /** 0 for a section's own number ("9."). */
  minor: number;
}

/**
 * Whether `b` may follow `a` in one numbering: the next sub-clause (or the one after, where one was printed as a
 * reference would be: "; or 14.2 STAAR shall …"), the next section, or the first sub-clause of one of the next
 * three sections (sections without sub-clauses between).
 */
function follows(a: Inline, b: Inline): boolean {
  if (b.minor === 0) return b.major === a.major + 1;
  if (b.major === a.major) return b.minor === a.minor + 1 || b.minor === a.minor + 2;
  return b.minor === 1 && b.major > a.major && b.major <= a.major + 3;
}

/**
 * The offsets (in `text`, ascending) of the clause numbers of a run-together numbering; empty when there is none.
 */
export function runTogetherNumbers(text: string): number[] {
  const read: Inline[] = [];
  INLINE_NUMBER.lastIndex = 0;
  for (let m = INLINE_NUMBER.exec(text); m !== null && read.length < MAX_CANDIDATES; m = INLINE_NUMBER.exec(text)) {
    // at a line's start, or inline after anything but a reference's words, a decimal's digits ("12.5", "v1.2") or
    // a page number (a contents listing run together: "1.1 Scope 1 1.2 Scope of Agreement 1 1.3 …"); the 40
    // characters before it are read, cut at a line's end (never a scan back over a long line)
    const near = text.slice(Math.max(0, m.index - 40), m.index);
    const before = near.slice(near.lastIndexOf("\n") + 1);
    if (before.trim() !== "" && (REFERENCE_BEFORE.test(before) || /[\w.]$/.test(before) || /\d\s+$/.test(before)))
      continue;
    read.push({ at: m.index, major: Number(m[1]), minor: m[2] === undefined ? 0 : Number(m[2]) });
  }
  // a sub-clause whose text runs for less than a line before the next number is a contents entry ("6.1 Services
  // to be Rendered    6.2 Banking Application Processing  6.3 …"), not a clause
  const found = read.filter((c, i) => c.minor === 0 || (read[i + 1]?.at ?? text.length) - c.at >= MIN_CLAUSE_CHARS);
  if (found.length < MIN_CHAIN) return [];
  // the longest chain ending at each candidate, and where it came from
  const length = new Array<number>(found.length).fill(1);
  const from = new Array<number>(found.length).fill(-1);
  let best = 0;
  for (let j = 0; j < found.length; j++) {
    for (let i = 0; i < j; i++) {
      if (length[i]! + 1 > length[j]! && follows(found[i]!, found[j]!)) {
        length[j] = length[i]! + 1;
        from[j] = i;
      }
    }
    // of chains as long, the later: a contents listing comes before the clauses it lists
    if (length[j]! >= length[best]!) best = j;
  }
  const chain: Inline[] = [];
  for (let k = best; k >= 0; k = from[k]!) chain.push(found[k]!);
  chain.reverse();
  // a chain of sections' own numbers alone is a list's as well as a text's: sub-clauses must carry it
  const subClauses = chain.filter((c) => c.minor > 0);
  const groups = new Set(subClauses.map((c) => c.major));
  return subClauses.length >= MIN_CHAIN && groups.size >= MIN_GROUPS ? chain.map((c) => c.at) : [];
}
