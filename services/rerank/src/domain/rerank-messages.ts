import { create } from "@bufbuild/protobuf";
import { LexnavError } from "@lexnav/core";
import type { NodeFlags } from "@lexnav/document-model";
import { rerankV1 } from "@lexnav/proto";
import type { Principal, RerankCandidate } from "@lexnav/retrieval";

/**
 * Most candidates one call may send: ten times the pool navembed-r4 reranks (40), so a caller's larger
 * pool fits, while a request that would hold a model for minutes is refused rather than queued.
 */
export const MAX_RERANK_CANDIDATES = 400;

/** Most characters of a query: a question, not a document. */
export const MAX_RERANK_QUERY_CHARS = 8_000;
/** Retrieval stages a candidate may say ranked it (lexnav sends at most four: words and meaning, routed and corpus). */
export const MAX_RERANK_STAGES = 16;

/** A RerankRequest as the reranker port takes it. */
export interface RerankCall {
  query: string;
  candidates: RerankCandidate[];
  /** How many results to return, best first (all when the request says 0). */
  topK: number;
  principal?: Principal;
}

/** Reads a RerankRequest; one the service cannot honour is refused with a reason. */
export function readRerankRequest(req: rerankV1.RerankRequest): RerankCall {
  if (req.query.trim() === "") throw new LexnavError("invalid_argument", "the query is empty: rerank for a question");
  if (req.query.length > MAX_RERANK_QUERY_CHARS)
    throw new LexnavError("invalid_argument", `the query is over ${MAX_RERANK_QUERY_CHARS} characters`);
  if (req.candidates.length > MAX_RERANK_CANDIDATES)
    throw new LexnavError(
      "too_large",
      `${req.candidates.length} candidates; send at most ${MAX_RERANK_CANDIDATES} per call, the head of the retrieval order`,
    );
  const staged = req.candidates.findIndex((c) => c.stages.length > MAX_RERANK_STAGES);
  if (staged >= 0)
    throw new LexnavError(
      "too_large",
      `candidate ${staged} lists ${req.candidates[staged]?.stages.length} stages; send at most ${MAX_RERANK_STAGES}`,
    );
  return {
    query: req.query,
    candidates: req.candidates.map((c) => ({
      id: c.id,
      text: c.text,
      heading: c.heading,
      flags: c.flags ? flagsOf(c.flags) : null,
      ...(c.stages.length > 0 ? { stages: c.stages.map(({ stage, score, rank }) => ({ stage, score, rank })) } : {}),
    })),
    topK: req.topK === 0 ? req.candidates.length : Math.min(req.topK, req.candidates.length),
    ...(req.principal && req.principal.id !== ""
      ? { principal: { id: req.principal.id, groups: [...req.principal.groups] } }
      : {}),
  };
}

function flagsOf(f: NonNullable<rerankV1.RerankCandidate["flags"]>): NodeFlags {
  return {
    isDefinition: f.isDefinition,
    hasMoney: f.hasMoney,
    hasDate: f.hasDate,
    hasPercentage: f.hasPercentage,
    hasLiabilityLimit: f.hasLiabilityLimit,
    hasCondition: f.hasCondition,
    hasParty: f.hasParty,
    isTocEntry: f.isTocEntry,
    textLength: f.textLength,
  };
}

/**
 * The reranker's scores (one per candidate, in request order) as the response: best first, ties in
 * request order, each with its rank and its position in the request, the best `topK` kept.
 */
export function rerankResponse(call: RerankCall, scores: readonly number[], model: string): rerankV1.RerankResponse {
  if (scores.length !== call.candidates.length || scores.some((s) => !Number.isFinite(s)))
    throw new LexnavError(
      "internal",
      `the reranker returned ${scores.length} scores for ${call.candidates.length} candidates, or a non-finite one`,
    );
  const order = scores.map((score, index) => ({ score, index })).sort((a, b) => b.score - a.score || a.index - b.index);
  return create(rerankV1.RerankResponseSchema, {
    results: order.slice(0, call.topK).map((r, i) => ({
      id: call.candidates[r.index]?.id ?? "",
      score: r.score,
      rank: i + 1,
      index: r.index,
    })),
    model,
  });
}
