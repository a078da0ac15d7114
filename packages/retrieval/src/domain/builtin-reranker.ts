import { LexnavError, sha256Hex } from "@lexnav/core";
import { featureWords } from "../embedders/text-features.ts";
import type { RerankCandidate, Reranker } from "../ports/reranker.ts";
import { contentWords, flagIntents, parseQuestion } from "./question.ts";

/**
 * What the built-in reranker reads of each candidate, each a number from 0 to 1:
 * - `prior`: its place in the fused ranking (1 / (1 + place / 10)), so reranking reorders, it does not
 *   start over;
 * - `coverage`: the question's words it carries, a word weighing more the fewer candidates carry it;
 * - `proximity`: how close together they sit;
 * - `pairs`: the question's adjacent word pairs it writes adjacent ("governing law", "change of control");
 * - `heading`: the question's words its provision's heading names;
 * - `intent`: the provision's flags that match what the question asks for (an amount, a date, a rate, a
 *   cap, a definition, a condition);
 * - `recital`: it is a recital ("WHEREAS …", under "Recitals"), which introduces the operative clause a
 *   question asks for rather than stating it;
 * - `toc`: it is an entry of a table of contents, or an index line that names a provision;
 * - `definitionUnasked`: it is a definition and the question asks for none;
 * - `short`: it holds fewer than eight words (a heading alone, a caption, a signature line);
 * - `lexical`, `dense`: its best place in the word rankings (in the routed documents or the whole corpus)
 *   and in the meaning rankings before they were fused (1 / (1 + (rank − 1) / 10), 0 when it was not in one).
 */
export const RERANK_FEATURES = [
  "prior",
  "coverage",
  "proximity",
  "pairs",
  "heading",
  "intent",
  "recital",
  "toc",
  "definitionUnasked",
  "short",
  "lexical",
  "dense",
] as const;
export type RerankFeature = (typeof RERANK_FEATURES)[number];
export type RerankWeights = Record<RerankFeature, number>;

/**
 * The built-in reranker's weights, fitted by `lexnav train reranker` (`fitRerankWeights`) on the seven
 * natural tuning halves (`test/bench/natural`: tune, fresh, fresh2, nid-tune, amend-tune, def-tune,
 * fact-tune) and the first 400 CUAD dev questions, on the whole-corpus store with MiniLM (2026-12-05;
 * docs/retrieval.md, "A reranker fitted on gold"). Held out by deal, gold came first for 61.4 % of the
 * questions with gold in the pool, against 59.1 % in the fused order and 57.7 % with the hand-set weights
 * (prior 2, coverage 0.1, proximity 0.1, heading 0.3, intent 0.3, set on the first 400 CUAD dev questions).
 */
export const RERANK_WEIGHTS: RerankWeights = {
  prior: 2,
  coverage: 2.8208,
  proximity: 0.1656,
  pairs: 0.1311,
  heading: 0.4453,
  intent: 0.7409,
  recital: -0.5704,
  toc: 0,
  definitionUnasked: -0.2543,
  short: -1.267,
  lexical: 1.7309,
  dense: 0.9258,
};

const RECITAL = /^\s*(?:whereas\b|recitals?\b)/i;

/** Each candidate's features, in `RERANK_FEATURES` order, for `query` (the candidates in fused order). */
export function rerankFeatures(query: string, candidates: readonly RerankCandidate[]): number[][] {
  const { ask } = parseQuestion(query);
  const terms = contentWords(ask);
  if (terms.length === 0) return candidates.map((_, i) => RERANK_FEATURES.map((f) => (f === "prior" ? prior(i) : 0)));
  const intents = flagIntents(ask);
  const asksDefinition = intents.includes("isDefinition");
  const askedPairs = pairsOf(featureWords(ask));
  const words = candidates.map((c) => featureWords(c.text));
  // A word that most candidates carry tells them apart less: weigh by candidate frequency.
  const df = new Map<string, number>();
  for (const ws of words) for (const t of new Set(ws)) df.set(t, (df.get(t) ?? 0) + 1);
  const weight = (t: string) => Math.log(1 + (candidates.length + 1) / (1 + (df.get(t) ?? 0)));
  const total = terms.reduce((s, t) => s + weight(t), 0) || 1;
  return candidates.map((c, i) => {
    const ws = words[i] as string[];
    const present = new Set(ws);
    const headingWords = new Set(featureWords(c.heading));
    const written = pairsOf(ws);
    const values: Record<RerankFeature, number> = {
      prior: prior(i),
      coverage: terms.reduce((s, t) => s + (present.has(t) ? weight(t) : 0), 0) / total,
      proximity: proximity(ws, terms),
      pairs: askedPairs.size === 0 ? 0 : [...askedPairs].filter((p) => written.has(p)).length / askedPairs.size,
      heading: terms.filter((t) => headingWords.has(t)).length / terms.length,
      intent: c.flags && intents.length > 0 ? intents.filter((f) => c.flags?.[f]).length / intents.length : 0,
      recital: RECITAL.test(c.text) || /\brecitals?\b/i.test(c.heading) ? 1 : 0,
      toc: c.flags?.isTocEntry ? 1 : 0,
      definitionUnasked: c.flags?.isDefinition && !asksDefinition ? 1 : 0,
      short: ws.length < 8 ? 1 : 0,
      lexical: stagePrior(c, LEXICAL_STAGES),
      dense: stagePrior(c, DENSE_STAGES),
    };
    return RERANK_FEATURES.map((f) => values[f]);
  });
}

