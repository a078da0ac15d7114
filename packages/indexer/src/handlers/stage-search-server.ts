import { create } from "@bufbuild/protobuf";
import type { UntypedServiceImplementation } from "@grpc/grpc-js";
import type { Catalog } from "@lexnav/catalog";
import { LexnavError, type Logger } from "@lexnav/core";
import { createGrpcServer, type GrpcServer, unaryHandler } from "@lexnav/grpc";
import { grpcServiceDefinition, searchV1 } from "@lexnav/proto";
import type { Principal } from "@lexnav/retrieval";
import { readableDocument, requestScope } from "@lexnav/stack";
import type { ReadinessCheck } from "@lexnav/telemetry";
import type { StageHit, StageStore } from "../ports/stage-store.ts";

/** The binding a stage serves, and clients build theirs from. */
export const STAGE_SEARCH_SERVICE = grpcServiceDefinition(searchV1.SearchService);

/** Hits returned when a request leaves `top_k` at 0, and the most it may ask for. */
export const STAGE_DEFAULT_TOP_K = 10;
export const STAGE_MAX_TOP_K = 100;
/** The most document ids a request may list. */
const MAX_SCOPE_DOCUMENTS = 1000;

export interface StageSearchServerDeps {
  store: StageStore;
  /** The one mode this stage serves (LEXICAL for `lexical`, DENSE for `vector`); UNSPECIFIED means it too. */
  mode: searchV1.SearchMode;
  /** To resolve a request's scope (documents, transaction set) against what its principal may read. */
  catalog: Pick<Catalog, "listDocuments" | "getDocument" | "transactionSetNames">;
  logger: Logger;
  /** What the stage cannot serve without (its store, NATS), for gRPC health and `/readyz`. */
  readiness?: Readonly<Record<string, ReadinessCheck>>;
}

/** A stage's gRPC server: bind, then drain. */
export type StageSearchServer = GrpcServer;

/** A request as the stage runs it, or `invalid_argument` with a reason a caller can act on. */
export function readStageSearchRequest(
  request: searchV1.SearchRequest,
  mode: searchV1.SearchMode,
): { query: string; principal: Principal; k: number; documentIds?: string[]; transactionSetId?: string } {
  const read = readStageReadRequest(request, "search");
  const { query, k } = readQuery(request);
  if (request.mode !== searchV1.SearchMode.UNSPECIFIED && request.mode !== mode)
    throw new LexnavError(
      "invalid_argument",
      `this service serves ${searchV1.SearchMode[mode]} search only, not ${searchV1.SearchMode[request.mode] ?? request.mode}`,
    );
  if (request.indexVersion !== undefined)
    throw new LexnavError("invalid_argument", "index_version cannot be pinned on a stage service");
  return {
    query,
    principal: read.principal,
    k,
    ...(read.documentIds ? { documentIds: read.documentIds } : {}),
    ...(request.transactionSetId !== undefined ? { transactionSetId: request.transactionSetId } : {}),
  };
}

/** The query text and the hits asked for (`top_k`, 0 for the default), or `invalid_argument`. */
function readQuery(request: { query: string; topK: number }): { query: string; k: number } {
  if (request.query.trim() === "") throw new LexnavError("invalid_argument", "query is empty");
  if (request.topK > STAGE_MAX_TOP_K) throw new LexnavError("invalid_argument", `top_k is at most ${STAGE_MAX_TOP_K}`);
  return { query: request.query, k: request.topK === 0 ? STAGE_DEFAULT_TOP_K : request.topK };
}

/** The principal and scope of a stage's read other than Search, or `invalid_argument` with a reason. */
function readStageReadRequest(
  request: { principal?: { id: string; groups: string[] } | undefined; documentIds: readonly string[] },
  what = "read",
): { principal: Principal; documentIds?: string[] } {
  const p = request.principal;
  if (!p || p.id.trim() === "")
    throw new LexnavError("invalid_argument", `principal is required: every ${what} runs for someone`);
  if (request.documentIds.length > MAX_SCOPE_DOCUMENTS)
    throw new LexnavError("invalid_argument", `at most ${MAX_SCOPE_DOCUMENTS} document ids`);
  return {
    principal: { id: p.id, groups: [...p.groups] },
    ...(request.documentIds.length > 0 ? { documentIds: [...request.documentIds] } : {}),
  };
}

