import { describe, expect, it } from "vitest";
import { BUILTIN_DECISION_MODEL_PATH, loadDecisionModel } from "../adapters/decision-model-file.ts";
import { verifyCitation } from "./citations.ts";
import { buildExtract } from "./extract.ts";
import { citeWithinEachInstrument, type InstrumentSentence, spansInstruments } from "./instrument-share.ts";
import { answerFromEvidence } from "./offline-answerer.ts";
import { documentRecord, passageOf } from "./test-support.ts";

describe("spansInstruments", () => {
  it("reads a question that names two instruments, compares, or spans an instrument and its amendment", () => {
    expect(spansInstruments("Does the liability cap in the distributor agreement apply to the software license?")).toBe(
      true,
    );
    expect(spansInstruments("Do the franchisee and its employees have the same post-term non-compete?")).toBe(true);
    expect(spansInstruments("Does the parent guarantee both the term loan and the notes?")).toBe(true);
    expect(spansInstruments("How are disputes resolved under the maintenance agreement and its amendment?")).toBe(true);
    expect(spansInstruments("What is the rent under the lease as amended?")).toBe(true);
  });

  it("leaves a question about one instrument alone", () => {
    expect(spansInstruments("Which law governs the credit agreement?")).toBe(false);
    expect(spansInstruments("Can either party terminate the agreement on notice?")).toBe(false);
    expect(spansInstruments("Is there an arbitration clause in the supply agreement?")).toBe(false);
  });
});

describe("citeWithinEachInstrument", () => {
  const s = (
    documentId: string,
    clauseRef: string,
    start: number,
    p: number,
    extra: Partial<InstrumentSentence> = {},
  ): InstrumentSentence => ({
    p,
    start,
    item: { documentId, version: "v1", nodeId: `${documentId}/${clauseRef}`, clauseRef, transactionSetId: "deal" },
    ...extra,
  });
  const spanning = "Does the liability cap in the distributor agreement apply to breaches of the software license?";
  // the licence is an exhibit of the distributor agreement: an instrument of its own
  const licenceCap = s("dist", "Exhibit C, Section 4", 1200, 0.25);
  const licenceOther = s("dist", "Exhibit C, Section 5", 1400, 0.1);
  const agreementCap = s("dist", "Section 22", 800, 0.22);
  const agreementOther = s("dist", "Section 23", 900, 0.2);
  const guarantyLaw = s("guaranty", "Section 9", 300, 0.3);
  const guarantyOther = s("guaranty", "Section 2", 100, 0.05);

  it("breaks a silence with the sentence that stands out within its instrument, and only that one", () => {
    const r = citeWithinEachInstrument(
      spanning,
      { cited: [], probability: 0.2 },
      [licenceCap, agreementCap, agreementOther, licenceOther],
      { lead: 1.3, floor: 0.05 },
    );
    // the licence's cap leads its next sentence 2.5 times; the agreement's two sentences are close
    expect(r.cited).toEqual([licenceCap]);
    expect(r.probability).toBe(0.25);
  });

  it("cites each instrument that answers, most probable first, until the question's instruments are cited", () => {
    const scored = [guarantyLaw, licenceCap, agreementCap, licenceOther, guarantyOther];
    const r = citeWithinEachInstrument(spanning, { cited: [], probability: 0.2 }, scored, { lead: 1.3, floor: 0.05 });
    expect(r.cited).toEqual([guarantyLaw, licenceCap]);
  });

  it("adds to what the decision cited, never a second sentence of an instrument already cited", () => {
    const r = citeWithinEachInstrument(
      spanning,
      { cited: [agreementCap], probability: 0.6 },
      [licenceCap, agreementCap, agreementOther, licenceOther],
      { lead: 1.3, floor: 0.05 },
    );
    expect(r.cited).toEqual([agreementCap, licenceCap]);
    expect(r.probability).toBe(0.6);
  });

  it("cites nothing below the floor, from a heading line, from another deal, or for a one-instrument question", () => {
    const low = { lead: 1.3, floor: 0.3 };
    expect(citeWithinEachInstrument(spanning, { cited: [], probability: 0 }, [licenceCap], low).cited).toEqual([]);
    const heading = s("dist", "Exhibit C, Section 4", 1190, 0.4, { headingLine: true });
    expect(
      citeWithinEachInstrument(spanning, { cited: [agreementCap], probability: 0.6 }, [heading, agreementCap]).cited,
    ).toEqual([agreementCap]);
    const elsewhere = { ...licenceCap, item: { ...licenceCap.item, transactionSetId: "other-deal" } };
    expect(
      citeWithinEachInstrument(spanning, { cited: [agreementCap], probability: 0.6 }, [elsewhere, agreementCap]).cited,
    ).toEqual([agreementCap]);
    expect(
      citeWithinEachInstrument("What is the liability cap?", { cited: [], probability: 0 }, [licenceCap, licenceOther])
        .cited,
    ).toEqual([]);
  });
});

