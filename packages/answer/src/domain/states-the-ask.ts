import { answeringUnit } from "./answering-unit.ts";
import { amendingClause, type Candidate, plainAsk } from "./evidence-model.ts";
import { type AskedKind, askedKind, statesKind } from "./kind-asked.ts";
import { questionAsks } from "./multi-ask.ts";

/**
 * Words of an ask that name the kind of answer, not what it is about: the unit of a time ("how many days",
 * "what date", "within"), of a count or a sum ("how many", "how much"). "Within how many days must the recipient
 * return the materials?" is about a return: a termination clause's "thirty (30) days" names the unit, not
 * the return. Dropped from the words a sentence must speak of when something else is left.
 */
const UNIT_OF_ANSWER = new Set(
  "day days week weeks month months year years date dates time period within many much long".split(" "),
);

/** The words a cited sentence must speak of, without those that only say what kind of answer is asked. */
export function beyondUnits(words: readonly string[]): string[] {
  const rest = words.filter((w) => !UNIT_OF_ANSWER.has(w));
  return rest.length > 0 ? rest : [...words];
}

/**
 * A party's place of organisation ("a company existing and organized under the laws of France", "a Delaware
 * corporation incorporated under the laws of …"): the law of a party's charter, not the law that governs
 * the instrument.
 */
const ORGANISED_UNDER =
  /\b(?:organi[sz]ed|existing|incorporated|formed|registered|constituted|established)\s+(?:and\s+(?:existing|organi[sz]ed)\s+)?under\s+the\s+laws?\s+of\s+(?:the\s+)?(?:[A-Z][\w.]*\s*){1,4}/g;

/** A calendar date: "April 1, 2017", "1st day of March, 2020", "1 April 2017", "04/01/2017". */
const CALENDAR_DATE =
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?(?:January|February|March|April|May|June|July|August|September|October|November|December)\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/i;

/** "On what date …", "What date …": the ask is a day of the calendar, not a period. */
const DATE_ASKED = /^\s*(?:on\s+)?what\s+date\b/i;

/** "When …", "By when …": asked as a moment, which drafting gives by an event as often as by a date. */
const WHEN_ASKED = /^\s*(?:by\s+|until\s+|from\s+)?when\b|\bby\s+when\b/i;

/**
 * A moment drafted by an event or a defined period rather than a date: "on the Maturity Date", "upon the
 * occurrence of", "prior to the Closing", "during the Fee Holiday", "within … after receipt", or a recurrence
 * ("quarterly in arrears", "promptly"). It answers "when", not "how long" nor "on what date".
 */
const RELATIVE_TIME =
  /\b(?:on|upon|before|after|prior\s+to|following|during|until|at\s+the\s+(?:time|end)\s+of|concurrently\s+with|no\s+later\s+than|not\s+later\s+than|at\s+least)\s+(?:the\s+|each\s+|any\s+|its\s+|such\s+)?(?:[A-Z][\w-]*|occurrence|date|expiration|expiry|termination|closing|receipt|delivery|end|execution|completion|demand|request|consummation)\b|\b(?:quarterly|monthly|annually|weekly|daily|semi-?annually|promptly|immediately|forthwith)\b/;

/** A count of things ("1,000,000 shares", "ten (10) Batches"): a "how many" is answered by a number. */
const COUNT =
  /\b\d[\d,.]*\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|hundred|thousand|million|unlimited)\b/i;

/** Whether the sentence (its answering unit) states the kind of answer asked. */
function statesKindAsked(kind: AskedKind, question: string, text: string): boolean {
  switch (kind) {
    case "law":
      // a party's charter is no governing law
      return statesKind("law", text.replace(ORGANISED_UNDER, " "));
    case "amount":
      return statesKind("amount", text) || (/\bhow\s+many\b/i.test(question) && COUNT.test(text));
    // a time by reference to a term ("shall remain in force for the term of the referenced GMA") states one
    case "time":
      if (DATE_ASKED.test(plainAsk(question))) return CALENDAR_DATE.test(text);
      return (
        statesKind("time", text) ||
        statesKind("term", text) ||
        (WHEN_ASKED.test(plainAsk(question)) && RELATIVE_TIME.test(text))
      );
    // a term or a notice period drafted without the verbs `kind-asked.ts` reads ("expire … five (5) years from …")
    case "term":
    case "notice":
      return statesKind(kind, text) || statesKind("time", text);
  }
}

