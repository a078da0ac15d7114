import { create } from "@bufbuild/protobuf";
import type { NavindexPlan } from "@lexnav/answer";
import { LexnavError } from "@lexnav/core";
import { grpcServiceDefinition, planV1 } from "@lexnav/proto";
import type { Principal, RoutedBy } from "@lexnav/retrieval";
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
  /** "deterministic": the built-in planner only (as the single process's Search); absent: the service's choice. */
  planner?: "deterministic";
}

/**
 * Where the planner says the answer lies, best first, who planned, the model calls it made, and what a
 * model's plan read: the index version, its documents, the routing, the documents withheld from the model.
 */
export interface PlanReply extends NavindexPlan {
  targets: Array<{ documentId: string; nodeId: string; rationale: string }>;
}

const ROUTED_BY: ReadonlySet<string> = new Set<RoutedBy>(["name", "instrument", "role", "party", "question"]);

/** The contract's routing, checked: a reason this client does not know is the server's fault, not a guess. */
function routingOf(r: planV1.PlanRouting | undefined): NavindexPlan["routing"] {
  if (!r) return undefined;
  if (!ROUTED_BY.has(r.routedBy))
    throw new LexnavError("internal", `the planner service routed by "${r.routedBy}", which this client does not know`);
  return { documents: [...r.documentIds], by: r.routedBy as RoutedBy };
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
        ...(call.planner === "deterministic" ? { planner: planV1.Planner.DETERMINISTIC } : {}),
      });
      const response = await caller.call(request, { "lexnav.principal": call.principal.id });
      const routing = routingOf(response.routing);
      return {
        planner: response.planner === planV1.Planner.MODEL ? "model" : "deterministic",
        indexVersion: response.indexVersion,
        indexedDocumentIds: [...response.indexedDocumentIds],
        ...(routing ? { routing } : {}),
        rejected: response.rejected,
        withheld: [...response.withheldDocumentIds],
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
