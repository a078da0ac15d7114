/** What a change did to a stage's store. */
export type ChangeKind = "upsert" | "delete" | "access";

/** One row of a store's applied-change log. */
export interface AppliedChange {
  documentId: string;
  /** The document version the store held after an upsert, or held when it was deleted or re-permissioned. */
  version: string;
  store: string;
  changeKind: ChangeKind;
  /** When the store applied it (ISO 8601). */
  appliedAt: string;
  /** Which replica of the stage applied it. */
  replicaId: string;
  /** The lifecycle event that caused it (`<stream>:<sequence>`). */
  eventKey: string;
  /** When the event was published (ISO 8601). */
  publishedAt: string;
  /**
   * When the command that caused it reached the command stream (ISO 8601): `appliedAt` minus this is the
   * propagation lag from command to this store. Null when the event did not carry it.
   */
  commandAt: string | null;
}

/** What an application decided to do; null: nothing (superseded, already applied, nothing held). */
export interface Application {
  documentId: string;
  version: string;
  changeKind: ChangeKind;
  /** The version the store holds for the document afterwards; null after a delete. */
  holds: string | null;
}

/** The store's view inside an application: the version it holds for a document, if any. */
export interface HeldVersions {
  held(documentId: string): Promise<string | null>;
}

/**
 * The applied-change log of one store: each change applied once, whatever the redeliveries and replicas.
 * `applyOnce` runs `apply` holding the document's lock (the embedded store's write lock, or a PostgreSQL
 * lock on the document when the store is a server every host reaches), so a second replica waits for the
 * first instead of deciding on stale state, and records what it did when `apply` returns:
 * - in the embedded store, in the same transaction as the store's own writes (both or neither);
 * - beside a server store (OpenSearch, Qdrant: no transaction spans it and the log), the log row commits
 *   after the store's writes. A crash between them leaves the writes without a row; the redelivery finds
 *   no row, decides again and repeats them, which changes nothing because every write is idempotent
 *   (deterministic ids, a put replaces the document's passages, a delete or access change set a state).
 */
export interface AppliedChangeLog {
  applyOnce(
    event: { eventKey: string; publishedAt: string; commandAt: string | null; documentId: string },
    apply: (state: HeldVersions) => Promise<Application | null>,
  ): Promise<{ status: "applied"; change: AppliedChange } | { status: "duplicate" | "skipped" }>;
  /**
   * Runs `fn` while no other replica of the store runs one: the stage's start, which makes sure an index
   * version is active. Two replicas starting on an empty server store would otherwise each create and
   * activate a version, and what the first wrote before the second moved the alias would not be searched.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Every row, oldest first (optionally one document's). */
  list(filter?: { documentId?: string }): Promise<AppliedChange[]>;
}
