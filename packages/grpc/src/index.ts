// Public API of @lexnav/grpc: what every lexnav gRPC service serves with (the unary handler, status
// mapping, health checking, deadlines) and the clients of the query-path services.

export type { CallContext } from "./call-context.ts";
export {
  beforeDeadline,
  currentCallContext,
  deadlineExceeded,
  deadlineFor,
  withCallContext,
} from "./call-context.ts";
export type { ClientOptions, SpanAttributes, UnaryCaller } from "./client.ts";
export { createUnaryCaller } from "./client.ts";
export { HEALTH_SERVICE, healthCheckHandler, SERVING_STATUS } from "./health.ts";
export type { PlanCall, PlannerClient, PlanReply } from "./planner-client.ts";
export { createPlannerClient, PLANNER_SERVICE } from "./planner-client.ts";
export type { RemoteReranker } from "./remote-reranker.ts";
export { createRemoteReranker, flagsMessage, RERANK_SERVICE } from "./remote-reranker.ts";
export type { GrpcServer, Handled } from "./server.ts";
export { createGrpcServer, traceHeaders, unaryHandler } from "./server.ts";
export type { LexicalStageClient, StageName, StageSearchClient } from "./stage-search-client.ts";
export { createLexicalStageClient, createStageSearchClient } from "./stage-search-client.ts";
export { errorFromStatus, GRPC_STATUS, serviceError } from "./status.ts";
