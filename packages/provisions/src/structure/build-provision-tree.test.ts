import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_LIMITS } from "@lexnav/core";
import type { DocumentStructure, Extraction, ProvisionNode } from "@lexnav/document-model";
import { countTokens } from "@lexnav/document-model";
import { createHtmlParser, extractDocument } from "@lexnav/extract";
import { describe, expect, it } from "vitest";
import { enrichStructure } from "../enrichment/enrich-structure.ts";
import { buildProvisionTree } from "./build-provision-tree.ts";
import { CORPUS_DIR, readCorpus, textExtraction } from "./test-support.ts";

const cheap = { countTokens: (s: string) => Math.ceil(s.length / 4) };

function build(text: string, extraction: Extraction = textExtraction(text)): DocumentStructure {
  return buildProvisionTree({ documentId: "doc-1", version: "v1", extraction }, cheap);
}

/** The offset and nesting invariants every tree must keep. */
function expectInvariants(s: DocumentStructure, text: string): void {
  const byId = new Map<string, ProvisionNode>();
  for (const n of s.nodes) {
    expect(byId.has(n.id), `duplicate id ${n.id}`).toBe(false);
    byId.set(n.id, n);
  }
  const root = s.nodes[0] as ProvisionNode;
  expect(root.kind).toBe("document");
  expect([root.start, root.end]).toEqual([0, text.length]);
  const kids = new Map<string, ProvisionNode[]>();
  for (const n of s.nodes) {
    expect(n.start).toBeLessThanOrEqual(n.end);
    expect(n.flags.textLength).toBe(n.end - n.start);
    if (n.parentId === null) continue;
    const span = text.slice(n.start, n.end);
    expect(span, `${n.kind} ${n.clauseRef} not trimmed`).toBe(span.trim());
    const p = byId.get(n.parentId) as ProvisionNode;
    expect(p, `parent of ${n.id}`).toBeDefined();
    expect(n.start).toBeGreaterThanOrEqual(p.start);
    expect(n.end).toBeLessThanOrEqual(p.end);
    expect(n.depth).toBe(p.depth + 1);
    expect(n.headingPath.length).toBe(n.depth - 1);
    const list = kids.get(p.id) ?? [];
    list.push(n);
    kids.set(p.id, list);
  }
  for (const [pid, list] of kids) {
    for (let i = 1; i < list.length; i++) {
      expect((list[i] as ProvisionNode).start, `siblings under ${pid}`).toBeGreaterThanOrEqual(
        (list[i - 1] as ProvisionNode).end,
      );
    }
    const sum = list.reduce((a, n) => a + n.tokenCount, 0);
    expect((byId.get(pid) as ProvisionNode).tokenCount).toBeGreaterThanOrEqual(sum);
  }
  for (const d of s.definitions) expect(byId.get(d.nodeId)?.definesTerms).toContain(d.term);
}

const find = (s: DocumentStructure, pred: (n: ProvisionNode) => boolean) => s.nodes.find(pred);
const byRef = (s: DocumentStructure, ref: string) => s.nodes.find((n) => n.fullRef === ref && !n.flags.isTocEntry);
const slice = (text: string, n: ProvisionNode | undefined) => (n === undefined ? "" : text.slice(n.start, n.end));
/** The tree of a text, checked for the invariants every tree keeps. */
function checkedBuild(text: string): DocumentStructure {
  const s = build(text);
  expectInvariants(s, text);
  return s;
}
/** The tree of some lines, checked: a node's title by its full reference (null when none). */
function titlesOf(lines: string[]): (ref: string) => string | null {
  const s = checkedBuild(`${lines.join("\n")}\n`);
  return (ref) => byRef(s, ref)?.title ?? null;
}

const ARTICLE_STYLE = `CREDIT AGREEMENT

This CREDIT AGREEMENT is dated as of March 1, 2020 between ACME CORP. (the "Borrower") and BIG BANK,
N.A. (hereinafter referred to as the "Lender").

WHEREAS, the Borrower has requested a loan; and

WHEREAS, the Lender is willing to lend.

NOW, THEREFORE, the parties agree as follows:

ARTICLE I
DEFINITIONS

Section 1.01  Defined Terms.  As used herein:

     "Borrower Party" means the Borrower and each guarantor.

     "Loan" shall mean the loan made under Section 2.01.

     "Maturity Date" has the meaning set forth in Section 2.02.

Section 1.02  Accounting Terms.  All accounting terms follow GAAP.

ARTICLE II
THE LOAN

Section 2.01  Commitment.  The Lender agrees to lend $2.5 million. The
amount may be reduced as set forth in
Section 2.1 hereof and as follows:

     (a)  first, by the amount of any prepayment;

     (b)  second, as follows:

          (i)  on any date; and

          (ii) on the Maturity Date.

     (c)  third, by any other amount.

Section 2.02  Maturity.  The Loan is due 12.31.2025.

ARTICLE FIVE
MISCELLANEOUS

Section 5.01  Notices.  All notices shall be in writing.

IN WITNESS WHEREOF, the parties have executed this Agreement.

ACME CORP.
By: ____________

EXHIBIT A

FORM OF NOTE

1.  Promise to Pay.  The Borrower promises to pay.
`;

