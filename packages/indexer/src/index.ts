// Public API of @lexnav/indexer: the indexing stages' shared handlers (the lifecycle consumer, the
// once-only application of a change, the search server) and the stores they keep, composed by
// services/lexical and services/vector.

export {
  createPostgresAppliedChangeLog,
  POSTGRES_STAGE_LOG_SCHEMA_VERSION,
  type PostgresAppliedChangeLog,
} from "./adapters/postgres-applied-change-log.ts";
export {
  createPostgresEmbeddingCache,
  POSTGRES_EMBEDDING_CACHE_SCHEMA_VERSION,
  type PostgresEmbeddingCache,
} from "./adapters/postgres-embedding-cache.ts";
export { createSqliteAppliedChangeLog } from "./adapters/sqlite-applied-change-log.ts";
export { createSqliteEmbeddingCache } from "./adapters/sqlite-embedding-cache.ts";
export type { LifecycleEvent, LifecycleSubjects } from "./domain/lifecycle-event.ts";
export { readLifecycleEvent } from "./domain/lifecycle-event.ts";
export type { Outcome, StageCatalog } from "./handlers/apply-lifecycle-event.ts";
export { applyLifecycleEvent } from "./handlers/apply-lifecycle-event.ts";
export type {
  LifecycleConsumer,
  LifecycleConsumerDeps,
  LifecycleConsumerOptions,
  LifecycleEventConsumerDeps,
  LifecycleEventHandler,
  LifecycleEventRef,
  LifecycleTopology,
} from "./handlers/lifecycle-consumer.ts";
export {
  consumeLifecycleEvents,
  DEFAULT_LIFECYCLE_CONSUMER_OPTIONS,
  ensureLifecycleConsumer,
  startLifecycleConsumer,
} from "./handlers/lifecycle-consumer.ts";
export type { IngestEventNames, StageApp, StageAppDeps } from "./handlers/stage-app.ts";
export { createStageApp, EVENT_DEAD_LETTER_PREFIX, lifecycleTopology, servedTopology } from "./handlers/stage-app.ts";
export type { StageBacklogSource, StageMetrics } from "./handlers/stage-metrics.ts";
export { readStageBacklog } from "./handlers/stage-metrics.ts";
export type { OpenedStageStore, StageDefinition, StageProcessSpec } from "./handlers/stage-process.ts";
export { defineStageProcess, startStageProcess } from "./handlers/stage-process.ts";
export type { StageSearchServer, StageSearchServerDeps } from "./handlers/stage-search-server.ts";
export {
  createStageSearchServer,
  readStageSearchRequest,
  STAGE_DEFAULT_TOP_K,
  STAGE_MAX_TOP_K,
  STAGE_SEARCH_SERVICE,
} from "./handlers/stage-search-server.ts";
export type { VersionServedNotice } from "./handlers/version-served.ts";
export {
  ensureIndexerStream,
  INDEXER_STREAM,
  INDEXER_SUBJECTS,
  publishVersionServed,
} from "./handlers/version-served.ts";
export type {
  Application,
  AppliedChange,
  AppliedChangeLog,
  ChangeKind,
  HeldVersions,
} from "./ports/applied-change-log.ts";
export type { EmbeddingCache } from "./ports/embedding-cache.ts";
export type { StageHit, StageQuery, StageStore } from "./ports/stage-store.ts";
export { createLexicalStageStore, ensureActiveLexicalVersion } from "./stores/lexical-stage-store.ts";
export { createVectorStageStore, ensureActiveVectorVersion } from "./stores/vector-stage-store.ts";
