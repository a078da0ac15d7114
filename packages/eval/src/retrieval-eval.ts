import { join } from "node:path";
import { type Catalog, cachedVersionText } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import type { Principal, QueryTrace, Searcher, SearchMode } from "@lexnav/retrieval";
import { type BenchTest, corpusFileOf, sliceOf } from "./bench-file.ts";
import { chooseOccurrences, resolveGold } from "./domain/gold.ts";
import {
  K_VALUES,
  precisionAtK,
  type RankedPassage,
  recallAtK,
  recallAtTokens,
  type SpanRef,
  TOKEN_BUDGETS,
} from "./domain/span-metrics.ts";
import { LOSS_STAGES, type LossStage } from "./domain/triage.ts";
import { triageSpan } from "./triage-evidence.ts";

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
  /**
   * Per question, in milliseconds. The first question of a run also loads the models and opens the
   * stores: it is `first`, and the percentiles and mean are of the others (of it alone when it is the
   * only one). Over a half of 19 questions a p95 is the slowest question, so a cold start read as the
   * p95 of every small half.
   */
  latencyMs: { p50: number; p95: number; mean: number; first: number };
  /** Per question type (natural bench) or category (shared benches). */
  slices: Record<string, MetricTable>;
  /** Whether each question searched the whole readable corpus or only its deal's documents (`scope.files`). */
  scope: EvalScope;
  /** Gold quotes not found in the extracted text of their file (counted as missed evidence). */
  unlocatedQuotes: number;
  /**
   * With `triage`: questions with gold by the stage their evidence was lost at (`classifyEvidenceLoss`;
   * a question counts at the earliest stage any of its gold spans was lost at, `found` when every span
   * overlaps the top `CONTEXT_PASSAGES`).
   */
  triage?: Record<LossStage, number>;
}

/** One question's figures: recall at 1, 8 and 2,000 tokens (null without gold) and the files of its top 8. */
export interface RetrievalEvalRow {
  queryId: string;
  slice: string;
  /** With `triage`: the stage its evidence was lost at (absent without gold). */
  lostAt?: LossStage;
  recallAt1: number | null;
  recallAt8: number | null;
  recallAt2000Tokens: number | null;
  files: string[];
}

/** What each question searches: everything the principal may read, or only its deal's documents. */
export type EvalScope = "corpus" | "set";

/**
 * The corpus files of a question's deal as the store's document ids (the request scope `documentIds`);
 * a file the store does not hold is left out. Throws when the question names no deal.
 */
export async function scopeDocumentIds(
  catalog: Pick<Catalog, "findDocumentBySource">,
  corpusRoot: string,
  t: BenchTest,
): Promise<string[]> {
  if (!t.scope || t.scope.files.length === 0)
    throw new LexnavError("invalid_argument", `${t.query_id} has no scope.files: it cannot be scoped to its deal`);
  const ids: string[] = [];
  for (const f of t.scope.files) {
    const d = await catalog.findDocumentBySource(join(corpusRoot, f));
    if (d) ids.push(d.id);
  }
  return ids;
}

/**
 * The extracted text of a corpus file as the store holds it (its current version), memoised; null when
 * the file is not indexed. Gold quotes are located in it.
 */
export function corpusFileText(
  catalog: Pick<Catalog, "findDocumentBySource" | "getVersion">,
  corpusRoot: string,
): (file: string) => Promise<string | null> {
  const texts = new Map<string, Promise<string | null>>();
  return (file) => {
    let text = texts.get(file);
    if (!text) {
      text = (async () => {
        const d = await catalog.findDocumentBySource(join(corpusRoot, file));
        return d?.currentVersion ? ((await catalog.getVersion(d.id, d.currentVersion))?.text ?? null) : null;
      })();
      texts.set(file, text);
    }
    return text;
  };
}

/**
 * The texts of the files a question's snippets quote, read ahead, as the lookup `resolveGold` reads
 * them by (a snippet given as a span needs none).
 */
