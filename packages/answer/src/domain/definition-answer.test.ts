import { definedTermKey } from "@lexnav/retrieval";
import { describe, expect, it } from "vitest";
import { BUILTIN_DECISION_MODEL_PATH, loadDecisionModel } from "../adapters/decision-model-file.ts";
import { definitionEnd, definitionStrength, withDefinitionEvidence } from "./definition-answer.ts";
import type { EvidenceItem } from "./evidence.ts";
import { type Candidate, candidateSentences, type ScoredCandidate } from "./evidence-model.ts";
import { buildExtract } from "./extract.ts";
import { answerFromEvidence } from "./offline-answerer.ts";
import { documentRecord, evidenceItem, passageOf } from "./test-support.ts";

/** An item holding all of `text` (offsets from 0), of document `documentId`, in set "set-1". */
const itemOf = (documentId: string, text: string, over: Partial<EvidenceItem> = {}): EvidenceItem =>
  evidenceItem(documentId, text, { transactionSetId: "set-1", ...over });

/** The candidate sentence of `item` that holds the first `words`. */
const at = (item: EvidenceItem, words: string): Candidate => {
  const start = item.text.indexOf(words);
  const c = candidateSentences([], [item], () => item.text).find((s) => s.start <= start && start < s.end);
  if (!c) throw new Error(`no sentence holds ${words}`);
  return c;
};

describe("definedTermKey", () => {
  it("compares whole terms, case, quotes and plurals aside", () => {
    expect(definedTermKey("“Subsidiaries”")).toBe(definedTermKey("subsidiary"));
    expect(definedTermKey("'Events of Default'")).toBe(definedTermKey("Event of Default"));
    expect(definedTermKey("Affiliated Group")).not.toBe(definedTermKey("Affiliate"));
  });
});

describe("definitionStrength", () => {
  const strength = (text: string, opening: string, term: string) =>
    definitionStrength(at(itemOf("d", text), opening), definedTermKey(term));

  it("reads a quoted term and a defining verb, with a qualifier between them", () => {
    expect(strength(`"Due Date" shall mean the production start date.`, `"Due Date"`, "Due Date")).toBe(0);
    expect(strength(`(j) "U.S. Affiliate" of any Agent means its broker-dealer.`, "(j)", "U.S. Affiliate")).toBe(0);
    expect(strength(`“Affiliate” includes any subsidiary.`, "“Affiliate”", "affiliates")).toBe(0);
  });

  it("reads a pointer to where a term is defined as the weakest definition", () => {
    const pointer = `1.2 "Alliance Manager" has the meaning set forth in Section 3.3.`;
    expect(strength(pointer, "1.2", "Alliance Manager")).toBe(3);
    expect(strength(`“MNPI” has the meaning specified in Section 6.02.`, "“MNPI”", "MNPI")).toBe(3);
    expect(strength(`"Term" shall have the meaning given to it in Section 7.1.`, `"Term"`, "Term")).toBe(3);
    // "has the meaning" that says what the meaning is defines it
    expect(strength(`"Dollars" has the meaning of lawful money of the United States.`, `"Dollars"`, "Dollars")).toBe(0);
  });

  it("reads a naming parenthetical, not a term merely quoted in passing", () => {
    const named = "Buyer shall buy 10 Units each year (the periods are each a “Contract Period”).";
    expect(strength(named, "Buyer", "Contract Period")).toBe(1);
    const passing = "The Seller shall deliver the goods listed in “Schedule A” by the Due Date.";
    expect(strength(passing, "The Seller", "Schedule A")).toBeNull();
  });

  it("reads an unquoted entry of a definitions list at the start of its line", () => {
    const list =
      "1. Definitions\n1.4 Affiliate - a business entity controlled by a Party.\nEnd User is the final purchaser of a Product.";
    expect(strength(list, "1.4", "Affiliate")).toBe(1);
    expect(strength(list, "End User", "End User")).toBe(1);
  });

  it("reads an unquoted term defined in running text after its lead-in, not one merely used there", () => {
    const lead =
      "Section 2: Grid Data\nFor purposes of this Agreement, Grid Data shall mean: (i) all data the Owner marks.";
    expect(strength(lead, "For purposes", "Grid Data")).toBe(1);
    const section = "For the purposes of this Section 4, Net Sales means gross receipts less returns.";
    expect(strength(section, "For the purposes", "Net Sales")).toBe(1);
    const used = "For purposes of this Agreement, the Owner shall deliver Grid Data monthly.";
    expect(strength(used, "For purposes", "Grid Data")).toBeNull();
  });

  it("reads a term in single quotes, as older filings write it, never an apostrophe", () => {
    const old = `"'Authorized Acquisition No. 2' shall mean the acquisition of the D-M-E Company ("D-M-E").`;
    expect(strength(old, "'Authorized", "Authorized Acquisition No. 2")).toBe(0);
    const possessive = "The Lenders' consent is needed for the Borrower's 'Permitted Sale' of the plant.";
    expect(strength(possessive, "The Lenders", "consent is needed for the Borrower")).toBeNull();
    expect(strength(possessive, "The Lenders", "Permitted Sale")).toBeNull();
  });

  it("reads a term that closes the sentence naming what goes before it", () => {
    const named = `Any invention relating to the Work Plan conceived during the term shall be an "Improvement".`;
    expect(strength(named, "Any invention", "Improvement")).toBe(1);
    const referred =
      "The Existing PSA, as amended by this Amendment, is referred to collectively herein as the “Agreement.”";
    expect(strength(referred, "The Existing PSA", "Agreement")).toBe(1);
    // a term quoted mid-sentence after "is" names nothing
    const passing = `The price is "Schedule A" pricing unless the Buyer objects.`;
    expect(strength(passing, "The price", "Schedule A")).toBeNull();
    const object = `The Seller shall deliver the "Goods".`;
    expect(strength(object, "The Seller", "Goods")).toBeNull();
  });

  it("reads a definition that an amendment adds inside its quoted new text", () => {
    const added = `1. The following definitions shall be added to Section 1:\n\n""Ares Agreement" means the supply agreement dated 7 January 2018."`;
    expect(strength(added, `""Ares`, "Ares Agreement")).toBe(0);
  });

  it("never reads one term for another that begins with it", () => {
    const text = `"Affiliated Group" means the group of companies filing one return.`;
    expect(strength(text, `"Affiliated`, "Affiliate")).toBeNull();
  });

  it("reads a capitalised heading over a describing sentence, not over an obligation", () => {
    const glossary = "HYPERFEED\n\nThe proprietary digital data feed of market information.";
    expect(strength(glossary, "The proprietary", "HYPERFEED")).toBe(2);
    const clause = "CONFIDENTIALITY\n\nThe Recipient shall keep the information secret.";
    expect(strength(clause, "The Recipient", "Confidentiality")).toBeNull();
  });
});

