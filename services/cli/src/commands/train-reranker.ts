import { writeFileSync } from "node:fs";
import { LexnavError } from "@lexnav/core";
import { datasetsOf } from "@lexnav/eval";
import {
  candidatePlace,
  fitRerankWeights,
  RERANK_FEATURES,
  RERANK_WEIGHTS,
  type RerankCandidate,
  type RerankExample,
  type Reranker,
  type RerankWeights,
  rerankFeatures,
  rerankScore,
} from "@lexnav/retrieval";
import type { CliContext } from "../context.ts";
import { createProgress } from "../progress.ts";
import { EVAL_PRINCIPAL } from "./eval-store.ts";
import { foldOf, openTrainingBench, outOfFoldProbabilities } from "./train-folds.ts";
import { goldSpans, labelByGold } from "./train-labels.ts";

export interface TrainRerankerOptions {
  benches: string[];
  corpus: string;
  folds: number;
  json: boolean;
  out?: string;
  limit?: number;
}

/** How often the first candidate overlaps gold, and the mean reciprocal rank of the first that does. */
export interface RankFigures {
  hitAt1: number;
  mrr: number;
}

export interface TrainRerankerReport {
  /** Questions read; of those, the ones with located gold evidence; of those, the ones with gold in the pool. */
  questions: number;
  evidenced: number;
  reachable: number;
  folds: number;
  /** Over the reachable questions: the fused order, the shipped weights (`RERANK_WEIGHTS`), the fit out of fold. */
  heldOut: HeldOut;
  /** The same per data set ("natural" for a bench over several, else the shared bench's one). */
  byDataset: Record<string, HeldOut & { reachable: number }>;
  /** Fitted on every question. */
  weights: RerankWeights;
  out: string | null;
}

interface HeldOut {
  fused: RankFigures;
  shipped: RankFigures;
  fitted: RankFigures;
}

interface RerankQuestion extends RerankExample {
  fold: number;
  dataset: string;
}

/**
 * `lexnav train reranker`: fits the built-in reranker's weights (`fitRerankWeights`) on benchmark
 * questions with gold spans. Each question is searched as navembed-r4 searches it, and the pool its
 * reranker is handed (the fused order, 40 candidates) is recorded and labelled by gold overlap. Folds are
 * disjoint by deal (natural bench) or by the benchmark's document, so the figures are for questions the
 * fold's weights never saw; the weights written are fitted on every question.
 */
export async function trainRerankerCommand(ctx: CliContext, opts: TrainRerankerOptions): Promise<TrainRerankerReport> {
  if (!(Number.isInteger(opts.folds) && opts.folds >= 2))
    throw new LexnavError("invalid_argument", "--folds must be 2 or more");
  let pool: RerankCandidate[] | null = null;
  const recorder: Reranker = {
    id: "recorder",
    async rerank(_query, candidates) {
      pool = candidates;
      return candidates.map((_, i) => -i);
    },
  };
  const recording: CliContext = { ...ctx, models: { ...ctx.models, reranker: recorder } };
  const questions: RerankQuestion[] = [];
  let read = 0;
  let evidenced = 0;
  for (const bench of opts.benches) {
    const { stack, tests, text, fileOf, quoteText } = await openTrainingBench(recording, opts, "navembed-r4", bench);
    const sets = datasetsOf(tests);
    const dataset = sets.length === 1 ? (sets[0] as string) : "natural";
    try {
      const progress = createProgress(tests.length, ctx.stderr);
      for (const t of tests) {
        progress.tick("");
        read += 1;
        // a question whose quoted gold is found nowhere cannot label its candidates
        const { spans: gold, unlocated } = goldSpans(t.snippets, await quoteText(t.snippets));
        if (unlocated > 0 || gold.length === 0) continue;
        evidenced += 1;
        pool = null;
        await stack.searcher.search({ query: t.query, principal: EVAL_PRINCIPAL, mode: "navembed-r4", k: 10 }, text);
        const candidates: RerankCandidate[] = pool ?? [];
        if (candidates.length === 0) continue;
        const labels = await labelByGold(candidates.map(placeOfKey), gold, fileOf);
        if (!labels.includes(1)) continue;
        const key = t.scope ? JSON.stringify(t.scope) : t.doc;
        questions.push({ fold: foldOf(key, opts.folds), dataset, xs: rerankFeatures(t.query, candidates), labels });
      }
      progress.done();
    } finally {
      await stack.close();
    }
  }
  const score = (w: RerankWeights, q: RerankExample) => q.xs.map((x) => rerankScore(w, x));
  const fitted = outOfFoldProbabilities(questions, opts.folds, (train) => fitRerankWeights(train), score);
  const heldOut = (qs: readonly RerankQuestion[]): HeldOut => ({
    fused: rankFigures(
      qs,
      qs.map((q) => q.xs.map((_, i) => -i)),
    ),
    shipped: rankFigures(
      qs,
      qs.map((q) => score(RERANK_WEIGHTS, q)),
    ),
    fitted: rankFigures(
      qs,
      qs.map((q) => fitted.get(q) ?? []),
    ),
  });
  const byDataset = Object.fromEntries(
    [...new Set(questions.map((q) => q.dataset))].map((d) => {
      const qs = questions.filter((q) => q.dataset === d);
      return [d, { reachable: qs.length, ...heldOut(qs) }];
    }),
  );
  const weights = fitRerankWeights(questions);
  const report: TrainRerankerReport = {
    questions: read,
    evidenced,
    reachable: questions.length,
    folds: opts.folds,
    heldOut: heldOut(questions),
    byDataset,
    weights,
    out: opts.out ?? null,
  };
  if (opts.out) writeFileSync(opts.out, `${JSON.stringify(weights, null, 2)}\n`);
  ctx.out(opts.json ? JSON.stringify(report, null, 2) : renderRerankerReport(report));
  return report;
}

