import { describe, expect, it } from "vitest";
import { histogramQuantile } from "./status.ts";

describe("histogramQuantile", () => {
  const inf = Number.POSITIVE_INFINITY;
  it("interpolates inside the bucket holding the rank, as Prometheus does", () => {
    // 10 observations: 4 in (0, 1], 6 in (1, 5]
    const h = [
      { le: 1, n: 4 },
      { le: 5, n: 10 },
      { le: inf, n: 10 },
    ];
    expect(histogramQuantile(0.5, h)).toBeCloseTo(1 + (4 * 1) / 6);
    expect(histogramQuantile(0.2, h)).toBeCloseTo(0.5);
    expect(histogramQuantile(0.99, h)).toBeCloseTo(1 + (4 * 5.9) / 6);
  });
  it("gives the highest finite bound for a rank in +Inf, and null for an empty histogram", () => {
    expect(
      histogramQuantile(0.99, [
        { le: 1, n: 1 },
        { le: inf, n: 10 },
      ]),
    ).toBe(1);
    expect(histogramQuantile(0.5, [{ le: inf, n: 0 }])).toBeNull();
  });
});
