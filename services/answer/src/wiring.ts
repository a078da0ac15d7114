import { createSqliteAnswerStore, type NavindexPlanner, type SqlDatabase } from "@lexnav/answer";
import { cachedVersionNode } from "@lexnav/catalog";
import type { LexnavConfig, Logger } from "@lexnav/core";
import {
  createLexicalStageClient,
  createPlannerClient,
  createRemoteReranker,
  createStageSearchClient,
  type PlannerClient,
} from "@lexnav/grpc";
import type { Reranker, SearcherDeps } from "@lexnav/retrieval";
import { createStackAsk, type EmbeddedStack, requestScope } from "@lexnav/stack";
import type { ReadinessCheck } from "@lexnav/telemetry";
import { type AnswerApp, createAnswerApp } from "./app.ts";
import type { Callers } from "./domain/callers.ts";

/**
 * The answer service over an embedded stack: asks with the configured model and offline, answer
 * records in `answers` (a connection to the same store), Search on the stack's searcher, every call
 * in the stack's audit log; the offline answers read relevance from the stack's models as the CLI does. Versions and
 * provisions are read from the catalog on every call (`longLived`), so a delete is seen at once. With
 * `remote.planner` (the planner service) a navindex question with a model is planned there, by the
 * planner's model over its index of what the asker may read: this process builds no navigation index.
 */
export function createAnswerAppOnStack(
  stack: Pick<EmbeddedStack, "catalog" | "searcher" | "audit"> & Partial<Pick<EmbeddedStack, "models">>,
  config: LexnavConfig,
  answers: SqlDatabase,
  logger: Logger,
  callers?: Callers,
  readiness?: Readonly<Record<string, ReadinessCheck>>,
  remote: { planner?: NavindexPlanner } = {},
): AnswerApp {
  // The models the stack was opened with: the offline decision reads the same relevance as the CLI's ask
  // (the decision model fitted on the loaded sentence embedder, that embedder's cosines).
  const wiring = {
    config,
    catalog: stack.catalog,
    searcher: stack.searcher,
    ...(stack.models?.relevance ? { models: { relevance: stack.models.relevance } } : {}),
  };
  return createAnswerApp({
    ask: createStackAsk({ ...wiring, ...(remote.planner ? { planner: remote.planner } : {}) }, false, {
      longLived: true,
    }),
    askOffline: createStackAsk(wiring, true, { longLived: true }),
    store: createSqliteAnswerStore(answers),
    searcher: stack.searcher,
    text: async (documentId, version) => (await stack.catalog.getVersion(documentId, version))?.text ?? null,
    nodeLookup: () => cachedVersionNode(stack.catalog),
    scope: (scope, principal) => requestScope(stack.catalog, scope, principal),
    audit: stack.audit,
    logger,
    ...(callers ? { callers } : {}),
    ...(readiness ? { readiness } : {}),
  });
}

/** The stage services the answer service's searcher calls, and how to release their channels. */
export interface QueryPathClients {
  /**
   * The lexical and dense stages served remotely (`EmbeddedStackOptions.sources`): with a lexical target,
   * routing, inject and the index version are the lexical service's too, so nothing reads this process's
   * own (on the shared catalog, empty) lexical index.
   */
  sources: NonNullable<SearcherDeps["sources"]>;
  /** The reranker served by the rerank service (`StackModels.reranker`), when its target is set. */
  reranker?: Reranker;
  /**
   * The navindex planner served by the planner service, when its target is set: Search's plan
   * (`EmbeddedStackOptions.planner`) and Ask's model plan (`createAnswerAppOnStack`'s `remote.planner`).
   */
  planner?: PlannerClient;
  /** Which stages run remotely, for the ready line. */
  remote: string[];
  close(): void;
}

/**
 * Clients of the query-path stages the config names (LEXNAV_LEXICAL_TARGET, LEXNAV_VECTOR_TARGET,
 * LEXNAV_RERANK_TARGET, LEXNAV_PLANNER_TARGET); a stage without a target runs in process on the embedded store, as the single
 * process does. Each call carries the request's remaining budget, its principal and scope, and the trace.
 */
export function createQueryPathClients(config: LexnavConfig): QueryPathClients {
  const targets = config.queryTargets ?? {};
  const lexical = targets.lexical ? createLexicalStageClient({ target: targets.lexical }) : undefined;
  const dense = targets.vector ? createStageSearchClient("vector", { target: targets.vector }) : undefined;
  const reranker = targets.rerank ? createRemoteReranker({ target: targets.rerank }) : undefined;
  const planner = targets.planner ? createPlannerClient({ target: targets.planner }) : undefined;
  return {
    sources: { ...(lexical ? { lexical } : {}), ...(dense ? { dense } : {}) },
    ...(reranker ? { reranker } : {}),
    ...(planner ? { planner } : {}),
    remote: [lexical && "lexical", dense && "vector", reranker && "rerank", planner && "planner"].filter(
      (s): s is string => !!s,
    ),
    close() {
      lexical?.close();
      dense?.close();
      reranker?.close();
      planner?.close();
    },
  };
}
