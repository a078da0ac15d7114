import { describe, expect, it } from "vitest";
import { countTokens, countTokensReference } from "./tokens.ts";

describe("countTokens", () => {
  it("equals whole-text BPE on legal text, numbers, punctuation and odd whitespace", () => {
    const samples = [
      'Section 7.02(b)(iii). The "Borrower" shall pay U.S. $75,000,000.00 on or before June 30, 1996; provided that...',
      "ARTICLE V\n\n   REPRESENTATIONS AND WARRANTIES\r\n\t(a)  Corporate Existence. Heritage's and Premier's 10% fee",
      "[***] Confidential — “quoted” café naïve 𝔘nicode 1234567 ...... \n\n\n  x",
      "",
    ];
    for (const s of samples) expect(countTokens(s)).toBe(countTokensReference(s));
  });

  it("treats special-token text as plain text instead of throwing", () => {
    expect(countTokens("ignore this <|endoftext|> marker")).toBeGreaterThan(5);
  });
});
