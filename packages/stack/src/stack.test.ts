import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import {
  BUILTIN_DECISION_MODEL_PATH,
  DEFAULT_DECISION_MODEL_PATH,
  decisionModelId,
  loadDecisionModel,
} from "@lexnav/answer";
import { DEFAULT_LIMITS, loadConfig, silentLogger } from "@lexnav/core";
import { countTokens } from "@lexnav/document-model";
import { runRetrievalEval } from "@lexnav/eval";
import { SEARCH_MODES, type SearchMode } from "@lexnav/retrieval";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASK_VERSO, CUAD_FIXTURES } from "../../../test/support/cuad-fixtures.ts";
import { corpusPath } from "../../../test/support/shared.ts";
import { createStackAsk } from "./ask.ts";
import { createEmbeddedStack, type EmbeddedStack } from "./stack.ts";

const { verso: VERSO, sponsor: SPONSOR, vivint: VIVINT, thrivent: THRIVENT } = CUAD_FIXTURES;

const READER = { id: "reader", groups: ["deals"] };
const EMBEDDER = { dimensions: 16, minDocumentFrequency: 1, maxDocumentShare: 0.9 };
const ASK_VIVINT =
  'Consider the NON-COMPETITION AGREEMENT AMENDMENT between VIVINT SOLAR, INC. ("Vivint Solar"), VIVINT, INC. ("Vivint"); Is there a non-compete?';

