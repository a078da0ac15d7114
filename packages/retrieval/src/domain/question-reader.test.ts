import { openSqliteDatabase } from "@lexnav/catalog";
import { emptyFlags, type ProvisionNode } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { createSqliteLexicalIndex } from "../adapters/sqlite-lexical-index.ts";
import type { ContextDocument } from "./context-assembly.ts";
import { buildPassages } from "./passages.ts";
import { createSearcher, type SearchMode } from "./search.ts";

/** A document built from numbered provisions. */
function build(documentId: string, parts: Array<{ ref: string | null; text: string; defines?: string[] }>) {
  let text = "";
  const nodes: ProvisionNode[] = [];
  for (const [i, p] of parts.entries()) {
    const start = text.length;
    text += p.text;
    nodes.push({
      id: `${documentId}-${i}`,
      documentId,
      parentId: null,
      kind: "section",
      clauseRef: p.ref ? `Section ${p.ref}` : null,
      fullRef: p.ref,
      title: null,
      headingPath: [],
      start,
      end: text.length,
      depth: 1,
      page: null,
      tokenCount: 0,
      flags: emptyFlags(p.text.length),
      keywords: [],
      definesTerms: p.defines ?? [],
      xrefs: [],
      termUses: [],
    });
    text += "\n\n";
  }
  return { documentId, text, nodes };
}

// A deal of three instruments (a license, its third amendment, a parent guaranty) and an unrelated lease.
const DOCS = {
  license: {
    card: "CONTENT LICENSE AGREEMENT between Fox Media and Glu Mobile",
    set: "deal",
    doc: build("license", [
      { ref: "4", text: "Section 4 Term. This Agreement continues until March 31, 2005 unless terminated earlier." },
      { ref: "8.1", text: "Section 8.1 Notices. Notices are given in writing." },
      {
        ref: "8.1(b)",
        text: "(b) Either party may end this Agreement on sixty days written notice to the other party.",
      },
      { ref: "9", text: "Section 9 Royalties. Licensee pays a royalty on each download, on notice of the amount." },
      {
        ref: "10",
        text: "Section 10 Delivery. Licensor delivers the Licensed Content under this content license agreement; Licensed Content is hosted by Licensee, and Licensed Content updates are delivered monthly.",
      },
      {
        ref: "11",
        text: '"Licensed Content" means the three mobile titles listed in Exhibit A, as Licensor may add to or withdraw from that list by written notice from time to time, together with all updates, patches and localised versions of those titles within the meaning of "Localised Version".',
        defines: ["Licensed Content"],
      },
      { ref: "12", text: "Section 12 Audit. Licensor may audit download counts once a year." },
      {
        ref: "13",
        text: '"Localised Version" means a title translated for one territory.',
        defines: ["Localised Version"],
      },
    ]),
  },
  amendment: {
    card: "THIRD AMENDMENT TO CONTENT LICENSE AGREEMENT between Fox Media and Glu Mobile",
    set: "deal",
    doc: build("amendment", [
      {
        ref: "1",
        text: "1. The first paragraph of Section 4 of the Agreement is replaced: the Term continues until March 31, 2008.",
      },
    ]),
  },
  guaranty: {
    card: "PARENT GUARANTY made by Glu Holdings in favour of Fox Media",
    set: "deal",
    doc: build("guaranty", [{ ref: "1", text: "1. Guarantor guarantees the payment of all royalties when due." }]),
  },
  otherLicense: {
    card: "CONTENT LICENSE AGREEMENT between Acme Studios and Beta Games",
    set: null,
    doc: build("otherLicense", [
      {
        ref: "4",
        text: "Section 4 Term. This content license agreement continues until the agreement expires in 2012.",
      },
    ]),
  },
  lease: {
    card: "OFFICE LEASE between Landlord Corp and Tenant LLC",
    set: null,
    doc: build("lease", [{ ref: "3", text: "3. Tenant pays rent monthly; the lease term continues until 2030." }]),
  },
  // A side letter of the Glu deal that only the "partners" group may read, defining the same term.
  sideLetter: {
    card: "SIDE LETTER to the CONTENT LICENSE AGREEMENT between Fox Media and Glu Mobile",
    set: null,
    groups: ["partners"],
    doc: build("sideLetter", [
      {
        ref: "1",
        text: '"Licensed Content" means, for this side letter only, the unreleased sequel titles code-named Orchid.',
        defines: ["Licensed Content"],
      },
    ]),
  },
} as const;
type Id = keyof typeof DOCS;
const READER = { id: "reader", groups: ["g"] };
const access = { principals: [], groups: ["g"] };

