import type { Async } from "@lexnav/core";
import type pg from "pg";
import type { AuditEntry, AuditLog, AuditRecord } from "../ports/audit-log.ts";
import { migrate, openPool, runner } from "./postgres-store.ts";
import { REDACTED_QUESTION } from "./sqlite-audit-log.ts";

/** Schema version of the PostgreSQL audit log; bump with a migration when its tables change. */
export const POSTGRES_AUDIT_SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS audit_log (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at text NOT NULL,
  principal text NOT NULL,
  groups jsonb NOT NULL,
  channel text NOT NULL,
  action text NOT NULL,
  operator boolean NOT NULL,
  question text,
  mode text,
  scope jsonb,
  document_ids jsonb NOT NULL,
  answer_id text,
  target text
);
CREATE INDEX IF NOT EXISTS audit_log_principal ON audit_log (principal, seq);
CREATE TABLE IF NOT EXISTS audit_log_documents (
  seq bigint NOT NULL REFERENCES audit_log (seq) ON DELETE CASCADE,
  document_id text NOT NULL,
  PRIMARY KEY (document_id, seq)
);
`;

interface AuditRow {
  seq: string;
  at: string;
  principal: string;
  groups: string[];
  channel: AuditEntry["channel"];
  action: string;
  operator: boolean;
  question: string | null;
  mode: string | null;
  scope: string[] | null;
  document_ids: string[];
  answer_id: string | null;
  target: string | null;
}

function toRecord(row: AuditRow): AuditRecord {
  return {
    seq: Number(row.seq),
    at: row.at,
    principal: row.principal,
    groups: row.groups,
    channel: row.channel,
    action: row.action,
    operator: row.operator,
    question: row.question,
    mode: row.mode,
    scope: row.scope,
    documentIds: row.document_ids,
    answerId: row.answer_id,
    target: row.target,
  };
}

/** The audit log port with every method asynchronous, and `close` for the pool it may own. */
export type PostgresAuditLog = Async<AuditLog> & { close(): Promise<void> };

/**
 * The audit log in a PostgreSQL database that many processes append to (beside the catalog, or in a
 * database of its own). Each entry's documents (cited, scoped, targeted) are also indexed by id, so a
 * delete finds the entries whose question it must redact. Given a URL it owns its pool; given a pool it
 * shares it.
 *
 * A redaction rewrites the question in place, which leaves the old row version behind as a dead tuple:
 * it runs `VACUUM audit_log` afterwards, as the catalog does after an erasure (docs/erasure.md says
 * what plain VACUUM leaves in free space).
 */
export async function createPostgresAuditLog(poolOrUrl: pg.Pool | string): Promise<PostgresAuditLog> {
  const { pool, owned } = openPool(poolOrUrl);
  try {
    await migrate(pool, {
      what: "audit log",
      key: "audit_schema_version",
      version: POSTGRES_AUDIT_SCHEMA_VERSION,
      schema: SCHEMA,
    });
  } catch (e) {
    if (owned) await pool.end();
    throw e;
  }
  const run = runner(pool);
  return {
    async append(e) {
      const linked = [...new Set([...e.documentIds, ...(e.scope ?? []), ...(e.target ? [e.target] : [])])];
      // One statement: the entry and its links land together without a transaction.
      await run(
        `WITH entry AS (
           INSERT INTO audit_log (at, principal, groups, channel, action, operator, question, mode, scope, document_ids,
             answer_id, target)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING seq
         )
         INSERT INTO audit_log_documents (seq, document_id)
         SELECT entry.seq, d FROM entry, unnest($13::text[]) AS d`,
        [
          e.at,
          e.principal,
          JSON.stringify(e.groups),
          e.channel,
          e.action,
          e.operator,
          e.question,
          e.mode,
          e.scope === null ? null : JSON.stringify(e.scope),
          JSON.stringify(e.documentIds),
          e.answerId,
          e.target,
          linked,
        ],
      );
    },
    async list(filter = {}) {
      const limit = filter.limit ?? 100;
      const rows =
        filter.principal === undefined
          ? await run<AuditRow>("SELECT * FROM audit_log ORDER BY seq DESC LIMIT $1", [limit])
          : await run<AuditRow>("SELECT * FROM audit_log WHERE principal = $1 ORDER BY seq DESC LIMIT $2", [
              filter.principal,
              limit,
            ]);
      return rows.rows.map(toRecord);
    },
    async redactDocument(documentId) {
      const redacted = await run(
        `UPDATE audit_log SET question = $1
         WHERE question IS NOT NULL AND question <> $1
           AND seq IN (SELECT seq FROM audit_log_documents WHERE document_id = $2)`,
        [REDACTED_QUESTION, documentId],
      );
      const n = redacted.rowCount ?? 0;
      if (n > 0) await run("VACUUM audit_log");
      return n;
    },
    async close() {
      if (owned) await pool.end();
    },
  };
}
