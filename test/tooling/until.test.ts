import { describe, expect, it } from "vitest";
import { until } from "../support/stage-corpus.ts";

describe("until (the distributed tests' wait)", () => {
  it("returns the probe's first value", async () => {
    let n = 0;
    await expect(until("the third try", () => (++n >= 3 ? n : null), 10_000)).resolves.toBe(3);
  });

  it("times out naming what it waited for and, when told, how far it got", async () => {
    let seen = 0;
    await expect(
      until(
        "every document",
        () => {
          seen++;
          return null;
        },
        0,
        () => `${seen} probe(s), 7 of 30 applied`,
      ),
    ).rejects.toThrow(/^timed out waiting for every document \(\d+ probe\(s\), 7 of 30 applied\)$/);
    await expect(until("nothing", () => null, 0)).rejects.toThrow(/^timed out waiting for nothing$/);
  });
});