/**
 * The handlers of what a Searcher elsewhere reads of the store besides passage search (routing over the
 * documents' cards, inject's passages, the active version), for a store that serves them: the principal
 * and the scope the request carries go into the store query, as in Search. A store without them leaves
 * the RPCs unimplemented.
 */
function storeReadHandlers(deps: StageSearchServerDeps): UntypedServiceImplementation {
  const { logger, store } = deps;
  const owner = { logger, owner: `the ${store.name} service` };
  const scoped = async (documentIds: string[] | undefined, principal: Principal) =>
    await requestScope(deps.catalog, documentIds ? { documentIds } : {}, principal);
  const out: UntypedServiceImplementation = {};
  const { searchDocuments, documentsHolding, listPassages, activeVersion } = store;
  if (searchDocuments)
    out.searchDocuments = unaryHandler<searchV1.SearchDocumentsRequest, searchV1.SearchDocumentsResponse>(
      owner,
      searchV1.SearchService,
      "SearchDocuments",
      `lexnav.${store.name}.rpc`,
      async (request, span) => {
        const req = readStageReadRequest(request);
        const { query, k } = readQuery(request);
        span.setAttributes({ "lexnav.principal": req.principal.id, "lexnav.k": k });
        const documentIds = await scoped(req.documentIds, req.principal);
        const result = await searchDocuments.call(store, {
          text: query,
          principal: req.principal,
          k,
          ...(documentIds ? { documentIds } : {}),
        });
        const hits = await servedHits(deps.catalog, req.principal, result.hits);
        const response = create(searchV1.SearchDocumentsResponseSchema, {
          indexVersion: result.indexVersion,
          hits: hits.map((h) => ({ documentId: h.documentId, score: h.score, named: h.named === true })),
        });
        span.setAttribute("lexnav.hits", response.hits.length);
        return { response, log: { hits: response.hits.length } };
      },
    );
  if (documentsHolding)
    out.documentsHolding = unaryHandler<searchV1.DocumentsHoldingRequest, searchV1.DocumentsHoldingResponse>(
      owner,
      searchV1.SearchService,
      "DocumentsHolding",
      `lexnav.${store.name}.rpc`,
      async (request, span) => {
        const req = readStageReadRequest(request);
        const { query: text, k: limit } = readQuery({ query: request.phrase, topK: request.limit });
        span.setAttributes({ "lexnav.principal": req.principal.id, "lexnav.limit": limit });
        const documentIds = await scoped(req.documentIds, req.principal);
        const result = await documentsHolding.call(store, {
          text,
          principal: req.principal,
          limit,
          ...(documentIds ? { documentIds } : {}),
        });
        // only documents the catalog serves the principal, as every read here
        const served = await servedHits(
          deps.catalog,
          req.principal,
          result.documentIds.map((documentId) => ({ documentId })),
        );
        const response = create(searchV1.DocumentsHoldingResponseSchema, {
          indexVersion: result.indexVersion,
          documentIds: served.map((h) => h.documentId),
        });
        span.setAttribute("lexnav.hits", response.documentIds.length);
        return { response, log: { hits: response.documentIds.length } };
      },
    );
  if (listPassages)
    out.listPassages = unaryHandler<searchV1.ListPassagesRequest, searchV1.ListPassagesResponse>(
      owner,
      searchV1.SearchService,
      "ListPassages",
      `lexnav.${store.name}.rpc`,
      async (request, span) => {
        const req = readStageReadRequest(request);
        span.setAttribute("lexnav.principal", req.principal.id);
        const documentIds = await scoped(req.documentIds, req.principal);
        const result = await listPassages.call(store, {
          principal: req.principal,
          ...(documentIds ? { documentIds } : {}),
        });
        // Inject reads these passages' text by version: only the versions the catalog serves, as Search.
        const hits = await servedHits(deps.catalog, req.principal, result.hits);
        const response = create(searchV1.ListPassagesResponseSchema, {
          indexVersion: result.indexVersion,
          hits: hits.map(spanOf),
        });
        span.setAttribute("lexnav.hits", response.hits.length);
        return { response, log: { hits: response.hits.length } };
      },
    );
  if (activeVersion)
    out.getIndexVersion = unaryHandler<searchV1.GetIndexVersionRequest, searchV1.GetIndexVersionResponse>(
      owner,
      searchV1.SearchService,
      "GetIndexVersion",
      `lexnav.${store.name}.rpc`,
      async () => {
        const version = await activeVersion.call(store);
        const response = create(
          searchV1.GetIndexVersionResponseSchema,
          version === null ? {} : { indexVersion: version },
        );
        return { response, log: {} };
      },
    );
  return out;
}