export async function snippetTexts(
  snippets: BenchTest["snippets"],
  fileText: (file: string) => string | null | Promise<string | null>,
): Promise<(file: string) => string | null> {
  const texts = new Map<string, string | null>();
  for (const s of snippets)
    if (!("span" in s) && !texts.has(s.file_path)) texts.set(s.file_path, await fileText(s.file_path));
  return (file) => texts.get(file) ?? null;
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
 * Questions run one at a time through `search`, so model embedders and rerankers are awaited.
 */
export async function runRetrievalEval(
  deps: RetrievalEvalDeps,
  tests: BenchTest[],
  opts: {
    mode: SearchMode;
    protocol: string;
    k?: number;
    /** `set`: each question searches only its deal's documents (`scope.files`). Default `corpus`. */
    scope?: EvalScope;
    onProgress?: (done: number) => void;
    /** Receives each question's trace (ids, scores, versions; no document text). */
    onTrace?: (queryId: string, trace: QueryTrace) => void;
    /** Receives each question's own figures (null recall: no gold evidence), for reading misses. */
    onRow?: (row: RetrievalEvalRow) => void;
    /** Classifies each question with gold by the stage its evidence was lost at (`report.triage`). */
    triage?: boolean;
  },
): Promise<RetrievalEvalReport> {
  const k = opts.k ?? Math.max(...K_VALUES);
  const fileOf = corpusFileOf(deps.catalog, deps.corpusRoot);
  const textOf = cachedVersionText(deps.catalog);
  const fileText = corpusFileText(deps.catalog, deps.corpusRoot);
  const scope = opts.scope ?? "corpus";
  let unlocatedQuotes = 0;

  const rows: Array<{ ranked: RankedPassage[]; gold: SpanRef[]; category: string }> = [];
  const latencies: number[] = [];
  let contextTokens = 0;
  let withoutEvidence = 0;
  const triage = opts.triage
    ? (Object.fromEntries(LOSS_STAGES.map((s) => [s, 0])) as Record<LossStage, number>)
    : undefined;
  for (const [i, t] of tests.entries()) {
    const t0 = performance.now();
    const result = await deps.searcher.search(
      {
        query: t.query,
        principal: deps.principal,
        mode: opts.mode,
        k,
        ...(scope === "set" ? { documentIds: await scopeDocumentIds(deps.catalog, deps.corpusRoot, t) } : {}),
      },
      textOf,
    );
    latencies.push(performance.now() - t0);
    opts.onTrace?.(t.query_id, result.trace);
    const ranked: RankedPassage[] = [];
    for (const p of result.passages)
      ranked.push({ file: await fileOf(p.documentId), start: p.start, end: p.end, tokens: p.tokens });
    // Inject hands over the whole permitted corpus: its footprint is that, not its first ten passages.
    contextTokens +=
      opts.mode === "inject"
        ? result.trace.contextTokens
        : ranked.slice(0, CONTEXT_PASSAGES).reduce((s, p) => s + p.tokens, 0);
    const located = resolveGold(t.snippets, await snippetTexts(t.snippets, fileText));
    unlocatedQuotes += located.filter((g) => g.occurrences.length === 0).length;
    const gold = chooseOccurrences(ranked, located);
    if (gold.length === 0) withoutEvidence += 1;
    else rows.push({ ranked, gold, category: sliceOf(t) });
    let lostAt: LossStage | undefined;
    if (triage && gold.length > 0) {
      // The cut a benchmark has no answer step after: the passages a mode hands on as context.
      const kept = result.passages.slice(0, CONTEXT_PASSAGES);
      const stages: LossStage[] = [];
      for (const [i, g] of gold.entries()) {
        const file = located[i]?.file ?? g.file;
        const documentId =
          (await deps.catalog.findDocumentBySource(join(deps.corpusRoot, file)))?.id ?? `unindexed:${file}`;
        const unlocated = (located[i]?.occurrences.length ?? 0) === 0;
        const span = { documentId, start: unlocated ? 0 : g.start, end: unlocated ? 0 : g.end };
        const ctx = { principal: deps.principal, search: result, kept, quoteUnlocated: unlocated };
        stages.push((await triageSpan(deps.catalog, span, ctx)).stage);
      }
      lostAt = LOSS_STAGES.find((s) => stages.includes(s)) ?? "found";
      triage[lostAt] += 1;
    }
    opts.onRow?.({
      queryId: t.query_id,
      slice: sliceOf(t),
      ...(lostAt ? { lostAt } : {}),
      recallAt1: gold.length ? recallAtK(ranked, gold, 1) : null,
      recallAt8: gold.length ? recallAtK(ranked, gold, 8) : null,
      recallAt2000Tokens: gold.length ? recallAtTokens(ranked, gold, 2000) : null,
      files: [...new Set(ranked.slice(0, 8).map((p) => p.file))],
    });
    opts.onProgress?.(i + 1);
  }

  const slices: Record<string, MetricTable> = {};
  for (const category of [...new Set(rows.map((r) => r.category))].sort()) {
    slices[category] = accumulate(rows.filter((r) => r.category === category));
  }
  const warm = latencies.length > 1 ? latencies.slice(1) : latencies;
  const sorted = [...warm].sort((a, b) => a - b);
  return {
    mode: opts.mode,
    protocol: opts.protocol,
    ...accumulate(rows),
    withoutEvidence,
    meanContextTokens: tests.length ? contextTokens / tests.length : 0,
    latencyMs: {
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      mean: warm.reduce((s, x) => s + x, 0) / (warm.length || 1),
      first: latencies[0] ?? 0,
    },
    slices,
    scope,
    unlocatedQuotes,
    ...(triage ? { triage } : {}),
  };
}
