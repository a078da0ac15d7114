import { openSqliteDatabase } from "@lexnav/catalog";
import { describe, expect, it } from "vitest";
import { cardSearcher } from "../../../../test/support/card-searcher.ts";
import { createSqliteLexicalIndex } from "../adapters/sqlite-lexical-index.ts";
import { documentCard } from "./passage-index-sink.ts";
import type { Passage } from "./passages.ts";
import { createSearcher, type TextOf } from "./search.ts";

// Three NDAs. The one filed as "MNDA" says least about confidentiality on its card; the others'
// cards repeat the words of the question, so card BM25 alone routes the question elsewhere.
const DOCS: Record<string, { name: string; card: string; body: string; groups?: string[] }> = {
  mnda: { name: "MNDA", card: "AGREEMENT between Acme and Beta", body: "Recipient shall return all materials." },
  other1: {
    name: "NDA-2019",
    card: "MUTUAL CONFIDENTIALITY AGREEMENT: confidential information, return of materials",
    body: "Recipient shall return or destroy confidential materials.",
  },
  other2: {
    name: "Confidentiality",
    card: "CONFIDENTIALITY AGREEMENT: return of confidential information",
    body: "Each party shall return confidential materials on request.",
  },
};
const bodyOf =
  (docs: typeof DOCS): TextOf =>
  (id) =>
    docs[id]?.body ?? null;
const READER = { id: "reader", groups: ["g"] };

const searcher = (docs: typeof DOCS = DOCS) => cardSearcher(docs);

const routed = async (query: string, docs: typeof DOCS = DOCS) => {
  const r = await (await searcher(docs)).search({ query, principal: READER, mode: "hybrid", k: 3 }, bodyOf(docs));
  return r.trace.stages.find((s) => s.stage === "route")?.candidates.map((c) => c.id);
};

// The Bird filing in miniature: a loan agreement's amendment and an employment letter whose card has "rate applies".
const LOAN_AND_LETTER = {
  loan: {
    name: "ex-12",
    card: "AMENDMENT NO. 8 TO LOAN AND SECURITY AGREEMENT between Bird Rides and MidCap",
    body: "The Loans shall accrue Interest at the Interest Rate.",
  },
  letter: {
    name: "ex-15",
    card: "Employment Letter: base salary; the withholding rate that applies to awards; interest in the Company",
    body: "The applicable tax withholding rate applies.",
  },
};

// A guarantee whose Section 1 caps the guarantor's liability.
const GUARANTEE = {
  name: "ex-8",
  card: "GUARANTEE made by Bird Rides in favour of the Beneficiaries",
  body: "The Guaranteed Obligations shall be limited to an aggregate amount.",
};

/** What the trace says chose the documents a question was routed to. */
const routedBy = async (query: string, docs: typeof DOCS) =>
  (await (await searcher(docs)).search({ query, principal: READER, mode: "hybrid", k: 3 }, bodyOf(docs))).trace
    .routedBy;

