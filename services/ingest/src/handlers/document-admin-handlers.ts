import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { Logger } from "@lexnav/core";
import type { IngestPipeline } from "@lexnav/ingest";
import { ingestV1 } from "@lexnav/proto";
import { accessFromProto } from "../domain/event-mapping.ts";
import type { EventPublisher } from "../ports/event-publisher.ts";
import { INGEST_SUBJECTS } from "../subjects.ts";
import { type CommandHandler, DEFAULT_RETRY_POLICY, type RetryPolicy } from "./command-message.ts";
import {
  commandAtOf,
  commandIdOf,
  consumedInSpan,
  decodeCommand,
  dispositionForError,
  publishEvent,
} from "./handler-support.ts";

export interface DocumentAdminHandlerDeps {
  pipeline: IngestPipeline;
  publisher: EventPublisher;
  logger: Logger;
  retry?: RetryPolicy;
  now?: () => Date;
}

/**
 * Handles `lexnav.ingest.cmd.v1.delete-document`: pipeline.remove → DocumentDeleted → ack.
 * Deleting an unknown document is acked without an event (deletes are idempotent).
 */
export function createDeleteDocumentHandler(deps: DocumentAdminHandlerDeps): CommandHandler {
  const policy = deps.retry ?? DEFAULT_RETRY_POLICY;
  const now = deps.now ?? (() => new Date());
  return consumedInSpan(async (msg, span) => {
    const decoded = decodeCommand(ingestV1.DeleteDocumentCommandSchema, msg);
    if (!decoded.ok) return decoded.disposition;
    const cmd = decoded.value;
    const commandId = commandIdOf(cmd.commandId, msg);
    span.setAttributes({
      "messaging.message.id": commandId,
      "lexnav.command_id": commandId,
      "lexnav.document_id": cmd.documentId,
    });
    if (cmd.documentId === "")
      return { kind: "term", reason: `DeleteDocumentCommand ${commandId}: document_id is empty` };
    try {
      const removed = await deps.pipeline.remove(cmd.documentId);
      if (!removed) {
        deps.logger.info("delete of unknown document ignored", { commandId, documentId: cmd.documentId });
        return { kind: "ack" };
      }
      await publishEvent(deps.publisher, {
        subject: INGEST_SUBJECTS.documentDeleted,
        schema: ingestV1.DocumentDeletedSchema,
        message: create(ingestV1.DocumentDeletedSchema, {
          commandId,
          documentId: cmd.documentId,
          occurredAt: timestampFromDate(now()),
          ...commandAtOf(msg),
        }),
        msg,
        msgId: `${commandId}:document-deleted`,
      });
      return { kind: "ack" };
    } catch (e) {
      return dispositionForError(e, msg, policy, deps.logger, { commandId, documentId: cmd.documentId });
    }
  });
}

/**
 * Handles `lexnav.ingest.cmd.v1.set-document-access`: pipeline.setAccess → DocumentAccessChanged → ack.
 * An unknown document is terminated: the command cannot succeed later.
 */
export function createSetDocumentAccessHandler(deps: DocumentAdminHandlerDeps): CommandHandler {
  const policy = deps.retry ?? DEFAULT_RETRY_POLICY;
  const now = deps.now ?? (() => new Date());
  return consumedInSpan(async (msg, span) => {
    const decoded = decodeCommand(ingestV1.SetDocumentAccessCommandSchema, msg);
    if (!decoded.ok) return decoded.disposition;
    const cmd = decoded.value;
    const commandId = commandIdOf(cmd.commandId, msg);
    span.setAttributes({
      "messaging.message.id": commandId,
      "lexnav.command_id": commandId,
      "lexnav.document_id": cmd.documentId,
    });
    if (cmd.documentId === "") {
      return { kind: "term", reason: `SetDocumentAccessCommand ${commandId}: document_id is empty` };
    }
    const access = accessFromProto(cmd.access);
    try {
      const changed = await deps.pipeline.setAccess(cmd.documentId, access);
      if (!changed)
        return { kind: "term", reason: `SetDocumentAccessCommand ${commandId}: no document ${cmd.documentId}` };
      await publishEvent(deps.publisher, {
        subject: INGEST_SUBJECTS.documentAccessChanged,
        schema: ingestV1.DocumentAccessChangedSchema,
        message: create(ingestV1.DocumentAccessChangedSchema, {
          commandId,
          documentId: cmd.documentId,
          access,
          occurredAt: timestampFromDate(now()),
          ...commandAtOf(msg),
        }),
        msg,
        msgId: `${commandId}:document-access-changed`,
      });
      return { kind: "ack" };
    } catch (e) {
      return dispositionForError(e, msg, policy, deps.logger, { commandId, documentId: cmd.documentId });
    }
  });
}
