import { create } from "@bufbuild/protobuf";
import type { LedgerEntry } from "@lexnav/answer";
import { grpcServiceDefinition, planV1 } from "@lexnav/proto";
import type { Principal } from "@lexnav/retrieval";
import { type ClientOptions, createUnaryCaller } from "./client.ts";

/** The binding of `lexnav.plan.v1.PlannerService`, served by services/planner and called here. */
export const PLANNER_SERVICE = grpcServiceDefinition(planV1.PlannerService);

/** One planning request: the question, who asks, and the scope the planner may name nodes of. */
export interface PlanCall {
  query: string;
  principal: Principal;
  /** Plan over these documents only (of those the principal may read). */
  documentIds?: readonly string[];
  /** Plan over this transaction set's documents (id or name). */
  transactionSetId?: string;
  /** At most 10; 10 when absent. */
  maxTargets?: number;
  indexVersion?: string;
}

/** Where the planner says the answer lies, best first, and the model calls it made. */
export interface PlanReply {
  targets: Array<{ documentId: string; nodeId: string; rationale: string }>;
  usage: LedgerEntry[];
}

export interface PlannerClient {
  plan(call: PlanCall): Promise<PlanReply>;
  close(): void;
}

/**
 * A client of the planner service (`lexnav.plan.v1.PlannerService/Plan`): the principal and the scope
 * travel in the request, the remaining budget as the deadline, the trace context in the metadata; a
 * failure is lexnav's error for the status (`not_found` for a scope the principal may not read).
 */
export function createPlannerClient(options: ClientOptions): PlannerClient {
  const caller = createUnaryCaller<planV1.PlanRequest, planV1.PlanResponse>(
    PLANNER_SERVICE,
    planV1.PlannerService,
    "plan",
    "the planner service",
    options,
  );
  return {
    async plan(call) {
      const request = create(planV1.PlanRequestSchema, {
        query: call.query,
        principal: { id: call.principal.id, groups: [...call.principal.groups] },
        documentIds: [...(call.documentIds ?? [])],
        ...(call.transactionSetId !== undefined ? { transactionSetId: call.transactionSetId } : {}),
        maxTargets: call.maxTargets ?? 0,
        ...(call.indexVersion !== undefined ? { indexVersion: call.indexVersion } : {}),
      });
      const response = await caller.call(request, { "lexnav.principal": call.principal.id });
      return {
        targets: response.targets.map((t) => ({ documentId: t.documentId, nodeId: t.nodeId, rationale: t.rationale })),
        usage: (response.ledger?.entries ?? []).map((e) => ({
          stage: e.stage,
          model: e.model,
          inputTokens: e.inputTokens,
          cacheWriteTokens: e.cacheWriteTokens,
          cacheReadTokens: e.cachedInputTokens,
          outputTokens: e.outputTokens,
        })),
      };
    },
    close: () => caller.close(),
  };
}
