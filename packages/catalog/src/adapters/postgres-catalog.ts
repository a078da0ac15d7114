import { type Async, LexnavError } from "@lexnav/core";
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
  QualityReport,
} from "@lexnav/document-model";
import type pg from "pg";
import type {
  Catalog,
  Control,
  CopyPair,
  DocumentCount,
  IngestClaim,
  StoredVersion,
  VersionAcknowledgement,
} from "../ports/catalog.ts";
import { normaliseAccess, withControls } from "../record-controls.ts";
import { requestTime } from "../request-time.ts";
import { checkout, migrate, openPool, type Run, runner } from "./postgres-store.ts";

/** The advisory lock key set filing takes (`lockSetFiling`); any constant no other lock of this database uses. */
const SET_FILING_LOCK = 0x6c78_5346;

/**
 * The catalog on PostgreSQL: the `Catalog` port with every method asynchronous, and `transaction` handing
 * its callback a catalog bound to one connection (the shape the port takes once it is asynchronous).
 */
export type PostgresCatalog = Omit<Async<Catalog>, "transaction"> & {
  /**
   * Runs `fn` in one transaction on one pooled connection: every write through `tx` lands, or none does
   * (BEGIN … COMMIT, ROLLBACK when `fn` throws). Inside, `tx.transaction` nests as a savepoint. Calls on
   * one `tx` are awaited one after another, never run side by side.
   */
  transaction<T>(fn: (tx: PostgresCatalog) => Promise<T>): Promise<T>;
};

/** Schema version of the PostgreSQL catalog; bump with a migration when tables change. */
export const POSTGRES_CATALOG_SCHEMA_VERSION = 4;

// Times are ISO strings and ordered as text; every ORDER BY on text uses the C collation so that the
// order is by code point, as in the embedded store, whatever locale the database was created with.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS documents (
  id text PRIMARY KEY,
  source text NOT NULL UNIQUE,
  file_name text NOT NULL,
  content_type text,
  access jsonb NOT NULL,
  lifecycle text NOT NULL CHECK (lifecycle IN ('received','extracted','indexed','failed','deleted')),
  failure_code text,
  failure_reason text,
  current_version text,
  title text,
  role text NOT NULL DEFAULT 'unknown',
  effective_date text,
  transaction_set_id text,
  facts jsonb,
  pending_version text,
  created_at text NOT NULL,
  updated_at text NOT NULL
);
CREATE INDEX IF NOT EXISTS documents_set ON documents (transaction_set_id);
-- 1 → 2: a version ingested for indexing stages, served once every store acknowledged it. Altered only when
-- missing: ALTER TABLE locks the table even when the column exists, and every process opening the catalog
-- runs this, beside others' transactions on it.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns
                 WHERE table_schema = current_schema() AND table_name = 'documents' AND column_name = 'pending_version')
  THEN ALTER TABLE documents ADD COLUMN pending_version text;
  END IF;
END $$;
CREATE TABLE IF NOT EXISTS version_acks (
  document_id text NOT NULL,
  version text NOT NULL,
  store text NOT NULL,
  acked_at text NOT NULL,
  PRIMARY KEY (document_id, version, store)
);
CREATE INDEX IF NOT EXISTS documents_lifecycle ON documents (lifecycle);
CREATE TABLE IF NOT EXISTS document_access (
  document_id text NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('principal','group')),
  name text NOT NULL,
  PRIMARY KEY (document_id, kind, name)
);
CREATE TABLE IF NOT EXISTS versions (
  document_id text NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  version text NOT NULL,
  byte_length integer NOT NULL,
  content_type text NOT NULL,
  text text NOT NULL,
  text_length integer NOT NULL,
  blocks jsonb NOT NULL,
  pages jsonb NOT NULL,
  furniture jsonb NOT NULL,
  quality jsonb NOT NULL,
  extracted_at text NOT NULL,
  PRIMARY KEY (document_id, version)
);
CREATE OR REPLACE FUNCTION lexnav_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN RAISE EXCEPTION 'document versions are immutable'; END $$;
CREATE OR REPLACE TRIGGER versions_immutable BEFORE UPDATE ON versions
  FOR EACH ROW EXECUTE FUNCTION lexnav_versions_immutable();
