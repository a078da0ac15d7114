import { hostname } from "node:os";
import { openCatalogStores, openSqliteDatabase } from "@lexnav/catalog";
import { LexnavError, natsConnectSettings } from "@lexnav/core";
import { createPostgresAppliedChangeLog } from "@lexnav/indexer";
import { createQdrantVectorStore, loadOnnxEmbedder } from "@lexnav/retrieval";
import { startHealthServer, startServiceProcess } from "@lexnav/telemetry";
import { connect } from "@nats-io/transport-node";
import { createVectorApp, VECTOR_STORE } from "./app.ts";

// The vector stage process: config, logger and telemetry, the model, wiring, the listen, the drain on a signal.
const { config, logger, metrics, onStopSignal, stopping } = startServiceProcess("lexnav-vector");
const replicaId = config.stages.replicaId ?? `${hostname()}-${process.pid}`;

// A model embedder only (LEXNAV_EMBEDDER_MODEL_DIR, else the installed pretrained one): the built-in one is
// fitted per access scope on the whole corpus, which a stage applying one document at a time cannot do.
if (!config.embedderModelDir)
  throw new LexnavError(
    "invalid_argument",
    `the vector stage embeds with a model, and none is configured: ${config.embedderFallback ?? "set LEXNAV_EMBEDDER_MODEL_DIR"}`,
  );
const embedder = await loadOnnxEmbedder(config.embedderModelDir);

// The catalog the ingest service writes (LEXNAV_CATALOG_URL, else LEXNAV_DB with its busy timeout), read
// through the Catalog port; the
// stage's own vectors and applied-change log in LEXNAV_VECTOR_DB. Without a Qdrant server the store is the
// embedded one: replicas on one host share its file, each application under its write lock. With
// LEXNAV_QDRANT_URL the vectors are in Qdrant, and the log in the catalog's PostgreSQL when
// LEXNAV_CATALOG_URL is set (replicas on any host; else in the file, replicas on this host only).
const catalogStores = await openCatalogStores(config);
const { catalog } = catalogStores;
const writer = openSqliteDatabase(config.stages.vectorDbPath);
const reader = openSqliteDatabase(config.stages.vectorDbPath);
const vectors = config.qdrant
  ? createQdrantVectorStore({ url: config.qdrant.url, prefix: config.qdrant.prefix })
  : null;
const log =
  vectors && config.catalogUrl
    ? await createPostgresAppliedChangeLog(config.catalogUrl, { store: VECTOR_STORE, replicaId })
    : null;
// As its NATS user when the config names one (deploy/nats/nats.conf: what each service may publish and read).
const nc = await connect(natsConnectSettings(config, `lexnav-vector-${replicaId}`));
const readiness = {
  nats: async () => {
    await nc.rtt();
  },
  store: async () => {
    reader.prepare("select count(*) from sqlite_master").get();
    if (vectors) await vectors.activeVersion();
  },
};
const app = await createVectorApp({
  nc,
  catalog,
  embedder,
  writer,
  reader,
  ...(vectors ? { vectors } : {}),
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
const port = await app.listen(config.stages.vectorAddress);
const health = config.healthAddress
  ? await startHealthServer({ address: config.healthAddress, checks: readiness, logger, metrics })
  : null;
logger.info("ready", {
  port,
  healthPort: health?.port ?? null,
  replicaId,
  role: config.stages.role,
  embedder: embedder.id,
});

onStopSignal(async () => {
  await app.stop();
  await health?.close();
  await nc.drain();
  await vectors?.close();
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
