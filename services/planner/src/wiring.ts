import { priceCardOf } from "@lexnav/answer";
import type { LexnavConfig, Logger } from "@lexnav/core";
import { createLexicalStageClient, type LexicalStageClient } from "@lexnav/grpc";
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

/**
 * The lexical service the planner's searcher reads when LEXNAV_LEXICAL_TARGET is set (the shared
 * catalog, where this process's own lexical index stays empty): the deterministic plan's routing,
 * passage search and index version are the stage's. The plan reads no embeddings, so no vector target
 * is taken. Absent: the embedded lexical index of LEXNAV_DB, as the single process reads it.
 */
export function createPlannerLexicalSource(config: LexnavConfig): LexicalStageClient | undefined {
  const target = config.queryTargets?.lexical;
  return target ? createLexicalStageClient({ target }) : undefined;
}
