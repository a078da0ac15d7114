import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { type Timestamp, timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  contextFromHeaders,
  headersFromContext,
  inSpan,
  type LexnavError,
  type Logger,
  type TelemetrySpan,
  toLexnavError,
  withContext,
} from "@lexnav/core";
import { ingestV1 } from "@lexnav/proto";
import type { Access } from "../domain/event-mapping.ts";
import { backoffDelayMs, isLastDelivery } from "../domain/retry.ts";
import type { EventPublisher } from "../ports/event-publisher.ts";
import { INGEST_CONSUMER, INGEST_SUBJECTS, SCHEMA_HEADER, TRACE_HEADERS } from "../subjects.ts";
import type { CommandHandler, CommandMessage, Disposition, RetryPolicy } from "./command-message.ts";

const INVALID_TRACE_ID = "00000000000000000000000000000000";

/**
 * A command handler run in a CONSUMER span, `lexnav.ingest.command`, that continues the trace the
 * command's headers carry: every span the handling starts (the pipeline's `lexnav.ingest`, the events'
 * publish spans) is its child, so one ingestion, delete or access change is one trace from its producer
 * on. Attributes follow the OpenTelemetry messaging conventions and carry ids, sizes and counts only:
 * a command's reason for termination can name a file, so it stays in the log.
 */
export function consumedInSpan(
  handle: (msg: CommandMessage, span: TelemetrySpan) => Promise<Disposition>,
): CommandHandler {
  return (msg) =>
    withContext(contextFromHeaders(msg.headers), () =>
      inSpan(
        "lexnav.ingest.command",
        {
          "messaging.system": "nats",
          "messaging.destination.name": msg.subject,
          "messaging.operation.type": "process",
          "messaging.operation.name": "process",
          "messaging.consumer.group.name": INGEST_CONSUMER,
          "messaging.message.body.size": msg.data.byteLength,
          "lexnav.subject": msg.subject,
          "lexnav.delivery": msg.deliveryCount,
          "lexnav.stream_sequence": msg.streamSequence,
        },
        async (span) => {
          const d = await handle(msg, span);
          span.setAttribute("lexnav.disposition", d.kind);
          const traceId = span.spanContext().traceId;
          // A terminated command's dead letter names the trace it was handled in.
          return d.kind === "term" && traceId !== INVALID_TRACE_ID ? { ...d, traceId } : d;
        },
        { kind: "consumer" },
      ),
    );
}

/** Decodes a command payload; a payload that is not the message is bad input, never retried. */
export function decodeCommand<Desc extends DescMessage>(
  schema: Desc,
  msg: CommandMessage,
): { ok: true; value: MessageShape<Desc> } | { ok: false; disposition: Disposition } {
  try {
    return { ok: true, value: fromBinary(schema, msg.data) };
  } catch (e) {
    return {
      ok: false,
      disposition: {
        kind: "term",
        reason: `undecodable ${schema.typeName} on ${msg.subject}: ${toLexnavError(e).message}`,
      },
    };
  }
}

/** The id events of this command carry: the caller's, else one derived from the stream sequence. */
export function commandIdOf(commandId: string, msg: CommandMessage): string {
  return commandId !== "" ? commandId : `seq-${msg.streamSequence}`;
}

/**
 * Trace context for the events a command causes: the handling span's own (so consumers' spans are its
 * children) when an SDK is registered, else the command's headers copied through.
 */
export function traceHeaders(msg: CommandMessage): Record<string, string> {
  const active = headersFromContext();
  if (active.traceparent) return active;
  const out: Record<string, string> = {};
  for (const name of TRACE_HEADERS) {
    const v = msg.headers[name];
    if (v !== undefined && v !== "") out[name] = v;
  }
  return out;
}

/**
 * The `command_at` field of the events a command causes: when it reached the command stream, so a stage
 * measures propagation from the command, not from the event (which waited on extraction and indexing).
 */
export function commandAtOf(msg: CommandMessage): { commandAt: Timestamp } | Record<string, never> {
  return msg.publishedAt ? { commandAt: timestampFromDate(msg.publishedAt) } : {};
}

/**
 * Publishes that a document's access changed: the catalog holds the new access, and each store's copy takes
 * it from there (a set-access command, or the same bytes ingested again with another access).
 */
export function publishAccessChanged(
  publisher: EventPublisher,
  input: { commandId: string; documentId: string; access: Access; at: Date; msg: CommandMessage },
): Promise<void> {
  return publishEvent(publisher, {
    subject: INGEST_SUBJECTS.documentAccessChanged,
    schema: ingestV1.DocumentAccessChangedSchema,
    message: create(ingestV1.DocumentAccessChangedSchema, {
      commandId: input.commandId,
      documentId: input.documentId,
      access: input.access,
      occurredAt: timestampFromDate(input.at),
      ...commandAtOf(input.msg),
    }),
    msg: input.msg,
    msgId: `${input.commandId}:document-access-changed`,
  });
}

/** Serialises and publishes one event, awaiting the stream's acknowledgement. */
export async function publishEvent<Desc extends DescMessage>(
  publisher: EventPublisher,
  input: { subject: string; schema: Desc; message: MessageShape<Desc>; msg: CommandMessage; msgId: string },
): Promise<void> {
  const data = toBinary(input.schema, input.message);
  // A PRODUCER span per event; the event carries its context, so a consumer's span is its child.
  await inSpan(
    `publish ${input.subject}`,
    {
      "messaging.system": "nats",
      "messaging.destination.name": input.subject,
      "messaging.operation.type": "send",
      "messaging.operation.name": "publish",
      "messaging.message.id": input.msgId,
      "messaging.message.body.size": data.byteLength,
    },
    () =>
      publisher.publish({
        subject: input.subject,
        data,
        headers: { ...traceHeaders(input.msg), [SCHEMA_HEADER]: input.schema.typeName },
        msgId: input.msgId,
      }),
    { kind: "producer" },
  );
}

/** A reason safe to put on the wire: internal messages stay in the log. */
export function publicReason(err: LexnavError, commandId: string): string {
  return err.code === "internal"
    ? `internal error while handling command ${commandId}; the ingest service log has the details`
    : err.message;
}

/**
 * Disposition for a failure to *handle* a command (not a document failure): retryable errors are
 * nak'ed with backoff until the last delivery; the rest, and the last delivery, are terminated.
 */
export function dispositionForError(
  error: unknown,
  msg: CommandMessage,
  policy: RetryPolicy,
  logger: Logger,
  context: Record<string, unknown>,
): Disposition {
  const e = toLexnavError(error);
  const fields = { ...context, subject: msg.subject, code: e.code, deliveryCount: msg.deliveryCount, error: e.message };
  if (e.retryable && !isLastDelivery(msg.deliveryCount, policy)) {
    const delayMs = backoffDelayMs(msg.deliveryCount, policy);
    logger.warn("command failed, will retry", { ...fields, delayMs });
    return { kind: "nak", delayMs, reason: e.message };
  }
  logger.error("command failed, giving up", fields);
  return { kind: "term", reason: `${e.code}: ${e.message}` };
}
