import type { Filing } from "./filed-copies.ts";

/** Content types lexnav can extract. */
export const CONTENT_TYPES = {
  txt: "text/plain",
  html: "text/html",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
} as const;
export type ContentType = (typeof CONTENT_TYPES)[keyof typeof CONTENT_TYPES];

/** Lifecycle of a document in the catalog. A failed document is never searchable. */
export type LifecycleState = "received" | "extracted" | "indexed" | "failed" | "deleted";

/** The part a document plays in a transaction set, read from its text when it can be. */
export type DocumentRole =
  | "base_agreement"
  | "amendment"
  | "restatement"
  | "side_letter"
  | "schedule_or_exhibit"
  | "disclosure_schedule"
  | "unknown";

/** Who may read a document: principals (users, services) and groups. Empty lists mean nobody but admins. */
export interface Access {
  principals: string[];
  groups: string[];
  /**
   * Ethical walls: principals and groups that may not read the document whatever the lists above or
   * their group memberships grant. Set by a wall on the document or on its transaction set, never by
   * an ingest's `--acl`; absent or empty: no wall.
   */
  deny?: AccessDeny;
}

/** The principals and groups an ethical wall keeps out. */
export interface AccessDeny {
  principals: string[];
  groups: string[];
}

/** The same principals and groups are granted (order and repeats aside); walls are not compared. */
export function sameGrants(a: Access, b: Access): boolean {
  return sortedKey(a.principals) === sortedKey(b.principals) && sortedKey(a.groups) === sortedKey(b.groups);
}

/** The same grants and the same walls: an index that holds `a` lets exactly those in that `b` lets in. */
export function sameAccess(a: Access, b: Access): boolean {
  return (
    sameGrants(a, b) &&
    sortedKey(a.deny?.principals ?? []) === sortedKey(b.deny?.principals ?? []) &&
    sortedKey(a.deny?.groups ?? []) === sortedKey(b.deny?.groups ?? [])
  );
}

const sortedKey = (xs: readonly string[]) => JSON.stringify([...new Set(xs)].sort());

/** Why a document cannot be deleted: a legal hold on it or on its transaction set, and who placed it when. */
export interface LegalHold {
  /** What the hold was placed on: the document itself, or the transaction set it is filed under. */
  scope: "document" | "set";
  scopeId: string;
  since: string;
  by: string;
}

/** Why a document failed: a code from the closed error set and a sentence a person can act on. */
export interface FailureReason {
  code: string;
  reason: string;
  /**
   * What an unexpected error said (an exception message): for the operator's log only. It may quote
   * internals or document text, so it is never stored with the document, shown or put in events.
   */
  detail?: string;
}

/**
 * What the profile read about a document's parties and the instrument it amends: all that filing it
 * into a transaction set needs besides title and role, kept so that filing a new document does not
 * read every other document's text again.
 */
export interface DocumentFacts {
  parties: string[];
  definedParties: string[];
  amendsAgreement: string | null;
  amendedShortName: string | null;
  /** The deal's own capitalised words (profile `names`); absent on records stored before they were kept. */
  names?: string[];
  /** The instruments its text names (profile `instruments`); absent on records stored before they were kept. */
  instruments?: string[];
  /** The names it calls itself in its opening (profile `ownNames`); absent on records stored before they were kept. */
  ownNames?: string[];
  /**
   * The reader that profiled it (`PROFILE_READER` of that lexnav); absent on records stored before readers
   * were recorded. One older than this lexnav's is read again by `lexnav index profiles`.
   */
  reader?: string;
}

/**
 * What ingest recorded of the served version's text to find its copies (`filed-copies.ts`): the content
 * key of its normalised words, and when it was filed. Which documents are its copies is read apart
 * (`Catalog.listCopies`), so a record shown to a reader names no other document.
 */
export interface ContentProvenance {
  contentKey: string;
  filing: Filing | null;
}

/** A document: the stable identity behind its versions, with provenance and lifecycle. */
export interface DocumentRecord {
  id: string;
  /** Where the bytes came from: a path or URL as given at ingest. */
  source: string;
  fileName: string;
  contentType: ContentType | null;
  access: Access;
  lifecycle: LifecycleState;
  failure: FailureReason | null;
  /**
   * The version readers see (content hash): search, planner, fetch and answers read this one. Null until
   * one was extracted, or, on a catalog shared with indexing stages, until every store acknowledged one.
   */
  currentVersion: string | null;
  /**
   * A newer version ingested on a catalog shared with indexing stages and not yet acknowledged by every
   * store (absent or null: none). It becomes `currentVersion` when the last store acknowledges it; until
   * then readers keep seeing the previous one.
   */
  pendingVersion?: string | null;
  title: string | null;
  role: DocumentRole;
  /** ISO date (yyyy-mm-dd) read from the text, e.g. "dated as of February 26, 1996". */
  effectiveDate: string | null;
  transactionSetId: string | null;
  /** Read with title and role; absent for a document profiled before facts were kept. */
  facts?: DocumentFacts | null;
  /** Recorded at ingest for the served version (absent or null: not recorded yet). */
  content?: ContentProvenance | null;
  /** A legal hold on the document or its set (absent or null: none): it cannot be deleted. */
  legalHold?: LegalHold | null;
  /** Its text may not be sent to an external model (flagged on the document or its set). */
  noExternalModel?: boolean;
  createdAt: string;
  updatedAt: string;
}

/** One immutable extracted version of a document: identified by the sha256 of its bytes. */
export interface DocumentVersion {
  documentId: string;
  version: string;
  byteLength: number;
  contentType: ContentType;
  textLength: number;
  extractedAt: string;
  quality: QualityReport;
}

export type BlockKind = "heading" | "paragraph" | "list_item" | "table" | "table_row" | "page_break";

/**
 * A layout block of the extracted text. Its text is always `extracted.slice(start, end)`; it is not
 * stored twice. A table block spans its rows; each row is a table_row block of its own.
 */
export interface Block {
  kind: BlockKind;
  start: number;
  end: number;
  /** 1-based page number where the block starts, when the source has pages. */
  page?: number;
  /** Heading level (1 = top) or list nesting depth (0 = top). */
  level?: number;
  /** Numbering printed before a list item when the source carries it separately (docx). */
  label?: string;
}

/** A page of the extracted text: `[start, end)` into the extracted text, with the printed page label if any. */
export interface PageAnchor {
  page: number;
  start: number;
  end: number;
  label?: string;
}

export type QualityIssueCode =
  | "empty_page"
  | "near_empty_page"
  | "repeated_header"
  | "repeated_footer"
  | "mojibake"
  | "broken_ligature"
  | "text_loss"
  | "low_text"
  /** Struck-through text (a blackline's deletions) left out of an HTML filing: the text reads as amended. */
  | "struck_text";

export interface QualityIssue {
  code: QualityIssueCode;
  message: string;
  /** Pages affected (1-based), when page-specific. */
  pages?: number[];
  /** `degraded` marks the document degraded; `fatal` fails it. */
  severity: "info" | "degraded" | "fatal";
}

export interface QualityReport {
  status: "ok" | "degraded" | "failed";
  issues: QualityIssue[];
  pageCount: number;
  charCount: number;
}

/** What a parser produces: the immutable extracted text and its layout. */
export interface Extraction {
  contentType: ContentType;
  text: string;
  blocks: Block[];
  pages: PageAnchor[];
  quality: QualityReport;
  /** Spans of repeated page headers/footers that were detected (kept in text, excluded from provisions). */
  furniture: Array<{ start: number; end: number; kind: "header" | "footer" | "page_number" }>;
}
