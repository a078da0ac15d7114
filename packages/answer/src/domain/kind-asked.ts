import { parseQuestion } from "@lexnav/retrieval";
import type { ScoredCandidate } from "./evidence-model.ts";
import { introducesInWords } from "./lead-in.ts";
import { firstItemOf } from "./lead-in-decision.ts";
import { questionAsks } from "./multi-ask.ts";
import { NUMBER_WORD } from "./number-words.ts";
import { inTiers, isNotOperative, RERANK_WINDOW } from "./operative-first.ts";

/**
 * What a question's answer is, when its asking words say so: the agreement's own term ("When does this
 * contract expire?", "How long does the licence run?"), a time ("By when must …", "How long do the
 * obligations last?"), the notice to give ("How much notice …"), an amount ("How much …", "At what
 * rate …", "What fee …", "What is her base salary?", "What compensation do the directors get?"), or the
 * law that governs ("Which law governs this contract?").
 */
export type AskedKind = "term" | "time" | "notice" | "amount" | "law";

/** A question asks which law governs: "Which (state's) law …", "What law applies …", "the governing law", "governed by". */
export const LAW_ASKED =
  /\b(?:which|what)\s+(?:[\w'’]+\s+){0,2}?laws?\b|\bgoverning\s+law\b|\blaws?\s+govern|\bgoverned\s+by\b|\bchoice\s+of\s+law\b/i;
const NOTICE_ASKED = /\bhow\s+much\s+(?:notice|time)\b|\bwhat\s+notice\b|\bnotice\s+period\b/i;
/**
 * An amount asked: "how much", "what price / fee / rate …" (at most two words between: "What is the interest rate?"
 * asks for the interest clause, a formula), and "what is the … price / amount" however qualified ("the aggregate
 * purchase price", "the combined face amount"), not the date, period or mechanism of one.
 */
const AMOUNT_ASKED =
  /\bhow\s+(?:much|large|big)\b|\bwhat\s+(?:\w+\s+){0,2}?(?:price|rate|fee|amount|royalt(?:y|ies)|sum|cost|percentage|size)s?\b|\bwhat\s+(?:is|was|are|were|will\s+be)\s+the\s+(?:[\w'’-]+\s+){0,3}?(?:price|amount)s?\b(?!\s+(?:date|period|adjustments?|mechanism|formula|allocation)\b)|\bwhat\s+(?:[\w'’-]+\s+){0,5}?(?:salar(?:y|ies)|bonus(?:es)?|wages?|compensation|retainer)\b|\bhow\s+many\s+(?:dollars|shares)\b/i;
/** The agreement (or "it") ending, running or lasting; a renewal asks for the renewal's time instead. */
const TERM_ASKED =
  /\b(?:when|how\s+long)\s+(?:does|will|do|is|did)\s+(?:[\w'’&./-]+\s+){0,7}?(?:agreement|contract|licen[cs]e|lease|nda|term|it)\b[^?]{0,40}?\b(?:expire|end|run|last|terminate|continue)|\bwhat\s+is\s+the\s+(?:(?:\w+\s+)?(?:term|duration)|(?:expiration|expiry|termination|end)\s+date)\s+of\b/i;
/** "When …", "By when …", "At what point …": asked as a moment (`states-the-ask.ts` reads how drafting gives one). */
export const WHEN_ASKED =
  /^\s*(?:by\s+|until\s+|from\s+)?when\b|\bby\s+when\b|^\s*(?:at|from|by|until)\s+what\s+(?:point|time|stage|moment)\b/i;
const TIME_ASKED = new RegExp(
  String.raw`\bhow\s+long\b|${WHEN_ASKED.source}|\bhow\s+(?:soon|many\s+(?:days|weeks|months|years))\b|\bwhat\s+(?:\w+\s+){0,3}?(?:deadline|period|date)\b`,
  "i",
);

/**
 * The kind of answer a question asks for, read from its first ask (a question that asks two things is
 * also decided ask by ask, `multi-ask.ts`) without the part that names the instrument; null when its
 * words do not say.
 */
export function askedKind(question: string): AskedKind | null {
  const ask = parseQuestion(questionAsks(question)[0] ?? question).ask;
  if (LAW_ASKED.test(ask)) return "law";
  if (NOTICE_ASKED.test(ask)) return "notice";
  if (AMOUNT_ASKED.test(ask)) return "amount";
  if (!/renew/i.test(ask) && TERM_ASKED.test(ask)) return "term";
  if (TIME_ASKED.test(ask)) return "time";
  return null;
}

const NUMBER = String.raw`(?:\d{1,3}(?:[,.]\d{1,3}){0,4}|${NUMBER_WORD})`;
const UNIT = String.raw`(?:business\s+|calendar\s+|consecutive\s+)?(?:days?|weeks?|months?|years?|quarters?)`;
const MONTH = "(?:January|February|March|April|May|June|July|August|September|October|November|December)";
/** A period or a date as drafting writes one: "thirty (30) days", "1-year", "December 31, 2004", "the end of the calendar year". */
const TIME = new RegExp(
  [
    String.raw`\b${NUMBER}\s*(?:\(\d{1,4}\)\s*)?(?:-\s*)?${UNIT}\b`,
    String.raw`\b${MONTH}\s+\d{1,2}\b`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?${MONTH}\b`,
    String.raw`\b${MONTH},?\s+\d{4}\b`,
    String.raw`\b\d{1,2}/\d{1,2}/\d{2,4}\b`,
    String.raw`\bend\s+of\s+(?:the|each|any)\s+(?:\w+\s+){0,2}?(?:year|quarter|month|term)\b`,
    String.raw`\banniversary\b`,
    // a period bounded by events: "commencing upon the Effective Date and terminating as of the Closing"
    String.raw`\b(?:commencing|beginning|starting)\b[^.;]{0,200}?\b(?:ending|terminating|expiring|until)\b`,
  ].join("|"),
  "i",
);
/**
 * A figure the filer redacted ("[***]", "[* * *]", "****", "[**]"): filings to the SEC omit prices, periods and
 * volumes under confidential treatment, marking where each stood. The mark states that a figure is there.
 * (Bounded runs, so a long run of stars or brackets is read in linear time.)
 */
const REDACTED = String.raw`(?:\[\s{0,3}\*(?:\s{0,3}\*){1,8}\s{0,3}\]|(?<!\*)\*{3,12}(?!\*))`;
/** A redacted period: the mark before a unit ("[***] days"), or after "period(s) of", "term of", "for", "within". */
const REDACTED_TIME = new RegExp(
  String.raw`${REDACTED}\s*(?:\(\s*${REDACTED}?\s*\)\s*)?${UNIT}\b|\b(?:periods?|terms?|for|within|extended\s+by|at\s+least)\s+(?:of\s+)?(?:an?\s+additional\s+|additional\s+)?${REDACTED}`,
  "i",
);
/** A redacted sum: the mark after a currency or before a percentage or "dollars", or as a fee, price or rate. */
const REDACTED_AMOUNT = new RegExp(
  String.raw`[$€£¥]\s*${REDACTED}|${REDACTED}\s*(?:%|percent|per\s*cent|dollars)|\b(?:price|fee|rate|royalty|amount|sum|charge)s?\s+(?:of|equal\s+to|shall\s+be|is)\s+${REDACTED}`,
  "i",
);

/** Money or a share: a currency, "dollars", a percentage, or "the price … shall be". */
const AMOUNT =
  /[$€£¥]|\b(?:U\.?S\.?\s*)?dollars?\b|\b(?:USD|EUR|GBP)\b|\d\s*%|\bper\s*cent\b|\bpercent(?:age)?\b|\b(?:price|fee|rate|royalty|charge)s?\b[^.;]{0,40}\b(?:shall|will)\s+be\b/i;
/** How a governing-law clause names its law: governed by, construed … in accordance with the laws, the laws of the State of. */
const LAW = /\bgoverned\s+by\b|\bconstrued\b[^.;]{0,80}\blaws?\b/i;
const LAWS_OF =
  /\blaws\s+of\s+(?:the\s+)?(?:State|Commonwealth|Province|Republic|[A-Z][a-z]+)|\bLAWS\s+OF\s+THE\s+(?:STATE|COMMONWEALTH)\b/;
/**
 * How a term clause says how long the instrument lasts: it shall continue / remain in effect / expire …, or a
 * second verb of one subject ("shall begin as of the Effective Date and continue until Acceptance of …").
 */
const TERM_VERB =
  /\b(?:shall|will|and)\s+(?:continue|remain\s+in|be\s+in\s+(?:full\s+)?(?:force|effect)|expire|end|terminate(?:\s+automatically)?|have\s+a\s+term)\b/gi;
const TERM_SUBJECT = /\b(?:agreement|contract|amendment|licen[cs]e|lease|term)\b/gi;
const TERM_EXTENT = /\b(?:until|through|on|for|at|of|from|perpetual(?:ly)?|indefinitely)\b/i;
/**
 * A term of something the instrument provides for, not of the instrument: "the Maintenance Term", "each
 * Support Term" (a capitalised name before "Term" other than the instrument's own "Initial", "Renewal" …).
 */
const OTHER_TERM =
  /\b(?!(?:This|The|Such|Each|Any|Initial|Original|Renewal|Extended|Extension|Additional|Current|Agreement|Contract|License|Licence|Lease)\b)[A-Z][a-z]+\s+Term$/;

/**
 * How a sentence states how long something runs: its subject the instrument or its term, a term verb,
 * then when. "own" when the subject is the instrument or its own term; "other" when it is the term of
 * something it provides for ("the Maintenance Term shall continue for twelve months"); null otherwise.
 */
function termStated(text: string): "own" | "other" | null {
  let found: "own" | "other" | null = null;
  for (const m of text.matchAll(TERM_VERB)) {
    const at = m.index ?? 0;
    const before = text.slice(Math.max(0, at - 200), at);
    const after = text.slice(at + m[0].length, at + m[0].length + 160);
    const subject = [...before.matchAll(TERM_SUBJECT)].at(-1);
    if (!subject || !TERM_EXTENT.test(after)) continue;
    const other = OTHER_TERM.test(before.slice(0, (subject.index ?? 0) + subject[0].length));
    if (!other) return "own";
    found = "other";
  }
  return found;
}

/** Whether a sentence states how long the instrument, or a term it provides for, runs (`termStated`). */
function statesTerm(text: string): boolean {
  return termStated(text) !== null;
}

/** Giving notice, as drafting words it: notice, notify, notification, inform. */
const NOTIFIES = /\b(?:noti(?:ce|fy|fies|fied|fying|fication)|inform(?:s|ed|ing)?)\b/gi;

/** Whether a sentence states notice of a period: "written notice of at least 3 months", "ninety (90) days' notice". */
function statesNotice(text: string): boolean {
  for (const m of text.matchAll(NOTIFIES)) {
    const at = m.index ?? 0;
    const around = text.slice(Math.max(0, at - 60), at + 86);
    if (TIME.test(around) || REDACTED_TIME.test(around)) return true;
  }
  return false;
}

/** Whether a sentence states the kind of answer asked. */
export function statesKind(kind: AskedKind, text: string): boolean {
  switch (kind) {
    case "term":
      return statesTerm(text);
    case "time":
      return TIME.test(text) || REDACTED_TIME.test(text);
    case "notice":
      return statesNotice(text);
    case "amount":
      return AMOUNT.test(text) || REDACTED_AMOUNT.test(text);
    case "law":
      return LAW.test(text) || LAWS_OF.test(text);
  }
}

/** The term a definition sentence defines ("“Fee Holiday” means the period of six months …"), or null. */
const DEFINED = /^\s*["“]([^"”]{2,80})["”]\s+(?:means|shall\s+mean|has\s+the\s+meaning)\b/i;

/**
 * A definition of a term the question does not name: it says what the term means, not when or how much
 * the asked provision is, though its words may hold a period ("the period of six months after the
 * closing date"). A definition of the term asked ("What is the Maturity Date?") still states it.
 */
function definesAnother(text: string, question: string): boolean {
  const term = DEFINED.exec(text.slice(0, 200))?.[1];
  return term !== undefined && !question.toLowerCase().includes(term.toLowerCase());
}

/**
 * The date that names an instrument ("the Credit Agreement dated as of March 3, 2022"): it identifies
 * the agreement referred to, and is no time the asked provision states.
 */
const NAMING_DATE = new RegExp(
  String.raw`\bdated(?:\s+as\s+of)?\s+(?:${MONTH}\s+\d{1,2},?\s+\d{4}|the\s+\d{1,2}(?:st|nd|rd|th)?\s+day\s+of\s+${MONTH},?\s+\d{4})`,
  "gi",
);

/**
 * The decision's best candidates with those that state the kind of answer asked first: a question that
 * asks how long the agreement runs is answered by its term clause, not by a clause that names its
 * expiry; one that asks how much, by a sentence that states an amount, not by one that grants the
 * option to pay it. Recitals, page furniture, signature lines and headings state nothing (a filing
 * stamp's date is no answer to "when"). Each slot keeps its probability, as in `operativeFirst`: whether
 * the decision answers and how many sentences it cites do not move. Nothing moves when the first
 * candidate already states the kind, or none does.
 */
export function kindAskedFirst(question: string, scored: readonly ScoredCandidate[]): ScoredCandidate[] {
  const kind = askedKind(question);
  if (!kind) return [...scored];
  const head = scored.slice(0, RERANK_WINDOW);
  // a lead-in that introduces its item in words is read with it, as the decision reads the pair (`withFirstItem`)
  const read = (c: ScoredCandidate) => {
    const item = introducesInWords(c.text) ? firstItemOf(c, scored) : undefined;
    return item ? `${c.text} ${item.text}` : c.text;
  };
  const texts = head.map((c) => read(c).replace(NAMING_DATE, " "));
  const states = head.map(
    (c, i) =>
      !c.headingLine &&
      !isNotOperative(c.text) &&
      !definesAnother(c.text, question) &&
      statesKind(kind, texts[i] as string),
  );
  // how long the instrument runs is stated by its own term clause above the term of something it provides for
  const rank = head.map((_, i) =>
    !states[i] ? 2 : kind === "term" && termStated(texts[i] as string) === "other" ? 1 : 0,
  );
  if (rank[0] === Math.min(...rank) || !states.some(Boolean)) return [...scored];
  return inTiers(scored, (i) => rank[i] as number);
}
