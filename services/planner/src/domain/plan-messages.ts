import { create } from "@bufbuild/protobuf";
import { buildLedger, entryDollars, type PriceCard } from "@lexnav/answer";
import { LexnavError } from "@lexnav/core";
import { planV1 } from "@lexnav/proto";
import { MAX_PLAN_TARGETS, type NavPlan, type NavPlanRequest } from "@lexnav/stack";

/** Most documents a request's scope may list (as the answer service allows). */
export const MAX_PLAN_SCOPE_DOCUMENTS = 1_000;

/**
 * Reads a PlanRequest. A request the planner cannot honour is refused with a reason, never planned as
 * something else: a missing principal (every plan is filtered by who asks), a malformed scope, more
 * targets than the planner names.
 */
export function readPlanRequest(req: planV1.PlanRequest): NavPlanRequest {
  if (!req.principal || req.principal.id.trim() === "")
    throw new LexnavError("invalid_argument", "principal.id is required: every plan is filtered by who asks");
  if (req.maxTargets > MAX_PLAN_TARGETS)
    throw new LexnavError(
      "invalid_argument",
      `max_targets must be from 1 to ${MAX_PLAN_TARGETS} (0: ${MAX_PLAN_TARGETS})`,
    );
  if (req.documentIds.length > MAX_PLAN_SCOPE_DOCUMENTS)
    throw new LexnavError("invalid_argument", `document_ids lists at most ${MAX_PLAN_SCOPE_DOCUMENTS} documents`);
  if (req.documentIds.some((id) => id.trim() === ""))
    throw new LexnavError("invalid_argument", "document_ids has an empty id");
  if (req.transactionSetId !== undefined && req.transactionSetId.trim() === "")
    throw new LexnavError("invalid_argument", "transaction_set_id is empty: name a set or leave it unset");
  if (req.planner === planV1.Planner.MODEL)
    throw new LexnavError(
      "invalid_argument",
      "planner: ask for PLANNER_DETERMINISTIC or leave it unset (a model plans when the service has a key)",
    );
  if (req.indexVersion !== undefined && req.indexVersion.trim() === "")
    throw new LexnavError("invalid_argument", "index_version is empty: name a version or leave it unset");
  return {
    query: req.query,
    principal: { id: req.principal.id, groups: [...req.principal.groups] },
    ...(req.documentIds.length > 0 ? { documentIds: [...req.documentIds] } : {}),
    ...(req.transactionSetId !== undefined ? { transactionSetId: req.transactionSetId } : {}),
    ...(req.maxTargets > 0 ? { maxTargets: req.maxTargets } : {}),
    ...(req.indexVersion !== undefined ? { indexVersion: req.indexVersion } : {}),
    ...(req.planner === planV1.Planner.DETERMINISTIC ? { planner: "deterministic" as const } : {}),
  };
}

/**
 * A plan as the contract gives it: the targets best first, the ledger of its model calls priced by `card`,
 * who planned, over which index version and documents, and the documents withheld from the model.
 */
export function planResponse(plan: NavPlan, card: PriceCard): planV1.PlanResponse {
  const ledger = buildLedger(plan.usage, card);
  return create(planV1.PlanResponseSchema, {
    targets: plan.targets.map((t) => ({ documentId: t.documentId, nodeId: t.nodeId, rationale: t.rationale })),
    ledger: {
      entries: plan.usage.map((e) => ({
        stage: e.stage,
        model: e.model,
        inputTokens: e.inputTokens,
        outputTokens: e.outputTokens,
        cachedInputTokens: e.cacheReadTokens,
        cacheWriteTokens: e.cacheWriteTokens,
        dollars: entryDollars(e, card).total,
      })),
      totalInputTokens: BigInt(ledger.tokens.input),
      totalOutputTokens: BigInt(ledger.tokens.output),
      totalCacheReadTokens: BigInt(ledger.tokens.cacheRead),
      totalCacheWriteTokens: BigInt(ledger.tokens.cacheWrite),
      totalDollars: ledger.dollars.total,
    },
    planner: plan.planner === "model" ? planV1.Planner.MODEL : planV1.Planner.DETERMINISTIC,
    indexVersion: plan.indexVersion,
    indexedDocumentIds: plan.indexedDocumentIds,
    ...(plan.routing ? { routing: { documentIds: plan.routing.documents, routedBy: plan.routing.by } } : {}),
    rejected: plan.rejected,
    withheldDocumentIds: plan.withheld,
  });
}