describe("buildProvisionTree on synthetic texts", () => {
  it("follows ARTICLE / Section / (a) / (i) numbering with normalised fullRefs", () => {
    const s = build(ARTICLE_STYLE);
    expectInvariants(s, ARTICLE_STYLE);
    const art1 = byRef(s, "Article 1");
    expect(art1?.kind).toBe("article");
    expect(art1?.clauseRef).toBe("ARTICLE I");
    expect(art1?.title).toBe("DEFINITIONS");
    const s101 = byRef(s, "1.01");
    expect(s101?.clauseRef).toBe("Section 1.01");
    expect(s101?.title).toBe("Defined Terms");
    expect(s101?.headingPath).toEqual(["ARTICLE I DEFINITIONS"]);
    expect(byRef(s, "2.01(b)(ii)")?.clauseRef).toBe("(ii)");
    expect(byRef(s, "2.01(b)(ii)")?.headingPath).toEqual(["ARTICLE II THE LOAN", "Section 2.01 Commitment", "(b)"]);
    expect(byRef(s, "2.01(c)")).toBeDefined();
    expect(byRef(s, "Article 5")?.clauseRef).toBe("ARTICLE FIVE");
    expect(byRef(s, "5.01")?.title).toBe("Notices");
    // "Section 2.1 hereof" at the start of a wrapped line, "$2.5", "12.31.2025" are not structure.
    expect(byRef(s, "2.1")).toBeUndefined();
    expect(s.nodes.filter((n) => n.kind === "section").map((n) => n.fullRef)).toEqual([
      "1.01",
      "1.02",
      "2.01",
      "2.02",
      "5.01",
      "Exhibit A 1",
    ]);
    expect(slice(ARTICLE_STYLE, byRef(s, "2.02"))).toBe("Section 2.02  Maturity.  The Loan is due 12.31.2025.");
  });

  it("ends the signature block at an ATTACHMENT heading or a quoted schedule label, not at a page's running line", () => {
    const text = `CONVERTIBLE PROMISSORY NOTE

1.  Payment.  Borrower shall pay the Outstanding Balance on the Maturity Date.

2.  Conversion.  Lender may convert at the Lender Conversion Price.

IN WITNESS WHEREOF, Borrower has caused this Note to be duly executed.

BORROWER:
By: /s/ Kangbin Zheng

Attachment 1 to Convertible Promissory Note, Page 1

ATTACHMENT 1

DEFINITIONS

A1. "Purchase Price Date" means the date the Purchase Price is delivered by Lender to Borrower.

A2. "Trading Day" means any day on which the principal market is open for trading.

SCHEDULE "B" - DESCRIPTION OF SERVICES

The Services are described here.
`;
    const s = build(text);
    expectInvariants(s, text);
    const signature = find(s, (n) => n.kind === "signature") as ProvisionNode;
    expect(slice(text, signature)).not.toContain("Purchase Price Date");
    const attachment = byRef(s, "Attachment 1");
    expect(attachment?.kind).toBe("annex");
    expect(attachment?.clauseRef).toBe("ATTACHMENT 1");
    expect(slice(text, attachment)).toContain('"Purchase Price Date" means');
    expect(slice(text, attachment)).not.toContain("Services are described");
    const schedule = byRef(s, "Schedule B");
    expect(schedule?.kind).toBe("schedule");
    expect(schedule?.title).toBe("DESCRIPTION OF SERVICES");
  });

  it("reads the provisions a signature page comes before as provisions: a clause numbered 1 after the signatory rows", () => {
    const text = `OUTSOURCING AGREEMENT

This Agreement is made between Metavante Corporation and Oriental Bank.

IN WITNESS WHEREOF, the parties have caused this Agreement to be executed.

METAVANTE CORPORATION
By: /s/ James R. Geschke
Name: James R. Geschke
Title: Executive Vice President

TERMS AND CONDITIONS

1. CONSTRUCTION

1.1. Definitions. Capitalized terms have the meanings given in Article 18.

2. TERM

2.1. Duration. This Agreement runs for five years from the Effective Date.
`;
    const s = build(text);
    expectInvariants(s, text);
    const signature = find(s, (n) => n.kind === "signature") as ProvisionNode;
    expect(slice(text, signature)).toContain("By: /s/ James R. Geschke");
    expect(slice(text, signature)).not.toContain("CONSTRUCTION");
    expect(find(s, (n) => n.kind === "title" && n.title === "TERMS AND CONDITIONS")).toBeDefined();
    expect(slice(text, byRef(s, "2.1"))).toBe(
      "2.1. Duration. This Agreement runs for five years from the Effective Date.",
    );
    expect(byRef(s, "1")?.title).toBe("CONSTRUCTION");
  });

  it("keeps a numbered list inside a signature block that no signatory row precedes as signature", () => {
    const text = `SUPPLY AGREEMENT

1. Supply. Seller shall supply the Products.

IN WITNESS WHEREOF, the parties sign below; the following are attached:

1. Price list

SELLER CORP.
By: ____________
`;
    const s = build(text);
    expectInvariants(s, text);
    const signature = find(s, (n) => n.kind === "signature") as ProvisionNode;
    expect(slice(text, signature)).toContain("1. Price list");
    expect(s.nodes.filter((n) => n.kind === "title").length).toBeLessThanOrEqual(1);
  });

  it("splits a definitions section into one node per term and collects inline definitions", () => {
    const s = build(ARTICLE_STYLE);
    const defs = s.nodes.filter((n) => n.kind === "definition");
    expect(defs.map((n) => n.definesTerms[0])).toEqual(["Borrower Party", "Loan", "Maturity Date"]);
    const loan = defs[1] as ProvisionNode;
    expect(loan.flags.isDefinition).toBe(true);
    expect(loan.fullRef).toBe('Definition "Loan"');
    expect(slice(ARTICLE_STYLE, loan)).toBe('"Loan" shall mean the loan made under Section 2.01.');
    const terms = s.definitions.map((d) => d.term);
    expect(terms).toEqual(expect.arrayContaining(["Borrower", "Lender", "Loan", "Maturity Date"]));
    const preamble = find(s, (n) => n.kind === "preamble");
    expect(preamble?.definesTerms).toEqual(["Borrower", "Lender"]);
    expect(s.definitions.find((d) => d.term === "Lender")?.nodeId).toBe(preamble?.id);
  });

  it("finds title, preamble, recitals, signature and a trailing exhibit", () => {
    const s = build(ARTICLE_STYLE);
    const top = s.nodes.filter((n) => n.depth === 1).map((n) => n.kind);
    expect(top).toEqual([
      "title",
      "preamble",
      "recital",
      "recital",
      "article",
      "article",
      "article",
      "signature",
      "exhibit",
    ]);
    const ex = find(s, (n) => n.kind === "exhibit");
    expect(ex?.fullRef).toBe("Exhibit A");
    expect(slice(ARTICLE_STYLE, ex).endsWith("The Borrower promises to pay.")).toBe(true);
    expect(
      slice(
        ARTICLE_STYLE,
        find(s, (n) => n.kind === "signature"),
      ),
    ).toContain("By: ____________");
    // The exhibit's own numbering does not collide with the body's refs.
    expect(find(s, (n) => n.fullRef === "Exhibit A 1")?.title).toBe("Promise to Pay");
  });

  it("starts a conformed copy's exhibit after its own cover line, but not at a list of exhibits", () => {
    const amendment = (exhibits: string) =>
      [
        "AMENDMENT NO. 8 TO LOAN AGREEMENT",
        "",
        "Section 1. Amendment. The Loan Agreement is amended as set out in Exhibit A.",
        "",
        "Section 2. Counterparts. This Amendment may be signed in counterparts. [Signature Page to Amendment No. 8] By: /s/ A. Officer",
        "",
        exhibits,
        "",
        "EXHIBIT A",
        "",
        "LOAN AGREEMENT",
        "",
        "ARTICLE I DEFINITIONS",
        "",
        "Section 1.01 Defined Terms. Terms have the meanings below.",
        "",
        "ARTICLE II THE LOANS",
        "",
        "Section 2.01 Loans. Each Lender shall make Loans.",
        "",
      ].join("\n");
    const cover = amendment("Exhibit A Amended Loan Agreement [See attached.]");
    const s = build(cover);
    expectInvariants(s, cover);
    const ex = find(s, (n) => n.kind === "exhibit");
    expect(ex?.fullRef).toBe("Exhibit A");
    expect(slice(cover, ex)).toContain("Section 2.01 Loans.");
    expect(find(s, (n) => n.fullRef === "Exhibit A 2.01")?.title).toBe("Loans");
    // the amendment's own sections stay outside it
    expect(byRef(s, "2")?.title).toBe("Counterparts");
    // a list naming other exhibits is no cover line: the "EXHIBIT A" after it starts nothing in the body
    const list = amendment("Exhibit A Amended Loan Agreement\nExhibit B Form of Note");
    expect(find(build(list), (n) => n.kind === "exhibit")).toBeUndefined();
  });

  it("keeps ids stable across versions with the same structure", () => {
    const a = build(ARTICLE_STYLE);
    const edited = ARTICLE_STYLE.replace("All notices shall be in writing.", "All notices must be written and signed.");
    const b = build(edited);
    const ids = (s: DocumentStructure) => s.nodes.map((n) => `${n.fullRef}:${n.id}`);
    expect(ids(b)).toEqual(ids(a));
    expect(new Set(a.nodes.map((n) => n.id)).size).toBe(a.nodes.length);
  });

  it("reads (i) as a letter after (h) and as a roman numeral under (a)", () => {
    const text = [
      "1. SCOPE",
      "",
      "(g) item g;",
      "(h) item h;",
      "(i) item i;",
      "(j) item j.",
      "",
      "2. OTHER",
      "",
      "(a) first:",
      "",
      "    (i) roman one;",
      "",
      "    (ii) roman two.",
      "",
      "(b) second.",
    ].join("\n");
    const s = build(`${text}\n`);
    expectInvariants(s, `${text}\n`);
    // (g) cannot start a sequence, so the first section holds no clauses; 2 holds (a) > (i),(ii) and (b).
    expect(byRef(s, "2(a)(ii)")).toBeDefined();
    expect(byRef(s, "2(b)")).toBeDefined();
    const s2 = build(
      "1. SCOPE\n\n(a) a;\n\n(b) b;\n\n(c) c;\n\n(d) d;\n\n(e) e;\n\n(f) f;\n\n(g) g;\n\n(h) h;\n\n(i) i;\n\n(j) j.\n",
    );
    expect(byRef(s2, "1(i)")?.depth).toBe(byRef(s2, "1(h)")?.depth);
    expect(byRef(s2, "1(j)")).toBeDefined();
    expect(byRef(s2, "1(h)(i)")).toBeUndefined();
  });

  it("never invents structure from stray numbers, amounts, dates or wrapped cross-references", () => {
    const text = `SERVICES AGREEMENT

1. SERVICES

The Provider shall perform the services for a fee of
2. per cent of revenue, payable on 3.15.2021 and
Section 4.2 of the Master Agreement applies. The total is $1,000.
(b) the remainder is payable later.

2. PAYMENT

Payment is due within 30 days.

7. ORPHAN

This number is out of sequence.
`;
    const s = checkedBuild(text);
    const sections = s.nodes.filter((n) => n.kind === "section").map((n) => n.fullRef);
    expect(sections).toEqual(["1", "2"]);
    expect(slice(text, byRef(s, "2"))).toContain("7. ORPHAN");
  });

  it("splits inline numbered ALL-CAPS headings in unwrapped CUAD-style lines", () => {
    const text =
      "ENDORSEMENT AGREEMENT\n\n1.   TERM\n\nThe term is two years.\n\n2.   FEES\n\nFees are paid monthly, subject to a 2.5% increase.   3. EXCLUSIVITY OF ENDORSEMENT   During the term, CONSULTANT shall not endorse other products.   4. NOTICES   Notices go to the addresses above.\n";
    const s = checkedBuild(text);
    expect(s.nodes.filter((n) => n.kind === "section").map((n) => `${n.fullRef} ${n.title}`)).toEqual([
      "1 TERM",
      "2 FEES",
      "3 EXCLUSIVITY OF ENDORSEMENT",
      "4 NOTICES",
    ]);
    expect(slice(text, byRef(s, "2"))).toBe("2.   FEES\n\nFees are paid monthly, subject to a 2.5% increase.");
  });

  it("detects a headed table of contents and never takes it for the body", () => {
    const text = `LOAN AGREEMENT

TABLE OF CONTENTS

Section 1.01  Definitions .................................. 1
Section 1.02  Accounting Terms ............................. 4
Section 2.01  Loans ........................................ 5
Section 2.02  Interest ..................................... 6
Section 9.99  Missing Section .............................. 9

This LOAN AGREEMENT is made as of May 1, 2019 between A Corp. and B Bank.

Section 1.01  Definitions.  "Loan" means the loan.

Section 1.02  Accounting Terms.  GAAP applies.

Section 2.01  Loans.  The Bank shall lend.

Section 2.02  Interest.  Interest accrues daily.
`;
    const s = checkedBuild(text);
    const toc = find(s, (n) => n.kind === "toc");
    const entries = s.nodes.filter((n) => n.kind === "toc_entry");
    expect(entries).toHaveLength(5);
    expect(entries.every((n) => n.flags.isTocEntry && n.parentId === toc?.id)).toBe(true);
    expect(entries[0]?.clauseRef).toBe("Section 1.01");
    expect(entries[0]?.title).toBe("Definitions");
    const body101 = byRef(s, "1.01");
    expect(body101?.flags.isTocEntry).toBe(false);
    expect(body101?.start).toBeGreaterThan(toc?.end ?? Number.POSITIVE_INFINITY);
    expect(s.toc.listedRefs).toEqual(["section:1.01", "section:1.02", "section:2.01", "section:2.02", "section:9.99"]);
    expect(s.toc.foundRefs).toEqual(["section:1.01", "section:1.02", "section:2.01", "section:2.02"]);
    expect(s.toc.span).toEqual({ start: toc?.start, end: toc?.end });
  });

  it("detects a dense run of TOC lines without a heading, and keeps a body that only looks like one", () => {
    const toc = [
      "ARTICLE I     DEFINITIONS ..................    1",
      "ARTICLE II    THE LOANS ....................    3",
      "ARTICLE III   CONDITIONS ...................    7",
      "ARTICLE IV    COVENANTS ....................    9",
      "ARTICLE V     MISCELLANEOUS ................   12",
    ].join("\n");
    const body =
      "\n\nARTICLE I\nDEFINITIONS\n\nTerms are defined here.\n\nARTICLE II\nTHE LOANS\n\nLoans are made here.\n";
    const s = build(`${toc}${body}`);
    expectInvariants(s, `${toc}${body}`);
    expect(s.nodes.filter((n) => n.kind === "toc_entry")).toHaveLength(5);
    expect(s.nodes.filter((n) => n.kind === "article").map((n) => n.fullRef)).toEqual(["Article 1", "Article 2"]);
    // Two short numbered lines are not a TOC.
    const plain = "1. ONE  ........  stuff\n\nThe first section.\n\n2. TWO\n\nThe second section.\n";
    const p = build(plain);
    expect(p.toc.span).toBeNull();
    expect(p.nodes.filter((n) => n.kind === "section")).toHaveLength(2);
  });

  it("reads lettered recitals after a RECITALS heading", () => {
    const text =
      "SUPPLY AGREEMENT\n\nThis Supply Agreement is entered into between Maker Inc. and Buyer LLC.\n\nRECITALS\n\nA. Maker makes widgets.\n\nB. Buyer buys widgets.\n\nNOW, THEREFORE, the parties agree:\n\n1. SUPPLY\n\nMaker supplies.\n";
    const s = checkedBuild(text);
    expect(s.nodes.filter((n) => n.kind === "recital").map((n) => n.clauseRef)).toEqual(["A.", "B."]);
    expect(byRef(s, "1")?.kind).toBe("section");
  });

  it("reads numbered recitals that end in 'agrees as follows' apart from the body's own numbering", () => {
    const text =
      "GUARANTEE\n\nThis GUARANTEE, dated as of December 30, 2022, is made by Holdco LLC in favor of the Agent.\n\nRECITALS\n\n1. The Issuer entered into the Note Purchase Agreement.\n\n2. The Guarantor benefits from the credit.\n\nGUARANTEE\n\nAs an inducement to the Purchasers, the Guarantor agrees as follows:\n\n1. Guarantee. The Guarantor guarantees the Obligations.\n\n2. Waiver. The Guarantor waives notice, subject to Section 1.\n";
    const s = checkedBuild(text);
    expect(s.nodes.filter((n) => n.kind === "recital").map((n) => n.clauseRef)).toEqual(["1.", "2."]);
    const sections = s.nodes.filter((n) => n.kind === "section");
    // the body's sections sit at the top, not under the last recital
    const parentKind = (id: string | null) => s.nodes.find((p) => p.id === id)?.kind;
    expect(sections.map((n) => [n.fullRef, parentKind(n.parentId)])).toEqual([
      ["1", "document"],
      ["2", "document"],
    ]);
    // Without a line that ends the recitals, "1." under RECITALS stays a section as before.
    const open = build(text.replace("agrees as follows:", "agrees to this."));
    expect(open.nodes.filter((n) => n.kind === "recital")).toHaveLength(0);
  });
  it("makes table nodes whose rows carry the header", () => {
    const text = "1. PRICING\n\nPrices are:\n\nTier    Price\nGold    $10\nSilver  $5\n\nEnd of pricing.\n";
    const t = text.indexOf("Tier");
    const rows = ["Tier    Price", "Gold    $10", "Silver  $5"].map((r) => {
      const start = text.indexOf(r);
      return { kind: "table_row" as const, start, end: start + r.length };
    });
    const base = textExtraction(text);
    const extraction: Extraction = {
      ...base,
      blocks: [...base.blocks, { kind: "table", start: t, end: (rows[2] as { end: number }).end }, ...rows],
    };
    const s = build(text, extraction);
    expectInvariants(s, text);
    const table = find(s, (n) => n.kind === "table");
    expect(table?.parentId).toBe(byRef(s, "1")?.id);
    const rowNodes = s.nodes.filter((n) => n.kind === "table_row");
    expect(rowNodes).toHaveLength(3);
    expect(rowNodes[2]?.title).toBe("Tier Price");
    expect(slice(text, rowNodes[2])).toBe("Silver  $5");
  });

  it("cuts a run-on preamble into paragraphs when no structure is found", () => {
    const para = "The parties agree to cooperate in good faith on the matters described here. ".repeat(20);
    const text = `This Cooperation Agreement is made between A Corp. and B Corp.\n\n${para}\n\n${para}\n\n${para}\n`;
    const s = checkedBuild(text);
    const top = s.nodes.filter((n) => n.depth === 1);
    expect(top.map((n) => n.kind)).toEqual(["preamble", "paragraph", "paragraph", "paragraph"]);
    expect(slice(text, top[0])).toBe("This Cooperation Agreement is made between A Corp. and B Corp.");
  });

  it("does not hang a dotted section under a lettered clause", () => {
    const text =
      "1. NOTICES\n\n(a) If to Buyer: the address above.\n\n(b) If to Seller: the address below.\n\n13.6 Severability. If any term is invalid, the rest survives.\n";
    const s = checkedBuild(text);
    const sev = byRef(s, "13.6");
    expect(sev?.title).toBe("Severability");
    expect(s.nodes.find((n) => n.id === sev?.parentId)?.fullRef).toBe("1");
  });

  it("reads a heading that opens with a quoted term, but not a defined term as a heading", () => {
    const title = titlesOf([
      "1. Voting Provisions.",
      "1.1 Board Size. The board has five seats.",
      "2. Remedies.",
      "2.1 Remedies Cumulative. All remedies shall be cumulative.",
      "3. “Bad Actor” Matters.",
      "3.1 Definitions. For purposes of this Agreement:",
      '3.2 "Company Matching Account"  means the account kept for a Participant.',
      '3.3 "NETTAXI  Brand  Features"  means the NETTAXI name and logo.',
    ]);
    expect(title("3")).toBe("“Bad Actor” Matters");
    expect(title("3.1")).toBe("Definitions");
    // two spaces end a heading's match; here they stand inside and after a defined term
    expect(title("3.2")).toBeNull();
    expect(title("3.3")).toBeNull();
  });

  it("reads a heading that names its own instrument: Conditions to Effectiveness of this Agreement", () => {
    const title = titlesOf([
      "Section 1. Counterparts. This Agreement may be signed in counterparts.",
      "Section 2. Conditions to Effectiveness of this Agreement.",
      "This Agreement shall become effective when each of the following conditions is satisfied.",
      "Section 3. Each party shall bear its own costs under this Agreement.",
    ]);
    expect(title("2")).toBe("Conditions to Effectiveness of this Agreement");
    // a sentence is still no heading
    expect(title("3")).toBeNull();
  });

  it("trims every kind of whitespace String.trim knows out of spans", () => {
    const text = "1. ONE\u2003\n\nFirst.\u00a0\u2009\n\n2. TWO\n\nSecond.\ufeff\u3000\n";
    const s = checkedBuild(text);
    expect(slice(text, byRef(s, "1"))).toBe("1. ONE\u2003\n\nFirst.");
  });

  it("counts tokens once per character range and sums them upward", () => {
    const s = buildProvisionTree({ documentId: "d", version: "v", extraction: textExtraction(ARTICLE_STYLE) });
    const root = s.nodes[0] as ProvisionNode;
    const whole = countTokens(ARTICLE_STYLE);
    // Counting pieces separately may differ slightly at the seams, never by much.
    expect(Math.abs(root.tokenCount - whole)).toBeLessThan(whole * 0.05);
    const leaf = byRef(s, "5.01") as ProvisionNode;
    expect(leaf.tokenCount).toBe(countTokens(slice(ARTICLE_STYLE, leaf)));
  });
});

