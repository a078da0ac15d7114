import { basename } from "node:path";
import { type Logger, type TelemetrySpan, toLexnavError, withoutNames } from "@lexnav/core";
import { canonicalSource, documentIdFor, type IngestPipeline, type IngestResult } from "@lexnav/ingest";
import { ingestV1 } from "@lexnav/proto";
import {
  type Access,
  accessFromProto,
  eventForResult,
  failedEvent,
  indexedEvent,
  ingestRequestFromCommand,
  validateIngestCommand,
} from "../domain/event-mapping.ts";
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
  commandIdOf,
  consumedInSpan,
  decodeCommand,
  dispositionForError,
  publicReason,
  publishAccessChanged,
  publishEvent,
} from "./handler-support.ts";

export interface IngestDocumentHandlerDeps {
  pipeline: IngestPipeline;
  publisher: EventPublisher;
  logger: Logger;
  retry?: RetryPolicy;
  /** Clock for event timestamps, injectable for tests. */
  now?: () => Date;
}

/**
 * Handles `lexnav.ingest.cmd.v1.ingest-document`: decode → pipeline.ingest → publish the outcome
 * event (awaited) → ack.
 *
 * - undecodable or invalid payload → term (bad input is never retried);
 * - a document that fails (a value from the pipeline) → DocumentFailed event + ack;
 * - a failure the store could not record (`IngestResult.retryable`: busy, unreachable) → nak with
 *   backoff like a retryable error, so replicas sharing a store take turns instead of losing documents;
 *   on the last delivery DocumentFailed with the document's id;
 * - the pipeline throws a retryable LexnavError → nak with backoff; on the last delivery a
 *   DocumentFailed event is published and the command acked, so the failure is visible;
 * - the pipeline throws anything else → DocumentFailed (internal details stay in the log) + ack; the
 *   event names the document the command's source maps to;
 * - the event cannot be published → nak with backoff (the pipeline is idempotent, so the retry
 *   reports the document as unchanged);
 * - a command made before one already applied to its document (delivered again after a newer one) → term
 *   with the reason, to the dead-letter stream: nothing is changed, and no event is published.
 */
