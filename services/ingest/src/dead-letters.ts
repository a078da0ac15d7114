import { basename } from "node:path";
import { type DescMessage, fromBinary } from "@bufbuild/protobuf";
import { LexnavError, withoutNames } from "@lexnav/core";
import { ingestV1 } from "@lexnav/proto";
import { type JetStreamManager, jetstream, jetstreamManager, type StoredMsg } from "@nats-io/jetstream";
import { type NatsConnection, headers as natsHeaders } from "@nats-io/transport-node";
import { DEAD_LETTER_HEADERS, DEAD_LETTER_STREAM, INGEST_SUBJECTS } from "./subjects.ts";

/**
 * A dead letter as an operator sees it: ids, the subject, the reason and counts. Never the payload (a
 * command can carry a document's bytes), and the reason with the command's source and file name replaced
 * by `<file>`, since a file name is confidential to the document's readers.
 */
export interface DeadLetter {
  /** Its sequence in the dead-letter stream: what `lexnav dlq replay` takes. */
  id: number;
  /** The subject it came on (a command's, or a lifecycle event's a stage gave up on), where a replay sends it. */
  subject: string;
  commandId: string;
  /** The document a delete, an access change or an event names; empty for an ingest (its id is not known yet). */
  documentId: string;
  reason: string;
  /** The trace the command was handled in (empty when it carried none and no SDK ran). */
  traceId: string;
  /** When it was dead-lettered (ISO 8601). */
  at: string;
  deliveries: number;
}

/**
 * The messages a dead letter can hold, by the subject it came on: a command the ingest service gave up on,
 * or a lifecycle event a stage (lexical, vector) gave up on.
 */
const DEAD_LETTER_SCHEMAS: Readonly<Record<string, DescMessage>> = {
  [INGEST_SUBJECTS.ingestDocument]: ingestV1.IngestDocumentCommandSchema,
  [INGEST_SUBJECTS.deleteDocument]: ingestV1.DeleteDocumentCommandSchema,
  [INGEST_SUBJECTS.setDocumentAccess]: ingestV1.SetDocumentAccessCommandSchema,
  [INGEST_SUBJECTS.documentIndexed]: ingestV1.DocumentIndexedSchema,
  [INGEST_SUBJECTS.documentDeleted]: ingestV1.DocumentDeletedSchema,
  [INGEST_SUBJECTS.documentAccessChanged]: ingestV1.DocumentAccessChangedSchema,
};

/** The message's command id, document id and the names its reason must not show, read from its payload. */
function describe(subject: string, data: Uint8Array): { commandId: string; documentId: string; names: string[] } {
  const decode = <D extends DescMessage>(schema: D) => {
    try {
      return fromBinary(schema, data) as Record<string, unknown>;
    } catch {
      return null; // a poison payload: nothing to read
    }
  };
  const cmd = DEAD_LETTER_SCHEMAS[subject] ? decode(DEAD_LETTER_SCHEMAS[subject]) : null;
  const str = (k: string) => (typeof cmd?.[k] === "string" ? (cmd[k] as string) : "");
  const source = str("source");
  const fileName = str("fileName");
  return {
    commandId: str("commandId"),
    documentId: str("documentId"),
    names: [source, fileName, source ? basename(source) : ""].filter((n) => n !== ""),
  };
}

function toDeadLetter(m: StoredMsg): DeadLetter {
  const h = (name: string) => m.header.get(name) ?? "";
  const subject = h(DEAD_LETTER_HEADERS.subject);
  const { commandId, documentId, names } = describe(subject, m.data);
  return {
    id: m.seq,
    subject,
    commandId,
    documentId,
    reason: withoutNames(h(DEAD_LETTER_HEADERS.reason), names),
    traceId: h(DEAD_LETTER_HEADERS.traceId),
    at: h(DEAD_LETTER_HEADERS.at),
    deliveries: Number(h(DEAD_LETTER_HEADERS.deliveries)) || 0,
  };
}

async function stored(jsm: JetStreamManager, id: number): Promise<StoredMsg | null> {
  try {
    return await jsm.streams.getMessage(DEAD_LETTER_STREAM, { seq: id });
  } catch (e) {
    if (/no message found|not found/i.test((e as Error).message)) return null;
    throw e;
  }
}

async function streamState(jsm: JetStreamManager): Promise<{ first: number; last: number } | null> {
  try {
    const info = await jsm.streams.info(DEAD_LETTER_STREAM);
    if (info.state.messages === 0) return null;
    return { first: Math.max(1, info.state.first_seq), last: info.state.last_seq };
  } catch (e) {
    if (/not found/i.test((e as Error).message)) return null;
    throw e;
  }
}

/** The dead letters waiting, oldest first, at most `limit` (the stream is empty or absent: none). */
export async function listDeadLetters(nc: NatsConnection, options: { limit?: number } = {}): Promise<DeadLetter[]> {
  const jsm = await jetstreamManager(nc);
  const state = await streamState(jsm);
  if (!state) return [];
  const out: DeadLetter[] = [];
  const limit = options.limit ?? 100;
  for (let seq = state.first; seq <= state.last && out.length < limit; seq++) {
    const m = await stored(jsm, seq);
    if (m) out.push(toDeadLetter(m));
  }
  return out;
}

/**
 * Sends dead letter `id` again on the subject it came from, with its own headers (its trace context,
 * so the replay joins the trace it failed in) and `Lexnav-Replay-Of`, then removes it from the
 * dead-letter stream (erased, like a handled command: it can carry a document's bytes). If the cause is
 * not fixed, the command is terminated again and comes back as a new dead letter.
 */
export async function replayDeadLetter(
  nc: NatsConnection,
  id: number,
): Promise<{ subject: string; commandSeq: number }> {
  const jsm = await jetstreamManager(nc);
  const m = await stored(jsm, id);
  if (!m) throw new LexnavError("not_found", `no dead letter ${id}`);
  const subject = m.header.get(DEAD_LETTER_HEADERS.subject);
  if (!subject) throw new LexnavError("corrupt", `dead letter ${id} does not say which subject it came on`);
  const h = natsHeaders();
  const dlqHeaders = new Set(Object.values(DEAD_LETTER_HEADERS).map((k) => k.toLowerCase()));
  for (const k of m.header.keys())
    if (!dlqHeaders.has(k.toLowerCase()) && !/^nats-/i.test(k)) h.set(k, m.header.get(k));
  h.set(DEAD_LETTER_HEADERS.replayOf, String(id));
  const ack = await jetstream(nc).publish(subject, m.data, { headers: h });
  await jsm.streams.deleteMessage(DEAD_LETTER_STREAM, id, true);
  return { subject, commandSeq: ack.seq };
}
