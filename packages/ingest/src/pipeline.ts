import type { Access, DocumentRole, FailureReason, ProvisionNode } from "@lexnav/document-model";

/** A request to ingest one document: a path to read, or bytes with the name they came under. */
export interface IngestRequest {
  /** Source location recorded as provenance (a path or URL). */
  source: string;
  /** Bytes to ingest; when absent the pipeline reads `source` as a local path. */
  bytes?: Uint8Array;
  /** File name used for type detection and messages; defaults to the basename of `source`. */
  fileName?: string;
  access: Access;
  /** Explicit transaction set to file the document under; detected from the text when absent. */
  transactionSetId?: string;
}

export type IngestStatus = "indexed" | "unchanged" | "failed";

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
}

/** The ingest use case shared by the CLI (all-in-one) and the ingest service (NATS). */
export interface IngestPipeline {
  ingest(request: IngestRequest): Promise<IngestResult>;
  /** Marks a document deleted: it leaves every store; its failed/deleted state stays visible in the catalog. */
  remove(documentId: string): Promise<boolean>;
  /** Replaces who may read a document. */
  setAccess(documentId: string, access: Access): Promise<boolean>;
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
  putDocument(doc: { documentId: string; version: string; access: Access; nodes: ProvisionNode[]; text: string }): void;
  removeDocument(documentId: string): void;
  setAccess(documentId: string, access: Access): void;
}
