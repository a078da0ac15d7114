import { emptyFlags } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import {
  createBuiltinReranker,
  fitRerankWeights,
  parseRerankWeights,
  RERANK_FEATURES,
  RERANK_WEIGHTS,
  rerankFeatures,
} from "./builtin-reranker.ts";

describe("the built-in reranker", () => {
  const reranker = createBuiltinReranker();
  it("puts the passage that carries the question's words, close together and under a matching heading, first", async () => {
    const scores = await reranker.rerank(
      "Consider the Supply Agreement between A and B; Which law governs this contract?",
      [
        {
          id: "notices",
          text: "All notices shall be in writing and delivered to the address below.",
          heading: "Notices",
          flags: null,
        },
        {
          id: "law",
          text: "This Agreement shall be governed by the laws of the State of New York.",
          heading: "Governing Law",
          flags: emptyFlags(),
        },
      ],
    );
    expect(scores[1]).toBeGreaterThan(scores[0] as number);
  });

  it("prefers a provision whose flags match what the question asks for when the words tie", async () => {
    const cap = { ...emptyFlags(), hasLiabilityLimit: true };
    const scores = await reranker.rerank("Is there a cap on liability?", [
      { id: "a", text: "liability of either party", heading: "", flags: emptyFlags() },
      { id: "b", text: "liability of either party", heading: "", flags: cap },
    ]);
    // b stands second, so the rank prior favours a: the flag match must outweigh it.
    expect(scores[1]).toBeGreaterThan(scores[0] as number);
  });
});

describe("the reranker's features", () => {
  const feature = (xs: number[][], i: number, f: (typeof RERANK_FEATURES)[number]) =>
    (xs[i] as number[])[RERANK_FEATURES.indexOf(f)];
  it("reads a recital, a table-of-contents entry, a definition not asked for and a short line", () => {
    const toc = { ...emptyFlags(), isTocEntry: true };
    const def = { ...emptyFlags(), isDefinition: true };
    const xs = rerankFeatures("When may the licensee terminate the license?", [
      {
        id: "r",
        text: "WHEREAS, the licensee wishes to terminate the license before the end of its initial term;",
        heading: "",
        flags: null,
      },
      { id: "t", text: "Termination of the License ........ 12", heading: "Contents", flags: toc },
      { id: "d", text: "“License” means the license granted under Section 2.", heading: "Definitions", flags: def },
      { id: "s", text: "Termination.", heading: "Article 9", flags: emptyFlags() },
    ]);
    expect([0, 1, 2, 3].map((i) => feature(xs, i, "recital"))).toEqual([1, 0, 0, 0]);
    expect([0, 1, 2, 3].map((i) => feature(xs, i, "toc"))).toEqual([0, 1, 0, 0]);
    expect([0, 1, 2, 3].map((i) => feature(xs, i, "definitionUnasked"))).toEqual([0, 0, 1, 0]);
    expect(feature(xs, 3, "short")).toBe(1);
    expect(feature(xs, 0, "short")).toBe(0);
    // a definition the question asks for is not counted against it
    const asked = rerankFeatures("How is License defined?", [
      { id: "d", text: "“License” means the license granted under Section 2.", heading: "", flags: def },
    ]);
    expect(feature(asked, 0, "definitionUnasked")).toBe(0);
  });

  it("counts the question's word pairs the passage writes side by side, not apart", () => {
    const xs = rerankFeatures("Is there a change of control clause?", [
      { id: "a", text: "Upon a change of control of either party the other may terminate.", heading: "", flags: null },
      { id: "b", text: "No change shall be made without the control of the board.", heading: "", flags: null },
    ]);
    // "change control" and "control clause": the first written side by side, the second not at all
    expect(feature(xs, 0, "pairs")).toBe(0.5);
    expect(feature(xs, 1, "pairs")).toBe(0);
  });

  it("scores each candidate by its features and the weights, and reads the stages that ranked it", async () => {
    const candidates = [
      {
        id: "a",
        text: "The fee is payable within thirty days of the invoice.",
        heading: "Fees",
        flags: emptyFlags(),
        stages: [{ stage: "dense", score: 0.7, rank: 3 }],
      },
      {
        id: "b",
        text: "Notices go to the address below.",
        heading: "Notices",
        flags: null,
        stages: [{ stage: "corpus", score: 4, rank: 1 }],
      },
    ];
    const q = "When is the fee payable?";
    const xs = rerankFeatures(q, candidates);
    expect([feature(xs, 0, "dense"), feature(xs, 0, "lexical")]).toEqual([1 / 1.2, 0]);
    expect([feature(xs, 1, "dense"), feature(xs, 1, "lexical")]).toEqual([0, 1]);
    const scores = await createBuiltinReranker().rerank(q, candidates);
    xs.forEach((x, i) => {
      const expected = RERANK_FEATURES.reduce((s, f, j) => s + RERANK_WEIGHTS[f] * (x[j] as number), 0);
      expect(scores[i]).toBeCloseTo(expected, 10);
    });
    expect(scores[0]).toBeGreaterThan(scores[1] as number);
  });
});

