import type { DocumentRecord, ProvisionNode } from "@lexnav/document-model";
import type { RetrievedPassage } from "@lexnav/retrieval";
import { describe, expect, it } from "vitest";
import { type Span, sectionNode, spanIn } from "../../../../test/support/provision-fixtures.ts";
import { definitionInForce } from "./definition-in-force.ts";
import { type AmendingEdit, buildExtract, type ExtractDeps } from "./extract.ts";

// A credit agreement whose Section 2.2 uses "Applicable Margin", defined in its Section 1.1 beside
// another term, and an amendment that restates that one definition (or deletes it, or restates 1.1).
const TEXTS: Record<string, string> = {
  credit: [
    'Section 1.1 Defined Terms. "Applicable Margin" means 2.25% per annum. "Fee Holiday" means six months.',
    "Section 2.2 Interest. Each loan bears interest at the Base Rate plus the Applicable Margin.",
  ].join("\n"),
  amendment: [
    'Section 1. The definition of "Applicable Margin" in Section 1.1 is amended and restated to read: "Applicable Margin" means 3.75% per annum.',
    'Section 2. Section 1.1 is amended and restated to read: "Fee Holiday" means nine months. "Applicable Margin" means 4.5% per annum.',
  ].join("\n"),
};
const at = spanIn(TEXTS);
const node = (documentId: string, id: string, label: string, span: Span, more: Partial<ProvisionNode> = {}) =>
  sectionNode(documentId, id, span, { clauseRef: `Section ${label}`, ...more });

const use = (TEXTS.credit as string).lastIndexOf("Applicable Margin");
const NODES: Record<string, ProvisionNode> = {
  "credit c11": node("credit", "c11", "1.1", at("credit", "Section 1.1", "six months.")),
  "credit c22": node("credit", "c22", "2.2", at("credit", "Section 2.2", "Margin."), {
    termUses: [
      { term: "Applicable Margin", start: use, end: use + 17, definitionNodeId: "c11", definitionDocumentId: "credit" },
    ],
  }),
  "amendment a1": node("amendment", "a1", "1", at("amendment", "Section 1.", "3.75% per annum.")),
  "amendment a2": node("amendment", "a2", "2", at("amendment", "Section 2.", "4.5% per annum.")),
};

const newText = (from: string, to: string) => at("amendment", from, to);
const restateDefinition: AmendingEdit = {
  amendmentDocumentId: "amendment",
  amendmentNodeId: "a1",
  amendmentClauseRef: "Section 1",
  kind: "replace",
  effectiveDate: "2023-09-01",
  ...at("amendment", "The definition", "restated"),
  newText: newText('"Applicable Margin" means 3.75%', "3.75% per annum."),
  target: { ref: "Applicable Margin", term: "Applicable Margin" },
  targetDocumentId: "credit",
  targetNodeId: "c11",
  targetSpan: at("credit", '"Applicable Margin" means 2.25%', "2.25% per annum."),
};
const restateSection: AmendingEdit = {
  ...restateDefinition,
  amendmentNodeId: "a2",
  amendmentClauseRef: "Section 2",
  ...at("amendment", "Section 1.1 is", "restated"),
  newText: newText('"Fee Holiday" means nine', "4.5% per annum."),
  target: { ref: "Section 1.1", term: null },
  targetSpan: null,
};

function deps(edits: readonly AmendingEdit[] | null): ExtractDeps {
  return {
    text: (d) => TEXTS[d] ?? null,
    document: (id) =>
      TEXTS[id]
        ? ({
            id,
            currentVersion: "v1",
            fileName: `${id}.txt`,
            title: id,
            role: id === "amendment" ? "amendment" : "base_agreement",
            transactionSetId: "deal",
            effectiveDate: null,
          } as unknown as DocumentRecord)
        : null,
    node: (d, _v, n) => NODES[`${d} ${n}`] ?? null,
    mayLink: () => true,
    ...(edits ? { amendments: () => edits } : {}),
  };
}
const cited: RetrievedPassage = {
  documentId: "credit",
  version: "v1",
  nodeId: "c22",
  ...at("credit", "Section 2.2", "Margin."),
  score: 1,
  tokens: 0,
  stageScores: [],
};
const aid = async (edits: readonly AmendingEdit[] | null) =>
  (await buildExtract([cited], deps(edits))).filter((e) => e.linkedBy === "definition");

describe("a reading aid shows the definition in force", () => {
  it("links a term to the amendment's restated definition, never the superseded one", async () => {
    const [def, ...more] = await aid([restateDefinition]);
    expect(more).toEqual([]);
    expect(def).toMatchObject({ documentId: "amendment", nodeId: "a1", clauseRef: "Section 1" });
    expect(def?.text).toBe('"Applicable Margin" means 3.75% per annum.');
  });

  it("takes the term's own entry from a restated provision, and the latest edit when several", async () => {
    const [def] = await aid([restateDefinition, restateSection]);
    expect(def?.text).toBe('"Applicable Margin" means 4.5% per annum.');
  });

  it("brings no definition the amendment deleted", async () => {
    expect(await aid([{ ...restateDefinition, kind: "delete", newText: null }])).toEqual([]);
  });

  it("links the agreement's own definition when nothing amends it, or no edits are read", async () => {
    for (const edits of [null, [{ ...restateDefinition, target: { ref: "Fee Holiday", term: "Fee Holiday" } }]]) {
      const [def] = await aid(edits);
      expect(def).toMatchObject({ documentId: "credit", nodeId: "c11" });
      expect(def?.text).toContain("2.25% per annum");
    }
  });

  it("ignores a restated provision that no longer defines the term", () => {
    const found = definitionInForce([restateSection], "Maturity Date", "credit", "c11", (id) => TEXTS[id] ?? null);
    expect(found).toBeNull();
  });
});
