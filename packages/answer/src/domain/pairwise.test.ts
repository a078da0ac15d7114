import { describe, expect, it } from "vitest";
import { betaQuantile, clopperPearson, logGamma, regularizedBeta } from "./clopper-pearson.ts";
import { forcedOutcome, pairOutcome, parseJudgeVerdict, summarisePairwise } from "./pairwise.ts";

describe("Clopper-Pearson", () => {
  it("matches published exact intervals", () => {
    const a = clopperPearson(5, 10);
    expect(a.lower).toBeCloseTo(0.187086, 5);
    expect(a.upper).toBeCloseTo(0.812914, 5);
    const b = clopperPearson(0, 10);
    expect(b.lower).toBe(0);
    expect(b.upper).toBeCloseTo(1 - 0.025 ** (1 / 10), 8); // closed form at k = 0
    const c = clopperPearson(10, 10);
    expect(c.lower).toBeCloseTo(0.025 ** (1 / 10), 8);
    expect(c.upper).toBe(1);
    const d = clopperPearson(1, 2);
    expect(d.lower).toBeCloseTo(0.012579, 5);
    expect(d.upper).toBeCloseTo(0.987421, 5);
    const e = clopperPearson(37, 100);
    expect(e.lower).toBeCloseTo(0.2755666, 6);
    expect(e.upper).toBeCloseTo(0.4723516, 6);
  });

  it("widens with confidence and rejects impossible counts", () => {
    const ninety = clopperPearson(30, 60, 0.9);
    const ninetyNine = clopperPearson(30, 60, 0.99);
    expect(ninetyNine.lower).toBeLessThan(ninety.lower);
    expect(ninetyNine.upper).toBeGreaterThan(ninety.upper);
    expect(() => clopperPearson(11, 10)).toThrow(RangeError);
    expect(() => clopperPearson(1.5, 10)).toThrow(RangeError);
    expect(clopperPearson(0, 0)).toMatchObject({ lower: 0, upper: 1 });
  });

  it("special functions agree with known values", () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 12);
    expect(regularizedBeta(0.5, 2, 2)).toBeCloseTo(0.5, 12);
    expect(regularizedBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(betaQuantile(0.5, 3, 3)).toBeCloseTo(0.5, 9);
  });
});

describe("position-swapped pairwise verdicts", () => {
  it("counts a win only when both orders agree", () => {
    expect(pairOutcome("first", "second")).toBe("a"); // A first chosen, then A (shown second) chosen
    expect(pairOutcome("second", "first")).toBe("b");
    expect(pairOutcome("first", "first")).toBe("tie"); // position bias: always the first
    expect(pairOutcome("second", "second")).toBe("tie");
    expect(pairOutcome("tie", "second")).toBe("tie");
  });

  it("reads hedged or unparseable verdicts as ties", () => {
    expect(parseJudgeVerdict("Reasoning...\nVerdict: first")).toBe("first");
    expect(parseJudgeVerdict("VERDICT: **second**")).toBe("second");
    expect(parseJudgeVerdict("Verdict: both are equally good")).toBe("tie");
    expect(parseJudgeVerdict("I cannot decide; they are similar")).toBe("tie");
    expect(parseJudgeVerdict("Verdict: tie")).toBe("tie");
  });

  it("a forced decision only breaks ties, and still needs agreement", () => {
    expect(forcedOutcome("a", { aFirst: "second", bFirst: "first" })).toBe("a");
    expect(forcedOutcome("tie", { aFirst: "second", bFirst: "first" })).toBe("b");
    expect(forcedOutcome("tie", { aFirst: "first", bFirst: "first" })).toBe("tie");
    expect(forcedOutcome("tie", null)).toBe("tie");
  });

  it("summarises with exact intervals", () => {
    const s = summarisePairwise(["a", "a", "a", "b", "tie", "tie", "a", "a", "b", "a"]);
    expect(s).toMatchObject({ questions: 10, aWins: 6, bWins: 2, ties: 2 });
    expect(s.aWinRate.estimate).toBeCloseTo(0.6, 12);
    expect(s.aWinRate.lower).toBeCloseTo(0.262378, 5);
    expect(s.aWinRate.upper).toBeCloseTo(0.8784477, 6);
    expect(s.aShareOfDecided.trials).toBe(8);
  });
});
