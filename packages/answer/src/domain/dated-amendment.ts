import { ofAmendingInstrument } from "./amendment-answer.ts";
import type { ScoredCandidate } from "./evidence-model.ts";

/**
 * When an instrument was amended (issue #16, item 2: citations a lawyer can check). "When was the
 * development agreement signed, and when was it first amended?": the amending instrument answers by the
 * sentence in which it dates itself ("This First Amendment will be effective as of July 5, 2011"), not by
 * what it changed. Where the decision cited that sentence, it is the decision's own reading of the
 * amendment and stands against an operative clause found by the question's words alone.
 */

/** "when … amended / changed / modified", either way round, within one sentence of the question. */
const WHEN_CHANGED =
  /\bwhen\b[^?]{0,80}?\b(?:amended|changed|modified|revised)\b|\b(?:amended|changed|modified|revised)\b[^?]{0,40}?\bwhen\b/i;

/** A sentence in which an instrument dates itself: "This First Amendment will be effective as of July 5, 2011". */
const SPEAKS_OF_ITSELF = /\bth(?:is|e present)\s+(?:[\w-]+\s+){0,3}?(?:amendment|agreement|letter|addendum)\b/i;
const DATES = /\b(?:effective|dated|made and entered into|entered into)\b[^.;]{0,160}?\b(?:1[89]|20)\d{2}\b/i;

/** Whether the question asks when a text was amended and the decision cited an amending instrument's dating sentence. */
export function citesAmendmentDateAsked(question: string, cited: readonly ScoredCandidate[]): boolean {
  if (!WHEN_CHANGED.test(question.replace(/\s+/g, " "))) return false;
  return cited.some(
    (c) => ofAmendingInstrument(c.item) && !c.headingLine && SPEAKS_OF_ITSELF.test(c.text) && DATES.test(c.text),
  );
}
