import { describe, expect, it } from "vitest";
import type { ScoredCandidate } from "./evidence-model.ts";
import { asksNow, priorStateLast, statesPrior } from "./prior-state-last.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const item = evidenceItem("d", "x".repeat(4000));
const sentence = (text: string, p: number, at: number): ScoredCandidate => scoredSentence(item, text, { p, at });

describe("asksNow and statesPrior", () => {
  it("read a question of what holds now and a sentence that states the position before a change", () => {
    expect(asksNow("When does the current renewal term end now?")).toBe(true);
    expect(asksNow("What is the maturity date as amended?")).toBe(true);
    expect(asksNow("When does the renewal term end?")).toBe(false);
    expect(statesPrior("the current Renewal Term commenced June 28, 2018 and would terminate June 28, 2025.")).toBe(
      true,
    );
    expect(statesPrior("The Notes were originally scheduled to mature on March 31, 2022.")).toBe(true);
  });

  it("does not read the change itself, or a term that ends, as a prior position", () => {
    expect(statesPrior("the current Renewal Term shall be extended until December 31, 2026.")).toBe(false);
    expect(statesPrior("This Agreement shall terminate on June 28, 2025.")).toBe(false);
    expect(statesPrior("The Distributor would be entitled to a refund.")).toBe(false);
  });
});

describe("priorStateLast", () => {
  const before = sentence(
    "The current Renewal Term commenced June 28, 2018 and would terminate June 28, 2025.",
    0.48,
    0,
  );
  const change = sentence(
    "Notwithstanding Section 7, the current Renewal Term shall be extended until December 31, 2026.",
    0.27,
    200,
  );
  const other = sentence("Thereafter, this Agreement may be renewed in accordance with Section 7.", 0.2, 400);

  it("puts the prior position below the rest for a question of what holds now, each slot keeping its probability", () => {
    const out = priorStateLast("When does the current renewal term end now?", [before, change, other]);
    expect(out.map((c) => c.text)).toEqual([change.text, other.text, before.text]);
    expect(out.map((c) => c.p)).toEqual([0.48, 0.27, 0.2]);
  });

  it("moves nothing for a question that does not ask what holds now", () => {
    expect(priorStateLast("When was the renewal term going to end before the amendment?", [before, change])[0]).toBe(
      before,
    );
    expect(priorStateLast("When does the renewal term end?", [before, change])[0]).toBe(before);
  });
});
