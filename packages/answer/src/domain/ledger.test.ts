import { describe, expect, it } from "vitest";
import { costCurve, costReport, crossover, queryCost } from "./cost-model.ts";
import { buildLedger, DEFAULT_PRICE_CARD, entryDollars, formatLedger, mergeLedgers } from "./ledger.ts";

const entry = {
  stage: "answer",
  model: "m",
  inputTokens: 1_000_000,
  cacheWriteTokens: 0,
  cacheReadTokens: 0,
  outputTokens: 0,
};

describe("ledger", () => {
  it("prices each token column with the default card", () => {
    expect(entryDollars(entry).total).toBeCloseTo(3.0, 10);
    const d = entryDollars({
      ...entry,
      inputTokens: 2000,
      cacheWriteTokens: 10_000,
      cacheReadTokens: 100_000,
      outputTokens: 500,
    });
    expect(d.input).toBeCloseTo(0.006, 10);
    expect(d.cacheWrite).toBeCloseTo(0.0375, 10);
    expect(d.cacheRead).toBeCloseTo(0.03, 10);
    expect(d.output).toBeCloseTo(0.0075, 10);
    expect(d.total).toBeCloseTo(0.081, 10);
  });

  it("keeps the token footprint and the dollars in separate columns and sums a run", () => {
    const q1 = buildLedger([
      { stage: "plan", model: "m", inputTokens: 100, cacheWriteTokens: 5000, cacheReadTokens: 0, outputTokens: 40 },
      { stage: "answer", model: "m", inputTokens: 900, cacheWriteTokens: 0, cacheReadTokens: 0, outputTokens: 200 },
    ]);
    const q2 = buildLedger([
      { stage: "plan", model: "m", inputTokens: 100, cacheWriteTokens: 0, cacheReadTokens: 5000, outputTokens: 40 },
    ]);
    expect(q1.tokens).toEqual({ input: 1000, cacheWrite: 5000, cacheRead: 0, output: 240, total: 6240 });
    const run = mergeLedgers([q1, q2]);
    expect(run.entries).toHaveLength(3);
    expect(run.tokens.cacheRead).toBe(5000);
    expect(run.dollars.total).toBeCloseTo(q1.dollars.total + q2.dollars.total, 12);
    const table = formatLedger(run);
    expect(table.split("\n")[0]).toMatch(/input\s+cache-write\s+cache-read\s+output\s+\$input/);
    expect(table).toMatch(/^total/m);
  });

  it("honours a custom price card", () => {
    const card = { input: 1, cacheWrite: 2, cacheRead: 0.1, output: 5 };
    expect(buildLedger([entry], card).dollars.total).toBeCloseTo(1, 10);
  });
});

describe("cost model", () => {
  it("puts the warm crossover at R·p_in/p_read and the navindex one at I + S·p_in/p_read", () => {
    const c = crossover({ corpusTokens: 50_000, payloadTokens: 4000, indexTokens: 20_000, selectedTokens: 3000 });
    expect(c.injectVsNavembed).toBeCloseTo(40_000, 6); // 4000 * 3 / 0.3
    expect(c.injectVsNavembedCold).toBeCloseTo(3200, 6); // 4000 * 3 / 3.75
    expect(c.injectVsNavindex).toBeCloseTo(50_000, 6); // 20000 + 3000 * 10
    expect(c.cheaperWarm.versusNavembed).toBe("navembed");
    expect(c.cheaperWarm.versusNavindex).toBe("navindex"); // C == crossover: not strictly below
    expect(crossover({ corpusTokens: 39_999, payloadTokens: 4000 }).cheaperWarm).toEqual({
      versusNavembed: "inject",
      versusNavindex: null,
    });
  });

  it("a warm inject query and a navembed query cost the same exactly at the crossover", () => {
    const w = { corpusTokens: 40_000, payloadTokens: 4000 };
    const q = queryCost(2, w, { kind: "warm" });
    expect(q.inject).toBeCloseTo(q.navembed, 12);
    // first query writes the cache
    expect(queryCost(1, w, { kind: "warm" }).inject).toBeCloseTo((40_000 * 3.75) / 1e6, 12);
  });

  it("cumulates: one cache write then reads when warm, a write every m queries when the cache expires", () => {
    const w = { corpusTokens: 100_000, payloadTokens: 5000, indexTokens: 10_000 };
    const warm = costCurve(w, { kind: "warm" }, [1, 10]);
    const write = (100_000 * 3.75) / 1e6;
    const read = (100_000 * 0.3) / 1e6;
    expect(warm[0]?.inject).toBeCloseTo(write, 12);
    expect(warm[1]?.inject).toBeCloseTo(write + 9 * read, 12);
    expect(warm[1]?.navembed).toBeCloseTo((10 * 5000 * 3) / 1e6, 12);
    const exp = costCurve(w, { kind: "expires", every: 3 }, [10]);
    // writes at queries 1, 4, 7, 10
    expect(exp[0]?.inject).toBeCloseTo(4 * write + 6 * read, 12);
    const idxWrite = (10_000 * 3.75) / 1e6;
    const idxRead = (10_000 * 0.3) / 1e6;
    expect(exp[0]?.navindex).toBeCloseTo(4 * idxWrite + 6 * idxRead + (10 * 5000 * 3) / 1e6, 12);
    const everyQuery = costCurve(w, { kind: "expires", every: 1 }, [5]);
    expect(everyQuery[0]?.inject).toBeCloseTo(5 * write, 12);
  });

  it("reports curves at the requested points and the card it used", () => {
    const r = costReport({ corpusTokens: 1000, payloadTokens: 500 }, { points: [1, 3], expiryEvery: 2 });
    expect(r.warm.map((p) => p.queries)).toEqual([1, 3]);
    expect(r.expiring).toHaveLength(2);
    expect(r.priceCard).toEqual(DEFAULT_PRICE_CARD);
    expect(r.workload.indexTokens).toBeNull();
    expect(r.perWarmQuery.navindex).toBeNull();
  });
});
