import { featureWords } from "@lexnav/retrieval";
import { placeOf } from "./evidence.ts";
import { type Candidate, plainAsk } from "./evidence-model.ts";

/**
 * A value the form leaves blank (issue #16: silence decided by evidence). Many filed agreements and most
 * NDA templates are forms: "(2) [ ], a company incorporated in [England and Wales] (registration number )
 * having its registered office at [………]", "DATE: [ …… ]". A sentence that holds the words a question asks
 * the value of, with the place for the value left empty, states that the parties did not fill it in. Cited
 * as the answer to "What is the recipient's registration number?", it reads as if the documents said; the
 * honest answer is that they do not. Redaction marks ("[***]") are not blanks: the value exists and the
 * filer withheld it (`blank-edit.ts`).
 */

/**
 * A part of a question that asks for a value (not whether): what, which, who, whose, when, where, how much,
 * many, long, or a request to state, give, name or identify it ("Please state the registration number").
 */
const ASKS_VALUE =
  /^\s*(?:(?:and|so|then|also)\s+)?(?:what(?:['’]s)?|which|who(?:se|m)?|when|where|how\s+(?:much|many|long)|(?:please\s+)?(?:state|give|tell\s+me|name|identify|provide)\b)\b/i;
/** A question asked yes or no opens with an auxiliary: what follows its commas qualifies it, it asks nothing. */
const ASKS_WHETHER = /^\s*(?:is|are|was|were|does|do|did|can|could|may|might|must|shall|should|will|would|has|have)\b/i;

/**
 * Whether `question` asks for a value: its first words do, or, when it is not asked yes or no, the first words
 * after a phrase it opens with and sets off by a comma, a colon or a dash ("Under the NDA, what is …", "The
 * recipient's registration number — what is it?").
 */
export function asksValue(question: string): boolean {
  if (ASKS_VALUE.test(question)) return true;
  if (ASKS_WHETHER.test(question)) return false;
  return question
    .split(/[,:;]\s+|\s+[—–]\s*|\s+-\s+/)
    .slice(1)
    .some((part) => ASKS_VALUE.test(part));
}

/**
 * A form's blank, the place for a value or a party left empty: brackets or parentheses with nothing but
 * space, dots or a bullet in them ("[ ]", "[……]", "( )"), a rule of underscores. Not a bare row of dots:
 * a table of contents leads its headings to page numbers with them.
 */
export const BLANK = String.raw`(?:\[[\s.…_●•]*\]|\(\s*[.…_]*\s*\)|_{3,})`;
/** After the words asked: a label's "No." or colon, or "shall be", "is", "of", then a blank. */
const BLANK_AFTER = new RegExp(
  String.raw`^\s*(?:(?:no\.?|nr\.?|number|#)\s*)?(?:[:#]|(?:shall|will)\s+be\b|is\b|of\b|equal\s+to\b)?\s*${BLANK}`,
  "i",
);
/** A ticked box: "[X]", "[x]", "[✓]", "☒". */
const TICKED = /\[\s*[xX✓✔]\s*\]|[☒☑]/;
/** A label inside parentheses with nothing after it: "(registration number )". */
const EMPTY_LABEL_CLOSE = /^\s*\)/;
const LABEL_OPEN = /\(\s*$/;

/** A party's designation the sentence defines, capitalised as drafting writes it: (the “Recipient”), (“ The Discloser “). */
const DESIGNATION = /[“"]\s*(?:[Tt]he\s+)?([A-Z][\p{L}]+(?:\s+[A-Z][\p{L}]+){0,3})\s*[”"“]/gu;

/**
 * Where `c` holds the words `question` asks the value of with the place for the value left blank: the
 * label (at least two of the question's words in a row, or one followed by a colon) and then a blank, or a
 * label in parentheses closed with nothing in it. When the sentence defines parties and the question names
 * one of them, the blank must be in that party's part of the sentence (`partOf`: from the previous party's
 * close to its own designation): "(registration number )" in the recipient's lines says nothing of the
 * discloser's "(Nr 52109405)". Returns the label as the sentence words it ("registration number"); null: the
 * question asks no value, or the sentence states it.
 */
export function blankValue(question: string, c: Pick<Candidate, "text">): string | null {
  if (!asksValue(question)) return null;
  const asked = new Set(featureWords(plainAsk(question)));
  if (asked.size === 0) return null;
  const text = c.text;
  const tokens = [...text.matchAll(/[A-Za-z][A-Za-z0-9]*/g)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    word: featureWords(m[0])[0],
  }));
  const named = namedDesignations(question, text);
  for (let i = 0; i < tokens.length; ) {
    if (tokens[i]?.word === undefined || !asked.has(tokens[i]?.word as string)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < tokens.length && tokens[j + 1]?.word !== undefined && asked.has(tokens[j + 1]?.word as string)) {
      const gap = text.slice(tokens[j]?.end, tokens[j + 1]?.start);
      if (!/^\s+$/.test(gap)) break;
      j++;
    }
    const from = tokens[i]?.start as number;
    const to = tokens[j]?.end as number;
    const after = text.slice(to, to + 80);
    const label = text.slice(from, to);
    const run = j - i + 1;
    // a row of boxes with one ticked ("Method: [ ] cheque [X] wire") states its value
    const blank =
      ((run >= 2 || /^\s*:/.test(after)) && BLANK_AFTER.test(after) && !TICKED.test(after)) ||
      (run >= 2 && LABEL_OPEN.test(text.slice(Math.max(0, from - 3), from)) && EMPTY_LABEL_CLOSE.test(after));
    if (blank && (named.length === 0 || partOf(text, from, to).some((d) => named.includes(d))))
      return label.replace(/\s+/g, " ").toLowerCase();
    i = j + 1;
  }
  return null;
}

/** The sentence's designations (lower case) that the question names. */
function namedDesignations(question: string, text: string): string[] {
  const words = new Set((question.toLowerCase().match(/[\p{L}]+/gu) ?? []).map((w) => w.replace(/s$/, "")));
  const out: string[] = [];
  for (const m of text.matchAll(DESIGNATION)) {
    const d = (m[1] as string).toLowerCase();
    const last = d.split(/\s+/).at(-1) as string;
    if (words.has(last.replace(/s$/, "")) && !out.includes(d)) out.push(d);
  }
  return out;
}

/**
 * The designations defined in the part of `text` around [from, to): from the previous party's close (a
 * semicolon, a list label "(2)", or the end of a designation "(the “Discloser”)") to the end of the next
 * designation, which is the part's own.
 */
function partOf(text: string, from: number, to: number): string[] {
  const before = text.slice(0, from);
  const opens = [
    before.lastIndexOf(";"),
    ...[...before.matchAll(/(?:^|\s)\(\d+\)\s/g)].map((m) => m.index),
    ...[...before.matchAll(DESIGNATION_END)].map((m) => m.index + m[0].length),
  ];
  const start = Math.max(0, ...opens);
  const rest = text.slice(to);
  const closes = [
    rest.search(/;|\s\(\d+\)\s/),
    ...[...rest.matchAll(DESIGNATION_END)].slice(0, 1).map((m) => m.index + m[0].length),
  ].filter((i) => i >= 0);
  const part = text.slice(start, closes.length === 0 ? text.length : to + Math.min(...closes));
  return [...part.matchAll(DESIGNATION)].map((m) => (m[1] as string).toLowerCase());
}

/** The end of a party's designation: its closing quote and parenthesis ("(the “Discloser”)", "(“ The Discloser “)"). */
export const DESIGNATION_END = /[”“"']\s*\)/g;

/** What of a question a form leaves blank in one of its sentences: the label ("recipient", "date") and where. */
export interface LeftBlank {
  label: string;
  sentence: Pick<Candidate, "item">;
}

/** Why a silence over sentences that leave what is asked blank is one, naming where (no text beyond the label). */
export function leftBlank(blanks: readonly LeftBlank[]): string {
  const where = blanks.map((b) => `the ${b.label} in ${placeOf(b.sentence.item)}`);
  return `the documents leave it blank: ${[...new Set(where)].join("; ")} is not filled in`;
}