/** An ask whether there is a cap on a party's liability ("Is there a cap on …'s liability?", "Is X's liability capped?"). */
const CAP_ASKED =
  /\bcap(?:s|ped)?\b|\b(?:limit|limitation)\s+(?:on|of)\s+(?:[\w'’]+\s+){0,3}?liabilit|\bmaximum\s+(?:\w+\s+)?liabilit/i;
const LIABILITY = /\bliabilit|\bliable\b|\bdamages\b/i;
/** How drafting caps a liability: limited to, shall not exceed, in excess of, a cap, the maximum, the aggregate. */
const CAPS =
  /\blimited\s+to\b|\bexceed(?:s|ing)?\b|\bin\s+excess\s+of\b|\bcap(?:s|ped)?\b|\bmaximum\b|\baggregate\b|\blimit(?:ation)?\s+of\s+(?:\w+\s+){0,2}?liabilit/i;
const INSURANCE = /\binsur|\bcoverage\b|\bpolic(?:y|ies)\b|\bunderwrit/i;

/**
 * Whether a sentence states a cap on a liability: it speaks of a liability (or damages) and limits it. An
 * insurance clause's limits ("General Liability Insurance with a limit of $1,000,000 each occurrence") cap
 * what a policy pays, not what a party owes: no answer to a cap on liability unless insurance is asked about.
 */
function statesCap(question: string, text: string): boolean {
  if (!LIABILITY.test(text) || !CAPS.test(text)) return false;
  return INSURANCE.test(question) || !INSURANCE.test(text);
}

/** "Who is the recipient …", "Who is the Escrow Agent …": the party holding a role (its one or two words). */
const WHO_HOLDS = /^\s*who\s+(?:is|are|was|were)\s+(?:the\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)/i;
const ENDS_ROLE = new Set("under of in for to on at by from with as and or".split(" "));

function roleAsked(question: string): string | undefined {
  const words = WHO_HOLDS.exec(plainAsk(question))?.[1]?.split(/\s+/) ?? [];
  const cut = words.findIndex((w) => ENDS_ROLE.has(w.toLowerCase()));
  const role = (cut < 0 ? words : words.slice(0, cut)).join(" ");
  return role.length > 0 ? role : undefined;
}

/** A form's blank: a run of underscores, brackets holding nothing but spaces and dots ("[ ]", "[……]"). */
const BLANK = String.raw`(?:_{3,}|\[[\s.…]*\])`;

/**
 * Whether a sentence leaves the party of a role blank: a form's "… and ______ (the “Recipient”)" or "and (2) [ ],
 * a company … (“The Recipient”)". The party clause opening the role's designation starts with a blank, so the
 * sentence names no one for it. False when the sentence does not designate the role.
 */
export function leavesRoleBlank(role: string, text: string): boolean {
  const lower = text.slice(0, 4_000).toLowerCase();
  const key = role.toLowerCase().trim();
  if (key.length < 3) return false;
  // the role's designation: (the “Recipient”), (“The Recipient”), ("Recipient")
  for (const quote of ["“", '"', "'"]) {
    for (let at = lower.indexOf(`${quote}${key}`); at >= 0; at = lower.indexOf(`${quote}${key}`, at + 1)) {
      if (partyClauseIsBlank(lower.slice(Math.max(0, at - 400), at))) return true;
    }
    for (let at = lower.indexOf(`${quote}the ${key}`); at >= 0; at = lower.indexOf(`${quote}the ${key}`, at + 1)) {
      if (partyClauseIsBlank(lower.slice(Math.max(0, at - 400), at))) return true;
    }
    for (let at = lower.indexOf(`${quote} the ${key}`); at >= 0; at = lower.indexOf(`${quote} the ${key}`, at + 1)) {
      if (partyClauseIsBlank(lower.slice(Math.max(0, at - 400), at))) return true;
    }
  }
  return false;
}

/** The end of a party's designation: its closing quote and parenthesis ("(the “Discloser”)", "(“ The Discloser “)"). */
const DESIGNATION_END = /[”“"']\s*\)/g;

/** The party clause before a designation opens with a blank: after the previous designation or the sentence's start. */
function partyClauseIsBlank(before: string): boolean {
  let from = 0;
  for (const m of before.matchAll(DESIGNATION_END)) from = (m.index ?? 0) + m[0].length;
  const since = before.slice(from);
  return new RegExp(String.raw`(?:^|\band\b|\bbetween\b|;)\s*(?:\(\d{1,2}\)\s*)?${BLANK}`).test(since);
}

/** A sentence that points to the provision holding the answer: "provided for in Section 1(1)(a)", "set out in Schedule B". */
const POINTS_TO =
  /\b(?:provided\s+for|set\s+(?:forth|out)|specified|described|referred\s+to|stated|contained)\s+in\s+(?:the\s+)?(?:Sections?|Articles?|Clauses?|Schedules?|Exhibits?|Appendix|Appendices|Annex(?:es)?|Attachments?|paragraphs?)\b/i;

/** A picked sentence's answering unit: what is quoted for it. */
function unitText(c: Candidate): string {
  const unit = answeringUnit(c.item, c.start, c.end);
  return c.item.text.slice(unit.start - c.item.start, unit.end - c.item.start);
}

/**
 * Whether a picked sentence states what the ask asks for, beyond speaking of its topic (`states-asked.ts`):
 * - the kind of answer asked (`kind-asked.ts`: a law, a time, a notice period, an amount, a term): a release
 *   clause does not say which law governs, a party's charter ("organized under the laws of France") is not
 *   the governing law, a blank "___ day of ___ 20__" is no date, and "On what date …" asks a calendar date,
 *   not "five (5) years from …";
 * - a cap on a liability: a sentence that limits a liability, not an insurance clause's limits.
 * An operative amending clause passes (it changes the provision asked, whose words it need not repeat), and a
 * question that asks none of these passes every sentence.
 */
export function statesTheAsk(question: string, c: Candidate): boolean {
  if (amendingClause(c)) return true;
  // a question that asks two things ("Which law governs, and how much insurance …?") is answered by a sentence per ask
  const asks = questionAsks(question);
  return asks.length > 1 ? asks.some((ask) => statesOneAsk(ask, c)) : statesOneAsk(question, c);
}

function statesOneAsk(question: string, c: Candidate): boolean {
  const kind = askedKind(question);
  const capAsked = CAP_ASKED.test(plainAsk(question)) && LIABILITY.test(question);
  if (kind === null && !capAsked) return true;
  const text = unitText(c);
  // a pointer to where the answer is ("the fee provided for in Section 1(1)(a)") states it by reference
  if (POINTS_TO.test(text)) return true;
  if (kind !== null && !statesKindAsked(kind, question, text)) return false;
  return !capAsked || statesCap(question, text);
}

/**
 * Whether a picked sentence is a form that leaves blank the party of the role a "who" question asks about
 * ("Who is the recipient?" of "… and ______ (the “Recipient”)"): it designates the role but names no one. Even
 * as the role's definition, it does not say who holds it.
 */
export function leavesAskedRoleBlank(question: string, c: Candidate): boolean {
  const role = roleAsked(question);
  if (role !== undefined && leavesRoleBlank(role, unitText(c))) return true;
  // and a date left blank ("made on ___ day of ___ 20__ (“effective date”)"), though the sentence defines the term asked
  if (askedKind(question) !== "time") return false;
  const text = unitText(c);
  return BLANK_DATE.test(text) && !statesKind("time", text);
}

/** A form's date left blank: "___ day of ___", "20__", "[date]" (a run of underscores tried once, from its start). */
const BLANK_DATE = /(?<!_)_{2,}\s*day\s+of\b|\b(?:19|20)_{2}|\[\s*date\s*\]/i;