const EDGAR = join(CORPUS_DIR, "edgar");
const haveCorpus = existsSync(EDGAR);

/** An EDGAR filing through the real HTML parser (the one ingest uses). */
async function edgarExtraction(file: string): Promise<Extraction> {
  const out = await createHtmlParser().parse({
    bytes: readFileSync(join(EDGAR, file)),
    fileName: file,
    limits: DEFAULT_LIMITS,
  });
  if (!out.ok) throw new Error(out.error.reason);
  return out.value;
}

describe.skipIf(!haveCorpus)("buildProvisionTree on EDGAR credit agreements", () => {
  it("American Health Properties 1995: TOC, sections and definitions", async () => {
    const extraction = await edgarExtraction("0000950134-96-000040_2.html");
    const s = build(extraction.text, extraction);
    expectInvariants(s, extraction.text);
    const entries = s.nodes.filter((n) => n.kind === "toc_entry");
    expect(entries.length).toBeGreaterThan(150);
    expect(entries.every((n) => n.flags.isTocEntry)).toBe(true);
    const listedSections = s.toc.listedRefs.filter((k) => k.startsWith("section:"));
    const foundSections = s.toc.foundRefs.filter((k) => k.startsWith("section:"));
    expect(listedSections.length).toBeGreaterThan(140);
    expect(foundSections.length / listedSections.length).toBeGreaterThan(0.95);
    const defs = s.nodes.filter((n) => n.kind === "definition");
    expect(defs.length).toBeGreaterThan(90);
    const terms = s.definitions.map((d) => d.term);
    expect(terms).toEqual(expect.arrayContaining(["Loans", "Company", "Lender", "Affiliate", "Business Day"]));
    const loans = defs.find((n) => n.definesTerms[0] === "Loans");
    expect(slice(extraction.text, loans).startsWith('"Loans" shall mean')).toBe(true);
    const s11 = byRef(s, "1.1");
    expect(s11?.flags.isTocEntry).toBe(false);
    expect(s11?.title).toBe("CERTAIN DEFINED TERMS");
    expect(s11?.start).toBeGreaterThan(s.toc.span?.end ?? Number.POSITIVE_INFINITY);
    expect(loans?.parentId).toBe(s11?.id);
    expect(s11?.page).toBe(9);
    expect(find(s, (n) => n.fullRef === "Exhibit A")?.kind).toBe("exhibit");
  });

  const others: Array<[string, number, number]> = [
    // file, minimum listed refs, minimum share found in the body
    ["0000950134-96-000722_4.html", 40, 0.95],
    ["0000950117-96-000184_4.html", 80, 0.95],
    ["0000912057-96-000124_5.html", 130, 0.9],
    ["0000950144-96-000010_7.html", 120, 0.95],
    ["0000950152-96-000050_2.html", 90, 0.95],
  ];
  it.each(others)("%s: TOC refs found in the body", async (file, minListed, share) => {
    const extraction = await edgarExtraction(file);
    const s = build(extraction.text, extraction);
    expectInvariants(s, extraction.text);
    expect(s.toc.listedRefs.length).toBeGreaterThanOrEqual(minListed);
    expect(s.toc.foundRefs.length / s.toc.listedRefs.length).toBeGreaterThanOrEqual(share);
    // Every TOC-listed ref found in the body is a real body node, after the TOC.
    const tocEnd = s.toc.span?.end ?? 0;
    for (const key of s.toc.foundRefs.filter((k) => k.startsWith("section:"))) {
      const ref = key.slice("section:".length);
      const inBody = s.nodes.some((n) => !n.flags.isTocEntry && n.start > tocEnd && n.fullRef?.endsWith(ref));
      expect(inBody, key).toBe(true);
    }
  });

  it("modern inline-HTML amendment: table rows carry their header, the conformed copy's TOC is found", async () => {
    const extraction = await edgarExtraction("0001193125-23-000306_2.html");
    const s = build(extraction.text, extraction);
    expectInvariants(s, extraction.text);
    const tables = s.nodes.filter((n) => n.kind === "table");
    expect(tables.length).toBeGreaterThan(10);
    for (const t of tables) {
      const rows = s.nodes.filter((n) => n.parentId === t.id);
      expect(rows.every((r) => r.kind === "table_row" && r.title === t.title)).toBe(true);
      const first = rows[0];
      if (first !== undefined) expect(t.title).toBe(slice(extraction.text, first).replace(/\s+/g, " ").trim());
    }
    // The TOC belongs to the credit agreement attached as Exhibit A; its sections are found there.
    expect(s.toc.listedRefs.length).toBeGreaterThan(150);
    expect(s.toc.foundRefs.filter((k) => k.startsWith("section:")).length).toBeGreaterThan(140);
    expect(find(s, (n) => n.fullRef === "Exhibit A 2.1")?.title).toBe("Revolving Loans");
  });

  it("Guilford Mills 1995: ARTICLE / SECTION 1.01 numbering keeps the printed number", async () => {
    const extraction = await edgarExtraction("0000950144-96-000010_7.html");
    const s = build(extraction.text, extraction);
    const s101 = byRef(s, "1.01");
    expect(s101?.clauseRef).toBe("SECTION 1.01.");
    expect(s101?.title).toBe("Definitions");
    expect(s.nodes.find((n) => n.id === s101?.parentId)?.fullRef).toBe("Article 1");
    expect(s.nodes.filter((n) => n.parentId === s101?.id && n.kind === "definition").length).toBeGreaterThan(80);
  });
});

