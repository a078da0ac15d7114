import type { Access, DocumentRole, FailureReason, ProvisionNode } from "@lexnav/document-model";

/** A request to ingest one document: a path to read, or bytes with the name they came under. */
export interface IngestRequest {
  /** Source location recorded as provenance (a path or URL). */
  source: string;
  /** Bytes to ingest; when absent the pipeline reads `source` as a local path. */
  bytes?: Uint8Array;
  /** File name used for type detection and messages; defaults to the basename of `source`. */
  fileName?: string;
  /**
   * Who may read the document. Given, it replaces the document's access, and a change is reported
   * (`IngestResult.accessChanged`). Absent, a document the store knows keeps its access, whatever its
   * bytes: re-ingesting never widens or resets who may read it; a new one gets `initialAccess`.
   */
  access?: Access;
  /** Who may read a document the store has not seen when `access` is absent (absent too: nobody). */
  initialAccess?: Access;
  /** Explicit transaction set to file the document under; detected from the text when absent. */
  transactionSetId?: string;
  /**
   * When the document was filed (ISO date), as the source's metadata records it (a filing index, a
   * document management system): which of two copies of one agreement answers cite. Absent: read from
   * the file name where it records one (EDGAR exhibit names), and recorded as read from the name.
   */
  filedOn?: string;
  /**
   * When the request was made (an ISO time): when its command reached the command stream. Absent: now. A
   * request made before one the catalog has admitted for the document changes nothing (`superseded`).
   */
  requestedAt?: string;
}

/**
 * superseded: a request for the document made later than this one was applied first (a command handed back
 * for a retry and delivered after a newer one), or an ingest or delete of it made later was admitted while this
 * one ran, so this one changed nothing: applying it would undo the later.
 */
export type IngestStatus = "indexed" | "unchanged" | "failed" | "superseded";

/** What happened to one document. A failure is a value with a reason, never a throw. */
export interface IngestResult {
  documentId: string;
  source: string;
  status: IngestStatus;
  version: string | null;
  failure: FailureReason | null;
  title: string | null;
  role: DocumentRole;
  nodeCount: number;
  transactionSetId: string | null;
  qualityStatus: "ok" | "degraded" | "failed" | null;
  /** Set when this ingest replaced who may read a document the store already had (only an explicit `access` does). */
  accessChanged?: boolean;
  /**
   * Set on an unchanged document whose version still waits for the stores' acknowledgements (the catalog
   * holds it as pending): the announcement that it was indexed may never have reached them (a publish
   * that failed after the catalog was written), so a service announces it again.
   */
  awaitingStores?: boolean;
  /**
   * Set on a failure the store could not record (busy beyond its timeout, unreachable): nothing of the
   * document was written, and the same request may succeed later. A service retries it; the CLI reports it.
   */
  retryable?: boolean;
  /**
   * Set when `superseded`: when the later request applied to the document was made (ISO). Absent when the
   * document was taken over while this request ran by a process that recorded no later request.
   */
  supersededBy?: string;
}

/** The ingest use case shared by the CLI (all-in-one) and the ingest service (NATS). */
export interface IngestPipeline {
  ingest(request: IngestRequest): Promise<IngestResult>;
  /**
   * Marks a document deleted and erases its text from every store and derived artefact; its
   * deleted state stays visible in the catalog. Null when there is no such document. A document
   * under legal hold (its own or its set's) is refused with a `conflict` naming the hold, and so is a
   * request made (`requestedAt`, ISO; absent: now) before a later one the catalog admitted for the document.
   */
  remove(documentId: string, requestedAt?: string): Promise<ErasureReport | null>;
  /**
   * Replaces who may read a document; false when there is no such document. A request made before a later
   * one the catalog admitted for the document is refused with a `conflict`.
   */
  setAccess(documentId: string, access: Access, requestedAt?: string): Promise<boolean>;
  /**
   * Finds documents left `received` or `extracted` by an ingest whose process died (killed, out of
   * memory) and marks each failed with a reason saying to ingest it again; documents another live
   * process is ingesting are left alone. Run when a process starts ingesting.
   */
  recoverInterrupted(): Promise<IngestResult[]>;
}

/**
 * Where indexed documents go to become searchable (lexical passages, vectors). Called inside the
 * catalog's transaction when the stores share one database, so a document, its deletion or its
 * access change land in every store together or not at all.
 */
export interface SearchIndexSink {
  putDocument(doc: {
    documentId: string;
    version: string;
    access: Access;
    nodes: ProvisionNode[];
    text: string;
  }): Promise<void>;
  /** Removes the document from every search store; returns the passages and vectors removed. */
  removeDocument(documentId: string): Promise<{ passages: number; vectors: number }>;
  setAccess(documentId: string, access: Access): Promise<void>;
}

/**
 * What holds a document's text beyond the catalog and the search stores: answer records, files
 * lexnav wrote, the store's free pages and log.
 */
export interface DerivedArtefacts {
  /**
   * Erases a deleted document's text from the artefacts derived from it. Called inside the catalog
   * transaction of the delete, so the delete and the erasure of records land together.
   */
  eraseDocument(documentId: string): Promise<{ answerRecords: number; files: string[] }>;
  /** After a delete has committed: rewrites index structures and truncates the log, so no deleted byte remains. */
  compact(): Promise<{ lexicalCompacted: boolean; walTruncated: boolean }>;
}

/** What a delete erased, store by store. */
export interface ErasureReport {
  documentId: string;
  /** Extracted versions (the text) and their provision nodes. */
  versions: number;
  nodes: number;
  /** Lexical passages and dense vectors. */
  passages: number;
  vectors: number;
  /** Answer records whose text fields were erased (ids, offsets and keyed hashes kept). */
  answerRecords: number;
  /** Files lexnav had written with the document's text, removed. */
  files: string[];
  /** Index structures rewritten whole after the delete. */
  lexicalCompacted: boolean;
  /**
   * The write-ahead log checkpointed and truncated. False when another connection still read from
   * it: the erased pages leave it at the next checkpoint.
   */
  walTruncated: boolean;
}
