import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { headersFromContext, type LexnavError, type Logger, toLexnavError } from "@lexnav/core";
import { backoffDelayMs, isLastDelivery } from "../domain/retry.ts";
import type { EventPublisher } from "../ports/event-publisher.ts";
import { SCHEMA_HEADER, TRACE_HEADERS } from "../subjects.ts";
import type { CommandMessage, Disposition, RetryPolicy } from "./command-message.ts";

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

/** Serialises and publishes one event, awaiting the stream's acknowledgement. */
export async function publishEvent<Desc extends DescMessage>(
  publisher: EventPublisher,
  input: { subject: string; schema: Desc; message: MessageShape<Desc>; msg: CommandMessage; msgId: string },
): Promise<void> {
  await publisher.publish({
    subject: input.subject,
    data: toBinary(input.schema, input.message),
    headers: { ...traceHeaders(input.msg), [SCHEMA_HEADER]: input.schema.typeName },
    msgId: input.msgId,
  });
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
