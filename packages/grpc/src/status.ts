import { type ServiceError, status } from "@grpc/grpc-js";
import { type ErrorCode, LexnavError } from "@lexnav/core";

/** The status a caller gets for each of lexnav's error codes. */
export const GRPC_STATUS: Readonly<Record<ErrorCode, status>> = {
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
  deadline_exceeded: status.DEADLINE_EXCEEDED,
  corrupt: status.INTERNAL,
  encrypted: status.INTERNAL,
  malicious: status.INTERNAL,
  internal: status.INTERNAL,
};

/**
 * The error a caller sees: lexnav's own message, except internal ones, which stay in the log of
 * `service` (e.g. "the answer service").
 */
export function serviceError(e: LexnavError, service = "the service"): Partial<ServiceError> {
  const code = GRPC_STATUS[e.code];
  return {
    code,
    details: code === status.INTERNAL ? `internal error; ${service} log has the details` : e.message,
  };
}

/** lexnav's code for each status a lexnav service sends, or that gRPC itself raises on the way. */
const CODES: Partial<Record<status, ErrorCode>> = {
  [status.INVALID_ARGUMENT]: "invalid_argument",
  [status.OUT_OF_RANGE]: "invalid_argument",
  [status.NOT_FOUND]: "not_found",
  [status.UNAUTHENTICATED]: "unauthenticated",
  [status.PERMISSION_DENIED]: "permission_denied",
  [status.FAILED_PRECONDITION]: "conflict",
  [status.ALREADY_EXISTS]: "conflict",
  [status.DEADLINE_EXCEEDED]: "deadline_exceeded",
  [status.UNAVAILABLE]: "unavailable",
  [status.RESOURCE_EXHAUSTED]: "unavailable",
  [status.ABORTED]: "unavailable",
  [status.CANCELLED]: "unavailable",
};

/**
 * A failed call as lexnav's error, for the caller's own handling (ack, retry, refuse): a refusal keeps
 * the callee's message, which is lexnav's own and safe to pass on; transport failures and internal errors
 * get a message naming only `callee` ("the rerank service"), since gRPC's own text names hosts and ports.
 * The status error is kept as `cause` for the log.
 */
export function errorFromStatus(err: unknown, callee: string): LexnavError {
  const e = err as Partial<ServiceError>;
  const code = typeof e.code === "number" ? CODES[e.code as status] : undefined;
  if (code === undefined) return new LexnavError("internal", `${callee} failed`, { cause: err });
  if (code === "deadline_exceeded")
    return new LexnavError(code, `${callee} did not answer within the deadline`, { cause: err });
  // UNAVAILABLE and friends come from the transport as often as from the callee: name the callee only.
  if (code === "unavailable") return new LexnavError(code, `${callee} is unavailable`, { cause: err });
  return new LexnavError(code, e.details || `${callee} refused the call`, { cause: err });
}
