import { describe, expect, it } from "vitest";
import { RRF_K, reciprocalRankFusion } from "./fusion.ts";

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
