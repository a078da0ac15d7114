import { create, toBinary } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { headersFromContext, isJetStreamNotFound, SCHEMA_HEADER } from "@lexnav/core";
import { indexerV1 } from "@lexnav/proto";
import { type JetStreamClient, type JetStreamManager, RetentionPolicy, StorageType } from "@nats-io/jetstream";
import { nanos, headers as natsHeaders } from "@nats-io/transport-node";

/**
 * The indexing stages' own event stream: a version every required store acknowledged, which each stage
 * then applies. The stages own it together (any of them creates it at start), as the ingest service owns
 * its event stream.
 */
export const INDEXER_STREAM = "LEXNAV_INDEXER_EVT";

export const INDEXER_SUBJECTS = {
  events: "lexnav.indexer.evt.v1.>",
  versionServed: "lexnav.indexer.evt.v1.version-served",
} as const;

/** How long served events are kept: a stage down longer than this catches up from the ingest events' versions. */
const SERVED_MAX_AGE_MS = 30 * 24 * 3600_000;

/** Creates the stages' event stream when missing. Idempotent: every stage replica calls it at start. */
export async function ensureIndexerStream(jsm: JetStreamManager): Promise<void> {
  const exists = await jsm.streams.info(INDEXER_STREAM).then(
    () => true,
    (e: unknown) => {
      if (isJetStreamNotFound(e)) return false;
      throw e;
    },
  );
  if (exists) return;
  const config = {
    name: INDEXER_STREAM,
    subjects: [INDEXER_SUBJECTS.events],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: nanos(SERVED_MAX_AGE_MS),
  };
  // Two stages starting at once may both find none: the second add fails on the first's stream.
  await jsm.streams.add(config).catch(async (e: unknown) => {
    if (
      !(await jsm.streams.info(INDEXER_STREAM).then(
        () => true,
        () => false,
      ))
    )
      throw e;
  });
}

/** What a stage publishes when its acknowledgement made a version the served one. */
export interface VersionServedNotice {
  documentId: string;
  version: string;
  store: string;
  commandAt: string | null;
  at: Date;
}

/**
 * Publishes `VersionServed` and awaits the stream's acknowledgement. The message id is the document and
 * version, so a redelivered acknowledgement (the same stage again, or another stage finding the version
 * served) publishes a duplicate the stream drops within its duplicate window; past it, a second event
 * changes nothing, as each stage applies a version once.
 */
export async function publishVersionServed(js: JetStreamClient, notice: VersionServedNotice): Promise<void> {
  const h = natsHeaders();
  for (const [k, v] of Object.entries(headersFromContext())) h.set(k, v);
  h.set(SCHEMA_HEADER, indexerV1.VersionServedSchema.typeName);
  const payload = create(indexerV1.VersionServedSchema, {
    documentId: notice.documentId,
    version: notice.version,
    store: notice.store,
    occurredAt: timestampFromDate(notice.at),
    ...(notice.commandAt !== null ? { commandAt: timestampFromDate(new Date(notice.commandAt)) } : {}),
  });
  await js.publish(INDEXER_SUBJECTS.versionServed, toBinary(indexerV1.VersionServedSchema, payload), {
    headers: h,
    msgID: `served:${notice.documentId}:${notice.version}`,
  });
}
