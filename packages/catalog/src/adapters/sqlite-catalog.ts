import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { LexnavError } from "@lexnav/core";
import type {
  Access,
  ContentType,
  DocumentFacts,
  DocumentRecord,
  DocumentRole,
  DocumentVersion,
  FailureReason,
  Filing,
  LifecycleState,
  ProvisionNode,
} from "@lexnav/document-model";
import Database from "better-sqlite3";
import type {
  Catalog,
  Control,
  CopyPair,
  DocumentFilter,
  DocumentProfileUpdate,
  DocumentUpsert,
  IngestClaim,
  StoredVersion,
  VersionAcknowledgement,
} from "../ports/catalog.ts";
import { normaliseAccess, withControls } from "../record-controls.ts";
import { requestTime } from "../request-time.ts";
import { gated, type Sync, sqliteGate } from "./sqlite-gate.ts";

/** Schema version of the embedded store; bump with a migration when tables change. */
export const CATALOG_SCHEMA_VERSION = 5;

/** Migrations from each older schema version to the next, run in order inside one transaction. */
const MIGRATIONS: Record<number, string> = {
  // 1 → 2: the profile's facts about parties and the amended instrument (transaction-set filing)
  1: "ALTER TABLE documents ADD COLUMN facts_json TEXT",
  // 2 → 3: a version ingested for indexing stages, served once every store acknowledged it
  2: "ALTER TABLE documents ADD COLUMN pending_version TEXT",
  // 3 → 4: copy keys and copies of one agreement, recorded at ingest: the new tables come with SCHEMA, and
  // the keys of versions stored before are computed from their stored text when the store is opened
  // (`recordMissingCopies` in @lexnav/ingest), without re-embedding anything
  3: "",
  // 4 → 5: when the newest request admitted for each document was made (`admitRequest`): the table comes
  // with SCHEMA; a document without a row admits any request
  4: "",
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
  id TEXT PRIMARY KEY,
  source TEXT NOT NULL UNIQUE,
  file_name TEXT NOT NULL,
  content_type TEXT,
  access_json TEXT NOT NULL,
  lifecycle TEXT NOT NULL CHECK (lifecycle IN ('received','extracted','indexed','failed','deleted')),
  failure_code TEXT,
  failure_reason TEXT,
  current_version TEXT,
  title TEXT,
  role TEXT NOT NULL DEFAULT 'unknown',
  effective_date TEXT,
  transaction_set_id TEXT,
  facts_json TEXT,
  pending_version TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS documents_set ON documents(transaction_set_id);
CREATE TABLE IF NOT EXISTS version_acks (
  document_id TEXT NOT NULL,
  version TEXT NOT NULL,
  store TEXT NOT NULL,
  acked_at TEXT NOT NULL,
  PRIMARY KEY (document_id, version, store)
);
CREATE TABLE IF NOT EXISTS document_access (
  document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('principal','group')),
  name TEXT NOT NULL,
  PRIMARY KEY (document_id, kind, name)
);
CREATE TABLE IF NOT EXISTS versions (
  document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  version TEXT NOT NULL,
  byte_length INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  text TEXT NOT NULL,
  text_length INTEGER NOT NULL,
  blocks_json TEXT NOT NULL,
  pages_json TEXT NOT NULL,
  furniture_json TEXT NOT NULL,
  quality_json TEXT NOT NULL,
  extracted_at TEXT NOT NULL,
  PRIMARY KEY (document_id, version)
);
CREATE TABLE IF NOT EXISTS controls (
  scope TEXT NOT NULL CHECK (scope IN ('document','set')),
  scope_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('deny_principal','deny_group','legal_hold','no_external_model')),
  name TEXT NOT NULL DEFAULT '',
  placed_by TEXT NOT NULL,
  placed_at TEXT NOT NULL,
  PRIMARY KEY (scope, scope_id, kind, name)
);
CREATE TABLE IF NOT EXISTS transaction_set_names (
  set_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  named_at TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS transaction_set_names_name ON transaction_set_names(name COLLATE NOCASE);
CREATE TRIGGER IF NOT EXISTS versions_immutable BEFORE UPDATE ON versions
BEGIN SELECT RAISE(ABORT, 'document versions are immutable'); END;
CREATE TABLE IF NOT EXISTS version_copy_keys (
  document_id TEXT NOT NULL,
  version TEXT NOT NULL,
  content_key TEXT NOT NULL,
  sample BLOB NOT NULL,
  filing_json TEXT,
  PRIMARY KEY (document_id, version),
  FOREIGN KEY (document_id, version) REFERENCES versions(document_id, version) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS version_copies (
  document_id TEXT NOT NULL,
  version TEXT NOT NULL,
  other_id TEXT NOT NULL,
  other_version TEXT NOT NULL,
  PRIMARY KEY (document_id, version, other_id, other_version),
  FOREIGN KEY (document_id, version) REFERENCES versions(document_id, version) ON DELETE CASCADE,
  FOREIGN KEY (other_id, other_version) REFERENCES versions(document_id, version) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS document_requests (
  document_id TEXT PRIMARY KEY,
  requested_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS version_copies_other ON version_copies(other_id, other_version);
CREATE TABLE IF NOT EXISTS nodes (
  document_id TEXT NOT NULL,
  version TEXT NOT NULL,
  ord INTEGER NOT NULL,
  id TEXT NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (document_id, version, id),
  FOREIGN KEY (document_id, version) REFERENCES versions(document_id, version) ON DELETE CASCADE
);
`;

/** A document row with the copy key of its served version. */
const SELECT_DOCUMENT = `SELECT d.*, k.content_key, k.filing_json FROM documents d
  LEFT JOIN version_copy_keys k ON k.document_id = d.id AND k.version = d.current_version`;

/** Served or pending versions of documents not deleted: those whose copies are recorded and compared. */
const LIVE_VERSIONS = `SELECT id AS document_id, current_version AS version FROM documents
  WHERE lifecycle <> 'deleted' AND current_version IS NOT NULL
  UNION SELECT id, pending_version FROM documents WHERE lifecycle <> 'deleted' AND pending_version IS NOT NULL`;

interface DocumentRow {
  id: string;
  source: string;
  file_name: string;
  content_type: string | null;
  access_json: string;
  lifecycle: LifecycleState;
  failure_code: string | null;
  failure_reason: string | null;
  current_version: string | null;
  title: string | null;
  role: DocumentRole;
  effective_date: string | null;
  transaction_set_id: string | null;
  facts_json: string | null;
  pending_version: string | null;
  created_at: string;
  updated_at: string;
  /** Joined from version_copy_keys for the served version. */
  content_key?: string | null;
  filing_json?: string | null;
}

interface VersionRow {
  document_id: string;
  version: string;
  byte_length: number;
  content_type: string;
  text: string;
  text_length: number;
  blocks_json: string;
  pages_json: string;
  furniture_json: string;
  quality_json: string;
  extracted_at: string;
}

function toRecord(row: DocumentRow): DocumentRecord {
  const failure: FailureReason | null =
    row.failure_code === null ? null : { code: row.failure_code, reason: row.failure_reason ?? "" };
  return {
    id: row.id,
    source: row.source,
    fileName: row.file_name,
    contentType: row.content_type as ContentType | null,
    access: JSON.parse(row.access_json) as Access,
    lifecycle: row.lifecycle,
    failure,
    currentVersion: row.current_version,
    pendingVersion: row.pending_version,
    title: row.title,
    role: row.role,
    effectiveDate: row.effective_date,
    transactionSetId: row.transaction_set_id,
    facts: row.facts_json === null ? null : (JSON.parse(row.facts_json) as DocumentFacts),
    content:
      row.content_key == null
        ? null
        : {
            contentKey: row.content_key,
            filing: row.filing_json == null ? null : (JSON.parse(row.filing_json) as Filing),
          },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

interface ControlRow {
  scope: Control["scope"];
  scope_id: string;
  kind: Control["kind"];
  name: string;
  placed_by: string;
  placed_at: string;
}

function toControl(row: ControlRow): Control {
  return {
    scope: row.scope,
    scopeId: row.scope_id,
    kind: row.kind,
    name: row.name,
    by: row.placed_by,
    since: row.placed_at,
  };
}

function versionMeta(row: Omit<VersionRow, "text" | "blocks_json" | "pages_json" | "furniture_json">): DocumentVersion {
  return {
    documentId: row.document_id,
    version: row.version,
    byteLength: row.byte_length,
    contentType: row.content_type as ContentType,
    textLength: row.text_length,
    extractedAt: row.extracted_at,
    quality: JSON.parse(row.quality_json),
  };
}

/**
 * How long a write waits for another process's write to the same store before it fails with
 * `storeBusy`: the embedded store has one writer at a time, and concurrent CLI or service processes
 * take turns.
 */
export const STORE_BUSY_TIMEOUT_MS = 60_000;

/**
 * Opens (creating when needed) the embedded store file that the catalog, the lexical index and the
 * vector store share, so that one SQLite transaction can change all of them. ":memory:" for a
 * throwaway store.
 *
 * Several processes may open one store. Every transaction on the returned handle begins IMMEDIATE
 * (takes the write lock first): a deferred one that read before writing could not wait its turn, and
 * would fail at once with "database is locked" when another process wrote in between.
 */
export function openSqliteDatabase(path: string, options: { busyTimeoutMs?: number } = {}): Database.Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  let db: Database.Database;
  try {
    db = new Database(path, { timeout: options.busyTimeoutMs ?? STORE_BUSY_TIMEOUT_MS });
    db.pragma("journal_mode = WAL");
  } catch (cause) {
    throw isBusy(cause)
      ? storeBusy(path, cause)
      : new LexnavError("unavailable", `cannot open the lexnav store at ${path}`, { cause, retryable: false });
  }
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  // A deleted row's bytes are overwritten, not left on a free page or in a cell's free space, so a
  // deleted document's text cannot be read back from the file.
  db.pragma("secure_delete = ON");
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn) => transaction(fn).immediate) as Database.Database["transaction"];
  return db;
}

/** Whether an error is SQLite's "database is locked" (another process kept the write lock too long). */
export function isBusy(cause: unknown): boolean {
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_"));
}

/**
 * A SQLite error as the Catalog port's error, as the PostgreSQL adapter maps its own (postgres-store.ts
 * `toStoreError`): a unique or primary key another row holds is a `conflict`, a missing referenced
 * document `not_found`, a lock held too long `unavailable`; a LexnavError or anything else passes as it is.
 */
function sqliteStoreError(path: string, cause: unknown): unknown {
  if (cause instanceof LexnavError) return cause;
  if (isBusy(cause)) return storeBusy(path, cause);
  const code = (cause as { code?: unknown } | null)?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY")
    return new LexnavError("conflict", `catalog: ${message}`, { cause });
  if (code === "SQLITE_CONSTRAINT_FOREIGNKEY") return new LexnavError("not_found", `catalog: ${message}`, { cause });
  return cause;
}

/** The error a write raises when another process held the store for longer than the busy timeout. */
export function storeBusy(path: string, cause: unknown): LexnavError {
  return new LexnavError(
    "unavailable",
    `the lexnav store at ${path} is busy: another process kept it locked for longer than this one waits (${STORE_BUSY_TIMEOUT_MS / 1000} s by default); try again when it is done`,
    { cause },
  );
}

/**
 * Checkpoints the write-ahead log into the store and truncates it to zero bytes, so no frame holding
 * an erased page stays in the -wal file. False when another connection still reads an older snapshot:
 * the log is then truncated at a later checkpoint (the next delete, or when the last connection closes).
 */
export function truncateWriteAheadLog(db: Database.Database): boolean {
  if (db.memory) return true;
  const [row] = db.pragma("wal_checkpoint(TRUNCATE)") as Array<{ busy: number; log: number }>;
  return row !== undefined && row.busy === 0 && row.log <= 0;
}

/**
 * The embedded catalog: documents, immutable versions and nodes in one SQLite file (WAL). Given a
 * path it opens and owns the database; given an open database it shares it (and `close` leaves it open).
 */
export function createSqliteCatalog(pathOrDb: string | Database.Database): Catalog {
  const owned = typeof pathOrDb === "string";
  const db = typeof pathOrDb === "string" ? openSqliteDatabase(pathOrDb) : pathOrDb;
  const path = typeof pathOrDb === "string" ? pathOrDb : db.name;
  db.exec(SCHEMA);
  const found = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as
    | { value: string }
    | undefined;
  if (found === undefined) {
    db.prepare("INSERT INTO meta(key, value) VALUES ('schema_version', ?)").run(String(CATALOG_SCHEMA_VERSION));
  } else if (Number(found.value) < CATALOG_SCHEMA_VERSION && MIGRATIONS[Number(found.value)] !== undefined) {
    db.transaction(() => {
      for (let v = Number(found.value); v < CATALOG_SCHEMA_VERSION; v++) db.exec(MIGRATIONS[v] as string);
      db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(String(CATALOG_SCHEMA_VERSION));
    })();
  } else if (Number(found.value) !== CATALOG_SCHEMA_VERSION) {
    throw new LexnavError(
      "conflict",
      `the store at ${path} has schema version ${found.value}; this lexnav expects ${CATALOG_SCHEMA_VERSION}`,
    );
  }

  const stmt = {
    getDoc: db.prepare(`${SELECT_DOCUMENT} WHERE d.id = ?`),
    getDocBySource: db.prepare(`${SELECT_DOCUMENT} WHERE d.source = ?`),
    insertDoc: db.prepare(
      `INSERT INTO documents (id, source, file_name, access_json, lifecycle, created_at, updated_at)
       VALUES (@id, @source, @fileName, @access, 'received', @now, @now)`,
    ),
    receiveDoc: db.prepare(
      `UPDATE documents SET source = @source, file_name = @fileName, access_json = @access, lifecycle = 'received',
       failure_code = NULL, failure_reason = NULL, updated_at = @now WHERE id = @id`,
    ),
    setLifecycle: db.prepare(
      "UPDATE documents SET lifecycle = ?, failure_code = ?, failure_reason = ?, updated_at = ? WHERE id = ?",
    ),
    setAccessJson: db.prepare("UPDATE documents SET access_json = ?, updated_at = ? WHERE id = ?"),
    clearAccess: db.prepare("DELETE FROM document_access WHERE document_id = ?"),
    addAccess: db.prepare("INSERT INTO document_access (document_id, kind, name) VALUES (?, ?, ?)"),
    setProfile: db.prepare(
      `UPDATE documents SET title = @title, role = @role, effective_date = @effectiveDate,
       transaction_set_id = @transactionSetId, facts_json = @facts, updated_at = @now WHERE id = @id`,
    ),
    setSet: db.prepare("UPDATE documents SET transaction_set_id = ?, updated_at = ? WHERE id = ?"),
    // The version written as current is the newest: nothing older stays pending.
    setCurrent: db.prepare(
      "UPDATE documents SET current_version = ?, content_type = ?, pending_version = NULL, updated_at = ? WHERE id = ?",
    ),
    // The served version ingested again is newest already: nothing waits.
    setPending: db.prepare(
      `UPDATE documents SET pending_version = CASE WHEN current_version = @version THEN NULL ELSE @version END,
       updated_at = @now WHERE id = @id`,
    ),
    addAck: db.prepare(
      "INSERT OR IGNORE INTO version_acks (document_id, version, store, acked_at) VALUES (?, ?, ?, ?)",
    ),
    ackedStores: db.prepare("SELECT store FROM version_acks WHERE document_id = ? AND version = ?"),
    dropAcks: db.prepare("DELETE FROM version_acks WHERE document_id = ?"),
    serve: db.prepare(
      `UPDATE documents SET current_version = @version, pending_version = NULL, updated_at = @now,
       content_type = coalesce((SELECT content_type FROM versions WHERE document_id = @id AND version = @version), content_type)
       WHERE id = @id`,
    ),
    insertVersion: db.prepare(
      `INSERT OR IGNORE INTO versions (document_id, version, byte_length, content_type, text, text_length, blocks_json,
       pages_json, furniture_json, quality_json, extracted_at)
       VALUES (@documentId, @version, @byteLength, @contentType, @text, @textLength, @blocks, @pages, @furniture,
       @quality, @extractedAt)`,
    ),
    getVersion: db.prepare("SELECT * FROM versions WHERE document_id = ? AND version = ?"),
    listVersions: db.prepare(
      `SELECT document_id, version, byte_length, content_type, text_length, quality_json, extracted_at
       FROM versions WHERE document_id = ? ORDER BY extracted_at`,
    ),
    deleteNodes: db.prepare("DELETE FROM nodes WHERE document_id = ? AND version = ?"),
    deleteAllVersions: db.prepare("DELETE FROM versions WHERE document_id = ?"),
    countNodes: db.prepare("SELECT count(*) AS n FROM nodes WHERE document_id = ?"),
    // Title, date and facts are read from the text: they go with it.
    clearCurrent: db.prepare(
      `UPDATE documents SET current_version = NULL, pending_version = NULL, title = NULL, effective_date = NULL,
       facts_json = NULL WHERE id = ?`,
    ),
    insertNode: db.prepare("INSERT INTO nodes (document_id, version, ord, id, json) VALUES (?, ?, ?, ?, ?)"),
    getNodes: db.prepare("SELECT json FROM nodes WHERE document_id = ? AND version = ? ORDER BY ord"),
    controlsOf: db.prepare(
      `SELECT * FROM controls WHERE (scope = 'document' AND scope_id = @id)
       OR (scope = 'set' AND scope_id = @setId) ORDER BY scope, kind, name`,
    ),
    allControls: db.prepare("SELECT * FROM controls ORDER BY scope, scope_id, kind, name"),
    controlsIn: db.prepare("SELECT * FROM controls WHERE scope = ? AND scope_id = ? ORDER BY kind, name"),
    placeControl: db.prepare(
      `INSERT OR IGNORE INTO controls (scope, scope_id, kind, name, placed_by, placed_at)
       VALUES (@scope, @scopeId, @kind, @name, @by, @since)`,
    ),
    liftControl: db.prepare(
      "DELETE FROM controls WHERE scope = @scope AND scope_id = @scopeId AND kind = @kind AND name = @name",
    ),
    // Ingest claims live in `meta` (no schema change): `ingest_claim:<document id>` → IngestClaim JSON.
    countDocuments: db.prepare(
      `SELECT lifecycle, CASE WHEN lifecycle = 'failed' THEN coalesce(failure_code, 'unknown') END AS code,
              count(*) AS n, min(updated_at) AS oldest, count(pending_version) AS awaiting
       FROM documents GROUP BY lifecycle, code`,
    ),
    countProfilesNotBy: db.prepare(
      `SELECT count(*) AS n FROM documents
       WHERE lifecycle = 'indexed' AND (facts_json IS NULL OR json_extract(facts_json, '$.reader') IS NOT ?)`,
    ),
    putCopyKey: db.prepare(
      `INSERT OR REPLACE INTO version_copy_keys (document_id, version, content_key, sample, filing_json)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    listCopyKeys: db.prepare(
      `SELECT k.document_id, k.version, k.content_key, k.sample FROM version_copy_keys k
       JOIN (${LIVE_VERSIONS}) v ON v.document_id = k.document_id AND v.version = k.version ORDER BY k.document_id`,
    ),
    withoutCopyKey: db.prepare(
      `SELECT v.document_id, v.version FROM (${LIVE_VERSIONS}) v JOIN versions s
       ON s.document_id = v.document_id AND s.version = v.version
       WHERE NOT EXISTS (SELECT 1 FROM version_copy_keys k WHERE k.document_id = v.document_id AND k.version = v.version)
         AND (@afterId IS NULL OR v.document_id > @afterId OR (v.document_id = @afterId AND v.version > @afterVersion))
       ORDER BY v.document_id, v.version LIMIT @limit`,
    ),
    addCopy: db.prepare(
      "INSERT OR IGNORE INTO version_copies (document_id, version, other_id, other_version) VALUES (?, ?, ?, ?)",
    ),
    // Served versions only: a copy recorded of a version since replaced, or of a deleted document, is no copy now.
    listCopies: db.prepare(
      `SELECT c.document_id, c.other_id AS copy_of FROM version_copies c
       JOIN documents a ON a.id = c.document_id AND a.current_version = c.version AND a.lifecycle <> 'deleted'
       JOIN documents b ON b.id = c.other_id AND b.current_version = c.other_version AND b.lifecycle <> 'deleted'
       WHERE c.document_id < c.other_id AND (@id IS NULL OR @id IN (c.document_id, c.other_id))
       ORDER BY c.document_id, c.other_id`,
    ),
    putClaim: db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)"),
    getClaim: db.prepare("SELECT value FROM meta WHERE key = ?"),
    dropClaim: db.prepare("DELETE FROM meta WHERE key = ?"),
    getRequest: db.prepare("SELECT requested_at FROM document_requests WHERE document_id = ?"),
    putRequest: db.prepare(
      `INSERT INTO document_requests (document_id, requested_at) VALUES (?, ?)
       ON CONFLICT (document_id) DO UPDATE SET requested_at = excluded.requested_at`,
    ),
  };
  const claimKey = (id: string) => `ingest_claim:${id}`;

  // A record with the controls on it and on its set (one small table, read with the record).
  const decorate = (row: DocumentRow): DocumentRecord =>
    withControls(
      toRecord(row),
      (stmt.controlsOf.all({ id: row.id, setId: row.transaction_set_id }) as ControlRow[]).map(toControl),
    );

  const writeAccess = (id: string, access: Access, now: string) => {
    const a = normaliseAccess(access);
    stmt.setAccessJson.run(JSON.stringify(a), now, id);
    stmt.clearAccess.run(id);
    for (const p of a.principals) stmt.addAccess.run(id, "principal", p);
    for (const g of a.groups) stmt.addAccess.run(id, "group", g);
  };

  const sync: Sync<Omit<Catalog, "transaction">> = {
    getDocument(id) {
      const row = stmt.getDoc.get(id) as DocumentRow | undefined;
      return row ? decorate(row) : null;
    },
    findDocumentBySource(source) {
      const row = stmt.getDocBySource.get(source) as DocumentRow | undefined;
      return row ? decorate(row) : null;
    },
    countDocuments() {
      return (
        stmt.countDocuments.all() as Array<{
          lifecycle: LifecycleState;
          code: string | null;
          n: number;
          oldest: string;
          awaiting: number;
        }>
      ).map((r) => ({
        lifecycle: r.lifecycle,
        failureCode: r.code,
        count: r.n,
        oldestUpdatedAt: r.oldest,
        awaitingStores: r.awaiting,
      }));
    },
    countProfilesNotBy(reader) {
      return (stmt.countProfilesNotBy.get(reader) as { n: number }).n;
    },
    listDocuments(filter: DocumentFilter = {}) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (filter.lifecycle && filter.lifecycle.length > 0) {
        where.push(`d.lifecycle IN (${filter.lifecycle.map(() => "?").join(",")})`);
        params.push(...filter.lifecycle);
      }
      if (filter.transactionSetId !== undefined) {
        where.push("d.transaction_set_id = ?");
        params.push(filter.transactionSetId);
      }
      const sql = `${SELECT_DOCUMENT} ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY d.source`;
      const controls = (stmt.allControls.all() as ControlRow[]).map(toControl);
      const rows = db.prepare(sql).all(...params) as DocumentRow[];
      if (controls.length === 0) return rows.map(toRecord);
      // Grouped once by what they are placed on, so each row looks its own up (document's before set's).
      const placedOn = new Map<string, Control[]>();
      for (const c of controls) {
        const key = `${c.scope}:${c.scopeId}`;
        const list = placedOn.get(key);
        if (list) list.push(c);
        else placedOn.set(key, [c]);
      }
      return rows.map((row) =>
        withControls(toRecord(row), [
          ...(placedOn.get(`document:${row.id}`) ?? []),
          ...(row.transaction_set_id !== null ? (placedOn.get(`set:${row.transaction_set_id}`) ?? []) : []),
        ]),
      );
    },
    upsertReceived(doc: DocumentUpsert, now) {
      const run = db.transaction(() => {
        const params = { ...doc, access: JSON.stringify(normaliseAccess(doc.access)), now };
        if (stmt.getDoc.get(doc.id)) stmt.receiveDoc.run(params);
        else stmt.insertDoc.run(params);
        writeAccess(doc.id, doc.access, now);
      });
      try {
        run();
      } catch (cause) {
        throw isBusy(cause) ? storeBusy(path, cause) : cause;
      }
      const rec = sync.getDocument(doc.id);
      if (!rec) throw new LexnavError("internal", `document ${doc.id} vanished after upsert`);
      return rec;
    },
    setLifecycle(id, state, failure, now) {
      stmt.setLifecycle.run(state, failure?.code ?? null, failure?.reason ?? null, now, id);
      if (state !== "received" && state !== "extracted") stmt.dropClaim.run(claimKey(id));
    },
    claimIngest(id, claim) {
      stmt.putClaim.run(claimKey(id), JSON.stringify(claim));
    },
    lockSetFiling() {
      // Every transaction of the file is immediate (one writer at a time): filing already takes turns.
    },
    lockDocument() {
      // Every transaction of the file is immediate (one writer at a time): it holds every document.
    },
    admitRequest(id, at) {
      const time = requestTime(at);
      const row = stmt.getRequest.get(id) as { requested_at: string } | undefined;
      if (row !== undefined && row.requested_at > time) return row.requested_at;
      stmt.putRequest.run(id, time);
      return null;
    },
    ingestClaim(id) {
      const row = stmt.getClaim.get(claimKey(id)) as { value: string } | undefined;
      return row ? (JSON.parse(row.value) as IngestClaim) : null;
    },
    setAccess(id, access, now) {
      if (!stmt.getDoc.get(id)) return false;
      db.transaction(() => writeAccess(id, access, now))();
      return true;
    },
    setProfile(id, profile: DocumentProfileUpdate, now) {
      stmt.setProfile.run({
        title: profile.title,
        role: profile.role,
        effectiveDate: profile.effectiveDate,
        transactionSetId: profile.transactionSetId,
        facts: profile.facts ? JSON.stringify(profile.facts) : null,
        id,
        now,
      });
    },
    setTransactionSet(id, setId, now) {
      stmt.setSet.run(setId, now, id);
    },
    setCurrentVersion(id, version, contentType, now) {
      stmt.setCurrent.run(version, contentType, now, id);
    },
    setPendingVersion(id, version, now) {
      stmt.setPending.run({ version, now, id });
    },
    acknowledgeVersion(documentId, version, store, requiredStores, now) {
      // One immediate transaction: the file's write lock is the document's lock.
      return db
        .transaction((): VersionAcknowledgement => {
          const row = stmt.getDoc.get(documentId) as DocumentRow | undefined;
          if (!row || row.lifecycle === "deleted") return { status: "superseded", waitingFor: [] };
          if (row.current_version === version) {
            stmt.addAck.run(documentId, version, store, now);
            return { status: "served", waitingFor: [] };
          }
          if (row.pending_version !== version) return { status: "superseded", waitingFor: [] };
          stmt.addAck.run(documentId, version, store, now);
          const acked = new Set(
            (stmt.ackedStores.all(documentId, version) as Array<{ store: string }>).map((r) => r.store),
          );
          const waitingFor = requiredStores.filter((s) => !acked.has(s));
          if (waitingFor.length > 0) return { status: "waiting", waitingFor };
          stmt.serve.run({ id: documentId, version, now });
          return { status: "served", waitingFor: [] };
        })
        .immediate();
    },
    putVersion(documentId, v: StoredVersion) {
      stmt.insertVersion.run({
        documentId,
        version: v.version,
        byteLength: v.byteLength,
        contentType: v.contentType,
        text: v.text,
        textLength: v.text.length,
        blocks: JSON.stringify(v.blocks),
        pages: JSON.stringify(v.pages),
        furniture: JSON.stringify(v.furniture),
        quality: JSON.stringify(v.quality),
        extractedAt: v.extractedAt,
      });
    },
    getVersion(documentId, version) {
      const row = stmt.getVersion.get(documentId, version) as VersionRow | undefined;
      if (!row) return null;
      return {
        ...versionMeta(row),
        text: row.text,
        blocks: JSON.parse(row.blocks_json),
        pages: JSON.parse(row.pages_json),
        furniture: JSON.parse(row.furniture_json),
      };
    },
    listVersions(documentId) {
      return (stmt.listVersions.all(documentId) as VersionRow[]).map(versionMeta);
    },
    putCopyKey(documentId, version, key) {
      const sample = Buffer.from(Uint32Array.from(key.sample).buffer);
      stmt.putCopyKey.run(
        documentId,
        version,
        key.contentKey,
        sample,
        key.filing === null ? null : JSON.stringify(key.filing),
      );
    },
    listCopyKeys() {
      return (
        stmt.listCopyKeys.all() as Array<{ document_id: string; version: string; content_key: string; sample: Buffer }>
      ).map((r) => ({
        documentId: r.document_id,
        version: r.version,
        contentKey: r.content_key,
        sample: [...new Uint32Array(r.sample.buffer, r.sample.byteOffset, r.sample.byteLength / 4)],
      }));
    },
    versionsWithoutCopyKey(page) {
      const at = {
        afterId: page?.after?.documentId ?? null,
        afterVersion: page?.after?.version ?? null,
        limit: page?.limit ?? -1,
      };
      return (stmt.withoutCopyKey.all(at) as Array<{ document_id: string; version: string }>).map((r) => ({
        documentId: r.document_id,
        version: r.version,
      }));
    },
    recordCopies(documentId, version, copies) {
      db.transaction(() => {
        for (const c of copies) {
          stmt.addCopy.run(documentId, version, c.documentId, c.version);
          stmt.addCopy.run(c.documentId, c.version, documentId, version);
        }
      })();
    },
    listCopies(documentId) {
      return (stmt.listCopies.all({ id: documentId ?? null }) as Array<{ document_id: string; copy_of: string }>).map(
        (r): CopyPair => ({ documentId: r.document_id, copyOf: r.copy_of }),
      );
    },
    replaceNodes(documentId, version, nodes: ProvisionNode[]) {
      db.transaction(() => {
        stmt.deleteNodes.run(documentId, version);
        nodes.forEach((n, i) => {
          stmt.insertNode.run(documentId, version, i, n.id, JSON.stringify(n));
        });
      })();
    },
    getNodes(documentId, version) {
      return (stmt.getNodes.all(documentId, version) as Array<{ json: string }>).map(
        (r) => JSON.parse(r.json) as ProvisionNode,
      );
    },
    eraseVersions(id) {
      return db.transaction(() => {
        // Versions hold the text; their nodes go with them (ON DELETE CASCADE).
        const nodes = (stmt.countNodes.get(id) as { n: number }).n;
        const versions = stmt.deleteAllVersions.run(id).changes;
        stmt.clearCurrent.run(id);
        return { versions, nodes };
      })();
    },
    placeControl(control) {
      return stmt.placeControl.run(control).changes > 0;
    },
    nameTransactionSet(setId, name, now) {
      if (name === null) {
        db.prepare("DELETE FROM transaction_set_names WHERE set_id = ?").run(setId);
        return;
      }
      const taken = db
        .prepare("SELECT set_id FROM transaction_set_names WHERE name = ? COLLATE NOCASE AND set_id <> ?")
        .get(name, setId) as { set_id: string } | undefined;
      if (taken) throw new LexnavError("conflict", `another transaction set is already named "${name}"`);
      db.prepare(
        `INSERT INTO transaction_set_names(set_id, name, named_at) VALUES (?, ?, ?)
         ON CONFLICT(set_id) DO UPDATE SET name = excluded.name, named_at = excluded.named_at`,
      ).run(setId, name, now);
    },
    transactionSetNames() {
      const rows = db.prepare("SELECT set_id, name FROM transaction_set_names ORDER BY set_id").all() as Array<{
        set_id: string;
        name: string;
      }>;
      return new Map(rows.map((r) => [r.set_id, r.name]));
    },
    liftControl(key) {
      return (
        stmt.liftControl.run({ scope: key.scope, scopeId: key.scopeId, kind: key.kind, name: key.name }).changes > 0
      );
    },
    listControls(scope) {
      const rows = scope ? stmt.controlsIn.all(scope.scope, scope.scopeId) : stmt.allControls.all();
      return (rows as ControlRow[]).map(toControl);
    },
    markDeleted(id, now) {
      if (!stmt.getDoc.get(id)) return false;
      db.transaction(() => {
        // The record stays as the audit trail.
        sync.eraseVersions(id);
        stmt.setLifecycle.run("deleted", null, null, now, id);
        stmt.dropClaim.run(claimKey(id));
        stmt.dropAcks.run(id);
      })();
      return true;
    },
    close() {
      if (owned) db.close();
    },
  };
  const gate = sqliteGate(db);
  const catalog: Catalog = {
    ...gated(gate, sync, (cause) => sqliteStoreError(path, cause)),
    async transaction(fn) {
      try {
        return await gate.transaction(() => fn(catalog));
      } catch (cause) {
        throw sqliteStoreError(path, cause);
      }
    },
  };
  return catalog;
}
