/**
 * The closed set of error codes lexnav raises. Retryability is decided where the error is raised
 * and travels with it, so a consumer can ack, nak with backoff or terminate without guessing.
 */
export const ERROR_CODES = [
  "invalid_argument",
  "unsupported_type",
  "too_large",
  "corrupt",
  "encrypted",
  "malicious",
  "invalid_encoding",
  "empty",
  "not_found",
  "unauthenticated",
  "permission_denied",
  "conflict",
  "unavailable",
  // A call's time budget (its gRPC deadline) ran out: not retried inside the same request, whose caller
  // has already given up.
  "deadline_exceeded",
  "internal",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const RETRYABLE: ReadonlySet<ErrorCode> = new Set(["unavailable"]);

export interface LexnavErrorOptions {
  cause?: unknown;
  retryable?: boolean;
}

/** The one error type of lexnav: a code from a closed set, a message a person can act on, a cause. */
export class LexnavError extends Error {
  readonly code: ErrorCode;
  readonly retryable: boolean;

  constructor(code: ErrorCode, message: string, options: LexnavErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "LexnavError";
    this.code = code;
    this.retryable = options.retryable ?? RETRYABLE.has(code);
  }
}

/** Wraps anything thrown into a LexnavError, keeping the original as `cause`. */
export function toLexnavError(err: unknown, fallback: ErrorCode = "internal"): LexnavError {
  if (err instanceof LexnavError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new LexnavError(fallback, message, { cause: err });
}

export function isLexnavError(err: unknown): err is LexnavError {
  return err instanceof LexnavError;
}
