import { describe, expect, it } from "vitest";
import type { ScoredCandidate } from "./evidence-model.ts";
import { carvesOut, caseRuledFor, clarifies, ruleBeforeQualification } from "./rule-before-qualification.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const item = evidenceItem("d", "x".repeat(4000));
const other = evidenceItem("e", "x".repeat(4000));
const sentence = (text: string, p: number, at: number, of = item): ScoredCandidate =>
  scoredSentence(of, text, { p, at });

describe("clarifies", () => {
  it("reads how drafting opens a clarification or an illustration", () => {
    expect(clarifies("For the avoidance of doubt, the license granted under Section 10.3 shall terminate;")).toBe(true);
    expect(clarifies("(ii) For the avoidance of doubt, the licence shall end.")).toBe(true);
    expect(clarifies("For purposes of clarity and as examples, if Milestones 1 and 2 were not delivered")).toBe(true);
    expect(clarifies("For the sake of clarity, the Repairer shall issue any invoice")).toBe(true);
    expect(clarifies("By way of example, a Change of Control includes a merger.")).toBe(true);
  });

  it("leaves a rule, an exception to a rule, and a clarification named later in the sentence", () => {
    expect(clarifies("Notwithstanding the foregoing, Recipient may make such disclosure")).toBe(false);
    expect(clarifies("The license granted under Section 3 shall be revoked.")).toBe(false);
    expect(clarifies("The Parties agree, for the avoidance of doubt, that fees are exclusive of tax.")).toBe(false);
  });
});

describe("caseRuledFor and carvesOut", () => {
  it("reads the case a sentence gives its own rule for", () => {
    expect(caseRuledFor('For "Direct Deals", "Revenue" shall refer to Net Revenue')).toBe("Direct Deals");
    expect(caseRuledFor("In the case of Products sold in Japan, the royalty is 3%.")).toBe("Products sold in Japan");
    expect(caseRuledFor("With respect to Video, Kubient receives 50%.")).toBe("Video");
    expect(caseRuledFor("The royalty for Products sold in Japan is 3%.")).toBe(null);
  });

  it("reads a rule that carves the case out", () => {
    expect(
      carvesOut('All "Revenue" calculations shall refer to gross revenue, except for "Direct Deals".', "Direct Deals"),
    ).toBe(true);
    expect(
      carvesOut("Royalties are 5% of Net Sales other than Products sold in Japan.", "Products sold in Japan"),
    ).toBe(true);
    expect(carvesOut("All Revenue calculations shall refer to gross revenue.", "Direct Deals")).toBe(false);
  });
});

describe("ruleBeforeQualification", () => {
  const rule = sentence(
    'All "Revenue" calculations shall refer to gross revenue actually received, except for "Direct Deals".',
    0.05,
    0,
  );
  const exception = sentence(
    'For "Direct Deals", "Revenue" shall refer to Net Revenue, defined as gross revenue less costs.',
    0.55,
    rule.text.length + 1,
  );

  it("cites the rule a case is carved out of when the question does not name the case", () => {
    const cited = ruleBeforeQualification(
      "How is Revenue measured for the revenue share?",
      [exception],
      [exception, rule],
    );
    expect(cited).toEqual([rule]);
  });

  it("keeps the case's own rule when the question names the case", () => {
    const cited = ruleBeforeQualification("How is Revenue measured for Direct Deals?", [exception], [exception, rule]);
    expect(cited).toEqual([exception]);
  });

  it("keeps a case's rule whose preceding sentence carves nothing out, or lies elsewhere", () => {
    const plain = sentence("All Revenue calculations shall refer to gross revenue.", 0.05, 0);
    expect(ruleBeforeQualification("How is Revenue measured?", [exception], [exception, plain])).toEqual([exception]);
    const far = sentence(rule.text, 0.05, 0, other);
    expect(ruleBeforeQualification("How is Revenue measured?", [exception], [exception, far])).toEqual([exception]);
  });

  const clarification = sentence(
    "(ii) For the avoidance of doubt, the license granted under Section 10.3 shall terminate;",
    0.31,
    0,
  );
  const revoked = sentence("(ii) the license granted under section 3 shall be revoked", 0.3, 0, other);

  it("cites the next provision over a clarification when it is about as probable", () => {
    const q = "On termination the license granted under section 3 is revoked: what license is that?";
    expect(ruleBeforeQualification(q, [clarification], [clarification, revoked])).toEqual([revoked]);
  });

  it("keeps the clarification when the next provision is much less probable, or the question asks for one", () => {
    const weak = { ...revoked, p: 0.1 };
    const q = "On termination the license granted under section 3 is revoked: what license is that?";
    expect(ruleBeforeQualification(q, [clarification], [clarification, weak])).toEqual([clarification]);
    const asks = "For the avoidance of doubt, does the license end on termination?";
    expect(ruleBeforeQualification(asks, [clarification], [clarification, revoked])).toEqual([clarification]);
  });

  it("does not cite one sentence twice", () => {
    const q = "What license ends on termination?";
    expect(ruleBeforeQualification(q, [revoked, clarification], [clarification, revoked])).toEqual([
      revoked,
      clarification,
    ]);
  });
});
