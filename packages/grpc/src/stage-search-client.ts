import { create } from "@bufbuild/protobuf";
import { grpcServiceDefinition, searchV1 } from "@lexnav/proto";
import type { CandidateSource, LexicalSource, SourceHit } from "@lexnav/retrieval";
import { type ClientOptions, createUnaryCaller } from "./client.ts";

/** The binding of `lexnav.search.v1.SearchService`, as the lexical and vector stages serve it. */
const STAGE_SEARCH = grpcServiceDefinition(searchV1.SearchService);

/** A principal as a request carries it. */
const principalOf = (p: { id: string; groups: readonly string[] }) => ({ id: p.id, groups: [...p.groups] });

/** A passage hit of a response (Search, ListPassages) as the Searcher's source hit. */
const sourceHitOf = (h: searchV1.SearchHit): SourceHit => ({
  documentId: h.documentId,
  version: h.version,
  nodeId: h.nodeId,
  start: h.start,
  end: h.end,
  score: h.score,
});

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
        principal: principalOf(query.principal),
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
      const hits = response.hits.map(sourceHitOf);
      return { hits, indexVersion: response.indexVersion };
    },
    close: () => caller.close(),
  };
}

/** The lexical stage's client: its passage search, and what routing, inject and the index version read. */
export interface LexicalStageClient extends StageSearchClient, LexicalSource {
  readonly stage: "lexical";
}

/**
 * A client of the lexical service as the Searcher's whole lexical source (`SearcherDeps.sources.lexical`):
 * `Search` in LEXICAL mode, `SearchDocuments` (routing over the documents' cards), `ListPassages`
 * (inject) and `GetIndexVersion`, so a process on the shared catalog reads the stage's index and never
 * one of its own. The principal and the scope travel in every request, the budget as the deadline, the
 * trace in the metadata; a failure is lexnav's error naming the lexical service.
 */
export function createLexicalStageClient(options: ClientOptions): LexicalStageClient {
  const callee = "the lexical service";
  const passages = createStageSearchClient("lexical", options);
  const documents = createUnaryCaller<searchV1.SearchDocumentsRequest, searchV1.SearchDocumentsResponse>(
    STAGE_SEARCH,
    searchV1.SearchService,
    "searchDocuments",
    callee,
    options,
  );
  const holding = createUnaryCaller<searchV1.DocumentsHoldingRequest, searchV1.DocumentsHoldingResponse>(
    STAGE_SEARCH,
    searchV1.SearchService,
    "documentsHolding",
    callee,
    options,
  );
  const list = createUnaryCaller<searchV1.ListPassagesRequest, searchV1.ListPassagesResponse>(
    STAGE_SEARCH,
    searchV1.SearchService,
    "listPassages",
    callee,
    options,
  );
  const version = createUnaryCaller<searchV1.GetIndexVersionRequest, searchV1.GetIndexVersionResponse>(
    STAGE_SEARCH,
    searchV1.SearchService,
    "getIndexVersion",
    callee,
    options,
  );
  return {
    stage: "lexical",
    search: (query) => passages.search(query),
    async searchDocuments(query) {
      const response = await documents.call(
        create(searchV1.SearchDocumentsRequestSchema, {
          query: query.text,
          principal: principalOf(query.principal),
          topK: query.k,
          documentIds: [...(query.documentIds ?? [])],
        }),
        {
          "lexnav.stage": "lexical",
          "lexnav.principal": query.principal.id,
          "lexnav.k": query.k,
          "lexnav.scope.documents": query.documentIds?.length ?? 0,
        },
      );
      return {
        hits: response.hits.map((h) => ({
          documentId: h.documentId,
          score: h.score,
          ...(h.named ? { named: true } : {}),
        })),
        indexVersion: response.indexVersion,
      };
    },
    async documentsHolding(query) {
      const response = await holding.call(
        create(searchV1.DocumentsHoldingRequestSchema, {
          phrase: query.text,
          principal: principalOf(query.principal),
          limit: query.limit,
          documentIds: [...(query.documentIds ?? [])],
        }),
        {
          "lexnav.stage": "lexical",
          "lexnav.principal": query.principal.id,
          "lexnav.limit": query.limit,
          "lexnav.scope.documents": query.documentIds?.length ?? 0,
        },
      );
      return { documentIds: [...response.documentIds], indexVersion: response.indexVersion };
    },
    async listPassages(query) {
      const response = await list.call(
        create(searchV1.ListPassagesRequestSchema, {
          principal: principalOf(query.principal),
          documentIds: [...(query.documentIds ?? [])],
        }),
        {
          "lexnav.stage": "lexical",
          "lexnav.principal": query.principal.id,
          "lexnav.scope.documents": query.documentIds?.length ?? 0,
        },
      );
      const hits = response.hits.map(sourceHitOf);
      return { hits, indexVersion: response.indexVersion };
    },
    async activeVersion() {
      const response = await version.call(create(searchV1.GetIndexVersionRequestSchema, {}), {
        "lexnav.stage": "lexical",
      });
      return response.indexVersion ?? null;
    },
    close() {
      passages.close();
      documents.close();
      list.close();
      version.close();
    },
  };
}
