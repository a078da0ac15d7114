export { ERROR_CODES, LexnavError, isLexnavError, toLexnavError } from "./errors.ts";
export type { ErrorCode, LexnavErrorOptions } from "./errors.ts";
export { err, ok } from "./result.ts";
export type { Result } from "./result.ts";
export { sha256Hex, stableId } from "./hash.ts";
export { DEFAULT_LIMITS, configSchema, loadConfig } from "./config.ts";
export type { IngestLimits, LexnavConfig } from "./config.ts";
export { createLogger, silentLogger } from "./logger.ts";
export type { Logger } from "./logger.ts";
