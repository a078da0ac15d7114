import { BUILTIN_RELEVANCE } from "./evidence-decision.ts";
import type { Candidate, ScoredCandidate } from "./evidence-model.ts";
import type { AskDecision } from "./multi-ask.ts";

/**
 * A silence overruled where every reading of the extract points at one sentence (issue #16, item 1).
 *
 * The decision model answers from a calibrated bar fitted mostly on benchmark-shaped questions; a question
 * asked as a lawyer asks it has lower cosines, so its best sentence may fall under the bar although
 * nothing else in the extract competes with it. Three readings of the extract are independent of the bar:
 * the sentence embedder's relevance, the coverage of the question's content words, and the decision's own
 * ranking. The first two are independent only when relevance is an embedder's: the built-in relevance
 * (`BUILTIN_RELEVANCE`) is itself a cosine of the question's content words, so under it the rule is off. When all three put the same sentence first, each strictly ahead of every other sentence (no tie
 * on any of them), the extract has one clear answer and it is cited. A near-topic extract where nothing
 * answers has no such sentence: the sentence most like the question is not the one that covers its words,
 * or several sentences cover them alike. Nothing here is a fitted number: the rule asks only for agreement.
 *
 * A decision that already cites something is returned unchanged; so is a silence over an extract of fewer
 * than two sentences (a lone sentence stands ahead of nothing). `relevanceOf` names what `relevance` was
 * read by (the decision model's `relevance`: an embedder's id, or `BUILTIN_RELEVANCE`).
 */
export function answerOnAgreement(
  decided: AskDecision<ScoredCandidate>,
  candidates: readonly Candidate[],
  relevance: readonly number[],
  scored: readonly ScoredCandidate[],
  relevanceOf: string,
): AskDecision<ScoredCandidate> {
  if (decided.cited.length > 0 || relevanceOf === BUILTIN_RELEVANCE) return decided;
  const agreed = agreedSentence(candidates, relevance, scored);
  return agreed ? { cited: [agreed], probability: decided.probability } : decided;
}

/**
 * The sentence that relevance, coverage and the decision each put strictly first, as the decision scored
 * it; undefined when they do not agree or any of them ties. `relevance[i]` is the relevance of
 * `candidates[i]`; `scored` is the decision's scoring of the same candidates, most probable first.
 */
export function agreedSentence(
  candidates: readonly Candidate[],
  relevance: readonly number[],
  scored: readonly ScoredCandidate[],
): ScoredCandidate | undefined {
  if (candidates.length < 2 || relevance.length !== candidates.length) return undefined;
  const byRelevance = strictlyFirst(relevance);
  const byCoverage = strictlyFirst(candidates.map((c) => c.familyCoverage));
  const byDecision = strictlyFirst(scored.map((s) => s.p));
  if (byRelevance === undefined || byRelevance !== byCoverage || byDecision === undefined) return undefined;
  const chosen = candidates[byRelevance] as Candidate;
  const top = scored[byDecision] as ScoredCandidate;
  return top.item === chosen.item && top.start === chosen.start && top.end === chosen.end ? top : undefined;
}

/** The index of the single highest value, or undefined when the highest is shared or not a number. */
function strictlyFirst(values: readonly number[]): number | undefined {
  let best: number | undefined;
  let tied = false;
  values.forEach((v, i) => {
    if (!Number.isFinite(v)) return;
    const b = best === undefined ? undefined : (values[best] as number);
    if (b === undefined || v > b) {
      best = i;
      tied = false;
    } else if (v === b) tied = true;
  });
  return tied ? undefined : best;
}
