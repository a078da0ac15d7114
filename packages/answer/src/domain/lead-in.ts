/**
 * A lead-in and what it introduces. "The fee shall be apportioned as follows:", "Section 13.10 is added
 * as set forth below:", "Section 5 is amended to read as follows." say nothing by themselves: the list
 * items, table rows or quoted replacement text after them are the provision. A lead-in is quoted with
 * what it introduces, up to the end of that unit: the closing quotation mark of quoted text, or else the
 * next numbered clause label, and never more than a page (the bound the caller gives).
 */

/**
 * A sentence that introduces what follows it: it ends in a colon, or in "as follows", "set forth below",
 * "set out below", "the following" (a full stop or nothing after).
 */
const LEAD_IN =
  /(?::|\b(?:as follows|(?:set forth|set out|provided|specified) (?:below|hereunder)|the following))[ \t]*[:.]?[ \t]*$/i;

/** Whether a sentence is a lead-in: it ends by introducing what follows it. */
export function isLeadIn(sentence: string): boolean {
  return LEAD_IN.test(sentence.trimEnd());
}

/** The words that say what follows completes the sentence: "as follows", "set forth below", "the following". */
const INTRODUCING =
  /\b(?:as follows|(?:set forth|set out|provided|specified) (?:below|hereunder)|the following)[ \t]*[:.]?$/i;

/**
 * Whether a lead-in says in words that what follows completes it ("... shall be apportioned as follows:"),
 * not only by a colon: "Upon termination:" heads items that each stand alone.
 */
export function introducesInWords(sentence: string): boolean {
  return INTRODUCING.test(sentence.trimEnd());
}

/** An opening quotation mark: the introduced text is quoted (inserted or replacement wording). */
const OPENING_QUOTE = /^["“]/;
/** The end of quoted text: a closing mark right after the full stop (or semicolon) that ends its last sentence. */
const CLOSING_QUOTE = /[.;!?]["”]/g;
/**
 * A numbered clause label that starts another provision ("6. Closing", "2.4 Missed"), at a line's start
 * or run on after other text, or "Section 7" / "ARTICLE IX" at a line's start: where the introduced text
 * ends. Lettered and roman labels ("(a)", "(iv)") are the items themselves.
 */
const NEXT_CLAUSE =
  /(?:\n|(?<=\S)[ \t]+)[ \t]*(?:(?:\d+[.)]|\d+(?:\.\d+)+\.?)[ \t]+[A-Z“"])|\n[ \t]*(?:Section|ARTICLE)[ \t]+[0-9IVXL]+\b/g;
/**
 * A line of prose of its own after an item that ended (on ".", ";", ":", or "; and" / "; or"): no item
 * label, no table row, a long line that ends a sentence. The items are over; the provision goes on.
 */
const PROSE_PARAGRAPH =
  /(?<=[.;:](?:[ \t]+(?:and|or))?)[ \t]*\n\s*(?![(•*–-]|[0-9]+[.)]|[a-zA-Z]{1,4}[.)][ \t])(?=[^\n]{88,}[a-z]{2}[.;][ \t]*(?:\n|$))(?![^\n]*(?:\t| {3})\S)/g;

/** The label a provision opens with, by its form: "(a)", "(iv)", "(A)", "(1)", "B.", "b.". */
const OWN_LABEL: readonly [RegExp, string][] = [
  [/^\((?:[ivx]+)\)/, String.raw`\([ivx]+\)`],
  [/^\([a-z]{1,2}\)/, String.raw`\([a-z]{1,2}\)`],
  [/^\([A-Z]{1,2}\)/, String.raw`\([A-Z]{1,2}\)`],
  [/^\(\d+\)/, String.raw`\(\d+\)`],
  [/^[A-Z]\.[ \t]/, String.raw`[A-Z]\.`],
  [/^[a-z]\.[ \t]/, String.raw`[a-z]\.`],
];

/**
 * Where the next label of the lead-in's own form starts in `window` ("B." after "A. Section 13.9 is
 * amended to add the following:"), at a line's start or run on after other text; -1 when the lead-in
 * opens with no such label or none follows. A sibling clause ends what the lead-in introduces, quoted or not.
 */
function siblingLabel(leadIn: string, window: string): number {
  const form = OWN_LABEL.find(([own]) => own.test(leadIn.trimStart()))?.[1];
  if (form === undefined) return -1;
  const m = new RegExp(String.raw`(?:\n|(?<=\S)[ \t]+)[ \t]*${form}[ \t]+[A-Z“"]`).exec(window.slice(1));
  return m ? m.index + 1 : -1;
}

/**
 * The end (an offset into `text`) of what the lead-in `[s, e)` introduces, or null when nothing follows
 * it there: quoted text runs to its closing quotation mark; other text (list items, the rows of a table
 * flattened onto one line) to the next numbered clause label or line of prose after an item; either stops at the
 * next label of the lead-in's own form, and is cut back to a line or sentence end when it would run
 * past `max` characters from `e` (a page). Trailing whitespace is left out.
 */
export function introducedEnd(text: string, s: number, e: number, max: number): number | null {
  const lead = /^\s*/.exec(text.slice(e, e + max))?.[0].length ?? 0;
  const from = e + lead;
  if (from >= text.length || lead >= max) return null;
  const window = text.slice(from, Math.min(text.length, e + max));
  const sibling = siblingLabel(text.slice(s, e), window);
  const stops = sibling < 0 ? [] : [sibling];
  if (OPENING_QUOTE.test(window)) {
    CLOSING_QUOTE.lastIndex = 1;
    const close = CLOSING_QUOTE.exec(window);
    if (close && (sibling < 0 || close.index < sibling)) return from + close.index + 2;
  } else {
    // the first item may itself be numbered ("1. The Parties agree ..."): the next label after it ends the run
    NEXT_CLAUSE.lastIndex = 1;
    PROSE_PARAGRAPH.lastIndex = 1;
    for (const m of [NEXT_CLAUSE.exec(window), PROSE_PARAGRAPH.exec(window)]) if (m) stops.push(m.index);
  }
  let stop = stops.length > 0 ? Math.min(...stops) : window.length;
  if (stops.length === 0 && from + window.length < text.length) {
    // cut short by the bound: back to the last line end, or the last sentence end, inside it
    const line = window.lastIndexOf("\n");
    const sentence = Math.max(window.lastIndexOf(". "), window.lastIndexOf("; "));
    stop = line > 0 ? line : sentence > 0 ? sentence + 1 : 0;
  }
  const body = window.slice(0, stop).trimEnd();
  return body.length > 0 ? from + body.length : null;
}
