import { describe, expect, it } from "vitest";
import type { EvidenceItem } from "./evidence.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { withNamedClause } from "./named-clause-answer.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const item = (documentId: string, clauseRef: string | null, start: number): EvidenceItem =>
  evidenceItem(documentId, "", { nodeId: `${documentId}-${clauseRef}`, start, end: start + 400, clauseRef });

const sentence = (it: EvidenceItem, text: string, p: number, headingLine = false): ScoredCandidate =>
  scoredSentence(it, text, { p, headingLine });

/** Most probable first, as the decision hands them over. */
const byP = (...s: ScoredCandidate[]) => [...s].sort((a, b) => b.p - a.p);

const ordersHeading = sentence(item("supply", "Section 2(j)", 100), "(j) Purchase Orders.", 0.05, true);
const ordersBody = sentence(
  item("supply", "Section 2(j)", 100),
  "Heritage's failure to object to a PO within five days shall constitute acceptance of such PO.",
  0.18,
);
const ordersLater = sentence(
  item("supply", "Section 2(j)", 100),
  "Once a Due Date is accepted, Heritage shall manufacture the Products.",
  0.12,
);
const unfilled = sentence(
  item("supply", "Section 2(l)", 900),
  "If a PO is accepted by Heritage as described in Section 2(j) above but is not filled, Premier may use an alternate co-packer.",
  0.33,
);
const otherDeal = sentence(
  item("loan", "Section 2(j)", 300),
  "The Borrower shall deliver each Note on the Closing Date.",
  0.1,
);

describe("withNamedClause", () => {
  it("answers a silence from the named clause and the sentence of its document that refers to it", () => {
    const scored = byP(ordersHeading, ordersBody, ordersLater, unfilled, otherDeal);
    const out = withNamedClause(
      "If Heritage accepts a PO under Section 2(j) but doesn't fill it, what can Premier do?",
      [],
      scored,
    );
    expect(out).toEqual([ordersBody, unfilled]);
  });

  it("leaves a decision that cites something as it is", () => {
    const scored = byP(ordersBody, unfilled);
    expect(withNamedClause("What does Section 2(j) say?", [unfilled], scored)).toEqual([unfilled]);
  });

  it("stays silent when the question names no clause by number, or only an exhibit", () => {
    const scored = byP(ordersBody, unfilled);
    expect(withNamedClause("What can Premier do if Heritage does not fill a PO?", [], scored)).toEqual([]);
    expect(withNamedClause("What flat fee is payable under Exhibit A?", [], scored)).toEqual([]);
  });

  it("never takes another instrument's clause of the same number for the one the question quotes from", () => {
    // The best sentence that speaks to "section 3" refers to it; its own document's Section 3 is not in the extract.
    const revoked = sentence(
      item("services", null, 5600),
      "(ii) the license granted under section 3 shall be revoked, and Customer will cease all use.",
      0.39,
    );
    const telecomLicense = sentence(
      item("telecom", "Section 3", 9000),
      "Subject to this Agreement, the Licensor grants TELKOM a licence to use the software.",
      0.09,
    );
    const out = withNamedClause(
      "On termination 'the license granted under section 3' is revoked — what license is that?",
      [],
      byP(revoked, telecomLicense),
    );
    expect(out).toEqual([revoked]);
  });

  it("stays silent when the most probable document neither holds the clause nor refers to it", () => {
    // Another instrument's sentence that names a "Section 8" is no answer about this one's Section 8.
    const developer = sentence(
      item("development", "Section 3.6", 5000),
      "Client may require the Developer to correct the defects within thirty days.",
      0.3,
    );
    const credit = sentence(
      item("credit", "Section 9.1", 105000),
      "The Agent shall act as provided in Section 8 when so requested by the Required Banks.",
      0.2,
    );
    expect(withNamedClause("What does Section 8 cover?", [], byP(developer, credit))).toEqual([]);
  });

  it("cites the clause's heading only when the extract holds nothing else of the clause", () => {
    const heading = sentence(
      item("feed", "Section 6", 8204),
      "Limitations of Liability, Remedies On Default",
      0.03,
      true,
    );
    const indemnity = sentence(
      item("feed", "Section 9(A)(2)", 12938),
      "Any and all claims resulting from any authority required of ABW pursuant to Section 6 hereof.",
      0.29,
    );
    expect(withNamedClause("What does Section 6 say?", [], byP(heading, indemnity))).toEqual([heading, indemnity]);
    const body = sentence(
      item("feed", "Section 6(A)", 8258),
      "The information used in the feed is provided as is.",
      0.01,
    );
    expect(withNamedClause("What does Section 6 say?", [], byP(heading, indemnity, body))).toEqual([body, indemnity]);
  });

  it("does not read a clause of another instrument named in a sentence as a reference to this one's", () => {
    const guaranty = sentence(
      item("guaranty", "Section 2", 40),
      "The Guarantor guarantees the obligations under Section 4 of the Credit Agreement.",
      0.4,
    );
    expect(withNamedClause("What does Section 4 require?", [], byP(guaranty))).toEqual([]);
  });

  it("reads 'Section 19.0' as Section 19, and a provision's opening number as its clause", () => {
    const confidentiality = sentence(
      item("distribution", "Section 19.0", 42000),
      "Each party shall hold the other's Confidential Information in confidence.",
      0.03,
    );
    expect(withNamedClause("What does Section 19 protect?", [], byP(confidentiality))).toEqual([confidentiality]);
    const software = sentence(
      item("distribution", "Section 9.0", 21900),
      "9.1 Distributor's use of Software is governed by the terms contained in Exhibit C.",
      0.13,
    );
    const title = sentence(
      item("distribution", "Section 9.0", 21878),
      "Title to the Software remains with Cisco.",
      0.2,
    );
    expect(
      withNamedClause("Section 9.1 governs software use — may the distributor copy it?", [], byP(title, software)),
    ).toEqual([software]);
  });
});
