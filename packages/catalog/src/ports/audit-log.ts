/**
 * One line of the audit log: who did what, through which channel, and which documents it touched, by id.
 * It never holds document text; the question is the asker's own words.
 */
export interface AuditEntry {
  /** ISO time of the request. */
  at: string;
  /** The principal that asked or acted, and the groups it acted with. */
  principal: string;
  groups: string[];
  /** Where the request came in: "cli" or "grpc". */
  channel: "cli" | "grpc";
  /**
   * What was done: "ask", "search", or an operator view or control ("list", "audit", "hold", "wall",
   * "no-external", "acl", "delete").
   */
  action: string;
  /** Whether the action used operator rights (a view of every document, the audit log, a control). */
  operator: boolean;
  /** The question or query as asked; null for an operator action. */
  question: string | null;
  /** The answer or search mode; null for an operator action. */
  mode: string | null;
  /** The documents the request was scoped to (`--doc` / `--set`); null: everything the asker may read. */
  scope: string[] | null;
  /** Documents the answer cited, the search returned, or the action touched. */
  documentIds: string[];
  /** The stored answer record (ask), for `lexnav replay`. */
  answerId: string | null;
  /** The document or transaction set an operator control was placed on. */
  target: string | null;
}

/** A stored audit entry, numbered in the order it was written. */
export interface AuditRecord extends AuditEntry {
  seq: number;
}

/** The audit log port: append-only, except that a deleted document's questions are redacted. */
export interface AuditLog {
  append(entry: AuditEntry): Promise<void>;
  /** The newest entries first (at most `limit`, default 100), of one principal when given. */
  list(filter?: { limit?: number; principal?: string }): Promise<AuditRecord[]>;
  /**
   * Redacts the question of every entry that cited or was scoped to a deleted document (a question may
   * quote the document); ids, times and principals stay. Returns how many entries were redacted.
   */
  redactDocument(documentId: string): Promise<number>;
}
