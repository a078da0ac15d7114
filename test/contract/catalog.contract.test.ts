import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CATALOG_SCHEMA_VERSION, createSqliteCatalog, openSqliteDatabase } from "@lexnav/catalog";
import { describe, expect, it } from "vitest";
import { postgresCatalogFactory } from "../support/postgres.ts";
import { describeCatalogContract } from "./catalog-contract.ts";
import { describeOnPostgresCluster } from "./postgres-cluster.ts";

describeCatalogContract("sqlite (embedded)", () => createSqliteCatalog(":memory:"));

describeOnPostgresCluster("Catalog", (cluster) => {
  describeCatalogContract("PostgreSQL", () => postgresCatalogFactory(cluster())());
});

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
