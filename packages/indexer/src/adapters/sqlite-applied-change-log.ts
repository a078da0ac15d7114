import { LexnavError } from "@lexnav/core";
import type Database from "better-sqlite3";
import type { Application, AppliedChange, AppliedChangeLog, ChangeKind } from "../ports/applied-change-log.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS stage_applied_changes (
  id INTEGER PRIMARY KEY,
  document_id TEXT NOT NULL,
  version TEXT NOT NULL,
  store TEXT NOT NULL,
  change_kind TEXT NOT NULL CHECK (change_kind IN ('upsert', 'delete', 'access')),
  applied_at TEXT NOT NULL,
  replica_id TEXT NOT NULL,
  event_key TEXT NOT NULL,
  published_at TEXT NOT NULL,
  command_at TEXT,
  UNIQUE (store, event_key)
);
CREATE INDEX IF NOT EXISTS stage_applied_changes_doc ON stage_applied_changes(document_id, version, store);
CREATE TABLE IF NOT EXISTS stage_documents (
  store TEXT NOT NULL,
  document_id TEXT NOT NULL,
  version TEXT NOT NULL,
  PRIMARY KEY (store, document_id)
);
`;

interface Row {
  document_id: string;
  version: string;
  store: string;
  change_kind: ChangeKind;
  applied_at: string;
  replica_id: string;
  event_key: string;
  published_at: string;
  command_at: string | null;
}

const toChange = (r: Row): AppliedChange => ({
  documentId: r.document_id,
  version: r.version,
  store: r.store,
  changeKind: r.change_kind,
  appliedAt: r.applied_at,
  replicaId: r.replica_id,
  eventKey: r.event_key,
  publishedAt: r.published_at,
  commandAt: r.command_at,
});

/** SQLite's "database is locked": another replica held the write lock past the busy timeout. */
function isBusy(cause: unknown): boolean {
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/**
 * The applied-change log in the stage's own embedded store, on the connection the store writes with: an
 * application is one `BEGIN IMMEDIATE` transaction holding the store's changes and the log row, so
 * replicas on one host serialise on the file's write lock, and a replica killed mid-way leaves nothing.
 * The connection must not be shared with concurrent work while an application awaits (the consumer takes
 * one event at a time; searches read on a connection of their own).
 */
export function createSqliteAppliedChangeLog(
  db: Database.Database,
  options: { store: string; replicaId: string; now?: () => Date },
): AppliedChangeLog {
  db.exec(SCHEMA);
  // A log created before the command time was recorded gains the column; its old rows keep null.
  const columns = db.prepare<[], { name: string }>("PRAGMA table_info(stage_applied_changes)").all();
  if (!columns.some((c) => c.name === "command_at"))
    db.exec("ALTER TABLE stage_applied_changes ADD COLUMN command_at TEXT");
  const now = options.now ?? (() => new Date());
  const seen = db.prepare("SELECT 1 FROM stage_applied_changes WHERE store = ? AND event_key = ?");
  const heldVersion = db.prepare<[string, string], { version: string }>(
    "SELECT version FROM stage_documents WHERE store = ? AND document_id = ?",
  );
  const insert = db.prepare(
    `INSERT INTO stage_applied_changes
       (document_id, version, store, change_kind, applied_at, replica_id, event_key, published_at, command_at)
     VALUES (@document_id, @version, @store, @change_kind, @applied_at, @replica_id, @event_key, @published_at, @command_at)`,
  );
  const hold = db.prepare(
    "INSERT INTO stage_documents (store, document_id, version) VALUES (?, ?, ?) ON CONFLICT (store, document_id) DO UPDATE SET version = excluded.version",
  );
  const release = db.prepare("DELETE FROM stage_documents WHERE store = ? AND document_id = ?");
  const state = { held: async (documentId: string) => heldVersion.get(options.store, documentId)?.version ?? null };

  const begin = () => {
    try {
      db.exec("BEGIN IMMEDIATE");
    } catch (cause) {
      if (isBusy(cause))
        throw new LexnavError(
          "unavailable",
          `the ${options.store} store is busy (another replica holds its write lock)`,
          {
            cause,
            retryable: true,
          },
        );
      throw cause;
    }
  };

  return {
    async applyOnce(event, apply) {
      begin();
      try {
        if (seen.get(options.store, event.eventKey)) {
          db.exec("ROLLBACK");
          return { status: "duplicate" };
        }
        const application: Application | null = await apply(state);
        if (application === null) {
          db.exec("ROLLBACK");
          return { status: "skipped" };
        }
        const row: Row = {
          document_id: application.documentId,
          version: application.version,
          store: options.store,
          change_kind: application.changeKind,
          applied_at: now().toISOString(),
          replica_id: options.replicaId,
          event_key: event.eventKey,
          published_at: event.publishedAt,
          command_at: event.commandAt,
        };
        insert.run(row);
        if (application.holds === null) release.run(options.store, application.documentId);
        else hold.run(options.store, application.documentId, application.holds);
        db.exec("COMMIT");
        return { status: "applied", change: toChange(row) };
      } catch (e) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw e;
      }
    },
    async exclusive(fn) {
      begin();
      try {
        const out = await fn();
        db.exec("COMMIT");
        return out;
      } catch (e) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw e;
      }
    },
    async list(filter = {}) {
      const rows = (
        filter.documentId === undefined
          ? db.prepare("SELECT * FROM stage_applied_changes WHERE store = ? ORDER BY id").all(options.store)
          : db
              .prepare("SELECT * FROM stage_applied_changes WHERE store = ? AND document_id = ? ORDER BY id")
              .all(options.store, filter.documentId)
      ) as Row[];
      return rows.map(toChange);
    },
  };
}
