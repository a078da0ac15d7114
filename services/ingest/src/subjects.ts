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

/** Header naming the protobuf message type of a payload, for people reading the stream. */
export const SCHEMA_HEADER = "Lexnav-Schema";
