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
