/** The constant of reciprocal rank fusion: 60, as in Cormack et al., damps the head of each list. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each list votes 1 / (RRF_K + rank) for its items; an item in several lists
 * adds the votes. Scores of different retrievers are not comparable, ranks are. Returns ids, best first
 * (ties keep the order of first appearance, so the result is deterministic).
 */
export function reciprocalRankFusion(
  lists: ReadonlyArray<readonly string[]>,
  k = RRF_K,
): Array<{ id: string; score: number }> {
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.forEach((id, i) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1));
    });
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}

/**
 * Relative score fusion: each list's scores are rescaled to [0, 1] between its lowest and its best
 * (min-max), and an item's fused score is the sum over the lists that hold it. Unlike rank fusion it
 * keeps how far ahead a list's winner is: a passage one retriever finds far above everything else
 * (a clause whose words or meaning match the question outright) is not outvoted by passages both
 * retrievers rank in the middle. A list whose scores are all equal gives each of its items 1.
 * Returns ids, best first (ties keep the order of first appearance).
 */
export function relativeScoreFusion(
  lists: ReadonlyArray<ReadonlyArray<{ id: string; score: number }>>,
): Array<{ id: string; score: number }> {
  const scores = new Map<string, number>();
  for (const list of lists) {
    if (list.length === 0) continue;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const { score } of list) {
      lo = Math.min(lo, score);
      hi = Math.max(hi, score);
    }
    for (const { id, score } of list) {
      const scaled = hi > lo ? (score - lo) / (hi - lo) : 1;
      scores.set(id, (scores.get(id) ?? 0) + scaled);
    }
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
