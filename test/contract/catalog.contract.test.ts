import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CATALOG_SCHEMA_VERSION, createSqliteCatalog, openSqliteDatabase } from "@lexnav/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type PostgresHandle,
  postgresCatalogFactory,
  postgresUnavailableReason,
  startPostgres,
} from "../support/postgres.ts";
import { describeCatalogContract } from "./catalog-contract.ts";

describeCatalogContract("sqlite (embedded)", () => createSqliteCatalog(":memory:"));

// One PostgreSQL cluster for this file (started here, or LEXNAV_TEST_POSTGRES_URL's), a fresh database per case.
const noPostgres = postgresUnavailableReason();
if (noPostgres !== null) {
  console.log(`Catalog contract: PostgreSQL did not run: ${noPostgres}`);
  describe(`Catalog contract: PostgreSQL (did not run: ${noPostgres})`, () => {
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
    describeCatalogContract("PostgreSQL", () => postgresCatalogFactory(cluster as PostgresHandle)());
  });
}

describe("sqlite catalog: schema migration", () => {
  it("opens a store of schema 1, adds the facts and pending-version columns and keeps its documents", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lexnav-catalog-v1-"));
    try {
      const path = join(dir, "lexnav.sqlite");
      const access = { principals: [], groups: ["g"] };
      const v2 = createSqliteCatalog(path);
      await v2.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access },
        "2026-01-01T00:00:00.000Z",
      );
      await v2.close();
      // turn it back into what a schema-1 lexnav wrote: no facts column, version 1
      const db = openSqliteDatabase(path);
      db.exec(
        `ALTER TABLE documents DROP COLUMN facts_json; ALTER TABLE documents DROP COLUMN pending_version;
         UPDATE meta SET value = '1' WHERE key = 'schema_version'`,
      );
      db.close();

      const migrated = createSqliteCatalog(path);
      expect(await migrated.getDocument("doc-1")).toMatchObject({ id: "doc-1", facts: null });
      const facts = { parties: ["A"], definedParties: [], amendsAgreement: null, amendedShortName: null };
      await migrated.setProfile(
        "doc-1",
        { title: "T", role: "base_agreement", effectiveDate: null, transactionSetId: null, facts },
        "2026-01-02T00:00:00.000Z",
      );
      expect((await migrated.getDocument("doc-1"))?.facts).toEqual(facts);
      await migrated.setPendingVersion("doc-1", "v2", "2026-01-02T00:00:00.000Z");
      expect((await migrated.getDocument("doc-1"))?.pendingVersion).toBe("v2");
      await migrated.close();
      const meta = openSqliteDatabase(path);
      expect(meta.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get()).toEqual({
        value: String(CATALOG_SCHEMA_VERSION),
      });
      // a store from a newer lexnav is refused, not rewritten
      meta.prepare("UPDATE meta SET value = '99' WHERE key = 'schema_version'").run();
      meta.close();
      expect(() => createSqliteCatalog(path)).toThrow(/schema version 99/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
