import { describe, expect, it } from "vitest";
import { withAmendmentEvidence } from "./amendment-answer.ts";
import { citesAmendmentDateAsked } from "./dated-amendment.ts";
import type { EvidenceItem } from "./evidence.ts";
import { scoredSentence } from "./test-support.ts";

const item = (role: EvidenceItem["role"], text: string): EvidenceItem => ({
  id: "E1",
  documentId: role,
  version: "v1",
  nodeId: "n",
  start: 0,
  end: text.length,
  text,
  docLabel: role,
  role,
  effectiveDate: null,
  transactionSetId: "set-1",
  clauseRef: null,
});
const DATING = "This First Amendment will be effective as of July 5, 2011, upon the signature of both parties.";
const dating = scoredSentence(item("amendment", DATING), DATING);
const OPERATIVE = "Section 2.2 of the Development Agreement is hereby amended to add two FTEs.";
const operative = scoredSentence(item("amendment", OPERATIVE), OPERATIVE);
const BASE_DATE = "This Development Agreement is entered into on April 15, 2010 by and between the parties.";
const baseDate = scoredSentence(item("base_agreement", BASE_DATE), BASE_DATE);

describe("citesAmendmentDateAsked", () => {
  it("holds when the question asks when a text was amended and an amendment's dating sentence is cited", () => {
    expect(citesAmendmentDateAsked("When was it signed, and when was it first amended?", [dating])).toBe(true);
    expect(citesAmendmentDateAsked("How many times was the term amended, and when?", [operative, dating])).toBe(true);
  });

  it("does not hold for a question that does not ask when", () => {
    expect(citesAmendmentDateAsked("What did the first amendment change?", [dating])).toBe(false);
  });

  it("does not hold when what is cited dates no amending instrument", () => {
    expect(citesAmendmentDateAsked("When was it first amended?", [operative])).toBe(false);
    expect(citesAmendmentDateAsked("When was it first amended?", [baseDate])).toBe(false);
  });
});

describe("withAmendmentEvidence with the decision's dating sentence cited", () => {
  const scored = [
    { ...dating, p: 0.6, familyCoverage: 0.6 },
    { ...operative, p: 0.1, familyCoverage: 0.2 },
  ];
  const [date, clause] = scored as [typeof dating, typeof operative];

  it("keeps the amendment's date as the answer to when it was amended", () => {
    const q = "When was the development agreement first amended, and what did the amendment change?";
    expect(withAmendmentEvidence(q, [date], scored, 3)).toEqual([date]);
  });

  it("still answers what changed from the operative clause when the question does not ask when", () => {
    const q = "What did the first amendment change in the development agreement?";
    expect(withAmendmentEvidence(q, [date], scored, 3)[0]).toBe(clause);
  });
});
