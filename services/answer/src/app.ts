import { create } from "@bufbuild/protobuf";
import type { Metadata } from "@grpc/grpc-js";
import type { AnswerStore, Ask } from "@lexnav/answer";
import type { AuditEntry, AuditLog } from "@lexnav/catalog";
import type { Logger } from "@lexnav/core";
import type { ProvisionNode } from "@lexnav/document-model";
import { createGrpcServer, type GrpcServer, unaryHandler } from "@lexnav/grpc";
import { answerV1, documentV1, grpcServiceDefinition, searchV1 } from "@lexnav/proto";
import type { Principal, QueryTrace, Searcher, TextOf } from "@lexnav/retrieval";
import type { ReadinessCheck } from "@lexnav/telemetry";
import type { Callers } from "./domain/callers.ts";
import {
  askResponse,
  type RequestScope,
  readAskRequest,
  readSearchRequest,
  searchResponse,
} from "./domain/query-messages.ts";

/** The gRPC bindings the service serves (clients build theirs from the same definitions). */
export const ANSWER_SERVICE = grpcServiceDefinition(answerV1.AnswerService);
export const SEARCH_SERVICE = grpcServiceDefinition(searchV1.SearchService);

export interface AnswerAppDeps {
  /** The ask use case with the configured model (offline when no key is set). */
  ask: Ask;
  /** The same use case on the offline evidence model, for requests with `offline` set. */
  askOffline: Ask;
  /** Where every answer is recorded, so `lexnav replay <answer_id>` can run it again. */
  store: AnswerStore;
  /**
   * Who may call, by bearer token (`authorization` metadata): each request is answered as its caller,
   * with the caller's groups. Absent: the service trusts the principal a request names, and must sit
   * behind something that authenticates callers and sets it.
   */
  callers?: Callers;
  /** What Search runs, with the text and provisions of stored versions it reads. */
  searcher: Searcher;
  text: TextOf;
  /**
   * A provision lookup for one request (`cachedVersionNode`: each version's nodes read once per request,
   * not once per hit, and never kept past it, since nodes are derived and may be rebuilt).
   */
  nodeLookup: () => (documentId: string, version: string, nodeId: string) => Promise<ProvisionNode | null>;
  /**
   * The documents a request's scope names that `principal` may read (`requestScope`: its document ids,
   * the documents of its transaction set, or both); undefined when it names none; `not_found`, one
   * message for unknown and unreadable alike, when it names one the principal may not read.
   */
  scope: (scope: RequestScope, principal: Principal) => Promise<string[] | undefined>;
  /** Where every Ask and Search is recorded: who asked what, which documents came back (ids only). */
  audit: AuditLog;
  logger: Logger;
  /**
   * What the service cannot answer without (its store), checked by `grpc.health.v1.Health/Check` and
   * `/readyz`; absent: the health service reports SERVING while the process runs.
   */
  readiness?: Readonly<Record<string, ReadinessCheck>>;
}

/** The answer service's server: `listen`, then `stop` to drain. */
export type AnswerApp = GrpcServer;

/**
 * The query-path service: `AnswerService/Ask` retrieves for the asking principal (the filter runs
 * inside every store query), answers with verified citations or abstains, records the answer and
 * returns it with the query trace and the token ledger; `SearchService/Search` returns the passages
 * alone, for a caller that answers itself. Each call runs in a `lexnav.<service>.rpc` span that continues
 * the caller's trace; its attributes are ids, counts and codes, never the question or document text.
 */
