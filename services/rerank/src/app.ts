import type { Logger } from "@lexnav/core";
import { beforeDeadline, createGrpcServer, type GrpcServer, RERANK_SERVICE, unaryHandler } from "@lexnav/grpc";
import { rerankV1 } from "@lexnav/proto";
import type { Reranker } from "@lexnav/retrieval";
import type { ReadinessCheck } from "@lexnav/telemetry";
import { readRerankRequest, rerankResponse } from "./domain/rerank-messages.ts";

export interface RerankAppDeps {
  /** The reranker that scores: the built-in one, or the local model the config names. */
  reranker: Reranker;
  logger: Logger;
  /**
   * What the service cannot score without, checked by `grpc.health.v1.Health/Check` and `/readyz`;
   * absent: SERVING while the process runs (the reranker is loaded before the service listens).
   */
  readiness?: Readonly<Record<string, ReadinessCheck>>;
}

/** The rerank service's server: `listen`, then `stop` to drain. */
export type RerankApp = GrpcServer;

/**
 * The rerank service: `RerankService/Rerank` scores a question's candidates with the reranker port and
 * returns them best first, each with its position in the request. A call is bounded by its deadline: one
 * that arrives spent is not scored, and one whose deadline passes while the model scores is answered
 * DEADLINE_EXCEEDED at the deadline, not when the model is done. Each call runs in a `lexnav.rerank.rpc`
 * SERVER span continuing the caller's trace, with counts, the top score and the reranker's id as
 * attributes, never the question or the passages.
 */
export function createRerankApp(deps: RerankAppDeps): RerankApp {
  const rerank = unaryHandler<rerankV1.RerankRequest, rerankV1.RerankResponse>(
    { logger: deps.logger, owner: "the rerank service" },
    rerankV1.RerankService,
    "Rerank",
    "lexnav.rerank.rpc",
    async (request, span) => {
      const call = readRerankRequest(request);
      span.setAttributes({
        "lexnav.candidates": call.candidates.length,
        "lexnav.reranker": deps.reranker.id,
        ...(call.principal ? { "lexnav.principal": call.principal.id } : {}),
      });
      const scores =
        call.candidates.length === 0
          ? []
          : await beforeDeadline("Rerank", () => deps.reranker.rerank(call.query, call.candidates));
      const response = rerankResponse(call, scores, deps.reranker.id);
      const top = response.results[0]?.score;
      if (top !== undefined) span.setAttribute("lexnav.top_score", top);
      return {
        response,
        log: { candidates: call.candidates.length, kept: response.results.length, reranker: deps.reranker.id },
      };
    },
  );
  return createGrpcServer({
    name: "rerank service",
    logger: deps.logger,
    services: [{ definition: RERANK_SERVICE, typeName: rerankV1.RerankService.typeName, implementation: { rerank } }],
    ...(deps.readiness ? { readiness: deps.readiness } : {}),
  });
}
