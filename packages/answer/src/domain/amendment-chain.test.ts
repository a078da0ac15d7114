import { describe, expect, it } from "vitest";
import { amendingChain, asksAcrossAmendments, withAmendmentChain } from "./amendment-chain.ts";
import type { EvidenceItem } from "./evidence.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { scoredSentence } from "./test-support.ts";

const item = (over: Partial<EvidenceItem> & Pick<EvidenceItem, "documentId" | "role">): EvidenceItem => ({
  id: "E1",
  version: "v1",
  nodeId: "n",
  start: 0,
  end: 400,
  text: "",
  docLabel: over.documentId,
  effectiveDate: null,
  transactionSetId: "set-1",
  clauseRef: null,
  ...over,
});

/** A sentence of `it` whose text is the item's own text from `at` (the item's text is built to hold it). */
const sentence = (it: EvidenceItem, text: string, p = 0.1, at = 0): ScoredCandidate =>
  scoredSentence(it, text, { p, at, coverage: 0.3, familyCoverage: 0.3 });

// A base agreement's term clause, amended by two amendments (the later one listed first), and a third
// amendment that changes another clause.
const TERM = "The term of this Agreement ends on December 31, 2020.";
const term = item({
  documentId: "base",
  role: "base_agreement",
  clauseRef: "Section 2",
  start: 1000,
  end: 1100,
  text: TERM,
});
const termEdit = [{ documentId: "base", start: 1000, end: 1100 }];
const FIRST = "Section 2 of the Agreement is hereby amended by replacing “2020” with “2022”.";
const first = item({
  documentId: "amd1",
  role: "amendment",
  effectiveDate: "2019-03-01",
  clauseRef: "Section 1",
  text: FIRST,
  amends: termEdit,
});
const SECOND = "Section 2 of the Agreement is hereby deleted and replaced with the following: the term ends in 2025.";
const second = item({
  documentId: "amd2",
  role: "amendment",
  effectiveDate: "2021-06-30",
  clauseRef: "Section 1",
  text: SECOND,
  amends: termEdit,
});
const PRICE = "Section 4 of the Agreement is hereby amended to read as follows: the price is $12.";
const price = item({
  documentId: "amd3",
  role: "amendment",
  effectiveDate: "2020-01-01",
  clauseRef: "Section 1",
  text: PRICE,
  amends: [{ documentId: "base", start: 3000, end: 3100 }],
});

const baseTerm = sentence(term, TERM, 0.7);
const firstClause = sentence(first, FIRST, 0.2);
const secondClause = sentence(second, SECOND, 0.3);
const priceClause = sentence(price, PRICE, 0.25);
const scored = [baseTerm, secondClause, priceClause, firstClause];

const ACROSS = "When does the agreement expire, taking the amendments into account?";

describe("asksAcrossAmendments", () => {
  it("reads a question about the agreement as amended by all its amendments, not one named amendment", () => {
    const deal = scored.map((c) => c.item);
    for (const q of [
      ACROSS,
      "How many times was the term section amended, and when?",
      "Where do notices to the buyer go now?",
      "What is the price under the agreement as amended?",
    ])
      expect(asksAcrossAmendments(q, deal), q).toBe(true);
    for (const q of [
      "What is the price after Amendment No. 1?",
      "Under the second amendment, when does the term end?",
      "If the amendment and the agreement conflict, which controls?",
      "When does the agreement expire?",
    ])
      expect(asksAcrossAmendments(q, deal), q).toBe(false);
    // "now" asks about amendments only of a deal that holds one
    expect(asksAcrossAmendments("Where do notices to the buyer go now?", [term])).toBe(false);
  });
});

describe("amendingChain", () => {
  it("takes each amendment's clause that changes the provision, by effective date, and none that changes another", () => {
    expect(amendingChain([{ documentId: "base", start: 1000, end: 1100 }], scored)).toEqual([
      firstClause,
      secondClause,
    ]);
    expect(amendingChain([{ documentId: "base", start: 5000, end: 5100 }], scored)).toEqual([]);
  });

  it("cites one clause per amendment, the one that amends in its own words before a sentence of its new text", () => {
    const newText = sentence(second, "The term ends on December 31, 2025 unless renewed in writing.", 0.9, 200);
    const chain = amendingChain([{ documentId: "base", start: 1000, end: 1100 }], [newText, ...scored]);
    expect(chain).toEqual([firstClause, secondClause]);
  });
});

