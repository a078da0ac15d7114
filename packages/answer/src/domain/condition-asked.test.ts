import { contentWords } from "@lexnav/retrieval";
import { describe, expect, it } from "vitest";
import {
  askedCondition,
  askedConditionPolarity,
  citeAskedBranch,
  conditionAbsent,
  statesUnderCondition,
  withConditionAsked,
} from "./condition-asked.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const sentence = (text: string, over: Partial<ScoredCandidate> = {}): ScoredCandidate =>
  scoredSentence(evidenceItem("agreement", text), text, { words: new Set(contentWords(text)), p: 0.2, ...over });

const silence = { cited: [] as ScoredCandidate[], probability: 0.3 };

describe("askedCondition", () => {
  it("reads the condition after if, in the event, should, to the comma or the main ask", () => {
    expect(askedCondition("What does the supplier owe if it doesn't hit the minimum number of batches?")).toEqual([
      "hit",
      "minimum",
      "number",
      "batch",
    ]);
    expect(
      askedCondition("If one of the plants is hit by force majeure, does the other plant make up the volume?"),
    ).toEqual(["plant", "hit", "force", "majeure"]);
    expect(askedCondition("Can the licensee walk away, and what survives if it does?")).toEqual([]);
  });

  it("reads no condition in a question asked under none", () => {
    expect(askedCondition("How long does the agreement run?")).toEqual([]);
    expect(askedCondition("What should the recipient do with returned materials?")).toEqual([]);
    expect(
      askedCondition("Can the licensee transfer the licence in the event sponsorship agreement with Acme?"),
    ).toEqual([]);
    expect(askedCondition("Should the buyer fail to pay on time, what interest accrues?")).toEqual([
      "buyer",
      "fail",
      "pay",
      "time",
    ]);
  });
});

