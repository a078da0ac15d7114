import { hostname } from "node:os";
import { openCatalogStores, openSqliteDatabase } from "@lexnav/catalog";
import { type LexnavConfig, type Logger, natsConnectSettings } from "@lexnav/core";
import type { searchV1 } from "@lexnav/proto";
import { startHealthServer, startServiceProcess } from "@lexnav/telemetry";
import { connect } from "@nats-io/transport-node";
import type Database from "better-sqlite3";
import { createPostgresAppliedChangeLog } from "../adapters/postgres-applied-change-log.ts";
import { createSqliteAppliedChangeLog } from "../adapters/sqlite-applied-change-log.ts";
import type { StageStore } from "../ports/stage-store.ts";
import { createStageApp, type IngestEventNames, lifecycleTopology } from "./stage-app.ts";

/** A stage's store as its process opened it: the embedded one in the stage's file, or a server store. */
export interface OpenedStageStore {
  store: StageStore;
  /**
   * A server store every replica shares (OpenSearch, Qdrant), absent on the embedded one. Its active index
   * version is made sure of at start, under the log's store-wide lock, and its log goes to the catalog's
   * PostgreSQL when there is one (replicas on any host).
   */
  server?: {
    ensureActive(): Promise<string>;
    /** For readiness: throws when the server cannot be reached. */
    ping(): Promise<void>;
    close(): Promise<void>;
  };
}

/** What differs between the indexing stages: the store they keep and the names it goes by. */
export interface StageProcessSpec {
  /** The process's telemetry name (`lexnav-lexical`). */
  service: string;
  /** The store's name in the applied-change log (`lexical`). */
  storeName: string;
  /** The durable consumer the stage's replicas share (`lexical--document-lifecycle`). */
  durable: string;
  /** The durable consumer of `version-served` the stage's replicas share (`lexical--version-served`). */
  servedDurable: string;
  /** The one search mode it serves. */
  mode: searchV1.SearchMode;
  /** The ingest service's stream, subjects and dead-letter headers. */
  events: IngestEventNames;
  /** The stage's own embedded file, and where it serves gRPC search. */
  dbPath(config: LexnavConfig): string;
  address(config: LexnavConfig): string;
  /**
   * Opens the stage's store on its file's two connections (`writer` applies, `reader` serves searches),
   * or on a server when the config names one. Runs after config and telemetry, before NATS.
   */
  openStore(ctx: {
    config: LexnavConfig;
    logger: Logger;
    writer: Database.Database;
    reader: Database.Database;
  }): Promise<OpenedStageStore & { ready?: Record<string, string | number | null> }>;
}

/** What a stage says for itself; its process, store and consumer names follow from `name`. */
export type StageDefinition = Omit<StageProcessSpec, "service" | "storeName" | "durable" | "servedDurable"> & {
  /** The stage's one name (`lexical`): its store in the applied-change log, and the root of the others. */
  name: string;
};

/**
 * A stage's spec from its definition, under the one naming rule every stage follows (STYLE.md): the process
 * `lexnav-<name>`, the store `<name>`, the durable consumers `<name>--document-lifecycle` and
 * `<name>--version-served`.
 */
export function defineStageProcess(definition: StageDefinition): StageProcessSpec {
  const { name, ...rest } = definition;
  return {
    ...rest,
    service: `lexnav-${name}`,
    storeName: name,
    durable: `${name}--document-lifecycle`,
    servedDurable: `${name}--version-served`,
  };
}

/**
 * An indexing stage's process, the same for every stage: config, logger and telemetry; the catalog the
 * ingest service writes (LEXNAV_CATALOG_URL, else LEXNAV_DB) read through the Catalog port; the stage's own
 * file, shared by the replicas on this host (each application takes its write lock); its store; the
 * applied-change log where the replicas reach it (with a server store and LEXNAV_CATALOG_URL, in the
 * catalog's PostgreSQL, replicas on any host; else in the file, where one transaction holds the embedded
 * store's writes and the log's row); the NATS connection as the stage's user; the consumer and search
 * server; health; one `ready` log line; the drain on a signal. The connection closing for any other reason
 * ends the process with an error, so the orchestrator restarts it.
 */
export async function startStageProcess(spec: StageProcessSpec): Promise<void> {
  const { config, logger, metrics, onStopSignal, stopping } = startServiceProcess(spec.service);
  const replicaId = config.stages.replicaId ?? `${hostname()}-${process.pid}`;
  const catalogStores = await openCatalogStores(config);
  const { catalog } = catalogStores;
  const writer = openSqliteDatabase(spec.dbPath(config));
  const reader = openSqliteDatabase(spec.dbPath(config));
  const { store, server, ready } = await spec.openStore({ config, logger, writer, reader });
  const log =
    server && config.catalogUrl
      ? await createPostgresAppliedChangeLog(config.catalogUrl, { store: spec.storeName, replicaId })
      : null;
  const changeLog = log ?? createSqliteAppliedChangeLog(writer, { store: spec.storeName, replicaId });
  const consume = config.stages.role === "index";
  // Under the log's store-wide lock: replicas starting at once on an empty store make one version, not two.
  if (server && consume) await changeLog.exclusive(() => server.ensureActive());
  // As its NATS user when the config names one (deploy/nats/nats.conf: what each service may publish and read).
  const nc = await connect(natsConnectSettings(config, `${spec.service}-${replicaId}`));
  const readiness = {
    nats: async () => {
      await nc.rtt();
    },
    store: async () => {
      reader.prepare("select count(*) from sqlite_master").get();
      await server?.ping();
    },
  };
  const app = await createStageApp({
    nc,
    topology: lifecycleTopology(spec.events),
    durable: spec.durable,
    servedDurable: spec.servedDurable,
    requiredStores: config.stages.servingStores,
    catalog,
    store,
    log: changeLog,
    mode: spec.mode,
    logger,
    readiness,
    consume,
    options: {
      ackWaitMs: config.stages.ackWaitMs,
      maxDeliver: config.stages.maxDeliver,
      baseDelayMs: config.stages.retryDelayMs,
    },
  });
  const port = await app.listen(spec.address(config));
  const health = config.healthAddress
    ? await startHealthServer({ address: config.healthAddress, checks: readiness, logger, metrics })
    : null;
  // One line a supervisor (or a test) can wait for.
  logger.info("ready", { port, healthPort: health?.port ?? null, replicaId, role: config.stages.role, ...ready });

  // SIGTERM drains: the event in hand is applied and acked, calls in flight finish, then the connection.
  onStopSignal(async () => {
    await app.stop();
    await health?.close();
    await nc.drain();
    await server?.close();
    await log?.close();
    reader.close();
    writer.close();
    await catalogStores.close();
  });

  const closed = await nc.closed();
  if (!stopping()) {
    logger.error("NATS connection closed", { error: closed ? closed.message : "closed" });
    process.exitCode = 1;
  }
}
