import { isInstrumentWord } from "@lexnav/retrieval";
import { answeringUnit } from "./answering-unit.ts";
import { BLANK, blankValue, DESIGNATION_END } from "./blank-asked.ts";
import { amendingClause, type Candidate, plainAsk, sameFamily } from "./evidence-model.ts";
import { type AskedKind, askedKind, statesKind, WHEN_ASKED } from "./kind-asked.ts";
import { questionAsks } from "./multi-ask.ts";
import { NUMBER_WORD } from "./number-words.ts";

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

/**
 * A moment drafted by an event or a defined period rather than a date: "on the Maturity Date", "upon the
 * occurrence of", "prior to the Closing", "during the Fee Holiday", "within … after receipt", or a recurrence
 * ("quarterly in arrears", "promptly"). It answers "when" (and "at what point"), not "how long" nor "on what date".
 */
const RELATIVE_TIME =
  /\b(?:on|upon|before|after|prior\s+to|following|during|until|at\s+the\s+(?:time|end)\s+of|concurrently\s+with|no\s+later\s+than|not\s+later\s+than|at\s+least)\s+(?:the\s+|each\s+|any\s+|its\s+|such\s+)?(?:[A-Z][\w-]*|occurrence|date|expiration|expiry|termination|closing|receipt|delivery|end|execution|completion|demand|request|consummation)\b|\b(?:quarterly|monthly|annually|weekly|daily|semi-?annually|promptly|immediately|forthwith)\b/;

/** The moment an event happens, in any case ("at such time as …", "AS SOON AS …"): it answers "when" too. */
const MOMENT_OF_EVENT = /\bat\s+such\s+time\s+(?:as|that|when)\b|\bas\s+soon\s+as\b/i;

/** A count of things ("1,000,000 shares", "ten (10) Batches"): a "how many" is answered by a number. */
const COUNT =
  /\b\d[\d,.]*\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|hundred|thousand|million|unlimited)\b/i;

/**
 * "How many authorized shares …", "How many Batches …": the thing a count is asked of, the head word of what
 * follows "how many" (up to "of", a verb or the end of the ask). A time ("how many days") is read as a time,
 * and "how many times" is answered by a list of the occasions, not a figure: neither is a thing counted.
 */
const HOW_MANY =
  /\bhow\s+many\s+((?:[a-z][\w-]*\s+){0,4}?)([a-z][\w-]*)(?=\s+(?:of|does|do|did|is|are|was|were|has|have|had|can|could|must|shall|should|will|would|may|might|in|under|for|to)\b|\s*[?,;]|\s*$)/i;
const NOT_A_THING = /^(?:times?|days?|weeks?|months?|years?|quarters?|hours?|minutes?|dollars?|percent|per|cents?)$/i;

export function countedThing(question: string): string | undefined {
  const m = HOW_MANY.exec(question.slice(0, 2_000));
  const thing = m?.[2]?.toLowerCase();
  return thing === undefined || NOT_A_THING.test(thing) ? undefined : thing;
}

/** A figure that counts: digits, a number word, "unlimited", or a figure the filer redacted. */
const FIGURE = String.raw`(?:\d[\d,.]*|${NUMBER_WORD}|thousand|million|billion|unlimited|\[\s{0,3}\*(?:\s{0,3}\*){1,8}\s{0,3}\]|\*{3,12})`;
/** Before the thing counted: the figure, its numerals in brackets, "number of", and up to three words ("additional", "Common"). */
const COUNTS_BEFORE = new RegExp(
  String.raw`(?:^|[^\w*\]])${FIGURE}(?!\w)\s*(?:\(\s*[\d,.]+\s*\)\s*)?(?:-\s*)?(?:number\s+of\s+)?(?:[\w-]+\s+){0,3}$`,
  "i",
);

/**
 * Whether a sentence states a count of the thing asked: a figure standing before it ("250,000 shares of Common
 * Stock", "ten (10) additional Batches", "[***] Units", "an unlimited number of Common Shares"). A covenant to
 * reserve "a number of shares … equal to 120% of the Conversion Rate" counts no shares: its figure is a share of
 * something else. A number of another kind (a sum, a percentage of another thing) is no count of what is asked.
 */
