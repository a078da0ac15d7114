import { describe, expect, it } from "vitest";
import { flagIntents, parseQuestion } from "./question.ts";

describe("parseQuestion", () => {
  it("separates the part naming the contract from the part that asks (CUAD and ContractNLI phrasing)", () => {
    const cuad = parseQuestion(
      'Consider the MARKETING AFFILIATE AGREEMENT between Birch First Global Investments Inc. ("Company"); What is the renewal term?',
    );
    expect(cuad.ask).toBe("What is the renewal term?");
    expect(cuad.naming).toContain("Birch First");
    const nli = parseQuestion(
      "In the non-disclosure agreement 09-24-2019-04-25-05-3914910473: does the agreement provide that receiving Party shall destroy Confidential Information?",
    );
    expect(nli.naming).toContain("3914910473");
    expect(nli.ask.startsWith("does the agreement provide")).toBe(true);
  });

  it("keeps a plain question whole", () => {
    expect(parseQuestion("governing law of the credit agreement").ask).toBe("governing law of the credit agreement");
  });
});

describe("flagIntents", () => {
  it("maps the words of a question to the flags of the provisions that answer it", () => {
    expect(flagIntents("Is there a cap on liability?")).toContain("hasLiabilityLimit");
    expect(flagIntents("When does this contract expire?")).toContain("hasDate");
    expect(flagIntents("What is the royalty rate?")).toEqual(expect.arrayContaining(["hasMoney", "hasPercentage"]));
    expect(flagIntents("Which law governs this contract?")).toEqual([]);
  });
});
