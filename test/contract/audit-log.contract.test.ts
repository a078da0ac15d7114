import { createPostgresAuditLog, createSqliteAuditLog, openSqliteDatabase } from "@lexnav/catalog";
import { afterAll, beforeAll, describe, it } from "vitest";
import { type PostgresHandle, postgresUnavailableReason, startPostgres } from "../support/postgres.ts";
import { describeAuditLogContract } from "./audit-log-contract.ts";

describeAuditLogContract("sqlite (embedded)", () => {
  const db = openSqliteDatabase(":memory:");
  return {
    log: createSqliteAuditLog(db),
    close: () => {
      db.close();
    },
  };
});

// One PostgreSQL cluster for this file (started here, or LEXNAV_TEST_POSTGRES_URL's), a fresh database per case.
const noPostgres = postgresUnavailableReason();
if (noPostgres !== null) {
  console.log(`AuditLog contract: PostgreSQL did not run: ${noPostgres}`);
  describe(`AuditLog contract: PostgreSQL (did not run: ${noPostgres})`, () => {
    it.skip(`PostgreSQL did not run: ${noPostgres}`, () => {});
  });
} else {
  describe("PostgreSQL cluster for the contract", () => {
    let cluster: PostgresHandle | null = null;
    beforeAll(async () => {
      cluster = await startPostgres();
      if (cluster === null) throw new Error("PostgreSQL did not start although it is installed");
    }, 60_000);
    afterAll(async () => {
      await cluster?.stop();
    });
    describeAuditLogContract("PostgreSQL", async () => {
      const log = await createPostgresAuditLog(await (cluster as PostgresHandle).createDatabase());
      return { log, close: () => log.close() };
    });
  });
}
