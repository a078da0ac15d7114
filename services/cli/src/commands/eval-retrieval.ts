import { appendFileSync, writeFileSync } from "node:fs";
import { LexnavError } from "@lexnav/core";
import { LOSS_STAGE_MEANING, LOSS_STAGES, type RetrievalEvalReport, runRetrievalEval } from "@lexnav/eval";
import { SEARCH_MODES, type SearchMode } from "@lexnav/retrieval";
import type { CliContext } from "../context.ts";
import { createProgress } from "../progress.ts";
import { EVAL_PRINCIPAL, openEvalStore } from "./eval-store.ts";

const MODES: readonly SearchMode[] = SEARCH_MODES;
/** Modes that read the dense index: the eval builds it once per store (its own marker). */
export const DENSE_MODES: readonly SearchMode[] = [
  "dense",
  "hybrid",
  "navembed-r1",
  "navembed-r2",
  "navembed-r3",
  "navembed-r4",
];

export interface EvalRetrievalOptions {
  bench: string;
  corpus: string;
  mode: string;
  protocol: string;
  limit?: number;
  json: boolean;
  storeDir?: string;
  /** An eval store an earlier evaluation built, used instead of the one the bench's corpora name (`EvalStoreOptions.store`). */
  store?: string;
  /** Writes one JSON line per question: its id and the searcher's trace (no document text). */
  traces?: string;
  /** `set`: each question searches only its deal's documents (the bench's `scope.files`). */
  scope?: string;
  /** Writes one JSON line per question: its id, type, recall at 1, 8 and 2,000 tokens, files of its top 8. */
  rows?: string;
  /** Counts the questions by the stage their evidence was lost at (`classifyEvidenceLoss`). */
  triage?: boolean;
}

/**
 * `lexnav eval retrieval`: indexes the benchmark's corpus into a store of its own (reused while the
 * corpus files and the index format are unchanged), then runs every question as a user would.
 */
export async function evalRetrievalCommand(ctx: CliContext, opts: EvalRetrievalOptions): Promise<RetrievalEvalReport> {
  if (!MODES.includes(opts.mode as SearchMode)) {
    throw new LexnavError("invalid_argument", `unknown mode "${opts.mode}" (available: ${MODES.join(", ")})`);
  }
  const mode = opts.mode as SearchMode;
  if (opts.scope !== undefined && opts.scope !== "corpus" && opts.scope !== "set")
    throw new LexnavError("invalid_argument", `--scope must be "corpus" or "set" (not "${opts.scope}")`);
  const { stack, tests, protocol, corpusRoot, dbPath } = await openEvalStore(ctx, {
    bench: opts.bench,
    corpus: opts.corpus,
    protocol: opts.protocol,
    dense: DENSE_MODES.includes(mode),
    ...(opts.limit ? { limit: opts.limit } : {}),
    ...(opts.storeDir ? { storeDir: opts.storeDir } : {}),
    ...(opts.store ? { store: opts.store } : {}),
  });
  try {
    const progress = createProgress(tests.length, ctx.stderr);
    const report = await runRetrievalEval(
      { catalog: stack.catalog, searcher: stack.searcher, corpusRoot, principal: EVAL_PRINCIPAL },
      tests,
      {
        mode,
        protocol,
        scope: opts.scope === "set" ? "set" : "corpus",
        onProgress: () => progress.tick(""),
        ...(opts.traces ? { onTrace: writeTrace(opts.traces) } : {}),
        ...(opts.rows ? { onRow: writeRow(opts.rows) } : {}),
        ...(opts.triage ? { triage: true } : {}),
      },
    );
    progress.done();
    // a run on another evaluation's store (--store) says which: its corpus, and so its figures, are that store's
    if (opts.json) ctx.out(JSON.stringify(opts.store ? { ...report, store: dbPath } : report, null, 2));
    else ctx.out(renderReport(report));
    return report;
  } finally {
    await stack.close();
  }
}

function writeRow(path: string) {
  writeFileSync(path, "");
  return (row: unknown) => appendFileSync(path, `${JSON.stringify(row)}\n`);
}

function writeTrace(path: string) {
  writeFileSync(path, "");
  return (queryId: string, trace: unknown) => appendFileSync(path, `${JSON.stringify({ queryId, trace })}\n`);
}

const pct = (x: number | undefined) => `${((x ?? 0) * 100).toFixed(1)}`;

export function renderReport(r: RetrievalEvalReport): string {
  const lines = [
    `mode ${r.mode}, protocol ${r.protocol}, ${r.scope === "set" ? "each question scoped to its deal" : "whole corpus"}: ${r.queries} questions with evidence (${r.withoutEvidence} without)${r.unlocatedQuotes ? `; ${r.unlocatedQuotes} gold quotes not found in the extracted text` : ""}`,
    "| k | 1 | 2 | 4 | 8 | 16 | 32 | 64 |",
    "|---|---|---|---|---|---|---|---|",
    `| precision@k % | ${[1, 2, 4, 8, 16, 32, 64].map((k) => pct(r.precision[k])).join(" | ")} |`,
    `| recall@k % | ${[1, 2, 4, 8, 16, 32, 64].map((k) => pct(r.recall[k])).join(" | ")} |`,
    `recall@tokens %: ${[500, 1000, 2000, 4000, 8000].map((t) => `${t}: ${pct(r.recallAtTokens[t])}`).join("  ")}`,
    `mean context tokens (${r.mode === "inject" ? "whole permitted corpus" : "top 10"}): ${r.meanContextTokens.toFixed(0)}   latency ms p50 ${r.latencyMs.p50.toFixed(1)} p95 ${r.latencyMs.p95.toFixed(1)} (first question, with the models' loading, ${r.latencyMs.first.toFixed(1)})`,
    "",
    "| slice | n | P@1 | R@1 | R@8 | R@64 | R@2000t |",
    "|---|---|---|---|---|---|---|",
    ...Object.entries(r.slices).map(
      ([name, s]) =>
        `| ${name} | ${s.queries} | ${pct(s.precision[1])} | ${pct(s.recall[1])} | ${pct(s.recall[8])} | ${pct(s.recall[64])} | ${pct(s.recallAtTokens[2000])} |`,
    ),
  ];
  if (r.triage) lines.push("", renderTriageTable(r.triage));
  return lines.join("\n");
}

/** The `--triage` table: questions with gold by the stage their evidence was lost at, in pipeline order. */
export function renderTriageTable(counts: NonNullable<RetrievalEvalReport["triage"]>): string {
  const total = LOSS_STAGES.reduce((s, st) => s + counts[st], 0) || 1;
  return [
    `evidence lost at (each question at the earliest stage any of its gold spans was lost; kept = the top 10):`,
    "| stage | questions | % | meaning |",
    "|---|---|---|---|",
    ...LOSS_STAGES.map(
      (st) => `| ${st} | ${counts[st]} | ${((counts[st] / total) * 100).toFixed(1)} | ${LOSS_STAGE_MEANING[st]} |`,
    ),
  ].join("\n");
}
