import { contentWords, parseQuestion } from "@lexnav/retrieval";
import { citeInstead } from "./cite-instead.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import type { AskDecision } from "./multi-ask.ts";
import { isNotOperative } from "./operative-first.ts";
import { speaksOf } from "./states-asked.ts";

/**
 * The condition a question asks under: "What does ADMA owe if it doesn't hit the minimum number of
 * batches?", "If one of the plants is hit by force majeure, does the other have to make up the volume?",
 * "What is the holder's remedy in the event that the shares are delivered late?". The condition runs to a
 * comma, the question mark, or the main ask that follows it ("…, does the other plant …"). "Should" opens a
 * condition only at the head of the question ("Should the buyer fail to pay, …", not "What should the
 * buyer do …"), and "in the event" only with "of" or "that" (not "the event sponsorship agreement").
 */
const CONDITION_ASKED = /(?:\bif|\bin\s+the\s+event\s+(?:of|that)|\bin\s+case\s+of|^\s*should)\s+([^?,;]{3,120})/i;
/** Words of a condition that frame it, not the event: the instrument, its parties as such, a negation. */
const FRAME = new Set(
  "agreement contract instrument document party parties its their one other any either each not do does did doesn hasn isn haven aren won didn wasn".split(
    " ",
  ),
);

/** The content words of a text and its figures of two digits or more (a year, a sum: "by mid-April 1996"). */
const wordsAndFigures = (text: string) => [...contentWords(text), ...(text.match(/\b\d{2,}\b/g) ?? [])];

/** The text of the condition a question asks under, or null. */
function conditionText(question: string): string | null {
  const m = CONDITION_ASKED.exec(parseQuestion(question).ask.slice(0, 1_000));
  if (!m) return null;
  // a question opening with its condition asks after it: "If X happens, does Y …" ends the condition at the comma
  return (m[1] as string).split(/\s+(?:does|do|did|must|can|may|will|would|what|who|how)\s+(?=\w)/i)[0] ?? "";
}

/** The words of the condition a question asks under (empty: it asks under none). */
export function askedCondition(question: string): string[] {
  const condition = conditionText(question);
  if (condition === null) return [];
  return [...new Set(wordsAndFigures(condition).filter((w) => !FRAME.has(w) && w.length > 1))];
}

/** How drafting conditions a provision: if, in the event (of/that), in case of, should (inverted), upon, where, unless. */
const CONDITION =
  /\b(?:if|in\s+the\s+event\s+(?:of|that)|in\s+the\s+event|in\s+case\s+of|should|upon|where|unless)\b/gi;
/** How far after its condition word the event may be named: the condition's own clause. */
const CONDITION_SPAN = 120;
/** A provision's modal: what follows from the condition is a right, a duty or a bar. */
const PROVISION = /\b(?:shall|will|may|must|(?:is|are)\s+(?:entitled|required|obligated|obliged|liable)|agrees?)\b/i;
/** A definition says what an event is, not what follows from it. */
const DEFINES = /\b(?:means|shall\s+mean|has\s+the\s+meaning)\b/i;
/** Ending an instrument, as a lawyer asks it ("ends the contract") and as drafting words it ("terminates"). */
const ENDING = /^(?:end|ends|ended|ending|terminat\w*|expir\w*|cancel\w*)$/;

/** Whether a word of a sentence's condition names a word of the condition asked: itself, its family, a provision's other name. */
const sameEvent = (asked: string, word: string) =>
  asked === word || speaksOf(asked, word) || (ENDING.test(asked) && ENDING.test(word));

/** How many of the condition's words the sentence's condition must name (all of them, when fewer). */
const WORDS_MATCHED = 2;

/**
 * Whether a sentence states what follows from the condition: an operative provision (a modal, no
 * definition, no recital or heading) whose own condition clause (after "if", "in the event", "should",
 * "upon" …, to its comma) names at least two of the condition's words (`sameEvent`), or all of them when it
 * has fewer. "(Y) if the Transfer Agent is not participating …, or if the Holder otherwise requests, issue
 * and deliver … shares" is conditioned on neither a late delivery nor the shares: they follow the comma.
 */
export function statesUnderCondition(text: string, condition: readonly string[]): boolean {
  if (condition.length === 0 || DEFINES.test(text) || !PROVISION.test(text) || isNotOperative(text)) return false;
  return !clausesOnEvent(text, condition).next().done;
}

/**
 * Each condition clause of a sentence that names the condition asked (`statesUnderCondition`), with the word
 * that opens it. The clause runs to the comma or semicolon that ends it, a date's comma aside ("April 15, 1996").
 */
function* clausesOnEvent(text: string, condition: readonly string[]): Generator<{ opener: string; clause: string }> {
  const needed = Math.min(WORDS_MATCHED, condition.length);
  for (const m of text.slice(0, 4_000).matchAll(CONDITION)) {
    const at = (m.index ?? 0) + m[0].length;
    const clause = text.slice(at, at + CONDITION_SPAN).split(/[;,](?!\s*\d)/)[0] ?? "";
    const words = wordsAndFigures(clause);
    if (condition.filter((c) => words.some((w) => sameEvent(c, w))).length >= needed) yield { opener: m[0], clause };
  }
}

/**
 * The clauses a drafting marker opens in a sentence ("if …", "in exchange for …"): the text after each
 * match of `marker` (a global pattern) up to `span` characters, cut at the first `end` (the comma that closes
 * the clause). Read over a sentence's first 4,000 characters.
 */
