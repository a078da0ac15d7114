import { describe, expect, it } from "vitest";
import { enrichStructure } from "./enrich-structure.ts";
import { buildTestStructure, spanOf, type TestNodeSpec } from "./test-tree.ts";

const TEXT = `CREDIT AGREEMENT

This CREDIT AGREEMENT dated as of February 26, 1996 among ACME CORP., a Delaware corporation (the "Borrower"), and FIRST BANK, as administrative agent (the "Agent").

ARTICLE I DEFINITIONS
Section 1.01 Defined Terms.
"Applicable Margin" means 2.5% per annum.
"Loan" means a loan made under Section 2.01.
ARTICLE II LOANS
Section 2.01 Commitment. Each Lender agrees to make Loans to the Borrower in an amount not to exceed $1,000,000, subject to Section 4.01 and Sections 2.02 and 2.03.
(a) The Borrower shall repay the Loans within 30 days, provided that clause (b) below applies.
(b) See paragraph (a) of this Section, Exhibit A, Article V and Section 9.9.
Section 2.02 Interest. The Loans bear interest at the Applicable Margin; see Section 2.1(a) and Section 5.1 of the Security Agreement.
Section 2.03 Fees. Fees are set out in Sections 2.01 through 2.03 and in Section 2.02(c).
ARTICLE IV CONDITIONS
Section 4.01 Conditions Precedent. In no event shall the Agent be liable for consequential damages.
EXHIBIT A
Form of Note
`;

function build() {
  const s = (from: string, to?: string) => spanOf(TEXT, from, to);
  const specs: TestNodeSpec[] = [
    { kind: "document", start: 0, end: TEXT.length, parent: null }, // 0
    { kind: "title", ...s("CREDIT AGREEMENT", "\n"), parent: 0 }, // 1
    { kind: "preamble", ...s("This CREDIT", "\n\nARTICLE I"), parent: 0 }, // 2
    { kind: "article", fullRef: "Article 1", title: "DEFINITIONS", ...s("ARTICLE I ", "ARTICLE II"), parent: 0 }, // 3
    { kind: "section", fullRef: "1.01", title: "Defined Terms", ...s("Section 1.01", "ARTICLE II"), parent: 3 }, // 4
    {
      kind: "definition",
      fullRef: 'Definition "Applicable Margin"',
      definesTerms: ["Applicable Margin"],
      ...s('"Applicable Margin" means', '"Loan"'),
      parent: 4,
    }, // 5
    {
      kind: "definition",
      fullRef: 'Definition "Loan"',
      definesTerms: ["Loan"],
      ...s('"Loan" means', "ARTICLE II"),
      parent: 4,
    }, // 6
    { kind: "article", fullRef: "Article 2", title: "LOANS", ...s("ARTICLE II", "ARTICLE IV"), parent: 0 }, // 7
    {
      kind: "section",
      fullRef: "2.01",
      title: "Commitment",
      ...s("Section 2.01 Commitment", "Section 2.02 Interest"),
      parent: 7,
    }, // 8
    { kind: "clause", fullRef: "2.01(a)", ...s("(a) The Borrower", "(b) See"), parent: 8 }, // 9
    { kind: "clause", fullRef: "2.01(b)", ...s("(b) See", "Section 2.02 Interest"), parent: 8 }, // 10
    {
      kind: "section",
      fullRef: "2.02",
      title: "Interest",
      ...s("Section 2.02 Interest", "Section 2.03 Fees"),
      parent: 7,
    }, // 11
    { kind: "section", fullRef: "2.03", title: "Fees", ...s("Section 2.03 Fees", "ARTICLE IV"), parent: 7 }, // 12
    { kind: "article", fullRef: "Article 4", title: "CONDITIONS", ...s("ARTICLE IV", "EXHIBIT A\n"), parent: 0 }, // 13
    {
      kind: "section",
      fullRef: "4.01",
      title: "Conditions Precedent",
      ...s("Section 4.01 Conditions", "EXHIBIT A\n"),
      parent: 13,
    }, // 14
    { kind: "exhibit", fullRef: "Exhibit A", title: "Form of Note", ...s("EXHIBIT A\n"), parent: 0 }, // 15
  ];
  return buildTestStructure("base", TEXT, specs);
}