describe("definitionEnd", () => {
  it("runs on through the list the definition opens, up to the next entry", () => {
    const text = `“Confidential Information” means:\n(a) any information marked confidential; and\n(b) the terms of this Agreement.\n“Discloser” means the party disclosing.`;
    const item = itemOf("d", text);
    const c = at(item, "“Confidential");
    expect(text.slice(c.start, definitionEnd(c))).toBe(
      "“Confidential Information” means:\n(a) any information marked confidential; and\n(b) the terms of this Agreement.",
    );
  });

  it("stops at the next definition run onto the same line", () => {
    const text = `(j) "Agent" means the agent named above; (k) "Act" means the Securities Act.`;
    const item = itemOf("d", text);
    const c = at(item, "(j)");
    expect(text.slice(c.start, definitionEnd(c))).toBe(`(j) "Agent" means the agent named above;`);
  });
});

describe("withDefinitionEvidence", () => {
  const BASE = `Supply Agreement.\nThe Buyer shall pay within 30 days of the Due Date.\n"Due Date" means the production start date requested by the Buyer.`;
  const AMENDMENT = `First Amendment.\n"Due Date" means the date stated in the purchase order.`;
  const base = itemOf("base", BASE);
  const amendment = itemOf("amd", AMENDMENT, { role: "amendment" });
  const scoredOf = (c: Candidate, p = 0.5): ScoredCandidate => ({ ...c, p });
  const candidates = [
    ...candidateSentences([], [amendment], () => AMENDMENT),
    ...candidateSentences([], [base], () => BASE),
  ];
  const payment = scoredOf(at(base, "The Buyer"));

  it("cites the base instrument's definition in place of what the decision cited", () => {
    const out = withDefinitionEvidence("What is the 'Due Date'?", [payment], candidates, { asks: 1, scoped: true });
    expect(out).toHaveLength(1);
    expect(out[0]?.item.documentId).toBe("base");
    expect(out[0]?.text).toBe(`"Due Date" means the production start date requested by the Buyer.`);
  });

  it("cites a schedule's entry with its label, and reads the label as the entry's term", () => {
    const SCHEDULE = `EXHIBIT A TERRITORY\n\nTerritory: The United States, excluding its territories.\n\nEXHIBIT B PRODUCTS`;
    const exhibit = itemOf("x", SCHEDULE);
    const all = candidateSentences([], [exhibit], () => SCHEDULE);
    const value = all.find((c) => c.text.startsWith("The United States"));
    expect(value && definitionStrength(value, definedTermKey("Territory"))).toBe(1);
    expect(value && definitionStrength(value, definedTermKey("Products"))).toBeNull();
    const out = withDefinitionEvidence("What is ScanSource's Territory under the Cisco agreement?", [], all, {
      asks: 1,
      scoped: true,
    });
    expect(out.map((c) => c.text)).toEqual(["Territory: The United States, excluding its territories."]);
    // a sentence of running text after a colon is no entry
    const prose = itemOf("y", `The parties agree as follows: The Territory shall be Canada.`);
    const after = candidateSentences([], [prose], () => prose.text).find((c) => c.text.startsWith("The Territory"));
    expect(after).toBeDefined();
    expect(after ? definitionStrength(after, definedTermKey("Territory")) : null).toBeNull();
    // another term's label neither defines the term asked nor is quoted with its definition
    const LAW = `GOVERNING LAW: \u201cTerritory\u201d means Canada.`;
    const law = itemOf("w", LAW);
    const quoted = candidateSentences([], [law], () => LAW);
    const out2 = withDefinitionEvidence("What is the Territory?", [], quoted, { asks: 1, scoped: true });
    expect(out2.map((c) => c.text)).toEqual(["\u201cTerritory\u201d means Canada."]);
  });

  it("cites the definition that replaced a superseded one, not the superseded text", () => {
    const replaced = itemOf("base", BASE, { supersededBy: "Section 2 of base, as replaced by the First Amendment" });
    const all = [
      ...candidateSentences([], [amendment], () => AMENDMENT),
      ...candidateSentences([], [replaced], () => BASE),
    ];
    const out = withDefinitionEvidence("What is the 'Due Date'?", [payment], all, { asks: 1, scoped: true });
    expect(out.map((c) => c.item.documentId)).toEqual(["amd"]);
    expect(out[0]?.text).toBe(`"Due Date" means the date stated in the purchase order.`);
  });

  it("cites where a term is named over a definitions list's pointer to it", () => {
    const list = itemOf("z", `1.2 "Alliance Manager" has the meaning set forth in Section 3.3.`);
    const named = itemOf(
      "z",
      `3.3 Alliance Managers. Each Party shall appoint an individual to act as the alliance manager for such Party (the "Alliance Manager").`,
    );
    const all = [
      ...candidateSentences([], [list], () => list.text),
      ...candidateSentences([], [named], () => named.text),
    ];
    const out = withDefinitionEvidence("Who are the Alliance Managers?", [], all, { asks: 1, scoped: true });
    expect(out.map((c) => c.text)).toEqual([
      `Each Party shall appoint an individual to act as the alliance manager for such Party (the "Alliance Manager").`,
    ]);
    // the pointer alone is still cited: it says where to read
    const alone = withDefinitionEvidence("Who are the Alliance Managers?", [], all.slice(0, 1), {
      asks: 1,
      scoped: true,
    });
    expect(alone.map((c) => c.text)).toEqual([`1.2 "Alliance Manager" has the meaning set forth in Section 3.3.`]);
  });

  it("answers a question the decision was silent on", () => {
    const out = withDefinitionEvidence("What is the Due Date?", [], candidates, { asks: 1, scoped: true });
    expect(out.map((c) => c.item.documentId)).toEqual(["base"]);
  });

  it("keeps the decision's other citations when the question asks more", () => {
    const out = withDefinitionEvidence("What is the Due Date and when must the Buyer pay?", [payment], candidates, {
      asks: 2,
      scoped: true,
    });
    expect(out).toHaveLength(2);
    expect(out[1]).toBe(payment);
  });

  it("changes nothing when no sentence defines the term asked, or no term is asked", () => {
    expect(withDefinitionEvidence("What is the Purchase Price?", [payment], candidates)).toEqual([payment]);
    expect(withDefinitionEvidence("Can the Buyer pay late?", [payment], candidates)).toEqual([payment]);
  });

  it("without a named deal, prefers a definition in a document the decision cited", () => {
    const other = itemOf("other", `"Due Date" means the fifth day of each month.`, { transactionSetId: "set-2" });
    const all = [...candidateSentences([], [other], () => other.text), ...candidates];
    const out = withDefinitionEvidence("What is the Due Date?", [payment], all, { asks: 1, scoped: false });
    expect(out[0]?.item.documentId).toBe("base");
  });

  it("without a named deal, prefers the definition in the document the question names, over one the decision cited", () => {
    const bio = itemOf("bio", `“Project” means the proposed project under the ETI’s Bioenergy Programme.`, {
      docLabel: "Bio-FIP-EOI-NDA",
    });
    const cavern = itemOf("ccs", `“Project” means the proposed project under the ETI’s Storage Programme.`, {
      docLabel: "CCS-Salt-Cavern-RfP-NDA",
      transactionSetId: "set-2",
    });
    const all = [bio, cavern].flatMap((i) => candidateSentences([], [i], () => i.text));
    const decided = [scoredOf(all[0] as Candidate)];
    const ask = "Which project is the ETI salt cavern confidentiality agreement about?";
    expect(withDefinitionEvidence(ask, decided, all, { asks: 1, scoped: false })[0]?.item.documentId).toBe("ccs");
    // the same where the party named (ETI) scoped the question to both of its NDAs
    expect(withDefinitionEvidence(ask, decided, all, { asks: 1, scoped: true })[0]?.item.documentId).toBe("ccs");
    // naming nothing of either, the decision's document is kept
    const plain = "Which project is the ETI confidentiality agreement about?";
    expect(withDefinitionEvidence(plain, decided, all, { asks: 1, scoped: false })[0]?.item.documentId).toBe("bio");
  });

  it("compares deals by the names the question gives, never the members of one deal", () => {
    const base = itemOf(
      "base",
      `This agreement is entered into on April 15, 2010 by Cargill, Incorporated ("Cargill").`,
      {
        title: "Development Agreement",
      },
    );
    const first = itemOf("amd", `This amendment is made by Cargill, Incorporated ("Cargill") and BioAmber.`, {
      role: "amendment",
      title: "First Amendment to Development Agreement",
    });
    const all = [base, first].flatMap((i) => candidateSentences([], [i], () => i.text));
    // the amendment's title holds more of the question's words; it names no other deal than its base's
    const ask = "When was the Cargill development agreement signed, and when was it first amended?";
    const out = withDefinitionEvidence(ask, [], all, { asks: 2, scoped: true });
    expect(out[0]?.item.documentId).toBe("base");
  });
});

