import type { DocumentRecord } from "@lexnav/document-model";
import { countTokens } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { enrichStructure } from "../enrichment/enrich-structure.ts";
import { buildTestStructure, spanOf } from "../enrichment/test-tree.ts";
import { linkTransactionSet } from "../enrichment/transaction-set.ts";
import { profileDocument } from "../profile/profile-document.ts";
import { buildNavIndex, buildProvisionStore, type NavIndexInput } from "./nav-index.ts";
import {
  compactNavIndexView,
  parseNavIndexCompact,
  resolveNavHandle,
  serializeNavIndex,
  serializeNavIndexCompact,
} from "./serialize.ts";

const BASE = `CREDIT AGREEMENT

This CREDIT AGREEMENT dated as of February 26, 1996 among ACME CORP. (the "Borrower") and FIRST BANK (the "Agent").

ARTICLE I DEFINITIONS
Section 1.01 Defined Terms.
"Applicable Margin" means 2.5% per annum.
ARTICLE II LOANS
Section 2.01 Commitment. The Lender shall make Loans of up to $5,000,000 to the Borrower, subject to Section 2.02 and Section 9.1.
(a) Loans are due in 30 days, see clause (b).
(b) Each Loan bears interest at the Applicable Margin.
Section 2.02 Interest. Interest accrues at the Applicable Margin.
`;
const AMENDMENT = `AMENDMENT NO. 1 TO CREDIT AGREEMENT

This AMENDMENT NO. 1 dated as of March 1, 1997 among ACME CORP. (the "Borrower") and FIRST BANK (the "Agent") amends that certain Credit Agreement dated as of February 26, 1996 (the "Credit Agreement").

1. Section 2.01(a) of the Credit Agreement is amended to increase the Applicable Margin.
`;