describe("enrichStructure", () => {
  const structure = build();
  const enriched = enrichStructure(structure, TEXT);
  const node = (i: number) => enriched.nodes[i]!;
  const id = (i: number) => `base:n${i}`;

  it("keeps the tree and does not mutate its input", () => {
    expect(enriched.nodes.map((n) => [n.id, n.start, n.end])).toEqual(
      structure.nodes.map((n) => [n.id, n.start, n.end]),
    );
    expect(structure.nodes.every((n) => n.xrefs.length === 0 && n.keywords.length === 0)).toBe(true);
  });

  it("every cross-reference and term use quotes the text at its offsets", () => {
    for (const n of enriched.nodes) {
      for (const x of n.xrefs) expect(TEXT.slice(x.start, x.end)).toBe(x.text);
      for (const u of n.termUses) expect(TEXT.slice(u.start, u.end).startsWith(u.term)).toBe(true);
    }
  });

  it("resolves section lists, relative clauses and exhibits; reports dangling and external ones", () => {
    const byText = (i: number) => Object.fromEntries(node(i).xrefs.map((x) => [x.text, x]));
    const s201 = byText(8);
    expect(s201["Section 4.01"]).toMatchObject({ status: "resolved", target: "section:4.1", targetNodeId: id(14) });
    expect(s201["Sections 2.02"]).toMatchObject({ status: "resolved", targetNodeId: id(11) });
    expect(node(8).xrefs.map((x) => x.text)).toEqual(["Section 4.01", "Sections 2.02", "2.03"]);
    expect(s201["2.03"]).toMatchObject({ status: "resolved", targetNodeId: id(12) });
    // own text only: the clauses' references belong to the clauses
    expect(node(8).xrefs).toHaveLength(3);
    expect(byText(9)["clause (b)"]).toMatchObject({
      kind: "clause",
      status: "resolved",
      target: "section:2.1(b)",
      targetNodeId: id(10),
    });
    const b = byText(10);
    expect(b["paragraph (a)"]).toMatchObject({ status: "resolved", targetNodeId: id(9) });
    expect(b["Exhibit A"]).toMatchObject({
      kind: "exhibit",
      target: "exhibit:a",
      status: "resolved",
      targetNodeId: id(15),
    });
    expect(b["Article V"]).toMatchObject({
      kind: "article",
      target: "article:5",
      status: "dangling",
      targetNodeId: null,
    });
    expect(b["Section 9.9"]).toMatchObject({ status: "dangling" });
    const s202 = byText(11);
    // 2.1(a) ≡ 2.01(a)
    expect(s202["Section 2.1(a)"]).toMatchObject({ status: "resolved", targetNodeId: id(9) });
    expect(s202["Section 5.1"]).toMatchObject({
      status: "external",
      externalDocument: "Security Agreement",
      targetNodeId: null,
    });
  });

  it("expands ranges and resolves a missing clause to its section", () => {
    const targets = node(12).xrefs.map((x) => [x.target, x.status, x.targetNodeId]);
    expect(targets).toContainEqual(["section:2.1", "resolved", id(8)]);
    expect(targets).toContainEqual(["section:2.2", "resolved", id(11)]);
    expect(targets).toContainEqual(["section:2.3", "resolved", id(12)]);
    // 2.02(c) is not a node: the reference lands on Section 2.02, which contains it
    expect(targets).toContainEqual(["section:2.2(c)", "resolved", id(11)]);
  });

  it("links term uses to definitions, plural allowed, defining occurrence skipped", () => {
    const uses = (i: number) => node(i).termUses.map((u) => [u.term, TEXT.slice(u.start, u.end), u.definitionNodeId]);
    expect(uses(8)).toContainEqual(["Loan", "Loans", id(6)]);
    expect(uses(11)).toContainEqual(["Applicable Margin", "Applicable Margin", id(5)]);
    expect(uses(5)).toEqual([]);
    expect(uses(6)).toEqual([]);
    expect(node(8).termUses.every((u) => u.definitionDocumentId === "base")).toBe(true);
  });

  it("flags each node's own text and rolls content flags up to ancestors", () => {
    expect(node(8).flags).toMatchObject({ hasMoney: true, hasCondition: true, hasParty: true });
    expect(node(9).flags).toMatchObject({ hasDate: true, hasCondition: true, hasMoney: false });
    expect(node(5).flags).toMatchObject({ hasPercentage: true, isDefinition: true });
    expect(node(14).flags).toMatchObject({ hasLiabilityLimit: true, hasCondition: true, hasParty: true });
    expect(node(12).flags.hasMoney).toBe(false);
    expect(node(7).flags.hasMoney).toBe(true); // from Section 2.01
    expect(node(3).flags.hasPercentage).toBe(true); // from the definition
    expect(node(3).flags.isDefinition).toBe(false); // structural flags do not roll up
    expect(node(0).flags.hasLiabilityLimit).toBe(true);
    expect(node(8).flags.textLength).toBe(node(8).end - node(8).start);
  });

  it("gives each node up to 8 deterministic keywords with heading words boosted", () => {
    for (const n of enriched.nodes) expect(n.keywords.length).toBeLessThanOrEqual(8);
    expect(node(11).keywords).toContain("interest");
    expect(node(14).keywords).toContain("consequential");
    expect(enrichStructure(structure, TEXT).nodes.map((n) => n.keywords)).toEqual(
      enriched.nodes.map((n) => n.keywords),
    );
  });

  it("does not extract references from table-of-contents entries", () => {
    const toc = buildTestStructure(
      "t",
      "Section 1.01 Definitions ..... 1\nSection 1.01 Definitions. See Section 1.01.",
      [
        { kind: "toc_entry", fullRef: "1.01", start: 0, end: 32, parent: null },
        { kind: "section", fullRef: "1.01", start: 33, end: 76, parent: null },
      ],
    );
    const out = enrichStructure(toc, "Section 1.01 Definitions ..... 1\nSection 1.01 Definitions. See Section 1.01.");
    expect(out.nodes[0]!.xrefs).toEqual([]);
    // the section's own label is not a reference to itself; the "See Section 1.01" is
    expect(out.nodes[1]!.xrefs.map((x) => [x.text, x.targetNodeId])).toEqual([["Section 1.01", "t:n1"]]);
    expect(out.nodes[1]!.xrefs[0]!.start).toBeGreaterThan(60);
  });
});