/** The passage span and score of a hit, as a response carries it. */
const spanOf = (h: StageHit) => ({
  documentId: h.documentId,
  version: h.version,
  nodeId: h.nodeId,
  start: h.start,
  end: h.end,
  score: h.score,
});

/**
 * The hits the catalog lets this principal see now: of a document the principal may read under the
 * catalog's current access (its grants and walls, the rule the store filter applies), and of the version
 * the catalog serves (a document hit, which names no version, of a document the catalog serves at all).
 *
 * The store's own filter, inside its query, stays the authority: this second check runs on what the store
 * returned and can only remove hits. It closes the window before a stage applies a change: a store that
 * has not applied a revoke or a wall still matches the old grant, and a store between versions, or one
 * that still holds a version the catalog has moved past or a document the catalog deleted, holds hits the
 * catalog does not serve. Those are dropped here, in the stage, so no caller (the answer service's fusion,
 * a direct client) gets a stale permission or mixes two versions of a document. A grant the catalog has
 * added and the store has not applied finds nothing until the store applies it.
 */
export async function servedHits<H extends { documentId: string; version?: string }>(
  catalog: Pick<Catalog, "getDocument">,
  principal: Principal,
  hits: readonly H[],
): Promise<H[]> {
  // One catalog read per document, side by side: this is on every search's path.
  const ids = [...new Set(hits.map((h) => h.documentId))];
  const records = await Promise.all(ids.map(async (id) => await readableDocument(catalog, principal, id)));
  const served = new Map(ids.map((id, i) => [id, records[i]?.currentVersion ?? null]));
  return hits.filter((h) => {
    const version = served.get(h.documentId) ?? null;
    return version !== null && (h.version === undefined || h.version === version);
  });
}

/**
 * A stage's query side: `SearchService/Search` in its one mode over the stage's store, for the principal
 * and scope the request carries (the permission filter and scope run inside the store query), and the
 * standard gRPC health service. A call whose deadline has passed is not started (`DEADLINE_EXCEEDED`); an
 * error becomes the status of its code, and internal details stay in the log.
 */
export function createStageSearchServer(deps: StageSearchServerDeps): StageSearchServer {
  const { logger, store } = deps;
  const search = unaryHandler<searchV1.SearchRequest, searchV1.SearchResponse>(
    { logger, owner: `the ${store.name} service` },
    searchV1.SearchService,
    "Search",
    `lexnav.${store.name}.rpc`,
    async (request, span) => {
      const req = readStageSearchRequest(request, deps.mode);
      span.setAttributes({ "lexnav.principal": req.principal.id, "lexnav.k": req.k });
      const documentIds = await requestScope(
        deps.catalog,
        {
          ...(req.documentIds ? { documentIds: req.documentIds } : {}),
          ...(req.transactionSetId !== undefined ? { transactionSetId: req.transactionSetId } : {}),
        },
        req.principal,
      );
      const result = await store.search({
        text: req.query,
        principal: req.principal,
        k: req.k,
        ...(documentIds ? { documentIds } : {}),
      });
      const hits = await servedHits(deps.catalog, req.principal, result.hits);
      if (hits.length < result.hits.length) span.setAttribute("lexnav.unserved_hits", result.hits.length - hits.length);
      const response = create(searchV1.SearchResponseSchema, {
        indexVersion: result.indexVersion,
        hits: hits.map((h, i) => ({ ...spanOf(h), stageScores: [{ stage: store.name, score: h.score, rank: i + 1 }] })),
      });
      span.setAttribute("lexnav.hits", response.hits.length);
      return { response, log: { hits: response.hits.length } };
    },
  );
  return createGrpcServer({
    name: `${store.name} service`,
    logger,
    services: [
      {
        definition: STAGE_SEARCH_SERVICE,
        typeName: searchV1.SearchService.typeName,
        implementation: { search, ...storeReadHandlers(deps) },
      },
    ],
    ...(deps.readiness ? { readiness: deps.readiness } : {}),
  });
}