/**
 * The built-in reranker: a deterministic linear scorer over each candidate's `rerankFeatures`, its
 * weights fitted by `lexnav train reranker` (`fitRerankWeights`) or set by hand. Its id names the weights
 * (traces and the rerank service report it): "builtin-rerank-2" with the shipped ones, else with a hash of
 * those given. ("builtin-rerank-1" was the five hand-set weights.)
 */
export function createBuiltinReranker(weights: RerankWeights = RERANK_WEIGHTS): Reranker {
  const w = RERANK_FEATURES.map((f) => weights[f]);
  const shipped = RERANK_FEATURES.every((f) => weights[f] === RERANK_WEIGHTS[f]);
  return {
    id: shipped ? "builtin-rerank-2" : `builtin-rerank-2-${sha256Hex(JSON.stringify(w)).slice(0, 8)}`,
    async rerank(query: string, candidates: RerankCandidate[]): Promise<number[]> {
      if (contentWords(parseQuestion(query).ask).length === 0 || candidates.length === 0)
        return candidates.map(() => 0);
      return rerankFeatures(query, candidates).map((x) => rerankScore(weights, x));
    },
  };
}

/**
 * Weights read from a `lexnav train reranker --out` file's JSON: every feature a finite number, no other
 * key. A file of another version of the features is refused with what is missing or unknown, never read in
 * part (a missing weight would silently be 0).
 */