async function searcher() {
  const lexical = createSqliteLexicalIndex(openSqliteDatabase(":memory:"));
  const v = await lexical.createVersion();
  await lexical.activate(v);
  for (const [id, d] of Object.entries(DOCS)) {
    const passages = buildPassages(id, "v1", d.doc.nodes, d.doc.text);
    const groups = "groups" in d ? [...d.groups] : access.groups;
    await lexical.putDocument(v, id, { ...access, groups }, passages, { text: d.card, name: id });
  }
  const record = (id: string): ContextDocument | null => {
    const d = DOCS[id as Id];
    return d
      ? ({ id, title: d.card, fileName: id, role: null, effectiveDate: null, transactionSetId: d.set, access } as never)
      : null;
  };
  return createSearcher({
    lexical,
    structure: (id) => DOCS[id as Id]?.doc.nodes ?? [],
    document: record,
    setMembers: (setId) =>
      Object.entries(DOCS)
        .filter(([, d]) => d.set === setId)
        .map(([id]) => ({ documentId: id, version: "v1" })),
  });
}
const text = (id: string) => DOCS[id as Id]?.doc.text ?? null;
const ask = async (query: string, mode: SearchMode = "hybrid", documentIds?: string[]) =>
  (await searcher()).search({ query, principal: READER, mode, k: 8, ...(documentIds ? { documentIds } : {}) }, text);
const routeOf = (r: Awaited<ReturnType<typeof ask>>) =>
  r.trace.stages.find((s) => s.stage === "route")?.candidates.map((c) => c.id) ?? [];

describe("the question reader in search", () => {
  it("searches a question with a colon whole, and brings the provision its clause reference names first", async () => {
    const r = await ask(
      "What is the notice period under Section 8.1(b) of Glu's content license agreement: 30 or 60 days?",
    );
    const first = r.passages[0];
    expect(first?.documentId).toBe("license");
    expect(text("license")?.slice(first?.start, first?.end)).toContain("sixty days written notice");
    expect(r.trace.stages.some((s) => s.stage === "clause")).toBe(true);
  });

  it("brings the definition of a term the question asks about first, not one the question only uses", async () => {
    const asked = await ask("What is the Licensed Content under Glu's content license agreement?");
    const first = asked.passages[0];
    expect(text("license")?.slice(first?.start, first?.end)).toContain("means the three mobile titles");
    expect(first?.stageScores.some((s) => s.stage === "term")).toBe(true);
    // the definition it quotes follows it
    const second = asked.passages[1];
    expect(text("license")?.slice(second?.start, second?.end)).toContain("a title translated for one territory");
    const used = (await ask("Who hosts the Licensed Content under Glu's content license agreement?")).passages;
    expect(text("license")?.slice(used[0]?.start, used[0]?.end)).toContain("hosted by Licensee");
    expect(used.some((p) => p.stageScores.some((s) => s.stage === "term"))).toBe(false);
  });

  it("brings no definition from a document the asker may not read", async () => {
    const r = await ask("What is the Licensed Content under Glu's side letter?");
    expect(r.passages.length).toBeGreaterThan(0);
    expect(r.passages.some((p) => p.documentId === "sideLetter")).toBe(false);
    const partner = await (await searcher()).search(
      {
        query: "What is the Licensed Content under Glu's side letter?",
        principal: { id: "p", groups: ["g", "partners"] },
        mode: "hybrid",
        k: 8,
      },
      text,
    );
    expect(partner.passages[0]?.documentId).toBe("sideLetter");
  });

  it("searches every member of the deal a question is routed to, the routed one first, never an outsider", async () => {
    // The kind alone fits two licenses: the party the question names singles out its deal.
    const r = await ask("When does the content license agreement with Glu expire?");
    const route = routeOf(r);
    expect(route).not.toContain("otherLicense");
    expect(route[0]).toBe("license");
    expect(route).toEqual(expect.arrayContaining(["license", "amendment", "guaranty"]));
    expect(route).not.toContain("lease");
    // The amendment that replaced the term is reachable in the same question as the term it replaced.
    const docs = new Set(r.passages.map((p) => p.documentId));
    expect(docs.has("license") && docs.has("amendment")).toBe(true);
  });

  it("reads guaranty and guarantee as one kind, and a numbered amendment by its ordinal", async () => {
    expect(routeOf(await ask("Is the guarantee limited to royalties?"))[0]).toBe("guaranty");
    expect(routeOf(await ask("What did Amendment No. 3 change?"))[0]).toBe("amendment");
  });

  it("searches the whole scope it is given, whatever routing ranks first", async () => {
    const r = await ask("What royalties are guaranteed?", "hybrid", ["license", "guaranty"]);
    expect(new Set(routeOf(r))).toEqual(new Set(["license", "guaranty"]));
    expect(r.passages.every((p) => p.documentId === "license" || p.documentId === "guaranty")).toBe(true);
  });

  it("searches everything the asker may read when the question names nothing", async () => {
    const r = await ask("Until when does the term continue?");
    expect(r.trace.routedBy).toBe("question");
    const docs = new Set(r.passages.map((p) => p.documentId));
    // The deal's term and the lease's term alike: no one deal was chosen for the asker.
    expect(docs.has("lease") && docs.has("license") && docs.has("amendment")).toBe(true);
  });
});
