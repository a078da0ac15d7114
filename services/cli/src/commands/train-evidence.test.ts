import { type Candidate, candidateSentences } from "@lexnav/answer";
import { describe, expect, it } from "vitest";
import {
  asAnsweredMetrics,
  chooseDecision,
  floorWithMargin,
  heldOutMetrics,
  type Question,
  type Row,
  type ScoredQuestion,
} from "./train-evidence.ts";

// ContractNLI-like questions with one candidate each: its probability, and whether it is gold.
function questions(spec: Array<[count: number, p: number, evidence: boolean, gold: boolean]>) {
  const probs = new Map<ScoredQuestion, number[]>();
  for (const [count, p, evidence, gold] of spec)
    for (let i = 0; i < count; i++)
      probs.set({ dataset: "contractnli", hasEvidence: evidence, rows: [{ label: gold ? 1 : 0 }] }, [p]);
  return { qs: [...probs.keys()], probs };
}

describe("choosing the evidence decision on held-out probabilities", () => {
  it("meets a target where it can, even when a decision missing it is closer in total", () => {
    const { qs, probs } = questions([
      [84, 0.1, false, false], // silent, confidently
      [1, 0.2, false, false], // silent, less so: abstaining on it reaches 85 %
      [15, 0.5, false, false],
      [30, 0.15, true, true], // gold, found with low probability
      [30, 0.6, true, true],
      [40, 0.6, true, false],
    ]);
    const d = chooseDecision(qs, probs);
    const m = heldOutMetrics(qs, probs, d).contractnli;
    // Abstaining on 85 % of silent questions costs half the cited gold; the total shortfall alone
    // would keep answering (84 % / 60 %), the rule takes the met target (85 % / 30 %).
    expect(m?.noEvidence).toBeGreaterThanOrEqual(0.85);
    expect(m?.withEvidence).toBeCloseTo(0.3, 6);
    expect(d.threshold).toBeGreaterThan(0.2);
  });

  it("among decisions meeting as many targets, takes the smallest total shortfall", () => {
    const { qs, probs } = questions([
      [90, 0.1, false, false],
      [10, 0.5, false, false],
      [50, 0.3, true, true],
      [50, 0.6, true, true],
    ]);
    const d = chooseDecision(qs, probs);
    // Every threshold from 0.11 to 0.30 abstains on 90 % of silent questions; the lowest cites most gold.
    expect(heldOutMetrics(qs, probs, d).contractnli).toMatchObject({ noEvidence: 0.9, withEvidence: 1 });
  });

  it("pools the best sentences' chances when evidence is spread over several and silence is not", () => {
    const probs = new Map<ScoredQuestion, number[]>();
    for (let i = 0; i < 100; i++) {
      // silent: one sentence that looks likely on its own
      probs.set({ dataset: "contractnli", hasEvidence: false, rows: [{ label: 0 }] }, [0.45]);
      // evidence: three list items, none sure of itself
      probs.set(
        { dataset: "contractnli", hasEvidence: true, rows: [{ label: 1 }, { label: 1 }, { label: 1 }] },
        [0.3, 0.3, 0.3],
      );
    }
    const qs = [...probs.keys()];
    const d = chooseDecision(qs, probs);
    expect(d.pool ?? 1).toBeGreaterThanOrEqual(3);
    expect(heldOutMetrics(qs, probs, d).contractnli).toMatchObject({ noEvidence: 1, withEvidence: 1 });
  });

  it("counts a target as met only with a standard error to spare", () => {
    expect(floorWithMargin(0.85, 100)).toBeCloseTo(0.85 + Math.sqrt(0.1275 / 100), 12);
    expect(floorWithMargin(0.7, 0)).toBe(0.7);
    const { qs, probs } = questions([
      [85, 0.1, false, false],
      [5, 0.3, false, false], // abstaining on these too clears 85 % by more than its ±3.6 points
      [10, 0.5, false, false],
      [50, 0.4, true, true],
      [50, 0.6, true, true],
    ]);
    // Thresholds 0.11–0.30 meet 85 % exactly, 0.31–0.40 reach 90 % and cite as much gold: the margin
    // tells them apart.
    expect(heldOutMetrics(qs, probs, chooseDecision(qs, probs)).contractnli).toMatchObject({
      noEvidence: 0.9,
      withEvidence: 1,
    });
  });
});

describe("held-out figures as the answerer answers", () => {
  it("scores a picked heading line by the sentence the answerer cites in its place", () => {
    const text = "Events of Default.\nIf any of the following events occurs, the Lenders may accelerate the Loans.";
    const item = {
      id: "E1",
      documentId: "d",
      version: "v",
      nodeId: "n",
      start: 0,
      end: text.length,
      text,
      docLabel: "d",
      role: "base_agreement" as const,
      effectiveDate: null,
      transactionSetId: null,
      clauseRef: "Section 10.01",
    };
    const candidates = candidateSentences(["events", "default"], [item], () => text);
    expect(candidates.map((c) => c.headingLine)).toEqual([true, false]);
    const [heading, body] = candidates as [Candidate, Candidate];
    const row = (candidate: Candidate, label: 0 | 1) => ({ candidate, label }) as Row;
    const q: Question = {
      dataset: "cuad",
      queryId: "q1",
      question: "What are the events of default?",
      typeKey: "k",
      fold: 0,
      hasEvidence: true,
      rows: [row(heading, 0), row(body, 1)],
    };
    // the model likes the heading best and the decision cites it alone
    const probs = new Map([[q, [0.9, 0.3]]]);
    const d = { threshold: 0.5, keepRatio: 0.9, maxSentences: 1 };
    expect(heldOutMetrics([q], probs, d).cuad?.withEvidence).toBe(0);
    const answered = asAnsweredMetrics([q], probs, d).cuad;
    expect(answered?.withEvidence).toBe(1);
    expect(answered?.citationPrecision).toBe(1);
  });
});