export function statesCountOf(thing: string, text: string): boolean {
  const body = text.slice(0, 4_000);
  for (const m of body.matchAll(/[A-Za-z][\w-]*/g)) {
    const word = m[0].toLowerCase();
    if (!(word === thing || sameFamily(word, thing))) continue;
    const at = m.index ?? 0;
    if (COUNTS_BEFORE.test(body.slice(Math.max(0, at - 80), at))) return true;
  }
  return false;
}

/** "What price …", "At what rate …": an amount asked by its name (a price, a rate, a fee, a royalty …). */
const AMOUNT_NAME_ASKED =
  /\b(?:what|which)\s+(?:[\w-]+\s+){0,2}?(price|rate|fee|royalt(?:y|ies)|cost|premium|commission)s?\b/i;
/** A sum as drafting writes it: a currency and figure, a percentage, "… dollars". */
const SUM =
  /[$€£¥]\s*[\d[*][\d,.*\] ]*|\b\d[\d,.]*\s*(?:%|percent\b|per\s*cent\b)|\b\d[\d,.]*\s*(?:U\.?S\.?\s*)?dollars\b/gi;
/** The name a sum is given just after it, its numerals in brackets aside: "$1,050,000.00 (the “Loan Amount”)". */
const NAMED_AFTER = /^\s*(?:\([^()]{0,40}\)\s*)?\(\s*(?:the\s+|an?\s+)?[“"]([^”"]{1,60})[”"]/i;

/**
 * Whether every sum a sentence states is named as an amount of another kind than the one asked: "At what price does
 * the note convert?" is not answered by "the Note … in the amount of $1,050,000.00 (the “Loan Amount”)", which states
 * the note's principal. A sum given no name, or named as what is asked ("$0.92 per Offered Share (the “Offering
 * Price”)"), states it; a sentence with no sum is left to the kind of answer (`statesKind`).
 */
export function namesEverySumOtherwise(asked: string, text: string): boolean {
  const body = text.slice(0, 4_000);
  const names: string[] = [];
  for (const m of body.matchAll(SUM)) {
    const name = NAMED_AFTER.exec(body.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 120))?.[1];
    if (name === undefined) return false;
    names.push(name);
  }
  if (names.length === 0) return false;
  const stem = asked.toLowerCase().replace(/ies$/, "y").replace(/s$/, "");
  return !names.some((n) =>
    (n.toLowerCase().match(/[a-z]+/g) ?? []).some((w) => w.startsWith(stem.slice(0, 5)) || sameFamily(w, stem)),
  );
}

/**
 * A date that identifies another instrument than the one asked about: "the … Agreement dated April 1, 2017", "as
 * amended by First Amendment to …, effective April 1, 2018". It names the document referred to; it is no date of
 * what the question asks ("On what date does the statement of work begin?"). A date of "this Agreement" is the
 * instrument's own, and stays.
 */
const NAMING_DATE_OF =
  /([A-Za-z][\w-]*)\s*,?\s+(?:dated|effective)(?:\s+as\s+of)?\s+(?:(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},?\s+\d{4}|the\s+\d{1,2}(?:st|nd|rd|th)?\s+day\s+of\s+\w+,?\s+\d{4}|\d{1,2}\/\d{1,2}\/\d{2,4})/g;

export function withoutOtherInstrumentsDates(text: string): string {
  return text.replace(NAMING_DATE_OF, (whole, kind: string, at: number) => {
    if (!isInstrumentWord(kind)) return whole;
    // the title before the kind, back to its determiner: "this Agreement" is the instrument's own date
    const before = text.slice(Math.max(0, at - 120), at);
    const determiner =
      /\b([Tt]his|[Tt]he|[Tt]hat|[Ss]uch|[Aa]n?|[Ii]ts)\s+(?:[A-Z0-9][\w&.,-]*\s+|(?:and|of|to|for)\s+){0,10}$/.exec(
        before,
      )?.[1];
    return determiner?.toLowerCase() === "this" ? whole : " ";
  });
}

