/**
 * Shapes of a defined term that the reading of a term asked about (`term-asked.ts`) takes besides a quoted or
 * fully capitalised term.
 *
 * - A plural marker drafted onto the term: “Third Party(ies)”, “Product(s)”, “Licensee(s)” define the singular
 *   and the plural at once; asked "Who is a third party …", the term is "Third Party".
 * - A capitalised term the question continues past in plain words: "What are the Costs Medica has to document
 *   under …" asks about "Costs" (the words after are a relative clause, not part of the term), as "What are the
 *   Securities Streeterville bought …" asks about "Securities".
 */

/** A plural marker attached to a word: "(s)", "(es)", "(ies)". */
const PLURAL_MARKER = /(?<=\p{L})\((?:s|es|ies)\)/gu;

/** `term` without the plural markers drafted onto its words: "Third Party(ies)" → "Third Party". */
export function withoutPluralMarker(term: string): string {
  return term.replace(PLURAL_MARKER, "");
}

/** A capitalised word (or a capitals abbreviation) of a defined term. */
const CAPITAL_WORD = /^[\p{Lu}][\p{L}\p{N}.&'’/-]*$/u;
/** Words that join a defined term's capitalised words: "Change of Control", "Terms and Conditions". */
const JOINER = /^(?:of|and|the)$/;
/**
 * Words after a capitalised run that make the run the subject of a duty or a permission, not a term asked about:
 * "What is Medica required to do …", "What is the Company entitled to …".
 */
const SUBJECT_OF =
  /^(?:required|obligated|obliged|permitted|allowed|entitled|able|liable|responsible|bound|supposed|expected|going|prohibited|restricted|deemed)$/i;
/** The words at which the caller (`definition-answer.ts`, TERM_END) already ends a term, or a punctuation mark. */
const PREPOSITION = /^(?:in|under|of|for|per|as|to|and|or|[,;:—–].*)$|^[,;:—–]/;
/** How many words of a leading capitalised run are read. */
const LEAD_WORDS = 6;

/**
 * The terms a question phrase opens with when it opens with capitalised words and goes on in lower case:
 * each start of that run that ends on a capitalised word ("Costs Medica has to document" → "Costs",
 * "Costs Medica"), shortest first. Empty when the phrase does not open with a capital or is capitalised
 * throughout (the caller reads that whole phrase), when a word of the run is possessive ("Reed's"), or when
 * the run is the subject of a duty asked about ("Medica required to …").
 */
export function leadingCapitalisedTerms(phrase: string): string[] {
  const words = phrase
    .slice(0, 400)
    .replace(/[\s?.!]+$/, "")
    .trim()
    .split(/\s+/)
    .slice(0, LEAD_WORDS + 1);
  const out: string[] = [];
  let i = 0;
  for (; i < words.length && i < LEAD_WORDS; i++) {
    const w = words[i] as string;
    if (CAPITAL_WORD.test(w)) {
      if (/['’]s?$/.test(w)) return [];
      out.push(words.slice(0, i + 1).join(" "));
    } else if (!(i > 0 && JOINER.test(w))) break;
  }
  // a run that reaches the phrase's end is the phrase itself: nothing more to read
  // a preposition after the run ends the term where the caller reads it already ("Closing Date under …")
  const next = words[i] ?? "";
  if (i === 0 || i >= words.length || SUBJECT_OF.test(next) || PREPOSITION.test(next)) return [];
  return out;
}
