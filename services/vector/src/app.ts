import type { Catalog } from "@lexnav/catalog";
import type { Logger } from "@lexnav/core";
import {
  type AppliedChangeLog,
  createSqliteAppliedChangeLog,
  createStageApp,
  createVectorStageStore,
  ensureActiveVectorVersion,
  type LifecycleConsumerOptions,
  lifecycleTopology,
  type StageApp,
} from "@lexnav/indexer";
import { DEAD_LETTER_HEADERS, INGEST_STREAMS, INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { searchV1 } from "@lexnav/proto";
import { createSqliteVectorStore, type Embedder, type VectorStore } from "@lexnav/retrieval";
import type { ReadinessCheck } from "@lexnav/telemetry";
import type { NatsConnection } from "@nats-io/transport-node";
import type Database from "better-sqlite3";

/** The durable consumer every replica of the vector stage shares. */
export const VECTOR_CONSUMER = "vector--document-lifecycle";

/** The store's name in its applied-change log. */
export const VECTOR_STORE = "vector";

export interface VectorAppDeps {
  nc: NatsConnection;
  /** The catalog the ingest service writes: versions and provisions are read from it (payload by reference). */
  catalog: Catalog;
  /** The model passages and queries are embedded with. */
  embedder: Embedder;
  /**
   * The stage's own file: one connection applies changes (with the log, unless `log` is given), another
   * serves searches from the embedded store when no `vectors` is given.
   */
  writer: Database.Database;
  reader: Database.Database;
  /** A server store (Qdrant) the replicas share: it applies and serves instead of the embedded one. */
  vectors?: VectorStore;
  /** An applied-change log every replica reaches (PostgreSQL); absent: the log in `writer`'s file. */
  log?: AppliedChangeLog;
  replicaId: string;
  logger: Logger;
  readiness?: Readonly<Record<string, ReadinessCheck>>;
  /** False: a reading replica, which serves search and applies nothing. */
  consume?: boolean;
  options?: Partial<LifecycleConsumerOptions>;
}

/**
 * The vector stage's composition root: the embedded sqlite-vec store of its own file, or the Qdrant store
 * when one is given (the handlers stay the same), its applied-change log, the lifecycle consumer and the
 * DENSE search server. On a server store the model's active version is made sure of before consuming.
 */
export async function createVectorApp(deps: VectorAppDeps): Promise<StageApp & { log: AppliedChangeLog }> {
  const store = deps.vectors
    ? createVectorStageStore(deps.embedder, deps.vectors)
    : createVectorStageStore(deps.embedder, createSqliteVectorStore(deps.writer), createSqliteVectorStore(deps.reader));
  const log = deps.log ?? createSqliteAppliedChangeLog(deps.writer, { store: VECTOR_STORE, replicaId: deps.replicaId });
  // Under the log's store-wide lock: replicas starting at once on an empty store make one version, not two.
  const { vectors } = deps;
  if (vectors && deps.consume !== false) await log.exclusive(() => ensureActiveVectorVersion(deps.embedder, vectors));
  const app = await createStageApp({
    nc: deps.nc,
    topology: lifecycleTopology({
      streams: INGEST_STREAMS,
      subjects: INGEST_SUBJECTS,
      deadLetterHeaders: DEAD_LETTER_HEADERS,
    }),
    durable: VECTOR_CONSUMER,
    catalog: deps.catalog,
    store,
    log,
    mode: searchV1.SearchMode.DENSE,
    logger: deps.logger,
    ...(deps.readiness ? { readiness: deps.readiness } : {}),
    ...(deps.consume !== undefined ? { consume: deps.consume } : {}),
    ...(deps.options ? { options: deps.options } : {}),
  });
  return Object.assign(app, { log });
}
