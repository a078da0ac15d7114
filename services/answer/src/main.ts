import { readFileSync } from "node:fs";
import { createSqliteAnswerStore } from "@lexnav/answer";
import { openSqliteDatabase } from "@lexnav/catalog";
import { natsConnectSettings } from "@lexnav/core";
import { createAnswerRecordErasure, createEmbeddedStack, loadStackModels, searchOptionsOf } from "@lexnav/stack";
import { startHealthServer, startServiceProcess } from "@lexnav/telemetry";
import { connect } from "@nats-io/transport-node";
import { reloadableCallers } from "./domain/callers.ts";
import { startDocumentErasure } from "./handlers/document-erasure.ts";
import { createAnswerAppOnStack, createQueryPathClients } from "./wiring.ts";

// The answer service process: config, logger and telemetry, wiring, the listen, the drain on a signal.
const { config, logger, metrics, onStopSignal } = startServiceProcess("lexnav-answer");

// The stage services the config names (lexical, vector, rerank, planner) serve those steps of every query; the
// rest runs on the catalog the ingest service writes (LEXNAV_CATALOG_URL, else LEXNAV_DB with the search
// stores) with the local models the config names; answer records in LEXNAV_DB either way.
const remote = createQueryPathClients(config);
const models = await loadStackModels(config);
const stack = await createEmbeddedStack(
  config.dbPath,
  config.limits,
  logger,
  { ...models, ...(remote.reranker ? { reranker: remote.reranker } : {}) },
  {
    sources: remote.sources,
    ...(remote.planner ? { planner: remote.planner } : {}),
    ...(config.catalogUrl !== undefined ? { catalogUrl: config.catalogUrl } : {}),
    search: searchOptionsOf(config),
  },
);
const answers = openSqliteDatabase(config.dbPath);
// On the shared catalog the ingest service's delete does not reach the answer records in LEXNAV_DB: the
// service erases them when the delete's event arrives, as its NATS user (durable consumer shared by its
// replicas). On the embedded store the delete transaction erases them itself, so no consumer runs.
const nc = config.catalogUrl !== undefined ? await connect(natsConnectSettings(config, "lexnav-answer")) : null;
const erasure = nc
  ? await startDocumentErasure({
      nc,
      eraseAnswerRecords: createAnswerRecordErasure(createSqliteAnswerStore(answers), config.dbPath),
      logger,
    })
  : null;
// Callers by bearer token when a callers file is configured; else the principal a request names is trusted.
const callersPath = config.answerCallersPath;
const callers = callersPath ? reloadableCallers(() => readFileSync(callersPath, "utf8")) : undefined;
// SIGHUP reads the callers file again: a caller added or a token revoked takes effect without a restart.
process.on("SIGHUP", () => {
  if (!callers) return logger.warn("SIGHUP: no callers file to reload");
  try {
    callers.reload();
    logger.info("callers reloaded");
  } catch (e) {
    logger.error("callers file not reloaded; the previous callers stay", { reason: (e as Error).message });
  }
});
if (!callers)
  logger.warn(
    "no LEXNAV_ANSWER_CALLERS: requests are answered as the principal they name; authenticate callers in front",
  );
// Ready when the store answers a read; served over gRPC health checking and, when configured, HTTP.
const readiness = {
  store: async () => {
    answers.prepare("select count(*) from sqlite_master").get();
  },
  ...(nc
    ? {
        nats: async () => {
          await nc.rtt();
        },
      }
    : {}),
};
// With a planner target, Ask's model plan is the planner service's too (its key, its navigation index).
const app = createAnswerAppOnStack(stack, config, answers, logger, callers, readiness, {
  ...(remote.planner ? { planner: remote.planner } : {}),
});
const tls = config.answerTls
  ? { cert: readFileSync(config.answerTls.certPath), key: readFileSync(config.answerTls.keyPath) }
  : undefined;
if (!tls) logger.warn("no LEXNAV_ANSWER_TLS_CERT/KEY: calls are plaintext; terminate TLS in front");
const port = await app.listen(config.answerAddress, tls);
const health = config.healthAddress
  ? await startHealthServer({ address: config.healthAddress, checks: readiness, logger, metrics })
  : null;
// One line a supervisor (or a test) can wait for.
logger.info("ready", {
  port,
  healthPort: health?.port ?? null,
  answerer: config.answer?.apiKey ? config.answer.model : "offline",
  remoteStages: remote.remote,
  erasure: erasure ? "consuming" : "in the delete transaction",
});

onStopSignal(async () => {
  await erasure?.stop();
  await app.stop();
  await health?.close();
  answers.close();
  await stack.close();
  remote.close();
  await nc?.drain();
});