describe("an offline answer to a definition question (the shipped decision model)", () => {
  const TEXT = `DISTRIBUTOR AGREEMENT between Acme Networks and Zenith Supply.
1. Definitions
Cisco Quarter shall mean the fiscal quarters of Acme Networks.
End User is the final purchaser who has acquired Products for its own internal use and not for resale.
2. Orders
Distributor shall place orders with Acme Networks for Products sold to each End User in the Territory.`;
  const source = (d: string) => (d === "dist" ? TEXT : null);
  const docs = new Map([["dist", documentRecord("dist", "base_agreement", null, "Distributor Agreement.txt")]]);
  const byEvidence = { decision: loadDecisionModel(BUILTIN_DECISION_MODEL_PATH) };

  it("cites the definition of the term asked about, however the extract ranks it", async () => {
    const extract = await buildExtract(
      [passageOf("dist", TEXT, "2. Orders", "Territory."), passageOf("dist", TEXT, "1. Definitions", "resale.")],
      { text: source, document: (id) => docs.get(id) ?? null },
    );
    const a = await answerFromEvidence(
      "Who is an 'End User' under the Acme distributor agreement?",
      extract,
      source,
      byEvidence,
    );
    expect(a.abstained).toBe(false);
    const quotes = a.claims.flatMap((c) => c.citations.map((x) => x.quote));
    expect(quotes).toEqual([
      "End User is the final purchaser who has acquired Products for its own internal use and not for resale.",
    ]);
  });
});
