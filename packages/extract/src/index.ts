export type { ExtractFailure, ExtractOutcome, ParseInput, Parser } from "./parser.ts";
export { assessQuality } from "./quality.ts";
export type { QualityInput } from "./quality.ts";
