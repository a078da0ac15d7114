import { createSqliteAnswerStore, type SqlDatabase } from "@lexnav/answer";
import { cachedVersionNode } from "@lexnav/catalog";
import type { LexnavConfig, Logger } from "@lexnav/core";
import { createStackAsk, type EmbeddedStack, requestScope } from "@lexnav/stack";
import type { ReadinessCheck } from "@lexnav/telemetry";
import { type AnswerApp, createAnswerApp } from "./app.ts";
import type { Callers } from "./domain/callers.ts";

/**
 * The answer service over an embedded stack: asks with the configured model and offline, answer
 * records in `answers` (a connection to the same store), Search on the stack's searcher, every call
 * in the stack's audit log. Versions and
 * provisions are read from the catalog on every call (`longLived`), so a delete is seen at once.
 */
export function createAnswerAppOnStack(
  stack: Pick<EmbeddedStack, "catalog" | "searcher" | "audit">,
  config: LexnavConfig,
  answers: SqlDatabase,
  logger: Logger,
  callers?: Callers,
  readiness?: Readonly<Record<string, ReadinessCheck>>,
): AnswerApp {
  const wiring = { config, catalog: stack.catalog, searcher: stack.searcher };
  return createAnswerApp({
    ask: createStackAsk(wiring, false, { longLived: true }),
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
