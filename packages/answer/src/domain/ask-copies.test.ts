import { type DocumentRecord, filingFor, type ProvisionNode } from "@lexnav/document-model";
import type { Searcher } from "@lexnav/retrieval";
import { describe, expect, it } from "vitest";
import { BUILTIN_DECISION_MODEL_PATH, loadDecisionModel } from "../adapters/decision-model-file.ts";
import { loadEvidenceModel } from "../adapters/evidence-model-file.ts";
import { createAsk } from "./ask.ts";
import { DEFAULT_PRICE_CARD } from "./ledger.ts";

// One license filed by a parent in 2009 and by its subsidiary in 2014 (page stamps differ), recorded as copies.
const clauses = [
  "Section 1 Grant. Licensor grants Licensee an exclusive license to use the Domain Names and the Content in the Territory.",
  "Section 2 Fees. Licensee shall pay Licensor a license fee equal to eleven percent of the advertising revenue of the Web Site.",
  "Section 3 Term. The term of this Agreement is ten years from the Effective Date and renews for successive one-year terms.",
];
const filed = (stamp: string) => clauses.flatMap((c) => [c, stamp]).join("\n");
const TEXTS: Record<string, string> = { early: filed("Source: PARENT, F-1"), late: filed("Source: SUBSIDIARY, DRS") };
const NAMES: Record<string, string> = {
  early: "ParentCorp_20090929_F-1_EX-10.32_License.txt",
  late: "SubsidiaryLtd_20140121_DRS_EX-10.26_License.txt",
};
const principal = { id: "alice", groups: [] };

/** An asker over the two copies; `readable`: what alice may read, all retrieval returns (its permission filter). */
function askOver(readable: string[]) {
  const doc = (id: string) =>
    ({
      id,
      currentVersion: "v1",
      fileName: NAMES[id],
      role: "base_agreement",
      title: "License Agreement",
      access: { principals: readable.includes(id) ? ["alice"] : ["bob"], groups: [] },
      content: { contentKey: "k", filing: filingFor(NAMES[id] ?? "") },
    }) as unknown as DocumentRecord;
  const passage = (documentId: string) => {
    const t = TEXTS[documentId] ?? "";
    const start = t.indexOf("Section 2 Fees");
    return { documentId, version: "v1", nodeId: "s2", start, end: t.indexOf("Web Site.") + 9, score: 1, tokens: 30 };
  };
  return createAsk({
    searcher: {
      search: async () => ({
        passages: readable.map((id) => ({ ...passage(id), stageScores: [] })),
        trace: { stages: [], indexVersion: "lex-1", selected: [] },
      }),
    } as unknown as Searcher,
    text: (d) => TEXTS[d] ?? null,
    document: (id) => (TEXTS[id] ? doc(id) : null),
    node: (d) =>
      ({
        id: "s2",
        documentId: d,
        clauseRef: "Section 2",
        kind: "section",
        xrefs: [],
        termUses: [],
      }) as unknown as ProvisionNode,
    copies: (id) => (id === "early" || id === "late" ? [{ documentId: "early", copyOf: "late" }] : []),
    corpus: () => readable.map((documentId) => ({ documentId, version: "v1" })),
    model: null,
    evidenceModel: () => loadEvidenceModel(),
    offline: { answerer: "evidence", decision: () => loadDecisionModel(BUILTIN_DECISION_MODEL_PATH) },
    priceCard: DEFAULT_PRICE_CARD,
    now: () => "2026-12-02T00:00:00Z",
    newId: () => "ans_1",
  });
}
const question = "What license fee does the licensee pay for the domain names and content?";

describe("answers over copies ingest recorded", () => {
  it("cite the later filing once and name the earlier copy, to an asker who may read both", async () => {
    const rec = await askOver(["early", "late"]).ask({ question, mode: "hybrid", principal, k: 10 });
    expect(rec.abstained).toBe(false);
    expect(rec.citations.map((c) => c.documentId)).toEqual(["late"]);
    expect(rec.answer).toContain("Same text: [ParentCorp_20090929_F-1_EX-10.32_License]");
    expect(rec.answer).toContain("(both read from the file names)");
  });

  it("never name, nor read as a copy, a document the asker may not read", async () => {
    const rec = await askOver(["late"]).ask({ question, mode: "hybrid", principal, k: 10 });
    expect(rec.citations.map((c) => c.documentId)).toEqual(["late"]);
    expect(rec.answer).not.toContain("Same text");
    expect(rec.answer).not.toContain("ParentCorp");
  });
});
