import { natsConnectSettings, toLexnavError } from "@lexnav/core";
import { createIsolatedPreparer, rereadOlderProfiles } from "@lexnav/ingest";
import { createEmbeddedStack, loadStackModels } from "@lexnav/stack";
import { startHealthServer, startServiceProcess } from "@lexnav/telemetry";
import { connect } from "@nats-io/transport-node";
import { createIngestApp } from "./app.ts";

// The ingest service process: config, logger and telemetry, wiring, the drain on a signal.
const { config, logger, metrics, onStopSignal, stopping } = startServiceProcess("lexnav-ingest");

// Embedded (no LEXNAV_CATALOG_URL): the catalog and the search stores on one SQLite file (LEXNAV_DB): an
// indexed document's passages and vectors are written with it, and a delete or an access change reaches
// them in the same transaction, so the answer service over the same file finds what was ingested and
// nothing that was removed. Nothing else builds a dense index there: the service keeps one as it indexes,
// with the configured embedder (the installed model, else the built-in one per access scope).
// Distributed (LEXNAV_CATALOG_URL): every replica writes one PostgreSQL catalog and publishes the events;
// the lexical and vector stages index from them, so this process keeps no search index of its own.
// A command's path is read only under LEXNAV_INGEST_ROOTS (none: inline bytes only): the service reads
// paths that others send it, and must not index any file its host lets it read.
const stack = await createEmbeddedStack(config.dbPath, config.limits, logger, await loadStackModels(config), {
  sourceRoots: config.ingestRoots ?? [],
  denseOnIngest: config.catalogUrl === undefined,
  ...(config.catalogUrl !== undefined ? { catalogUrl: config.catalogUrl } : {}),
});
// A document an earlier ingest process left half-done (killed, out of memory) is failed with its reason.
for (const r of await stack.pipeline.recoverInterrupted())
  logger.warn("interrupted ingest recovered", { documentId: r.documentId, code: r.failure?.code });
// Profiles an older lexnav read (title, role, date, parties) are read again with this one, beside the commands:
// a new version brings the catalog's readings up to it with no operator step. Counts only are logged (no title or
// file name); a SIGTERM stops it between documents.
// Read in a worker under the per-file budget, as an ingest reads a file: a stored text the reader runs away on
// fails that document, and the commands go on.
const rereading = new AbortController();
const profileWorker = createIsolatedPreparer();
const reread = rereadOlderProfiles(stack.catalog, () => new Date(), {
  signal: rereading.signal,
  readProfile: (input) => profileWorker.profile(input, config.limits),
})
  .finally(() => profileWorker.close())
  .then(
    (r) => {
      if (r)
        logger.info("profiles read again", {
          documents: r.documents,
          changed: r.changed.length,
          restamped: r.restamped,
          failed: r.failed.length,
          reader: r.reader,
          stopped: rereading.signal.aborted,
        });
    },
    (e: unknown) => logger.warn("reading profiles again failed", { error: toLexnavError(e).message }),
  );
// As its NATS user when the config names one (deploy/nats/nats.conf: what each service may publish and read).
const nc = await connect(natsConnectSettings(config, "lexnav-ingest"));
const app = await createIngestApp({ nc, pipeline: stack.pipeline, catalog: stack.catalog, logger });
// HTTP /healthz, /readyz and /metrics (the service serves no gRPC, so no gRPC health service): ready while NATS
// answers a ping and the store a read. The command backlog is not a condition: work waiting is no reason
// to take a replica out of service.
const health = config.healthAddress
  ? await startHealthServer({
      address: config.healthAddress,
      checks: {
        nats: async () => {
          await nc.rtt();
        },
        store: async () => {
          await stack.catalog.getDocument("readiness-probe");
        },
      },
      logger,
      metrics,
    })
  : null;

// SIGTERM drains: the document in hand finishes (event published, command acked), then the connection.
onStopSignal(async () => {
  rereading.abort();
  await app.stop();
  await reread;
  await health?.close();
  await nc.drain();
  await stack.close();
});

// The connection closing for any other reason ends the process with an error, so the orchestrator restarts it.
const closed = await nc.closed();
if (!stopping()) {
  logger.error("NATS connection closed", { error: closed ? closed.message : "closed" });
  process.exitCode = 1;
}
