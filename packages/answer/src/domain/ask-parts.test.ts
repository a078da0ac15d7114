import { describe, expect, it } from "vitest";
import { answerByAgreedParts, PART_FLOOR } from "./ask-parts.ts";
import { calibrate } from "./evidence-decision.ts";
import type { AskSentence } from "./multi-ask.ts";

describe("answerByAgreedParts", () => {
  const s = (documentId: string, nodeId: string, start: number, p: number, set = "set-1"): AskSentence => ({
    p,
    start,
    item: { documentId, version: "v1", nodeId, transactionSetId: set },
  });
  // the shipped decision's calibration and threshold (decision-v1.json)
  const bar = {
    calibrate: (raw: number) => calibrate({ a: 0.7738526720968998, b: 0.1418591549782144 }, raw),
    threshold: 0.46,
  };
  const reinstate = s("maintenance", "s4", 120, 0.26);
  const terminate = s("maintenance", "s4", 10, 0.26);
  const scored = [reinstate, terminate];
  const silent = { cited: [], probability: 0.34 };

  it("answers a silence with the sentence every ask puts first, when the asks together clear the bar", () => {
    // each ask alone is below the threshold; together (noisy-or) they clear it
    expect(bar.calibrate(0.31)).toBeLessThan(bar.threshold);
    const parts = [{ scored: [{ ...reinstate, p: 0.31 }, terminate] }, { scored: [{ ...reinstate, p: 0.17 }] }];
    const r = answerByAgreedParts(silent, parts, scored, bar);
    expect(r.cited).toEqual([reinstate]);
    // the whole question's candidate, not the ask's copy
    expect(r.cited[0]).toBe(reinstate);
    expect(r.probability).toBeCloseTo(bar.calibrate(1 - 0.69 * 0.83), 10);
    expect(r.probability).toBeGreaterThanOrEqual(bar.threshold);
  });

  it("stays silent when the asks put different sentences first", () => {
    const parts = [{ scored: [{ ...reinstate, p: 0.31 }] }, { scored: [{ ...terminate, p: 0.3 }] }];
    expect(answerByAgreedParts(silent, parts, scored, bar)).toBe(silent);
  });

  it("stays silent when one part is below its own bar, or the parts together below the decision's", () => {
    const weak = 0.05;
    expect(bar.calibrate(weak)).toBeLessThan(PART_FLOOR);
    const oneWeak = [{ scored: [{ ...reinstate, p: 0.38 }] }, { scored: [{ ...reinstate, p: weak }] }];
    expect(answerByAgreedParts(silent, oneWeak, scored, bar)).toBe(silent);
    const bothLow = [{ scored: [{ ...reinstate, p: 0.15 }] }, { scored: [{ ...reinstate, p: 0.15 }] }];
    expect(bar.calibrate(1 - 0.85 * 0.85)).toBeLessThan(bar.threshold);
    expect(answerByAgreedParts(silent, bothLow, scored, bar)).toBe(silent);
  });

  it("leaves an answer, a single ask, and a sentence the whole question did not score alone", () => {
    const parts = [{ scored: [{ ...reinstate, p: 0.31 }] }, { scored: [{ ...reinstate, p: 0.2 }] }];
    const answered = { cited: [terminate], probability: 0.5 };
    expect(answerByAgreedParts(answered, parts, scored, bar)).toBe(answered);
    expect(answerByAgreedParts(silent, parts.slice(0, 1), scored, bar)).toBe(silent);
    expect(answerByAgreedParts(silent, parts, [terminate], bar)).toBe(silent);
    expect(answerByAgreedParts(silent, [{ scored: [] }, ...parts], scored, bar)).toBe(silent);
  });

  it("never combines sentences of two deals that share a place", () => {
    const other = { ...reinstate, item: { ...reinstate.item, transactionSetId: "set-2" }, p: 0.2 };
    const parts = [{ scored: [{ ...reinstate, p: 0.31 }] }, { scored: [other] }];
    expect(answerByAgreedParts(silent, parts, scored, bar)).toBe(silent);
  });
});
