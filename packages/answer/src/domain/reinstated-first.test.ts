import { describe, expect, it } from "vitest";
import type { ScoredCandidate } from "./evidence-model.ts";
import { asksReinstated, reinstatedFirst, reinstates } from "./reinstated-first.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const item = evidenceItem("d", "x".repeat(4000));
const sentence = (text: string, p: number, at: number): ScoredCandidate => scoredSentence(item, text, { p, at });

describe("asksReinstated", () => {
  it("reads a question that asks what comes back when a change ends", () => {
    expect(asksReinstated("Once Acme ends the protocol, which pricing comes back?")).toBe(true);
    expect(asksReinstated("Does the original royalty rate go back into effect after the pilot?")).toBe(true);
    expect(asksReinstated("What does the discount revert to after the promotional period?")).toBe(true);
    expect(asksReinstated("Is the exclusivity reinstated if the minimums are met again?")).toBe(true);
  });

  it("leaves questions that ask nothing of the kind", () => {
    expect(asksReinstated("Must the recipient return confidential information?")).toBe(false);
    expect(asksReinstated("What is the back-up supplier's price?")).toBe(false);
    expect(asksReinstated("When does the agreement expire?")).toBe(false);
  });
});

describe("reinstates", () => {
  it("knows drafting that brings a text back", () => {
    expect(
      reinstates('the "Pricing" table in Exhibit D, as of the date immediately preceding, shall be reinstated'),
    ).toBe(true);
    expect(reinstates("the Royalty Rate shall automatically revert to five percent (5%)")).toBe(true);
    expect(reinstates("Section 4.2 of the Agreement shall once again apply.")).toBe(true);
  });

  it("does not read returning goods or materials as a text brought back", () => {
    expect(reinstates("Recipient shall return all Confidential Information within ten days.")).toBe(false);
    expect(reinstates("The price for Wafers shall be $10 per unit until Acme determines otherwise.")).toBe(false);
  });
});

describe("reinstatedFirst", () => {
  const meanwhile = sentence(
    "As of April 1, the price of Wafers shall be $12 per unit until Acme gives notice.",
    0.45,
    0,
  );
  const notice = sentence("Upon Acme's determination, Acme shall provide written notice thereof to Porex.", 0.17, 200);
  const back = sentence(
    "On and after the date of such notice, the Pricing table in Exhibit D shall be reinstated.",
    0.1,
    400,
  );

  it("puts the sentence that reinstates a text first, each slot keeping its probability", () => {
    const out = reinstatedFirst("Once Acme ends the protocol, which wafer pricing comes back?", [
      meanwhile,
      notice,
      back,
    ]);
    expect(out.map((c) => c.text)).toEqual([back.text, meanwhile.text, notice.text]);
    expect(out.map((c) => c.p)).toEqual([0.45, 0.17, 0.1]);
  });

  it("moves nothing for another question, or when no candidate reinstates", () => {
    expect(reinstatedFirst("What is the wafer price?", [meanwhile, notice, back])).toEqual([meanwhile, notice, back]);
    expect(reinstatedFirst("Which pricing comes back?", [meanwhile, notice])).toEqual([meanwhile, notice]);
  });
});
