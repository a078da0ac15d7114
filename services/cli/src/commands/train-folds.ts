import { cachedVersionNode, cachedVersionText } from "@lexnav/catalog";
import { LexnavError, sha256Hex } from "@lexnav/core";
import { corpusFileOf, corpusFileText, snippetTexts } from "@lexnav/eval";
import { SEARCH_MODES, type SearchMode } from "@lexnav/retrieval";
import type { CliContext } from "../context.ts";
import { DENSE_MODES } from "./eval-retrieval.ts";
import { type EvalStore, openEvalStore } from "./eval-store.ts";

/** What every `lexnav train evidence` fit is given: a retrieval mode, passages per question, folds. */
export interface FoldedTrainingOptions {
  mode: string;
  k: number;
  folds: number;
}

/** The retrieval mode of a fit, once its mode, k and folds are checked; bad input fails with the reason. */
export function checkFoldedTraining(opts: FoldedTrainingOptions): SearchMode {
  if (!SEARCH_MODES.includes(opts.mode as SearchMode) || opts.mode === "inject")
    throw new LexnavError("invalid_argument", `train evidence needs a retrieval mode (not "${opts.mode}")`);
  if (!(Number.isInteger(opts.k) && opts.k > 0 && opts.k <= 100))
    throw new LexnavError("invalid_argument", "--k must be a whole number from 1 to 100");
  if (!(Number.isInteger(opts.folds) && opts.folds >= 2))
    throw new LexnavError("invalid_argument", "--folds must be 2 or more");
  return opts.mode as SearchMode;
}

/** A bench's store opened for a fit, with the readers every fit uses; the caller closes `stack`. */
export interface TrainingBench extends Pick<EvalStore, "stack" | "tests"> {
  text: ReturnType<typeof cachedVersionText>;
  node: ReturnType<typeof cachedVersionNode>;
  /** The benchmark file of a document id, for labelling candidates by gold spans. */
  fileOf: ReturnType<typeof corpusFileOf>;
  /** The extracted text of a corpus file, to find a quoted gold snippet in (null when not in the store). */
  quoteText: (snippets: TrainingBench["tests"][number]["snippets"]) => Promise<(file: string) => string | null>;
}

/** Opens `bench`'s evaluation store (full protocol, the dense index when `mode` needs it) for a fit. */
export async function openTrainingBench(
  ctx: CliContext,
  opts: { corpus: string; limit?: number; storeDir?: string },
  mode: SearchMode,
  bench: string,
): Promise<TrainingBench> {
  const { stack, tests, corpusRoot } = await openEvalStore(ctx, {
    bench,
    corpus: opts.corpus,
    protocol: "full",
    dense: DENSE_MODES.includes(mode),
    ...(opts.limit ? { limit: opts.limit } : {}),
    ...(opts.storeDir ? { storeDir: opts.storeDir } : {}),
  });
  return {
    stack,
    tests,
    text: cachedVersionText(stack.catalog),
    node: cachedVersionNode(stack.catalog),
    fileOf: corpusFileOf(stack.catalog, corpusRoot),
    quoteText: (() => {
      const fileText = corpusFileText(stack.catalog, corpusRoot);
      return (snippets) => snippetTexts(snippets, fileText);
    })(),
  };
}

/**
 * A question's fold from `key`, what no two folds may share (its contract, its deal, its wording): the
 * same key always lands in the same fold, whatever else the bench holds.
 */
export function foldOf(key: string, folds: number): number {
  return Number.parseInt(sha256Hex(key).slice(0, 8), 16) % folds;
}

/**
 * Out-of-fold probabilities: for each fold, a model fitted (`fit`) on the other folds' questions scores
 * (`score`) each of this fold's candidates, so every figure is for questions the model never saw.
 */
export function outOfFoldProbabilities<Q extends { fold: number }, M>(
  questions: readonly Q[],
  folds: number,
  fit: (train: Q[], fold: number) => M,
  score: (model: M, question: Q) => number[],
): Map<Q, number[]> {
  const probs = new Map<Q, number[]>();
  for (let f = 0; f < folds; f++) {
    const model = fit(
      questions.filter((q) => q.fold !== f),
      f,
    );
    for (const q of questions.filter((x) => x.fold === f)) probs.set(q, score(model, q));
  }
  return probs;
}
