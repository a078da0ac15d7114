import type { LexnavConfig, Logger } from "@lexnav/core";
import { createBuiltinReranker, type Reranker } from "@lexnav/retrieval";
import { loadStackReranker } from "@lexnav/stack";
import type { ReadinessCheck } from "@lexnav/telemetry";
import { createRerankApp, type RerankApp } from "./app.ts";

/**
 * The reranker the config names (LEXNAV_RERANKER_MODEL_DIR: a cross-encoder folder or `late-interaction`;
 * LEXNAV_RERANKER_WEIGHTS: the built-in one with fitted weights of one's own), else the built-in one, as
 * the single process reranks navembed-r4 with; `close` releases a model's session.
 */
export async function loadReranker(config: LexnavConfig): Promise<{ reranker: Reranker; close(): Promise<void> }> {
  const model = await loadStackReranker(config);
  const closable = model as (Reranker & { close?: () => Promise<void> }) | undefined;
  return {
    reranker: model ?? createBuiltinReranker(),
    close: async () => {
      await closable?.close?.();
    },
  };
}

/** The rerank service over the reranker the config names; `close` releases the reranker after `app.stop`. */
export async function createRerankAppFromConfig(
  config: LexnavConfig,
  logger: Logger,
  readiness?: Readonly<Record<string, ReadinessCheck>>,
): Promise<{ app: RerankApp; reranker: Reranker; close(): Promise<void> }> {
  const { reranker, close } = await loadReranker(config);
  return { app: createRerankApp({ reranker, logger, ...(readiness ? { readiness } : {}) }), reranker, close };
}
