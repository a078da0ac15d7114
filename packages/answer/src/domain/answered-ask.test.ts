import { describe, expect, it } from "vitest";
import { asksLeftOpen } from "./answered-ask.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const item = evidenceItem("d", "x".repeat(4000));
const sentence = (text: string, at: number, familyCoverage: number, p = 0.3): ScoredCandidate =>
  scoredSentence(item, text, { at, p, familyCoverage });

describe("asksLeftOpen", () => {
  // the whole question's citation, as the second ask ("can the borrower extend it?") scores it
  const maturity = "'Final Maturity Date' means January 31, 2000; provided that the Company may extend it by one year";
  const amended = "The Credit Agreement is amended as provided in this Section ONE.";
  const cited = [sentence(maturity, 0, 0.5)];

  it("leaves no citation to an ask a sentence already cited covers as well as the ask's own best", () => {
    const own = sentence(amended, 200, 0.2, 0.6);
    const ask = { cited: [own], probability: 0.6, scored: [own, sentence(maturity, 0, 0.5, 0.4)] };
    expect(asksLeftOpen(cited, [ask])[0]?.cited).toEqual([]);
  });

  it("keeps an ask whose own best sentence covers it better than anything cited", () => {
    const own = sentence("The Borrower may extend the Final Maturity Date by notice to the Agent.", 200, 0.9, 0.6);
    const ask = { cited: [own], probability: 0.6, scored: [own, sentence(maturity, 0, 0.5, 0.4)] };
    expect(asksLeftOpen(cited, [ask])[0]?.cited).toEqual([own]);
  });

  it("leaves every ask as decided when the whole question cited nothing", () => {
    const own = sentence(amended, 200, 0.2, 0.6);
    const ask = { cited: [own], probability: 0.6, scored: [own, sentence(maturity, 0, 0.5, 0.4)] };
    expect(asksLeftOpen([], [ask])[0]?.cited).toEqual([own]);
  });
});
