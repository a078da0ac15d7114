import type { Access } from "@lexnav/document-model";
import type { Passage } from "../domain/passages.ts";
import type { Principal } from "../domain/principal.ts";

export interface LexicalQuery {
  text: string;
  principal: Principal;
  k: number;
  /** Index version to read; the active one when absent. A version that is not there is `not_found`. */
  indexVersion?: string;
  /**
   * Only these documents (a request's scope, or the documents routing chose), inside the query like the
   * permission filter: a document the principal may not read stays out whatever is listed.
   */
  documentIds?: string[];
}

/** A phrase looked up whole (`LexicalIndex.documentsHolding`): at most `limit` documents come back. */
export interface PhraseQuery {
  text: string;
  principal: Principal;
  limit: number;
  indexVersion?: string;
  documentIds?: string[];
}

export interface LexicalHit {
  passageId: string;
  documentId: string;
  version: string;
  nodeId: string;
  start: number;
  end: number;
  score: number;
}

export interface LexicalSearchResult {
  hits: LexicalHit[];
  indexVersion: string;
  /** The normalised query the index matched (terms only, no document text). */
  normalisedQuery: string;
}

/** How a question names a document: its opening (title, parties, recitals) and the name it is filed under. */
export interface DocumentCard {
  text: string;
  /** The filed name (e.g. the file name without extension); a question quoting it whole is routed here. */
  name?: string | null;
}

/** A document a question names: by its whole filed name (`named`), else by BM25 over its card. */
export interface DocumentHit {
  documentId: string;
  /** BM25 over the card, higher is better; 0 for a named document whose card did not rank. */
  score: number;
  named?: boolean;
}

/**
 * The lexical index port: BM25 over passage fields (heading, clause reference, defined terms, body).
 * The permission filter is part of the query itself, so k results come back from what the principal
 * may read, never from a filtered top-k.
 */
export interface LexicalIndex {
  /** Creates a new index version to build into; the active version keeps serving until `activate`. */
  createVersion(): Promise<string>;
  activate(indexVersion: string): Promise<void>;
  activeVersion(): Promise<string | null>;
  /** Removes a retired version and everything in it. */
  dropVersion(indexVersion: string): Promise<void>;
  /**
   * Replaces every passage of a document in an index version, and its card: the opening of the
   * document (title, parties, recitals), which is how a question names the instrument it is about.
   */
  putDocument(
    indexVersion: string,
    documentId: string,
    access: Access,
    passages: Passage[],
    card?: DocumentCard,
  ): Promise<void>;
  /**
   * Removes a document from every index version, leaving none of its terms in the index structures
   * (no tombstone that keeps them until a merge); returns the passages removed.
   */
  removeDocument(documentId: string): Promise<number>;
  /**
   * Rewrites the index structures whole, so no entry written before a delete survives in them (an
   * index whose deletes once left tombstones keeps the deleted terms until such a merge).
   */
  compact(): Promise<void>;
  /**
   * Documents with a card but no filed name recorded (cards written before cards kept names, or put
   * without one), so whoever knows the names can give them with `setDocumentName`.
   */
  unnamedDocuments(): Promise<string[]>;
  /** Records the name a document is filed under on its cards, in every index version. */
  setDocumentName(documentId: string, name: string | null): Promise<void>;
  /** Replaces who may read a document, in every index version. */
  setAccess(documentId: string, access: Access): Promise<void>;
  search(query: LexicalQuery): Promise<LexicalSearchResult>;
  /**
   * The documents a question names, permission-filtered like `search`: the best k by BM25 over their
   * cards, those whose filed name it quotes whole marked `named` (of nested names only the longest,
   * `mostSpecificNames`), and named ones whose card did not rank added after them with score 0.
   */
  searchDocuments(query: LexicalQuery): Promise<{ hits: DocumentHit[]; indexVersion: string }>;
  /**
   * The documents with a passage that holds `text` as a phrase (its words in a row, as the index reads
   * words: case and inflection aside), permission-filtered like `search`: at most `limit`, in no set
   * order. How many documents hold a name tells whether it singles them out. Absent on an index that
   * cannot answer phrases; callers then do without.
   */
  documentsHolding?(query: PhraseQuery): Promise<{ documentIds: string[]; indexVersion: string }>;
  /**
   * Every passage `principal` may read, in document order (by document id, then by offset), with
   * score 0: what inject hands a model. Permission-filtered inside the query, like `search`.
   */
  listPassages(query: { principal: Principal; indexVersion?: string; documentIds?: string[] }): Promise<{
    hits: LexicalHit[];
    indexVersion: string;
  }>;
  close(): Promise<void>;
}
