import type { PriceCard } from "@lexnav/answer";
import type { Logger } from "@lexnav/core";
import { createGrpcServer, type GrpcServer, PLANNER_SERVICE, unaryHandler } from "@lexnav/grpc";
import { planV1 } from "@lexnav/proto";
import type { NavPlanner } from "@lexnav/stack";
import type { ReadinessCheck } from "@lexnav/telemetry";
import { planResponse, readPlanRequest } from "./domain/plan-messages.ts";

export interface PlannerAppDeps {
  /** The navindex planner over the catalog (`createNavPlanner`): a model's plan when a key is set. */
  planner: NavPlanner;
  /** What the ledger prices model calls with. */
  priceCard: PriceCard;
  logger: Logger;
  /** What the service cannot plan without (its store), checked by gRPC health and `/readyz`. */
  readiness?: Readonly<Record<string, ReadinessCheck>>;
}

/** The planner service's server: `listen`, then `stop` to drain. */
export type PlannerApp = GrpcServer;

/**
 * The planner service: `PlannerService/Plan` names at most ten (document, provision) targets for a
 * question, over the documents the request's principal may read within its scope, with the ledger of
 * the model calls it made. Each call runs in a `lexnav.plan.rpc` SERVER span continuing the caller's
 * trace; its attributes are the principal's id, which planner ran, counts and the index version.
 */
export function createPlannerApp(deps: PlannerAppDeps): PlannerApp {
  const plan = unaryHandler<planV1.PlanRequest, planV1.PlanResponse>(
    { logger: deps.logger, owner: "the planner service" },
    planV1.PlannerService,
    "Plan",
    "lexnav.plan.rpc",
    async (request, span) => {
      const call = readPlanRequest(request);
      span.setAttribute("lexnav.principal", call.principal.id);
      const result = await deps.planner.plan(call);
      span.setAttributes({
        "lexnav.planner": result.planner,
        "lexnav.targets": result.targets.length,
        "lexnav.index_version": result.indexVersion,
      });
      for (const w of result.warnings) deps.logger.warn(w);
      return {
        response: planResponse(result, deps.priceCard),
        log: { principal: call.principal.id, planner: result.planner, targets: result.targets.length },
      };
    },
  );
  return createGrpcServer({
    name: "planner service",
    logger: deps.logger,
    services: [{ definition: PLANNER_SERVICE, typeName: planV1.PlannerService.typeName, implementation: { plan } }],
    ...(deps.readiness ? { readiness: deps.readiness } : {}),
  });
}
