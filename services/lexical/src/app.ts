import type { Catalog } from "@lexnav/catalog";
import type { Logger } from "@lexnav/core";
import {
  type AppliedChangeLog,
  createLexicalStageStore,
  createSqliteAppliedChangeLog,
  createStageApp,
  ensureActiveLexicalVersion,
  type LifecycleConsumerOptions,
  lifecycleTopology,
  type StageApp,
} from "@lexnav/indexer";
import { DEAD_LETTER_HEADERS, INGEST_STREAMS, INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { searchV1 } from "@lexnav/proto";
import { createSqliteLexicalIndex, type LexicalIndex } from "@lexnav/retrieval";
import type { ReadinessCheck } from "@lexnav/telemetry";
import type { NatsConnection } from "@nats-io/transport-node";
import type Database from "better-sqlite3";

/** The durable consumer every replica of the lexical stage shares: they split the events between them. */
export const LEXICAL_CONSUMER = "lexical--document-lifecycle";

/** The store's name in its applied-change log. */
export const LEXICAL_STORE = "lexical";

export interface LexicalAppDeps {
  nc: NatsConnection;
  /** The catalog the ingest service writes: versions and provisions are read from it (payload by reference). */
  catalog: Catalog;
  /**
   * The stage's own file: one connection applies changes (with the log, unless `log` is given), another
   * serves searches from the embedded index when no `index` is given.
   */
  writer: Database.Database;
  reader: Database.Database;
  /** A server index (OpenSearch) the replicas share: it applies and serves instead of the embedded one. */
  index?: LexicalIndex;
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
 * The lexical stage's composition root: the embedded FTS5 index of its own file, or the OpenSearch index
 * when one is given (the handlers stay the same), its applied-change log, the lifecycle consumer and the
 * LEXICAL search server. On a server index the active version is made sure of before consuming starts.
 */
export async function createLexicalApp(deps: LexicalAppDeps): Promise<StageApp & { log: AppliedChangeLog }> {
  const store = deps.index
    ? createLexicalStageStore(deps.index)
    : createLexicalStageStore(createSqliteLexicalIndex(deps.writer), createSqliteLexicalIndex(deps.reader));
  const log =
    deps.log ?? createSqliteAppliedChangeLog(deps.writer, { store: LEXICAL_STORE, replicaId: deps.replicaId });
  // Under the log's store-wide lock: replicas starting at once on an empty store make one version, not two.
  const { index } = deps;
  if (index && deps.consume !== false) await log.exclusive(() => ensureActiveLexicalVersion(index));
  const app = await createStageApp({
    nc: deps.nc,
    topology: lifecycleTopology({
      streams: INGEST_STREAMS,
      subjects: INGEST_SUBJECTS,
      deadLetterHeaders: DEAD_LETTER_HEADERS,
    }),
    durable: LEXICAL_CONSUMER,
    catalog: deps.catalog,
    store,
    log,
    mode: searchV1.SearchMode.LEXICAL,
    logger: deps.logger,
    ...(deps.readiness ? { readiness: deps.readiness } : {}),
    ...(deps.consume !== undefined ? { consume: deps.consume } : {}),
    ...(deps.options ? { options: deps.options } : {}),
  });
  return Object.assign(app, { log });
}
