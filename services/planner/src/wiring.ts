import { priceCardOf } from "@lexnav/answer";
import type { LexnavConfig, Logger } from "@lexnav/core";
import { configuredModel, createNavPlanner, type EmbeddedStack } from "@lexnav/stack";
import type { ReadinessCheck } from "@lexnav/telemetry";
import { createPlannerApp, type PlannerApp } from "./app.ts";

/**
 * The planner service over an embedded stack: the catalog it builds each principal's navigation index
 * from and the searcher whose `navindex` mode is the deterministic planner; Claude plans when the config
 * has a key. Everything is read from the catalog on every call, so a delete or an access change is seen
 * at once.
 */
export function createPlannerAppOnStack(
  stack: Pick<EmbeddedStack, "catalog" | "searcher">,
  config: LexnavConfig,
  logger: Logger,
  readiness?: Readonly<Record<string, ReadinessCheck>>,
): PlannerApp {
  return createPlannerApp({
    planner: createNavPlanner({ catalog: stack.catalog, searcher: stack.searcher, model: configuredModel(config) }),
    priceCard: priceCardOf(config),
    logger,
    ...(readiness ? { readiness } : {}),
  });
}
