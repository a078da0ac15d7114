import type {
  Access,
  Block,
  ContentType,
  DocumentFacts,
  DocumentRecord,
  DocumentRole,
  DocumentVersion,
  Extraction,
  FailureReason,
  Filing,
  LifecycleState,
  PageAnchor,
  ProvisionNode,
} from "@lexnav/document-model";

/** The fields of a document that ingestion sets when it first sees or re-reads a source. */
export interface DocumentUpsert {
  id: string;
  source: string;
  fileName: string;
  access: Access;
}

/** The process ingesting a document: kept while the document is `received` or `extracted`. */
export interface IngestClaim {
  pid: number;
  host: string;
  since: string;
}

/** What the catalog knows about a document after it was read: read from its text, not given. */
export interface DocumentProfileUpdate {
  title: string | null;
  role: DocumentRole;
  effectiveDate: string | null;
  transactionSetId: string | null;
  /** Parties and the amended instrument (null or absent: not read; stored as given). */
  facts?: DocumentFacts | null;
}

/** A stored, immutable extracted version: the text every citation offset refers to. */
export interface StoredVersion extends DocumentVersion {
  text: string;
  blocks: Block[];
  pages: PageAnchor[];
  furniture: Extraction["furniture"];
}

/**
 * A law-firm control on a document, or on a transaction set and so on every document filed under it now
 * or later: an ethical wall keeping one principal or group out (`deny_principal`, `deny_group`, whatever
 * the document's access grants), a legal hold (no delete), or a bar on sending its text to an external
 * model. Controls live apart from access: an ingest's `--acl` or an access change never lifts one.
 */
export interface Control {
  scope: "document" | "set";
  scopeId: string;
  kind: ControlKind;
  /** The principal or group a wall keeps out; "" for a hold or the external-model bar. */
  name: string;
  /** Who placed it, and when (ISO). */
  by: string;
  since: string;
}

export type ControlKind = "deny_principal" | "deny_group" | "legal_hold" | "no_external_model";

/** What names one control: the fields other than who placed it and when. */
export type ControlKey = Pick<Control, "scope" | "scopeId" | "kind" | "name">;

/** One group of `Catalog.countDocuments`. */
export interface DocumentCount {
  lifecycle: LifecycleState;
  failureCode: string | null;
  count: number;
  oldestUpdatedAt: string;
  /** Documents of the group with a version waiting for the indexing stores' acknowledgements. */
  awaitingStores: number;
}

/** What one store's acknowledgement of a version did (`Catalog.acknowledgeVersion`). */
export interface VersionAcknowledgement {
  /**
   * served: readers see this version now (this acknowledgement completed the set, or it already was);
   * waiting: stores in `waitingFor` have not acknowledged it yet; superseded: a newer version was ingested
   * since, or the document was deleted, so this one will never be served.
   */
  status: "served" | "waiting" | "superseded";
  waitingFor: string[];
}

/** What ingest records of a version to find its copies of one agreement (`filed-copies.ts` in document-model). */
export interface CopyKey {
  contentKey: string;
  /** The sampled shingle hashes of its text (`copySample`). */
  sample: number[];
  filing: Filing | null;
}

/** One version, named. */
export interface VersionRef {
  documentId: string;
  version: string;
}

/** Two documents whose served versions were recorded as copies of one agreement. */
export interface CopyPair {
  documentId: string;
  copyOf: string;
}

export interface DocumentFilter {
  lifecycle?: LifecycleState[];
  transactionSetId?: string;
}

/**
 * The catalog port: documents with provenance and lifecycle, their immutable versions and the
 * provision nodes derived from them. Writes that belong together happen in `transaction`. Every method
 * is asynchronous, so a store shared by many processes (a database server) fits it as the embedded one does.
 */
export interface Catalog {
  /**
   * Runs `fn` atomically: either every write inside lands or none does. `fn` makes its catalog calls
   * through `tx` (an adapter over a connection pool binds it to the transaction's connection); the
   * embedded store also covers the writes of the stores sharing its file (lexical index, vector store,
   * audit log, answer records) made while `fn` runs. Transactions of one process take turns.
   */
  transaction<T>(fn: (tx: Catalog) => Promise<T>): Promise<T>;

