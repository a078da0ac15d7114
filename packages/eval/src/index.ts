export type { RankedPassage, SpanRef } from "./domain/span-metrics.ts";
export {
  K_VALUES,
  overlapStats,
  precisionAtK,
  recallAtK,
  recallAtTokens,
  TOKEN_BUDGETS,
} from "./domain/span-metrics.ts";
