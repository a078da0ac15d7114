import { fromBinary } from "@bufbuild/protobuf";
import { ingestV1 } from "@lexnav/proto";

/** The subjects of the lifecycle events a stage applies (the ingest service's `INGEST_SUBJECTS`). */
export interface LifecycleSubjects {
  documentIndexed: string;
  documentDeleted: string;
  documentAccessChanged: string;
}

/**
 * A lifecycle event as a stage reads it: which document changed and how, never the change itself. The
 * payload travels by reference: the version's text, provisions and access are read from the catalog when
 * the change is applied, so a stage always applies what the catalog holds now, whatever order events
 * arrive in.
 */
export type LifecycleEvent =
  | { kind: "indexed"; documentId: string; version: string }
  | { kind: "deleted"; documentId: string }
  | { kind: "access-changed"; documentId: string }
  /** Another event of the stream (unchanged, failed): nothing for a store to do. */
  | { kind: "other" };

/** Decodes an event by its subject; throws on a payload that is not the subject's message. */
export function readLifecycleEvent(subjects: LifecycleSubjects, subject: string, data: Uint8Array): LifecycleEvent {
  switch (subject) {
    case subjects.documentIndexed: {
      const e = fromBinary(ingestV1.DocumentIndexedSchema, data);
      return { kind: "indexed", documentId: e.documentId, version: e.version };
    }
    case subjects.documentDeleted:
      return { kind: "deleted", documentId: fromBinary(ingestV1.DocumentDeletedSchema, data).documentId };
    case subjects.documentAccessChanged:
      return { kind: "access-changed", documentId: fromBinary(ingestV1.DocumentAccessChangedSchema, data).documentId };
    default:
      return { kind: "other" };
  }
}
