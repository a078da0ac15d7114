import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "@lexnav/cli";
import { type LexnavConfig, loadConfig, silentLogger } from "@lexnav/core";
import { parseRerankWeights, RERANK_FEATURES } from "@lexnav/retrieval";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_DOC, exampleBenchCorpus } from "../support/example-bench.ts";

const LAW = "governed by the laws of the State of California";
const TERM = "shall terminate automatically without notice on December 31, 2022";

// `lexnav train reranker` over the example transaction set as a small benchmark corpus.
describe("lexnav train reranker", () => {
  let dir: string;
  // The built-in embedder keeps the run quick: navembed-r4 needs a dense index.
  const config = loadConfig({ LEXNAV_EMBEDDER_MODEL_DIR: "builtin" });
  const run = (c: LexnavConfig, ...argv: string[]) =>
    runCliCaptured([...argv, "--db", join(dir, "lexnav.sqlite")], c, silentLogger);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-train-reranker-"));
    const { span } = exampleBenchCorpus(dir);
    const doc = EXAMPLE_DOC;
    const tests = [
      { query_id: "law", query: "Which state's laws govern the manufacturing agreement?", doc, snippets: span(LAW) },
      { query_id: "term", query: "When does the manufacturing agreement terminate?", doc, snippets: span(TERM) },
      { query_id: "silent", query: "May the supplier reverse engineer software?", doc, snippets: [] },
    ];
    writeFileSync(join(dir, "bench.json"), JSON.stringify({ tests }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const train = (...argv: string[]) =>
    run(config, "train", "reranker", join(dir, "bench.json"), "--corpus", join(dir, "corpus"), ...argv);

  it("labels the reranker's pool by gold, reports held-out figures and writes weights r4 then reranks with", async () => {
    const out = join(dir, "weights.json");
    const r = await train("--folds", "2", "--out", out, "--json");
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.questions).toBe(3);
    // the question without gold teaches nothing; both clauses are in the pool navembed-r4 hands its reranker
    expect(j.evidenced).toBe(2);
    expect(j.reachable).toBe(2);
    for (const order of ["fused", "shipped", "fitted"]) {
      expect(j.heldOut[order].hitAt1).toBeGreaterThanOrEqual(0);
      expect(j.heldOut[order].mrr).toBeGreaterThan(0);
    }
    const weights = parseRerankWeights(readFileSync(out, "utf8"));
    expect(Object.keys(weights)).toEqual([...RERANK_FEATURES]);
    expect(weights).toEqual(j.weights);
    // the eval store is the fit's own: the asker's store ingests the same deal
    expect((await run(config, "ingest", join(dir, "corpus"))).code).toBe(0);
    expect((await run(config, "index", "dense")).code).toBe(0);
    const r4 = await run(
      loadConfig({ LEXNAV_EMBEDDER_MODEL_DIR: "builtin", LEXNAV_RERANKER_WEIGHTS: out }),
      "search",
      "When does the manufacturing agreement terminate?",
      "--mode",
      "navembed-r4",
      "--json",
    );
    expect(r4.code, r4.err).toBe(0);
    const hits = JSON.parse(r4.out) as { trace: { stages: Array<{ stage: string }> } };
    expect(hits.trace.stages.map((s) => s.stage)).toContain("rerank");
  });

  it("refuses fewer than two folds, and a bench it cannot read, with the reason", async () => {
    const folds = await train("--folds", "1");
    expect(folds.code).not.toBe(0);
    expect(folds.err).toMatch(/--folds must be 2 or more/);
    const missing = await run(config, "train", "reranker", "--corpus", join(dir, "corpus"));
    expect(missing.code).not.toBe(0);
    expect(missing.err).toMatch(/train reranker needs benchmark files and --corpus/);
  });
});
