import { createLogger, loadConfig } from "@lexnav/core";
import { startTelemetry } from "@lexnav/telemetry";
import { runCli } from "./app.ts";

const config = loadConfig(process.env);
// Spans of this invocation go to OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set.
const telemetry = startTelemetry("lexnav-cli");
const logger = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);
const code = await runCli(process.argv.slice(2), config, logger, {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  stderr: process.stderr,
});
await telemetry?.shutdown();
process.exitCode = code;
