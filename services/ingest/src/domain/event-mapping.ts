import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { IngestRequest, IngestResult } from "@lexnav/ingest";
import { documentV1, ingestV1 } from "@lexnav/proto";

// Domain types as the pipeline contract carries them (this service depends on @lexnav/ingest only).
/** Who may read a document, as the domain holds it. */
export type Access = NonNullable<IngestRequest["access"]>;
type DocumentRole = IngestResult["role"];
type FailureReason = NonNullable<IngestResult["failure"]>;

const ROLE: Record<DocumentRole, documentV1.DocumentRole> = {
  base_agreement: documentV1.DocumentRole.BASE_AGREEMENT,
  amendment: documentV1.DocumentRole.AMENDMENT,
  restatement: documentV1.DocumentRole.RESTATEMENT,
  side_letter: documentV1.DocumentRole.SIDE_LETTER,
  schedule_or_exhibit: documentV1.DocumentRole.SCHEDULE_OR_EXHIBIT,
  disclosure_schedule: documentV1.DocumentRole.DISCLOSURE_SCHEDULE,
  unknown: documentV1.DocumentRole.UNKNOWN,
};

const QUALITY: Record<NonNullable<IngestResult["qualityStatus"]>, documentV1.QualityStatus> = {
  ok: documentV1.QualityStatus.OK,
  degraded: documentV1.QualityStatus.DEGRADED,
  failed: documentV1.QualityStatus.FAILED,
};

/** Domain role → wire enum. */
export function roleToProto(role: DocumentRole): documentV1.DocumentRole {
  return ROLE[role];
}

/** Wire access → domain access (absent means nobody but admins, as in the domain). */
export function accessFromProto(access: documentV1.Access | undefined): Access {
  return { principals: [...(access?.principals ?? [])], groups: [...(access?.groups ?? [])] };
}

/** Why a command is unusable, or null when it can be handed to the pipeline. */
export function validateIngestCommand(cmd: ingestV1.IngestDocumentCommand): string | null {
  if (cmd.source.trim() === "") return "source is empty: every document needs a provenance (path or URL)";
  if (cmd.content !== undefined && cmd.content.length === 0) return "content is present but empty";
  return null;
}

/**
 * The pipeline request a command asks for: a command that names no access keeps a known document's. Made when
 * the command reached its stream (`publishedAt`), so a command delivered again after a newer one for the same
 * document does not undo it.
 */
export function ingestRequestFromCommand(cmd: ingestV1.IngestDocumentCommand, publishedAt?: Date): IngestRequest {
  return {
    source: cmd.source,
    ...(publishedAt !== undefined ? { requestedAt: publishedAt.toISOString() } : {}),
    ...(cmd.access !== undefined ? { access: accessFromProto(cmd.access) } : {}),
    ...(cmd.content !== undefined ? { bytes: cmd.content } : {}),
    ...(cmd.fileName !== undefined ? { fileName: cmd.fileName } : {}),
    ...(cmd.transactionSetId !== undefined ? { transactionSetId: cmd.transactionSetId } : {}),
    // Validated by the pipeline as at the CLI: a date that is no date fails this document alone.
    ...(cmd.filedOn !== undefined ? { filedOn: cmd.filedOn } : {}),
  };
}

/** The event an ingest result is announced with. */
export type IngestEvent =
  | { kind: "indexed"; message: ingestV1.DocumentIndexed }
  | { kind: "unchanged"; message: ingestV1.DocumentUnchanged }
  | { kind: "failed"; message: ingestV1.DocumentFailed };

/**
 * Maps a pipeline result to its event. A failed document is an event like any other; a superseded command
 * changed nothing and has none (null). `commandAt`, when the command reached its stream, goes on the indexed
 * event: the start of each store's propagation lag.
 */
export function eventForResult(
  commandId: string,
  result: IngestResult,
  at: Date,
  commandAt?: Date,
): IngestEvent | null {
  const occurredAt = timestampFromDate(at);
  switch (result.status) {
    case "indexed":
      return { kind: "indexed", message: indexedEvent(commandId, result, at, commandAt) };
    case "unchanged":
      return {
        kind: "unchanged",
        message: create(ingestV1.DocumentUnchangedSchema, {
          commandId,
          documentId: result.documentId,
          version: result.version ?? "",
          source: result.source,
          occurredAt,
        }),
      };
    case "failed":
      return {
        kind: "failed",
        message: failedEvent({
          commandId,
          documentId: result.documentId,
          source: result.source,
          version: result.version,
          failure: wireFailure(
            result.failure ?? { code: "internal", reason: "the pipeline reported a failure without a reason" },
            commandId,
          ),
          at,
        }),
      };
    case "superseded":
      return null;
  }
}

/**
 * The DocumentIndexed event of a result's version: of a document just indexed, or of an unchanged one
 * announced again (its first announcement may not have reached the stores).
 */
export function indexedEvent(
  commandId: string,
  result: IngestResult,
  at: Date,
  commandAt?: Date,
): ingestV1.DocumentIndexed {
  return create(ingestV1.DocumentIndexedSchema, {
    commandId,
    documentId: result.documentId,
    version: result.version ?? "",
    source: result.source,
    role: roleToProto(result.role),
    nodeCount: result.nodeCount,
    qualityStatus: result.qualityStatus ? QUALITY[result.qualityStatus] : documentV1.QualityStatus.UNSPECIFIED,
    occurredAt: timestampFromDate(at),
    ...(commandAt ? { commandAt: timestampFromDate(commandAt) } : {}),
    // No title: it is read from the document's text, and the event log is kept for weeks and
    // read by every subscriber whatever their access; a reader gets it from the catalog.
    ...(result.transactionSetId !== null ? { transactionSetId: result.transactionSetId } : {}),
  });
}

/**
 * The failure as it may cross the wire: an `internal` reason can hold implementation details
 * (exception text), so it is replaced by a pointer to the log, where the handler records the original.
 */
export function wireFailure(failure: FailureReason, commandId: string): FailureReason {
  return failure.code === "internal"
    ? { code: "internal", reason: `internal error while ingesting (command ${commandId}); see the ingest service log` }
    : failure;
}

/** A DocumentFailed event, also used when the pipeline threw instead of returning a result. */
export function failedEvent(input: {
  commandId: string;
  documentId: string;
  source: string;
  version: string | null;
  failure: FailureReason;
  at: Date;
}): ingestV1.DocumentFailed {
  return create(ingestV1.DocumentFailedSchema, {
    commandId: input.commandId,
    documentId: input.documentId,
    source: input.source,
    failure: { code: input.failure.code, reason: input.failure.reason },
    occurredAt: timestampFromDate(input.at),
    ...(input.version !== null ? { version: input.version } : {}),
  });
}
