import { describe, expect, it } from "vitest";
import { BUILTIN_DECISION_MODEL_PATH, loadDecisionModel } from "../adapters/decision-model-file.ts";
import { SILENCE_SENTENCE } from "./citations.ts";
import { answerFromEvidence } from "./offline-answerer.ts";
import { faceWords, namesPartyIn, partyScope, questionParties } from "./party-scope.ts";
import { clauseItem } from "./test-support.ts";

// Two deals in one store: Acme's supply agreement (with its amendment, which names no party on its
// face) and Zenith's distribution agreement, which has the arbitration clause Acme's lacks.
const ACME = `SUPPLY AGREEMENT
This Supply Agreement is made between Acme Widgets, Inc. ("Supplier") and Northwind Traders LLC ("Buyer").
Section 1 Term. This Agreement runs for three years from the Effective Date.
Section 9 Governing Law. This Agreement is governed by the laws of the State of Ohio, and the courts of Franklin County, Ohio shall hear any dispute.`;
const ACME_AMENDMENT = `FIRST AMENDMENT
The Supplier and the Buyer agree as follows.
Section 1 Term. Section 1 of the Agreement is amended so that the Agreement runs for five years.`;
const ZENITH = `DISTRIBUTION AGREEMENT
This Distribution Agreement is made between Zenith Optics GmbH and Hollow Pine Distributors Ltd.
Section 14 Arbitration. Any dispute arising out of this Agreement shall be finally settled by arbitration under the ICC Rules, seated in Geneva.
Section 15 Governing Law. This Agreement is governed by the laws of the State of New York.`;
const texts: Record<string, string | undefined> = { acme: ACME, acmeAmd: ACME_AMENDMENT, zenith: ZENITH };
const source = (d: string) => texts[d] ?? null;

const LABELS: Record<string, string> = {
  acme: "Supply Agreement",
  acmeAmd: "First Amendment",
  zenith: "Distribution Agreement",
  acmeOther: "Services Agreement",
};
const item = (documentId: string, from: string, to: string, set: string | null, clauseRef: string) =>
  clauseItem(documentId, texts[documentId] as string, from, to, set, clauseRef, {
    docLabel: LABELS[documentId] as string,
    role: documentId === "acmeAmd" ? "amendment" : "base_agreement",
  });

const zenithArbitration = item("zenith", "Section 14", "Geneva.", "set-zenith", "Section 14");
const zenithLaw = item("zenith", "Section 15", "New York.", "set-zenith", "Section 15");
const acmeLaw = item("acme", "Section 9", "any dispute.", "set-acme", "Section 9");
const acmeTerm = item("acmeAmd", "Section 1 Term.", "five years.", "set-acme", "Section 1");

describe("the parties a question names", () => {
  it("reads each name once, a dash-joined pair as two, and no instrument kind as a party", () => {
    expect(questionParties("Is there an arbitration clause in the Acme–Northwind agreement?")).toEqual([
      { name: "Acme", words: ["acme"] },
      { name: "Northwind", words: ["northwind"] },
    ]);
    expect(questionParties("Does Acme's NDA include a non-compete?")).toEqual([{ name: "Acme", words: ["acme"] }]);
    // the kind beside a name is no part of it: the documents say "Acme Widgets", never "Acme Widgets NDA"
    expect(questionParties("Which law governs the Acme Widgets NDA?")).toEqual([
      { name: "Acme Widgets", words: ["acme", "widgets"] },
    ]);
    expect(questionParties("Does the NDA include a non-compete?")).toEqual([]);
    expect(questionParties("Which law governs the supply agreement?")).toEqual([]);
  });

  it("reads every kind retrieval reads, spelled out or abbreviated, as no part of the name it follows", () => {
    expect(questionParties("Is the Acme Widgets Guaranty limited to an amount?")).toEqual([
      { name: "Acme Widgets", words: ["acme", "widgets"] },
    ]);
    expect(questionParties("When does the Zenith Lease end?")).toEqual([{ name: "Zenith", words: ["zenith"] }]);
    expect(questionParties("Which law governs the Acme–Zenith MOU?")).toEqual([
      { name: "Acme", words: ["acme"] },
      { name: "Zenith", words: ["zenith"] },
    ]);
    expect(questionParties("Can Zenith assign the Acme Notes?")).toEqual([
      { name: "Zenith", words: ["zenith"] },
      { name: "Acme", words: ["acme"] },
    ]);
    expect(questionParties("Is the SPA binding?")).toEqual([]);
  });

  it("keeps a kind's word that opens a name as the name's own; only an abbreviation before a name is the kind", () => {
    expect(questionParties("Is Note Holdings LLC bound by the non-compete?")).toEqual([
      { name: "Note Holdings LLC", words: ["note", "holdings", "llc"] },
    ]);
    // the kind after the name still goes
    expect(questionParties("Who may enforce the Guaranty Bank Guaranty?")).toEqual([
      { name: "Guaranty Bank", words: ["guaranty", "bank"] },
    ]);
    expect(questionParties("Under the MOU Zenith signed, who pays the costs?")).toEqual([
      { name: "Zenith", words: ["zenith"] },
    ]);
  });

  it("finds a name in a row of words, or run together into one word", () => {
    const face = faceWords(
      "Co-Branding Agreement",
      "PCQUOTE.COM CO-BRANDING AGREEMENT between PC QUOTE, INC. and others",
    );
    expect(namesPartyIn(face, ["pc", "quote"])).toBe(true);
    expect(namesPartyIn(faceWords("x", "PCQuote.com and others"), ["pc", "quote"])).toBe(true);
    expect(namesPartyIn(face, ["quote", "pc"])).toBe(false);
    expect(namesPartyIn(face, ["zenith"])).toBe(false);
  });

  it("reads a document's face: its name, opening and close, not the middle of a long text", () => {
    const long = `Made by Acme Widgets. ${"filler words ".repeat(1000)} a clause naming Zenith here. ${"more words ".repeat(1000)} Signed: Northwind.`;
    const face = faceWords("Supply Agreement", long);
    expect(namesPartyIn(face, ["acme"])).toBe(true);
    expect(namesPartyIn(face, ["northwind"])).toBe(true);
    expect(namesPartyIn(face, ["zenith"])).toBe(false);
  });
});

