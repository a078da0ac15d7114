import { LexnavError } from "@lexnav/core";
import type { AsyncReranker, RerankCandidate, Reranker } from "../ports/reranker.ts";

/** Lets the synchronous searcher use an async reranker without changing the searcher. */
export interface RerankBridge {
  /** The synchronous reranker to hand to `createSearcher({ reranker })`. */
  readonly reranker: Reranker;
  /**
   * Runs `search` (a synchronous call that may rerank with `reranker`) and resolves to its result
   * with the async reranker's scores. Runs are serialised: one at a time per bridge.
   */
  run<T>(search: () => T): Promise<T>;
}

const keyOf = (query: string, c: RerankCandidate) => `${query}\u0000${c.id}\u0000${c.text}`;

/**
 * Two passes over a deterministic search: the first records the (query, candidates) the reranker
 * is asked about and answers with zeros; the recorded pairs are scored by the async reranker; the
 * second pass answers from those scores. Retrieval before reranking does not depend on the
 * reranker, so the second pass asks about the same candidates. When the search never reranks,
 * the first pass's result is returned as is. Calling `reranker.rerank` outside `run` throws.
 */
export function createRerankBridge(inner: AsyncReranker): RerankBridge {
  let phase: "idle" | "record" | "replay" = "idle";
  let recorded: Array<{ query: string; candidates: RerankCandidate[] }> = [];
  let scores = new Map<string, number>();
  let tail: Promise<unknown> = Promise.resolve();

  const reranker: Reranker = {
    id: inner.id,
    rerank(query, candidates) {
      if (phase === "record") {
        recorded.push({ query, candidates });
        return candidates.map(() => 0);
      }
      if (phase === "replay") {
        return candidates.map((c) => {
          const s = scores.get(keyOf(query, c));
          if (s === undefined) {
            throw new LexnavError(
              "internal",
              `the rerank bridge has no score for ${c.id}: the search is not deterministic`,
            );
          }
          return s;
        });
      }
      throw new LexnavError("internal", `reranker ${inner.id} is async: call the search inside RerankBridge.run`);
    },
  };

  const runOnce = async <T>(search: () => T): Promise<T> => {
    recorded = [];
    scores = new Map();
    try {
      phase = "record";
      const first = search();
      phase = "idle";
      if (recorded.length === 0) return first;
      for (const { query, candidates } of recorded) {
        const s = await inner.rerankAsync(query, candidates);
        candidates.forEach((c, i) => {
          scores.set(keyOf(query, c), s[i] ?? 0);
        });
      }
      phase = "replay";
      return search();
    } finally {
      phase = "idle";
      recorded = [];
    }
  };

  return {
    reranker,
    run(search) {
      const result = tail.then(() => runOnce(search));
      tail = result.catch(() => undefined);
      return result;
    },
  };
}
