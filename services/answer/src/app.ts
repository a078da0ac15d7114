import {
  type handleUnaryCall,
  type Metadata,
  Server,
  ServerCredentials,
  type ServiceError,
  status,
} from "@grpc/grpc-js";
import type { AnswerStore, Ask } from "@lexnav/answer";
import {
  contextFromHeaders,
  inSpan,
  type LexnavError,
  type Logger,
  type TelemetrySpan,
  toLexnavError,
  withContext,
} from "@lexnav/core";
import { answerV1, grpcServiceDefinition } from "@lexnav/proto";
import type { QueryTrace } from "@lexnav/retrieval";
import { askResponse, readAskRequest } from "./domain/ask-messages.ts";

/** The gRPC binding of `lexnav.answer.v1.AnswerService` (clients build theirs from the same definition). */
export const ANSWER_SERVICE = grpcServiceDefinition(answerV1.AnswerService);

export interface AnswerAppDeps {
  /** The ask use case with the configured model (offline when no key is set). */
  ask: Ask;
  /** The same use case on the offline evidence model, for requests with `offline` set. */
  askOffline: Ask;
  /** Where every answer is recorded, so `lexnav replay <answer_id>` can run it again. */
  store: AnswerStore;
  logger: Logger;
}

export interface AnswerApp {
  /** Binds `address` ("host:port"; port 0 picks one) and starts serving; resolves to the bound port. */
  listen(address: string): Promise<number>;
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
 * The answer service: `Ask` retrieves for the asking principal (the filter runs inside every store
 * query), answers with verified citations or abstains, records the answer and returns it with the
 * query trace and the token ledger. Each call runs in a `lexnav.answer.rpc` span that continues the
 * caller's trace; its attributes are ids, counts and codes, never the question or document text.
 */
export function createAnswerApp(deps: AnswerAppDeps): AnswerApp {
  const { logger } = deps;
  const server = new Server();

  const answer = async (
    request: answerV1.AskRequest,
    span: TelemetrySpan,
  ): Promise<{ response: answerV1.AskResponse; mode: string }> => {
    const call = readAskRequest(request);
    span.setAttributes({
      "lexnav.mode": call.mode,
      "lexnav.principal": call.principal.id,
      "lexnav.offline": call.offline,
    });
    let trace: QueryTrace | null = null;
    const record = await (call.offline ? deps.askOffline : deps.ask).ask({
      question: call.question,
      mode: call.mode,
      principal: call.principal,
      k: call.k,
      onTrace: (t) => {
        trace = t;
      },
    });
    deps.store.put(record);
    span.setAttributes({ "lexnav.answer_id": record.id, "lexnav.abstained": record.abstained });
    return { response: askResponse(record, trace), mode: call.mode };
  };

  const ask: handleUnaryCall<answerV1.AskRequest, answerV1.AskResponse> = (call, callback) => {
    const started = performance.now();
    const attributes = { "rpc.system": "grpc", "rpc.service": answerV1.AnswerService.typeName, "rpc.method": "Ask" };
    void withContext(contextFromHeaders(traceHeaders(call.metadata)), () =>
      inSpan("lexnav.answer.rpc", attributes, async (span) => {
        try {
          const { response, mode } = await answer(call.request, span);
          logger.info("answered", {
            answerId: response.answerId,
            mode,
            abstained: response.abstained,
            citations: response.citations.length,
            ms: Math.round(performance.now() - started),
          });
          callback(null, response);
        } catch (err) {
          const e = toLexnavError(err);
          span.setAttributes({ "lexnav.error_code": e.code });
          if (e.code === "internal") logger.error("ask failed", { code: e.code, error: e.message });
          else logger.info("ask refused", { code: e.code, error: e.message });
          callback(serviceError(e) as ServiceError, null);
        }
      }),
    );
  };

  server.addService(ANSWER_SERVICE, { ask });

  return {
    listen: (address) =>
      new Promise((resolve, reject) => {
        server.bindAsync(address, ServerCredentials.createInsecure(), (err, port) => {
          if (err) reject(err);
          else {
            logger.info("answer service listening", { address, port });
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