const CUAD = join(CORPUS_DIR, "cuad");

describe.skipIf(!existsSync(CUAD))("buildProvisionTree on CUAD contracts", () => {
  it("Adams Golf endorsement agreement: numbered sections, lettered definitions, inline parties", () => {
    const file = readdirSync(CUAD).find((f) => f.startsWith("ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT"));
    expect(file).toBeDefined();
    const text = readCorpus(`cuad/${file}`);
    const s = checkedBuild(text);
    const sections = s.nodes.filter((n) => n.kind === "section" && n.depth === 1);
    expect(sections.map((n) => n.fullRef)).toEqual(Array.from({ length: 34 }, (_, i) => String(i + 1)));
    expect(byRef(s, "4")?.title).toBe("EXCLUSIVITY OF ENDORSEMENT");
    const defs = s.nodes.filter((n) => n.kind === "definition").map((n) => n.definesTerms[0]);
    expect(defs).toEqual(["ENDORSEMENT", "PRODUCT", "MANDATORY PRODUCTS", "CONTRACT TERRITORY"]);
    expect(s.definitions.map((d) => d.term)).toEqual(expect.arrayContaining(["CONSULTANT", "ADAMS GOLF"]));
    expect(find(s, (n) => n.kind === "signature")).toBeDefined();
  });

  it("keeps the invariants on a spread of CUAD contracts and finds numbered sections in most", () => {
    const files = readdirSync(CUAD)
      .filter((f) => f.endsWith(".txt"))
      .sort()
      .filter((_, i) => i % 17 === 0);
    let withSections = 0;
    for (const f of files) {
      const text = readCorpus(`cuad/${f}`);
      const s = build(text);
      expectInvariants(s, text);
      if (s.nodes.some((n) => n.kind === "section" && /^\d/.test(n.fullRef ?? ""))) withSections++;
    }
    expect(files.length).toBe(30);
    expect(withSections / files.length).toBeGreaterThan(0.6);
  });
});

