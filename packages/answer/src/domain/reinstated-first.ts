import type { ScoredCandidate } from "./evidence-model.ts";
import { inTiers, isNotOperative, RERANK_WINDOW } from "./operative-first.ts";

/**
 * Asks what comes back when a change ends: "which pricing comes back?", "does the old rate go back into
 * effect?", "what does the term revert to?", "is the original schedule reinstated / restored?", "does it
 * apply again?". Bounded: each alternative is a few words with fixed gaps.
 */
const ASKS_REINSTATED =
  /\b(?:com(?:e|es|ing)|go(?:es)?|going)\s+back\b|\bback\s+in(?:to)?\s+(?:force|effect|place)\b|\brevert(?:s|ed|ing)?\b|\breinstat(?:e|es|ed|ing|ement)\b|\brestor(?:e|es|ed|ing)\b|\b(?:apply|applies)\s+again\b|\bagain\s+(?:apply|applies)\b/i;

/**
 * How drafting brings a text back when a temporary change ends: it "shall be reinstated", "shall be
 * restored", "shall revert to", "shall again apply", "shall be of full force and effect again", "shall
 * return to" the prior text. Read in one sentence, each gap bounded.
 */
const REINSTATES =
  /\b(?:shall|will|is|are|be)\s+(?:(?:automatically|immediately|thereupon|then)\s+)?(?:be\s+)?(?:reinstated|restored|revert(?:ed)?\s+(?:back\s+)?to|return(?:ed)?\s+to)\b|\b(?:shall|will)\s+(?:once\s+)?again\s+(?:apply|govern|be\s+in\s+(?:full\s+)?(?:force|effect))\b|\breverts?\s+(?:back\s+)?to\b/i;

/** Whether a question asks what comes back (is reinstated, restored, reverts) when a change ends. */
export function asksReinstated(question: string): boolean {
  return ASKS_REINSTATED.test(question);
}

/** Whether a sentence brings a text back into force (reinstates, restores, reverts to it). */
export function reinstates(text: string): boolean {
  return REINSTATES.test(text);
}

/**
 * The decision's best candidates with the sentence that reinstates a text first, for a question that
 * asks what comes back: a temporary amendment ("As of April 1 and until Cerus determines …, the price
 * shall be …") states what applies meanwhile, its sunset ("On and after the date of such notice, the
 * pricing table … shall be reinstated") what comes back. Each slot keeps its probability (`inTiers`);
 * nothing moves when the first candidate already reinstates, or none does.
 */
export function reinstatedFirst(question: string, scored: readonly ScoredCandidate[]): ScoredCandidate[] {
  if (!asksReinstated(question)) return [...scored];
  const head = scored.slice(0, RERANK_WINDOW);
  const states = head.map((c) => !c.headingLine && !isNotOperative(c.text) && reinstates(c.text));
  if (states[0] || !states.some(Boolean)) return [...scored];
  return inTiers(scored, (i) => Number(!states[i]));
}
