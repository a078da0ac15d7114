/** A `[start, end)` range of a document's text. */
export interface Range {
  start: number;
  end: number;
}

// A sentence ends at . ; or : followed by whitespace and an opening (capital, digit, quote, bracket),
// or at a blank line (but for one inside a sentence: `SplitOptions`). Abbreviations common in contracts
// ("Inc.", "No.", "U.S.") do not end one. A stop may be followed by closing quotes or brackets before the whitespace (`… be "Confidential Information."
// If …`, American style puts the period inside the quotation marks); they belong to the sentence.
const ABBREVIATIONS = new Set([
  "inc",
  "corp",
  "co",
  "ltd",
  "llc",
  "no",
  "nos",
  "sec",
  "u.s",
  "s",
  "mr",
  "mrs",
  "ms",
  "dr",
  "st",
  "jr",
  "sr",
  "vs",
  "etc",
  "e.g",
  "i.e",
  "art",
  "para",
  "cl",
  "approx",
  "dept",
  "est",
  "fig",
  "n.a",
  "l.p",
  "p.c",
]);

const CLOSERS = /["”’')\]]/;

/**
 * How sentences are split. `stored: true` keeps the split stored passages were cut by (index format v9), so
 * their windows, offsets and vectors stay valid until the next format change; every other reader takes the
 * current split, which differs in three places:
 * - a stop followed by closing quotes or brackets ends a sentence (`… be "Confidential Information." If …`);
 * - "v." ends one unless a capitalised word stands before it: "Smith v. Jones" is a case, but "combined
 *   single limit v. Product Recall Insurance" is a list's fifth item after its fourth, run in;
 * - a blank line ends no sentence that runs on across it: the text before it ends on a word or a comma,
 *   not a stop, and the text after it opens in lower case ("… beyond February 28, 2023 unless" ⏎⏎
 *   "otherwise mutually agreed to by the Parties in writing (the “Outside Closing Date”)."), a page's
 *   number printed alone between them. Filed documents break a paragraph so where a page or a line of
 *   the source ended; a quote cut there would stop at "unless".
 */
export interface SplitOptions {
  stored?: boolean;
}

/** "Smith v. Jones": "v." is "versus" after a capitalised word; otherwise it is a roman "v." list label. */
const VERSUS = /(?:^|[^A-Za-z])[A-Z][\w.&'’-]*\s+v$/;

/**
 * Splits `text[start, end)` into sentence ranges, trimmed of surrounding whitespace. Offsets are
 * into the full text, so a sentence is always `text.slice(r.start, r.end)`.
 */
export function splitSentences(text: string, start: number, end: number, options: SplitOptions = {}): Range[] {
  const closers = options.stored !== true;
  const out: Range[] = [];
  let s = start;
  const push = (a: number, b: number) => {
    while (a < b && /\s/.test(text[a] as string)) a++;
    while (b > a && /\s/.test(text[b - 1] as string)) b--;
    if (b > a) out.push({ start: a, end: b });
  };
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 && text.charCodeAt(i + 1) === 10) {
      if (closers) {
        // read on past the blank lines (and a page's number) at once: a long run of them is crossed once
        const on = runsOn(text, s, i, end);
        if (on >= 0) {
          i = on - 1;
          continue;
        }
      }
      push(s, i);
      s = i + 1;
      continue;
    }
    if (c !== 46 && c !== 59 && c !== 58) continue; // . ; :
    let stop = i + 1;
    while (closers && stop < end && stop - i <= 2 && CLOSERS.test(text[stop] as string)) stop++;
    const next = text[stop];
    if (next === undefined || !/\s/.test(next)) continue;
    let j = stop;
    while (j < end && /\s/.test(text[j] as string)) j++;
    const opener = text[j];
    if (opener === undefined || !/[A-Z0-9("“[]/.test(opener)) continue;
    if (c === 46) {
      const word = /([A-Za-z.]+)$/.exec(text.slice(Math.max(s, i - 12), i));
      const w = (word?.[1] as string | undefined) ?? "";
      if (word && (ABBREVIATIONS.has(w.toLowerCase()) || /^[A-Z]$/.test(w))) continue;
      // "v.": versus after a capitalised word (always so in the stored split); else a roman list label
      if (w.toLowerCase() === "v" && (!closers || VERSUS.test(text.slice(Math.max(s, i - 60), i)))) continue;
    }
    push(s, stop);
    s = stop;
    i = stop - 1;
  }
  push(s, end);
  return out;
}

/**
 * Where the sentence begun at `from` goes on after the blank line at `at`, or -1 where it ends there:
 * what it has so far ends on a letter, a digit or a comma (no stop, colon, closing quote or bracket),
 * and the next text inside `end` opens with a lower-case letter.
 */
function runsOn(text: string, from: number, at: number, end: number): number {
  let b = at;
  while (b > from && /\s/.test(text[b - 1] as string)) b--;
  if (b === from || !/[\p{L}\p{N},]/u.test(text[b - 1] as string)) return -1;
  // a page's number alone is no sentence to run on
  let f = from;
  while (f < b && /\s/.test(text[f] as string)) f++;
  if (b - f <= 12 && PAGE_NUMBER.test(text.slice(f, b))) return -1;
  let a = at;
  while (a < end && /\s/.test(text[a] as string)) a++;
  // the number of the page the sentence ran over ("… and without" ⏎⏎ "limiting any other" ⏎⏎ "5" ⏎⏎ "conditions …")
  const page = PAGE_NUMBER_LINE.exec(text.slice(a, Math.min(end, a + 40)));
  if (page) {
    a += page[0].length;
    while (a < end && /\s/.test(text[a] as string)) a++;
  }
  return a < end && /\p{Ll}/u.test(text[a] as string) ? a : -1;
}
/** A page's number as printed alone: "5", "- 5 -", "Page 5". */
const PAGE_NUMBER = /^\s*(?:page\s+)?-?\s*\d{1,4}\s*-?\s*$/i;
/** A line holding only a page's number, up to its line break. */
const PAGE_NUMBER_LINE = /^(?:page\s+)?-?[ \t]*\d{1,4}[ \t]*-?[ \t]*(?=\n)/i;

/** Groups consecutive sentences into windows of at most `maxChars` (a longer single sentence stands alone). */
export function windows(sentences: Range[], maxChars: number): Range[] {
  const out: Range[] = [];
  let cur: Range | null = null;
  for (const r of sentences) {
    if (cur && r.end - cur.start <= maxChars) cur.end = r.end;
    else {
      if (cur) out.push(cur);
      cur = { start: r.start, end: r.end };
    }
  }
  if (cur) out.push(cur);
  return out;
}