describe("the documents of the deal a question names by its parties", () => {
  it("keeps the deal's documents, and its amendment through the transaction set, not another deal's", () => {
    const scope = partyScope(
      "Is there an arbitration clause in Acme's supply agreement?",
      [zenithArbitration, acmeLaw, acmeTerm],
      source,
    );
    expect(scope?.parties).toEqual(["Acme"]);
    expect([...(scope?.documents ?? [])].sort()).toEqual(["acme", "acmeAmd"]);
  });

  it("rules nothing out when the question names no party, or none any document of the extract names", () => {
    expect(partyScope("Is there an arbitration clause?", [zenithArbitration, acmeLaw], source)).toBeNull();
    expect(partyScope("Does Globex have to arbitrate?", [zenithArbitration, acmeLaw], source)).toBeNull();
  });

  it("keeps the deal that names both parties asked, not another deal of one of them", () => {
    // Acme's supply agreement names Acme and Northwind; Zenith's names neither, so add a third deal of Acme's
    texts.acmeOther =
      "SERVICES AGREEMENT\nThis Services Agreement is made between Acme Widgets, Inc. and Globex Corp.\nSection 3 Governing Law. This Agreement is governed by the laws of Texas.";
    const other = item("acmeOther", "Section 3", "Texas.", "set-acme-other", "Section 3");
    const scope = partyScope("Which law governs the Acme–Northwind agreement?", [other, acmeLaw, acmeTerm], source);
    expect(scope?.parties).toEqual(["Acme", "Northwind"]);
    expect([...(scope?.documents ?? [])].sort()).toEqual(["acme", "acmeAmd"]);
    // one party asked: both of Acme's deals stay
    const one = partyScope("Which law governs Acme's agreement?", [other, acmeLaw, acmeTerm], source);
    expect([...(one?.documents ?? [])].sort()).toEqual(["acme", "acmeAmd", "acmeOther"]);
    delete texts.acmeOther;
  });

  it("does not carry a document without a transaction set into another deal's", () => {
    const loose = { ...zenithArbitration, transactionSetId: null };
    const scope = partyScope("Must Acme arbitrate?", [loose, { ...acmeLaw, transactionSetId: null }], source);
    expect([...(scope?.documents ?? [])]).toEqual(["acme"]);
  });
});

describe("answering a question that names its deal by parties", () => {
  const byEvidence = { decision: loadDecisionModel(BUILTIN_DECISION_MODEL_PATH) };

  it("is silent when only another deal's documents speak to it, naming the nearest passages", async () => {
    const extract = [zenithArbitration];
    const q = "Are disputes under the Acme–Northwind supply agreement settled by arbitration?";
    // Acme's deal is in the extract through a linked definition only: nothing of it is a candidate
    const a = await answerFromEvidence(q, [...extract, { ...acmeLaw, linkedBy: "definition" }], source, byEvidence);
    expect(a).toMatchObject({ abstained: true, text: SILENCE_SENTENCE, claims: [] });
    expect(a.abstainReason).toContain("Section 14 of Distribution Agreement");
    expect(a.abstainReason).toContain("Acme or Northwind");
    // the same clause answers a question that names no deal
    const unnamed = await answerFromEvidence(
      "Are disputes settled by arbitration?",
      [...extract, { ...acmeLaw, linkedBy: "definition" }],
      source,
      byEvidence,
    );
    expect(unnamed.abstained).toBe(false);
    expect(unnamed.claims[0]?.citations[0]?.display).toBe("[Distribution Agreement] Section 14");
  });

  it("answers from the named deal's own document when another deal's is beside it, and never cites the other", async () => {
    const a = await answerFromEvidence(
      "Which state's laws govern Acme's supply agreement?",
      [zenithLaw, zenithArbitration, acmeLaw, acmeTerm],
      source,
      byEvidence,
    );
    expect(a.abstained).toBe(false);
    const docs = a.claims.flatMap((c) => c.citations.map((x) => x.documentId));
    expect(docs).toContain("acme");
    expect(docs).not.toContain("zenith");
  });
});
