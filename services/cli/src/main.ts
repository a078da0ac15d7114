import { createLogger, loadConfig } from "@lexnav/core";
import { runCli } from "./app.ts";

const config = loadConfig(process.env);
// Spans of this invocation go to OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set.
const telemetry = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  ? (await import("@lexnav/telemetry")).startTelemetry("lexnav-cli")
  : null;
const logger = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);
const code = await runCli(process.argv.slice(2), config, logger, {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  stderr: process.stderr,
});
process.exitCode = code;
if (telemetry) {
  // The exporter may hold retry timers for a collector that is down; the command is done.
  await telemetry.shutdown();
  process.exit(code);
}
