import { create } from "@bufbuild/protobuf";
import type { NodeFlags } from "@lexnav/document-model";
import { grpcServiceDefinition, rerankV1 } from "@lexnav/proto";
import type { RerankCandidate, Reranker } from "@lexnav/retrieval";
import { currentCallContext } from "./call-context.ts";
import { type ClientOptions, createUnaryCaller } from "./client.ts";
import { errorFromStatus } from "./status.ts";

/** The binding of `lexnav.rerank.v1.RerankService`, served by services/rerank and called here. */
export const RERANK_SERVICE = grpcServiceDefinition(rerankV1.RerankService);

/** The reranker port over the rerank service; `close` releases the channel. */
export interface RemoteReranker extends Reranker {
  close(): void;
}

/** A candidate's flags as the wire carries them. */
export function flagsMessage(flags: NodeFlags): rerankV1.RerankCandidate["flags"] {
  return {
    $typeName: "lexnav.document.v1.NodeFlags",
    isDefinition: flags.isDefinition,
    hasMoney: flags.hasMoney,
    hasDate: flags.hasDate,
    hasPercentage: flags.hasPercentage,
    hasLiabilityLimit: flags.hasLiabilityLimit,
    hasCondition: flags.hasCondition,
    hasParty: flags.hasParty,
    isTocEntry: flags.isTocEntry,
    textLength: flags.textLength,
  };
}

/**
 * The reranker port served by the rerank service (`lexnav.rerank.v1.RerankService/Rerank`): one score
 * per candidate in the order given, as the in-process reranker returns them. Each call carries the
 * current request's remaining budget as its deadline, the asker (`withCallContext`) in the request,
 * and the trace context in its metadata; a failure is lexnav's error for the status (a spent budget is
 * `deadline_exceeded`, an unreachable service `unavailable`).
 */
export function createRemoteReranker(options: ClientOptions & { id?: string }): RemoteReranker {
  const caller = createUnaryCaller<rerankV1.RerankRequest, rerankV1.RerankResponse>(
    RERANK_SERVICE,
    rerankV1.RerankService,
    "rerank",
    "the rerank service",
    options,
  );
  const rerank = async (query: string, candidates: RerankCandidate[]): Promise<number[]> => {
    if (candidates.length === 0) return [];
    const { principal } = currentCallContext();
    const request = create(rerankV1.RerankRequestSchema, {
      query,
      candidates: candidates.map((c) => ({
        id: c.id,
        text: c.text,
        heading: c.heading,
        ...(c.flags ? { flags: flagsMessage(c.flags) } : {}),
        stages: (c.stages ?? []).map(({ stage, score, rank }) => ({ stage, score, rank })),
      })),
      ...(principal ? { principal: { id: principal.id, groups: [...principal.groups] } } : {}),
    });
    const response = await caller.call(request, {
      "lexnav.candidates": candidates.length,
      ...(principal ? { "lexnav.principal": principal.id } : {}),
    });
    const scores: Array<number | undefined> = candidates.map(() => undefined);
    for (const r of response.results) if (r.index < scores.length) scores[r.index] = r.score;
    if (scores.some((s) => s === undefined))
      throw errorFromStatus(new Error("the rerank service did not score every candidate"), "the rerank service");
    return scores as number[];
  };
  return {
    id: options.id ?? `grpc:${options.target}`,
    rerank,
    close: () => caller.close(),
  };
}
