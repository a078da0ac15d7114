export { runCli, USAGE } from "./app.ts";
export type { CliIo } from "./app.ts";