describe("buildProvisionTree: numbering without an upper bound", () => {
  /** A contract of `n` top-level sections, each printed as `label(i)` with one sentence of its own. */
  const numbered = (n: number, label: (i: number) => string): string => {
    const lines = ["MASTER SERVICES AGREEMENT", "", "This Agreement is made between Alpha Corp and Beta LLC."];
    for (let i = 1; i <= n; i++) lines.push("", `${label(i)} Obligation ${i}.`, "", `The Supplier performs duty ${i}.`);
    return lines.join("\n");
  };

  it.each([
    ["Section N.", (i: number) => `Section ${i}.`, (i: number) => `Section ${i}.`],
    ["N.", (i: number) => `${i}.`, (i: number) => `${i}.`],
  ])(
    "gives each of 40,000 sections printed %s its own node and number",
    (_, label, clauseRef) => {
      const n = 40_000;
      const text = numbered(n, label);
      const s = build(text);
      const sections = s.nodes.filter((x) => x.kind === "section");
      expect(sections).toHaveLength(n);
      for (const i of [999, 1000, 1001, 40_000]) {
        const node = byRef(s, String(i));
        expect(node?.clauseRef).toBe(clauseRef(i));
        expect(node?.title).toBe(`Obligation ${i}`);
        // the sentence of section i lies in section i, not in an earlier one
        const at = text.indexOf(`duty ${i}.`);
        expect((node?.start ?? -1) <= at && at < (node?.end ?? -1)).toBe(true);
      }
    },
    60_000,
  );
});

