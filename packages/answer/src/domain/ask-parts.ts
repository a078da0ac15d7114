import { dealKeyOf } from "./evidence.ts";
import type { AskDecision, AskSentence } from "./multi-ask.ts";

/**
 * A question that asks two things (`questionAsks`) and is silent both as a whole and ask by ask (issue #16
 * items 2-3): no part's sentence is probable enough alone, but the parts may be together. "Can Bank of
 * America stop paid maintenance on the Cardlytics software, and what does restarting it cost?" is answered
 * by "If Bank of America terminates the Maintenance Services, Bank of America shall have the right to
 * reinstate the Maintenance Services without paying any reinstatement fee": each ask, decided on its own,
 * puts that sentence first, and neither decision alone reaches the bar. Two asks that read the same
 * sentence as their best answer are two readings agreeing on it, and the probability that it is evidence
 * is the noisy-or of each ask's (the decision's own combination of sentences). Each part must clear a
 * bar of its own (`PART_FLOOR`, a calibrated probability); together they must clear the decision's.
 *
 * Asks whose best sentences differ are not combined: a later ask has often lost its subject to a pronoun
 * ("does it matter if the deal closes?") and its first sentence is then the nearest words, not an answer;
 * read on the tuning halves, citing each part's best there answered off gold as often as on it.
 */

/** One ask's decision: its candidates in the decision's order, as `decide` returns them. */
export interface AskPart<S extends AskSentence> {
  scored: readonly S[];
}

/** The calibrated probability a part's first sentence must reach on its own to count as that part's answer. */
export const PART_FLOOR = 0.2;

/** How the decision turns raw probabilities into the calibrated one it compares with its threshold. */
export interface PartsBar {
  /** The calibrated probability of a raw "some cited sentence is evidence" probability. */
  calibrate: (raw: number) => number;
  threshold: number;
}

/** The provision a sentence is in (document, version, node) and the deal it belongs to (`dealKeyOf`). */
const provisionOf = (s: AskSentence) => `${s.item.documentId}\u0000${s.item.version}\u0000${s.item.nodeId}`;
const dealOf = (s: AskSentence) => dealKeyOf(s.item);

/**
 * The whole question's decision, or, when it is silent and every ask puts the same sentence first (each
 * clearing `PART_FLOOR` on its own, together the decision's threshold), that sentence as the whole
 * question's candidate of it (`scored`, so what follows reads one scoring) with the combined probability.
 * The sentence must be of the deal the first ask's sentence is from (the ask that carries the naming).
 */
export function answerByAgreedParts<T extends AskSentence>(
  whole: AskDecision<T>,
  parts: readonly AskPart<AskSentence>[],
  scored: readonly T[],
  bar: PartsBar,
): AskDecision<T> {
  if (whole.cited.length > 0 || parts.length < 2) return whole;
  const firsts = parts.map((p) => p.scored[0]);
  const first = firsts[0];
  if (!first) return whole;
  let none = 1;
  for (const s of firsts) {
    if (!s || provisionOf(s) !== provisionOf(first) || s.start !== first.start || dealOf(s) !== dealOf(first))
      return whole;
    const p = Math.min(1, Math.max(0, s.p));
    if (bar.calibrate(p) < PART_FLOOR) return whole;
    none *= 1 - p;
  }
  const probability = bar.calibrate(1 - none);
  if (probability < bar.threshold) return whole;
  const same = scored.find((s) => provisionOf(s) === provisionOf(first) && s.start === first.start);
  return same ? { cited: [same], probability } : whole;
}
