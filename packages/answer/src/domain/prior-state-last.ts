import type { ScoredCandidate } from "./evidence-model.ts";
import { inTiers, RERANK_WINDOW } from "./operative-first.ts";

/**
 * Asks what holds now, after a change: "When does the renewal term end now?", "What is the current
 * maturity?", "… as amended?", "… still …". Bounded: each alternative is a word or two.
 */
const ASKS_NOW = /\bnow\b|\bcurrent(?:ly)?\b|\bas\s+amended\b|\bstill\b|\bthese\s+days\b/i;

/**
 * How an amendment states the position before its change, as a premise of the change: what a term "would
 * terminate" on, "would have expired", what a date "was scheduled to" be. The next sentence changes it
 * ("Notwithstanding Section 7, the current Renewal Term shall be extended until …"). Bounded gaps.
 */
const STATES_PRIOR =
  /\bwould\s+(?:have\s+)?(?:terminat|expir|end|lapse|matur|run\s+out|been\s+due)\w*\b|\b(?:was|were)\s+(?:originally\s+)?(?:scheduled|set|due)\s+to\s+(?:terminat|expir|end|lapse|matur)\w*\b/i;

/** Whether a question asks what holds now, after a change. */
export function asksNow(question: string): boolean {
  return ASKS_NOW.test(question);
}

/** Whether a sentence states the position before a change as its premise ("… would terminate June 28, 2025"). */
export function statesPrior(text: string): boolean {
  return STATES_PRIOR.test(text);
}

/**
 * The decision's best candidates with a sentence that states the position before a change last, for a
 * question of what holds now: "The parties acknowledge and agree that the current Renewal Term … commenced
 * June 28, 2018 and would terminate June 28, 2025." shares every word of "When does the current renewal term
 * end now?" with the sentence that answers it ("… the current Renewal Term of the Agreement shall be extended
 * until December 31, 2026."), and cited alone it gives the superseded date as the answer. Each slot keeps its
 * probability (`inTiers`); nothing moves when no candidate states a prior position, or all do.
 */
export function priorStateLast(question: string, scored: readonly ScoredCandidate[]): ScoredCandidate[] {
  if (!asksNow(question)) return [...scored];
  const prior = scored.slice(0, RERANK_WINDOW).map((c) => statesPrior(c.text));
  if (!prior.some(Boolean) || prior.every(Boolean)) return [...scored];
  return inTiers(scored, (i) => Number(prior[i]));
}
