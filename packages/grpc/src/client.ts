import {
  type ChannelCredentials,
  type Client,
  credentials,
  Metadata,
  makeGenericClientConstructor,
  type ServiceDefinition,
  type ServiceError,
  status,
} from "@grpc/grpc-js";
import { headersFromContext, inSpan } from "@lexnav/core";
import { deadlineExceeded, deadlineFor } from "./call-context.ts";
import { errorFromStatus } from "./status.ts";

/** Where a client calls, and how long one call may take at most. */
export interface ClientOptions {
  /**
   * "host:port", or any gRPC target: one that resolves to several addresses (`dns:///rerank.lexnav.svc:50051`
   * of a headless Service, `ipv4:10.0.0.5:50051,10.0.0.6:50051`) spreads the calls over all of them.
   */
  target: string;
  /** Plaintext when absent. */
  credentials?: ChannelCredentials;
  /**
   * Most milliseconds one call may take; the request's own deadline (`withCallContext`) wins when
   * sooner. Absent: only the request's deadline bounds it.
   */
  timeoutMs?: number;
}

/** One unary method of a lexnav service, called as the current request. */
export interface UnaryCaller<Req, Res> {
  /** Calls with the trace context in the metadata and the remaining budget as the gRPC deadline. */
  call(request: Req, attributes?: SpanAttributes): Promise<Res>;
  close(): void;
}

/** Span attributes of one call: ids, counts, versions; never document or question text. */
export type SpanAttributes = Record<string, string | number | boolean>;

/**
 * The channel options of every client. Calls go round robin over every address the target resolves to, not
 * all to the first one that answers (grpc-js's default `pick_first`): one caller's load spreads over every
 * replica of a stage, and a replica that goes away leaves the rotation when its connection drops.
 *
 * - The service config is ours, not DNS's: TXT lookups are off (each resolution would cost a query for a
 *   record nobody publishes, and a record there could switch the policy back).
 * - grpc-js re-resolves a name only when a connection drops, no more often than
 *   `dns_min_time_between_resolutions_ms`. 5 s instead of the default 30 s: after a rollout or a crash the
 *   new pods join the rotation within seconds of the first dropped connection. A replica added while every
 *   connection stays up is found when the servers end their connections at their maximum age
 *   (`createGrpcServer`), so scale-out reaches a long-lived caller too.
 * - Keepalive pings every 30 s while calls are in flight find a peer that vanished without closing its
 *   connections (a node lost): its calls fail then, not at their deadline, and it leaves the rotation.
 *   lexnav's servers are grpc-js ones, which accept pings at any rate.
 */
const CHANNEL_OPTIONS = {
  "grpc.service_config": JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  "grpc.service_config_disable_resolution": 1,
  "grpc.dns_min_time_between_resolutions_ms": 5_000,
  "grpc.keepalive_time_ms": 30_000,
  "grpc.keepalive_timeout_ms": 10_000,
} as const;

type Callback<Res> = (e: ServiceError | null, r?: Res) => void;
type Rpc<Req, Res> = (req: Req, md: Metadata, options: { deadline?: Date }, cb: Callback<Res>) => unknown;

/**
 * A caller of `method` (its local name in `definition`, e.g. "rerank") of `service` at `options.target`:
 * each call runs in a CLIENT span (`rpc.*` attributes, the status code) whose context travels in the
 * `traceparent` metadata, carries the request's remaining budget as its gRPC deadline (a budget already
 * spent is refused without a call), and fails with lexnav's error for the status (`errorFromStatus`),
 * naming `callee` rather than the callee's host.
 */
export function createUnaryCaller<Req, Res>(
  definition: ServiceDefinition,
  service: { typeName: string },
  method: string,
  callee: string,
  options: ClientOptions,
): UnaryCaller<Req, Res> {
  const Ctor = makeGenericClientConstructor(definition, service.typeName);
  const client = new Ctor(
    options.target,
    options.credentials ?? credentials.createInsecure(),
    CHANNEL_OPTIONS,
  ) as unknown as Client & Record<string, Rpc<Req, Res>>;
  const rpc = client[method];
  if (!rpc) throw new Error(`${service.typeName} has no method ${method}`);
  const wireName = definition[method]?.path.split("/").pop() ?? method;
  return {
    call: (request, attributes = {}) =>
      inSpan(
        `${service.typeName}/${wireName}`,
        { "rpc.system": "grpc", "rpc.service": service.typeName, "rpc.method": wireName, ...attributes },
        async (span) => {
          const deadline = deadlineFor(options.timeoutMs);
          if (deadline !== undefined && deadline <= Date.now()) {
            span.setAttribute("rpc.grpc.status_code", status.DEADLINE_EXCEEDED);
            throw deadlineExceeded(callee);
          }
          const metadata = new Metadata();
          for (const [k, v] of Object.entries(headersFromContext())) metadata.set(k, v);
          try {
            const response = await new Promise<Res>((resolve, reject) =>
              rpc.call(
                client,
                request,
                metadata,
                deadline !== undefined ? { deadline: new Date(deadline) } : {},
                (e, r) => (e ? reject(e) : resolve(r as Res)),
              ),
            );
            span.setAttribute("rpc.grpc.status_code", status.OK);
            return response;
          } catch (e) {
            const code = (e as Partial<ServiceError>).code;
            if (typeof code === "number") span.setAttribute("rpc.grpc.status_code", code);
            throw errorFromStatus(e, callee);
          }
        },
        { kind: "client" },
      ),
    close: () => client.close(),
  };
}
