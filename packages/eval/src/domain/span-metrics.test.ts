import { describe, expect, it } from "vitest";
import { overlapStats, precisionAtK, recallAtK, recallAtTokens } from "./span-metrics.ts";

const gold = [{ file: "a.txt", start: 100, end: 200 }];

describe("span metrics (LegalBench-RAG definitions)", () => {
  it("counts characters inside gold spans for precision and recall", () => {
    const ranked = [
      { file: "a.txt", start: 150, end: 250 }, // 50 of 100 chars inside gold
      { file: "b.txt", start: 100, end: 200 }, // other file: no overlap
    ];
    expect(precisionAtK(ranked, gold, 1)).toBeCloseTo(0.5);
    expect(recallAtK(ranked, gold, 1)).toBeCloseTo(0.5);
    expect(precisionAtK(ranked, gold, 2)).toBeCloseTo(0.25);
    expect(recallAtK(ranked, gold, 2)).toBeCloseTo(0.5);
  });

  it("does not count overlapping passages twice", () => {
    const ranked = [
      { file: "a.txt", start: 100, end: 180 },
      { file: "a.txt", start: 120, end: 200 },
    ];
    expect(overlapStats(ranked, gold)).toEqual({ hit: 100, retrieved: 100, gold: 100 });
    expect(recallAtK(ranked, gold, 2)).toBe(1);
  });

  it("stops filling the token budget at the first passage that does not fit", () => {
    const ranked = [
      { file: "a.txt", start: 0, end: 100, tokens: 300 },
      { file: "a.txt", start: 100, end: 200, tokens: 300 },
    ];
    expect(recallAtTokens(ranked, gold, 500)).toBe(0);
    expect(recallAtTokens(ranked, gold, 600)).toBe(1);
  });
});
