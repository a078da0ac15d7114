import { describe, expect, it } from "vitest";
import { citeAmendingClause } from "./amending-clause.ts";
import {
  amendmentAsk,
  asksOfItself,
  dealOf,
  namedAmendment,
  operativeAmendment,
  withAmendmentEvidence,
} from "./amendment-answer.ts";
import type { EvidenceItem } from "./evidence.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

// An amendment filed without the agreement it amends: no transaction set, no edits read.
const LEAD_IN = "(b) Section 5.6 shall be amended to read as follows:";
const NEW_TEXT =
  '"The Company shall maintain, at all times, Consolidated Tangible Net Worth of at least $210,000,000."';
const amd = (text: string, start: number): EvidenceItem =>
  evidenceItem("amd", text, { role: "amendment", transactionSetId: null, start, end: start + text.length });
const leadIn = amd(LEAD_IN, 1_000);
const quoted = amd(NEW_TEXT, 1_060);
const own = amd('"Amendment Effective Date" means January 23, 1996, when all conditions are met.', 200);
const recitalItem = amd("WHEREAS, the Note has a maturity date of December 31, 2022;", 100);
const maturityItem = amd("The Maturity Date of the Note is hereby amended to be the Amended Maturity Date.", 400);
const lone = (item: EvidenceItem, p: number, familyCoverage = 0): ScoredCandidate =>
  scoredSentence(item, item.text, { p, familyCoverage });

describe("an amendment filed alone (no transaction set)", () => {
  it("reads its amending clause and the quoted text it puts in as operative, not its own definitions", () => {
    expect(operativeAmendment(lone(leadIn, 0.1))).toBe(true);
    expect(operativeAmendment(lone(quoted, 0.1))).toBe(true);
    expect(operativeAmendment(lone(own, 0.1))).toBe(false);
    expect(operativeAmendment(lone(recitalItem, 0.1))).toBe(false);
    // the same quoted passage in an agreement of no set operates nothing
    const agreement = evidenceItem("base", NEW_TEXT, { role: "base_agreement", transactionSetId: null });
    expect(operativeAmendment(lone(agreement, 0.1))).toBe(false);
  });

  it("is a deal of its own: in-force words read as an amendment question of it, not of an agreement alone", () => {
    const q = "Is the 2019 note still due at the end of 2022?";
    expect(amendmentAsk(q, dealOf([], [lone(maturityItem, 0.2)]))).toBe("effect");
    const agreement = evidenceItem("base", "The Note matures on December 31, 2022.", {
      role: "base_agreement",
      transactionSetId: null,
    });
    expect(amendmentAsk(q, dealOf([], [lone(agreement, 0.2)]))).toBeNull();
  });

  it("answers a silence from the amending clause ranked first although it holds none of the question's words", () => {
    const maturity = lone(maturityItem, 0.18);
    const recital = lone(recitalItem, 0.05);
    const q = "Is the 2019 note still due at the end of 2022?";
    expect(withAmendmentEvidence(q, [], [maturity, recital], 3)).toEqual([maturity]);
    // a recital ranked first: it states the text before the change, and no operative sentence holds the words
    expect(withAmendmentEvidence(q, [], [recital, maturity], 3)).toEqual([]);
    // not a question about the amendment's effect
    expect(withAmendmentEvidence("Who holds the note?", [], [maturity, recital], 3)).toEqual([]);
  });

  it("answers a silence from the quoted new text that holds the question's words, never from the text it replaces", () => {
    const newText = lone(quoted, 0.3, 0.2);
    const clause = lone(leadIn, 0.02);
    const old = scoredSentence(
      evidenceItem("base", "The Company shall maintain Consolidated Tangible Net Worth of at least $150,000,000.", {
        role: "base_agreement",
        transactionSetId: null,
      }),
      "The Company shall maintain Consolidated Tangible Net Worth of at least $150,000,000.",
      { p: 0.1, familyCoverage: 0.2 },
    );
    const q = "What net worth does the Company have to keep under the covenant as it now reads?";
    const cited = withAmendmentEvidence(q, [], [newText, old, clause], 3);
    expect(cited).toEqual([newText]);
    expect(citeAmendingClause(q, cited, [newText, old, clause], [newText, old, clause])).toEqual([newText]);
  });
});

describe("namedAmendment", () => {
  it("reads an amendment's number written as a word after No. or Number", () => {
    const q = "How large is the revolving facility after Amendment Number Two?";
    expect(namedAmendment(q)?.number).toBe(2);
    expect(namedAmendment("What changed in Amendment No. Three?")?.number).toBe(3);
    expect(asksOfItself(q, namedAmendment(q) ?? { number: null, at: 0 })).toBe(false);
    // a number word with no "No." or "Number" is no amendment's number
    expect(namedAmendment("Did the amendment one party signed change the price?")?.number ?? null).toBeNull();
  });
});

describe("asksOfItself", () => {
  it("reads what is given for agreeing to an amendment as a term of the amendment itself", () => {
    for (const q of [
      "What fee do the banks get for agreeing to the second amendment?",
      "What do the lenders receive for consenting to Amendment No. 2?",
    ])
      expect(asksOfItself(q, namedAmendment(q) ?? { number: null, at: 0 }), q).toBe(true);
    // what is in force under it, or what it changed, is not
    for (const q of [
      "What fee applies to letters of credit under the second amendment?",
      "What did the lenders agree to change in the second amendment?",
    ])
      expect(asksOfItself(q, namedAmendment(q) ?? { number: null, at: 0 }), q).toBe(false);
  });
});