export function* clausesOpenedBy(text: string, marker: RegExp, span: number, end: RegExp): Generator<string> {
  for (const m of text.slice(0, 4_000).matchAll(marker)) {
    const at = (m.index ?? 0) + m[0].length;
    yield text.slice(at, at + span).split(end)[0] ?? "";
  }
}

/** A question that asks what follows besides what it sets aside ("Apart from the payment adjustments, what else …"). */
const ASKS_BEYOND = /\b(?:apart|aside)\s+from\b|\bbesides\b|\bwhat\s+else\b|\banything\s+else\b/i;

/** How many of the decision's best candidates a silence may be answered from. */
const SILENCE_WINDOW = 3;

/**
 * A silence on a question asked under a condition is answered by a provision drafted under that
 * condition (issue #16, item 1). A lawyer asks "What happens to the commitments if the purchase hasn't
 * closed by mid-April 1996?"; the agreement says "If Authorized Acquisition No. 2 has not been
 * consummated by April 15, 1996, the Total Revolving Loan Commitments shall be reduced by $150,000,000."
 * The words of the ask and of the consequence differ, so the sentence's coverage is low and its
 * calibrated probability may fall under the bar; what the bar's features do not read is that the
 * sentence's own condition is the question's. Among the decision's first candidates (`SILENCE_WINDOW`),
 * the first that states a provision under the condition asked (`statesUnderCondition`) is cited.
 *
 * Only for a question that names its deal (`namesDeal`: the answer is scoped to its documents): over the
 * whole store the first candidates may come from any agreement, and a provision drafted under the same
 * condition in another deal ("In the event that in the course of performing a Statement of Work …")
 * answers nothing of this one. Nor for one that asks what else follows, besides what it sets aside: the
 * first provision under the condition is likely what it sets aside. A decision that already cites
 * something is returned unchanged, as is one on a question asked under no condition. The probability is
 * unchanged: what the bar means is unchanged.
 */
export function withConditionAsked(
  question: string,
  decided: AskDecision<ScoredCandidate>,
  scored: readonly ScoredCandidate[],
  namesDeal: boolean,
): AskDecision<ScoredCandidate> {
  if (decided.cited.length > 0 || !namesDeal || ASKS_BEYOND.test(question)) return decided;
  const condition = askedCondition(question);
  if (condition.length === 0) return decided;
  const found = scored.slice(0, SILENCE_WINDOW).find((c) => !c.headingLine && statesUnderCondition(c.text, condition));
  return found ? { cited: [found], probability: decided.probability } : decided;
}

/** Words that deny the event of a condition: "does not occur", "there is no", "fails to", "without". */
const DENIES = /\b(?:not|no|never|none|neither|nor|without|fails?|failed|failure|cannot)\b|n['’]t\b/i;
/** A limit that denies nothing: "no later than", "not less than". */
const LIMIT = /\b(?:no|not)\s+(?:later|earlier|sooner|less|more|fewer|greater)\s+than\b/gi;
const denies = (clause: string) => DENIES.test(clause.replace(LIMIT, ""));

/**
 * The condition a question asks under and whether it asks under the event's absence: "If there is no
 * change in control, …" (true), "If a change in control occurs, …" (false). Null: it asks under none.
 */
export function askedConditionPolarity(question: string): { words: string[]; absent: boolean } | null {
  const words = askedCondition(question);
  return words.length === 0 ? null : { words, absent: denies(conditionText(question) ?? "") };
}

/**
 * Whether a sentence's own condition on the asked event is its absence (true) or its occurrence (false);
 * undefined where no condition clause of the sentence names the event. "Unless" conditions on an absence.
 */
export function conditionAbsent(text: string, condition: readonly string[]): boolean | undefined {
  if (!statesUnderCondition(text, condition)) return undefined;
  const first = clausesOnEvent(text, condition).next();
  return first.done ? undefined : /^unless$/i.test(first.value.opener) !== denies(first.value.clause);
}

/**
 * A cited provision drafted under the other branch of the condition asked gives way to its document's
 * provision under the branch asked (issue #16, item 1: a legal reading rule). Drafting often states both:
 * "In the event that a Change in Control occurs on or prior to December 31, 2025, the Plan shall terminate
 * on the later of …" and "In the event that a Change in Control does not occur on or prior to December 31,
 * 2025, the Plan shall thereupon automatically terminate". "If there is no change in control, when does the
 * plan end?" is answered by the second only, though the first shares every word of the question. Read for a
 * question asked under the event's absence only (a denial in an affirmative condition's relative clause reads
 * as an absence too). Where the document has no provision under the branch asked, the citation stays: what it
 * says is still the nearest the documents come, and the decision judged it to answer.
 */
export function citeAskedBranch<T extends ScoredCandidate>(
  question: string,
  cited: readonly T[],
  scored: readonly T[],
): T[] {
  const asked = askedConditionPolarity(question);
  // only a question asked under the event's absence: a denial inside an affirmative condition ("if Porex
  // begins work under a work order that has not been agreed") reads as an absence, so the other way round
  // would trade the branch asked for a sentence that only drops the denial
  if (asked === null || !asked.absent) return [...cited];
  return citeInstead(cited, scored, {
    gives: (c) => conditionAbsent(c.text, asked.words) === false,
    takes: (o, c) =>
      o.item.documentId === c.item.documentId &&
      o.headingLine !== true &&
      conditionAbsent(o.text, asked.words) === true,
    staysAlone: true,
  });
}
