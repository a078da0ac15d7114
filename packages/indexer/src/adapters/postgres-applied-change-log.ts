import { checkout, migrate, openPool, runner } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import type { Application, AppliedChange, AppliedChangeLog, ChangeKind } from "../ports/applied-change-log.ts";

/** Schema version of the stage log tables, kept in `catalog_meta` under `stage_log_schema`. */
export const POSTGRES_STAGE_LOG_SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS stage_applied_changes (
  id bigserial PRIMARY KEY,
  document_id text NOT NULL,
  version text NOT NULL,
  store text NOT NULL,
  change_kind text NOT NULL CHECK (change_kind IN ('upsert', 'delete', 'access')),
  applied_at text NOT NULL,
  replica_id text NOT NULL,
  event_key text NOT NULL,
  published_at text NOT NULL,
  command_at text,
  UNIQUE (store, event_key)
);
CREATE INDEX IF NOT EXISTS stage_applied_changes_doc ON stage_applied_changes(store, document_id, version);
CREATE TABLE IF NOT EXISTS stage_documents (
  store text NOT NULL,
  document_id text NOT NULL,
  version text NOT NULL,
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

/** An applied-change log in PostgreSQL, with `close` for the pool it opened. */
export interface PostgresAppliedChangeLog extends AppliedChangeLog {
  close(): Promise<void>;
}

/**
 * The applied-change log of a server store (OpenSearch, Qdrant) that replicas on several hosts share,
 * kept in the catalog's PostgreSQL (`LEXNAV_CATALOG_URL`), keyed by store name. Why there and not in
 * the server store: the store has no transactions and no locks, and "apply once" needs both a lock per
 * document (two replicas holding events of one document, an upsert and a delete, must not decide on the
 * same stale state: the delete would find nothing held and the upsert would then write a deleted
 * document back) and an atomic check of the event key with the row that records it. The protocol of
 * one application, in one PostgreSQL transaction:
 * 1. `pg_advisory_xact_lock(store, document)`: a replica applying another event of the document waits;
 * 2. the event key already in the log: a duplicate, nothing done;
 * 3. `apply` decides on the held version (`stage_documents`) and the catalog, and writes the store;
 * 4. the log row and the held version are written, and the transaction commits (the lock goes with it).
 * A replica that dies in step 3 or 4 leaves no row and releases the lock (its connection ends); the
 * redelivered event repeats step 3, whose writes are idempotent (see `AppliedChangeLog`).
 */
export async function createPostgresAppliedChangeLog(
  url: string,
  options: { store: string; replicaId: string; now?: () => Date },
): Promise<PostgresAppliedChangeLog> {
  const { pool } = openPool(url);
  await migrate(pool, {
    what: "stage applied-change log",
    key: "stage_log_schema",
    version: POSTGRES_STAGE_LOG_SCHEMA_VERSION,
    schema: SCHEMA,
  });
  const now = options.now ?? (() => new Date());
  const store = options.store;
  return {
    async applyOnce(event, apply) {
      const { client, release } = await checkout(pool);
      const run = runner(client);
      try {
        await run("BEGIN");
        // Two 32-bit keys: the store and the document, hashed; a collision only serialises two documents.
        await run("SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))", [store, event.documentId]);
        const seen = await run("SELECT 1 FROM stage_applied_changes WHERE store = $1 AND event_key = $2", [
          store,
          event.eventKey,
        ]);
        if (seen.rowCount) {
          await run("ROLLBACK");
          release();
          return { status: "duplicate" };
        }
        const state = {
          held: async (documentId: string) => {
            if (documentId !== event.documentId)
              throw new LexnavError("internal", "an application may only read the document its event names");
            const r = await run<{ version: string }>(
              "SELECT version FROM stage_documents WHERE store = $1 AND document_id = $2",
              [store, documentId],
            );
            return r.rows[0]?.version ?? null;
          },
        };
        const application: Application | null = await apply(state);
        if (application === null) {
          await run("ROLLBACK");
          release();
          return { status: "skipped" };
        }
        const row: Row = {
          document_id: application.documentId,
          version: application.version,
          store,
          change_kind: application.changeKind,
          applied_at: now().toISOString(),
          replica_id: options.replicaId,
          event_key: event.eventKey,
          published_at: event.publishedAt,
          command_at: event.commandAt,
        };
        await run(
          `INSERT INTO stage_applied_changes
             (document_id, version, store, change_kind, applied_at, replica_id, event_key, published_at, command_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            row.document_id,
            row.version,
            row.store,
            row.change_kind,
            row.applied_at,
            row.replica_id,
            row.event_key,
            row.published_at,
            row.command_at,
          ],
        );
        if (application.holds === null)
          await run("DELETE FROM stage_documents WHERE store = $1 AND document_id = $2", [
            store,
            application.documentId,
          ]);
        else
          await run(
            `INSERT INTO stage_documents (store, document_id, version) VALUES ($1, $2, $3)
             ON CONFLICT (store, document_id) DO UPDATE SET version = excluded.version`,
            [store, application.documentId, application.holds],
          );
        await run("COMMIT");
        release();
        return { status: "applied", change: toChange(row) };
      } catch (e) {
        await client.query("ROLLBACK").catch(() => {});
        release(true);
        throw e;
      }
    },
    async exclusive(fn) {
      const { client, release } = await checkout(pool);
      const run = runner(client);
      try {
        await run("BEGIN");
        // One key (the store's), a space apart from the two-key document locks of `applyOnce`.
        await run("SELECT pg_advisory_xact_lock(hashtext($1))", [store]);
        const out = await fn();
        await run("COMMIT");
        release();
        return out;
      } catch (e) {
        await client.query("ROLLBACK").catch(() => {});
        release(true);
        throw e;
      }
    },
    async list(filter = {}) {
      const run = runner(pool);
      const r =
        filter.documentId === undefined
          ? await run<Row>("SELECT * FROM stage_applied_changes WHERE store = $1 ORDER BY id", [store])
          : await run<Row>("SELECT * FROM stage_applied_changes WHERE store = $1 AND document_id = $2 ORDER BY id", [
              store,
              filter.documentId,
            ]);
      return r.rows.map(toChange);
    },
    async close() {
      await pool.end();
    },
  };
}
