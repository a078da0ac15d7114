import { BinaryReader, BinaryWriter } from "@bufbuild/protobuf/wire";
import { type handleUnaryCall, type ServiceDefinition, type ServiceError, status } from "@grpc/grpc-js";
import type { LexnavError } from "@lexnav/core";
import { checkReadiness, type ReadinessCheck } from "./health-server.ts";

/** The gRPC status a caller gets for each of lexnav's error codes, in every lexnav gRPC service. */
export const GRPC_STATUS: Record<LexnavError["code"], status> = {
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

/**
 * The error a caller of `service` sees: lexnav's own message, except for internal errors, whose message can
 * hold implementation details (paths, SQL, exception text) and stays in the service's log.
 */
export function grpcServiceError(e: LexnavError, service: string): Partial<ServiceError> {
  const code = GRPC_STATUS[e.code];
  return {
    code,
    details: code === status.INTERNAL ? `internal error; the ${service} service log has the details` : e.message,
  };
}

/** `grpc.health.v1.HealthCheckResponse.ServingStatus`. */
export const SERVING_STATUS = { UNKNOWN: 0, SERVING: 1, NOT_SERVING: 2, SERVICE_UNKNOWN: 3 } as const;

interface HealthCheckRequest {
  service: string;
}
interface HealthCheckResponse {
  status: number;
}

/**
 * The binding of the standard gRPC health service (`grpc.health.v1.Health/Check`, the protocol
 * Kubernetes' gRPC probes, grpc-health-probe and load balancers speak). Its two messages have one field
 * each (`string service = 1`, `enum ServingStatus status = 1`), so they are encoded here rather than
 * generated: the contract is gRPC's, not lexnav's, and does not belong under `proto/lexnav`.
 */
export const HEALTH_SERVICE: ServiceDefinition = {
  check: {
    path: "/grpc.health.v1.Health/Check",
    requestStream: false,
    responseStream: false,
    requestSerialize: (m: HealthCheckRequest) => Buffer.from(new BinaryWriter().uint32(10).string(m.service).finish()),
    requestDeserialize: (b: Buffer): HealthCheckRequest => {
      const r = new BinaryReader(b);
      let service = "";
      while (r.pos < r.len) {
        const [field, wireType] = r.tag();
        if (field === 1) service = r.string();
        else r.skip(wireType);
      }
      return { service };
    },
    responseSerialize: (m: HealthCheckResponse) => Buffer.from(new BinaryWriter().uint32(8).int32(m.status).finish()),
    responseDeserialize: (b: Buffer): HealthCheckResponse => {
      const r = new BinaryReader(b);
      let s = 0;
      while (r.pos < r.len) {
        const [field, wireType] = r.tag();
        if (field === 1) s = r.int32();
        else r.skip(wireType);
      }
      return { status: s };
    },
  },
};

/**
 * `Check`: SERVING when every readiness check passes, else NOT_SERVING, for the empty service name (the
 * whole server) and for each name in `services`; NOT_FOUND for any other name, as the protocol asks.
 */
export function healthCheckHandler(
  services: readonly string[],
  checks: Readonly<Record<string, ReadinessCheck>>,
): handleUnaryCall<HealthCheckRequest, HealthCheckResponse> {
  return (call, callback) => {
    const name = call.request.service;
    if (name !== "" && !services.includes(name)) {
      callback({ code: status.NOT_FOUND, details: `unknown service ${name}` } as ServiceError, null);
      return;
    }
    void checkReadiness(checks).then((r) =>
      callback(null, { status: r.ready ? SERVING_STATUS.SERVING : SERVING_STATUS.NOT_SERVING }),
    );
  };
}
