import { isInstrumentWord, parseQuestion } from "@lexnav/retrieval";

/**
 * The question with the instrument it names by kind and counterparty said as "this contract". A lawyer
 * names the instrument inside the sentence: "What is the expiration date of the supply agreement with
 * Acme Products LLC?", "Can the turn - key manufacturing agreement with INVASIX LTD. be assigned?".
 * Those words pick the contract (routing has taken them to it); none of them is asked of a clause. Read
 * word by word, the kind's qualifiers ("turn", "key") and the words of the counterparty's name that
 * contracts capitalise as terms ("Products", "Company", "Distributors") would count as words the clause
 * must state. Said as "this contract" ("What is the expiration date of this contract?"), the question
 * asks what it asks, as it reads to someone holding the contract. A question that names its instrument in
 * a leading part ("Under the supply agreement with Acme: …"), or names none by kind and counterparty, is
 * returned as asked.
 */
export function asNamedContract(question: string): string {
  if (parseQuestion(question).naming !== "" || question.length > MAX_QUESTION) return question;
  let out = "";
  let from = 0;
  for (const m of question.matchAll(KIND_WITH)) {
    const start = m.index ?? 0;
    if (start < from || !isInstrumentWord(m[2] as string)) continue;
    const nameEnd = counterpartyEnd(question, start + m[0].length);
    if (nameEnd === null) continue;
    out += `${question.slice(from, start)}this contract`;
    from = nameEnd;
  }
  if (from === 0) return question;
  return `${out}${question.slice(from)}`.replace(/\s+([?.,;:])/g, "$1").replace(/\s{2,}/g, " ");
}

/** Longer texts are read as asked: a question is a sentence or two. */
const MAX_QUESTION = 1000;

// "the", up to eight words that are not "the" (the kind's qualifiers: "exclusive license and product
// development"), the instrument's noun, "with": the start of a naming by kind and counterparty.
const KIND_WITH = /\bthe\s+((?:(?!the\b)[\w'’&./-]+\s+){0,8}?)([A-Za-z-]+?)s?\s+with\s+/gi;

/** Words inside a company's name that are not capitalised: "Research and Engineering Company", "d/b/a". */
const NAME_CONNECTORS = new Set(["and", "of", "the", "&", "d/b/a", "de", "du", "-"]);

/** A word of a name: a capital or digit first, or one inside ("iMine"), or a connector. */
const nameWord = (w: string) => /^[\p{Lu}\p{N}]|^\p{Ll}+[\p{Lu}\p{N}]/u.test(w);

/**
 * Where the counterparty named at `at` ends ("Acme Products LLC", "EHAVE, INC.", "NATIONAL FOOTBALL
 * MUSEUM, INC. d/b/a Pro Football Hall of Fame"): after its last name word, connectors inside it kept,
 * a trailing one given back. Null when no name starts there ("with respect to", "with consent").
 */
function counterpartyEnd(text: string, at: number): number | null {
  let end: number | null = null;
  for (const m of text.slice(at, at + 300).matchAll(/\S+/g)) {
    const word = m[0].replace(/[,;:?!]+$/, "");
    const bare = word.replace(/\.$/, "");
    if (nameWord(bare)) end = at + (m.index ?? 0) + word.length;
    else if (end === null || !NAME_CONNECTORS.has(bare.toLowerCase())) break;
    // a name runs on past the comma of "EHAVE, INC.", not past the sentence's mark
    if (/[;:?!]$/.test(m[0])) break;
  }
  return end;
}