describe("buildProvisionTree: headings printed again and lists that restart", () => {
  it("takes a heading printed again for a sibling: a contents line, then the body", () => {
    const text = [
      "OPERATING PROCEDURES",
      "",
      "1. OBJECTIVE  2. GLOSSARY  3. GENERAL CONDITIONS",
      "",
      "1. OBJECTIVE",
      "",
      "These procedures govern the transport services.",
      "",
      "2. GLOSSARY",
      "",
      "Services: the services provided to client companies.",
      "",
      "3. GENERAL CONDITIONS",
      "",
      "The Carrier shall keep the conditions below.",
    ].join("\n");
    const s = build(text);
    expectInvariants(s, text);
    const sections = s.nodes.filter((n) => n.parentId === s.nodes[0]?.id && n.clauseRef !== null);
    expect(sections.map((n) => [n.clauseRef, n.depth])).toEqual([
      ["1.", 1],
      ["1.", 1],
      ["2.", 1],
      ["3.", 1],
    ]);
    const glossary = sections[2] as ProvisionNode;
    expect(text.slice(glossary.start, glossary.end)).toBe(
      "2. GLOSSARY\n\nServices: the services provided to client companies.",
    );
  });

  it.each([
    [
      "a heading printed 20,000 times",
      "SECTION 1. DEFINITIONS\nThe Borrower shall pay the Lender all amounts due.\n",
      2,
    ],
    ["20,000 lists of one line each numbered 1", "1. The Borrower shall pay.\n", 13],
    ["20,000 lists lettered (a)", "(a) the Borrower shall pay;\n", 13],
  ])("keeps %s to a tree a contract could print, every line its own node", (_, unit, deepest) => {
    const text = `LOAN AGREEMENT\n\nSection 1. Payment.\n\n${unit.repeat(20_000)}`;
    const s = build(text);
    expect(s.nodes.length).toBe(20_003);
    expect(Math.max(...s.nodes.map((n) => n.depth))).toBe(deepest);
    const last = s.nodes.at(-1) as ProvisionNode;
    expect(text.slice(last.start, last.end)).toBe(unit.trim());
    expectInvariants(s, text);
  });
});

