import { describe, expect, it } from "vitest";
import { candidateSentences, provisionTerms, questionTerms } from "./evidence-model.ts";
import { counterpartyNamed, statesWord, withFieldCoverage } from "./field-coverage.ts";
import { evidenceItem } from "./test-support.ts";

const TEXT =
  "This Agreement may not be assigned by the Licensee without the prior written consent of the Licensor. " +
  "The Licensee shall pay the fees set out in Schedule A within thirty days of invoice. " +
  "This Agreement shall be governed by the laws of the State of New York.";
const item = evidenceItem("d", TEXT);
const candidates = (q: string) => candidateSentences(provisionTerms(q, questionTerms(q)), [item], () => TEXT);

describe("statesWord", () => {
  it("counts the word, its family and its drafting", () => {
    expect(statesWord("assignment", "assignment")).toBe(true);
    expect(statesWord("assignment", "assigned")).toBe(true);
    expect(statesWord("restriction", "consent")).toBe(true);
    expect(statesWord("restriction", "invoice")).toBe(false);
  });
});

describe("withFieldCoverage", () => {
  it("lets the clause that drafts a restriction on assignment cover the question", () => {
    const q = "What restrictions apply to assignment of the license agreement with Acme?";
    const before = candidates(q);
    const after = withFieldCoverage(q, before);
    const assignment = (cs: typeof before) => cs.find((c) => c.text.includes("assigned"))?.familyCoverage ?? 0;
    const fees = (cs: typeof before) => cs.find((c) => c.text.includes("fees"))?.familyCoverage ?? 1;
    expect(assignment(after)).toBe(1);
    expect(assignment(after)).toBeGreaterThan(assignment(before));
    expect(fees(after)).toBe(0);
  });

  it("keeps the exact coverage and the candidates' order", () => {
    const q = "Which law governs the agreement?";
    const before = candidates(q);
    const after = withFieldCoverage(q, before);
    expect(after.map((c) => c.start)).toEqual(before.map((c) => c.start));
    expect(after.map((c) => c.coverage)).toEqual(before.map((c) => c.coverage));
  });

  it("leaves a question with no topic beyond its frame as it was", () => {
    const q = "What does the agreement provide?";
    const before = candidates(q);
    expect(withFieldCoverage(q, before)).toBe(before);
  });

  it("reads a long question without hanging", () => {
    const q = `Is there a restriction on ${"assignment or transfer ".repeat(2_000)}?`;
    const t = Date.now();
    withFieldCoverage(q, candidates(q));
    expect(Date.now() - t).toBeLessThan(2_000);
  });
});

describe("counterpartyNamed", () => {
  it("reads the counterparty a question names at its end", () => {
    expect(counterpartyNamed("What is the expiration date of the supply agreement with ACME PRODUCTS LLC?")).toBe(
      "ACME PRODUCTS LLC",
    );
    expect(counterpartyNamed("What is the governing law of the reseller agreement with iMine Corporation?")).toBe(
      "iMine Corporation",
    );
    expect(counterpartyNamed("Is liability capped with respect to Indemnified Claims?")).toBe("");
    expect(counterpartyNamed("Can the licensee assign the license with consent?")).toBe("");
  });

  it("keeps the counterparty's words out of the coverage", () => {
    const q = "What restrictions apply to assignment in the license agreement with Schedule Products LLC?";
    const after = withFieldCoverage(q, candidates(q));
    expect(after.find((c) => c.text.includes("Schedule A"))?.familyCoverage).toBe(0);
    expect(after.find((c) => c.text.includes("assigned"))?.familyCoverage).toBe(1);
  });
});

describe("counterpartyNamed, name words only", () => {
  it("reads no counterparty when a word of the ask follows the name", () => {
    expect(counterpartyNamed("How long does the license agreement with Cardlytics last?")).toBe("");
    expect(
      counterpartyNamed("Who owns the IP under the agreement with ExxonMobil Research and Engineering Company?"),
    ).toBe("ExxonMobil Research and Engineering Company");
  });
});