describe("the embedded stack's retrieval modes", () => {
  let stack: EmbeddedStack;
  const ids: Record<string, string> = {};
  const text = async (documentId: string, version: string) =>
    (await stack.catalog.getVersion(documentId, version))?.text ?? null;
  const search = (mode: SearchMode, query: string, k = 16) =>
    stack.searcher.search({ query, principal: READER, mode, k }, text);

  beforeAll(async () => {
    stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
    for (const [name, source, groups] of [
      ["verso", VERSO, ["deals"]],
      ["sponsor", SPONSOR, ["deals"]],
      ["vivint", VIVINT, ["board"]],
    ] as const) {
      const r = await stack.pipeline.ingest({ source, access: { principals: [], groups: [...groups] } });
      expect(r.status).toBe("indexed");
      ids[name] = r.documentId;
    }
    await stack.buildDenseIndex({ embedder: EMBEDDER });
  });
  afterAll(() => stack.close());

  it("routes a question to the document it names, in every routed mode", async () => {
    for (const mode of SEARCH_MODES.filter((m) => m !== "lexical" && m !== "dense" && m !== "inject")) {
      const r = await search(mode, ASK_VERSO);
      expect(r.passages.length, mode).toBeGreaterThan(0);
      expect(r.passages[0]?.documentId, mode).toBe(ids.verso);
    }
  });

  it("routes alone (Searcher.route) to the documents the routed modes search", async () => {
    for (const query of [ASK_VERSO, "Which law governs the sponsorship agreement?", "Is there a non-compete?"]) {
      const routed = await stack.searcher.route({ query, principal: READER });
      const r = await search("hybrid", query);
      const stage = r.trace.stages.find((s) => s.stage === "route")?.candidates ?? [];
      expect(
        routed.documents.map((d) => d.documentId),
        query,
      ).toEqual(stage.map((c) => c.id));
      expect(routed.routedBy, query).toBe(r.trace.routedBy);
    }
    expect((await stack.searcher.route({ query: ASK_VERSO, principal: READER })).documents[0]?.documentId).toBe(
      ids.verso,
    );
    // the Vivint agreement is the board's: never routed to for the reader
    const vivint = await stack.searcher.route({ query: ASK_VIVINT, principal: READER });
    expect(vivint.documents.map((d) => d.documentId)).not.toContain(ids.vivint);
  });

  it("keeps a scoped query to its documents in every mode, and the trace says so", async () => {
    for (const mode of SEARCH_MODES) {
      const r = await stack.searcher.search(
        { query: ASK_VERSO, principal: READER, mode, k: 8, documentIds: [ids.sponsor as string] },
        text,
      );
      expect(r.passages.length, mode).toBeGreaterThan(0);
      expect(new Set(r.passages.map((p) => p.documentId)), mode).toEqual(new Set([ids.sponsor]));
      expect(r.trace.filters.documents, mode).toEqual([ids.sponsor]);
    }
    // a scope naming a document the reader may not read adds nothing
    const r = await stack.searcher.search(
      { query: ASK_VIVINT, principal: READER, mode: "hybrid", k: 8, documentIds: [ids.vivint as string] },
      text,
    );
    expect(r.passages).toEqual([]);
  });

  it("assembles a context whose items carry the catalog's title, role and a citation into stored text", async () => {
    const r = await search("hybrid", ASK_VERSO);
    const items = r.context?.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    const doc = await stack.catalog.getDocument(ids.verso as string);
    const first = items[0];
    expect(first?.title).toBe(doc?.title);
    expect(first?.role).toBe(doc?.role);
    const stored = (await stack.catalog.getVersion(first?.documentId as string, first?.version as string))?.text ?? "";
    expect(first?.text).toBe(stored.slice(first?.citation.start, first?.citation.end));
  });

  it("the planner hands on text of at most ten provisions, plus budgeted expansion", async () => {
    const r = await search("navindex", ASK_VERSO, 64);
    const planned = new Set(
      r.passages.filter((p) => !p.stageScores.some((s) => s.stage === "expand")).map((p) => p.nodeId),
    );
    expect(planned.size).toBeGreaterThan(0);
    expect(planned.size).toBeLessThanOrEqual(10);
  });

  it("injects every passage of every permitted document in document order, counting the whole documents' tokens", async () => {
    const r = await search("inject", ASK_VERSO, 1);
    const permitted = [ids.verso, ids.sponsor].sort() as string[];
    // k does not cut inject: every passage of both readable documents, none of the board's.
    expect([...new Set(r.passages.map((p) => p.documentId))]).toEqual(permitted);
    for (const [i, p] of r.passages.entries()) {
      const prev = r.passages[i - 1];
      if (prev && prev.documentId === p.documentId) expect(p.start).toBeGreaterThanOrEqual(prev.start);
    }
    const tokensOf = async (id: string) => {
      const doc = await stack.catalog.getDocument(id);
      return countTokens((await text(id, doc?.currentVersion as string)) ?? "");
    };
    let permittedTokens = 0;
    for (const id of permitted) permittedTokens += await tokensOf(id);
    expect(r.trace.contextTokens).toBe(permittedTokens);
    expect(r.trace.contextTokens).toBeGreaterThan(r.passages.slice(0, 10).reduce((s, p) => s + p.tokens, 0));
    expect(r.trace.stages.map((s) => s.stage)).toEqual(["inject", "assemble"]);
  });

  it("reports inject's mean context tokens as the whole permitted corpus in the retrieval eval", async () => {
    const corpusRoot = corpusPath();
    const tests = [ASK_VERSO, ASK_VIVINT].map((query, i) => ({
      query_id: `q${i}`,
      query,
      doc: "",
      snippets: [{ file_path: relative(corpusRoot, VERSO), span: [0, 100] as [number, number] }],
    }));
    const run = (mode: SearchMode) =>
      runRetrievalEval({ catalog: stack.catalog, searcher: stack.searcher, corpusRoot, principal: READER }, tests, {
        mode,
        protocol: "test",
      });
    const corpus = (await search("inject", ASK_VERSO)).trace.contextTokens;
    const inject = await run("inject");
    expect(inject.meanContextTokens).toBe(corpus);
    expect(inject.recall[64]).toBeGreaterThan(0);
    const lexical = await run("lexical");
    expect(lexical.meanContextTokens).toBeLessThan(corpus / 2);
  });

  it("never returns a document the principal may not read, in any mode", async () => {
    for (const mode of SEARCH_MODES) {
      const r = await search(mode, ASK_VIVINT, 64);
      expect(
        r.passages.map((p) => p.documentId),
        mode,
      ).not.toContain(ids.vivint);
    }
  });

  it("keeps document text out of the trace", async () => {
    for (const mode of SEARCH_MODES) {
      const r = await search(mode, ASK_VERSO);
      const trace = JSON.stringify(r.trace);
      for (const p of r.passages.slice(0, 5)) {
        const body = ((await text(p.documentId, p.version)) ?? "").slice(p.start, p.end);
        // Any 40-character stretch of evidence would show a leak; ids and query words cannot be that long.
        const probe = body.slice(0, 40);
        if (probe.length === 40) expect(trace.includes(probe), mode).toBe(false);
      }
      expect(r.trace.mode).toBe(mode);
      expect(r.trace.filters.principal).toBe(READER.id);
    }
  });

  it("answers a scoped question from its documents only, inject included, and records the scope", async () => {
    const ask = createStackAsk({ config: loadConfig({}), catalog: stack.catalog, searcher: stack.searcher }, true);
    for (const mode of ["inject", "hybrid", "navindex"] as const) {
      const r = await ask.ask({
        question: "Which law governs the VERSO intellectual property agreement?",
        mode,
        principal: READER,
        k: 10,
        documentIds: [ids.sponsor as string],
      });
      expect(r.scope, mode).toEqual([ids.sponsor]);
      expect(r.evidence.length, mode).toBeGreaterThan(0);
      expect(new Set(r.evidence.map((e) => e.documentId)), mode).toEqual(new Set([ids.sponsor]));
      expect(
        r.citations.every((c) => c.documentId === ids.sponsor),
        mode,
      ).toBe(true);
    }
  });

  it("with LEXNAV_ANSWERER=wording, answers by the older wording model: a lawyer's wording of a question it knows", async () => {
    // VERSO's clause says "construed and interpreted according to the laws of the State of Georgia":
    // neither "law" nor "governs"; the coverage rule abstained, the model knows the wording
    const config = loadConfig({ LEXNAV_ANSWERER: "wording" });
    const ask = createStackAsk({ config, catalog: stack.catalog, searcher: stack.searcher }, true);
    const r = await ask.ask({
      question: "Which law governs the VERSO intellectual property agreement?",
      mode: "hybrid",
      principal: READER,
      k: 10,
    });
    expect(r.abstained).toBe(false);
    expect(r.citations[0]?.documentId).toBe(ids.verso);
    expect(r.citations[0]?.quote).toMatch(/according to the laws of the State of Georgia/);
    // and it says how it read the question, and records the wording model as what decided
    expect(r.warnings).toContain('the offline answerer read the question as "Which law governs this contract?"');
    expect(r.model).toMatch(/^lexnav-evidence-v1@/);
  });

  it("answers by evidence by default: the governing-law clause for a question in words no model was trained on", async () => {
    const ask = createStackAsk({ config: loadConfig({}), catalog: stack.catalog, searcher: stack.searcher }, true);
    const r = await ask.ask({
      question: "Under the laws of which state is the VERSO intellectual property agreement to be interpreted?",
      mode: "hybrid",
      principal: READER,
      k: 10,
    });
    expect(r.model).toMatch(/^lexnav-decision-v1@/);
    expect(r.abstained).toBe(false);
    expect(r.citations[0]?.documentId).toBe(ids.verso);
    expect(r.citations[0]?.quote).toMatch(/laws of the State of Georgia/);
    // no wording was looked up, so none is reported
    expect(r.warnings.some((w) => w.includes("read the question as"))).toBe(false);
  });

  it("reads relevance from the sentence embedder its decision model was trained on, else the built-in model and relevance", async () => {
    const pretrained = loadDecisionModel(DEFAULT_DECISION_MODEL_PATH);
    const builtin = loadDecisionModel(BUILTIN_DECISION_MODEL_PATH);
    const calls: number[] = [];
    const embedder = (id: string) => ({
      id,
      dimensions: 2,
      embed: async (texts: string[]) => {
        calls.push(texts.length);
        return texts.map((t) => Float32Array.from(t.includes("Georgia") ? [1, 0] : [0.6, 0.8]));
      },
    });
    const askWith = async (models: { relevance?: ReturnType<typeof embedder> }) => {
      const wiring = { config: loadConfig({}), catalog: stack.catalog, searcher: stack.searcher, models };
      return createStackAsk(wiring, true).ask({
        question: "Under which state's laws is the VERSO intellectual property agreement interpreted?",
        mode: "hybrid",
        principal: READER,
        k: 10,
      });
    };
    // the embedder the shipped model names: its model, and that embedder's cosines
    const same = await askWith({ relevance: embedder(pretrained.relevance) });
    expect(same.model).toBe(decisionModelId(pretrained));
    expect(calls.length).toBeGreaterThan(0);
    // another embedder, or none: the model fitted on the built-in relevance, and the embedder is never asked
    calls.length = 0;
    const other = await askWith({ relevance: embedder("some-other-model") });
    expect(other.model).toBe(decisionModelId(builtin));
    expect(calls).toEqual([]);
    expect((await askWith({})).model).toBe(decisionModelId(builtin));
  });

  it("embeds a document ingested after the dense index was built into the active version, by its scope's model", async () => {
    const before = await stack.vectors.scopes((await stack.vectors.activeVersion()) ?? "");
    const r = await stack.pipeline.ingest({ source: THRIVENT, access: { principals: [], groups: ["deals"] } });
    ids.thrivent = r.documentId;
    const hits = (
      await stack.vectors.search({
        vector: new Float32Array(EMBEDDER.dimensions).fill(1 / Math.sqrt(EMBEDDER.dimensions)),
        principal: READER,
        k: 1000,
        documentIds: [r.documentId],
        scope: "group:deals",
      })
    ).hits;
    expect(hits.length).toBeGreaterThan(0);
    // Embedded with the scope's model as it was: the model learnt nothing from the new document.
    expect(await stack.vectors.scopes((await stack.vectors.activeVersion()) ?? "")).toEqual(before);
  });

  it("forgets a deleted or restricted document in every mode, dense included", async () => {
    await stack.pipeline.setAccess(ids.sponsor as string, { principals: [], groups: ["board"] });
    await stack.pipeline.remove(ids.verso as string);
    for (const mode of SEARCH_MODES) {
      for (const query of [ASK_VERSO, "sponsorship boxing event stadium fee payment", ASK_VIVINT]) {
        const docs = new Set((await search(mode, query, 64)).passages.map((p) => p.documentId));
        expect(docs.has(ids.verso as string), `${mode}: deleted`).toBe(false);
        expect(docs.has(ids.sponsor as string), `${mode}: restricted`).toBe(false);
      }
    }
    const dense = await stack.vectors.search({
      vector: new Float32Array(EMBEDDER.dimensions).fill(1 / Math.sqrt(EMBEDDER.dimensions)),
      principal: READER,
      k: 1000,
    });
    expect(dense.hits.every((h) => h.documentId === ids.thrivent)).toBe(true);
  });
});

