import { sameSentence } from "./cite-instead.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import type { AskDecision } from "./multi-ask.ts";

/**
 * A question that asks two things ("When does the facility mature now, and can the borrower extend it?") is
 * decided ask by ask as well, and each ask's best sentence is cited beside the whole question's (`multi-ask.ts`).
 * Drafting often answers both asks in one sentence ("'Final Maturity Date' means January 31, 2000; provided that
 * the Company may extend it …"): the second ask's own best sentence then adds a citation that answers nothing
 * the first did not ("The Credit Agreement is amended as provided in this Section"). An ask is left open only
 * when no sentence already cited covers its words (family coverage, read against the ask alone) as well as its
 * own best sentence does. Issue #16, item 1 (citation precision).
 */

/** One ask's decision, with the ask's own scoring of the candidates. */
export interface AskScoring<T extends ScoredCandidate> extends AskDecision<T> {
  scored: readonly T[];
}

/**
 * Each ask's decision, with nothing cited for an ask that a sentence already cited (`cited`, the whole question's
 * citations) covers at least as well as the ask's own best sentence. A whole question that cited nothing leaves
 * every ask as decided: the asks then answer the question.
 */
export function asksLeftOpen<T extends ScoredCandidate>(
  cited: readonly ScoredCandidate[],
  asks: readonly AskScoring<T>[],
): AskScoring<T>[] {
  if (cited.length === 0) return [...asks];
  return asks.map((a) => {
    const best = a.cited[0];
    if (!best || cited.some((c) => sameSentence(c, best))) return a;
    const covered = a.scored.some(
      (s) => cited.some((c) => sameSentence(c, s)) && s.familyCoverage >= best.familyCoverage,
    );
    return covered ? { ...a, cited: [] } : a;
  });
}
