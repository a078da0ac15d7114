export type { CapturedRun, CliIo } from "./app.ts";
export { runCli, runCliCaptured, USAGE } from "./app.ts";
export type { IngestSummary } from "./commands/ingest.ts";
