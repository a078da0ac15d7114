import { describe, expect, it } from "vitest";
import { BUILTIN_DECISION_MODEL_PATH, loadDecisionModel } from "../adapters/decision-model-file.ts";
import { loadEvidenceModel } from "../adapters/evidence-model-file.ts";
import { buildExtract } from "./extract.ts";
import { givenSums, statesSum, sumNotStated } from "./given-sum.ts";
import { answerFromEvidence, answerOffline } from "./offline-answerer.ts";
import { documentRecord, evidenceItem, passageOf } from "./test-support.ts";

describe("givenSums and statesSum: a sum of money a question gives, and a text that states it", () => {
  it("reads a currency figure with its scale, not a bare number or a percentage", () => {
    expect(givenSums("How much of the $300 million does each bank commit?").map((s) => s.value)).toEqual([3e8]);
    expect(givenSums("Is the $25,000 note still outstanding?").map((s) => s.value)).toEqual([25_000]);
    expect(givenSums("What about the US$1.5 billion facility and the €20m tranche?").map((s) => s.value)).toEqual([
      1.5e9, 2e7,
    ]);
    expect(givenSums("What is the 7% fee on the 300 units?")).toEqual([]);
  });

  it("reads only a sum given as known, not one the question supposes or compares", () => {
    expect(givenSums("Can the Borrower make a $2 million acquisition without consent?")).toEqual([]);
    expect(givenSums("What can borrowings over $150 million be used for?")).toEqual([]);
    expect(givenSums("Does the agreement require that $2 million be held in escrow?")).toEqual([]);
    expect(givenSums("Is the Lenders' $75,000,000 commitment reduced?").map((s) => s.value)).toEqual([75_000_000]);
    // a letter after the scale is a word, not a scale: "$5 M&A basket" is five dollars, not five million
    expect(givenSums("What is the $5 M&A basket?").map((s) => s.value)).toEqual([5]);
  });

  it("finds the value written any common way, and not a figure of another value", () => {
    expect(statesSum("Commitments of $300,000,000 in the aggregate", 3e8)).toBe(true);
    expect(statesSum("an aggregate of 300 million dollars", 3e8)).toBe(true);
    expect(statesSum("Three Hundred Million Dollars ($300.0 million)", 3e8)).toBe(true);
    expect(statesSum("not exceeding Three Million Dollars ($3,000,000)", 3e8)).toBe(false);
    expect(statesSum("$3,000,000,000", 3e8)).toBe(false);
    expect(statesSum("Facility B: \u20ac20m term loan", 2e7)).toBe(true);
    expect(statesSum("a $300mm revolver and a US$1.5bn term loan", 1.5e9)).toBe(true);
    // a scale letter after a space is a length
    expect(statesSum("within 300 m of the site, with 20 mm bolts", 3e8)).toBe(false);
  });
});

describe("sumNotStated: an answer about another instrument than the one whose sum the question gives", () => {
  const note = "SENIOR REVOLVING NOTE. The Bank's commitment not exceeding Three Million Dollars ($3,000,000).";
  const facility = "CREDIT AGREEMENT. The Lenders commit $300,000,000 in the aggregate.";
  const texts = new Map([
    ["note", note],
    ["ca", facility],
  ]);
  const source = (id: string) => texts.get(id) ?? null;
  const noteItem = evidenceItem("note", note, { docLabel: "Senior Revolving Note" });

  it("names the sum and the document when the answer's deal states it nowhere", () => {
    const r = sumNotStated(
      "How much of the $300 million does each bank commit?",
      [{ item: noteItem }],
      [noteItem],
      source,
    );
    expect(r).toEqual({ written: "$300 million", documents: ["Senior Revolving Note"] });
  });

  it("lets the answer stand when its document, or another document of its deal, states the sum", () => {
    const caItem = evidenceItem("ca", facility, { id: "E2" });
    expect(
      sumNotStated("How much of the $300 million does each bank commit?", [{ item: caItem }], [caItem], source),
    ).toBeNull();
    // an amendment answering about the facility its credit agreement sizes, both of one deal in the extract
    const amendment = { ...noteItem, transactionSetId: "set-1" };
    const agreement = { ...caItem, transactionSetId: "set-1" };
    expect(
      sumNotStated(
        "How much of the $300 million does each bank commit?",
        [{ item: amendment }],
        [amendment, agreement],
        source,
      ),
    ).toBeNull();
    // a question that gives no sum is not read, nor a document whose text is gone
    expect(sumNotStated("How much does each bank commit?", [{ item: noteItem }], [noteItem], source)).toBeNull();
    expect(
      sumNotStated("How much of the $300 million is committed?", [{ item: noteItem }], [noteItem], () => null),
    ).toBeNull();
  });

  it("turns the answer into a silence that says why, end to end", async () => {
    const docs = new Map([["note", documentRecord("note", "base_agreement", null, "Senior Revolving Note.txt")]]);
    const extract = await buildExtract([passageOf("note", note, "The Bank's")], {
      text: source,
      document: (id) => docs.get(id) ?? null,
      node: () => null,
    });
    const decision = { decision: loadDecisionModel(BUILTIN_DECISION_MODEL_PATH) };
    const asked = await answerFromEvidence("How much is the Bank's commitment?", extract, source, decision);
    expect(asked.abstained).toBe(false);
    const given = await answerFromEvidence(
      "How much of the $300 million is the Bank's commitment?",
      extract,
      source,
      decision,
    );
    expect(given.abstained).toBe(true);
    expect(given.abstainReason).toMatch(/^the question names \$300 million, and .+ states no such sum/);
    // the answerer kept behind a flag (the evidence model) withholds it the same way
    const offline = { model: loadEvidenceModel() };
    expect(answerOffline("How much is the Bank's commitment?", extract, source, offline).abstained).toBe(false);
    const kept = answerOffline("How much of the $300 million is the Bank's commitment?", extract, source, offline);
    expect(kept.abstained).toBe(true);
    expect(kept.abstainReason).toMatch(/^the question names \$300 million, and .+ states no such sum/);
  });
});
