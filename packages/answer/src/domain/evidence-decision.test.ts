import { describe, expect, it } from "vitest";
import type { EvidenceItem } from "./evidence.ts";
import {
  askedTerms,
  calibrate,
  DECISION_FEATURES,
  DECISION_MODEL_FORMAT,
  type DecisionExample,
  type DecisionModel,
  decideEvidence,
  decisionFeatures,
  fitCalibration,
  lexicalRelevance,
  namedClauses,
  parseDecisionModel,
  relevanceSignals,
  reliabilityTable,
  serializeDecisionModel,
  trainDecisionWeights,
} from "./evidence-decision.ts";
import { type Candidate, candidateSentences, plainAsk, provisionTerms, questionTerms } from "./evidence-model.ts";

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

  it("reads a question naming its contract inside the sentence as the same question after a naming part", async () => {
    const text = [
      "CO-BRANDING AGREEMENT",
      "This Co-Branding Agreement is made between VerticalNet, Inc. and Acme Corp.",
      "12. Governing Law. This Agreement shall be governed by the laws of the Commonwealth of Pennsylvania.",
      "13. Notices. Notices to VerticalNet, Inc. shall be sent to its offices in Horsham.",
    ].join("\n\n");
    const extract = text.split("\n\n").map((p, i): EvidenceItem => {
      const start = text.indexOf(p);
      return {
        id: `E${i + 1}`,
        documentId: "cb",
        version: "v1",
        nodeId: `n${i}`,
        start,
        end: start + p.length,
        text: p,
        docLabel: "Co-Branding Agreement",
        role: "base_agreement",
        effectiveDate: null,
        transactionSetId: null,
        clauseRef: null,
      };
    });
    const inside = "Which law governs the co-branding agreement with VerticalNet, Inc.?";
    const named = "Consider the co-branding agreement with VerticalNet, Inc.; Which law governs this contract?";
    expect(plainAsk(inside)).not.toMatch(/VerticalNet|agreement/i);
    const features = async (q: string) => {
      const cands = candidateSentences(provisionTerms(q, questionTerms(q)), extract, () => text);
      const signals = await relevanceSignals(q, cands, async (asked, texts) => lexicalRelevance(asked, texts));
      return { cands, xs: decisionFeatures(q, cands, signals) };
    };
    const a = await features(inside);
    const b = await features(named);
    const law = a.cands.findIndex((c) => /governed by the laws/.test(c.text));
    expect(law).toBeGreaterThanOrEqual(0);
    // the same coverage, relevance and every other feature for each sentence, whichever shape asks
    expect(a.xs.map((x) => [...x])).toEqual(b.xs.map((x) => [...x]));
    // the sentence that answers covers the question best; the notice clause, which names the party, not at all
    const at = (f: (typeof DECISION_FEATURES)[number], i: number) => a.xs[i]?.[DECISION_FEATURES.indexOf(f)];
    const notice = a.cands.findIndex((c) => /^Notices to/.test(c.text));
    expect(at("familyCoverage", law)).toBeGreaterThan(0);
    expect(at("familyCoverage", notice)).toBe(0);
    expect(at("coverageOrder", law)).toBe(1);
    expect(at("relevanceOrder", law)).toBe(1);
  });

  it("keeps the clause a question names when it drops the instrument and parties it names", () => {
    const q = "Does Acme's indemnity under Section 7 of the supply agreement with Acme survive termination?";
    expect(namedClauses(q)).toEqual(["7"]);
    expect(plainAsk(q)).toMatch(/Section 7/);
    expect(plainAsk(q)).not.toMatch(/Acme|supply agreement/);
  });

  it("reads the terms a question asks the meaning of, quoted or after 'what's', and marks the sentence defining one", () => {
    expect(askedTerms("What's a 'Contract Period' under the supply agreement?")).toContain("contract period");
    expect(askedTerms("What is the Closing Date under the agency agreement?")).toContain("closing date");
    expect(askedTerms("Who are the ‘Subsidiaries’ in the NDA?")).toContain("subsidiarie");
    // an apostrophe is no quote
    expect(askedTerms("Does Acme's warranty cover parts?")).toEqual([]);
    const item = { documentId: "d", version: "v", nodeId: "n", clauseRef: null } as unknown as EvidenceItem;
    const texts = [
      "The Contract Period shall be renewed each year unless terminated.",
      "Each twelve-month period from the Effective Date (a “Contract Period”) shall be measured separately.",
    ];
    const cands: Candidate[] = texts.map((text, i) => ({
      item,
      start: 0,
      end: text.length,
      text,
      rank: i + 1,
      index: 0,
      coverage: 1,
      familyCoverage: 1,
      words: new Set(text.toLowerCase().match(/[a-z]+/g) ?? []),
      heading: [],
      previous: new Set(),
    }));
    const xs = decisionFeatures("What's a 'Contract Period' under the supply agreement?", cands, {
      sentence: [0.5, 0.5],
      passage: [0.5, 0.5],
    });
    const defines = xs.map((x) => x[DECISION_FEATURES.indexOf("definesAskedTerm")]);
    expect(defines).toEqual([0, 1]);
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

  it("cites a second sentence only from another provision when the rule asks for that", () => {
    const at = (nodeId: string, p: number) => ({ p, item: { documentId: "d", nodeId } });
    const scored = [at("s1", 0.6), at("s1", 0.58), at("s2", 0.55), at("s3", 0.1)];
    const rule = { keepRatio: 0.7, maxSentences: 2 };
    expect(decideEvidence({ rule: { ...rule, threshold: 0.5 }, calibration: { a: 1, b: 0 } }, scored).cited).toEqual([
      scored[0],
      scored[1],
    ]);
    const other = decideEvidence(
      { rule: { ...rule, threshold: 0.5, otherProvision: true }, calibration: { a: 1, b: 0 } },
      scored,
    );
    expect(other.cited).toEqual([scored[0], scored[2]]);
  });

  it("reads from the extract as a whole whether anything stands out and whether the question's terms occur in it", () => {
    const item = { documentId: "d", version: "v", nodeId: "n", clauseRef: null } as unknown as EvidenceItem;
    const candidate = (text: string, familyCoverage: number, rank: number): Candidate => ({
      item,
      start: 0,
      end: text.length,
      text,
      rank,
      index: 0,
      coverage: familyCoverage,
      familyCoverage,
      words: new Set(text.toLowerCase().match(/[a-z]+/g) ?? []),
      heading: [],
      previous: new Set(),
    });
    const texts = [
      "The Recipient shall return all documents on request.",
      "The Recipient may disclose to its employees.",
      "The Recipient shall hold all information in confidence.",
    ];
    const cands = texts.map((t, i) => candidate(t, 0.3, i + 1));
    const col = (xs: Float64Array[], f: (typeof DECISION_FEATURES)[number]) =>
      xs.map((x) => x[DECISION_FEATURES.indexOf(f)] as number);
    const question = "What liquidated damages are owed for a breach?";
    // nothing stands out: the same relevance everywhere, no margin; the question's terms are absent
    const flat = decisionFeatures(question, cands, { sentence: [0.2, 0.2, 0.2], passage: [0.2, 0.2, 0.2] });
    expect(col(flat, "relevanceMargin")).toEqual([0, 0, 0]);
    expect(col(flat, "termsInExtract")[0]).toBe(0);
    // one sentence stands out: the margin is the same for every sentence of the extract
    const peaked = decisionFeatures(question, cands, { sentence: [0.9, 0.2, 0.1], passage: [0.5, 0.5, 0.5] });
    // (three sentences are read as five, two of them of no relevance: the median is 0.1)
    expect(col(peaked, "relevanceMargin")).toEqual([0.8, 0.8, 0.8].map((x) => expect.closeTo(x, 9)));
    // a lone sentence stands out from nothing, not from itself
    const lone = decisionFeatures(question, cands.slice(0, 1), { sentence: [0.6], passage: [0.6] });
    expect(col(lone, "relevanceMargin")[0]).toBeCloseTo(0.6, 9);
    // a question whose terms the extract holds
    const held = decisionFeatures("May the Recipient disclose to employees?", cands, {
      sentence: [0.2, 0.9, 0.2],
      passage: [0.2, 0.9, 0.2],
    });
    expect(col(held, "termsInExtract")[0]).toBeGreaterThan(0.5);
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
