import { featureWords } from "../embedders/text-features.ts";
import type { RerankCandidate, Reranker } from "../ports/reranker.ts";
import { contentWords, flagIntents, parseQuestion } from "./question.ts";

/** Weights of the built-in reranker's features (tuned on dev questions, never on gold fields). */
// Measured on the first 400 CUAD dev questions: word coverage and proximity barely add to the fused
// ranking (which already saw the words); the heading and the flag intent add what it could not see.
export const RERANK_WEIGHTS: RerankWeights = { coverage: 0.1, proximity: 0.1, heading: 0.3, intent: 0.3, prior: 2 };

export interface RerankWeights {
  coverage: number;
  proximity: number;
  heading: number;
  intent: number;
  prior: number;
}

/**
 * The built-in reranker: a deterministic scorer over each candidate — how many of the question's
 * words it carries (idf-free coverage, rarer-in-candidates words weigh more), how close together they
 * sit, whether the provision's heading names them, and whether the provision's flags match what the
 * question asks for (an amount, a date, a rate, a cap, a definition, a condition). The candidate's
 * rank from the retrieval stage is kept as a prior, so reranking reorders, it does not start over.
 */
export function createBuiltinReranker(weights: RerankWeights = RERANK_WEIGHTS): Reranker {
  return {
    id: "builtin-rerank-1",
    async rerank(query: string, candidates: RerankCandidate[]): Promise<number[]> {
      const { ask } = parseQuestion(query);
      const terms = contentWords(ask);
      if (terms.length === 0 || candidates.length === 0) return candidates.map(() => 0);
      const intents = flagIntents(ask);
      const words = candidates.map((c) => featureWords(c.text));
      // A word that most candidates carry tells them apart less: weigh by candidate frequency.
      const df = new Map<string, number>();
      for (const ws of words) for (const t of new Set(ws)) df.set(t, (df.get(t) ?? 0) + 1);
      const weight = (t: string) => Math.log(1 + (candidates.length + 1) / (1 + (df.get(t) ?? 0)));
      const total = terms.reduce((s, t) => s + weight(t), 0) || 1;
      return candidates.map((c: RerankCandidate, i) => {
        const ws = words[i] as string[];
        const present = new Set(ws);
        const coverage = terms.reduce((s, t) => s + (present.has(t) ? weight(t) : 0), 0) / total;
        const headingWords = new Set(featureWords(c.heading));
        const heading = terms.filter((t) => headingWords.has(t)).length / terms.length;
        const intent = c.flags && intents.length > 0 ? intents.filter((f) => c.flags?.[f]).length / intents.length : 0;
        const prior = 1 / (1 + i / 10);
        return (
          weights.coverage * coverage +
          weights.proximity * proximity(ws, terms) +
          weights.heading * heading +
          weights.intent * intent +
          weights.prior * prior
        );
      });
    },
  };
}

/** 1 / (1 + span / matched) of the shortest window holding the most distinct question words (0 when < 2). */
function proximity(words: string[], terms: string[]): number {
  const wanted = new Set(terms);
  const positions: Array<[number, string]> = [];
  words.forEach((w, i) => {
    if (wanted.has(w)) positions.push([i, w]);
  });
  const distinct = new Set(positions.map(([, w]) => w)).size;
  if (distinct < 2) return 0;
  const counts = new Map<string, number>();
  let have = 0;
  let best = Number.POSITIVE_INFINITY;
  let lo = 0;
  for (let hi = 0; hi < positions.length; hi++) {
    const w = (positions[hi] as [number, string])[1];
    counts.set(w, (counts.get(w) ?? 0) + 1);
    if (counts.get(w) === 1) have++;
    while (have === distinct) {
      best = Math.min(best, (positions[hi] as [number, string])[0] - (positions[lo] as [number, string])[0] + 1);
      const lw = (positions[lo] as [number, string])[1];
      counts.set(lw, (counts.get(lw) ?? 0) - 1);
      if (counts.get(lw) === 0) have--;
      lo++;
    }
  }
  return distinct / (distinct + Math.max(0, best - distinct));
}
