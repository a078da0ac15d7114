import { createLogger, loadConfig } from "@lexnav/core";
import { createEmbeddedStack, loadStackModels } from "@lexnav/stack";
import { connect } from "@nats-io/transport-node";
import { createIngestApp } from "./app.ts";

// The ingest service process: config from the environment (only here), wiring, signals, drain.
const config = loadConfig(process.env);
const logger = createLogger(config.logLevel);
// Spans go to OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set (deploy/compose.yaml points it at the collector).
const telemetry = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  ? (await import("@lexnav/telemetry")).startTelemetry("lexnav-ingest")
  : null;

// The catalog and the search stores on one SQLite file (LEXNAV_DB): an indexed document's passages and
// vectors are written with it, and a delete or an access change reaches them in the same transaction,
// so the answer service over the same file finds what was ingested and nothing that was removed.
const stack = createEmbeddedStack(config.dbPath, config.limits, logger, await loadStackModels(config));
const pipeline = stack.pipeline;
const nc = await connect({ servers: config.natsUrl, name: "lexnav-ingest" });
const app = await createIngestApp({ nc, pipeline, logger });

let shuttingDown = false;
const shutdown = async (signal: string): Promise<void> => {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info("shutting down", { signal });
  try {
    await app.stop();
    await nc.drain();
    stack.close();
    process.exitCode = 0;
    if (telemetry) {
      await telemetry.shutdown();
      process.exit(0);
    }
  } catch (e) {
    logger.error("unclean shutdown", { error: (e as Error).message });
    process.exitCode = 1;
  }
};
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

// The connection closing for any other reason ends the process with an error, so the orchestrator restarts it.
const closed = await nc.closed();
if (!shuttingDown) {
  logger.error("NATS connection closed", { error: closed ? closed.message : "closed" });
  process.exitCode = 1;
}
