import type { AnswerRecord, AnswerStore } from "../domain/answer-record.ts";

/** The little of a better-sqlite3 database the store uses (so this package needs no driver of its own). */
export interface SqlDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): {
    run(...params: unknown[]): unknown;
    get(...params: unknown[]): unknown;
    all(...params: unknown[]): unknown[];
  };
}

/** Answer records in the embedded SQLite file, in a table of their own (`answer_records`). */
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
  return {
    put(r) {
      insert.run(r.id, r.createdAt, r.question, r.mode, r.abstained ? 1 : 0, JSON.stringify(r));
    },
    get(id) {
      const row = byId.get(id) as { record_json: string } | undefined;
      return row ? (JSON.parse(row.record_json) as AnswerRecord) : null;
    },
    list(limit) {
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