describe("routing a question to the document it names", () => {
  it("goes to the document whose filed name the naming part quotes whole, over better-matching cards", async () => {
    expect(await routed("In the non-disclosure agreement MNDA: shall confidential materials be returned?")).toEqual([
      "mnda",
    ]);
    expect(await routed("In the non-disclosure agreement Confidentiality: shall materials be returned?")).toEqual([
      "other2",
    ]);
  });

  it("reads a name met in a question without a naming part as a word, ranked by the cards", async () => {
    const r = await routed("must confidential information be returned under the MNDA");
    expect(r?.[0]).not.toBe("mnda");
  });

  it("ranks the cards by the instrument a question names by kind, not by the rest of its words", async () => {
    const deal = LOAN_AND_LETTER;
    expect(await routed("What interest rate applies under the loan agreement?", deal)).toEqual(["loan"]);
    // with no instrument named, the cards are ranked by the question's words, as before
    expect((await routed("What interest rate applies?", deal))?.[0]).toBe("letter");
    // the trace says what chose them
    const by = (query: string) => routedBy(query, deal);
    expect(await by("What interest rate applies under the loan agreement?")).toBe("instrument");
    expect(await by("What interest rate applies?")).toBe("question");
    expect(await by("In the loan agreement ex-12: what interest rate applies?")).toBe("name");
  });

  it("ranks the cards by the instrument a question's parties or subjects imply, when it names none", async () => {
    const deal = {
      ...LOAN_AND_LETTER,
      guarantee: GUARANTEE,
      voting: {
        name: "ex-11",
        card: "VOTING AGREEMENT: limited liability company; the liability of the Investors is limited",
        body: "Each Investor shall vote its Shares.",
      },
    };
    // "the loans" belong to a loan or credit agreement, "the guarantor" to a guarantee
    expect((await routed("What interest rate applies to the loans?", deal))?.[0]).toBe("loan");
    expect((await routed("Is the guarantor's liability limited to an amount?", deal))?.[0]).toBe("guarantee");
    const by = (query: string) => routedBy(query, deal);
    expect(await by("What interest rate applies to the loans?")).toBe("role");
    // an instrument named by kind still decides
    expect(await by("What interest rate applies to the loans under the employment letter?")).toBe("instrument");
    expect(await by("What rate applies?")).toBe("question");
    // a question in a contract's own defined terms routes by all its words, not by a role's kind
    expect(await by("Do the Pledged Shares secure the loans?")).toBe("question");
    expect((await routed("Do the Pledged Shares secure the loans?", deal))?.[0]).not.toBe(undefined);
  });

  it("settles a route only when the names a question uses lead to a routed document on their own", async () => {
    const deal = {
      acme: { name: "ex-1", card: "SUPPLY AGREEMENT between Acme Corp and Beta Ltd", body: "Acme shall deliver." },
      gamma: {
        name: "ex-2",
        card: "SUPPLY AGREEMENT between Gamma Inc and Delta",
        body: "Subsidiaries of the Recipient may receive Information.",
      },
    };
    const s = await searcher(deal);
    const route = (query: string) => s.route({ query, principal: READER });
    const stages = async (query: string) =>
      (await s.search({ query, principal: READER, mode: "hybrid", k: 3 }, bodyOf(deal))).trace.stages.map(
        (t) => t.stage,
      );
    // a party named: its name alone finds the deal it routed to
    expect((await route("Must Acme deliver under the supply agreement?")).settled).toBe(true);
    expect(await stages("Must Acme deliver under the supply agreement?")).not.toContain("corpus");
    // a capitalised defined term is no name of a deal; words alone are a guess
    expect((await route("Under the supply agreement, may the Gross Revenues be audited?")).routedBy).toBe("instrument");
    expect((await route("May the Gross Revenues be audited?")).routedBy).toBe("question");
    expect((await route("May the Gross Revenues be audited?")).settled).toBe(false);
    expect((await route("May Gamma audit the revenues?")).routedBy).toBe("party");
    // a name no document holds chose nothing: the words chose the route, and the trace says so
    expect(await route("Must Zeta deliver the supplies?")).toMatchObject({ routedBy: "question", settled: false });
    // with a kind named, the kind's words chose it
    expect((await route("Must Zeta deliver under the supply agreement?")).routedBy).toBe("instrument");
    expect((await route("May Subsidiaries of a supply partner receive it?")).settled).toBe(false);
    // nor is it a party: with a kind named, the kind settles the route as it would without the term
    expect((await route("Under the supply agreement, may Subsidiaries receive it?")).settled).toBe(true);
    expect((await route("May the recipient share information?")).settled).toBe(false);
    // a kind alone keeps its route: inside that document, the question's own words rank the provisions
    expect((await route("May the recipient share under the supply agreement?")).settled).toBe(true);
    // an unsettled route is searched with everything the asker may read beside it
    expect(await stages("May Subsidiaries of a supply partner receive it?")).toContain("corpus");
    // a naming part settles it
    expect((await route("In the supply agreement ex-1: must goods be delivered?")).settled).toBe(true);
  });

  it("searches first the document that holds a quotation when no routed document does", async () => {
    const deal = {
      alpha: {
        name: "ex-3",
        card: "LICENSE AGREEMENT between Orion Ltd and Vega",
        body: "Orion may use the software.",
      },
      beta: {
        name: "ex-4",
        card: "SERVICES AGREEMENT between Lyra and Pax",
        body: "On expiry the rights granted under clause 7 end.",
      },
    };
    const s = await searcher(deal);
    const ask = async (query: string) => {
      const r = await s.search({ query, principal: READER, mode: "hybrid", k: 2 }, bodyOf(deal));
      return { first: r.passages[0]?.documentId, stages: r.trace.stages.map((t) => t.stage) };
    };
    // routed to Orion's licence by the party, but the quoted words are the services agreement's
    const elsewhere = await ask("Orion cites 'the rights granted under clause 7' — which rights?");
    expect(elsewhere.first).toBe("beta");
    expect(elsewhere.stages).toContain("corpus");
    // a quotation the routed document holds confirms the route
    const confirmed = await ask("Orion cites 'may use the software' — on what terms?");
    expect(confirmed.first).toBe("alpha");
    expect(confirmed.stages).not.toContain("corpus");
  });

  it("routes by a party's instrument only among the documents the asker may read", async () => {
    const deal = {
      ...LOAN_AND_LETTER,
      guarantee: { ...GUARANTEE, groups: ["restricted"] },
    };
    const r = await (await searcher(deal)).search(
      { query: "Is the guarantor's liability limited to an amount?", principal: READER, mode: "hybrid", k: 3 },
      bodyOf(deal),
    );
    expect(r.trace.routedBy).toBe("role");
    expect(r.trace.stages.find((s) => s.stage === "route")?.candidates.map((c) => c.id)).not.toContain("guarantee");
    expect(r.passages.map((p) => p.documentId)).not.toContain("guarantee");
  });

  it("keeps the route its words chose when a rare name confirms it, whatever the party lookup finds", async () => {
    // The name is held by the amendment the words chose; looked up on the cards, "Baker" finds a
    // sponsorship agreement whose card names a Brad Baker, which a party route would have taken instead.
    const docs = {
      sale: {
        name: "ex-10-2",
        card: "AMENDMENT TO THE PROPERTY SALE AGREEMENT: the property sale amendment",
        body: "The Seller shall assign the lease to Baker Technologies Inc.",
      },
      note: {
        name: "ex-10-3",
        card: "AMENDMENT TO THE PROMISSORY NOTE: the note amendment",
        body: "The maturity of the note is extended.",
      },
      sponsor: { name: "ex-10-17", card: "SPONSORSHIP AGREEMENT with Brad Baker", body: "Baker shall wear the logo." },
    };
    expect(await routed("Does Baker Technologies show up in the property sale amendment?", docs)).toEqual(["sale"]);
  });

  it("routes by a party a form names only where it signs, read onto its card from the close", async () => {
    // Two filings of one corporate NDA form: the same opening ("the Participant identified below"),
    // each participant named only on its signature page.
    const form = (participant: string) =>
      'CORPORATE NON-DISCLOSURE AGREEMENT\nThis Agreement is made by and between Intel Corporation ("Intel") and the Participant identified below.\n' +
      "1. The receiving party will hold Confidential Information in confidence. ".repeat(40) +
      `\n(d) This Agreement is governed by the laws of the State of Delaware.\nAGREED:\nINTEL CORPORATION\nPARTICIPANT: ${participant}\n`;
    const docs = {
      xircom: { name: "f68556ex99-d12", card: documentCard(form("Xircom Inc")), body: form("Xircom Inc") },
      dsp: { name: "document_2", card: documentCard(form("DSP Communications")), body: form("DSP Communications") },
    };
    expect((await routed("Which state's law governs the Intel–DSP NDA?", docs))?.[0]).toBe("dsp");
    expect((await routed("Which state's law governs Xircom's NDA with Intel?", docs))?.[0]).toBe("xircom");
  });
});

