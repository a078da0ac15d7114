import { AMENDING_ROLES } from "./amendment-answer.ts";
import { citeAs } from "./evidence.ts";
import type { ScoredCandidate } from "./evidence-model.ts";

/**
 * Amending sentences that carry no text (issue #16, item 2: citations a lawyer can check). "The text of
 * Section 2. A. and B. of the Agreement is hereby deleted in its entirety and the following language is
 * inserted in its stead: [***]": a filing that redacts the new text tells the reader that the provision
 * changed, not what it now says. Cited beside an answer, such a sentence states no term in force: it is
 * named in a note (the provision was amended, its new wording is not in the filing), not quoted as the
 * answer. Alone, it is the only trace of the change the extract holds, and stays.
 */

/** Words by which a sentence itself changes a text: deleted, replaced, inserted, substituted, amended, "to read". */
const CHANGES_TEXT =
  /\b(?:amend(?:s|ed)?|delet(?:e|es|ed)|replac(?:e|es|ed)|insert(?:s|ed)?|substitut(?:e|es|ed)|restat(?:e|es|ed)|add(?:s|ed)?)\b|\b(?:shall|to|will)\s+(?:now\s+)?read\b/i;

/** The lead-in new text follows: "… in its stead:", "… to read as follows:", "… with the following:". */
const NEW_TEXT_LEAD_IN =
  /(?:\bas follows|\bto read|\bin (?:its|their) stead|\b(?:with|by) the following(?:\s+[a-z]+){0,2}|\bthe following(?:\s+[a-z]+){0,2})\s*:/gi;

/**
 * A mark that stands for text the filer withheld: "[***]", "[*]", "*****", "[REDACTED]", "[Omitted]",
 * "[Confidential Treatment Requested]", "[CONFIDENTIAL PORTION OMITTED]".
 */
const REDACTION =
  /\[\s*\*+\s*\]|\*{3,}|\[[^\]\n]{0,60}?\b(?:redacted|omitted|confidential)\b[^\]\n]{0,60}\]|<\s*redacted\s*>/gi;

const REDACTED = new RegExp(REDACTION.source, "i");

/** The first block of text (up to a blank line) of `text`, leading space skipped. */
function firstBlock(text: string): string {
  const body = text.replace(/^\s+/, "");
  const gap = body.search(/\n[ \t]*\n/);
  return gap < 0 ? body : body.slice(0, gap);
}

/**
 * Whether an amending instrument's sentence changes a text and withholds the new one: it amends in its
 * own words and ends on a lead-in ("… inserted in its stead:"), and what the lead-in introduces (the rest
 * of the sentence, else the first block of its passage after it) is only redaction marks. A lead-in
 * followed by the new text, or an amendment whose own words carry the term ("is hereby amended to
 * extend the term to five years"), is not: it states what is in force.
 */
export function statesNoNewText(c: Pick<ScoredCandidate, "item" | "start" | "end" | "text">): boolean {
  if (!AMENDING_ROLES.has(c.item.role) || !CHANGES_TEXT.test(c.text)) return false;
  const leadIns = [...c.text.matchAll(NEW_TEXT_LEAD_IN)];
  const last = leadIns.at(-1);
  if (last === undefined) return false;
  const inSentence = c.text.slice(last.index + last[0].length);
  const after = c.item.text.slice(Math.max(0, c.end - c.item.start));
  const introduced = /[A-Za-z0-9]/.test(inSentence.replace(REDACTION, ""))
    ? inSentence
    : firstBlock(`${inSentence}${after}`);
  return REDACTED.test(introduced) && !/[A-Za-z0-9]/.test(introduced.replace(REDACTION, ""));
}

/**
 * The cited sentences without those that carry no text (`statesNoNewText`), each named in a note, when
 * another sentence is cited beside them; all of them, unchanged, when nothing else is. `notes`: notes
 * already made, kept first.
 */
export function setAsideBlankEdits<T extends Pick<ScoredCandidate, "item" | "start" | "end" | "text">>(
  cited: readonly T[],
  notes: readonly string[] = [],
): { kept: T[]; notes: string[] } {
  const blank = cited.filter((c) => statesNoNewText(c));
  if (blank.length === 0 || blank.length === cited.length) return { kept: [...cited], notes: [...notes] };
  const named = [...new Set(blank.map((b) => citeAs(b.item)))].map(
    (name) =>
      `Amended, new text not in the filing: ${name} replaces text with wording the filing withholds; not cited as a term in force.`,
  );
  return { kept: cited.filter((c) => !blank.includes(c)), notes: [...notes, ...named] };
}
