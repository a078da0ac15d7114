import { DEFAULT_PRICE_CARD, type PriceCard } from "./ledger.ts";

/**
 * The token shape of a workload. `corpusTokens` (C): the whole permitted corpus, sent by inject as a
 * cached prefix. `payloadTokens` (R): the extract a retrieval mode sends per query, uncached.
 * `indexTokens` (I): the compact navindex, the planner's cached prefix. `selectedTokens` (S): the
 * provisions navindex fetches per query (R when not given). Question and output tokens are the same
 * for every mode; they shift every curve alike and default to 0.
 */
export interface Workload {
  corpusTokens: number;
  payloadTokens: number;
  indexTokens?: number;
  selectedTokens?: number;
  questionTokens?: number;
  outputTokens?: number;
}

/** When the cache is rewritten: never after the first query, or every `every` queries (expiry between bursts). */
export type CacheRegime = { kind: "warm" } | { kind: "expires"; every: number };

export interface Crossover {
  /** Inject is cheaper than navembed while C is below this (warm cache: R·p_in/p_read). */
  injectVsNavembed: number;
  /** The same with a cold cache on every query (R·p_in/p_write). */
  injectVsNavembedCold: number;
  /** Inject is cheaper than navindex while C is below this (warm: I + S·p_in/p_read); null without I. */
  injectVsNavindex: number | null;
  /** Which is cheaper per warm query at the given C. */
  cheaperWarm: { versusNavembed: "inject" | "navembed"; versusNavindex: "inject" | "navindex" | null };
}

export interface CostPoint {
  queries: number;
  inject: number;
  navembed: number;
  navindex: number | null;
}

export interface CostReport {
  workload: Required<Omit<Workload, "indexTokens">> & { indexTokens: number | null };
  priceCard: PriceCard;
  crossover: Crossover;
  /** Dollars of one query once the cache is warm. */
  perWarmQuery: { inject: number; navembed: number; navindex: number | null };
  /** Cumulative dollars after n queries, cache warm after the first write. */
  warm: CostPoint[];
  /** Cumulative dollars after n queries when the cache expires every `expiry.every` queries. */
  expiring: CostPoint[];
  expiryEvery: number;
}

const M = 1_000_000;

/** The break-even corpus sizes of inject against the retrieval modes (pure arithmetic on the price card). */
export function crossover(w: Workload, card: PriceCard = DEFAULT_PRICE_CARD): Crossover {
  const s = w.selectedTokens ?? w.payloadTokens;
  const injectVsNavembed = (w.payloadTokens * card.input) / card.cacheRead;
  const injectVsNavindex = w.indexTokens === undefined ? null : w.indexTokens + (s * card.input) / card.cacheRead;
  return {
    injectVsNavembed,
    injectVsNavembedCold: (w.payloadTokens * card.input) / card.cacheWrite,
    injectVsNavindex,
    cheaperWarm: {
      versusNavembed: w.corpusTokens < injectVsNavembed ? "inject" : "navembed",
      versusNavindex: injectVsNavindex === null ? null : w.corpusTokens < injectVsNavindex ? "inject" : "navindex",
    },
  };
}

/** Dollars of query number `i` (1-based) of each mode under a cache regime. */
export function queryCost(
  i: number,
  w: Workload,
  regime: CacheRegime,
  card: PriceCard = DEFAULT_PRICE_CARD,
): { inject: number; navembed: number; navindex: number | null } {
  const cold = i === 1 || (regime.kind === "expires" && (i - 1) % Math.max(1, regime.every) === 0);
  const prefix = (tokens: number) => (tokens * (cold ? card.cacheWrite : card.cacheRead)) / M;
  const q = w.questionTokens ?? 0;
  const o = ((w.outputTokens ?? 0) * card.output) / M;
  const s = w.selectedTokens ?? w.payloadTokens;
  return {
    inject: prefix(w.corpusTokens) + (q * card.input) / M + o,
    navembed: ((w.payloadTokens + q) * card.input) / M + o,
    navindex: w.indexTokens === undefined ? null : prefix(w.indexTokens) + ((s + q) * card.input) / M + o,
  };
}

/** Cumulative dollars of each mode after each n in `at`. */
export function costCurve(
  w: Workload,
  regime: CacheRegime,
  at: readonly number[],
  card: PriceCard = DEFAULT_PRICE_CARD,
): CostPoint[] {
  const max = Math.max(0, ...at);
  const wanted = new Set(at);
  const out: CostPoint[] = [];
  let inject = 0;
  let navembed = 0;
  let navindex: number | null = w.indexTokens === undefined ? null : 0;
  for (let i = 1; i <= max; i++) {
    const c = queryCost(i, w, regime, card);
    inject += c.inject;
    navembed += c.navembed;
    if (navindex !== null && c.navindex !== null) navindex += c.navindex;
    if (wanted.has(i)) out.push({ queries: i, inject, navembed, navindex });
  }
  return out;
}

export const DEFAULT_CURVE_POINTS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/** Everything `lexnav cost` prints: crossover, warm per-query cost and both cumulative curves. */
export function costReport(
  w: Workload,
  options: { card?: PriceCard; expiryEvery?: number; points?: readonly number[] } = {},
): CostReport {
  const card = options.card ?? DEFAULT_PRICE_CARD;
  const points = options.points ?? DEFAULT_CURVE_POINTS;
  const every = options.expiryEvery ?? 1;
  const warmQuery = queryCost(2, w, { kind: "warm" }, card);
  return {
    workload: {
      corpusTokens: w.corpusTokens,
      payloadTokens: w.payloadTokens,
      indexTokens: w.indexTokens ?? null,
      selectedTokens: w.selectedTokens ?? w.payloadTokens,
      questionTokens: w.questionTokens ?? 0,
      outputTokens: w.outputTokens ?? 0,
    },
    priceCard: card,
    crossover: crossover(w, card),
    perWarmQuery: warmQuery,
    warm: costCurve(w, { kind: "warm" }, points, card),
    expiring: costCurve(w, { kind: "expires", every }, points, card),
    expiryEvery: every,
  };
}
