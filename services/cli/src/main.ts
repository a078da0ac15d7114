import { createLogger, loadConfig } from "@lexnav/core";
import { runCli } from "./app.ts";

const config = loadConfig(process.env);
const logger = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);
const code = await runCli(process.argv.slice(2), config, logger, {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  stderr: process.stderr,
});
process.exitCode = code;