/** Whether the sentence (its answering unit) states the kind of answer asked. */
function statesKindAsked(kind: AskedKind, question: string, text: string): boolean {
  switch (kind) {
    case "law":
      // a party's charter is no governing law
      return statesKind("law", text.replace(ORGANISED_UNDER, " "));
    case "amount": {
      // a count of the thing asked ("How many shares …"), not a sum or a share of something else
      const thing = countedThing(question);
      if (thing !== undefined) return statesCountOf(thing, text);
      // a sum named as another kind of amount (a principal for a price) states no amount of the kind asked
      const named = AMOUNT_NAME_ASKED.exec(plainAsk(question))?.[1];
      if (named !== undefined && namesEverySumOtherwise(named, text)) return false;
      return statesKind("amount", text) || (/\bhow\s+many\b/i.test(question) && COUNT.test(text));
    }
    // a time by reference to a term ("shall remain in force for the term of the referenced GMA") states one
    case "time":
      // a date that names another instrument ("the Agreement dated April 1, 2017") is no date of what is asked
      if (DATE_ASKED.test(plainAsk(question))) return CALENDAR_DATE.test(withoutOtherInstrumentsDates(text));
      return (
        statesKind("time", text) ||
        statesKind("term", text) ||
        (WHEN_ASKED.test(plainAsk(question)) && (RELATIVE_TIME.test(text) || MOMENT_OF_EVENT.test(text)))
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
  const thing = countedThing(question);
  if (kind === null && !capAsked && thing === undefined) return true;
  const text = unitText(c);
  // a pointer to where the answer is ("the fee provided for in Section 1(1)(a)") states it by reference
  if (POINTS_TO.test(text)) return true;
  // "How many Batches …" asks a count of a thing, whatever kind `askedKind` reads
  if (kind === null && thing !== undefined && !statesCountOf(thing, text)) return false;
  if (kind !== null && !statesKindAsked(kind, question, text)) return false;
  return !capAsked || statesCap(question, text);
}

/**
 * Whether a picked sentence names no one, or no value, for what a question asks: a form that leaves it blank
 * (`blankAsked`), or, for "Who signed …?", a sentence that is no signature block.
 */
export function leavesAskedRoleBlank(question: string, c: Candidate): boolean {
  if (blankAsked(question, c) !== null) return true;
  // "Who signed …?" asks for the signatory, whom a signature block names: a clause on signing ("signed by both
  // parties") names no one
  return SIGNATORY_ASKED.test(plainAsk(question)) && !SIGNATURE_BLOCK.test(unitText(c));
}

/**
 * What a question asks that a picked sentence, a form, leaves blank, as a lawyer would name it; null when it
 * states it or is no form:
 * - the party of the role a "who" question asks about ("Who is the recipient?" of "… and ______ (the
 *   “Recipient”)"): it designates the role but names no one; even as the role's definition, it does not say
 *   who holds it;
 * - a date left blank ("made on ___ day of ___ 20__ (“effective date”)"), though the sentence defines the term asked;
 * - the value asked ("(registration number )", "Notice Period: [ ]": `blank-asked.ts`).
 */
export function blankAsked(question: string, c: Candidate): string | null {
  const role = roleAsked(question);
  const text = unitText(c);
  if (role !== undefined && leavesRoleBlank(role, text)) return role.toLowerCase();
  if (askedKind(question) === "time" && BLANK_DATE.test(text) && !statesKind("time", text)) return "date";
  return blankValue(question, c);
}

/** "Who signed …", "Who executed …", "Who signs … for …": the signatory is asked. */
const SIGNATORY_ASKED =
  /^\s*who\s+(?:signed|executed|signs|(?:has|have|will|is\s+to)\s+(?:sign|signed|execute|executed))\b/i;
/** A signature block's marks: "By:", "Name:", "Signature:", "/s/", "IN WITNESS WHEREOF". */
const SIGNATURE_BLOCK = /\bBy\s*:|\bName\s*:|\bSignature\s*:|\/s\/|\bIN\s+WITNESS\b/i;

/** A form's date left blank: "___ day of ___", "20__", "[date]" (a run of underscores tried once, from its start). */
const BLANK_DATE = /(?<!_)_{2,}\s*day\s+of\b|\b(?:19|20)_{2}|\[\s*date\s*\]/i;
