import type Database from "better-sqlite3";
import type { AuditEntry, AuditLog, AuditRecord } from "../ports/audit-log.ts";
import { gated, type Sync, sqliteGate } from "./sqlite-gate.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS audit_log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  principal TEXT NOT NULL,
  groups_json TEXT NOT NULL,
  channel TEXT NOT NULL,
  action TEXT NOT NULL,
  operator INTEGER NOT NULL,
  question TEXT,
  mode TEXT,
  scope_json TEXT,
  document_ids_json TEXT NOT NULL,
  answer_id TEXT,
  target TEXT
);
CREATE INDEX IF NOT EXISTS audit_log_principal ON audit_log(principal, seq);
CREATE TABLE IF NOT EXISTS audit_log_documents (
  seq INTEGER NOT NULL REFERENCES audit_log(seq) ON DELETE CASCADE,
  document_id TEXT NOT NULL,
  PRIMARY KEY (document_id, seq)
);
`;

/** The question a redacted entry shows. */
export const REDACTED_QUESTION = "[redacted: a document it named was deleted]";

interface AuditRow {
  seq: number;
  at: string;
  principal: string;
  groups_json: string;
  channel: AuditEntry["channel"];
  action: string;
  operator: number;
  question: string | null;
  mode: string | null;
  scope_json: string | null;
  document_ids_json: string;
  answer_id: string | null;
  target: string | null;
}

function toRecord(row: AuditRow): AuditRecord {
  return {
    seq: row.seq,
    at: row.at,
    principal: row.principal,
    groups: JSON.parse(row.groups_json) as string[],
    channel: row.channel,
    action: row.action,
    operator: row.operator === 1,
    question: row.question,
    mode: row.mode,
    scope: row.scope_json === null ? null : (JSON.parse(row.scope_json) as string[]),
    documentIds: JSON.parse(row.document_ids_json) as string[],
    answerId: row.answer_id,
    target: row.target,
  };
}

/**
 * The audit log as a table of the embedded store. Each entry's documents (cited, scoped, targeted) are
 * also indexed by id, so a delete finds the entries whose question it must redact.
 */
export function createSqliteAuditLog(db: Database.Database): AuditLog {
  db.exec(SCHEMA);
  const insert = db.prepare(
    `INSERT INTO audit_log (at, principal, groups_json, channel, action, operator, question, mode, scope_json,
     document_ids_json, answer_id, target)
     VALUES (@at, @principal, @groups, @channel, @action, @operator, @question, @mode, @scope, @documentIds,
     @answerId, @target)`,
  );
  const link = db.prepare("INSERT OR IGNORE INTO audit_log_documents (seq, document_id) VALUES (?, ?)");
  const newest = db.prepare("SELECT * FROM audit_log ORDER BY seq DESC LIMIT ?");
  const newestOf = db.prepare("SELECT * FROM audit_log WHERE principal = ? ORDER BY seq DESC LIMIT ?");
  const redact = db.prepare(
    `UPDATE audit_log SET question = @redacted
     WHERE question IS NOT NULL AND question != @redacted
       AND seq IN (SELECT seq FROM audit_log_documents WHERE document_id = @documentId)`,
  );
  const append = db.transaction((e: AuditEntry) => {
    const seq = insert.run({
      at: e.at,
      principal: e.principal,
      groups: JSON.stringify(e.groups),
      channel: e.channel,
      action: e.action,
      operator: e.operator ? 1 : 0,
      question: e.question,
      mode: e.mode,
      scope: e.scope === null ? null : JSON.stringify(e.scope),
      documentIds: JSON.stringify(e.documentIds),
      answerId: e.answerId,
      target: e.target,
    }).lastInsertRowid;
    for (const id of new Set([...e.documentIds, ...(e.scope ?? []), ...(e.target ? [e.target] : [])]))
      link.run(seq, id);
  });
  return gated<Sync<AuditLog>>(sqliteGate(db), {
    append: (entry) => append(entry),
    list(filter = {}) {
      const limit = filter.limit ?? 100;
      const rows = filter.principal === undefined ? newest.all(limit) : newestOf.all(filter.principal, limit);
      return (rows as AuditRow[]).map(toRecord);
    },
    redactDocument: (documentId) => redact.run({ redacted: REDACTED_QUESTION, documentId }).changes,
  });
}
