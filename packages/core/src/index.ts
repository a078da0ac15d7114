export type { Async } from "./async.ts";
export type { AnswerConfig, IngestLimits, LexnavConfig, StageConfig } from "./config.ts";
export {
  BUILTIN_EMBEDDER_SETTING,
  configSchema,
  DEFAULT_LIMITS,
  DEFAULT_MODEL_PRICES,
  DEFAULT_OPERATOR_GROUP,
  INSTALLED_EMBEDDER,
  installedEmbedderDir,
  LATE_INTERACTION_RERANKER_SETTING,
  listPrices,
  loadConfig,
  type ModelPrices,
  PUBLISHED_PRICES,
} from "./config.ts";
export type { Disposition, DurableLoop, DurableLoopDeps, DurableMessage } from "./durable-consumer.ts";
export { runDurableLoop } from "./durable-consumer.ts";
export type { ErrorCode, LexnavErrorOptions } from "./errors.ts";
export { ERROR_CODES, isLexnavError, LexnavError, toLexnavError } from "./errors.ts";
export { hmacSha256Hex, sha256Hex, stableId } from "./hash.ts";
export { literal, phrasePattern } from "./literal-pattern.ts";
export type { Logger } from "./logger.ts";
export { createLogger, silentLogger, withoutNames } from "./logger.ts";
export type { NatsConnectSettings } from "./nats-options.ts";
export { isJetStreamNotFound, natsConnectSettings, natsInboxPrefix, SCHEMA_HEADER } from "./nats-options.ts";
export { processAlive } from "./process-alive.ts";
export type { Result } from "./result.ts";
export { err, ok } from "./result.ts";
export type { ModelUsage, SpanOptions, SpanRole, TelemetrySpan } from "./telemetry.ts";
export {
  contextFromHeaders,
  headersFromContext,
  inSpan,
  inSpanSync,
  recordModelUsage,
  recordStageDuration,
  withContext,
} from "./telemetry.ts";
