import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Extraction } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { profileDocument } from "../profile/profile-document.ts";
import { buildProvisionTree } from "../structure/build-provision-tree.ts";
import { enrichStructure } from "./enrich-structure.ts";
import { linkTransactionSet, type TransactionMember } from "./transaction-set.ts";

const corpus = join(process.env.LEXNAV_SHARED_DIR ?? join(import.meta.dirname, "../../../../../shared"), "corpus");
const cheapTokens = (s: string) => Math.ceil(s.length / 4);

function extraction(text: string): Extraction {
  return {
    contentType: "text/plain",
    text,
    blocks: [],
    pages: [],
    furniture: [],
    quality: { status: "ok", issues: [], pageCount: 1, charCount: text.length },
  };
}

/** A 1990s EDGAR <pre> filing as plain text (tags dropped, entities decoded). */
function edgarText(file: string): string {
  return readFileSync(join(corpus, "edgar", file), "utf8")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ");
}

function enrich(documentId: string, text: string): TransactionMember {
  const tree = buildProvisionTree(
    { documentId, version: "v", extraction: extraction(text) },
    { countTokens: cheapTokens },
  );
  const profile = profileDocument(text, tree);
  return {
    documentId,
    profile,
    effectiveDate: profile.effectiveDate,
    structure: enrichStructure(tree, text, { profile }),
    text,
  };
}

function checkOffsets(m: TransactionMember): void {
  const toc = new Set(m.structure.nodes.filter((n) => n.flags.isTocEntry).map((n) => n.id));
  for (const node of m.structure.nodes) {
    for (const x of node.xrefs) {
      expect(m.text.slice(x.start, x.end)).toBe(x.text);
      expect(x.start >= node.start && x.end <= node.end).toBe(true);
      if (x.targetNodeId !== null && x.targetDocumentId === null) expect(toc.has(x.targetNodeId)).toBe(false);
    }
    for (const u of node.termUses) expect(m.text.slice(u.start, u.end).startsWith(u.term)).toBe(true);
  }
}

describe("enrichment on real documents", () => {
  it("a 1995 EDGAR credit agreement: most internal references resolve, none to a toc entry", () => {
    const m = enrich("credit", edgarText("0000950134-96-000040_2.html"));
    checkOffsets(m);
    const xrefs = m.structure.nodes.flatMap((n) => n.xrefs);
    const internal = xrefs.filter((x) => x.status !== "external");
    const resolved = internal.filter((x) => x.status === "resolved").length;
    expect(xrefs.length).toBeGreaterThan(300);
    // the dangling rest are mostly schedules and exhibits not filed with the agreement
    expect(resolved / internal.length).toBeGreaterThan(0.8);
    expect(xrefs.some((x) => x.status === "external" && x.externalDocument === "ERISA")).toBe(true);
    const uses = m.structure.nodes.flatMap((n) => n.termUses);
    expect(uses.length).toBeGreaterThan(2000);
    const root = m.structure.nodes.find((n) => n.parentId === null)!;
    expect(root.flags).toMatchObject({
      hasMoney: true,
      hasDate: true,
      hasPercentage: true,
      hasCondition: true,
      hasParty: true,
    });
  });

  it("a CUAD manufacturing agreement and its amendments: Section 2(c) of the amendment lands in the base", () => {
    const files = [1, 2].map(
      (n) => `BellringBrandsInc_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing Agreement${n}.txt`,
    );
    const members = files.map((f) => enrich(f, readFileSync(join(corpus, "cuad", f), "utf8")));
    for (const m of members) checkOffsets(m);
    const [base, amendment] = linkTransactionSet(members);
    const ref = amendment!.structure.nodes.flatMap((n) => n.xrefs).find((x) => x.text === "Section 2(c)");
    expect(ref).toMatchObject({ status: "external", targetDocumentId: base!.documentId });
    const target = base!.structure.nodes.find((n) => n.id === ref?.targetNodeId);
    expect(target?.fullRef).toBe("2(c)");
    // "Term" is defined in the base and used in the amendment's replacement text
    const foreign = amendment!.structure.nodes
      .flatMap((n) => n.termUses)
      .filter((u) => u.definitionDocumentId === base!.documentId);
    expect(foreign.map((u) => u.term)).toContain("Term");
  });
});
