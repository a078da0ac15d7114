import { hostname } from "node:os";
import { openCatalogStores, openSqliteDatabase } from "@lexnav/catalog";
import { natsConnectSettings } from "@lexnav/core";
import { createPostgresAppliedChangeLog } from "@lexnav/indexer";
import { createOpenSearchLexicalIndex } from "@lexnav/retrieval";
import { startHealthServer, startServiceProcess } from "@lexnav/telemetry";
import { connect } from "@nats-io/transport-node";
import { createLexicalApp, LEXICAL_STORE } from "./app.ts";

// The lexical stage process: config, logger and telemetry, wiring, the listen, the drain on a signal.
const { config, logger, metrics, onStopSignal, stopping } = startServiceProcess("lexnav-lexical");
const replicaId = config.stages.replicaId ?? `${hostname()}-${process.pid}`;

// The catalog the ingest service writes (LEXNAV_CATALOG_URL, else LEXNAV_DB with its busy timeout), read
// through the Catalog port; the stage's own index and applied-change log in LEXNAV_LEXICAL_DB, shared by the
// replicas on this host (each application takes the file's write lock). With LEXNAV_OPENSEARCH_URL the index
// is the OpenSearch one every replica shares. The log goes where the replicas reach it: with
// LEXNAV_CATALOG_URL in the catalog's PostgreSQL (replicas on any host), else in the file (replicas on this
// host only); the embedded index keeps it in its own file, where one transaction holds both.
const catalogStores = await openCatalogStores(config);
const { catalog } = catalogStores;
const writer = openSqliteDatabase(config.stages.lexicalDbPath);
const reader = openSqliteDatabase(config.stages.lexicalDbPath);
const index = config.opensearch
  ? createOpenSearchLexicalIndex({ node: config.opensearch.url, prefix: config.opensearch.prefix })
  : null;
const log =
  index && config.catalogUrl
    ? await createPostgresAppliedChangeLog(config.catalogUrl, { store: LEXICAL_STORE, replicaId })
    : null;
// As its NATS user when the config names one (deploy/nats/nats.conf: what each service may publish and read).
const nc = await connect(natsConnectSettings(config, `lexnav-lexical-${replicaId}`));
const readiness = {
  nats: async () => {
    await nc.rtt();
  },
  store: async () => {
    reader.prepare("select count(*) from sqlite_master").get();
    if (index) await index.activeVersion();
  },
};
const app = await createLexicalApp({
  nc,
  catalog,
  writer,
  reader,
  ...(index ? { index } : {}),
  ...(log ? { log } : {}),
  replicaId,
  logger,
  readiness,
  consume: config.stages.role === "index",
  options: {
    ackWaitMs: config.stages.ackWaitMs,
    maxDeliver: config.stages.maxDeliver,
    baseDelayMs: config.stages.retryDelayMs,
  },
});
const port = await app.listen(config.stages.lexicalAddress);
const health = config.healthAddress
  ? await startHealthServer({ address: config.healthAddress, checks: readiness, logger, metrics })
  : null;
// One line a supervisor (or a test) can wait for.
logger.info("ready", { port, healthPort: health?.port ?? null, replicaId, role: config.stages.role });

// SIGTERM drains: the event in hand is applied and acked, calls in flight finish, then the connection.
onStopSignal(async () => {
  await app.stop();
  await health?.close();
  await nc.drain();
  await index?.close();
  await log?.close();
  reader.close();
  writer.close();
  await catalogStores.close();
});

// The connection closing for any other reason ends the process with an error, so the orchestrator restarts it.
const closed = await nc.closed();
if (!stopping()) {
  logger.error("NATS connection closed", { error: closed ? closed.message : "closed" });
  process.exitCode = 1;
}