describe("withAmendmentChain", () => {
  it("adds to what the decision cited the amending clause of every amendment that changes the cited provision", () => {
    const out = withAmendmentChain(ACROSS, [baseTerm], scored, 3);
    expect(out).toEqual([baseTerm, firstClause, secondClause]);
    // the clause of the amendment that changes the price is no link of the term's chain
    expect(out).not.toContain(priceClause);
  });

  it("follows an amending clause the decision cited to the provision it changes, and to its other amendments", () => {
    expect(withAmendmentChain(ACROSS, [secondClause], scored, 3)).toEqual([firstClause, secondClause]);
  });

  it("leaves the answer alone where no amendment changes the provision, the question names one, or the decision is silent", () => {
    const untouched = sentence(
      item({ documentId: "base", role: "base_agreement", clauseRef: "Section 9", start: 5000, end: 5100 }),
      "This Agreement is governed by the laws of New York.",
    );
    expect(withAmendmentChain("Which law governs the agreement as amended?", [untouched], scored, 3)).toEqual([
      untouched,
    ]);
    expect(withAmendmentChain("When does the term end after Amendment No. 1?", [baseTerm], scored, 3)).toEqual([
      baseTerm,
    ]);
    expect(withAmendmentChain(ACROSS, [], scored, 3)).toEqual([]);
    expect(withAmendmentChain("When does the agreement expire?", [baseTerm], scored, 3)).toEqual([baseTerm]);
  });

  it("never keeps superseded text beside the chain as current", () => {
    const superseded = sentence(
      { ...term, supersededBy: "Section 2 of base, as replaced by amd2 (effective 2021-06-30)" },
      TERM,
      0.7,
    );
    const out = withAmendmentChain(ACROSS, [superseded], [superseded, secondClause, firstClause], 3);
    expect(out).toEqual([firstClause, secondClause]);
  });

  it("reads the clause named by a cited amendment that the edits read nothing from, and dates each link when asked when", () => {
    const INTRO = "This amendment to Section 2 (titled “Term”) of the Agreement is made effective December 9, 1996.";
    const intro = sentence(
      item({ documentId: "amd0", role: "amendment", effectiveDate: "1996-12-09", text: INTRO, amends: [] }),
      INTRO,
      0.6,
    );
    const DATED =
      "THIS SECOND AMENDMENT TO THE AGREEMENT is made and entered into, effective as of the 30th day of June, 2021.";
    const secondIntro = sentence(
      item({ documentId: "amd2", role: "amendment", effectiveDate: "2021-06-30", start: 0, end: 120, text: DATED }),
      DATED,
      0.1,
    );
    const RECITAL = "WHEREAS, the parties entered into that certain Agreement dated October 11, 1995.";
    const recital = sentence(
      item({ documentId: "amd2", role: "amendment", effectiveDate: "2021-06-30", start: 130, end: 220, text: RECITAL }),
      RECITAL,
      0.4,
    );
    const pool = [intro, recital, baseTerm, secondClause, secondIntro];
    const q = "How many times was the term section amended, and when?";
    expect(withAmendmentChain(q, [intro], pool, 3)).toEqual([intro, secondIntro, secondClause]);
    // not asked when: the chain's clauses alone
    expect(withAmendmentChain("Was the term section amended?", [intro], pool, 3)).toEqual([intro, secondClause]);
  });
  it("reads a clause named by an amendment of no transaction set only in its own document, not in other set-less ones", () => {
    const INTRO = "This amendment to Section 2 (titled “Term”) of the Agreement is made effective December 9, 1996.";
    const loose = { transactionSetId: null };
    const intro = sentence(
      item({ documentId: "amdX", role: "amendment", text: INTRO, amends: [], ...loose }),
      INTRO,
      0.6,
    );
    // another deal's base agreement and amendment, also filed without a set
    const otherTerm = sentence(
      item({
        documentId: "other",
        role: "base_agreement",
        clauseRef: "Section 2",
        start: 1000,
        end: 1100,
        text: TERM,
        ...loose,
      }),
      TERM,
      0.5,
    );
    const otherAmendment = sentence(
      item({
        documentId: "otherAmd",
        role: "amendment",
        clauseRef: "Section 1",
        text: SECOND,
        amends: [{ documentId: "other", start: 1000, end: 1100 }],
        ...loose,
      }),
      SECOND,
      0.3,
    );
    const q = "How many times was the term section amended, and when?";
    expect(withAmendmentChain(q, [intro], [intro, otherTerm, otherAmendment], 3)).toEqual([intro]);
  });
});
