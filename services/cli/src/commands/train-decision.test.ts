import type { Candidate, EvidenceItem } from "@lexnav/answer";
import { decideEvidence } from "@lexnav/answer";
import { describe, expect, it } from "vitest";
import { chooseRule, type RankedQuestion } from "./train-decision.ts";

/** A question of the natural bench whose one candidate sentence has probability `p` (gold or not). */
function question(id: number, p: number, hasEvidence: boolean): RankedQuestion {
  const item = {
    documentId: `d${id}`,
    version: "v",
    nodeId: "n",
    text: "x",
    clauseRef: null,
  } as unknown as EvidenceItem;
  const c = {
    item,
    start: 0,
    end: 1,
    text: "The Supplier shall deliver the goods.",
    rank: 1,
    index: 0,
    coverage: 0.5,
    familyCoverage: 0.5,
    words: new Set<string>(),
    heading: [],
    previous: new Set<string>(),
  } satisfies Candidate;
  return { dataset: "natural", hasEvidence, scored: [{ ...c, p, label: hasEvidence ? 1 : 0 }], references: [] };
}

describe("the evidence decision's rule, chosen on held-out probabilities", () => {
  // 11 questions the documents do not answer (one of them scored high), 20 that they do, spread out
  const silent = [0.3, 0.32, 0.34, 0.36, 0.38, 0.4, 0.42, 0.44, 0.46, 0.48, 0.8].map((p, i) => question(i, p, false));
  const answerable = Array.from({ length: 20 }, (_, i) => question(100 + i, 0.25 + i * 0.035, true));
  const ranked = [...silent, ...answerable];
  const figures = (rule: Parameters<typeof decideEvidence>[0]) => {
    const answers = (qs: RankedQuestion[]) => qs.filter((q) => decideEvidence(rule, q.scored).cited.length > 0).length;
    return { silent: 1 - answers(silent) / silent.length, cited: answers(answerable) };
  };

  it("is silent first (>= 90 % of not-in-the-documents questions), then cites gold for as many as it can", () => {
    const { rule, calibration, curve } = chooseRule(ranked, 0.9);
    const chosen = figures({ rule, calibration });
    expect(chosen.silent).toBeGreaterThanOrEqual(0.9);
    // no threshold as silent answers more of the answerable questions
    for (let t = 0.05; t <= 0.95; t += 0.01) {
      const other = figures({ rule: { ...rule, threshold: t }, calibration });
      if (other.silent >= 0.9) expect(other.cited).toBeLessThanOrEqual(chosen.cited);
    }
    expect(chosen.cited).toBeGreaterThan(0);
    // the curve runs from answering everything to silence on everything
    expect(curve[0]?.figures.natural?.noEvidence).toBeLessThan(0.9);
    expect(curve.at(-1)?.figures.natural?.noEvidence).toBe(1);
  });

  it("asks for less silence when told, and then answers more", () => {
    const strict = chooseRule(ranked, 0.9);
    const loose = chooseRule(ranked, 0.5);
    expect(figures(loose).silent).toBeGreaterThanOrEqual(0.5);
    expect(figures(loose).cited).toBeGreaterThan(figures(strict).cited);
  });
});
