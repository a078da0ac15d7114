import { dealKeyOf } from "./evidence.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { statesAsked } from "./states-asked.ts";

/**
 * How close to the dropped citation a further candidate must come, and how far down the extract's
 * sentences it may stand, to be cited in its place.
 */
export interface StatedFallbackBar {
  /** the further candidate's probability over the best dropped one's, at least */
  ratio: number;
  /** how many of the extract's first sentences (in the decision's order) are read */
  depth: number;
  /** and its own probability, at least: a sentence the decision gives next to nothing is no answer */
  floor: number;
}

/**
 * Chosen on the tuning halves (docs/answers/silence.md): of the sentences stating the ask that followed a
 * dropped citation, the one on gold stood at 0.47 of its probability; the six below 0.3 were off gold or
 * answered a question the documents do not answer.
 */
export const STATED_FALLBACK: StatedFallbackBar = { ratio: 0.4, depth: 20, floor: 0.15 };

/**
 * The picked sentences that state what is asked (`statesAsked`); when none does, the best further
 * candidate of the same deal that states it and is nearly as probable as the best one dropped. A
 * decision that found the ask answered in the deal, but cited a sentence sharing only its vocabulary,
 * is answered by the sentence beside it that states the ask, not silenced.
 */
export function statesAskedOrNext(
  question: string,
  picked: ScoredCandidate[],
  scored: readonly ScoredCandidate[],
  bar: StatedFallbackBar = STATED_FALLBACK,
): ScoredCandidate[] {
  const stated = statesAsked(question, picked);
  if (stated.length > 0 || picked.length === 0) return stated;
  const top = Math.max(...picked.map((c) => c.p));
  // a sentence a rule cited without a probability (a definition looked up) gives no bar to come close to
  if (!(top > 0)) return [];
  const deals = new Set(picked.map((c) => dealKeyOf(c.item)));
  const isPicked = (c: ScoredCandidate) =>
    picked.some((p) => p.item.documentId === c.item.documentId && p.start === c.start);
  const next = scored
    .slice(0, bar.depth)
    .find(
      (c) =>
        !isPicked(c) &&
        deals.has(dealKeyOf(c.item)) &&
        c.p >= Math.max(bar.ratio * top, bar.floor) &&
        statesAsked(question, [c]).length > 0,
    );
  return next ? [next] : [];
}