describe("statesUnderCondition", () => {
  const condition = askedCondition("What happens to the commitments if the purchase hasn't closed by mid-April 1996?");

  it("finds a provision drafted under the condition asked, in other words than the question's", () => {
    expect(
      statesUnderCondition(
        "(i) If Authorized Acquisition No. 2 has not been consummated by April 15, 1996, the Total Revolving Loan Commitments shall be reduced by $150,000,000.",
        condition,
      ),
    ).toBe(true);
    expect(
      statesUnderCondition(
        "Should the Supplier fail to supply a minimum of 40 Batches of Product, the Buyer shall be entitled to liquidated damages.",
        askedCondition("What does the supplier owe if it doesn't hit the minimum number of batches?"),
      ),
    ).toBe(true);
  });

  it("needs two of the condition's words in the sentence's own condition, and a provision", () => {
    // one word of the condition in common is a sentence on the same subject, not under the same condition
    expect(statesUnderCondition("If the purchase price is disputed, the parties shall meet.", condition)).toBe(false);
    // the words, but outside any condition
    expect(
      statesUnderCondition("The purchase closed on April 15, 1996 and the Commitments shall stay.", condition),
    ).toBe(false);
    // a definition or a recital states no provision
    expect(
      statesUnderCondition(
        '"Reduction Date" means the date, if the purchase has not closed, in April 1996.',
        condition,
      ),
    ).toBe(false);
    expect(
      statesUnderCondition("WHEREAS, if the purchase has not closed by April 1996, the Banks may reduce;", condition),
    ).toBe(false);
  });

  it("reads the sentence's condition to its comma, and ending a contract as terminating it", () => {
    const late = askedCondition("What is the holder's remedy if the company is late delivering conversion shares?");
    expect(
      statesUnderCondition(
        "(Y) if the Transfer Agent is not participating in the program, or if the Holder otherwise requests, issue and deliver a certificate for the number of shares to which the Holder shall be entitled upon conversion.",
        late,
      ),
    ).toBe(false);
    expect(
      statesUnderCondition(
        "If Buyer terminates this Agreement under Section 12.2(b), Buyer shall reimburse Maker for its raw materials.",
        askedCondition(
          "If Buyer ends the contract because Maker can't supply at a Competitive Price, what does Buyer reimburse?",
        ),
      ),
    ).toBe(true);
  });

  it("reads a long hostile sentence in linear time", () => {
    const text = `${"if if upon should ".repeat(20_000)} shall`;
    const started = performance.now();
    expect(statesUnderCondition(text, ["purchase", "april"])).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("withConditionAsked", () => {
  const q = "What happens to the commitments if the purchase hasn't closed by mid-April 1996?";
  const other = sentence("Following the Acquisition Date, Consolidated EBITDA shall be calculated pro forma.");
  const under = sentence(
    "If Authorized Acquisition No. 2 has not been consummated by April 15, 1996, the Total Revolving Loan Commitments shall be reduced by $150,000,000.",
  );

  it("answers a silence from a first candidate drafted under the condition asked", () => {
    const out = withConditionAsked(q, silence, [other, under], true);
    expect(out.cited).toEqual([under]);
    expect(out.probability).toBe(0.3);
  });

  it("returns a decision that cites, one on a question under no condition, and one with no such candidate unchanged", () => {
    const cited = { cited: [other], probability: 0.6 };
    expect(withConditionAsked(q, cited, [under], true)).toBe(cited);
    expect(withConditionAsked("When is the closing date?", silence, [under], true)).toBe(silence);
    expect(withConditionAsked(q, silence, [other], true)).toBe(silence);
    const far = [other, other, other, under];
    expect(withConditionAsked(q, silence, far, true)).toBe(silence);
  });

  it("stays silent on a question that names no deal, or asks what else follows", () => {
    expect(withConditionAsked(q, silence, [under], false)).toBe(silence);
    const besides = "Apart from the reduction, what else happens if the purchase hasn't closed by mid-April 1996?";
    expect(withConditionAsked(besides, silence, [under], true)).toBe(silence);
  });
});

describe("the branch of the condition asked", () => {
  const plan =
    "In the event that a Change in Control occurs on or prior to December 31, 2030, then the Plan shall terminate on the later of December 31, 2030 and the date all benefits are paid. " +
    "In the event that a Change in Control does not occur on or prior to December 31, 2030, the Plan shall thereupon automatically terminate.";
  const item = evidenceItem("plan", plan);
  const [occurs, absent] = plan.split(/(?<=paid\.) /) as [string, string];
  const occursSentence = scoredSentence(item, occurs, { p: 0.6 });
  const absentSentence = scoredSentence(item, absent, { p: 0.4, at: occurs.length + 1 });
  const scored = [occursSentence, absentSentence];

  it("reads whether a question and a provision condition on the event's absence", () => {
    expect(askedConditionPolarity("If there is no change in control, when does the plan end?")?.absent).toBe(true);
    expect(askedConditionPolarity("If a change in control occurs, when does the plan end?")?.absent).toBe(false);
    expect(askedConditionPolarity("If the buyer doesn't pay by the deadline, what happens?")?.absent).toBe(true);
    expect(askedConditionPolarity("When does the plan end?")).toBeNull();
    const words = ["change", "control"];
    expect(conditionAbsent(occurs, words)).toBe(false);
    expect(conditionAbsent(absent, words)).toBe(true);
    expect(conditionAbsent("Unless a Change in Control occurs, the Plan shall end on June 1.", words)).toBe(true);
    // a deadline's "no later than" denies nothing
    expect(conditionAbsent("If a Change in Control occurs no later than June 1, the Plan shall end.", words)).toBe(
      false,
    );
    expect(conditionAbsent("The Plan shall end on June 1.", words)).toBeUndefined();
  });

  it("cites the document's provision under the branch asked in place of the other branch's", () => {
    const q = "If there is no change in control, when does the plan end?";
    expect(citeAskedBranch(q, [occursSentence], scored)).toEqual([absentSentence]);
    expect(citeAskedBranch("If a change in control occurs, when does the plan end?", [occursSentence], scored)).toEqual(
      [occursSentence],
    );
    // a question asked under the event itself keeps its citation: a denial in a relative clause reads as an absence
    const underOrder =
      "If the Supplier begins work under a work order that has not been agreed in writing, the Supplier shall bear the costs.";
    const accepted =
      "Upon acceptance of a work order by the Supplier, such work order shall become a Statement of Work.";
    const orders = evidenceItem("supply", `${underOrder} ${accepted}`);
    const cost = scoredSentence(orders, underOrder, { p: 0.6 });
    const upon = scoredSentence(orders, accepted, { p: 0.5, at: underOrder.length + 1 });
    expect(
      citeAskedBranch(
        "Who bears the cost if the supplier starts work before the work order is signed?",
        [cost],
        [cost, upon],
      ),
    ).toEqual([cost]);
    // with no provision under the branch asked, the citation stays
    expect(citeAskedBranch(q, [occursSentence], [occursSentence])).toEqual([occursSentence]);
    // another document's provision under the branch asked is no answer about this one
    const elsewhere = scoredSentence(evidenceItem("other plan", absent), absent, { p: 0.4 });
    expect(citeAskedBranch(q, [occursSentence], [occursSentence, elsewhere])).toEqual([occursSentence]);
  });
});