describe("fitting the reranker's weights", () => {
  // Candidates described by their features: a recital ranked above the operative clause it introduces.
  const at = (values: Partial<Record<(typeof RERANK_FEATURES)[number], number>>) =>
    RERANK_FEATURES.map((f) => values[f] ?? 0);
  // gold first with nothing above it, or below the recital that introduces it
  const question = (gold: number) => ({
    xs: [0, 1, 2, 3].map((i) => at({ prior: 1 / (1 + i / 10), recital: i === gold - 1 ? 1 : 0, coverage: 0.5 })),
    labels: [0, 1, 2, 3].map((i): 0 | 1 => (i === gold ? 1 : 0)),
  });
  it("learns that a recital above the gold clause should fall below it, and keeps the prior's scale", async () => {
    const examples = Array.from({ length: 40 }, (_, n) => question(n % 2));
    const w = fitRerankWeights(examples);
    expect(w.prior).toBe(RERANK_WEIGHTS.prior);
    expect(w.recital).toBeLessThan(0);
    // with the fitted weights, each question's gold candidate comes first
    const reranker = createBuiltinReranker(w);
    for (const e of examples.slice(0, 2)) {
      const scores = e.xs.map((x) => RERANK_FEATURES.reduce((s, f, j) => s + (x[j] as number) * w[f], 0));
      const best = scores.indexOf(Math.max(...scores));
      expect(e.labels[best]).toBe(1);
    }
    expect(reranker.id).toMatch(/^builtin-rerank-2-[0-9a-f]{8}$/);
    expect(createBuiltinReranker().id).toBe("builtin-rerank-2");
  });

  it("learns nothing from questions without both a gold and another candidate", () => {
    const w = fitRerankWeights([{ xs: [at({ prior: 1, recital: 1 })], labels: [1] }]);
    expect(RERANK_FEATURES.every((f) => w[f] === 0 || f === "prior")).toBe(true);
  });
});

describe("reading weights from a file", () => {
  it("takes what the fit writes, and refuses JSON that is not every feature as a finite number", () => {
    expect(parseRerankWeights(JSON.stringify(RERANK_WEIGHTS))).toEqual(RERANK_WEIGHTS);
    expect(() => parseRerankWeights("{")).toThrow(/not JSON/);
    expect(() => parseRerankWeights("[1, 2]")).toThrow(/not an object/);
    expect(() => parseRerankWeights(JSON.stringify({ ...RERANK_WEIGHTS, prior: "2" }))).toThrow(
      /not a finite number: prior/,
    );
    const { short: _short, ...missing } = RERANK_WEIGHTS;
    expect(() => parseRerankWeights(JSON.stringify(missing), "w.json")).toThrow(
      /w.json do not fit this reranker \(missing short\)/,
    );
  });
});

describe("the stages a candidate says ranked it", () => {
  const q = "When is the fee payable?";
  const at = (stages: Array<{ stage: string; score: number; rank: number }>) =>
    rerankFeatures(q, [
      { id: "a", text: "The fee is payable in thirty days.", heading: "", flags: null, stages },
    ])[0] as number[];
  const dense = RERANK_FEATURES.indexOf("dense");
  it("reads rank 0 as not ranked there, not as better than first", () => {
    expect(at([{ stage: "dense", score: 0.9, rank: 0 }])[dense]).toBe(0);
    expect(
      at([
        { stage: "dense", score: 0.9, rank: 0 },
        { stage: "corpus-dense", score: 0.8, rank: 3 },
      ])[dense],
    ).toBe(1 / 1.2);
  });

  it("takes the best of many without running out of stack", () => {
    const many = Array.from({ length: 300_000 }, (_, i) => ({ stage: "dense", score: 0, rank: i + 2 }));
    expect(at(many)[dense]).toBe(1 / 1.1);
  });
});
