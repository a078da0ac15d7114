import { createPostgresAuditLog, createPostgresCatalog } from "@lexnav/catalog";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresHandle, postgresUnavailableReason, startPostgres } from "../support/postgres.ts";
import { auditEntry } from "./catalog-fixtures.ts";

const skipReason = postgresUnavailableReason();
if (skipReason !== null) console.log(`PostgreSQL audit log tests skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)(
  `PostgreSQL audit log${skipReason !== null ? ` (skipped: ${skipReason})` : ""}`,
  () => {
    let cluster: PostgresHandle;
    beforeAll(async () => {
      const started = await startPostgres();
      if (started === null) throw new Error("PostgreSQL did not start although it is installed");
      cluster = started;
    });
    afterAll(async () => {
      await cluster?.stop();
    });

    // The AuditLog contract's cases run in audit-log.contract.test.ts; these are what only this store does.
    it("vacuums the log after redacting, so a redacted question does not stay in a dead row", async () => {
      const url = await cluster.createDatabase();
      const log = await createPostgresAuditLog(url);
      try {
        await log.append(auditEntry({ question: "cited", documentIds: ["gone"] }));
        await log.append(auditEntry({ question: "scoped", scope: ["gone", "other"] }));
        await log.append(auditEntry({ question: "targeted", target: "gone" }));
        await log.append(auditEntry({ question: "kept", documentIds: ["other"] }));
        expect(await log.redactDocument("gone")).toBe(3);
        const raw = new pg.Client(url);
        await raw.connect();
        const vacuumed = await raw.query("SELECT last_vacuum FROM pg_stat_user_tables WHERE relname = 'audit_log'");
        await raw.end();
        expect(vacuumed.rows[0]?.last_vacuum).not.toBeNull();
      } finally {
        await log.close();
      }
    });

    it("takes appends from two pools at once, losing none, beside the catalog in one database", async () => {
      const url = await cluster.createDatabase();
      const [one, two, catalog] = await Promise.all([
        createPostgresAuditLog(url),
        createPostgresAuditLog(url),
        createPostgresCatalog(url),
      ]);
      try {
        await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            (i % 2 ? one : two).append(auditEntry({ question: `q${i}`, documentIds: [`d${i % 5}`] })),
          ),
        );
        const all = await one.list({ limit: 1000 });
        expect(all.map((r) => r.question).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `q${i}`).sort());
        expect(new Set(all.map((r) => r.seq)).size).toBe(40);
        expect(await two.redactDocument("d0")).toBe(8);
        expect(await catalog.listDocuments()).toEqual([]);
      } finally {
        await Promise.all([one.close(), two.close(), catalog.close()]);
      }
    });
  },
);
