import type { Access } from "@lexnav/document-model";
import type { DocumentHit, IndexableDocument, Principal } from "@lexnav/retrieval";

/** One hit of a stage's search: a passage span of a document version, with the stage's score. */
export interface StageHit {
  passageId: string;
  documentId: string;
  version: string;
  nodeId: string;
  start: number;
  end: number;
  score: number;
}

/** A search one stage runs: permission filter and scope inside the store query, as in every port. */
export interface StageQuery {
  text: string;
  principal: Principal;
  k: number;
  /** Only these documents (the request's scope, already resolved against the catalog). */
  documentIds?: string[];
}

/**
 * The store an indexing stage keeps in step with the catalog: the lexical index for `lexical`, the
 * vector store for `vector`. Each method returns a promise, so a remote store (OpenSearch, Qdrant)
 * fits the same shape as the embedded one.
 */
export interface StageStore {
  /** The store's name in the applied-change log ("lexical", "vector"). */
  readonly name: string;
  /**
   * Does ahead what applying this version will need, without changing what the store serves (the vector
   * store embeds the passages into its cache, so the switch is fast); absent: nothing to prepare.
   * Idempotent, and kept where any replica of the stage can use it.
   */
  prepare?(doc: IndexableDocument & { name: string | null }): Promise<void>;
  /** Replaces every passage of a document with those of this version, under its current access. */
  upsert(doc: IndexableDocument & { name: string | null }): Promise<void>;
  /** Removes a document from every index version of the store; returns the entries removed. */
  remove(documentId: string): Promise<number>;
  /**
   * Drops what `prepare` kept ahead for a document the store never held: one deleted before any version
   * of it was served (the vector store's cached embeddings of its text). Idempotent; returns the entries
   * dropped. Absent: nothing is kept ahead.
   */
  discard?(documentId: string): Promise<number>;
  /** Replaces who may read a document. */
  setAccess(documentId: string, access: Access): Promise<void>;
  search(query: StageQuery): Promise<{ hits: StageHit[]; indexVersion: string }>;
  /**
   * What a Searcher elsewhere reads of the store besides passage search (the lexical stage serves them;
   * a store without them leaves the RPCs unimplemented): the documents a question names, by their cards,
   * permission-filtered and scoped like `search`.
   */
  searchDocuments?(query: StageQuery): Promise<{ hits: DocumentHit[]; indexVersion: string }>;
  /**
   * At most `limit` documents whose passages hold `text` whole (`LexicalIndex.documentsHolding`: routing by a
   * rare name), permission-filtered and scoped like `search`.
   */
  documentsHolding?(
    query: Omit<StageQuery, "k"> & { limit: number },
  ): Promise<{ documentIds: string[]; indexVersion: string }>;
  /** Every passage the principal may read, in document order, score 0; scoped like `search`. */
  listPassages?(query: Omit<StageQuery, "text" | "k">): Promise<{ hits: StageHit[]; indexVersion: string }>;
  /** The version searches read; null when the store has none yet. */
  activeVersion?(): Promise<string | null>;
}
