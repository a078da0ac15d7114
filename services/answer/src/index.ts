// The answer service as a library: the gRPC app, its bindings, and its wiring over an embedded stack
// (tests and other compositions start it in process; main.ts runs it as a process).

export { HEALTH_SERVICE, SERVING_STATUS } from "@lexnav/telemetry";
export type { AnswerApp, AnswerAppDeps } from "./app.ts";
export { ANSWER_SERVICE, createAnswerApp, SEARCH_SERVICE, serviceError } from "./app.ts";
export type { Callers } from "./domain/callers.ts";
export { parseCallers, tokenKey } from "./domain/callers.ts";
export { createAnswerAppOnStack } from "./wiring.ts";