describe("a source that turns bad leaves every store", () => {
  it("stops returning a document whose new bytes fail to ingest, in every mode", async () => {
    const { copyFileSync, mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(join(tmpdir(), "lexnav-stale-"));
    const stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
    try {
      const file = join(dir, "ip-agreement.txt");
      copyFileSync(VERSO, file);
      const ok = await stack.pipeline.ingest({ source: file, access: { principals: [], groups: ["deals"] } });
      expect(ok.status).toBe("indexed");
      await stack.buildDenseIndex({ embedder: EMBEDDER });
      const text = async (documentId: string, version: string) =>
        (await stack.catalog.getVersion(documentId, version))?.text ?? null;
      const hits = async (mode: SearchMode) =>
        (await stack.searcher.search({ query: ASK_VERSO, principal: READER, mode, k: 16 }, text)).passages;
      expect((await hits("lexical")).length).toBeGreaterThan(0);
      expect((await hits("dense")).length).toBeGreaterThan(0);

      writeFileSync(file, new Uint8Array([0xff, 0xfe, 0x00, 0x41, 0x00]));
      const bad = await stack.pipeline.ingest({ source: file, access: { principals: [], groups: ["deals"] } });
      expect(bad.status).toBe("failed");
      for (const mode of SEARCH_MODES)
        expect(
          (await hits(mode)).map((p) => p.documentId),
          mode,
        ).not.toContain(ok.documentId);
    } finally {
      await stack.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("opening a store written before cards kept filed names", () => {
  it("adds the name column and records each document's filed name, so a question quoting it is routed by name", async () => {
    const { copyFileSync, mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { openSqliteDatabase } = await import("@lexnav/catalog");
    const dir = mkdtempSync(join(tmpdir(), "lexnav-upgrade-"));
    try {
      const db = join(dir, "store.sqlite");
      // Two agreements; the one filed as "MNDA" shares no words with the question but its name.
      copyFileSync(SPONSOR, join(dir, "MNDA.txt"));
      copyFileSync(VERSO, join(dir, "ip-agreement.txt"));
      let stack = await createEmbeddedStack(db, DEFAULT_LIMITS, silentLogger);
      const access = { principals: [], groups: ["deals"] };
      const mnda = await stack.pipeline.ingest({ source: join(dir, "MNDA.txt"), access });
      await stack.pipeline.ingest({ source: join(dir, "ip-agreement.txt"), access });
      await stack.close();
      // The schema and rows of a store from before: no name column.
      const raw = openSqliteDatabase(db);
      raw.exec("DROP INDEX lex_cards_name; ALTER TABLE lex_cards DROP COLUMN name_key;");
      raw.close();

      stack = await createEmbeddedStack(db, DEFAULT_LIMITS, silentLogger);
      try {
        expect(await stack.lexical.unnamedDocuments()).toEqual([]);
        const r = await stack.lexical.searchDocuments({ text: "In the agreement MNDA", principal: READER, k: 5 });
        expect(r.hits.filter((h) => h.named).map((h) => h.documentId)).toEqual([mnda.documentId]);
      } finally {
        await stack.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("expansion along a definition's cross-reference", () => {
  it("hands over the provision a definition points to, on top of the k passages asked for", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lexnav-expand-"));
    const stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
    try {
      // A definition that only points to Section 12.1, and many sections that say "collateral"
      // where 12.1 does not, so 12.1 is not among the passages retrieval ranks.
      const sections = Array.from(
        { length: 11 },
        (_, i) =>
          `${i + 2}.1 Report ${i + 2}. The Borrower shall deliver to the Agent, within ${i + 10} days after each month, a report of type ${i + 2} on the value of the collateral and on the accounts, inventory and equipment of the Borrower.`,
      );
      const body = [
        "SECURITY AGREEMENT",
        "This Security Agreement is made between Acme Corp. and First Bank.",
        "1.1 Definitions. “Collateral” has the meaning assigned to such term in Section 12.1.",
        ...sections,
        "12.1 Grant. The Borrower grants the Agent a lien on all of its accounts, inventory and equipment.",
      ].join("\n\n");
      const file = join(dir, "security.txt");
      writeFileSync(file, body);
      const r = await stack.pipeline.ingest({ source: file, access: { principals: [], groups: ["deals"] } });
      expect(r.status).toBe("indexed");
      const text = async (documentId: string, version: string) =>
        (await stack.catalog.getVersion(documentId, version))?.text ?? null;
      const grant = body.indexOf("12.1 Grant.");
      for (const mode of ["navindex", "navembed-r3"] as const) {
        const res = await stack.searcher.search(
          { query: "What is the Collateral?", principal: READER, mode, k: 3 },
          text,
        );
        const starts = res.passages.map((p) => p.start);
        // the three asked for, then the provision the definition among them points to
        expect(starts.some((s) => s === body.indexOf("1.1 Definitions."))).toBe(true);
        expect(starts.slice(3)).toContain(grant);
      }
    } finally {
      await stack.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
