/**
 * NATS names of the ingest service (STYLE.md: `lexnav.<producer>.<evt|cmd>.v1.<name>`, durable
 * consumers `<consumer-service>--<purpose>`).
 *
 * Two streams rather than one: commands are work (a work-queue stream drops them once handled),
 * events are a log other services replay (a limits stream keeps them). JetStream cannot mix both
 * retentions in one stream. Ingest owns both: it is the only consumer of the command stream and the
 * only producer of the event stream.
 */
export const INGEST_SUBJECTS = {
  commands: "lexnav.ingest.cmd.v1.>",
  ingestDocument: "lexnav.ingest.cmd.v1.ingest-document",
  deleteDocument: "lexnav.ingest.cmd.v1.delete-document",
  setDocumentAccess: "lexnav.ingest.cmd.v1.set-document-access",
  events: "lexnav.ingest.evt.v1.>",
  documentIndexed: "lexnav.ingest.evt.v1.document-indexed",
  documentUnchanged: "lexnav.ingest.evt.v1.document-unchanged",
  documentFailed: "lexnav.ingest.evt.v1.document-failed",
  documentDeleted: "lexnav.ingest.evt.v1.document-deleted",
  documentAccessChanged: "lexnav.ingest.evt.v1.document-access-changed",
} as const;

/** Command stream (work queue) and event stream (limits) of the ingest service. */
export const INGEST_STREAMS = {
  commands: "LEXNAV_INGEST_CMD",
  events: "LEXNAV_INGEST_EVT",
} as const;

/** The durable consumer through which the ingest service takes its commands. */
export const INGEST_CONSUMER = "ingest--documents";

/** W3C trace context headers carried from a command to the events it causes. */
export const TRACE_HEADERS = ["traceparent", "tracestate"] as const;

/** Header naming the protobuf message type of a payload (one name for every producer: `@lexnav/core`). */
export { SCHEMA_HEADER } from "@lexnav/core";

/**
 * Dead letters: a command that cannot be processed (terminated: bad input, a refusal such as a legal
 * hold, a poison payload) is copied here with its reason and trace id before it leaves the command
 * stream, so an operator can see it (`lexnav dlq list`) and send it again once the cause is fixed
 * (`lexnav dlq replay`). Subjects `lexnav.dlq.cmd.v1.<command name>`: the dead-letter stream is the
 * producer, and a dead event would go under `lexnav.dlq.evt.v1.<event name>`.
 */
export const DEAD_LETTER_SUBJECTS = {
  all: "lexnav.dlq.>",
  commandPrefix: "lexnav.dlq.cmd.v1.",
} as const;

/** The dead-letter subject of a command subject: its last token under the dead-letter prefix. */
export function deadLetterSubjectFor(commandSubject: string): string {
  return `${DEAD_LETTER_SUBJECTS.commandPrefix}${commandSubject.split(".").at(-1) ?? "unknown"}`;
}

/** The dead-letter stream (limits retention: kept until replayed or expired). */
export const DEAD_LETTER_STREAM = "LEXNAV_DLQ";

/** Headers a dead letter carries beside the command's own (its trace context, its schema). */
export const DEAD_LETTER_HEADERS = {
  subject: "Lexnav-Dlq-Subject",
  reason: "Lexnav-Dlq-Reason",
  traceId: "Lexnav-Dlq-Trace-Id",
  at: "Lexnav-Dlq-At",
  deliveries: "Lexnav-Dlq-Deliveries",
  /** Set on a replayed command: the dead letter it came from. */
  replayOf: "Lexnav-Replay-Of",
} as const;

/**
 * The names a consumer of the event stream needs, in one object: the stream, the event subjects and the
 * dead-letter headers (the indexing stages and the answer service's erasure read them).
 */
export const INGEST_EVENT_NAMES = {
  streams: INGEST_STREAMS,
  subjects: INGEST_SUBJECTS,
  deadLetterHeaders: DEAD_LETTER_HEADERS,
} as const;
