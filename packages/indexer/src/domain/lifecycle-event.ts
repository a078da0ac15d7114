import { fromBinary } from "@bufbuild/protobuf";
import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";
import { indexerV1, ingestV1 } from "@lexnav/proto";

/**
 * The subjects of the lifecycle events a stage applies (the ingest service's `INGEST_SUBJECTS`), and of
 * the stages' own `version-served` (`INDEXER_SUBJECTS`) on the topology that reads it.
 */
export interface LifecycleSubjects {
  documentIndexed: string;
  documentDeleted: string;
  documentAccessChanged: string;
  versionServed?: string;
}

/**
 * A lifecycle event as a stage reads it: which document changed and how, never the change itself. The
 * payload travels by reference: the version's text, provisions and access are read from the catalog when
 * the change is applied, so a stage always applies what the catalog holds now, whatever order events
 * arrive in. `commandAt` is when the command that caused it reached the command stream (ISO 8601), where
 * the propagation lag starts; null on an event that does not say.
 */
export type LifecycleEvent =
  | { kind: "indexed"; documentId: string; version: string; commandAt: string | null }
  /** Every required store acknowledged the version, and the catalog serves it: apply it. */
  | { kind: "served"; documentId: string; version: string; commandAt: string | null }
  | { kind: "deleted"; documentId: string; commandAt: string | null }
  | { kind: "access-changed"; documentId: string; commandAt: string | null }
  /** Another event of the stream (unchanged, failed): nothing for a store to do. */
  | { kind: "other" };

/** Decodes an event by its subject; throws on a payload that is not the subject's message. */
export function readLifecycleEvent(subjects: LifecycleSubjects, subject: string, data: Uint8Array): LifecycleEvent {
  if (subjects.versionServed !== undefined && subject === subjects.versionServed) {
    const e = fromBinary(indexerV1.VersionServedSchema, data);
    return { kind: "served", documentId: e.documentId, version: e.version, commandAt: iso(e.commandAt) };
  }
  switch (subject) {
    case subjects.documentIndexed: {
      const e = fromBinary(ingestV1.DocumentIndexedSchema, data);
      return { kind: "indexed", documentId: e.documentId, version: e.version, commandAt: iso(e.commandAt) };
    }
    case subjects.documentDeleted: {
      const e = fromBinary(ingestV1.DocumentDeletedSchema, data);
      return { kind: "deleted", documentId: e.documentId, commandAt: iso(e.commandAt) };
    }
    case subjects.documentAccessChanged: {
      const e = fromBinary(ingestV1.DocumentAccessChangedSchema, data);
      return { kind: "access-changed", documentId: e.documentId, commandAt: iso(e.commandAt) };
    }
    default:
      return { kind: "other" };
  }
}

const iso = (t: Timestamp | undefined): string | null => (t ? timestampDate(t).toISOString() : null);
