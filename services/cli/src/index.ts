export type { CliIo } from "./app.ts";
export { runCli, USAGE } from "./app.ts";
