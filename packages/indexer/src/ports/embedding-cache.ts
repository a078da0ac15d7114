/**
 * Vectors a stage embedded ahead of applying a version (the prepare phase of the switch to a new version),
 * keyed by the model and the sha256 of the embedded text, and filed under the document they were made for
 * so they leave with it. Applying the version reads them instead of embedding again; once applied, the
 * vector store holds them and the document's entries are dropped.
 */
export interface EmbeddingCache {
  /** The cached vectors of these texts made by `embedderId`, by text hash. */
  get(embedderId: string, textHashes: string[]): Promise<Map<string, Float32Array>>;
  /** Keeps vectors made by `embedderId` for one document's texts (a second put of a text changes nothing). */
  put(embedderId: string, documentId: string, vectors: ReadonlyMap<string, Float32Array>): Promise<void>;
  /** Drops what was kept for a document (applied, or deleted); returns the entries dropped. */
  drop(documentId: string): Promise<number>;
}
