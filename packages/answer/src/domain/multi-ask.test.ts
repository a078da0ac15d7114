import { describe, expect, it } from "vitest";
import { type AskSentence, joinAskDecisions, questionAsks } from "./multi-ask.ts";

describe("questionAsks", () => {
  it("splits coordinated asks, each opening with an asking word", () => {
    expect(questionAsks("What is the purchase price, and when is it payable?")).toEqual([
      "What is the purchase price?",
      "When is it payable?",
    ]);
    expect(questionAsks("Which law governs the lease and where must disputes be brought?")).toEqual([
      "Which law governs the lease?",
      "Where must disputes be brought?",
    ]);
    // a preposition before the asking word, and a second question mark
    expect(questionAsks("Is the licensee restricted from hiring employees, and for how long does it last?")).toEqual([
      "Is the licensee restricted from hiring employees?",
      "For how long does it last?",
    ]);
    expect(questionAsks("Who is the escrow agent? What fee does it charge?")).toEqual([
      "Who is the escrow agent?",
      "What fee does it charge?",
    ]);
  });

  it("keeps a question that coordinates no asks whole", () => {
    const one = "Is the loan between the lender and the borrower assignable?";
    expect(questionAsks(one)).toEqual([one]);
    const conflict = "If the lease and the guaranty conflict, which controls?";
    expect(questionAsks(conflict)).toEqual([conflict]);
  });

  it("joins an ask without a word of its own to the ask before it", () => {
    const q = "How many times was the lease amended, and when?";
    expect(questionAsks(q)).toEqual([q]);
    expect(questionAsks("What is the rent and when, and who pays the taxes?")).toEqual([
      "What is the rent and when?",
      "Who pays the taxes?",
    ]);
  });

  it("gives every ask the part that names the instrument", () => {
    expect(questionAsks("Under the Acme credit agreement: what is the interest rate, and when is it payable?")).toEqual([
      "Under the Acme credit agreement: What is the interest rate?",
      "Under the Acme credit agreement: When is it payable?",
    ]);
  });

  it("does not throw on empty or punctuation-only text", () => {
    expect(questionAsks("")).toEqual([""]);
    expect(questionAsks(", and ?")).toEqual([", and ?"]);
  });
});

describe("joinAskDecisions", () => {
  const s = (documentId: string, nodeId: string, start: number, p: number): AskSentence => ({
    p,
    start,
    item: { documentId, version: "v1", nodeId },
  });
  const law = s("lease", "s12", 100, 0.8);
  const forum = s("lease", "s13", 300, 0.3);
  const guaranty = s("guaranty", "s2", 40, 0.2);
  const scored = [law, forum, guaranty];

  it("cites each ask's best sentence beside the whole question's, as the whole question's candidate", () => {
    // the ask scored its own copy of the sentence; the join returns the whole question's object
    const asked = { ...forum, p: 0.9 };
    const r = joinAskDecisions({ cited: [law], probability: 0.7 }, [{ cited: [asked], probability: 0.85 }], scored);
    expect(r.cited).toEqual([law, forum]);
    expect(r.cited[1]).toBe(forum);
    expect(r.probability).toBe(0.85);
  });

  it("answers from an ask when the whole question was silent", () => {
    const r = joinAskDecisions(
      { cited: [], probability: 0.2 },
      [
        { cited: [], probability: 0.1 },
        { cited: [{ ...guaranty }], probability: 0.6 },
      ],
      scored,
    );
    expect(r).toEqual({ cited: [guaranty], probability: 0.6 });
  });

  it("adds nothing for an ask a cited provision already answers, or a sentence the whole question did not score", () => {
    const sameProvision = { ...law, start: 150 };
    const unknown = s("other", "s1", 0, 0.9);
    const r = joinAskDecisions(
      { cited: [law], probability: 0.7 },
      [
        { cited: [sameProvision], probability: 0.9 },
        { cited: [unknown], probability: 0.9 },
      ],
      scored,
    );
    expect(r).toEqual({ cited: [law], probability: 0.7 });
  });
});
