import { describe, expect, it } from "vitest";
import {
  calibrate,
  DECISION_FEATURES,
  DECISION_MODEL_FORMAT,
  type DecisionExample,
  type DecisionModel,
  decideEvidence,
  fitCalibration,
  lexicalRelevance,
  namedClauses,
  parseDecisionModel,
  reliabilityTable,
  serializeDecisionModel,
  trainDecisionWeights,
} from "./evidence-decision.ts";

const zero = Object.fromEntries(DECISION_FEATURES.map((f) => [f, 0])) as DecisionModel["weights"];

describe("evidence decision", () => {
  it("rates the sentence that answers above the others by the built-in relevance, a family word counting", () => {
    const r = lexicalRelevance("Under which state's laws is the deal construed?", [
      "The Borrower shall keep all Lender information confidential.",
      "This Agreement shall be governed by and construed under the laws of the State of New York.",
      "Each Lender agrees to make Revolving Loans to the Borrower.",
    ]);
    expect(r[1]).toBeGreaterThan(0);
    expect(r[1]).toBeGreaterThan(Math.max(r[0] as number, r[2] as number));
    // "terminate" meets "termination" by family, though no word is equal
    const [family] = lexicalRelevance("How can it terminate?", ["Termination for convenience on notice."]);
    expect(family).toBeGreaterThan(0);
  });

  it("reads the clauses a question names", () => {
    expect(namedClauses("What does Section 17(d) of the franchise agreement say?")).toEqual(["17(d)"]);
    expect(namedClauses("Is § 4.2 amended?")).toEqual(["4.2"]);
    expect(namedClauses("Who pays the fees?")).toEqual([]);
  });

  it("learns from the evidence, not from a word of the question: a feature that separates the labels gets the weight", () => {
    const rows: DecisionExample[] = [];
    for (let i = 0; i < 400; i++) {
      const x = new Float64Array(DECISION_FEATURES.length);
      const relevant = i % 4 === 0;
      x[DECISION_FEATURES.indexOf("relevance")] = relevant ? 0.6 + (i % 7) * 0.03 : 0.1 + (i % 5) * 0.03;
      x[DECISION_FEATURES.indexOf("logRank")] = Math.log(1 + (i % 10));
      rows.push({ x, label: relevant ? 1 : 0 });
    }
    const m = trainDecisionWeights(rows);
    expect(m.weights.relevance).toBeGreaterThan(5);
    expect(Math.abs(m.weights.logRank)).toBeLessThan(m.weights.relevance / 5);
  });

  it("is silent when the calibrated chance that a cited sentence is evidence is under the threshold", () => {
    const model = { rule: { threshold: 0.5, keepRatio: 0.7, maxSentences: 2 }, calibration: { a: 1, b: 0 } };
    // one weak sentence: 0.3 < 0.5
    expect(decideEvidence(model, [{ p: 0.3 }, { p: 0.05 }]).cited).toEqual([]);
    // two sentences close to each other: 1 − 0.6 · 0.64 = 0.62 pooled, both cited
    const two = decideEvidence(model, [{ p: 0.4 }, { p: 0.36 }, { p: 0.1 }]);
    expect(two.cited).toEqual([{ p: 0.4 }, { p: 0.36 }]);
    expect(two.probability).toBeCloseTo(1 - 0.6 * 0.64, 6);
    // a calibration that shrinks confidence turns that into a silence
    expect(decideEvidence({ ...model, calibration: { a: 1, b: -1 } }, [{ p: 0.4 }, { p: 0.36 }]).cited).toEqual([]);
  });

  it("calibrates over-confident scores down, and the reliability table bins predictions against outcomes", () => {
    // raw 0.9 is evidence half the time, raw 0.1 never
    const raw = [...Array(50).fill(0.9), ...Array(50).fill(0.1)];
    const outcome = [
      ...Array(50)
        .fill(0)
        .map((_, i) => (i % 2) as 0 | 1),
      ...Array(50).fill(0),
    ] as (0 | 1)[];
    const c = fitCalibration(raw, outcome);
    expect(calibrate(c, 0.9)).toBeGreaterThan(0.35);
    expect(calibrate(c, 0.9)).toBeLessThan(0.65);
    expect(calibrate(c, 0.1)).toBeLessThan(0.1);
    const table = reliabilityTable(
      raw.map((r) => calibrate(c, r)),
      outcome,
    );
    expect(table.reduce((s, b) => s + b.questions, 0)).toBe(100);
    const high = table.at(-1);
    expect(high?.observed).toBeCloseTo(0.5, 6);
  });

  it("reads back what it writes, and refuses a model that lacks a weight", () => {
    const m: DecisionModel = {
      format: DECISION_MODEL_FORMAT,
      relevance: "builtin-lexical-cosine",
      weights: { ...zero, relevance: 4 },
      bias: -2,
      calibration: { a: 0.9, b: -0.1 },
      rule: { threshold: 0.4, keepRatio: 0.7, maxSentences: 2 },
      reliability: [],
      provenance: {},
    };
    expect(parseDecisionModel(serializeDecisionModel(m))).toEqual(m);
    const broken = JSON.parse(serializeDecisionModel(m));
    delete broken.weights.relevance;
    expect(() => parseDecisionModel(JSON.stringify(broken))).toThrow(/weights must give a number/);
  });
});
