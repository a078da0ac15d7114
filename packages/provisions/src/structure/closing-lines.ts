import type { Line } from "./toc.ts";

/**
 * A close the parties sign under without a testimonium ("IN WITNESS WHEREOF"): "Agreed this 29th day of
 * December, 2022.", "Accepted and agreed:", "AGREED AND ACCEPTED as of the date first written above",
 * "Acknowledged and agreed by:". Bounded quantifiers only: a line is matched in linear time.
 */
const RE_CLOSE =
  /^(?:(?:accepted|acknowledged)\s+(?:and|&)\s+agreed|agreed\s+(?:and|&)\s+(?:accepted|acknowledged)|agreed\b[^\n]{0,40}?\bthis\b[^\n]{0,30}?\bday\s+of\b)/i;
/** A close is a short line of its own, not a sentence of the body that happens to start with "Agreed". */
const MAX_CLOSE_CHARS = 160;
/** A signatory's rows: "By: ____", "By: | By:", "BY: /s/ Jane Roe"; then "Name: …" and "Title: …". */
const RE_BY = /^(?:By|BY)\s*(?::|\||_{2,}|\/s\/)/;
const RE_NAME_OR_TITLE = /^(?:(?:Print(?:ed)?\s+)?(?:Name|NAME)|Title|TITLE|Its|ITS)\s*:/;
/** How many lines after "By:" its "Name:" / "Title:" row may come. */
const BY_RUN = 4;
/** A signatory's name printed above "By:" ("ACME HOLDINGS, INC."): short, in capitals. */
const MAX_PARTY_CHARS = 80;

/** Any row of a signature block: "By:", "Name:", "Title:", "Its:", "Date:", a conformed "/s/". */
const RE_SIGNATORY_ROW =
  /^(?:(?:By|BY)\s*(?::|\||_{2,}|\/s\/)|(?:(?:Print(?:ed)?\s+)?(?:Name|NAME)|Title|TITLE|Its|ITS|Date|DATE)\s*:|\/s\/)/;
/** How many other lines may come between two rows of one signature block. */
const ROW_GAP = 3;
/** How many lines after a close its first signatory row may come (the party's name, a blank "By"). */
const CLOSE_TO_ROWS = 8;

/** The signature block's lines, from the line it opens at to its last signatory row (indices into `lines`). */
export interface SignatureLines {
  from: number;
  to: number;
}

/**
 * The signature block that line `li` opens when it closes the body without a testimonium, or null. A
 * close line ("Agreed this … day of …") opens it when signatory rows follow; a run of "By:" then "Name:"
 * or "Title:" rows opens it at the signatory's name printed in capitals just above, else at "By:". The
 * block ends at its last signatory row: what follows is not signature. The caller asks only once the
 * body has begun.
 */
export function signatureAt(lines: readonly Line[], li: number): SignatureLines | null {
  const line = lines[li];
  if (line === undefined || line.text.length === 0) return null;
  if (line.text.length <= MAX_CLOSE_CHARS && RE_CLOSE.test(line.text)) {
    const first = nextRow(lines, li, CLOSE_TO_ROWS);
    return first === null ? null : { from: li, to: lastRow(lines, first) };
  }
  if (!RE_BY.test(line.text)) return null;
  const named = nextRow(lines, li, BY_RUN, RE_NAME_OR_TITLE);
  return named === null ? null : { from: partyAbove(lines, li), to: lastRow(lines, named) };
}

/** The first line matching `row` within `within` non-blank lines after `li`, or null. */
function nextRow(lines: readonly Line[], li: number, within: number, row = RE_SIGNATORY_ROW): number | null {
  let seen = 0;
  for (let j = li + 1; j < lines.length && seen < within; j++) {
    const t = (lines[j] as Line).text;
    if (t.length === 0) continue;
    seen++;
    if (row.test(t)) return j;
  }
  return null;
}

/** The last signatory row of the block whose row `row` is: rows follow one another with few lines between. */
function lastRow(lines: readonly Line[], row: number): number {
  let last = row;
  for (let next = nextRow(lines, last, ROW_GAP + 1); next !== null; next = nextRow(lines, last, ROW_GAP + 1))
    last = next;
  return last;
}

/** The signatory's name printed in capitals just above "By:" ("ACME HOLDINGS, INC."), else "By:" itself. */
function partyAbove(lines: readonly Line[], li: number): number {
  for (let j = li - 1; j >= 0; j--) {
    const t = (lines[j] as Line).text;
    if (t.length === 0) continue;
    return capitalsLine(t, 2) ? j : li;
  }
  return li;
}

/**
 * A short line in capitals, with a run of at least `run` capitals: a signatory's name ("ACME HOLDINGS, INC.")
 * or a heading ("TERMS AND CONDITIONS").
 */
function capitalsLine(t: string, run: 2 | 3): boolean {
  return t.length <= MAX_PARTY_CHARS && (run === 2 ? /\p{Lu}{2}/u : /\p{Lu}{3}/u).test(t) && !/\p{Ll}/u.test(t);
}

/** Whether a signatory row ("By:", "Name:", "Title:", "/s/") is among lines `from` (inclusive) to `to` (exclusive). */
export function signedBetween(lines: readonly Line[], from: number, to: number): boolean {
  for (let j = Math.max(0, from); j < to && j < lines.length; j++)
    if (RE_SIGNATORY_ROW.test((lines[j] as Line).text.trim())) return true;
  return false;
}

/**
 * The heading printed just above line `li` ("TERMS AND CONDITIONS"), after line `after`: the nearest non-blank
 * line, when it is short, in capitals and no signatory row; else null.
 */
export function capitalsHeadingAbove(lines: readonly Line[], li: number, after: number): Line | null {
  for (let j = li - 1; j > after; j--) {
    const line = lines[j] as Line;
    const t = line.text.trim();
    if (t.length === 0) continue;
    return capitalsLine(t, 3) && !RE_SIGNATORY_ROW.test(t) ? line : null;
  }
  return null;
}