describe("buildProvisionTree: run-together text", () => {
  it("reads clause numbers run together into one line per page as the clauses they number, under their sections", () => {
    const page = (n: number, body: string) => `${body}\n\n${n}\n\nSource: ACME CORP, 10-Q, 8/1/2018\n\n`;
    const text = [
      page(
        1,
        "DISTRIBUTORSHIP AGREEMENT This Agreement is made by Acme and Distributor, who agree as follows: 1. Appointment 1.1 Acme hereby appoints Distributor to market and sell the Products in the Territory on these terms. 1.2 Distributor shall procure the Products solely from Acme and use its best efforts to promote them. 1.3 Subject to Section 8.3, Distributor's right to sell the Products in the Territory shall be exclusive.",
      ),
      page(
        2,
        "2. Prices 2.1 The prices Distributor pays are as specified on Exhibit A and exclude all taxes and charges. 2.2 Payment is due within thirty days of invoice; late payments bear interest of one percent a month. 3. Warranty and Quality Control 3.1 Acme warrants that, for twelve months from delivery, the Products will meet their specifications.",
      ),
      "3.2 Distributor shall make no other warranty. 4. Term 4.1 Either party may terminate this Agreement without cause on ninety days' notice to the other party, effective at the end of that period.",
    ].join("");
    const s = build(text);
    expectInvariants(s, text);
    const refs = s.nodes.filter((n) => /^\d/.test(n.fullRef ?? "")).map((n) => [n.fullRef, n.depth]);
    expect(refs).toEqual([
      ["1", 1],
      ["1.1", 2],
      ["1.2", 2],
      ["1.3", 2],
      ["2", 1],
      ["2.1", 2],
      ["2.2", 2],
      ["3", 1],
      ["3.1", 2],
      ["3.2", 2],
      ["4", 1],
      ["4.1", 2],
    ]);
    const warranty = byRef(s, "3.1") as ProvisionNode;
    // its text runs to the next number (the page's footer with it, as a plain text's footer is kept in the text)
    expect(text.slice(warranty.start, warranty.end)).toMatch(
      /^3\.1 Acme warrants that, for twelve months from delivery, the Products will meet their specifications\.\s+2\s+Source: ACME CORP, 10-Q, 8\/1\/2018$/,
    );
    expect(byRef(s, "3")?.title).toBe("Warranty and Quality Control");
  });
});

