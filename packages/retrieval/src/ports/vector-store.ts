import type { Access } from "@lexnav/document-model";
import type { AccessScope } from "../domain/access-scopes.ts";
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
  /** sha256 of the text the vector was made from (a model embedder's vectors), for `cachedVectors`. */
  textHash?: string;
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
  /** The access scope whose vectors to rank (a per-scope version); absent: the unscoped vectors. */
  scope?: string;
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

/** A corpus-fitted model of one access scope, as stored with an index version. */
export interface ScopeModel {
  /** Names the model and its exact parameters (e.g. `builtin-lsa-128d-<hash>`). */
  embedderId: string;
  bytes: Uint8Array;
}

/** An access scope of a per-scope index version and the state of its model. */
export interface VectorScopeState extends AccessScope {
  /** The model the scope's vectors were made with; null when it has none (stale, or too little text). */
  embedderId: string | null;
  /** A delete or access change dropped the scope's model and vectors: it must be fitted again before use. */
  stale: boolean;
}

/**
 * The vector store port: nearest passages by cosine similarity. The permission filter is part of
 * the nearest-neighbour query itself (pre-filter), so k results come from what the principal may
 * read, never from a filtered top-k. Index versions work as in the lexical index: the active one
 * serves until another is activated.
 *
 * A version built with a corpus-fitted embedder keeps one model per access scope (`putScope`), and
 * each scope's vectors apart: a query is embedded by the model of each scope the principal may read
 * and ranked only among that scope's vectors. Removing a document, or changing its access, drops the
 * model and vectors of every scope it leaves or joins and marks them stale, in the same transaction,
 * so no model keeps a word of a text its users may no longer read; the owner fits them again.
 */
export interface VectorStore {
  /** Creates a version to build into, for vectors of `dimensions` made by embedder `embedderId`. */
  createVersion(dimensions: number, embedderId: string): Promise<string>;
  activate(indexVersion: string): Promise<void>;
  activeVersion(): Promise<string | null>;
  /** The version's dimensions and embedder, or null when it does not exist. */
  describeVersion(indexVersion: string): Promise<VectorIndexVersion | null>;
  /** Removes a retired version, its vectors and its model. */
  dropVersion(indexVersion: string): Promise<void>;
  /** Records an access scope of a version with its fitted model (null: too little text to fit on); clears stale. */
  putScope(indexVersion: string, scope: AccessScope, model: ScopeModel | null): Promise<void>;
  /** Marks scopes stale (creating them when new) and drops their models and vectors. */
  staleScopes(indexVersion: string, scopes: AccessScope[]): Promise<void>;
  /** The access scopes of a version, by key; empty for an unscoped version. */
  scopes(indexVersion: string): Promise<VectorScopeState[]>;
  /** One access scope of a version, null when the version has no such scope. */
  scope(indexVersion: string, scopeKey: string): Promise<VectorScopeState | null>;
  /** The serialised model of a scope, null when it has none. */
  getScopeModel(indexVersion: string, scopeKey: string): Promise<Uint8Array | null>;
  /**
   * Replaces every vector of a document in an index version (in one scope of it when `scope` is
   * given: the document becomes a member of that scope).
   */
  putDocument(
    indexVersion: string,
    documentId: string,
    access: Access,
    items: VectorItem[],
    scope?: string,
  ): Promise<void>;
  /** Removes a document from every index version; the scopes it was in become stale. Returns the vectors removed. */
  removeDocument(documentId: string): Promise<number>;
  /**
   * Replaces who may read a document, in every index version; the scopes it leaves and the scopes
   * of its new access it is not yet in become stale.
   */
  setAccess(documentId: string, access: Access): Promise<void>;
  /**
   * The vectors this store already holds for these texts (by `textHash`), made by `embedderId` in any
   * index version: a model that embeds again reuses them and embeds only what changed. A document's
   * removal removes its vectors, so nothing is kept for a text that is no longer stored.
   */
  cachedVectors(embedderId: string, textHashes: string[]): Promise<Map<string, Float32Array>>;
  search(query: VectorQuery): Promise<VectorSearchResult>;
  close(): Promise<void>;
}
