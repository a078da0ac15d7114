import { describe, expect, it } from "vitest";
import { evidenceItem, scoredSentence } from "./test-support.ts";
import { askedVersion, withVersionInForce } from "./version-in-force.ts";

const guarantyText =
  "The Guarantor hereby unconditionally guarantees the punctual payment of all Obligations. " +
  "The Guarantor previously entered into that certain Second Amended and Restated EMEA Guaranty dated as of October 7, 2022, and desires to amend and restate the Existing EMEA Guaranty.";
const guaranty = evidenceItem("guaranty-3", guarantyText, {
  role: "restatement",
  transactionSetId: "loan",
  effectiveDate: "2022-12-30",
});
const covenant = scoredSentence(guaranty, guarantyText.slice(0, 88), { p: 0.6, familyCoverage: 0.5 });
const restates = scoredSentence(guaranty, guarantyText.slice(89), { at: 89, p: 0.05 });

const scheduleText = (n: string) =>
  `The Parties hereby agree to remove Schedule C-1 in its entirety and replace it with the following (${n}):`;
const amendment = (id: string, date: string) =>
  evidenceItem(id, scheduleText(id), { role: "amendment", transactionSetId: "mfg", effectiveDate: date });
const second = scoredSentence(amendment("second", "2018-06-01"), scheduleText("second"), { p: 0.3 });
const third = scoredSentence(amendment("third", "2019-07-03"), scheduleText("third"), { p: 0.1 });

describe("askedVersion", () => {
  it("reads the text a question asks the version in force of", () => {
    expect(askedVersion("Which EMEA guaranty is in force for the loan now?")).toEqual({
      kind: "guarantee",
      words: ["emea"],
    });
    expect(askedVersion("Which Schedule C-1 applies to the bottled products?")).toEqual({
      kind: "schedule",
      words: ["c-1"],
    });
  });

  it("reads no version asked without in-force words, without a kind, or for a kind named alone", () => {
    for (const q of [
      "Which EMEA guaranty secures the loan?",
      "Which law governs the agreement?",
      "Which agreement governs the payment terms?",
      "Which party may terminate now?",
      "",
    ])
      expect(askedVersion(q), q).toBeNull();
  });
});

describe("withVersionInForce", () => {
  it("cites the sentence by which the in-force instrument restates the one before it, first", () => {
    expect(
      withVersionInForce(
        "Which EMEA guaranty is in force now?",
        [covenant],
        [covenant, restates],
        [covenant, restates],
        3,
      ),
    ).toEqual([restates, covenant]);
    // at most `max`
    expect(
      withVersionInForce(
        "Which EMEA guaranty is in force now?",
        [covenant],
        [covenant, restates],
        [covenant, restates],
        1,
      ),
    ).toEqual([restates]);
  });

  it("answers a silence with the latest instrument's replacing sentence", () => {
    const q = "Which Schedule C-1 applies — the one in the second amendment?";
    expect(withVersionInForce(q, [], [second, third], [second, third], 3)).toEqual([third]);
  });

  it("changes nothing for another question, another text, or another deal", () => {
    expect(
      withVersionInForce("What does the EMEA guaranty secure?", [covenant], [covenant, restates], [covenant], 3),
    ).toEqual([covenant]);
    expect(withVersionInForce("Which Schedule B applies now?", [], [second, third], [second, third], 3)).toEqual([]);
    const elsewhere = scoredSentence(
      evidenceItem("other", "x", { transactionSetId: "other-deal" }),
      "The price is $4.",
      {
        p: 0.9,
      },
    );
    expect(
      withVersionInForce(
        "Which EMEA guaranty is in force now?",
        [elsewhere],
        [elsewhere, restates],
        [elsewhere, restates],
        3,
      ),
    ).toEqual([elsewhere]);
  });
});