describe("buildProvisionTree: CR, CRLF and LF line ends", () => {
  const LINES = [
    "SUPPLY AGREEMENT",
    "",
    "This Agreement is made between Alpha Corp and Beta LLC.",
    "",
    "1. Definitions.",
    "",
    '"Goods" means the goods described in Section 2.',
    "",
    "2. Supply.",
    "",
    "The Supplier shall supply the Goods subject to Section 3.",
    "",
    "3. Term.",
    "",
    "This Agreement lasts one year, unless terminated under Section 2.",
  ];

  it.each([
    ["LF", "\n"],
    ["CRLF", "\r\n"],
    ["CR", "\r"],
  ])("reads a text file with %s line ends into the same tree and resolved references", async (name, eol) => {
    const bytes = new TextEncoder().encode(LINES.join(eol));
    const x = await extractDocument({ bytes, fileName: `${name}.txt`, limits: DEFAULT_LIMITS });
    if (!x.ok) throw new Error(x.error.reason);
    expect(x.value.text).toHaveLength(bytes.length); // offsets stay offsets into the file
    const s = enrichStructure(build(x.value.text, x.value), x.value.text);
    expectInvariants(s, x.value.text);
    expect(s.nodes.find((n) => n.kind === "title")?.title).toBe("SUPPLY AGREEMENT");
    expect(s.nodes.filter((n) => n.kind === "section").map((n) => `${n.fullRef} ${n.title}`)).toEqual([
      "1 Definitions",
      "2 Supply",
      "3 Term",
    ]);
    const xrefs = s.nodes.flatMap((n) => n.xrefs);
    expect(xrefs.map((r) => `${r.text}:${r.status}`)).toEqual([
      "Section 2:resolved",
      "Section 3:resolved",
      "Section 2:resolved",
    ]);
  });
});
