import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_LIMITS, type LexnavConfig, LexnavError, loadConfig, silentLogger } from "@lexnav/core";
import { createBuiltinReranker, loadOnnxCrossEncoder, RERANK_FEATURES, type RerankWeights } from "@lexnav/retrieval";
import { createEmbeddedStack, loadStackModels } from "@lexnav/stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASK_VERSO, CUAD_FIXTURES } from "../../../test/support/cuad-fixtures.ts";
import { writeTinyCrossEncoder, writeTinyModel } from "../../../test/support/tiny-model.ts";
import { runCliCaptured } from "./app.ts";

const { verso: VERSO, sponsor: SPONSOR, vivint: VIVINT, thrivent: THRIVENT } = CUAD_FIXTURES;
const READER = { id: "reader", groups: ["deals"] };
interface DenseReport {
  vectors: number;
  passages: number;
  embeddedTexts?: number;
}

describe("the CLI stack with local ONNX models (LEXNAV_EMBEDDER_MODEL_DIR, LEXNAV_RERANKER_MODEL_DIR)", () => {
  let dir: string;
  let db: string;
  let modelConfig: LexnavConfig;
  const plainConfig = loadConfig({});
  const run = (config: LexnavConfig, ...argv: string[]) => runCliCaptured([...argv, "--db", db], config, silentLogger);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-model-wiring-"));
    db = join(dir, "lexnav.sqlite");
    writeTinyModel(join(dir, "embedder"));
    writeTinyCrossEncoder(join(dir, "reranker"));
    modelConfig = loadConfig({
      LEXNAV_EMBEDDER_MODEL_DIR: join(dir, "embedder"),
      LEXNAV_RERANKER_MODEL_DIR: join(dir, "reranker"),
    });
    expect((await run(plainConfig, "ingest", VERSO, SPONSOR, "--acl", "group:deals")).code).toBe(0);
    expect((await run(plainConfig, "ingest", VIVINT, "--acl", "group:board")).code).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reranks with late interaction over the embedder's tokens only when asked to", async () => {
    const embedder = { LEXNAV_EMBEDDER_MODEL_DIR: join(dir, "embedder") };
    const plain = await loadStackModels(loadConfig(embedder));
    expect(plain.embedder?.id).toMatch(/^onnx-[0-9a-f]{12}-mean-\d+$/);
    expect(plain.reranker).toBeUndefined();
    const late = await loadStackModels(loadConfig({ ...embedder, LEXNAV_RERANKER_MODEL_DIR: "late-interaction" }));
    expect(late.reranker?.id).toMatch(/^late-interaction-[0-9a-f]{12}-\d+$/);
    await expect(
      loadStackModels(
        loadConfig({ LEXNAV_EMBEDDER_MODEL_DIR: "builtin", LEXNAV_RERANKER_MODEL_DIR: "late-interaction" }),
      ),
    ).rejects.toThrow(/no embedder model is configured \(LEXNAV_EMBEDDER_MODEL_DIR=builtin\)/);
    expect(await loadStackModels(loadConfig({ LEXNAV_EMBEDDER_MODEL_DIR: "builtin" }))).toEqual({});
    // The CLI names the built-in reranker when navembed-r4 runs on it, and not for modes that do not rerank.
    const r4 = await run(loadConfig(embedder), "search", ASK_VERSO, "--mode", "navembed-r4", "--group", "deals");
    expect(r4.err).toMatch(/using the built-in reranker \(a linear scorer fitted on gold/);
    const lexical = await run(loadConfig(embedder), "search", ASK_VERSO, "--mode", "lexical", "--group", "deals");
    expect(lexical.err).not.toMatch(/using the/);
  });

  it("reranks r4 with the weights a lexnav train reranker file names, and refuses a file that does not fit", async () => {
    // weights that read only the words covered: another order than the shipped weights give
    const weights = Object.fromEntries(RERANK_FEATURES.map((f) => [f, f === "coverage" ? 1 : 0]));
    const file = join(dir, "weights.json");
    writeFileSync(file, JSON.stringify(weights));
    const models = await loadStackModels(loadConfig({ LEXNAV_RERANKER_WEIGHTS: file }));
    const mine = createBuiltinReranker(weights as RerankWeights);
    expect(models.reranker?.id).toBe(mine.id);
    expect(models.reranker?.id).not.toBe(createBuiltinReranker().id);
    const candidates = [
      { id: "a", text: "Notices shall be in writing.", heading: "Notices", flags: null },
      { id: "b", text: "This Agreement is governed by the laws of Texas.", heading: "Law", flags: null },
    ];
    expect(await models.reranker?.rerank("Which law governs the agreement?", candidates)).toEqual(
      await mine.rerank("Which law governs the agreement?", candidates),
    );
    // navembed-r4 runs on them, and no fallback is announced: the weights are the asker's choice
    const r4 = await run(
      loadConfig({ LEXNAV_RERANKER_WEIGHTS: file }),
      "search",
      ASK_VERSO,
      "--mode",
      "navembed-r4",
      "--group",
      "deals",
    );
    expect(r4.code, r4.err).toBe(0);
    expect(r4.err).not.toMatch(/using the built-in reranker/);
    // a file of other features, a missing file, and a second reranker named beside it fail with the reason
    const { dense: _dense, ...older } = weights;
    writeFileSync(file, JSON.stringify({ ...older, extra: 1 }));
    await expect(loadStackModels(loadConfig({ LEXNAV_RERANKER_WEIGHTS: file }))).rejects.toThrow(
      /do not fit this reranker \(missing dense; unknown extra\)/,
    );
    await expect(loadStackModels(loadConfig({ LEXNAV_RERANKER_WEIGHTS: join(dir, "none.json") }))).rejects.toThrow(
      /cannot read/,
    );
    await expect(
      loadStackModels(loadConfig({ LEXNAV_RERANKER_WEIGHTS: file, LEXNAV_RERANKER_MODEL_DIR: join(dir, "reranker") })),
    ).rejects.toThrow(/set one/);
  });

  it("index dense embeds with the model; search queries with it and reranks r4 with the cross-encoder", async () => {
    const indexed = await run(modelConfig, "index", "dense", "--json");
    expect(indexed.code, indexed.err).toBe(0);
    const report = JSON.parse(indexed.out) as {
      indexVersion: string;
      vectors: number;
      passages: number;
      fitSeconds: number;
    };
    expect(report.vectors).toBeGreaterThan(20);
    expect(report.vectors).toBe(report.passages);
    expect(report.fitSeconds).toBe(0);
    expect(indexed.err).not.toMatch(/built-in LSA/);

    // A document ingested after the model-built index gets the model's vectors too.
    const thrivent = await run(modelConfig, "ingest", THRIVENT, "--acl", "group:deals", "--json");
    expect(thrivent.code, thrivent.err).toBe(0);

    const models = await loadStackModels(modelConfig);
    const stack = await createEmbeddedStack(db, DEFAULT_LIMITS, silentLogger, models);
    try {
      expect((await stack.vectors.describeVersion(report.indexVersion))?.embedderId).toBe(models.embedder?.id);
      expect(models.embedder?.id).toMatch(/^onnx-/);
      const text = async (documentId: string, version: string) =>
        (await stack.catalog.getVersion(documentId, version))?.text ?? null;
      const dense = await stack.searcher.search({ query: ASK_VERSO, principal: READER, mode: "dense", k: 20 }, text);
      expect(dense.passages.length).toBe(20);
      expect(dense.trace.vectorIndexVersion).toBe(report.indexVersion);
      const thriventId = (await stack.catalog.listDocuments({})).find((d) => d.source === THRIVENT)?.id as string;
      const late = await stack.vectors.search({
        vector: new Float32Array(models.embedder?.dimensions ?? 0).fill(
          1 / Math.sqrt(models.embedder?.dimensions ?? 1),
        ),
        principal: READER,
        k: 1000,
        documentIds: [thriventId],
      });
      expect(late.hits.length).toBeGreaterThan(0);
      const vivint = (await stack.catalog.listDocuments({})).find((d) => d.access.groups.includes("board"))?.id;
      expect(vivint).toBeDefined();
      // The permission filter holds in every model mode.
      for (const mode of ["dense", "hybrid", "navembed-r4"] as const) {
        const r = await stack.searcher.search({ query: ASK_VERSO, principal: READER, mode, k: 20 }, text);
        expect(
          r.passages.some((p) => p.documentId === vivint),
          mode,
        ).toBe(false);
      }

      const r4 = await stack.searcher.search({ query: ASK_VERSO, principal: READER, mode: "navembed-r4", k: 10 }, text);
      const head = r4.passages.filter((p) => p.stageScores.some((s) => s.stage === "rerank"));
      expect(head.length).toBe(10);
      const ce = await loadOnnxCrossEncoder(join(dir, "reranker"));
      try {
        const scores = await ce.score(
          ASK_VERSO,
          await Promise.all(head.map(async (p) => (await text(p.documentId, p.version))?.slice(p.start, p.end) ?? "")),
        );
        expect(head.map((p) => p.score)).toEqual(scores.map((s) => expect.closeTo(s, 4)));
        expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      } finally {
        await ce.close();
      }
    } finally {
      await stack.close();
    }

    // ask (offline) searches through search with the same model.
    const asked = await run(
      modelConfig,
      "ask",
      ASK_VERSO,
      "--mode",
      "dense",
      "--offline",
      "--json",
      "--group",
      "deals",
    );
    expect(asked.code, asked.err).toBe(0);
  });

  it("refuses to query a dense index made by another embedder than the configured one", async () => {
    // Rebuilt with the built-in embedder: the ONNX model no longer matches. The CLI says it fell back.
    const builtin = await run(plainConfig, "index", "dense");
    expect(builtin.code).toBe(0);
    expect(builtin.err).toMatch(/using the built-in LSA embedder \(no pretrained embedder is installed/);
    expect(builtin.err).not.toMatch(/reranker/);
    const refused = await run(modelConfig, "ask", ASK_VERSO, "--mode", "hybrid", "--offline", "--group", "deals");
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /embedded with builtin-lsa-.*not the configured model onnx-.*LEXNAV_EMBEDDER_MODEL_DIR/,
    );

    // And the reverse: an ONNX-built index queried without the model configured.
    const first = JSON.parse((await run(modelConfig, "index", "dense", "--json")).out) as DenseReport;
    expect(first.embeddedTexts).toBeGreaterThan(20);
    // Embedded again with the same model: every passage's vector is reused, none is computed.
    const again = JSON.parse((await run(modelConfig, "index", "dense", "--json")).out) as DenseReport;
    expect(again).toMatchObject({ embeddedTexts: 0, vectors: first.vectors, passages: first.passages });
    const stack = await createEmbeddedStack(db, DEFAULT_LIMITS, silentLogger);
    try {
      const err = await stack.searcher
        .search({ query: ASK_VERSO, principal: READER, mode: "dense", k: 5 }, () => null)
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(LexnavError);
      expect((err as LexnavError).message).toMatch(/set LEXNAV_EMBEDDER_MODEL_DIR/);
    } finally {
      await stack.close();
    }
  });
});
