import { LexnavError } from "@lexnav/core";
import pg from "pg";

// SQLSTATE classes that mean the server or the connection, not the request: worth retrying.
const RETRYABLE_STATES = /^(08|53|57P|40001|40P01)/;
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * A PostgreSQL or connection error as a LexnavError: a unique key taken by another writer is a
 * `conflict`, a missing referenced document `not_found`, an unreachable or overloaded server, a
 * deadlock or a serialization failure `unavailable` (retryable); anything else `internal`.
 */
export function toStoreError(cause: unknown): LexnavError {
  if (cause instanceof LexnavError) return cause;
  const code = (cause as { code?: unknown } | null)?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  if (typeof code === "string") {
    if (code === "23505") return new LexnavError("conflict", `catalog: ${message}`, { cause });
    if (code === "23503") return new LexnavError("not_found", `catalog: ${message}`, { cause });
    if (RETRYABLE_STATES.test(code) || NETWORK_CODES.has(code))
      return new LexnavError("unavailable", `the PostgreSQL catalog is unavailable: ${message}`, { cause });
  }
  if (/Connection terminated|not queryable|timeout exceeded when trying to connect/i.test(message))
    return new LexnavError("unavailable", `the PostgreSQL catalog is unavailable: ${message}`, { cause });
  return new LexnavError("internal", `catalog query failed: ${message}`, { cause });
}

export type Run = <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<pg.QueryResult<R>>;

/** Runs statements on a pool or on one connection, every error as a LexnavError. */
export function runner(on: pg.Pool | pg.PoolClient): Run {
  return async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    try {
      return await on.query<R>(sql, params);
    } catch (cause) {
      throw toStoreError(cause);
    }
  };
}

/** A connection taken from the pool for a transaction; `release(true)` discards a broken one. */
export interface Checkout {
  client: pg.PoolClient;
  release(broken?: boolean): void;
}

/**
 * Takes a connection from the pool. While it is out, a connection the server ends reports on the
 * client, not the pool: the listener keeps that from crashing the process, and the next statement on
 * it fails as `unavailable`.
 */
export async function checkout(pool: pg.Pool): Promise<Checkout> {
  const client = await pool.connect().catch((cause: unknown) => {
    throw toStoreError(cause);
  });
  const ignore = () => {};
  client.on("error", ignore);
  return {
    client,
    release(broken = false) {
      client.removeListener("error", ignore);
      client.release(broken);
    },
  };
}

/** A pool for a URL (owned: the caller ends it), or the pool given (shared). */
export function openPool(poolOrUrl: pg.Pool | string): { pool: pg.Pool; owned: boolean } {
  if (typeof poolOrUrl !== "string") return { pool: poolOrUrl, owned: false };
  const pool = new pg.Pool({ connectionString: poolOrUrl });
  // An idle connection the server dropped is reported here; the next query fails and says so.
  pool.on("error", () => {});
  return { pool, owned: true };
}

/** Key of the advisory lock that serialises schema creation when several processes start at once. */
const SCHEMA_LOCK = 0x6c65786e6176;

/**
 * Creates a store's tables when missing and checks its schema version (row `key` of `catalog_meta`), in
 * one transaction under an advisory lock: concurrent `CREATE ... IF NOT EXISTS` can still collide in
 * the system catalogs, so one process at a time. A database of another version is refused, unless it is
 * older and the store is `upgradable`: its schema's statements bring an older database up.
 */
export async function migrate(
  pool: pg.Pool,
  store: { what: string; key: string; version: number; schema: string; upgradable?: boolean },
): Promise<void> {
  const { client, release } = await checkout(pool);
  const run = runner(client);
  try {
    await run("BEGIN");
    await run("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK]);
    await run("CREATE TABLE IF NOT EXISTS catalog_meta (key text PRIMARY KEY, value text NOT NULL)");
    const found = await run<{ value: string }>("SELECT value FROM catalog_meta WHERE key = $1", [store.key]);
    const stored = found.rows[0]?.value;
    // The schema's statements run only on a database without this store or of an older version: DDL
    // (CREATE INDEX, CREATE OR REPLACE TRIGGER, ALTER TABLE) locks tables even when it changes nothing, and a
    // process opening a store that is in use would otherwise meet the transactions running on it.
    if (stored === undefined || Number(stored) < store.version) await run(store.schema);
    if (stored === undefined) {
      await run("INSERT INTO catalog_meta (key, value) VALUES ($1, $2)", [store.key, String(store.version)]);
    } else if (Number(stored) < store.version && store.upgradable === true) {
      // The schema's statements are idempotent and bring an older store up (ADD COLUMN IF NOT EXISTS, ...).
      await run("UPDATE catalog_meta SET value = $2 WHERE key = $1", [store.key, String(store.version)]);
    } else if (Number(stored) !== store.version) {
      throw new LexnavError(
        "conflict",
        `the PostgreSQL ${store.what} has schema version ${stored}; this lexnav expects ${store.version}`,
      );
    }
    await run("COMMIT");
    release();
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    release(true);
    throw toStoreError(e);
  }
}
