import { appendFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { LexnavError, sha256Hex } from "@lexnav/core";
import {
  applyProtocol,
  datasetOf,
  loadBench,
  type Protocol,
  type RetrievalEvalReport,
  runRetrievalEval,
} from "@lexnav/eval";
import { SEARCH_MODES, type SearchMode } from "@lexnav/retrieval";
import type { CliContext } from "../context.ts";
import { createProgress } from "../progress.ts";
import { createEmbeddedStack } from "../stack.ts";

/** Bump when ingestion or passage building changes, so stores built by older code are not reused. */
export const EVAL_INDEX_FORMAT = "passages-v2-named-cards";

const MODES: readonly SearchMode[] = SEARCH_MODES;
/** Modes that read the dense index: the eval builds it once per store (its own marker). */
const DENSE_MODES: readonly SearchMode[] = [
  "dense",
  "hybrid",
  "navembed-r1",
  "navembed-r2",
  "navembed-r3",
  "navembed-r4",
];
const EVAL_PRINCIPAL = { id: "lexnav-eval", groups: ["lexnav-eval"] };

export interface EvalRetrievalOptions {
  bench: string;
  corpus: string;
  mode: string;
  protocol: string;
  limit?: number;
  json: boolean;
  storeDir?: string;
  /** Writes one JSON line per question: its id and the searcher's trace (no document text). */
  traces?: string;
}

/**
 * `lexnav eval retrieval`: indexes the benchmark's corpus into a store of its own (reused while the
 * corpus files and the index format are unchanged), then runs every question as a user would.
 */
export async function evalRetrievalCommand(ctx: CliContext, opts: EvalRetrievalOptions): Promise<RetrievalEvalReport> {
  if (!MODES.includes(opts.mode as SearchMode)) {
    throw new LexnavError("invalid_argument", `unknown mode "${opts.mode}" (available: ${MODES.join(", ")})`);
  }
  if (opts.protocol !== "full" && opts.protocol !== "mini") {
    throw new LexnavError("invalid_argument", `unknown protocol "${opts.protocol}" (full or mini)`);
  }
  const mode = opts.mode as SearchMode;
  const protocol = opts.protocol as Protocol;
  const corpusRoot = resolve(opts.corpus);
  const all = loadBench(opts.bench);
  const dataset = datasetOf(all);
  const { tests, corpusDocs } = applyProtocol(all, protocol, opts.limit);
  const datasetDir = join(corpusRoot, dataset);
  if (!existsSync(datasetDir)) throw new LexnavError("not_found", `corpus folder ${datasetDir} does not exist`);
  const files = (corpusDocs ?? readdirSync(datasetDir).map((f) => `${dataset}/${f}`)).sort();

  const fingerprint = sha256Hex(
    [EVAL_INDEX_FORMAT, ...files.map((f) => `${f}:${statSync(join(corpusRoot, f)).size}`)].join("\n"),
  ).slice(0, 16);
  const storeDir = opts.storeDir ?? join(ctx.config.dbPath, "..", "eval");
  mkdirSync(storeDir, { recursive: true });
  const dbPath = join(storeDir, `${dataset}-${protocol}-${fingerprint}.sqlite`);
  const doneMarker = `${dbPath}.complete`;
  const stack = createEmbeddedStack(dbPath, ctx.config.limits, ctx.logger);
  try {
    if (!existsSync(doneMarker)) {
      const progress = createProgress(files.length, ctx.stderr);
      const t0 = performance.now();
      let failed = 0;
      for (const f of files) {
        const r = await stack.pipeline.ingest({
          source: join(corpusRoot, f),
          access: { principals: [], groups: EVAL_PRINCIPAL.groups },
        });
        if (r.status === "failed") failed += 1;
        progress.tick(f);
      }
      progress.done();
      writeFileSync(
        doneMarker,
        JSON.stringify({ files: files.length, failed, seconds: (performance.now() - t0) / 1000 }),
      );
      ctx.err(
        `indexed ${files.length} documents (${failed} failed) in ${((performance.now() - t0) / 1000).toFixed(1)} s into ${dbPath}`,
      );
    }
    const denseMarker = `${dbPath}.dense-complete`;
    if (DENSE_MODES.includes(mode) && (!existsSync(denseMarker) || stack.vectors.activeVersion() === null)) {
      ctx.err("building the dense index (built-in embedder fitted on every passage)...");
      const dense = stack.buildDenseIndex();
      writeFileSync(denseMarker, JSON.stringify(dense));
      ctx.err(
        `dense index ${dense.indexVersion}: ${dense.vectors} vectors of ${dense.passages} passages in ${dense.documents} documents, fit ${dense.fitSeconds.toFixed(1)} s, embed ${dense.embedSeconds.toFixed(1)} s`,
      );
    }
    const progress = createProgress(tests.length, ctx.stderr);
    const report = runRetrievalEval(
      { catalog: stack.catalog, searcher: stack.searcher, corpusRoot, principal: EVAL_PRINCIPAL },
      tests,
      {
        mode,
        protocol,
        onProgress: () => progress.tick(""),
        ...(opts.traces ? { onTrace: writeTrace(opts.traces) } : {}),
      },
    );
    progress.done();
    if (opts.json) ctx.out(JSON.stringify(report, null, 2));
    else ctx.out(renderReport(report));
    return report;
  } finally {
    stack.close();
  }
}

function writeTrace(path: string) {
  writeFileSync(path, "");
  return (queryId: string, trace: unknown) => appendFileSync(path, `${JSON.stringify({ queryId, trace })}\n`);
}

const pct = (x: number | undefined) => `${((x ?? 0) * 100).toFixed(1)}`;

export function renderReport(r: RetrievalEvalReport): string {
  const lines = [
    `mode ${r.mode}, protocol ${r.protocol}: ${r.queries} questions with evidence (${r.withoutEvidence} without)`,
    "| k | 1 | 2 | 4 | 8 | 16 | 32 | 64 |",
    "|---|---|---|---|---|---|---|---|",
    `| precision@k % | ${[1, 2, 4, 8, 16, 32, 64].map((k) => pct(r.precision[k])).join(" | ")} |`,
    `| recall@k % | ${[1, 2, 4, 8, 16, 32, 64].map((k) => pct(r.recall[k])).join(" | ")} |`,
    `recall@tokens %: ${[500, 1000, 2000, 4000, 8000].map((t) => `${t}: ${pct(r.recallAtTokens[t])}`).join("  ")}`,
    `mean context tokens (top 10): ${r.meanContextTokens.toFixed(0)}   latency ms p50 ${r.latencyMs.p50.toFixed(1)} p95 ${r.latencyMs.p95.toFixed(1)}`,
    "",
    "| slice | n | P@1 | R@8 | R@64 | R@2000t |",
    "|---|---|---|---|---|---|",
    ...Object.entries(r.slices).map(
      ([name, s]) =>
        `| ${name} | ${s.queries} | ${pct(s.precision[1])} | ${pct(s.recall[8])} | ${pct(s.recall[64])} | ${pct(s.recallAtTokens[2000])} |`,
    ),
  ];
  return lines.join("\n");
}
