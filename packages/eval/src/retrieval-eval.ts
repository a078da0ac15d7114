import { type Catalog, cachedVersionText } from "@lexnav/catalog";
import type { Principal, QueryTrace, Searcher, SearchMode } from "@lexnav/retrieval";
import { type BenchTest, corpusFileOf } from "./bench-file.ts";
import {
  K_VALUES,
  precisionAtK,
  type RankedPassage,
  recallAtK,
  recallAtTokens,
  type SpanRef,
  TOKEN_BUDGETS,
} from "./domain/span-metrics.ts";

export interface RetrievalEvalDeps {
  catalog: Catalog;
  searcher: Searcher;
  /** Root the benchmark's file paths are relative to (the `corpus/` folder). */
  corpusRoot: string;
  principal: Principal;
}

export interface MetricTable {
  precision: Record<string, number>;
  recall: Record<string, number>;
  recallAtTokens: Record<string, number>;
  queries: number;
}

export interface RetrievalEvalReport extends MetricTable {
  mode: SearchMode;
  protocol: string;
  /** Questions without gold evidence (not averaged into the metrics). */
  withoutEvidence: number;
  /** Mean tokens of the first ten passages handed on; for inject, of the whole permitted corpus it sends. */
  meanContextTokens: number;
  latencyMs: { p50: number; p95: number; mean: number };
  slices: Record<string, MetricTable>;
}

/** How many passages a mode hands on as context (the "keep 10" of retrieve-then-rerank). */
export const CONTEXT_PASSAGES = 10;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

function accumulate(rows: Array<{ ranked: RankedPassage[]; gold: SpanRef[] }>): MetricTable {
  const n = rows.length || 1;
  const avg = (f: (r: { ranked: RankedPassage[]; gold: SpanRef[] }) => number) =>
    rows.reduce((s, r) => s + f(r), 0) / n;
  const table: MetricTable = { precision: {}, recall: {}, recallAtTokens: {}, queries: rows.length };
  for (const k of K_VALUES) {
    table.precision[k] = avg((r) => precisionAtK(r.ranked, r.gold, k));
    table.recall[k] = avg((r) => recallAtK(r.ranked, r.gold, k));
  }
  for (const t of TOKEN_BUDGETS) table.recallAtTokens[t] = avg((r) => recallAtTokens(r.ranked, r.gold, t));
  return table;
}

/**
 * Runs every question through the searcher as a user would (question text and principal only) and
 * scores the ranked passages against the gold spans in the coordinates of the original files.
 * Questions run one at a time through `searchAsync`, so model embedders and rerankers are awaited.
 */
export async function runRetrievalEval(
  deps: RetrievalEvalDeps,
  tests: BenchTest[],
  opts: {
    mode: SearchMode;
    protocol: string;
    k?: number;
    onProgress?: (done: number) => void;
    /** Receives each question's trace (ids, scores, versions; no document text). */
    onTrace?: (queryId: string, trace: QueryTrace) => void;
  },
): Promise<RetrievalEvalReport> {
  const k = opts.k ?? Math.max(...K_VALUES);
  const fileOf = corpusFileOf(deps.catalog, deps.corpusRoot);
  const textOf = cachedVersionText(deps.catalog);

  const rows: Array<{ ranked: RankedPassage[]; gold: SpanRef[]; category: string }> = [];
  const latencies: number[] = [];
  let contextTokens = 0;
  let withoutEvidence = 0;
  for (const [i, t] of tests.entries()) {
    const t0 = performance.now();
    const result = await deps.searcher.searchAsync(
      { query: t.query, principal: deps.principal, mode: opts.mode, k },
      textOf,
    );
    latencies.push(performance.now() - t0);
    opts.onTrace?.(t.query_id, result.trace);
    const ranked: RankedPassage[] = result.passages.map((p) => ({
      file: fileOf(p.documentId),
      start: p.start,
      end: p.end,
      tokens: p.tokens,
    }));
    // Inject hands over the whole permitted corpus: its footprint is that, not its first ten passages.
    contextTokens +=
      opts.mode === "inject"
        ? result.trace.contextTokens
        : ranked.slice(0, CONTEXT_PASSAGES).reduce((s, p) => s + p.tokens, 0);
    const gold = t.snippets.map((s) => ({ file: s.file_path, start: s.span[0], end: s.span[1] }));
    if (gold.length === 0) withoutEvidence += 1;
    else rows.push({ ranked, gold, category: t.category ?? "(none)" });
    opts.onProgress?.(i + 1);
  }

  const slices: Record<string, MetricTable> = {};
  for (const category of [...new Set(rows.map((r) => r.category))].sort()) {
    slices[category] = accumulate(rows.filter((r) => r.category === category));
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    mode: opts.mode,
    protocol: opts.protocol,
    ...accumulate(rows),
    withoutEvidence,
    meanContextTokens: tests.length ? contextTokens / tests.length : 0,
    latencyMs: {
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      mean: latencies.reduce((s, x) => s + x, 0) / (latencies.length || 1),
    },
    slices,
  };
}
