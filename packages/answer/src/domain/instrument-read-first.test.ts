import { describe, expect, it } from "vitest";
import { operativeAmendment, withAmendmentEvidence } from "./amendment-answer.ts";
import type { EvidenceItem } from "./evidence.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { clauseOfInstrumentReadFirst } from "./instrument-read-first.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

// Amendment No. 4 to a note, filed without the note: no transaction set, no edits read.
const amd = (text: string, start: number, documentId = "amd", transactionSetId: string | null = null): EvidenceItem =>
  evidenceItem(documentId, text, { role: "amendment", transactionSetId, start, end: start + text.length });
const sentence = (item: EvidenceItem, p: number): ScoredCandidate => scoredSentence(item, item.text, { p });
const terms = sentence(
  amd(
    "The Company and the Noteholder hereby agree that, notwithstanding paragraph 3 of the Notes, the payment of the Repaid Notes on or before December 31, 2022 shall not be a default.",
    600,
  ),
  0.17,
);
const clause = sentence(
  amd("The Maturity Date of the Note is hereby amended to be the Amended Maturity Date.", 400),
  0.14,
);
const recital = sentence(amd("WHEREAS, the Note has a maturity date of December 31, 2022;", 100), 0.05);
const q = "Is the 2019 senior secured note still due at the end of 2022?";

describe("the amending clause of an amendment filed alone whose terms are read first", () => {
  it("is its first amending clause when only its operative sentences rank above it", () => {
    const scored = [terms, clause, recital];
    expect(clauseOfInstrumentReadFirst(scored, scored.filter(operativeAmendment))).toBe(clause);
  });

  it("is none when a sentence above it holds the question's words: that one may answer", () => {
    const payment = scoredSentence(terms.item, terms.text, { p: 0.17, familyCoverage: 0.29 });
    expect(clauseOfInstrumentReadFirst([payment, clause], [clause])).toBeNull();
  });

  it("is none when a recital, another document or an instrument of a set comes first", () => {
    const afterRecital = [recital, clause];
    expect(clauseOfInstrumentReadFirst(afterRecital, afterRecital.filter(operativeAmendment))).toBeNull();
    const other = sentence(amd("The Borrower shall repay the Loans on the Maturity Date.", 50, "loan"), 0.3);
    const afterOther = [other, clause];
    expect(clauseOfInstrumentReadFirst(afterOther, afterOther.filter(operativeAmendment))).toBeNull();
    const inSet = [
      sentence(amd(terms.text, 600, "amd2", "set-1"), 0.17),
      sentence(amd(clause.text, 400, "amd2", "set-1"), 0.14),
    ];
    expect(clauseOfInstrumentReadFirst(inSet, inSet)).toBeNull();
  });

  it("answers a silence of an effect question with that clause, and nothing else", () => {
    expect(withAmendmentEvidence(q, [], [terms, clause, recital], 3)).toEqual([clause]);
    // a recital ranked first still leaves the question silent
    expect(withAmendmentEvidence(q, [], [recital, terms, clause], 3)).toEqual([]);
    // asked of the changes, not of what holds now or still: the ratification ranked first may answer it
    expect(
      withAmendmentEvidence("Apart from the changes, does the note stay as it was?", [], [terms, clause], 3),
    ).toEqual([]);
    // not a question about the amendment's effect
    expect(withAmendmentEvidence("Who holds the note?", [], [terms, clause, recital], 3)).toEqual([]);
  });
});
