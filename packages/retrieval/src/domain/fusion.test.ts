import { describe, expect, it } from "vitest";
import { RRF_K, reciprocalRankFusion, relativeScoreFusion } from "./fusion.ts";

describe("reciprocalRankFusion", () => {
  it("adds the votes of every list, so an item both lists rank well beats one list's winner", () => {
    const fused = reciprocalRankFusion([
      ["a", "b", "c"],
      ["d", "b", "e"],
    ]);
    expect(fused.map((f) => f.id)).toEqual(["b", "a", "d", "c", "e"]);
    expect(fused[0]?.score).toBeCloseTo(2 / (RRF_K + 2));
  });
});

describe("relativeScoreFusion", () => {
  it("keeps a list's clear winner ahead of an item both lists rank in the middle, where rank fusion does not", () => {
    // The lexical list finds "law" far above the rest; "mid" is second in both lists.
    const lexical = [
      { id: "law", score: 20 },
      { id: "mid", score: 6 },
      { id: "x", score: 5 },
      { id: "y", score: 4 },
    ];
    const dense = [
      { id: "z", score: 0.5 },
      { id: "mid", score: 0.4 },
      { id: "w", score: 0.3 },
    ];
    const fused = relativeScoreFusion([lexical, dense]);
    expect(fused[0]?.id).toBe("law");
    expect(fused[0]?.score).toBeCloseTo(1);
    expect(fused.find((f) => f.id === "mid")?.score).toBeCloseTo(2 / 16 + 0.1 / 0.2);
    const ranks = reciprocalRankFusion([lexical.map((c) => c.id), dense.map((c) => c.id)]);
    expect(ranks[0]?.id).toBe("mid");
  });

  it("gives every item of a list with one score the full share, and skips empty lists", () => {
    expect(relativeScoreFusion([[{ id: "a", score: 3 }], []])).toEqual([{ id: "a", score: 1 }]);
  });
});