  getDocument(id: string): Promise<DocumentRecord | null>;
  findDocumentBySource(source: string): Promise<DocumentRecord | null>;
  listDocuments(filter?: DocumentFilter): Promise<DocumentRecord[]>;
  /**
   * Documents counted by lifecycle state and failure code (null unless failed), each group with the
   * oldest `updatedAt` among its documents: what operator views report, without reading every record.
   */
  countDocuments(): Promise<DocumentCount[]>;
  /**
   * How many indexed documents carry a profile another reader than `reader` wrote, or one that records no
   * reader (`DocumentFacts.reader`): counted in the store, as `countDocuments` counts.
   */
  countProfilesNotBy(reader: string): Promise<number>;
  /** Creates the document as `received`, or moves an existing one back to `received` with the new access. */
  upsertReceived(doc: DocumentUpsert, now: string): Promise<DocumentRecord>;
  /** Sets the lifecycle; a state other than `received` or `extracted` ends the document's ingest claim. */
  setLifecycle(id: string, state: LifecycleState, failure: FailureReason | null, now: string): Promise<void>;
  /**
   * Records which process is ingesting a document, so that a later run finding it still `received`
   * or `extracted` can tell an ingest in progress from one whose process died.
   */
  claimIngest(id: string, claim: IngestClaim): Promise<void>;
  /** The claim on a document not yet indexed or failed, or null. */
  ingestClaim(id: string): Promise<IngestClaim | null>;
  /**
   * Called on `tx` inside `transaction`: holds the set-filing lock until the transaction ends, so two
   * processes filing documents into transaction sets (or relinking one) take turns, and each reads the
   * filings the other committed: two related documents indexed at once end in one set, not two or none.
   */
  lockSetFiling(): Promise<void>;
  /**
   * Called on `tx` inside `transaction`: holds the document's lock until the transaction ends. Receiving
   * the document (`upsertReceived`, which takes the same lock) waits meanwhile, so a process reading the
   * document's state and claim under it sees no other process take the document over. Erasing a document
   * (delete, failure) takes it too, so a set link that found a version under it can write into that version.
   */
  lockDocument(id: string): Promise<void>;
  /**
   * Called on `tx` inside `transaction`, after `lockDocument`: admits a request for the document made at `at`
   * (an ISO time: when its command reached the command stream, or when a user asked) unless a request made
   * later was admitted before, and records it. Null when admitted; else the time of that later request, and
   * nothing is recorded. Requests that change a document (ingest, delete, access) so take effect in the order
   * they were made, whatever order they arrive in: a command handed back for a retry and delivered again
   * after a newer one changes nothing. The record outlives the document's deletion, so an older ingest
   * delivered late does not bring a deleted document back.
   */
  admitRequest(id: string, at: string): Promise<string | null>;
  setAccess(id: string, access: Access, now: string): Promise<boolean>;
  setProfile(id: string, profile: DocumentProfileUpdate, now: string): Promise<void>;
  /** Files a document under a transaction set (null: none). */
  setTransactionSet(id: string, setId: string | null, now: string): Promise<void>;
  /**
   * Gives a transaction set the name people call it by (null: drops it, and the set is shown by the
   * name its documents give it). Names are unique regardless of case: `conflict` when another set has it.
   */
  nameTransactionSet(setId: string, name: string | null, now: string): Promise<void>;
  /** The names given to transaction sets, by set id. */
  transactionSetNames(): Promise<Map<string, string>>;
  /** Makes `version` the one readers see, at once (the embedded stack writes its stores in the same transaction). */
  setCurrentVersion(id: string, version: string, contentType: ContentType, now: string): Promise<void>;
  /**
   * Records `version` as ingested but not yet served (a catalog shared with indexing stages): readers keep
   * seeing `currentVersion` until every required store has acknowledged it (`acknowledgeVersion`).
   */
  setPendingVersion(id: string, version: string, now: string): Promise<void>;
  /**
   * Records that `store` holds `version` ready to serve and, atomically under the document's lock, makes
   * it the served version when every one of `requiredStores` has acknowledged it and it is still the
   * newest ingested (never backwards). Idempotent: a repeated acknowledgement changes nothing more.
   */
  acknowledgeVersion(
    documentId: string,
    version: string,
    store: string,
    requiredStores: readonly string[],
    now: string,
  ): Promise<VersionAcknowledgement>;

  /** Stores a version once; storing the same (document, version) again is a no-op. Versions are never updated. */
  putVersion(documentId: string, version: StoredVersion): Promise<void>;
  getVersion(documentId: string, version: string): Promise<StoredVersion | null>;
  listVersions(documentId: string): Promise<DocumentVersion[]>;

  /** Records a version's copy key; recording it again replaces it (it is derived from the immutable text). */
  putCopyKey(documentId: string, version: string, key: CopyKey): Promise<void>;
  /** The copy keys of every document's served or pending version, deleted documents aside: what a new version is compared with. */
  listCopyKeys(): Promise<Array<VersionRef & Pick<CopyKey, "contentKey" | "sample">>>;
  /**
   * Served or pending versions that have no copy key (stored before copies were recorded at ingest), in
   * (document id, version) order; a page of them when `page` says so: at most `limit`, after `after`.
   */
  versionsWithoutCopyKey(page?: { after?: VersionRef; limit?: number }): Promise<VersionRef[]>;
  /** Records that `version` and each of `copies` are copies of one agreement (both ways); recording a pair again is a no-op. */
  recordCopies(documentId: string, version: string, copies: readonly VersionRef[]): Promise<void>;
  /**
   * Pairs of documents whose served versions are recorded as copies, each pair once, deleted documents
   * aside; of `documentId` alone when given. Names documents whoever may read them: callers keep to what
   * their reader may read.
   */
  listCopies(documentId?: string): Promise<CopyPair[]>;

  /** Replaces the derived nodes of one version (structure and enrichment can be recomputed). */
  replaceNodes(documentId: string, version: string, nodes: ProvisionNode[]): Promise<void>;
  getNodes(documentId: string, version: string): Promise<ProvisionNode[]>;
  /**
   * Removes every version (text) of a document, their nodes and what was read from the text (title,
   * date, facts); the lifecycle is left to the caller. Returns what was removed.
   */
  eraseVersions(id: string): Promise<{ versions: number; nodes: number }>;
  /**
   * Places a control (a wall, a hold, the external-model bar); false when it was already in place. A
   * document's record reads its own controls and its set's: walls as `access.deny`, a hold as
   * `legalHold`, the bar as `noExternalModel`.
   */
  placeControl(control: Control): Promise<boolean>;
  /** Lifts a control; false when it was not in place. */
  liftControl(key: ControlKey): Promise<boolean>;
  /** The controls in place, of one document or set when a scope is given. */
  listControls(scope?: Pick<Control, "scope" | "scopeId">): Promise<Control[]>;

  /** Removes a document's versions (text) and nodes and marks it deleted; the record stays as the audit trail. */
  markDeleted(id: string, now: string): Promise<boolean>;

  close(): Promise<void>;
}
