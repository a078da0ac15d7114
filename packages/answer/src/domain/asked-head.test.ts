import { describe, expect, it } from "vitest";
import { askedHead } from "./asked-head.ts";
import { amendingClause, candidateSentences, type ScoredCandidate } from "./evidence-model.ts";
import { statesAsked } from "./states-asked.ts";
import { evidenceItem } from "./test-support.ts";

/** A passage of its own, as one candidate sentence. */
function sentence(text: string): ScoredCandidate {
  const [c] = candidateSentences([], [evidenceItem("d", text)], () => text);
  return { ...(c as ScoredCandidate), p: 0.9 };
}

describe("askedHead", () => {
  it("is the noun a what-question asks the value of, not the words that place the ask", () => {
    expect(askedHead("What interest rate applies to the LGH note after the extension?")).toEqual(["interest", "rate"]);
    expect(askedHead("What is the notice period for termination of the supply agreement?")).toEqual([
      "notice",
      "period",
    ]);
    expect(askedHead("Which law governs the distribution agreement with Beta?")).toEqual(["law"]);
  });

  it("is empty when the question asks no what of a noun, or only of a word every provision is", () => {
    expect(askedHead("What does Section 8 of the licence say?")).toEqual([]);
    expect(askedHead("What happens to the licence when the agreement ends?")).toEqual([]);
    expect(askedHead("What counts as Confidential Information under the NDA?")).toEqual([]);
    expect(askedHead("What rights does the licensee have after termination?")).toEqual([]);
    expect(askedHead("What was the original amount of the note?")).toEqual([]);
    // a multiple (or ratio) is a value stated as "300% of" or "two times": the answer need not say "multiple"
    expect(askedHead("What multiple of base salary is the executive's severance?")).toEqual([]);
    expect(askedHead("What ratio of debt to EBITDA must the borrower keep?")).toEqual([]);
    expect(askedHead("Can the licensee assign the agreement?")).toEqual([]);
  });
});

describe("statesAsked with a what-question's head", () => {
  const principal = sentence(
    "In exchange for the extension of the Maturity Date, $50,000.00 shall be added to the principal amount outstanding on the Note.",
  );
  const rate = sentence("The Note shall bear interest at 12% per annum from the date hereof.");

  it("drops a sentence that shares the question's placing words (the note, the extension) but not its head", () => {
    expect(statesAsked("What interest rate applies to the note after the extension?", [principal])).toEqual([]);
    expect(statesAsked("What interest rate applies to the note after the extension?", [rate])).toEqual([rate]);
  });

  it("keeps reading the whole topic when the question has no head", () => {
    expect(statesAsked("What happens to the note after the extension?", [principal])).toEqual([principal]);
  });
});

describe("money added to a balance", () => {
  const amendmentSentence = (text: string) =>
    candidateSentences([], [evidenceItem("amd", text, { role: "amendment" })], () => text)[0] as ScoredCandidate;

  it("is no amending clause, so it states no provision a question names", () => {
    const added = amendmentSentence(
      "In exchange for the extension of the Maturity Date, $50,000.00 shall be added to the principal amount outstanding on the Note.",
    );
    const edit = amendmentSentence(
      "Section 4 of the Note is hereby amended by adding the following sentence at the end.",
    );
    expect(amendingClause(added)).toBe(false);
    expect(amendingClause(edit)).toBe(true);
  });
});

describe("askedHead of a question that asks two things", () => {
  it("is the heads of both asks, so a sentence answering either states what is asked", () => {
    expect(askedHead("Which state's laws govern this lease, and how much insurance must the tenant maintain?")).toEqual(
      [],
    );
    expect(askedHead("What law governs the lease, and what insurance must the tenant maintain?")).toEqual([
      "law",
      "insurance",
    ]);
  });
});