describe("ranking inside the document a question names by kind", () => {
  // A voting agreement: its title and the heading of every voting clause repeat the instrument's name.
  const BODY = [
    "VOTING AGREEMENT",
    "1. Voting Provisions Regarding the Board.",
    "(i) 25% Threshold: five (5) Investor Designees;",
    "(ii) 20% Threshold: four (4) Investor Designees;",
    "(iii) 15% Threshold: three (3) Investor Designees;",
    "1.3 Voting Agreement Committee Composition.",
    "5. Term. This Agreement shall be effective as of the date hereof and shall continue in effect until, and shall automatically terminate upon, the earliest of (a) the date on which the Investors cease to hold the Required Threshold and (b) its termination in accordance with Subsection 6.7 below, after which the Company shall give prompt written notice to every party that did not consent.",
    "6.7 Consent Required. This Agreement may be amended, modified or terminated, and any term of it waived, only by a written instrument executed by the Company and the Investor Majority; the Company shall give prompt written notice of any amendment, modification, termination or waiver to any party that did not consent.",
  ];
  const body = BODY.join("\n\n");
  async function votingSearcher() {
    const lexical = createSqliteLexicalIndex(openSqliteDatabase(":memory:"));
    const v = await lexical.createVersion();
    await lexical.activate(v);
    const passages: Passage[] = BODY.map((b, i) => {
      const start = body.indexOf(b);
      return {
        id: `va-p${i}`,
        documentId: "va",
        version: "v1",
        nodeId: `va-n${i}`,
        start,
        end: start + b.length,
        heading: i === 0 ? "" : i < 6 ? "Voting Provisions Regarding the Board" : "",
        clauseRef: "",
        terms: "",
        body: b,
      };
    });
    await lexical.putDocument(v, "va", { principals: [], groups: ["g"] }, passages, {
      text: "VOTING AGREEMENT",
      name: "va",
    });
    // other instruments of the filing: every one of them says how it is terminated, none votes
    for (const other of ["pledge", "guarantee", "lease", "loan", "note"]) {
      const ps: Passage[] = [0, 1, 2].map((i) => ({
        id: `${other}-p${i}`,
        documentId: other,
        version: "v1",
        nodeId: `${other}-n${i}`,
        start: 0,
        end: 10,
        heading: "Termination",
        clauseRef: "",
        terms: "",
        body: `This ${other} may be terminated by either party on notice; once terminated, clause ${i} survives.`,
      }));
      await lexical.putDocument(v, other, { principals: [], groups: ["g"] }, ps, {
        text: `${other.toUpperCase()} AGREEMENT`,
        name: other,
      });
    }
    return createSearcher({ lexical });
  }

  it("ranks the clause by the words that ask for it, once the name has routed to the document", async () => {
    const r = await (await votingSearcher()).search(
      { query: "How can the voting agreement be terminated?", principal: READER, mode: "hybrid", k: 4 },
      (id) => (id === "va" ? body : null),
    );
    expect(r.trace.stages.find((s) => s.stage === "route")?.candidates.map((c) => c.id)).toEqual(["va"]);
    // the clauses that say how it ends come first, not the title or the voting headings
    expect(
      r.passages
        .slice(0, 2)
        .map((p) => body.slice(p.start, p.start + 6))
        .sort(),
    ).toEqual(["5. Ter", "6.7 Co"]);
  });
});
