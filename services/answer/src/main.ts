import { openSqliteDatabase } from "@lexnav/catalog";
import { createLogger, loadConfig } from "@lexnav/core";
import { createEmbeddedStack, loadStackModels } from "@lexnav/stack";
import { createAnswerAppOnStack } from "./wiring.ts";

// The answer service process: config from the environment (only here), wiring, signals, drain.
const config = loadConfig(process.env);
const logger = createLogger(config.logLevel);
// Spans go to OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set (deploy/compose.yaml points it at the collector).
const telemetry = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  ? (await import("@lexnav/telemetry")).startTelemetry("lexnav-answer")
  : null;

// The store the ingest service writes (LEXNAV_DB); the local models the config names, loaded once.
const stack = createEmbeddedStack(config.dbPath, config.limits, logger, await loadStackModels(config));
const answers = openSqliteDatabase(config.dbPath);
const app = createAnswerAppOnStack(stack, config, answers, logger);
const port = await app.listen(config.answerAddress);
// One line a supervisor (or a test) can wait for.
logger.info("ready", { port, answerer: config.answer?.apiKey ? (config.answer.model ?? "model") : "offline" });

let shuttingDown = false;
const shutdown = async (signal: string): Promise<void> => {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info("shutting down", { signal });
  try {
    await app.stop();
    answers.close();
    stack.close();
    process.exitCode = 0;
    if (telemetry) await telemetry.shutdown();
  } catch (e) {
    logger.error("unclean shutdown", { error: (e as Error).message });
    process.exitCode = 1;
  }
  process.exit();
};
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
