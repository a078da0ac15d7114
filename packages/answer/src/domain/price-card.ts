import type { LexnavConfig } from "@lexnav/core";
import { DEFAULT_PRICE_CARD, type PriceCard } from "./ledger.ts";

/** The price card the configuration names (the default card when the config has no answer settings). */
export function priceCardOf(config: Pick<LexnavConfig, "answer">): PriceCard {
  return config.answer ? { ...config.answer.prices } : { ...DEFAULT_PRICE_CARD };
}
