import { readFileSync } from "node:fs";
import { join } from "node:path";
import { linkTransactionSet, type TransactionMember, transactionMemberFromText } from "@lexnav/provisions";
import { describe, expect, it } from "vitest";
import { assembleContext, type ContextDocument } from "./context-assembly.ts";
import { buildPassages } from "./passages.ts";
import type { RetrievedPassage } from "./search.ts";

const corpus = join(process.env.LEXNAV_SHARED_DIR ?? join(import.meta.dirname, "../../../../../shared"), "corpus");

const member = (documentId: string, text: string) => transactionMemberFromText(documentId, text);

describe("context assembly on a real transaction set", () => {
  // A CUAD manufacturing agreement and its amendment, whose Section 2(c) reference lands in the base.
  const files = [1, 2].map(
    (n) => `BellringBrandsInc_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing Agreement${n}.txt`,
  );
  const members = linkTransactionSet(
    files.map((f, i) => member(`m${i + 1}`, readFileSync(join(corpus, "cuad", f), "utf8"))),
  );
  const byId = new Map(members.map((m) => [m.documentId, m]));
  const records = new Map<string, ContextDocument>(
    members.map((m) => [
      m.documentId,
      {
        id: m.documentId,
        title: m.profile.title ?? m.documentId,
        fileName: `${m.documentId}.txt`,
        role: m.profile.role,
        effectiveDate: m.effectiveDate,
        transactionSetId: "bellring",
        access: { principals: [], groups: ["deal"] },
        lifecycle: "indexed",
      },
    ]),
  );
  const deps = {
    text: (id: string) => byId.get(id)?.text ?? null,
    document: (id: string) => records.get(id) ?? null,
    node: (id: string, _v: string, nodeId: string) =>
      byId.get(id)?.structure.nodes.find((n) => n.id === nodeId) ?? null,
  };
  const passagesOf = (m: TransactionMember) => buildPassages(m.documentId, "v", m.structure.nodes, m.text);
  const asRetrieved = (p: ReturnType<typeof passagesOf>[number]): RetrievedPassage => ({
    documentId: p.documentId,
    version: p.version,
    nodeId: p.nodeId,
    start: p.start,
    end: p.end,
    score: 1,
    tokens: 0,
    stageScores: [],
  });

  it("marks the base's Section 2(c) superseded by the amendment that rewrites it, and keeps every item verbatim and within budget", () => {
    const [base, amendment] = members;
    const ref = amendment!.structure.nodes
      .flatMap((n) => n.xrefs.map((x) => ({ n, x })))
      .find(({ x }) => x.text === "Section 2(c)");
    expect(ref?.x.targetDocumentId).toBe(base!.documentId);
    const target = base!.structure.nodes.find((n) => n.id === ref!.x.targetNodeId)!;
    const basePassages = passagesOf(base!).filter((p) => p.nodeId === target.id);
    const amendingPassages = passagesOf(amendment!).filter((p) => p.nodeId === ref!.n.id);
    expect(basePassages.length).toBeGreaterThan(0);
    expect(amendingPassages.length).toBeGreaterThan(0);
    // The rest of the base, as a mode would rank it after the clause the question is about.
    const rest = passagesOf(base!)
      .filter((p) => p.nodeId !== target.id)
      .slice(0, 40);
    const ranked = [...basePassages, ...amendingPassages, ...rest].map(asRetrieved);

    const r = assembleContext(ranked, deps, { principal: { id: "u", groups: ["deal"] } });
    const item = r.items.find((i) => i.nodeIds.includes(target.id));
    expect(item?.flags.superseded).toMatchObject({ documentId: amendment!.documentId, via: "xref", inContext: true });
    // 2(c) sits beside the rest of Section 2 in the ranking, so they merged: the item cites Section 2.
    expect(item?.citation.label).toMatch(/\] Section 2/);
    expect(r.tokens).toBeLessThanOrEqual(2000);
    for (const i of r.items) expect(i.text).toBe(byId.get(i.documentId)!.text.slice(i.start, i.end));
    // Adjacent windows of one provision became one item.
    expect(r.merged).toBeGreaterThan(0);

    const stranger = assembleContext(ranked, deps, { principal: { id: "u", groups: ["elsewhere"] } });
    expect(stranger.items).toEqual([]);
  });
});
