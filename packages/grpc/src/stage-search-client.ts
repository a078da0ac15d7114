import { create } from "@bufbuild/protobuf";
import { grpcServiceDefinition, searchV1 } from "@lexnav/proto";
import type { CandidateSource, SourceHit } from "@lexnav/retrieval";
import { type ClientOptions, createUnaryCaller } from "./client.ts";

/** The binding of `lexnav.search.v1.SearchService`, as the lexical and vector stages serve it. */
const STAGE_SEARCH = grpcServiceDefinition(searchV1.SearchService);

/** The stage a client calls: the one mode it serves. */
export type StageName = "lexical" | "vector";

/** A candidate source over one stage service; `close` releases the channel. */
export interface StageSearchClient extends CandidateSource {
  readonly stage: StageName;
  close(): void;
}

/**
 * A client of a stage's `SearchService/Search` (services/lexical in LEXICAL mode, services/vector in
 * DENSE mode), as the Searcher's candidate source: the principal and the scope travel in every request,
 * the request's remaining budget as the gRPC deadline, the trace context in the metadata. Only search is
 * served remotely: a stage's index is written by its own consumer of the lifecycle events, never by a
 * caller. A failure is lexnav's error for the status, naming the stage and not its host (a stage that is
 * down is `unavailable`, a spent budget `deadline_exceeded`).
 */
export function createStageSearchClient(stage: StageName, options: ClientOptions): StageSearchClient {
  const callee = `the ${stage} service`;
  const caller = createUnaryCaller<searchV1.SearchRequest, searchV1.SearchResponse>(
    STAGE_SEARCH,
    searchV1.SearchService,
    "search",
    callee,
    options,
  );
  const mode = stage === "lexical" ? searchV1.SearchMode.LEXICAL : searchV1.SearchMode.DENSE;
  return {
    stage,
    async search(query) {
      const request = create(searchV1.SearchRequestSchema, {
        query: query.text,
        principal: { id: query.principal.id, groups: [...query.principal.groups] },
        mode,
        topK: query.k,
        documentIds: [...(query.documentIds ?? [])],
      });
      const response = await caller.call(request, {
        "lexnav.stage": stage,
        "lexnav.principal": query.principal.id,
        "lexnav.k": query.k,
        "lexnav.scope.documents": query.documentIds?.length ?? 0,
      });
      const hits: SourceHit[] = response.hits.map((h) => ({
        documentId: h.documentId,
        version: h.version,
        nodeId: h.nodeId,
        start: h.start,
        end: h.end,
        score: h.score,
      }));
      return { hits, indexVersion: response.indexVersion };
    },
    close: () => caller.close(),
  };
}