/** A pool candidate's document and span, from its key (`candidatePlace`). */
function placeOfKey(c: RerankCandidate): { item: { documentId: string }; start: number; end: number } {
  const place = candidatePlace(c.id);
  if (!place) throw new LexnavError("internal", `not a candidate key: ${c.id}`);
  return { item: { documentId: place.documentId }, start: place.start, end: place.end };
}

/** Hit at 1 and MRR of the first gold candidate when each question's candidates are ordered by `scores`. */
export function rankFigures(questions: readonly RerankExample[], scores: readonly (readonly number[])[]): RankFigures {
  let hit = 0;
  let rr = 0;
  questions.forEach((q, n) => {
    const s = scores[n] as readonly number[];
    // ties keep the fused order
    const order = q.labels.map((_, i) => i).sort((a, b) => (s[b] as number) - (s[a] as number) || a - b);
    const first = order.findIndex((i) => q.labels[i] === 1);
    if (first === 0) hit += 1;
    if (first >= 0) rr += 1 / (first + 1);
  });
  const n = questions.length || 1;
  return { hitAt1: hit / n, mrr: rr / n };
}

function renderRerankerReport(r: TrainRerankerReport): string {
  const pct = (v: number) => `${(100 * v).toFixed(1)} %`;
  const row = (name: string, f: RankFigures) =>
    `  ${name.padEnd(22)} ${pct(f.hitAt1).padStart(8)}   ${f.mrr.toFixed(3)}`;
  return [
    `questions with gold: ${r.evidenced}; a gold candidate in the reranker's pool: ${r.reachable}`,
    `held out (${r.folds} folds by deal or document), over those ${r.reachable}:`,
    `  ${"order".padEnd(22)} ${"gold first".padStart(8)}   MRR`,
    row("fused (hybrid)", r.heldOut.fused),
    row("shipped weights", r.heldOut.shipped),
    row("fitted", r.heldOut.fitted),
    ...Object.entries(r.byDataset).flatMap(([d, h]) =>
      Object.keys(r.byDataset).length < 2
        ? []
        : [
            `  ${d} (${h.reachable}):`,
            row("  fused (hybrid)", h.fused),
            row("  shipped weights", h.shipped),
            row("  fitted", h.fitted),
          ],
    ),
    `fitted on all: ${RERANK_FEATURES.map((f) => `${f} ${r.weights[f]}`).join(", ")}`,
    ...(r.out ? [`written to ${r.out}`] : []),
  ].join("\n");
}
