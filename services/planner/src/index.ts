// The planner service as a library: the gRPC app and its wiring over an embedded stack (tests and other
// compositions start it in process; main.ts runs it as a process).

export type { PlannerApp, PlannerAppDeps } from "./app.ts";
export { createPlannerApp } from "./app.ts";
export { MAX_PLAN_SCOPE_DOCUMENTS, planResponse, readPlanRequest } from "./domain/plan-messages.ts";
export { createPlannerAppOnStack } from "./wiring.ts";
