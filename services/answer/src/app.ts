import { create } from "@bufbuild/protobuf";
import {
  type handleUnaryCall,
  type Metadata,
  Server,
  ServerCredentials,
  type ServiceError,
  status,
} from "@grpc/grpc-js";
import type { AnswerStore, Ask } from "@lexnav/answer";
import type { AuditEntry, AuditLog } from "@lexnav/catalog";
import {
  contextFromHeaders,
  inSpan,
  type LexnavError,
  type Logger,
  type TelemetrySpan,
  toLexnavError,
  withContext,
} from "@lexnav/core";
import type { ProvisionNode } from "@lexnav/document-model";
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
import { HEALTH_SERVICE, healthCheckHandler } from "./grpc-health.ts";

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

export interface AnswerApp {
  /**
   * Binds `address` ("host:port"; port 0 picks one) and starts serving, over TLS when given a PEM
   * certificate chain and key, else plaintext; resolves to the bound port.
   */
  listen(address: string, tls?: { cert: Buffer; key: Buffer }): Promise<number>;
  /** Stops taking calls, lets those in flight finish (up to `graceMs`), then closes. */
  stop(graceMs?: number): Promise<void>;
}

/** The status a caller gets for each of lexnav's error codes. */
const STATUS: Record<LexnavError["code"], status> = {
  invalid_argument: status.INVALID_ARGUMENT,
  empty: status.INVALID_ARGUMENT,
  too_large: status.INVALID_ARGUMENT,
  unsupported_type: status.INVALID_ARGUMENT,
  invalid_encoding: status.INVALID_ARGUMENT,
  not_found: status.NOT_FOUND,
  unauthenticated: status.UNAUTHENTICATED,
  permission_denied: status.PERMISSION_DENIED,
  conflict: status.FAILED_PRECONDITION,
  unavailable: status.UNAVAILABLE,
  corrupt: status.INTERNAL,
  encrypted: status.INTERNAL,
  malicious: status.INTERNAL,
  internal: status.INTERNAL,
};

/** The error a caller sees: lexnav's own message, except internal ones, which stay in the log. */
export function serviceError(e: LexnavError): Partial<ServiceError> {
  const code = STATUS[e.code];
  return {
    code,
    details: code === status.INTERNAL ? "internal error; the answer service log has the details" : e.message,
  };
}

/** `traceparent` / `tracestate` of a call's metadata, to continue the caller's trace. */
function traceHeaders(metadata: Metadata): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ["traceparent", "tracestate"]) {
    const v = metadata.get(name)[0];
    if (typeof v === "string" && v !== "") out[name] = v;
  }
  return out;
}

/**
 * The query-path service: `AnswerService/Ask` retrieves for the asking principal (the filter runs
 * inside every store query), answers with verified citations or abstains, records the answer and
 * returns it with the query trace and the token ledger; `SearchService/Search` returns the passages
 * alone, for a caller that answers itself. Each call runs in a `lexnav.<service>.rpc` span that continues
 * the caller's trace; its attributes are ids, counts and codes, never the question or document text.
 */
export function createAnswerApp(deps: AnswerAppDeps): AnswerApp {
  const { logger } = deps;
  const server = new Server();

  /**
   * A unary handler in its SERVER span (OpenTelemetry RPC conventions: `rpc.system`, `rpc.service`,
   * `rpc.method`, `rpc.grpc.status_code`), continuing the caller's `traceparent`; a refusal or failure becomes
   * the status of its error code, internal details stay in the log.
   */
  const unary =
    <Req, Res>(
      service: { typeName: string },
      method: string,
      span: string,
      handle: (
        request: Req,
        span: TelemetrySpan,
        metadata: Metadata,
      ) => Promise<{ response: Res; log: Record<string, unknown> }>,
    ): handleUnaryCall<Req, Res> =>
    (call, callback) => {
      const started = performance.now();
      const attributes = { "rpc.system": "grpc", "rpc.service": service.typeName, "rpc.method": method };
      void withContext(contextFromHeaders(traceHeaders(call.metadata)), () =>
        inSpan(
          span,
          attributes,
          async (s) => {
            try {
              const { response, log } = await handle(call.request, s, call.metadata);
              logger.info(`${method} done`, { ...log, ms: Math.round(performance.now() - started) });
              s.setAttribute("rpc.grpc.status_code", status.OK);
              callback(null, response);
            } catch (err) {
              const e = toLexnavError(err);
              s.setAttributes({ "lexnav.error_code": e.code, "rpc.grpc.status_code": STATUS[e.code] });
              if (e.code === "internal") logger.error(`${method} failed`, { code: e.code, error: e.message });
              else logger.info(`${method} refused`, { code: e.code, error: e.message });
              callback(serviceError(e) as ServiceError, null);
            }
          },
          { kind: "server" },
        ),
      );
    };

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

  server.addService(ANSWER_SERVICE, { ask });
  server.addService(SEARCH_SERVICE, { search });
  server.addService(HEALTH_SERVICE, {
    check: healthCheckHandler([answerV1.AnswerService.typeName, searchV1.SearchService.typeName], deps.readiness ?? {}),
  });

  return {
    listen: (address, tls) =>
      new Promise((resolve, reject) => {
        const credentials = tls
          ? ServerCredentials.createSsl(null, [{ cert_chain: tls.cert, private_key: tls.key }], false)
          : ServerCredentials.createInsecure();
        server.bindAsync(address, credentials, (err, port) => {
          if (err) reject(err);
          else {
            logger.info("answer service listening", { address, port, tls: !!tls });
            resolve(port);
          }
        });
      }),
    stop: (graceMs = 30_000) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          logger.warn("calls still in flight after the grace period; closing them", { graceMs });
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}
