import { DEFAULT_MODEL_PRICES } from "@lexnav/core";

/** Dollars per million tokens for each kind of token a Messages API call bills. */
export interface PriceCard {
  input: number;
  cacheWrite: number;
  cacheRead: number;
  output: number;
}

/**
 * The default card (USD per million tokens: Claude Sonnet 4.x list prices, the card the paper's ratios
 * were computed with); the configured model's published prices or LEXNAV_PRICE_* replace it in use.
 */
export const DEFAULT_PRICE_CARD: PriceCard = { ...DEFAULT_MODEL_PRICES };

/**
 * Tokens one model call used (mirrors lexnav.ledger.v1.TokenLedgerEntry, with the cache split in two:
 * a cache write and a cache read are billed differently). `inputTokens` are the uncached input tokens.
 */
export interface LedgerEntry {
  /** Stage that called the model: "plan", "answer", "judge", ... */
  stage: string;
  model: string;
  inputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  outputTokens: number;
}

/** Dollars for each token column of an entry, kept apart from the token counts themselves. */
export interface LedgerDollars {
  input: number;
  cacheWrite: number;
  cacheRead: number;
  output: number;
  total: number;
}

/** Every call of a query (or a run) with its totals: the token footprint and the dollar cost side by side. */
export interface TokenLedger {
  entries: LedgerEntry[];
  tokens: { input: number; cacheWrite: number; cacheRead: number; output: number; total: number };
  dollars: LedgerDollars;
  priceCard: PriceCard;
}

/** The dollars an entry costs under `card`. */
export function entryDollars(entry: LedgerEntry, card: PriceCard = DEFAULT_PRICE_CARD): LedgerDollars {
  const m = 1_000_000;
  const input = (entry.inputTokens * card.input) / m;
  const cacheWrite = (entry.cacheWriteTokens * card.cacheWrite) / m;
  const cacheRead = (entry.cacheReadTokens * card.cacheRead) / m;
  const output = (entry.outputTokens * card.output) / m;
  return { input, cacheWrite, cacheRead, output, total: input + cacheWrite + cacheRead + output };
}

/** Sums entries (of one query, or of every query of a run) into a ledger. */
export function buildLedger(entries: readonly LedgerEntry[], card: PriceCard = DEFAULT_PRICE_CARD): TokenLedger {
  const tokens = { input: 0, cacheWrite: 0, cacheRead: 0, output: 0, total: 0 };
  const dollars: LedgerDollars = { input: 0, cacheWrite: 0, cacheRead: 0, output: 0, total: 0 };
  for (const e of entries) {
    tokens.input += e.inputTokens;
    tokens.cacheWrite += e.cacheWriteTokens;
    tokens.cacheRead += e.cacheReadTokens;
    tokens.output += e.outputTokens;
    const d = entryDollars(e, card);
    dollars.input += d.input;
    dollars.cacheWrite += d.cacheWrite;
    dollars.cacheRead += d.cacheRead;
    dollars.output += d.output;
  }
  tokens.total = tokens.input + tokens.cacheWrite + tokens.cacheRead + tokens.output;
  dollars.total = dollars.input + dollars.cacheWrite + dollars.cacheRead + dollars.output;
  return { entries: [...entries], tokens, dollars, priceCard: card };
}

/** Merges per-query ledgers into the ledger of a run. */
export function mergeLedgers(ledgers: readonly TokenLedger[], card: PriceCard = DEFAULT_PRICE_CARD): TokenLedger {
  return buildLedger(
    ledgers.flatMap((l) => l.entries),
    card,
  );
}

/** A fixed-width table: one row per entry plus the total; token columns first, dollar columns after. */
export function formatLedger(ledger: TokenLedger): string {
  const head = [
    "stage",
    "model",
    "input",
    "cache-write",
    "cache-read",
    "output",
    "$input",
    "$write",
    "$read",
    "$output",
    "$total",
  ];
  const row = (e: LedgerEntry) => {
    const d = entryDollars(e, ledger.priceCard);
    return [
      e.stage,
      e.model,
      String(e.inputTokens),
      String(e.cacheWriteTokens),
      String(e.cacheReadTokens),
      String(e.outputTokens),
      usd(d.input),
      usd(d.cacheWrite),
      usd(d.cacheRead),
      usd(d.output),
      usd(d.total),
    ];
  };
  const t = ledger.tokens;
  const d = ledger.dollars;
  const rows = [
    head,
    ...ledger.entries.map(row),
    [
      "total",
      "",
      String(t.input),
      String(t.cacheWrite),
      String(t.cacheRead),
      String(t.output),
      usd(d.input),
      usd(d.cacheWrite),
      usd(d.cacheRead),
      usd(d.output),
      usd(d.total),
    ],
  ];
  const widths = head.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** Dollars with enough digits for sub-cent query costs. */
export function usd(x: number): string {
  return `$${x.toFixed(x !== 0 && Math.abs(x) < 0.01 ? 6 : 4)}`;
}