function record(id: string, text: string, setId: string): DocumentRecord {
  const p = profileDocument(text);
  return {
    id,
    source: `/tmp/${id}.txt`,
    fileName: `${id}.txt`,
    contentType: "text/plain",
    access: { principals: [], groups: [] },
    lifecycle: "indexed",
    failure: null,
    currentVersion: "v1",
    title: p.title,
    role: p.role,
    effectiveDate: p.effectiveDate,
    transactionSetId: setId,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

function inputs(): NavIndexInput[] {
  const s = (from: string, to?: string) => spanOf(BASE, from, to);
  const base = buildTestStructure("base", BASE, [
    { kind: "document", start: 0, end: BASE.length, parent: null },
    { kind: "title", title: "CREDIT AGREEMENT", ...s("CREDIT AGREEMENT", "\n"), parent: 0 },
    {
      kind: "article",
      fullRef: "Article 1",
      clauseRef: "ARTICLE I",
      title: "DEFINITIONS",
      ...s("ARTICLE I ", "ARTICLE II"),
      parent: 0,
    },
    { kind: "section", fullRef: "1.01", title: "Defined Terms", ...s("Section 1.01", "ARTICLE II"), parent: 2 },
    {
      kind: "definition",
      fullRef: 'Definition "Applicable Margin"',
      definesTerms: ["Applicable Margin"],
      ...s('"Applicable', "ARTICLE II"),
      parent: 3,
    },
    { kind: "article", fullRef: "Article 2", clauseRef: "ARTICLE II", title: "LOANS", ...s("ARTICLE II"), parent: 0 },
    { kind: "section", fullRef: "2.01", title: "Commitment", ...s("Section 2.01", "Section 2.02 Interest"), parent: 5 },
    { kind: "clause", fullRef: "2.01(a)", clauseRef: "(a)", ...s("(a) Loans", "(b) Each"), parent: 6 },
    { kind: "clause", fullRef: "2.01(b)", clauseRef: "(b)", ...s("(b) Each", "Section 2.02 Interest"), parent: 6 },
    { kind: "section", fullRef: "2.02", title: "Interest", ...s("Section 2.02 Interest"), parent: 5 },
  ]);
  // heading paths as the structure stage writes them: ancestors' labels
  for (const n of base.nodes) {
    const parent = base.nodes.find((p) => p.id === n.parentId);
    if (parent && parent.kind !== "document")
      n.headingPath = [...parent.headingPath, parent.title ?? parent.clauseRef ?? ""];
  }
  const a = (from: string, to?: string) => spanOf(AMENDMENT, from, to);
  const amendment = buildTestStructure("amd", AMENDMENT, [
    { kind: "document", start: 0, end: AMENDMENT.length, parent: null },
    { kind: "section", fullRef: "1", ...a("1. Section"), parent: 0 },
  ]);
  const members = [
    { documentId: "base", text: BASE, structure: base },
    { documentId: "amd", text: AMENDMENT, structure: amendment },
  ].map((m) => {
    const profile = profileDocument(m.text, m.structure);
    return {
      ...m,
      profile,
      effectiveDate: profile.effectiveDate,
      structure: enrichStructure(m.structure, m.text, { profile }),
    };
  });
  return linkTransactionSet(members).map((m) => ({
    document: record(m.documentId, m.text, "set-1"),
    structure: m.structure,
    text: m.text,
  }));
}

describe("buildNavIndex", () => {
  const docs = inputs();
  const index = buildNavIndex(docs);

  it("lists documents with title, role, date and set, and nodes without full text", () => {
    expect(index.documents.map((d) => [d.id, d.title, d.role, d.effectiveDate, d.transactionSetId])).toEqual([
      ["base", "CREDIT AGREEMENT", "base_agreement", "1996-02-26", "set-1"],
      ["amd", "AMENDMENT NO. 1 TO CREDIT AGREEMENT", "amendment", "1997-03-01", "set-1"],
    ]);
    const json = serializeNavIndex(index);
    // no node's full text is in the index (snippets are cut at ~100 characters)
    expect(json).toContain("Section 2.01 Commitment. The Lender");
    expect(json).not.toContain("to the Borrower, subject to Section 2.02 and Section 9.1");
    for (const d of index.documents) for (const n of d.nodes) expect(n.snippet.length).toBeLessThanOrEqual(101);
  });

  it("carries flags (true ones only), keywords, edges and terms per node", () => {
    const base = index.documents[0]!;
    const s201 = base.nodes.find((n) => n.fullRef === "2.01")!;
    expect(s201.flags).toEqual(["hasMoney", "hasDate", "hasCondition", "hasParty"]);
    expect(s201.snippet.startsWith("Section 2.01 Commitment. The Lender shall make Loans")).toBe(true);
    expect(s201.xrefs).toEqual([
      { ref: "section:2.2", status: "resolved", to: "base:n9", toDocument: null, external: null },
      { ref: "section:9.1", status: "dangling", to: null, toDocument: null, external: null },
    ]);
    expect(base.definedTerms).toEqual({ "Applicable Margin": "base:n4" });
    const amdSection = index.documents[1]!.nodes[1]!;
    expect(amdSection.xrefs[0]).toMatchObject({ status: "external", to: "base:n7", toDocument: "base" });
    expect(amdSection.usesTerms).toContain("Applicable Margin");
  });

  it("the compact form is smaller and reads back to the same index", () => {
    const pretty = serializeNavIndex(index);
    const compact = serializeNavIndexCompact(index);
    expect(compact).not.toMatch(/\n/);
    // the embedded legend weighs most in an index this small
    expect(countTokens(compact)).toBeLessThan(countTokens(pretty) * 0.75);
    // node ids are not written: nodes are named by handle "doc.node"
    expect(compact).not.toContain("base:n");
    const view = compactNavIndexView(index);
    expect(parseNavIndexCompact(compact)).toEqual(view);
    expect(JSON.parse(pretty)).toEqual(index);
    const base = view.documents[0]!;
    const s201 = base.nodes.find((n) => n.fullRef === "2.01")!;
    // titled: no snippet; keywords never repeat the title
    expect(s201.id).toBe("0.6");
    expect(s201.snippet).toBe("");
    expect(s201.keywords.length).toBeLessThanOrEqual(4);
    expect(s201.keywords).not.toContain("commitment");
    // the edge to 2.02 is kept, as its handle
    expect(s201.xrefs).toContainEqual({ ref: "", status: "resolved", to: "0.9", toDocument: null, external: null });
    expect(s201.xrefs).toContainEqual({
      ref: "section:9.1",
      status: "dangling",
      to: null,
      toDocument: null,
      external: null,
    });
    // an untitled clause keeps a snippet of at most ~60 characters
    const a = base.nodes.find((n) => n.fullRef === "2.01(a)")!;
    expect(a.snippet.startsWith("Loans are due")).toBe(true);
    expect(a.snippet.length).toBeLessThanOrEqual(61);
    // a definition's snippet drops the quoted term (it is in definesTerms)
    const def = base.nodes.find((n) => n.kind === "definition")!;
    expect(def.snippet.startsWith("2.5%")).toBe(true);
    expect(base.definedTerms).toEqual({ "Applicable Margin": def.id });
    // the cross-document edge of the amendment names its target by handle
    expect(view.documents[1]!.nodes[1]!.xrefs[0]).toMatchObject({ to: "0.7", toDocument: "base" });
  });

  it("resolves handles back to ids and rejects invented ones", () => {
    expect(resolveNavHandle(index, "0.6")).toEqual({ documentId: "base", nodeId: "base:n6" });
    expect(resolveNavHandle(index, " 1.1 ")).toEqual({ documentId: "amd", nodeId: "amd:n1" });
    for (const h of ["0.99", "2.0", "x.1", "0", "base:n6", "0.6.1"]) expect(resolveNavHandle(index, h)).toBeNull();
  });

  it("the provision store holds each node's verbatim text at its offsets", () => {
    const store = buildProvisionStore(docs);
    const entry = store.nodes["base:n7"]!;
    expect(entry).toMatchObject({ documentId: "base" });
    expect(entry.text).toBe(BASE.slice(entry.start, entry.end));
    expect(entry.text.startsWith("(a) Loans are due")).toBe(true);
    // roots with children are not stored twice
    expect(store.nodes["base:n0"]).toBeUndefined();
  });
});
