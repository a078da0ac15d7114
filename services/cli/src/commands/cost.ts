import { type CostPoint, type CostReport, costReport, type PriceCard, priceCardOf, usd } from "@lexnav/answer";
import { LexnavError } from "@lexnav/core";
import type { CliContext } from "../context.ts";

export interface CostOptions {
  corpusTokens: string | undefined;
  payloadTokens: string | undefined;
  indexTokens?: string;
  selectedTokens?: string;
  questionTokens?: string;
  outputTokens?: string;
  expireEvery?: string;
  json: boolean;
}

function count(name: string, v: string | undefined, required: true): number;
function count(name: string, v: string | undefined, required: false): number | undefined;
function count(name: string, v: string | undefined, required: boolean): number | undefined {
  if (v === undefined) {
    if (required) throw new LexnavError("invalid_argument", `cost needs --${name} <tokens>`);
    return undefined;
  }
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || !Number.isInteger(n))
    throw new LexnavError("invalid_argument", `--${name} must be a whole number of tokens, got "${v}"`);
  return n;
}

/**
 * `lexnav cost`: where inject stops being cheaper than the retrieval modes, and what n queries cost
 * in each mode with a warm cache and with a cache that expires every m queries.
 */
export function costCommand(ctx: CliContext, opts: CostOptions): CostReport {
  const indexTokens = count("index-tokens", opts.indexTokens, false);
  const selectedTokens = count("selected-tokens", opts.selectedTokens, false);
  const questionTokens = count("question-tokens", opts.questionTokens, false);
  const outputTokens = count("output-tokens", opts.outputTokens, false);
  const expiryEvery = count("expire-every", opts.expireEvery, false);
  if (expiryEvery === 0) throw new LexnavError("invalid_argument", "--expire-every must be at least 1 query");
  const card: PriceCard = priceCardOf(ctx.config);
  const report = costReport(
    {
      corpusTokens: count("corpus-tokens", opts.corpusTokens, true),
      payloadTokens: count("payload-tokens", opts.payloadTokens, true),
      ...(indexTokens !== undefined ? { indexTokens } : {}),
      ...(selectedTokens !== undefined ? { selectedTokens } : {}),
      ...(questionTokens !== undefined ? { questionTokens } : {}),
      ...(outputTokens !== undefined ? { outputTokens } : {}),
    },
    { card, ...(expiryEvery !== undefined ? { expiryEvery } : {}) },
  );
  if (opts.json) {
    ctx.out(JSON.stringify(report, null, 2));
    return report;
  }
  const w = report.workload;
  const c = report.crossover;
  const tok = (n: number) => Math.round(n).toLocaleString("en-US");
  const lines = [
    `price card (USD per million tokens): input ${card.input}, cache write ${card.cacheWrite}, cache read ${card.cacheRead}, output ${card.output}`,
    `workload: corpus C=${tok(w.corpusTokens)}, payload R=${tok(w.payloadTokens)}${w.indexTokens !== null ? `, index I=${tok(w.indexTokens)}, selected S=${tok(w.selectedTokens)}` : ""} tokens`,
    "",
    `inject vs navembed: inject is cheaper (warm cache) while C < R·p_in/p_read = ${tok(c.injectVsNavembed)} tokens -> ${c.cheaperWarm.versusNavembed} is cheaper here`,
    `                    with a cold cache on every query while C < R·p_in/p_write = ${tok(c.injectVsNavembedCold)} tokens`,
    ...(c.injectVsNavindex !== null
      ? [
          `inject vs navindex: inject is cheaper (warm cache) while C < I + S·p_in/p_read = ${tok(c.injectVsNavindex)} tokens -> ${c.cheaperWarm.versusNavindex} is cheaper here`,
        ]
      : []),
    "",
    `one warm query: inject ${usd(report.perWarmQuery.inject)}, navembed ${usd(report.perWarmQuery.navembed)}${report.perWarmQuery.navindex !== null ? `, navindex ${usd(report.perWarmQuery.navindex)}` : ""}`,
    "",
    "cumulative dollars, cache written once:",
    ...curve(report.warm),
    "",
    `cumulative dollars, cache expired and rewritten every ${report.expiryEvery} ${report.expiryEvery === 1 ? "query" : "queries"}:`,
    ...curve(report.expiring),
  ];
  ctx.out(lines.join("\n"));
  return report;
}

function curve(points: CostPoint[]): string[] {
  const rows = [["queries", "inject", "navembed", "navindex"]];
  for (const p of points)
    rows.push([String(p.queries), usd(p.inject), usd(p.navembed), p.navindex === null ? "-" : usd(p.navindex)]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) => `  ${r.map((x, i) => x.padStart(widths[i] ?? 0)).join("  ")}`);
}
