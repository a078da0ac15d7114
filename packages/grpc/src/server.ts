import {
  type handleUnaryCall,
  type Metadata,
  Server,
  ServerCredentials,
  type ServiceDefinition,
  type ServiceError,
  status,
  type UntypedServiceImplementation,
} from "@grpc/grpc-js";
import { contextFromHeaders, inSpan, type Logger, type TelemetrySpan, toLexnavError, withContext } from "@lexnav/core";
import type { ReadinessCheck } from "@lexnav/telemetry";
import { deadlineExceeded, withCallContext } from "./call-context.ts";
import { HEALTH_SERVICE, healthCheckHandler } from "./health.ts";
import { GRPC_STATUS, serviceError } from "./status.ts";

/** `traceparent` / `tracestate` of a call's metadata, to continue the caller's trace. */
export function traceHeaders(metadata: Metadata): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ["traceparent", "tracestate"]) {
    const v = metadata.get(name)[0];
    if (typeof v === "string" && v !== "") out[name] = v;
  }
  return out;
}

/** What a unary handler returns: the response, and the fields of its one log line (ids and counts). */
export interface Handled<Res> {
  response: Res;
  log: Record<string, unknown>;
}

/**
 * A unary handler in its SERVER span (OpenTelemetry RPC conventions: `rpc.system`, `rpc.service`,
 * `rpc.method`, `rpc.grpc.status_code`), continuing the caller's `traceparent`. The call's deadline is the
 * request's (`withCallContext`), so the calls it makes downstream get what is left of it; a call that
 * arrives past its deadline is not started. A refusal or failure becomes the status of its error code;
 * internal details stay in the log of `owner` ("the answer service").
 */
export function unaryHandler<Req, Res>(
  deps: { logger: Logger; owner: string },
  service: { typeName: string },
  method: string,
  span: string,
  handle: (request: Req, span: TelemetrySpan, metadata: Metadata) => Promise<Handled<Res>>,
): handleUnaryCall<Req, Res> {
  const { logger } = deps;
  return (call, callback) => {
    const started = performance.now();
    const attributes = { "rpc.system": "grpc", "rpc.service": service.typeName, "rpc.method": method };
    const at = call.getDeadline();
    const deadline = at instanceof Date ? at.getTime() : Number.isFinite(at) ? at : undefined;
    void withContext(contextFromHeaders(traceHeaders(call.metadata)), () =>
      inSpan(
        span,
        attributes,
        async (s) => {
          try {
            if (deadline !== undefined && deadline <= Date.now()) throw deadlineExceeded(method);
            const { response, log } = await withCallContext(deadline !== undefined ? { deadline } : {}, () =>
              handle(call.request, s, call.metadata),
            );
            logger.info(`${method} done`, { ...log, ms: Math.round(performance.now() - started) });
            s.setAttribute("rpc.grpc.status_code", status.OK);
            callback(null, response);
          } catch (err) {
            const e = toLexnavError(err);
            s.setAttributes({ "lexnav.error_code": e.code, "rpc.grpc.status_code": GRPC_STATUS[e.code] });
            const ms = Math.round(performance.now() - started);
            if (e.code === "internal") logger.error(`${method} failed`, { code: e.code, error: e.message, ms });
            else logger.info(`${method} refused`, { code: e.code, error: e.message, ms });
            callback(serviceError(e, deps.owner) as ServiceError, null);
          }
        },
        { kind: "server" },
      ),
    );
  };
}

/** A gRPC server's life: bind, then drain. */
export interface GrpcServer {
  /**
   * Binds `address` ("host:port"; port 0 picks one) and starts serving, over TLS when given a PEM
   * certificate chain and key, else plaintext; resolves to the bound port.
   */
  listen(address: string, tls?: { cert: Buffer; key: Buffer }): Promise<number>;
  /** Stops taking calls, lets those in flight finish (up to `graceMs`), then closes. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * How long a caller's connection lives before the server asks it to reconnect: callers resolve the name again
 * only when a connection ends (grpc-js does not poll DNS), so without an end a long-lived caller never finds the
 * replicas added after it connected. The GOAWAY lets the calls in flight finish (each is bounded by its
 * deadline, so no grace timer cuts them); new calls go over the new connections. grpc-js adds ±10 % jitter,
 * so a caller's connections do not all end at once.
 */
const MAX_CONNECTION_AGE_MS = 5 * 60_000;

/**
 * A gRPC server of `services` with the standard health service beside them: `grpc.health.v1.Health/Check`
 * reports SERVING for the server and for each service name while every `readiness` check passes. Each
 * connection ends at its maximum age, once its calls in flight finish, so callers find new replicas.
 */
export function createGrpcServer(input: {
  /** Who is listening, for the log ("answer service"). */
  name: string;
  logger: Logger;
  services: ReadonlyArray<{
    definition: ServiceDefinition;
    typeName: string;
    implementation: UntypedServiceImplementation;
  }>;
  readiness?: Readonly<Record<string, ReadinessCheck>>;
  /** How long a connection lives before the server ends it (after its calls finish); default 5 minutes. */
  maxConnectionAgeMs?: number;
}): GrpcServer {
  const { logger } = input;
  const server = new Server({ "grpc.max_connection_age_ms": input.maxConnectionAgeMs ?? MAX_CONNECTION_AGE_MS });
  for (const s of input.services) server.addService(s.definition, s.implementation);
  server.addService(HEALTH_SERVICE, {
    check: healthCheckHandler(
      input.services.map((s) => s.typeName),
      input.readiness ?? {},
    ),
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
            logger.info(`${input.name} listening`, { address, port, tls: !!tls });
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
