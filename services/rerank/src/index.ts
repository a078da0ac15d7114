// The rerank service as a library: the gRPC app and its wiring (tests and other compositions start it in
// process; main.ts runs it as a process).

export type { RerankApp, RerankAppDeps } from "./app.ts";
export { createRerankApp } from "./app.ts";
export type { RerankCall } from "./domain/rerank-messages.ts";
export {
  MAX_RERANK_CANDIDATES,
  MAX_RERANK_QUERY_CHARS,
  readRerankRequest,
  rerankResponse,
} from "./domain/rerank-messages.ts";
export { createRerankAppFromConfig, loadReranker } from "./wiring.ts";