describe("answerFromEvidence on a question asked across two instruments (the shipped built-in decision model)", async () => {
  const FRANCHISE = `FRANCHISE AGREEMENT
Section 4 Fees. Franchisee shall pay an initial franchise fee of $30,000 on signing.
Section 9 Advertising. Franchisee shall contribute two percent of gross sales to the advertising fund.
Section 17 Covenants. For two years after the expiration or termination of this Agreement, Franchisee shall not own or operate any competitive business within ten miles of the restaurant.
Section 21 Notices. Notices shall be given in writing to the addresses set out below.`;
  const EMPLOYEE = `EMPLOYEE NON-DISCLOSURE AGREEMENT
1. The Member shall keep the recipes and operating manual in confidence during employment.
2. The Member shall return the operating manual when employment ends.
3. For one year after the employee leaves, the employee shall not work for any competitive business within five miles of the restaurant.
4. This agreement is governed by the laws of Florida.`;
  const texts: Record<string, string> = { franchise: FRANCHISE, employee: EMPLOYEE };
  const records = {
    franchise: documentRecord("franchise", "base_agreement", null, "Franchise.txt"),
    employee: documentRecord("employee", "base_agreement", null, "Employee.txt"),
  };
  const p = (doc: "franchise" | "employee", from: string, to: string, nodeId: string) =>
    passageOf(doc, texts[doc] as string, from, to, nodeId);
  const extract = await buildExtract(
    [
      p("employee", "1. The Member", "employment.", "1"),
      p("franchise", "Section 9", "fund.", "Section 9"),
      p("employee", "3. For one year", "restaurant.", "3"),
      p("franchise", "Section 17", "restaurant.", "Section 17"),
      p("franchise", "Section 4", "signing.", "Section 4"),
      p("employee", "2. The Member", "ends.", "2"),
    ],
    {
      text: (d) => texts[d] as string,
      document: (d) => records[d as "franchise" | "employee"],
      node: (_d, _v, n) => ({ clauseRef: n, fullRef: null, kind: "section" }) as never,
    },
  );
  const source = (d: string) => texts[d] as string;
  const byEvidence = { decision: loadDecisionModel(BUILTIN_DECISION_MODEL_PATH) };

  it("cites each instrument's covenant, though the employee's alone does not pass the whole question's bar", async () => {
    const a = await answerFromEvidence(
      "Do the franchisee and its employees have the same post-term non-compete?",
      extract,
      source,
      byEvidence,
    );
    expect(a.abstained).toBe(false);
    const cited = a.claims.flatMap((c) => c.citations);
    expect(cited.map((c) => c.display)).toEqual(["[Franchise] Section 17", "[Employee] 3"]);
    for (const c of cited) expect(verifyCitation(c, extract, source)).toEqual({ ok: true });
  });
});