describe("enrichStructure on an amendment", () => {
  const text = `AMENDMENT NO. 1 TO CREDIT AGREEMENT

This AMENDMENT NO. 1 dated as of March 1, 1997 among ACME CORP. (the "Borrower") and FIRST BANK (the "Agent") amends that certain Credit Agreement dated as of February 26, 1996 (the "Credit Agreement").

1. Amendment. Section 2.01 of the Credit Agreement is amended to increase the Applicable Margin; Section 2.02 is deleted. See also Section 2 of this Amendment and clause (a) of Section 2.01 of the Credit Agreement.
2. Effect. Except as amended, the Credit Agreement remains in force.
`;
  const a = (from: string, to?: string) => spanOf(text, from, to);
  const structure = buildTestStructure("amd", text, [
    { kind: "document", start: 0, end: text.length, parent: null },
    { kind: "section", fullRef: "1", ...a("1. Amendment", "2. Effect"), parent: 0 },
    { kind: "section", fullRef: "2", ...a("2. Effect"), parent: 0 },
  ]);
  const enriched = enrichStructure(structure, text);

  it("marks references to the amended agreement external, its own ones internal", () => {
    const xrefs = enriched.nodes[1]!.xrefs.map((x) => [x.text, x.status, x.externalDocument, x.target]);
    expect(xrefs).toContainEqual(["Section 2.01", "external", "Credit Agreement", "section:2.1"]);
    // a bare reference with no local node points into the amended agreement
    expect(xrefs).toContainEqual(["Section 2.02", "external", "Credit Agreement", "section:2.2"]);
    expect(xrefs).toContainEqual(["Section 2", "resolved", null, "section:2"]);
    expect(xrefs).toContainEqual(["clause (a) of Section 2.01", "external", "Credit Agreement", "section:2.1(a)"]);
  });
});

describe("statute references", () => {
  it("are external, not dangling", () => {
    const text =
      "Section 1. Licensor complies with DFARS Section 227.7202, IRC Section 341(f) and Section 4043 of ERISA.";
    const s = buildTestStructure("st", text, [
      { kind: "section", fullRef: "1", start: 0, end: text.length, parent: null },
    ]);
    const xrefs = enrichStructure(s, text).nodes[0]!.xrefs.map((x) => [x.text, x.status, x.externalDocument]);
    expect(xrefs).toEqual([
      ["Section 227.7202", "external", "DFARS"],
      ["Section 341(f)", "external", "IRC"],
      ["Section 4043", "external", "ERISA"],
    ]);
  });
});