export function createIngestDocumentHandler(deps: IngestDocumentHandlerDeps): CommandHandler {
  const { pipeline, publisher, logger } = deps;
  const policy = deps.retry ?? DEFAULT_RETRY_POLICY;
  const now = deps.now ?? (() => new Date());

  // Each command is handled in a CONSUMER span continuing the trace its headers carry; the ingest span
  // and the events published are its children.
  return consumedInSpan(handle);

  async function handle(msg: CommandMessage, span: TelemetrySpan): Promise<Disposition> {
    const decoded = decodeCommand(ingestV1.IngestDocumentCommandSchema, msg);
    if (!decoded.ok) {
      logger.warn("terminating undecodable command", { subject: msg.subject, seq: msg.streamSequence });
      return decoded.disposition;
    }
    const cmd = decoded.value;
    const commandId = commandIdOf(cmd.commandId, msg);
    span.setAttributes({ "messaging.message.id": commandId, "lexnav.command_id": commandId });
    // An error's message may name the file; the log names the command instead.
    const logged = (message: string) => withoutNames(message, [cmd.source, cmd.fileName, basename(cmd.source)]);
    const invalid = validateIngestCommand(cmd);
    if (invalid !== null) {
      logger.warn("terminating invalid command", { commandId, reason: invalid });
      return { kind: "term", reason: `invalid IngestDocumentCommand ${commandId}: ${invalid}` };
    }

    let result: IngestResult;
    try {
      // Inside the command's span (the active context), so the ingest span is its child.
      result = await pipeline.ingest(ingestRequestFromCommand(cmd, msg.publishedAt));
    } catch (thrown) {
      const e = toLexnavError(thrown);
      if (e.retryable && !isLastDelivery(msg.deliveryCount, policy)) {
        const delayMs = backoffDelayMs(msg.deliveryCount, policy);
        logger.warn("ingest failed, will retry", { commandId, code: e.code, error: logged(e.message), delayMs });
        return { kind: "nak", delayMs, reason: e.message };
      }
      logger.error("ingest failed", {
        commandId,
        code: e.code,
        error: logged(e.message),
        deliveryCount: msg.deliveryCount,
      });
      const reason = e.retryable
        ? `gave up after ${msg.deliveryCount} attempts: ${publicReason(e, commandId)}`
        : publicReason(e, commandId);
      const message = failedEvent({
        commandId,
        documentId: documentIdFor(cmd.content !== undefined ? cmd.source : canonicalSource(cmd.source)),
        source: cmd.source,
        version: null,
        failure: { code: e.code, reason },
        at: now(),
      });
      return publishThenAck(msg, commandId, () =>
        publishEvent(publisher, {
          subject: INGEST_SUBJECTS.documentFailed,
          schema: ingestV1.DocumentFailedSchema,
          message,
          msg,
          msgId: `${commandId}:document-failed`,
        }),
      );
    }

    span.setAttributes({ "lexnav.document_id": result.documentId, "lexnav.status": result.status });
    if (result.status === "failed" && result.retryable) {
      const code = result.failure?.code ?? "unavailable";
      if (!isLastDelivery(msg.deliveryCount, policy)) {
        const delayMs = backoffDelayMs(msg.deliveryCount, policy);
        logger.warn("document not stored, will retry", { commandId, documentId: result.documentId, code, delayMs });
        return { kind: "nak", delayMs, reason: `document ${result.documentId} not stored (${code})` };
      }
      result = {
        ...result,
        failure: {
          code,
          reason: `gave up after ${msg.deliveryCount} attempts: ${result.failure?.reason ?? "the store could not be written"}`,
        },
      };
    }
    const event = eventForResult(commandId, result, now(), msg.publishedAt);
    if (event === null) {
      // Superseded: applying it now would undo a later command. The operator sees it among the dead
      // letters with its reason, and can send it again (a replay is a new command, applied as the newest).
      logger.warn("command superseded", { commandId, documentId: result.documentId, later: result.supersededBy });
      return {
        kind: "term",
        reason: `IngestDocumentCommand ${commandId} not applied: a later command for document ${result.documentId}${result.supersededBy ? `, made at ${result.supersededBy},` : ""} was applied first`,
      };
    }
    logger.info("document ingested", {
      commandId,
      documentId: result.documentId,
      status: result.status,
      version: result.version,
      nodeCount: result.nodeCount,
      // the failure's reason names the file; the document's readers see it, the log keeps the code
      ...(result.failure ? { code: result.failure.code } : {}),
    });
    return publishThenAck(msg, commandId, () => {
      switch (event.kind) {
        case "indexed":
          return announceIndexed(msg, commandId, event.message);
        case "unchanged":
          return announceUnchanged(msg, commandId, result, event.message, accessFromProto(cmd.access));
        case "failed":
          return publishEvent(publisher, {
            subject: INGEST_SUBJECTS.documentFailed,
            schema: ingestV1.DocumentFailedSchema,
            message: event.message,
            msg,
            msgId: `${commandId}:document-failed`,
          });
      }
    });
  }

  /** Announces an indexed version; its message id is the command's, so a second announcement is dropped. */
  function announceIndexed(msg: CommandMessage, commandId: string, message: ingestV1.DocumentIndexed): Promise<void> {
    return publishEvent(publisher, {
      subject: INGEST_SUBJECTS.documentIndexed,
      schema: ingestV1.DocumentIndexedSchema,
      message,
      msg,
      msgId: `${commandId}:document-indexed`,
    });
  }

  /**
   * Unchanged bytes can still owe the stores something, announced before the unchanged event itself:
   * - the version, as indexed, when its first announcement may not have reached them: the catalog holds it
   *   as waiting for the stores (`awaitingStores`), or this is a redelivery, whose first delivery may have
   *   written the catalog and then failed to publish (the same message id: the stream drops a duplicate, and
   *   a stage applies a version once);
   * - the new access the command gave (`accessChanged`): the catalog has it, the stores' copies do not.
   */
  async function announceUnchanged(
    msg: CommandMessage,
    commandId: string,
    result: IngestResult,
    unchanged: ingestV1.DocumentUnchanged,
    access: Access,
  ): Promise<void> {
    if (result.awaitingStores || msg.deliveryCount > 1)
      await announceIndexed(msg, commandId, indexedEvent(commandId, result, now(), msg.publishedAt));
    if (result.accessChanged)
      await publishAccessChanged(publisher, { commandId, documentId: result.documentId, access, at: now(), msg });
    await publishEvent(publisher, {
      subject: INGEST_SUBJECTS.documentUnchanged,
      schema: ingestV1.DocumentUnchangedSchema,
      message: unchanged,
      msg,
      msgId: `${commandId}:document-unchanged`,
    });
  }

  async function publishThenAck(
    msg: CommandMessage,
    commandId: string,
    publish: () => Promise<void>,
  ): Promise<Disposition> {
    try {
      await publish();
      return { kind: "ack" };
    } catch (e) {
      // Publishing failures are transport trouble: retry the whole command.
      return dispositionForError(toLexnavError(e, "unavailable"), msg, policy, logger, { commandId, stage: "publish" });
    }
  }
}
