import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { Logger } from "@lexnav/core";
import type { IngestPipeline } from "@lexnav/ingest";
import { ingestV1 } from "@lexnav/proto";
import { accessFromProto } from "../domain/event-mapping.ts";
import { backoffDelayMs, isLastDelivery } from "../domain/retry.ts";
import type { EventPublisher } from "../ports/event-publisher.ts";
import { INGEST_SUBJECTS } from "../subjects.ts";
import {
  type CommandHandler,
  type CommandMessage,
  DEFAULT_RETRY_POLICY,
  type Disposition,
  type RetryPolicy,
} from "./command-message.ts";
import {
  commandAtOf,
  commandIdOf,
  consumedInSpan,
  decodeCommand,
  dispositionForError,
  publishAccessChanged,
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
 * A command for a document this replica's store has never held is not done: replicas on separate
 * stores share the consumer, so another may hold the document, and on one store its ingest may not
 * have been applied yet. It is handed back (nak with backoff) for the consumer to redeliver, to any
 * replica; when no delivery found the document, it is terminated to the dead-letter stream with the
 * reason (an operator sees it in `lexnav dlq list` and `status`). It is never acked as done.
 */
function unknownDocument(
  msg: CommandMessage,
  policy: RetryPolicy,
  logger: Logger,
  what: string,
  documentId: string,
  commandId: string,
): Disposition {
  const reason = `${what} ${commandId}: no document ${documentId} in this replica's store`;
  if (!isLastDelivery(msg.deliveryCount, policy)) {
    const delayMs = backoffDelayMs(msg.deliveryCount, policy);
    logger.info("command for an unknown document handed back", { commandId, documentId, delayMs });
    return { kind: "nak", delayMs, reason };
  }
  logger.warn("command for an unknown document given up", { commandId, documentId });
  return { kind: "term", reason: `${reason} after ${msg.deliveryCount} deliveries: nothing was changed` };
}

/**
 * Handles `lexnav.ingest.cmd.v1.delete-document`: pipeline.remove → DocumentDeleted → ack. Deleting a
 * document again is acked with its event (its record stays, marked deleted); a document the store
 * never held is handed back, then dead-lettered (`unknownDocument`), never acked as deleted. A delete made
 * before a newer command already applied to the document (delivered late, after a retry) is dead-lettered
 * with the reason, and deletes nothing: an operator who still wants it gone replays it, as a new command.
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
      // Made when the command reached its stream: a delete delivered after a newer ingest is refused.
      const removed = await deps.pipeline.remove(cmd.documentId, msg.publishedAt?.toISOString());
      if (!removed)
        return unknownDocument(msg, policy, deps.logger, "DeleteDocumentCommand", cmd.documentId, commandId);
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
 * A document the store never held is handed back, then dead-lettered (`unknownDocument`); an access change
 * made before a newer command already applied to the document is dead-lettered with the reason.
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
      const changed = await deps.pipeline.setAccess(cmd.documentId, access, msg.publishedAt?.toISOString());
      if (!changed)
        return unknownDocument(msg, policy, deps.logger, "SetDocumentAccessCommand", cmd.documentId, commandId);
      await publishAccessChanged(deps.publisher, { commandId, documentId: cmd.documentId, access, at: now(), msg });
      return { kind: "ack" };
    } catch (e) {
      return dispositionForError(e, msg, policy, deps.logger, { commandId, documentId: cmd.documentId });
    }
  });
}