CREATE TABLE IF NOT EXISTS nodes (
  document_id text NOT NULL,
  version text NOT NULL,
  ord integer NOT NULL,
  id text NOT NULL,
  node jsonb NOT NULL,
  PRIMARY KEY (document_id, version, id),
  FOREIGN KEY (document_id, version) REFERENCES versions (document_id, version) ON DELETE CASCADE
);
-- 2 → 3: copy keys and copies of one agreement, recorded at ingest; the keys of versions stored before are
-- computed from their stored text when the catalog is opened (recordMissingCopies in @lexnav/ingest).
CREATE TABLE IF NOT EXISTS version_copy_keys (
  document_id text NOT NULL,
  version text NOT NULL,
  content_key text NOT NULL,
  sample bigint[] NOT NULL,
  filing jsonb,
  PRIMARY KEY (document_id, version),
  FOREIGN KEY (document_id, version) REFERENCES versions (document_id, version) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS version_copies (
  document_id text NOT NULL,
  version text NOT NULL,
  other_id text NOT NULL,
  other_version text NOT NULL,
  PRIMARY KEY (document_id, version, other_id, other_version),
  FOREIGN KEY (document_id, version) REFERENCES versions (document_id, version) ON DELETE CASCADE,
  FOREIGN KEY (other_id, other_version) REFERENCES versions (document_id, version) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS version_copies_other ON version_copies (other_id, other_version);
CREATE TABLE IF NOT EXISTS controls (
  scope text NOT NULL CHECK (scope IN ('document','set')),
  scope_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('deny_principal','deny_group','legal_hold','no_external_model')),
  name text NOT NULL DEFAULT '',
  placed_by text NOT NULL,
  placed_at text NOT NULL,
  PRIMARY KEY (scope, scope_id, kind, name)
);
CREATE TABLE IF NOT EXISTS transaction_set_names (
  set_id text PRIMARY KEY,
  name text NOT NULL,
  named_at text NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS transaction_set_names_name ON transaction_set_names (lower(name));
-- 3 → 4: when the newest request admitted for each document was made (admitRequest); a document without a
-- row admits any request.
CREATE TABLE IF NOT EXISTS document_requests (
  document_id text PRIMARY KEY,
  requested_at text NOT NULL
);
CREATE TABLE IF NOT EXISTS ingest_claims (
  document_id text PRIMARY KEY,
  pid integer NOT NULL,
  host text NOT NULL,
  since text NOT NULL
);
`;

/** The tables that hold a document's text or what was read from it: vacuumed after an erasure. */
const TEXT_TABLES = ["versions", "nodes", "documents", "version_copy_keys"] as const;

interface DocumentRow {
  id: string;
  source: string;
  file_name: string;
  content_type: string | null;
  access: Access;
  lifecycle: LifecycleState;
  failure_code: string | null;
  failure_reason: string | null;
  current_version: string | null;
  title: string | null;
  role: DocumentRole;
  effective_date: string | null;
  transaction_set_id: string | null;
  facts: DocumentFacts | null;
  pending_version: string | null;
  created_at: string;
  updated_at: string;
  /** Joined from version_copy_keys for the served version. */
  content_key?: string | null;
  filing?: Filing | null;
}

/** A document row with the copy key of its served version. */
const SELECT_DOCUMENT = `SELECT d.*, k.content_key, k.filing FROM documents d
  LEFT JOIN version_copy_keys k ON k.document_id = d.id AND k.version = d.current_version`;

/** Served or pending versions of documents not deleted: those whose copies are recorded and compared. */
const LIVE_VERSIONS = `SELECT id AS document_id, current_version AS version FROM documents
  WHERE lifecycle <> 'deleted' AND current_version IS NOT NULL
  UNION SELECT id, pending_version FROM documents WHERE lifecycle <> 'deleted' AND pending_version IS NOT NULL`;

interface VersionMetaRow {
  document_id: string;
  version: string;
  byte_length: number;
  content_type: string;
  text_length: number;
  quality: QualityReport;
  extracted_at: string;
}

interface VersionRow extends VersionMetaRow {
  text: string;
  blocks: StoredVersion["blocks"];
  pages: StoredVersion["pages"];
  furniture: StoredVersion["furniture"];
}

interface ControlRow {
  scope: Control["scope"];
  scope_id: string;
  kind: Control["kind"];
  name: string;
  placed_by: string;
  placed_at: string;
}

function toRecord(row: DocumentRow): DocumentRecord {
  const failure: FailureReason | null =
    row.failure_code === null ? null : { code: row.failure_code, reason: row.failure_reason ?? "" };
  return {
    id: row.id,
    source: row.source,
    fileName: row.file_name,
    contentType: row.content_type as ContentType | null,
    access: row.access,
    lifecycle: row.lifecycle,
    failure,
    currentVersion: row.current_version,
    pendingVersion: row.pending_version,
    title: row.title,
    role: row.role,
    effectiveDate: row.effective_date,
    transactionSetId: row.transaction_set_id,
    facts: row.facts,
    content: row.content_key == null ? null : { contentKey: row.content_key, filing: row.filing ?? null },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
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

function versionMeta(row: VersionMetaRow): DocumentVersion {
  return {
    documentId: row.document_id,
    version: row.version,
    byteLength: row.byte_length,
    contentType: row.content_type as ContentType,
    textLength: row.text_length,
    extractedAt: row.extracted_at,
    quality: row.quality,
  };
}

/** One open transaction: its connection, how deep savepoints nest, and the tables to vacuum once it commits. */
interface TxState {
  client: pg.PoolClient;
  depth: number;
  vacuum: Set<string>;
}

/** How an erasure makes the deleted rows' bytes go (docs/erasure.md). */
export interface PostgresCatalogOptions {
  /**
   * `vacuum` (default): plain `VACUUM` of the tables that held the text once the erasing transaction
   * commits. Readers and writers go on; the dead rows are removed, but freed space (notably in the TOAST
   * table, where long texts live) is not overwritten until it is reused. `vacuum-full`: `VACUUM FULL`,
   * which rewrites those tables into new files, so no byte of the text stays in them; it holds an
   * exclusive lock on each table while it rewrites it, so every catalog read waits.
   */
  erasure?: "vacuum" | "vacuum-full";
}

/**
 * The catalog on a PostgreSQL database that many processes share: documents, their immutable versions
 * and nodes, access, controls, set names and ingest claims. Given a URL it creates and owns a pool (and
 * `close` ends it); given a pool it shares it, and the pool's owner listens for its `error` events. Creates its tables when missing (idempotent, safe when
 * several processes start at once) and refuses a database of another schema version.
 *
 * Writes that race between processes are decided by the database: a new document or claim by
 * `ON CONFLICT`, a change to an existing document under its row lock, a set's name by a unique index.
 * An erasure vacuums the tables that held the text once its transaction commits (`options.erasure`), so
 * the deleted rows do not stay behind as dead tuples.
 */
export async function createPostgresCatalog(
  poolOrUrl: pg.Pool | string,
  options: PostgresCatalogOptions = {},
): Promise<PostgresCatalog> {
  const { pool, owned } = openPool(poolOrUrl);
  try {
    await migrate(pool, {
      what: "catalog",
      key: "schema_version",
      version: POSTGRES_CATALOG_SCHEMA_VERSION,
      schema: SCHEMA,
      upgradable: true,
    });
  } catch (e) {
    if (owned) await pool.end();
    throw e;
  }
  const vacuum = async (tables: ReadonlySet<string>) => {
    // VACUUM cannot run inside a transaction block: it runs on the pool after the erasing one commits. It
    // removes only rows no open transaction can still see; a longer one delays that to a later VACUUM.
    const full = options.erasure === "vacuum-full" ? "(FULL) " : "";
    await runner(pool)(`VACUUM ${full}${[...tables].join(", ")}`);
  };
  return bind(runner(pool), null, {
    async begin(fn) {
      const { client, release } = await checkout(pool);
      const tx: TxState = { client, depth: 0, vacuum: new Set() };
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        await runner(client)("BEGIN");
        result = await fn(tx);
        await runner(client)("COMMIT");
      } catch (e) {
        let broken = false;
        await client.query("ROLLBACK").catch(() => {
          broken = true;
        });
        release(broken);
        throw e;
      }
      release();
      if (tx.vacuum.size > 0) await vacuum(tx.vacuum);
      return result;
    },
    async close() {
      if (owned) await pool.end();
    },
  });
}

interface Host {
  /** Runs `fn` inside a new top-level transaction on its own connection. */
  begin<T>(fn: (tx: TxState) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The catalog's methods over one way of running queries: the pool, or the connection of one transaction. */
function bind(run: Run, tx: TxState | null, host: Host): PostgresCatalog {
  const decorate = async (row: DocumentRow): Promise<DocumentRecord> => {
    const controls = await run<ControlRow>(
      `SELECT * FROM controls WHERE (scope = 'document' AND scope_id = $1) OR (scope = 'set' AND scope_id = $2)
       ORDER BY scope COLLATE "C", kind COLLATE "C", name COLLATE "C"`,
      [row.id, row.transaction_set_id],
    );
    return withControls(toRecord(row), controls.rows.map(toControl));
  };

  const writeAccess = async (id: string, access: Access) => {
    await run("DELETE FROM document_access WHERE document_id = $1", [id]);
    await run(
      `INSERT INTO document_access (document_id, kind, name)
       SELECT $1, k, n FROM unnest($2::text[], $3::text[]) AS a(k, n)`,
      [
        id,
        [...access.principals.map(() => "principal"), ...access.groups.map(() => "group")],
        [...access.principals, ...access.groups],
      ],
    );
  };

  // Erases inside an open transaction, with the document's row locked by the caller.
  const erase = async (id: string, t: TxState) => {
    const nodes = await run<{ n: number }>("SELECT count(*)::int AS n FROM nodes WHERE document_id = $1", [id]);
    // Versions hold the text; their nodes go with them (ON DELETE CASCADE).
    const versions = await run("DELETE FROM versions WHERE document_id = $1", [id]);
    // Title, date and facts are read from the text: they go with it.
    await run(
      `UPDATE documents SET current_version = NULL, pending_version = NULL, title = NULL, effective_date = NULL,
       facts = NULL WHERE id = $1`,
      [id],
    );
    await run("DELETE FROM version_acks WHERE document_id = $1", [id]);
    for (const table of TEXT_TABLES) t.vacuum.add(table);
    return { versions: versions.rowCount ?? 0, nodes: nodes.rows[0]?.n ?? 0 };
  };

  const catalog: PostgresCatalog = {
    async transaction<T>(fn: (tx: PostgresCatalog) => Promise<T>): Promise<T> {
      if (tx === null) return host.begin((t) => fn(bind(runner(t.client), t, host)));
      const savepoint = `lexnav_sp_${++tx.depth}`;
      try {
        await run(`SAVEPOINT ${savepoint}`);
        const result = await fn(catalog);
        await run(`RELEASE SAVEPOINT ${savepoint}`);
        return result;
      } catch (e) {
        await run(`ROLLBACK TO SAVEPOINT ${savepoint}`);
        await run(`RELEASE SAVEPOINT ${savepoint}`);
        throw e;
      } finally {
        tx.depth--;
      }
    },

    async getDocument(id) {
      const row = (await run<DocumentRow>(`${SELECT_DOCUMENT} WHERE d.id = $1`, [id])).rows[0];
      return row ? decorate(row) : null;
    },
    async findDocumentBySource(source) {
      const row = (await run<DocumentRow>(`${SELECT_DOCUMENT} WHERE d.source = $1`, [source])).rows[0];
      return row ? decorate(row) : null;
    },
    async listDocuments(filter = {}) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (filter.lifecycle && filter.lifecycle.length > 0) {
        params.push(filter.lifecycle);
        where.push(`d.lifecycle = ANY($${params.length}::text[])`);
      }
      if (filter.transactionSetId !== undefined) {
        params.push(filter.transactionSetId);
        where.push(`d.transaction_set_id = $${params.length}`);
      }
      const rows = (
        await run<DocumentRow>(
          `${SELECT_DOCUMENT} ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY d.source COLLATE "C"`,
          params,
        )
      ).rows;
      const controls = (await catalog.listControls()) as Control[];
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
    async countDocuments() {
      const rows = await run<{
        lifecycle: LifecycleState;
        code: string | null;
        n: number;
        oldest: string;
        awaiting: number;
      }>(
        `SELECT lifecycle, CASE WHEN lifecycle = 'failed' THEN coalesce(failure_code, 'unknown') END AS code,
                count(*)::int AS n, min(updated_at COLLATE "C") AS oldest, count(pending_version)::int AS awaiting
         FROM documents GROUP BY 1, 2`,
      );
      return rows.rows.map(
        (r): DocumentCount => ({
          lifecycle: r.lifecycle,
          failureCode: r.code,
          count: r.n,
          oldestUpdatedAt: r.oldest,
          awaitingStores: r.awaiting,
        }),
      );
    },
    async countProfilesNotBy(reader) {
      const rows = await run<{ n: number }>(
        `SELECT count(*)::int AS n FROM documents
         WHERE lifecycle = 'indexed' AND (facts IS NULL OR facts->>'reader' IS DISTINCT FROM $1)`,
        [reader],
      );
      return rows.rows[0]?.n ?? 0;
    },
    async upsertReceived(doc, now) {
      // Several statements that land together: inside the caller's transaction, else in one of their own.
      if (tx === null) return catalog.transaction((c) => c.upsertReceived(doc, now));
      const access = normaliseAccess(doc.access);
      // One statement inserts or, holding the row's lock, moves it back to received: two processes
      // receiving the same new document both succeed, one after the other. The document's advisory lock
      // comes first: ON CONFLICT arbitrates only on the id, and two inserts racing past its check would
      // otherwise meet on the unique source instead and fail there.
      await catalog.lockDocument(doc.id);
      await run(
        `INSERT INTO documents (id, source, file_name, access, lifecycle, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'received', $5, $5)
         ON CONFLICT (id) DO UPDATE SET source = excluded.source, file_name = excluded.file_name,
           access = excluded.access, lifecycle = 'received', failure_code = NULL, failure_reason = NULL,
           updated_at = excluded.updated_at`,
        [doc.id, doc.source, doc.fileName, JSON.stringify(access), now],
      );
      await writeAccess(doc.id, access);
      const rec = await catalog.getDocument(doc.id);
      if (!rec) throw new LexnavError("internal", `document ${doc.id} vanished after upsert`);
      return rec;
    },
    async setLifecycle(id, state, failure, now) {
      if (tx === null) return catalog.transaction((c) => c.setLifecycle(id, state, failure, now));
      await run(
        "UPDATE documents SET lifecycle = $1, failure_code = $2, failure_reason = $3, updated_at = $4 WHERE id = $5",
        [state, failure?.code ?? null, failure?.reason ?? null, now, id],
      );
      if (state !== "received" && state !== "extracted")
        await run("DELETE FROM ingest_claims WHERE document_id = $1", [id]);
    },
    async admitRequest(id, at) {
      const time = requestTime(at);
      // One statement: a request made later, recorded by another process at once, is never overwritten.
      const admitted = await run(
        `INSERT INTO document_requests (document_id, requested_at) VALUES ($1, $2)
         ON CONFLICT (document_id) DO UPDATE SET requested_at = excluded.requested_at
         WHERE document_requests.requested_at COLLATE "C" <= excluded.requested_at COLLATE "C"
         RETURNING document_id`,
        [id, time],
      );
      if (admitted.rows.length > 0) return null;
      const later = await run<{ requested_at: string }>(
        "SELECT requested_at FROM document_requests WHERE document_id = $1",
        [id],
      );
      return later.rows[0]?.requested_at ?? null;
    },
    async claimIngest(id, claim) {
      await run(
        `INSERT INTO ingest_claims (document_id, pid, host, since) VALUES ($1, $2, $3, $4)
         ON CONFLICT (document_id) DO UPDATE SET pid = excluded.pid, host = excluded.host, since = excluded.since`,
        [id, claim.pid, claim.host, claim.since],
      );
    },
    async lockSetFiling() {
      if (tx === null) throw new LexnavError("internal", "lockSetFiling is held by a transaction: call it on tx");
      // A transaction-scoped advisory lock: released at COMMIT or ROLLBACK, even when the process dies.
      await run("SELECT pg_advisory_xact_lock($1)", [SET_FILING_LOCK]);
    },
    async lockDocument(id) {
      if (tx === null) throw new LexnavError("internal", "lockDocument is held by a transaction: call it on tx");
      await run("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`document:${id}`]);
    },
    async ingestClaim(id) {
      const row = (await run<IngestClaim>("SELECT pid, host, since FROM ingest_claims WHERE document_id = $1", [id]))
        .rows[0];
      return row ? { pid: row.pid, host: row.host, since: row.since } : null;
    },
    async setAccess(id, access, now) {
      if (tx === null) return catalog.transaction((c) => c.setAccess(id, access, now));
      const a = normaliseAccess(access);
      const updated = await run("UPDATE documents SET access = $1, updated_at = $2 WHERE id = $3", [
        JSON.stringify(a),
        now,
        id,
      ]);
      if (updated.rowCount === 0) return false;
      await writeAccess(id, a);
      return true;
    },
    async setProfile(id, profile, now) {
      await run(
        `UPDATE documents SET title = $1, role = $2, effective_date = $3, transaction_set_id = $4, facts = $5,
         updated_at = $6 WHERE id = $7`,
        [
          profile.title,
          profile.role,
          profile.effectiveDate,
          profile.transactionSetId,
          profile.facts ? JSON.stringify(profile.facts) : null,
          now,
          id,
        ],
      );
    },
    async setTransactionSet(id, setId, now) {
      await run("UPDATE documents SET transaction_set_id = $1, updated_at = $2 WHERE id = $3", [setId, now, id]);
    },
    async nameTransactionSet(setId, name, now) {
      if (name === null) {
        await run("DELETE FROM transaction_set_names WHERE set_id = $1", [setId]);
        return;
      }
      const taken = new LexnavError("conflict", `another transaction set is already named "${name}"`);
      const other = await run("SELECT 1 FROM transaction_set_names WHERE lower(name) = lower($1) AND set_id <> $2", [
        name,
        setId,
      ]);
      if ((other.rowCount ?? 0) > 0) throw taken;
      try {
        await run(
          `INSERT INTO transaction_set_names (set_id, name, named_at) VALUES ($1, $2, $3)
           ON CONFLICT (set_id) DO UPDATE SET name = excluded.name, named_at = excluded.named_at`,
          [setId, name, now],
        );
      } catch (e) {
        // Another process gave the name to another set between the check and the write.
        if (e instanceof LexnavError && e.code === "conflict")
          throw new LexnavError("conflict", taken.message, { cause: e });
        throw e;
      }
    },
    async transactionSetNames() {
      const rows = await run<{ set_id: string; name: string }>(
        `SELECT set_id, name FROM transaction_set_names ORDER BY set_id COLLATE "C"`,
      );
      return new Map(rows.rows.map((r) => [r.set_id, r.name]));
    },
    async setCurrentVersion(id, version, contentType, now) {
      // The version written as current is the newest: nothing older stays pending.
      await run(
        "UPDATE documents SET current_version = $1, content_type = $2, pending_version = NULL, updated_at = $3 WHERE id = $4",
        [version, contentType, now, id],
      );
    },
    async setPendingVersion(id, version, now) {
      // The served version ingested again is newest already: nothing waits.
      await run(
        `UPDATE documents SET pending_version = CASE WHEN current_version = $1 THEN NULL ELSE $1 END, updated_at = $2
         WHERE id = $3`,
        [version, now, id],
      );
    },
    async acknowledgeVersion(documentId, version, store, requiredStores, now) {
      if (tx === null)
        return catalog.transaction((c) => c.acknowledgeVersion(documentId, version, store, requiredStores, now));
      // The document's row lock: two stores acknowledging at once take turns, and the second sees the first's row.
      const row = (
        await run<Pick<DocumentRow, "lifecycle" | "current_version" | "pending_version">>(
          "SELECT lifecycle, current_version, pending_version FROM documents WHERE id = $1 FOR UPDATE",
          [documentId],
        )
      ).rows[0];
      const superseded: VersionAcknowledgement = { status: "superseded", waitingFor: [] };
      if (!row || row.lifecycle === "deleted") return superseded;
      const ack = () =>
        run(
          `INSERT INTO version_acks (document_id, version, store, acked_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING`,
          [documentId, version, store, now],
        );
      if (row.current_version === version) {
        await ack();
        return { status: "served", waitingFor: [] };
      }
      if (row.pending_version !== version) return superseded;
      await ack();
      const acked = new Set(
        (
          await run<{ store: string }>("SELECT store FROM version_acks WHERE document_id = $1 AND version = $2", [
            documentId,
            version,
          ])
        ).rows.map((r) => r.store),
      );
      const waitingFor = requiredStores.filter((s) => !acked.has(s));
      if (waitingFor.length > 0) return { status: "waiting", waitingFor };
      await run(
        `UPDATE documents SET current_version = $2, pending_version = NULL, updated_at = $3,
         content_type = coalesce((SELECT content_type FROM versions WHERE document_id = $1 AND version = $2), content_type)
         WHERE id = $1`,
        [documentId, version, now],
      );
      return { status: "served", waitingFor: [] };
    },

    async putVersion(documentId, v) {
      // Insert-only: a second put of a (document, version), from this process or another, changes nothing.
      await run(
        `INSERT INTO versions (document_id, version, byte_length, content_type, text, text_length, blocks, pages,
           furniture, quality, extracted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (document_id, version) DO NOTHING`,
        [
          documentId,
          v.version,
          v.byteLength,
          v.contentType,
          v.text,
          v.text.length,
          JSON.stringify(v.blocks),
          JSON.stringify(v.pages),
          JSON.stringify(v.furniture),
          JSON.stringify(v.quality),
          v.extractedAt,
        ],
      );
    },
    async getVersion(documentId, version) {
      const row = (
        await run<VersionRow>("SELECT * FROM versions WHERE document_id = $1 AND version = $2", [documentId, version])
      ).rows[0];
      if (!row) return null;
      return { ...versionMeta(row), text: row.text, blocks: row.blocks, pages: row.pages, furniture: row.furniture };
    },
    async listVersions(documentId) {
      const rows = await run<VersionMetaRow>(
        `SELECT document_id, version, byte_length, content_type, text_length, quality, extracted_at
         FROM versions WHERE document_id = $1 ORDER BY extracted_at COLLATE "C", version COLLATE "C"`,
        [documentId],
      );
      return rows.rows.map(versionMeta);
    },

    async putCopyKey(documentId, version, key) {
      await run(
        `INSERT INTO version_copy_keys (document_id, version, content_key, sample, filing) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (document_id, version) DO UPDATE SET content_key = excluded.content_key,
           sample = excluded.sample, filing = excluded.filing`,
        [documentId, version, key.contentKey, key.sample, key.filing === null ? null : JSON.stringify(key.filing)],
      );
    },
    async listCopyKeys() {
      const rows = await run<{ document_id: string; version: string; content_key: string; sample: string[] }>(
        `SELECT k.document_id, k.version, k.content_key, k.sample FROM version_copy_keys k
         JOIN (${LIVE_VERSIONS}) v ON v.document_id = k.document_id AND v.version = k.version
         ORDER BY k.document_id COLLATE "C"`,
      );
      return rows.rows.map((r) => ({
        documentId: r.document_id,
        version: r.version,
        contentKey: r.content_key,
        sample: r.sample.map(Number),
      }));
    },
    async versionsWithoutCopyKey(page) {
      const rows = await run<{ document_id: string; version: string }>(
        `SELECT v.document_id, v.version FROM (${LIVE_VERSIONS}) v JOIN versions s
         ON s.document_id = v.document_id AND s.version = v.version
         WHERE NOT EXISTS (SELECT 1 FROM version_copy_keys k WHERE k.document_id = v.document_id AND k.version = v.version)
           AND ($1::text IS NULL OR v.document_id > $1 COLLATE "C"
             OR (v.document_id = $1 AND v.version > $2 COLLATE "C"))
         ORDER BY v.document_id COLLATE "C", v.version COLLATE "C" LIMIT $3`,
        [page?.after?.documentId ?? null, page?.after?.version ?? null, page?.limit ?? null],
      );
      return rows.rows.map((r) => ({ documentId: r.document_id, version: r.version }));
    },
    async recordCopies(documentId, version, copies) {
      if (copies.length === 0) return;
      await run(
        `INSERT INTO version_copies (document_id, version, other_id, other_version)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) ON CONFLICT DO NOTHING`,
        [
          [...copies.map(() => documentId), ...copies.map((c) => c.documentId)],
          [...copies.map(() => version), ...copies.map((c) => c.version)],
          [...copies.map((c) => c.documentId), ...copies.map(() => documentId)],
          [...copies.map((c) => c.version), ...copies.map(() => version)],
        ],
      );
    },
    async listCopies(documentId) {
      // Served versions only: a copy recorded of a version since replaced, or of a deleted document, is no copy now.
      const rows = await run<{ document_id: string; copy_of: string }>(
        `SELECT c.document_id, c.other_id AS copy_of FROM version_copies c
         JOIN documents a ON a.id = c.document_id AND a.current_version = c.version AND a.lifecycle <> 'deleted'
         JOIN documents b ON b.id = c.other_id AND b.current_version = c.other_version AND b.lifecycle <> 'deleted'
         WHERE c.document_id COLLATE "C" < c.other_id COLLATE "C" AND ($1::text IS NULL OR $1 IN (c.document_id, c.other_id))
         ORDER BY c.document_id COLLATE "C", c.other_id COLLATE "C"`,
        [documentId ?? null],
      );
      return rows.rows.map((r): CopyPair => ({ documentId: r.document_id, copyOf: r.copy_of }));
    },

    async replaceNodes(documentId, version, nodes) {
      if (tx === null) return catalog.transaction((c) => c.replaceNodes(documentId, version, nodes));
      // The version's row lock makes two processes replacing the same nodes take turns instead of
      // colliding on the keys the other inserted.
      await run("SELECT 1 FROM versions WHERE document_id = $1 AND version = $2 FOR NO KEY UPDATE", [
        documentId,
        version,
      ]);
      await run("DELETE FROM nodes WHERE document_id = $1 AND version = $2", [documentId, version]);
      await run(
        `INSERT INTO nodes (document_id, version, ord, id, node)
         SELECT $1, $2, o, i, n::jsonb FROM unnest($3::int[], $4::text[], $5::text[]) AS t(o, i, n)`,
        [documentId, version, nodes.map((_, i) => i), nodes.map((n) => n.id), nodes.map((n) => JSON.stringify(n))],
      );
    },
    async getNodes(documentId, version) {
      const rows = await run<{ node: StoredNode }>(
        "SELECT node FROM nodes WHERE document_id = $1 AND version = $2 ORDER BY ord",
        [documentId, version],
      );
      return rows.rows.map((r) => r.node);
    },
    async eraseVersions(id) {
      if (tx === null) return catalog.transaction((c) => c.eraseVersions(id));
      // The document's row lock keeps a concurrent putVersion (its foreign key check) waiting until the erasure is done.
      await run("SELECT 1 FROM documents WHERE id = $1 FOR UPDATE", [id]);
      return erase(id, tx);
    },
    async placeControl(control) {
      const placed = await run(
        `INSERT INTO controls (scope, scope_id, kind, name, placed_by, placed_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT DO NOTHING`,
        [control.scope, control.scopeId, control.kind, control.name, control.by, control.since],
      );
      return (placed.rowCount ?? 0) > 0;
    },
    async liftControl(key) {
      const lifted = await run("DELETE FROM controls WHERE scope = $1 AND scope_id = $2 AND kind = $3 AND name = $4", [
        key.scope,
        key.scopeId,
        key.kind,
        key.name,
      ]);
      return (lifted.rowCount ?? 0) > 0;
    },
    async listControls(scope) {
      const rows = scope
        ? await run<ControlRow>(
            `SELECT * FROM controls WHERE scope = $1 AND scope_id = $2 ORDER BY kind COLLATE "C", name COLLATE "C"`,
            [scope.scope, scope.scopeId],
          )
        : await run<ControlRow>(
            `SELECT * FROM controls ORDER BY scope COLLATE "C", scope_id COLLATE "C", kind COLLATE "C", name COLLATE "C"`,
          );
      return rows.rows.map(toControl);
    },
    async markDeleted(id, now) {
      if (tx === null) return catalog.transaction((c) => c.markDeleted(id, now));
      const found = await run("SELECT 1 FROM documents WHERE id = $1 FOR UPDATE", [id]);
      if (found.rowCount === 0) return false;
      // The record stays as the audit trail.
      await erase(id, tx);
      await run(
        "UPDATE documents SET lifecycle = 'deleted', failure_code = NULL, failure_reason = NULL, updated_at = $1 WHERE id = $2",
        [now, id],
      );
      await run("DELETE FROM ingest_claims WHERE document_id = $1", [id]);
      return true;
    },
    async close() {
      // A catalog bound to a transaction does not own the pool.
      if (tx === null) await host.close();
    },
  };
  return catalog;
}

type StoredNode = Awaited<ReturnType<Catalog["getNodes"]>>[number];
