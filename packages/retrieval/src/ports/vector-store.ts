import type { Access } from "@lexnav/document-model";
import type { Principal } from "../domain/principal.ts";

/** One passage's vector, with the span it stands for. */
export interface VectorItem {
  passageId: string;
  nodeId: string;
  /** The document version (content hash) the span is in. */
  version: string;
  start: number;
  end: number;
  vector: Float32Array;
}

export interface VectorQuery {
  /** An L2-normalised query vector of the index version's dimensions. */
  vector: Float32Array;
  principal: Principal;
  k: number;
  /** Index version to read; the active one when absent. */
  indexVersion?: string;
  /** Restrict to these documents (on top of the permission filter, never instead of it). */
  documentIds?: string[];
}

export interface VectorHit {
  passageId: string;
  documentId: string;
  version: string;
  nodeId: string;
  start: number;
  end: number;
  /** Cosine similarity, higher is better. */
  score: number;
}

export interface VectorSearchResult {
  hits: VectorHit[];
  indexVersion: string;
}

/** What an index version was built with. */
export interface VectorIndexVersion {
  id: string;
  dimensions: number;
  embedderId: string;
  active: boolean;
}

/**
 * The vector store port: nearest passages by cosine similarity. The permission filter is part of
 * the nearest-neighbour query itself (pre-filter), so k results come from what the principal may
 * read, never from a filtered top-k. Index versions work as in the lexical index: the active one
 * serves until another is activated. A version also keeps the serialised embedder model its vectors
 * were made with (for corpus-fitted embedders), so queries embed with the very same model.
 */
export interface VectorStore {
  /** Creates a version to build into, for vectors of `dimensions` made by embedder `embedderId`. */
  createVersion(dimensions: number, embedderId: string): string;
  activate(indexVersion: string): void;
  activeVersion(): string | null;
  /** The version's dimensions and embedder, or null when it does not exist. */
  describeVersion(indexVersion: string): VectorIndexVersion | null;
  /** Removes a retired version, its vectors and its model. */
  dropVersion(indexVersion: string): void;
  /** Keeps the serialised embedder model of a version (replacing any earlier one). */
  putModel(indexVersion: string, model: Uint8Array): void;
  getModel(indexVersion: string): Uint8Array | null;
  /** Replaces every vector of a document in an index version. */
  putDocument(indexVersion: string, documentId: string, access: Access, items: VectorItem[]): void;
  /** Removes a document from every index version; returns the vectors removed. */
  removeDocument(documentId: string): number;
  /** Replaces who may read a document, in every index version. */
  setAccess(documentId: string, access: Access): void;
  search(query: VectorQuery): VectorSearchResult;
  close(): void;
}
