import { type AnswerRecord, type AnswerStore, drawsOn, eraseDocumentText } from "../domain/answer-record.ts";

/** The little of a better-sqlite3 database the store uses (so this package needs no driver of its own). */
export interface SqlDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): {
    run(...params: unknown[]): unknown;
    get(...params: unknown[]): unknown;
    all(...params: unknown[]): unknown[];
  };
}

/**
 * Answer records in the embedded SQLite file, in a table of their own (`answer_records`). Each call
 * runs its statements at once: on a connection shared with the catalog, call it inside the catalog's
 * transaction (as a delete's erasure is), so it cannot land in another caller's open transaction.
 */
export function createSqliteAnswerStore(db: SqlDatabase): AnswerStore {
  db.exec(`CREATE TABLE IF NOT EXISTS answer_records (
    id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    question TEXT NOT NULL,
    mode TEXT NOT NULL,
    abstained INTEGER NOT NULL,
    record_json TEXT NOT NULL
  )`);
  const insert = db.prepare(
    "INSERT INTO answer_records (id, created_at, question, mode, abstained, record_json) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const byId = db.prepare("SELECT record_json FROM answer_records WHERE id = ?");
  const newest = db.prepare(
    "SELECT id, created_at, question, mode, abstained FROM answer_records ORDER BY created_at DESC, id DESC LIMIT ?",
  );
  // Candidates by a substring of the stored JSON, confirmed on the parsed record (document ids are
  // long and distinctive, so few false candidates are read).
  const mentioning = db.prepare("SELECT record_json FROM answer_records WHERE instr(record_json, ?) > 0");
  const rewrite = db.prepare("UPDATE answer_records SET question = ?, record_json = ? WHERE id = ?");
  return {
    async eraseDocument(documentId, at, hmac) {
      let erased = 0;
      for (const row of mentioning.all(documentId) as Array<{ record_json: string }>) {
        const record = JSON.parse(row.record_json) as AnswerRecord;
        if (!drawsOn(record, documentId) || record.erased?.documentIds.includes(documentId)) continue;
        const next = eraseDocumentText(record, documentId, at, hmac);
        rewrite.run(next.question, JSON.stringify(next), next.id);
        erased += 1;
      }
      return erased;
    },
    async put(r) {
      insert.run(r.id, r.createdAt, r.question, r.mode, r.abstained ? 1 : 0, JSON.stringify(r));
    },
    async get(id) {
      const row = byId.get(id) as { record_json: string } | undefined;
      return row ? (JSON.parse(row.record_json) as AnswerRecord) : null;
    },
    async list(limit) {
      return (
        newest.all(limit) as Array<{
          id: string;
          created_at: string;
          question: string;
          mode: string;
          abstained: number;
        }>
      ).map((r) => ({
        id: r.id,
        createdAt: r.created_at,
        question: r.question,
        mode: r.mode as AnswerRecord["mode"],
        abstained: r.abstained === 1,
      }));
    },
  };
}
