import type { IngestLimits } from "@lexnav/core";
import type { ContentType, Extraction } from "@lexnav/document-model";

/** What a parser is given: the raw bytes, the file name (for messages) and the limits in force. */
export interface ParseInput {
  bytes: Uint8Array;
  fileName: string;
  limits: IngestLimits;
}

/** Why extraction failed: a code from the closed error set and a reason naming the file. */
export interface ExtractFailure {
  code:
    | "unsupported_type"
    | "too_large"
    | "corrupt"
    | "encrypted"
    | "malicious"
    | "invalid_encoding"
    | "empty"
    | "internal";
  reason: string;
  /** An unexpected error's own message, for the log only (see FailureReason.detail). */
  detail?: string;
}

export type ExtractOutcome = { ok: true; value: Extraction } | { ok: false; error: ExtractFailure };

/** A parser turns bytes of one content type into extracted text with blocks and pages. */
export interface Parser {
  readonly contentType: ContentType;
  parse(input: ParseInput): Promise<ExtractOutcome>;
}