export function parseRerankWeights(json: string, source = "the reranker weights"): RerankWeights {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (e) {
    throw new LexnavError("invalid_argument", `${source} are not JSON: ${(e as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new LexnavError("invalid_argument", `${source} are not an object of feature weights`);
  const given = value as Record<string, unknown>;
  const missing = RERANK_FEATURES.filter((f) => !(f in given));
  const unknown = Object.keys(given).filter((k) => !(RERANK_FEATURES as readonly string[]).includes(k));
  const bad = RERANK_FEATURES.filter((f) => f in given && !Number.isFinite(given[f]));
  if (missing.length + unknown.length + bad.length > 0)
    throw new LexnavError(
      "invalid_argument",
      `${source} do not fit this reranker (${[
        missing.length ? `missing ${missing.join(", ")}` : "",
        unknown.length ? `unknown ${unknown.slice(0, 5).join(", ")}` : "",
        bad.length ? `not a finite number: ${bad.join(", ")}` : "",
      ]
        .filter(Boolean)
        .join("; ")}); write them again with lexnav train reranker`,
    );
  return Object.fromEntries(RERANK_FEATURES.map((f) => [f, given[f] as number])) as RerankWeights;
}

/** A candidate's score: its features (`rerankFeatures` order) weighed by `weights`. */
export function rerankScore(weights: RerankWeights, x: readonly number[]): number {
  return RERANK_FEATURES.reduce((s, f, j) => s + (x[j] as number) * weights[f], 0);
}

/** One question's candidates for a fit: their features and whether each overlaps gold evidence. */
export interface RerankExample {
  xs: readonly number[][];
  labels: readonly (0 | 1)[];
}

/**
 * Pairwise logistic regression (RankNet's loss on a linear scorer): for every question, each candidate
 * that overlaps gold should score above each that does not. Features are standardised for the descent
 * and the weights returned in their own units, scaled so that `prior` keeps its hand-set weight (the
 * scale of the scores stays that of the rank prior). Questions without both kinds of candidate teach nothing.
 */
export function fitRerankWeights(
  examples: readonly RerankExample[],
  opts: { iterations?: number; learningRate?: number; l2?: number; maxPairs?: number } = {},
): RerankWeights {
  const k = RERANK_FEATURES.length;
  const pairs: number[][] = [];
  const maxPairs = opts.maxPairs ?? 200;
  for (const e of examples) {
    const pos = e.xs.filter((_, i) => e.labels[i] === 1);
    const neg = e.xs.filter((_, i) => e.labels[i] === 0);
    const mine: number[][] = [];
    for (const p of pos) for (const n of neg) mine.push(p.map((v, j) => v - (n[j] as number)));
    // every question weighs alike: a long one gives at most `maxPairs`, evenly spread
    const step = Math.max(1, mine.length / maxPairs);
    for (let t = 0; t < mine.length; t += step) pairs.push(mine[Math.floor(t)] as number[]);
  }
  const sd = new Float64Array(k);
  for (const d of pairs) for (let j = 0; j < k; j++) sd[j] = (sd[j] as number) + (d[j] as number) ** 2 / pairs.length;
  for (let j = 0; j < k; j++) sd[j] = Math.sqrt(sd[j] as number) || 1;
  const w = new Float64Array(k);
  const iterations = opts.iterations ?? 500;
  const lr = opts.learningRate ?? 0.5;
  const l2 = opts.l2 ?? 1e-3;
  for (let it = 0; it < iterations && pairs.length > 0; it++) {
    const g = new Float64Array(k);
    for (const d of pairs) {
      let s = 0;
      for (let j = 0; j < k; j++) s += ((w[j] as number) * (d[j] as number)) / (sd[j] as number);
      const err = 1 / (1 + Math.exp(-s)) - 1;
      for (let j = 0; j < k; j++) g[j] = (g[j] as number) + (err * (d[j] as number)) / (sd[j] as number);
    }
    for (let j = 0; j < k; j++)
      w[j] = (w[j] as number) - lr * ((g[j] as number) / pairs.length + l2 * (w[j] as number));
  }
  // Scaled so the rank prior keeps its hand-set weight (a positive prior weight is what was learnt).
  const raw = RERANK_FEATURES.map((_, j) => (w[j] as number) / (sd[j] as number));
  const p = raw[RERANK_FEATURES.indexOf("prior")] as number;
  const scale = p > 0 ? RERANK_WEIGHTS.prior / p : 1;
  return Object.fromEntries(
    RERANK_FEATURES.map((f, j) => [f, Number(((raw[j] as number) * scale).toFixed(4))]),
  ) as RerankWeights;
}

const prior = (i: number) => 1 / (1 + i / 10);

const LEXICAL_STAGES = new Set(["lexical", "corpus"]);
const DENSE_STAGES = new Set(["dense", "corpus-dense"]);

/** The rank prior of a candidate's best place in the given retrieval stages (0: none ranked it). */
function stagePrior(c: RerankCandidate, stages: ReadonlySet<string>): number {
  // rank 0 is "not ranked there" (the StageScore convention); the best is read in a loop, not a spread
  let best = Number.POSITIVE_INFINITY;
  for (const s of c.stages ?? []) if (stages.has(s.stage) && s.rank >= 1 && s.rank < best) best = s.rank;
  return best === Number.POSITIVE_INFINITY ? 0 : prior(best - 1);
}

/** The adjacent pairs of a word sequence, as "a b". */
function pairsOf(words: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) out.add(`${words[i]} ${words[i + 1]}`);
  return out;
}

/** 1 / (1 + span / matched) of the shortest window holding the most distinct question words (0 when < 2). */
function proximity(words: string[], terms: string[]): number {
  const wanted = new Set(terms);
  const positions: Array<[number, string]> = [];
  words.forEach((w, i) => {
    if (wanted.has(w)) positions.push([i, w]);
  });
  const distinct = new Set(positions.map(([, w]) => w)).size;
  if (distinct < 2) return 0;
  const counts = new Map<string, number>();
  let have = 0;
  let best = Number.POSITIVE_INFINITY;
  let lo = 0;
  for (let hi = 0; hi < positions.length; hi++) {
    const w = (positions[hi] as [number, string])[1];
    counts.set(w, (counts.get(w) ?? 0) + 1);
    if (counts.get(w) === 1) have++;
    while (have === distinct) {
      best = Math.min(best, (positions[hi] as [number, string])[0] - (positions[lo] as [number, string])[0] + 1);
      const lw = (positions[lo] as [number, string])[1];
      counts.set(lw, (counts.get(lw) ?? 0) - 1);
      if (counts.get(lw) === 0) have--;
      lo++;
    }
  }
  return distinct / (distinct + Math.max(0, best - distinct));
}
