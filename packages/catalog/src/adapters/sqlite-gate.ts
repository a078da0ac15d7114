import { AsyncLocalStorage } from "node:async_hooks";
import type Database from "better-sqlite3";

/**
 * The turn-taking of one embedded store connection among the asynchronous callers of one process.
 * better-sqlite3 runs each statement synchronously, so a store call that does not await cannot
 * interleave with another; a transaction spans awaits, and while one is open every statement on the
 * connection lands inside it. So a transaction holds the gate from BEGIN to COMMIT: a store call made
 * by anyone else waits for it (no write of theirs joins it, no read of theirs sees its uncommitted
 * rows), while calls made inside it (the same asynchronous context, whichever store sharing the
 * connection they go through) run at once.
 */
export interface SqliteGate {
  /** Runs synchronous store work: at once unless another context's transaction is open, else after it. */
  run<T>(work: () => T): Promise<T>;
  /**
   * Runs `fn` as one transaction (BEGIN IMMEDIATE … COMMIT, ROLLBACK when it throws), one at a time in
   * this process. Called again inside it, it nests as a savepoint that rolls back alone.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
}

/** The gate whose transaction the current asynchronous context is inside, if any. */
const inside = new AsyncLocalStorage<SqliteGate>();
const gates = new WeakMap<Database.Database, SqliteGate>();

/**
 * The gate of a connection: one per connection, shared by every store (catalog, audit log, lexical
 * index, vector store) opened on it, so a transaction of one covers the writes of all of them.
 */
export function sqliteGate(db: Database.Database): SqliteGate {
  const known = gates.get(db);
  if (known) return known;
  let locked = false;
  const waiting: Array<() => void> = [];
  let savepoints = 0;
  const acquire = (): Promise<void> => {
    if (!locked) {
      locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  // The gate passes straight to the next waiter, so no caller arriving meanwhile slips in between.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else locked = false;
  };
  const gate: SqliteGate = {
    async run(work) {
      if (!locked || inside.getStore() === gate) return work();
      await acquire();
      try {
        return work();
      } finally {
        release();
      }
    },
    async transaction(fn) {
      if (inside.getStore() === gate) {
        const name = `lexnav_${++savepoints}`;
        db.exec(`SAVEPOINT ${name}`);
        try {
          const result = await fn();
          db.exec(`RELEASE ${name}`);
          return result;
        } catch (cause) {
          db.exec(`ROLLBACK TO ${name}`);
          db.exec(`RELEASE ${name}`);
          throw cause;
        }
      }
      await acquire();
      try {
        db.exec("BEGIN IMMEDIATE");
        try {
          const result = await inside.run(gate, fn);
          db.exec("COMMIT");
          return result;
        } catch (cause) {
          if (db.inTransaction) db.exec("ROLLBACK");
          throw cause;
        }
      } finally {
        release();
      }
    },
  };
  gates.set(db, gate);
  return gate;
}

/**
 * The asynchronous port over a synchronous implementation on one connection: each method runs its
 * synchronous body through the connection's gate. `toError`, when given, turns what a body throws
 * into the port's error (a driver's error must not cross the port).
 */
export function gated<S extends object>(
  gate: SqliteGate,
  impl: S,
  toError?: (cause: unknown) => unknown,
): { [K in keyof S]: NonNullable<S[K]> extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : S[K] } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(impl)) {
    out[key] =
      typeof value === "function"
        ? async (...args: unknown[]) => {
            try {
              return await gate.run(() => (value as (...a: unknown[]) => unknown).apply(impl, args));
            } catch (cause) {
              throw toError ? toError(cause) : cause;
            }
          }
        : value;
  }
  return out as never;
}

/**
 * The synchronous shape of an asynchronous port: what an embedded adapter's body implements. An optional
 * method of the port stays optional, and synchronous when given.
 */
export type Sync<T> = {
  [K in keyof T]: NonNullable<T[K]> extends (...args: infer A) => infer R ? (...args: A) => Awaited<R> : T[K];
};