export function createAnswerApp(deps: AnswerAppDeps): AnswerApp {
  const unary = <Req, Res>(
    service: { typeName: string },
    method: string,
    span: string,
    handle: Parameters<typeof unaryHandler<Req, Res>>[4],
  ) => unaryHandler<Req, Res>({ logger: deps.logger, owner: "the answer service" }, service, method, span, handle);

  /** The request as its authenticated caller asks it (unchanged when no callers are configured). */
  const asCaller = <R extends { principal?: documentV1.Principal | undefined }>(request: R, metadata: Metadata): R => {
    if (!deps.callers) return request;
    const auth = metadata.get("authorization")[0];
    const principal = deps.callers.principalFor(typeof auth === "string" ? auth : undefined, request.principal);
    return { ...request, principal: create(documentV1.PrincipalSchema, principal) };
  };

  const audit = async (
    principal: { id: string; groups: readonly string[] },
    entry: Pick<AuditEntry, "action" | "question" | "mode" | "scope" | "documentIds" | "answerId">,
  ) =>
    await deps.audit.append({
      at: new Date().toISOString(),
      principal: principal.id,
      groups: [...principal.groups],
      channel: "grpc",
      operator: false,
      target: null,
      ...entry,
    });

  const ask = unary<answerV1.AskRequest, answerV1.AskResponse>(
    answerV1.AnswerService,
    "Ask",
    "lexnav.answer.rpc",
    async (request, span, metadata) => {
      const call = readAskRequest(asCaller(request, metadata));
      span.setAttributes({
        "lexnav.mode": call.mode,
        "lexnav.principal": call.principal.id,
        "lexnav.offline": call.offline,
      });
      let trace: QueryTrace | null = null;
      const documentIds = await deps.scope(call.scope, call.principal);
      const record = await (call.offline ? deps.askOffline : deps.ask).ask({
        question: call.question,
        mode: call.mode,
        principal: call.principal,
        k: call.k,
        ...(documentIds ? { documentIds } : {}),
        ...(call.indexVersion !== undefined ? { indexVersion: call.indexVersion } : {}),
        onTrace: (t) => {
          trace = t;
        },
      });
      await deps.store.put(record);
      await audit(call.principal, {
        action: "ask",
        question: record.question,
        mode: record.mode,
        scope: record.scope ?? null,
        documentIds: [...new Set(record.citations.map((c) => c.documentId))],
        answerId: record.id,
      });
      span.setAttributes({ "lexnav.answer_id": record.id, "lexnav.abstained": record.abstained });
      const response = askResponse(record, trace);
      const log = {
        answerId: record.id,
        mode: call.mode,
        abstained: record.abstained,
        citations: record.citations.length,
      };
      return { response, log };
    },
  );

  const search = unary<searchV1.SearchRequest, searchV1.SearchResponse>(
    searchV1.SearchService,
    "Search",
    "lexnav.search.rpc",
    async (request, span, metadata) => {
      const call = readSearchRequest(asCaller(request, metadata));
      span.setAttributes({ "lexnav.mode": call.request.mode, "lexnav.principal": call.request.principal.id });
      const documentIds = await deps.scope(call.scope, call.request.principal);
      const result = await deps.searcher.search(
        { ...call.request, ...(documentIds ? { documentIds } : {}) },
        deps.text,
      );
      // The hits' provisions, read before the response is built from them.
      const lookup = deps.nodeLookup();
      const nodes = new Map<string, ProvisionNode | null>();
      for (const p of result.passages)
        nodes.set(`${p.documentId}@${p.version}/${p.nodeId}`, await lookup(p.documentId, p.version, p.nodeId));
      const response = searchResponse(
        result,
        (documentId, version, nodeId) => nodes.get(`${documentId}@${version}/${nodeId}`) ?? null,
        call.trace,
      );
      await audit(call.request.principal, {
        action: "search",
        question: call.request.query,
        mode: call.request.mode,
        scope: documentIds ?? null,
        documentIds: [...new Set(result.passages.map((p) => p.documentId))],
        answerId: null,
      });
      return { response, log: { mode: call.request.mode, hits: response.hits.length } };
    },
  );

  return createGrpcServer({
    name: "answer service",
    logger: deps.logger,
    services: [
      { definition: ANSWER_SERVICE, typeName: answerV1.AnswerService.typeName, implementation: { ask } },
      { definition: SEARCH_SERVICE, typeName: searchV1.SearchService.typeName, implementation: { search } },
    ],
    ...(deps.readiness ? { readiness: deps.readiness } : {}),
  });
}
