// The answer service as a library: the gRPC app, its bindings, and its wiring over an embedded stack
// (tests and other compositions start it in process; main.ts runs it as a process).

// The health binding moved to @lexnav/grpc, which every service serves it with; kept here for callers.
export { HEALTH_SERVICE, SERVING_STATUS } from "@lexnav/grpc";
export type { AnswerApp, AnswerAppDeps } from "./app.ts";
export { ANSWER_SERVICE, createAnswerApp, SEARCH_SERVICE } from "./app.ts";
export type { Callers } from "./domain/callers.ts";
export { parseCallers, tokenKey } from "./domain/callers.ts";
export type { DocumentErasureDeps } from "./handlers/document-erasure.ts";
export { ANSWER_ERASURE_CONSUMER, startDocumentErasure } from "./handlers/document-erasure.ts";
export type { QueryPathClients } from "./wiring.ts";
export { createAnswerAppOnStack, createQueryPathClients } from "./wiring.ts";
