import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createPostgresCatalog, type PostgresCatalog, type StoredVersion } from "@lexnav/catalog";
import { isLexnavError, LexnavError } from "@lexnav/core";
import { emptyFlags, type ProvisionNode } from "@lexnav/document-model";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type PostgresHandle,
  postgresCatalogFactory,
  postgresUnavailableReason,
  startPostgres,
} from "../support/postgres.ts";
import { repoRoot } from "../support/shared.ts";

const NOW = "2026-01-01T00:00:00.000Z";
const NONE = { principals: [], groups: [] };

function version(text: string, v = "v1"): StoredVersion {
  return {
    documentId: "doc-1",
    version: v,
    byteLength: text.length,
    contentType: "text/plain",
    textLength: text.length,
    extractedAt: NOW,
    quality: { status: "ok", issues: [], pageCount: 1, charCount: text.length },
    text,
    blocks: [{ kind: "paragraph", start: 0, end: text.length }],
    pages: [{ page: 1, start: 0, end: text.length }],
    furniture: [],
  };
}

function node(id: string, start: number, end: number, parentId: string | null): ProvisionNode {
  return {
    id,
    documentId: "doc-1",
    parentId,
    kind: parentId ? "section" : "document",
    clauseRef: parentId ? "1." : null,
    fullRef: parentId ? "1" : null,
    title: null,
    headingPath: [],
    start,
    end,
    depth: parentId ? 1 : 0,
    page: 1,
    tokenCount: 1,
    flags: emptyFlags(end - start),
    keywords: [],
    definesTerms: [],
    xrefs: [],
    termUses: [],
  };
}

const skipReason = postgresUnavailableReason();
if (skipReason !== null) console.log(`PostgreSQL catalog tests skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)(
  `PostgreSQL catalog${skipReason !== null ? ` (skipped: ${skipReason})` : ""}`,
  () => {
    let cluster: PostgresHandle;
    let make: () => Promise<PostgresCatalog>;
    beforeAll(async () => {
      const started = await startPostgres();
      if (started === null) throw new Error("PostgreSQL did not start although it is installed");
      cluster = started;
      make = postgresCatalogFactory(cluster);
    });
    afterAll(async () => {
      await cluster?.stop();
    });

    describe("the catalog contract, asynchronously", () => {
      let catalog: PostgresCatalog;
      let url: string;
      beforeEach(async () => {
        url = await cluster.createDatabase();
        catalog = await createPostgresCatalog(url);
      });
      afterEach(async () => {
        await catalog.close();
      });

      it("records a received document with its provenance and access", async () => {
        const rec = await catalog.upsertReceived(
          {
            id: "doc-1",
            source: "/x/a.txt",
            fileName: "a.txt",
            access: { principals: ["bob", "alice", "bob"], groups: ["deal-team"] },
          },
          NOW,
        );
        expect(rec.lifecycle).toBe("received");
        expect(rec.access).toEqual({ principals: ["alice", "bob"], groups: ["deal-team"] });
        expect((await catalog.findDocumentBySource("/x/a.txt"))?.id).toBe("doc-1");
        expect(await catalog.getDocument("missing")).toBeNull();
        // re-received: back to received, new access, failure cleared
        await catalog.setLifecycle("doc-1", "failed", { code: "corrupt", reason: "a.txt: corrupt" }, NOW);
        const again = await catalog.upsertReceived(
          { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: [], groups: ["g"] } },
          "2026-01-02T00:00:00.000Z",
        );
        expect(again).toMatchObject({
          lifecycle: "received",
          failure: null,
          access: { principals: [], groups: ["g"] },
        });
        expect(again.createdAt).toBe(NOW);
      });

      it("refuses a second document at a source another document has, as a conflict", async () => {
        await catalog.upsertReceived({ id: "a", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
        await expect(
          catalog.upsertReceived({ id: "b", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW),
        ).rejects.toMatchObject({ code: "conflict" });
      });

      it("keeps versions immutable: a second put changes nothing, and an UPDATE is refused by the store", async () => {
        await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
        await catalog.putVersion("doc-1", version("original text"));
        await catalog.putVersion("doc-1", version("other text"));
        const stored = await catalog.getVersion("doc-1", "v1");
        expect(stored?.text).toBe("original text");
        expect(stored?.blocks).toEqual([{ kind: "paragraph", start: 0, end: 13 }]);
        expect(stored?.quality.status).toBe("ok");
        expect(await catalog.listVersions("doc-1")).toHaveLength(1);
        await expect(sql(url, "UPDATE versions SET text = 'changed'")).rejects.toThrow(/immutable/);
      });

      it("refuses a version of a document it does not know, as not_found", async () => {
        await expect(catalog.putVersion("nobody", version("x"))).rejects.toMatchObject({ code: "not_found" });
      });

      it("stores nodes in order per version and replaces them atomically", async () => {
        await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
        await catalog.putVersion("doc-1", version("1. Term. Text."));
        await catalog.replaceNodes("doc-1", "v1", [node("root", 0, 14, null), node("s1", 0, 14, "root")]);
        expect((await catalog.getNodes("doc-1", "v1")).map((n) => n.id)).toEqual(["root", "s1"]);
        expect((await catalog.getNodes("doc-1", "v1"))[1]).toEqual(node("s1", 0, 14, "root"));
        await catalog.replaceNodes("doc-1", "v1", [node("root", 0, 14, null)]);
        expect((await catalog.getNodes("doc-1", "v1")).map((n) => n.id)).toEqual(["root"]);
        // a replacement that fails half-way (a duplicate id) leaves the nodes as they were
        await expect(
          catalog.replaceNodes("doc-1", "v1", [node("x", 0, 1, null), node("x", 0, 1, null)]),
        ).rejects.toMatchObject({ code: "conflict" });
        expect((await catalog.getNodes("doc-1", "v1")).map((n) => n.id)).toEqual(["root"]);
      });

      it("rolls back every write of a failed transaction, and a failed nested one alone", async () => {
        await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
        await expect(
          catalog.transaction(async (tx) => {
            await tx.putVersion("doc-1", version("text"));
            await tx.setLifecycle("doc-1", "indexed", null, NOW);
            // another connection does not see the writes before the commit
            expect((await catalog.getDocument("doc-1"))?.lifecycle).toBe("received");
            throw new Error("boom");
          }),
        ).rejects.toThrow("boom");
        expect(await catalog.getVersion("doc-1", "v1")).toBeNull();
        expect((await catalog.getDocument("doc-1"))?.lifecycle).toBe("received");

        const kept = await catalog.transaction(async (tx) => {
          await tx.putVersion("doc-1", version("text"));
          await expect(
            tx.transaction(async (inner) => {
              await inner.setLifecycle("doc-1", "failed", { code: "corrupt", reason: "x" }, NOW);
              throw new Error("inner");
            }),
          ).rejects.toThrow("inner");
          await tx.setCurrentVersion("doc-1", "v1", "text/plain", NOW);
          return (await tx.getDocument("doc-1"))?.lifecycle;
        });
        expect(kept).toBe("received");
        expect((await catalog.getDocument("doc-1"))?.currentVersion).toBe("v1");
        expect((await catalog.getVersion("doc-1", "v1"))?.text).toBe("text");
      });

      it("counts documents by state and failure code, with each group's oldest change", async () => {
        const add = (id: string, at: string) =>
          catalog.upsertReceived({ id, source: `/x/${id}.txt`, fileName: `${id}.txt`, access: NONE }, at);
        await add("a", "2026-01-01T00:00:00.000Z");
        await add("b", "2026-01-02T00:00:00.000Z");
        await add("c", "2026-01-03T00:00:00.000Z");
        await add("d", "2026-01-04T00:00:00.000Z");
        await catalog.setLifecycle("b", "failed", { code: "encrypted", reason: "b" }, "2026-01-05T00:00:00.000Z");
        await catalog.setLifecycle("c", "failed", { code: "encrypted", reason: "c" }, "2026-01-06T00:00:00.000Z");
        await catalog.setLifecycle("d", "failed", { code: "too_large", reason: "d" }, "2026-01-07T00:00:00.000Z");
        const counts = (await catalog.countDocuments()).sort((x, y) =>
          `${x.lifecycle}${x.failureCode}`.localeCompare(`${y.lifecycle}${y.failureCode}`),
        );
        expect(counts).toEqual([
          { lifecycle: "failed", failureCode: "encrypted", count: 2, oldestUpdatedAt: "2026-01-05T00:00:00.000Z" },
          { lifecycle: "failed", failureCode: "too_large", count: 1, oldestUpdatedAt: "2026-01-07T00:00:00.000Z" },
          { lifecycle: "received", failureCode: null, count: 1, oldestUpdatedAt: "2026-01-01T00:00:00.000Z" },
        ]);
      });

      it("lists documents by source in code-point order, filtered by state and set, failed ones with their reason", async () => {
        for (const [id, source] of [
          ["b", "/x/b.txt"],
          ["B", "/x/B.txt"],
          ["a", "/x/a.txt"],
        ] as const)
          await catalog.upsertReceived({ id, source, fileName: source.slice(3), access: NONE }, NOW);
        expect((await catalog.listDocuments()).map((d) => d.source)).toEqual(["/x/B.txt", "/x/a.txt", "/x/b.txt"]);
        await catalog.setLifecycle("a", "failed", { code: "encrypted", reason: "a.pdf: encrypted PDF" }, NOW);
        const failed = await catalog.listDocuments({ lifecycle: ["failed"] });
        expect(failed.map((d) => [d.id, d.failure])).toEqual([
          ["a", { code: "encrypted", reason: "a.pdf: encrypted PDF" }],
        ]);
        expect(await catalog.listDocuments({ lifecycle: ["indexed"] })).toEqual([]);
        await catalog.setTransactionSet("b", "set-1", NOW);
        expect((await catalog.listDocuments({ transactionSetId: "set-1" })).map((d) => d.id)).toEqual(["b"]);
      });

      it("deletes text and nodes but keeps the record as deleted, and vacuums the tables that held them", async () => {
        await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
        await catalog.putVersion("doc-1", version("secret"));
        await catalog.setCurrentVersion("doc-1", "v1", "text/plain", NOW);
        await catalog.replaceNodes("doc-1", "v1", [node("root", 0, 6, null)]);
        await catalog.claimIngest("doc-1", { pid: 1, host: "h", since: NOW });
        const before = await lastVacuums(url);
        expect(await catalog.markDeleted("doc-1", NOW)).toBe(true);
        expect(await catalog.getVersion("doc-1", "v1")).toBeNull();
        expect(await catalog.getNodes("doc-1", "v1")).toEqual([]);
        expect(await catalog.ingestClaim("doc-1")).toBeNull();
        const rec = await catalog.getDocument("doc-1");
        expect(rec?.lifecycle).toBe("deleted");
        expect(rec?.currentVersion).toBeNull();
        expect(await catalog.markDeleted("missing", NOW)).toBe(false);
        const after = await lastVacuums(url);
        for (const table of ["versions", "nodes", "documents"]) {
          expect(after.get(table), table).toBeDefined();
          expect(after.get(table), table).not.toBe(before.get(table));
        }
      });

      it("erases every version of a document and what was read from its text, leaving its lifecycle", async () => {
        await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
        await catalog.putVersion("doc-1", version("secret"));
        await catalog.setCurrentVersion("doc-1", "v1", "text/plain", NOW);
        await catalog.setProfile(
          "doc-1",
          { title: "SECRET AGREEMENT", role: "base_agreement", effectiveDate: "2020-01-01", transactionSetId: null },
          NOW,
        );
        await catalog.replaceNodes("doc-1", "v1", [node("root", 0, 6, null), node("s1", 0, 3, "root")]);
        await catalog.setLifecycle("doc-1", "failed", { code: "invalid_argument", reason: "bad bytes" }, NOW);
        expect(await catalog.eraseVersions("doc-1")).toEqual({ versions: 1, nodes: 2 });
        expect(await catalog.listVersions("doc-1")).toEqual([]);
        expect(await catalog.getDocument("doc-1")).toMatchObject({
          lifecycle: "failed",
          currentVersion: null,
          title: null,
          effectiveDate: null,
          facts: null,
        });
        expect(await catalog.eraseVersions("doc-1")).toEqual({ versions: 0, nodes: 0 });
      });

      it("changes access, in the record and in the rows a store filters on", async () => {
        await catalog.upsertReceived(
          { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: ["a"], groups: [] } },
          NOW,
        );
        expect(await catalog.setAccess("doc-1", { principals: [], groups: ["g", "g"] }, NOW)).toBe(true);
        expect((await catalog.getDocument("doc-1"))?.access).toEqual({ principals: [], groups: ["g"] });
        expect(await accessRows(url, "doc-1")).toEqual(["group:g"]);
        expect(await catalog.setAccess("nope", NONE, NOW)).toBe(false);
      });

      it("reads a document's controls and its set's into the record; access changes never lift them", async () => {
        const up = (id: string) =>
          catalog.upsertReceived(
            { id, source: `/c/${id}.txt`, fileName: `${id}.txt`, access: { principals: [], groups: ["deal"] } },
            NOW,
          );
        const profile = { title: null, role: "unknown" as const, effectiveDate: null, transactionSetId: "set-1" };
        await up("a");
        await catalog.setProfile("a", profile, NOW);
        const by = { by: "ops", since: NOW };
        const wall = { scope: "set", scopeId: "set-1", kind: "deny_group", name: "lit", ...by } as const;
        expect(await catalog.placeControl(wall)).toBe(true);
        expect(await catalog.placeControl(wall)).toBe(false);
        await catalog.placeControl({ scope: "document", scopeId: "a", kind: "deny_principal", name: "eve", ...by });
        await catalog.placeControl({ scope: "set", scopeId: "set-1", kind: "legal_hold", name: "", ...by });
        await catalog.placeControl({ scope: "document", scopeId: "a", kind: "no_external_model", name: "", ...by });
        await up("b");
        await catalog.setProfile("b", profile, NOW);
        const a = await catalog.getDocument("a");
        expect(a?.access).toEqual({ principals: [], groups: ["deal"], deny: { principals: ["eve"], groups: ["lit"] } });
        expect(a?.legalHold).toEqual({ scope: "set", scopeId: "set-1", since: NOW, by: "ops" });
        expect(a?.noExternalModel).toBe(true);
        const b = (await catalog.listDocuments()).find((d) => d.id === "b");
        expect(b?.access.deny).toEqual({ principals: [], groups: ["lit"] });
        expect(b?.legalHold?.scope).toBe("set");
        expect(b?.noExternalModel ?? false).toBe(false);
        await catalog.setAccess("a", { principals: ["carol"], groups: [] }, NOW);
        await up("a");
        expect((await catalog.getDocument("a"))?.access.deny).toEqual({ principals: ["eve"], groups: ["lit"] });
        expect(await catalog.liftControl(wall)).toBe(true);
        expect(await catalog.liftControl(wall)).toBe(false);
        expect((await catalog.getDocument("b"))?.access.deny).toBeUndefined();
        expect((await catalog.listControls({ scope: "document", scopeId: "a" })).map((c) => c.kind)).toEqual([
          "deny_principal",
          "no_external_model",
        ]);
      });

      it("keeps the profile's facts with title and role, and clears them when told", async () => {
        await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
        expect((await catalog.getDocument("doc-1"))?.facts ?? null).toBeNull();
        const facts = {
          parties: ["Acme Corp.", "First Bank"],
          definedParties: ["Borrower"],
          amendsAgreement: "Credit Agreement dated as of February 26, 1996",
          amendedShortName: null,
        };
        const profile = { title: "FIRST AMENDMENT", role: "amendment" as const, effectiveDate: "1996-03-01" };
        await catalog.setProfile("doc-1", { ...profile, transactionSetId: "set-1", facts }, NOW);
        expect(await catalog.getDocument("doc-1")).toMatchObject({ ...profile, transactionSetId: "set-1", facts });
        expect((await catalog.listDocuments({ transactionSetId: "set-1" }))[0]?.facts).toEqual(facts);
        await catalog.setProfile("doc-1", { ...profile, transactionSetId: null, facts: null }, NOW);
        expect((await catalog.getDocument("doc-1"))?.facts ?? null).toBeNull();
      });

      it("names sets uniquely regardless of case, renames and drops names", async () => {
        await catalog.nameTransactionSet("set-1", "Stremick supply", NOW);
        await expect(catalog.nameTransactionSet("set-2", "STREMICK SUPPLY", NOW)).rejects.toMatchObject({
          code: "conflict",
        });
        await catalog.nameTransactionSet("set-1", "stremick Supply", NOW);
        await catalog.nameTransactionSet("set-2", "Acme credit", NOW);
        expect(await catalog.transactionSetNames()).toEqual(
          new Map([
            ["set-1", "stremick Supply"],
            ["set-2", "Acme credit"],
          ]),
        );
        await catalog.nameTransactionSet("set-1", null, NOW);
        await catalog.nameTransactionSet("set-2", "Stremick supply", NOW);
        expect(await catalog.transactionSetNames()).toEqual(new Map([["set-2", "Stremick supply"]]));
      });

      it("keeps an ingest claim while received or extracted, and ends it with the ingest", async () => {
        await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
        expect(await catalog.ingestClaim("doc-1")).toBeNull();
        await catalog.claimIngest("doc-1", { pid: 10, host: "h1", since: NOW });
        await catalog.claimIngest("doc-1", { pid: 11, host: "h2", since: NOW });
        expect(await catalog.ingestClaim("doc-1")).toEqual({ pid: 11, host: "h2", since: NOW });
        await catalog.setLifecycle("doc-1", "extracted", null, NOW);
        expect((await catalog.ingestClaim("doc-1"))?.pid).toBe(11);
        await catalog.setLifecycle("doc-1", "indexed", null, NOW);
        expect(await catalog.ingestClaim("doc-1")).toBeNull();
      });
    });

    it("erases with VACUUM FULL so that no byte of a deleted text stays in any table or index file", async (ctx) => {
      if (cluster.pid === null) {
        console.log(
          "erasure probe skipped: it reads the data files of a cluster the tests started, not of LEXNAV_TEST_POSTGRES_URL",
        );
        ctx.skip();
      }
      const url = await cluster.createDatabase();
      const catalog = await createPostgresCatalog(url, { erasure: "vacuum-full" });
      const marker = "QZXERASUREMARKER";
      // Long random text goes to the TOAST table; live documents around it keep its pages in use.
      const text = (words: string) => `${words} ${randomBytes(60_000).toString("base64")}`;
      for (const [id, words] of [
        ["live-1", "kept"],
        ["gone", `${marker} ${marker}`],
        ["live-2", "kept"],
      ] as const) {
        await catalog.upsertReceived({ id, source: `/${id}`, fileName: id, access: NONE }, NOW);
        await catalog.putVersion(id, { ...version(text(words)), documentId: id });
        await catalog.replaceNodes(id, "v1", [{ ...node("root", 0, 10, null), documentId: id, title: words }]);
      }
      const filesHolding = async (needle: string) => {
        await sql(url, "CHECKPOINT");
        const [{ dir } = { dir: "" }] = await sql<{ dir: string }>(
          url,
          "SELECT current_setting('data_directory') AS dir",
        );
        const files = await sql<{ relname: string; path: string }>(
          url,
          `SELECT relname, pg_relation_filepath(oid) AS path FROM pg_class
           WHERE relnamespace IN ('public'::regnamespace, 'pg_toast'::regnamespace) AND pg_relation_filepath(oid) IS NOT NULL`,
        );
        return files
          .filter((f) => existsSync(join(dir, f.path)) && readFileSync(join(dir, f.path)).includes(needle))
          .map((f) => f.relname);
      };
      expect((await filesHolding(marker)).length).toBeGreaterThan(0);
      expect(await catalog.markDeleted("gone", NOW)).toBe(true);
      expect(await filesHolding(marker)).toEqual([]);
      expect((await catalog.getVersion("live-2", "v1"))?.text.startsWith("kept ")).toBe(true);
      await catalog.close();
    });

    describe("schema", () => {
      it("gives each catalog the contract factory makes an empty database of its own", async () => {
        const [a, b] = await Promise.all([make(), make()]);
        await a?.upsertReceived({ id: "d", source: "/d", fileName: "d", access: NONE }, NOW);
        expect((await a?.listDocuments())?.map((d) => d.id)).toEqual(["d"]);
        expect(await b?.listDocuments()).toEqual([]);
        await a?.close();
        await b?.close();
      });

      it("is created once when several processes open an empty database at once, and reopened as it is", async () => {
        const url = await cluster.createDatabase();
        const opened = await Promise.all([1, 2, 3].map(() => createPostgresCatalog(url)));
        await opened[0]?.upsertReceived({ id: "d", source: "/d", fileName: "d", access: NONE }, NOW);
        await Promise.all(opened.map((c) => c.close()));
        const again = await createPostgresCatalog(url);
        expect((await again.getDocument("d"))?.id).toBe("d");
        await again.close();
        const raw = new pg.Client(url);
        await raw.connect();
        await raw.query("UPDATE catalog_meta SET value = '99' WHERE key = 'schema_version'");
        await raw.end();
        await expect(createPostgresCatalog(url)).rejects.toThrow(/schema version 99/);
      });

      it("says a connection cut mid-transaction is unavailable and retryable, and goes on with a new one", async () => {
        const url = await cluster.createDatabase();
        const catalog = await createPostgresCatalog(url);
        try {
          await catalog.upsertReceived({ id: "d", source: "/d", fileName: "d", access: NONE }, NOW);
          const cut = catalog.transaction(async (tx) => {
            await tx.setLifecycle("d", "indexed", null, NOW);
            // An operator, a failover or a network fault ends this transaction's connection.
            await sql(
              url,
              "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
            );
            await tx.getDocument("d");
          });
          await expect(cut).rejects.toMatchObject({ code: "unavailable", retryable: true });
          expect((await catalog.getDocument("d"))?.lifecycle).toBe("received");
        } finally {
          await catalog.close();
        }
      });

      it("says a server it cannot reach is unavailable, and that it may be retried", async () => {
        const u = new URL(await cluster.createDatabase());
        u.port = "1";
        const error = await createPostgresCatalog(u.toString()).catch((e: unknown) => e);
        expect(isLexnavError(error)).toBe(true);
        expect(error).toMatchObject({ code: "unavailable", retryable: true });
      });
    });

    it("two processes receive and claim the same new documents at once without an error or a lost write", async () => {
      const url = await cluster.createDatabase();
      const ids = Array.from({ length: 30 }, (_, i) => `doc-${i}`);
      const writers = ["from-a", "from-b"].map((group) => startWriter(url, group, ids));
      const started = await Promise.all(writers.map((w) => w.ready));
      for (const w of started) w.go();
      const exits = await Promise.all(writers.map((w) => w.exit));
      expect(
        exits.map((e) => e.code),
        exits.map((e) => e.output).join("\n"),
      ).toEqual([0, 0]);
      const pidOf = new Map(started.map((w, i) => [i === 0 ? "from-a" : "from-b", w.pid]));
      const catalog = await createPostgresCatalog(url);
      try {
        const docs = await catalog.listDocuments();
        expect(docs.map((d) => d.id).sort()).toEqual([...ids].sort());
        expect(docs.every((d) => d.lifecycle === "extracted")).toBe(true);
        const groups = new Set<string>();
        for (const d of docs) {
          const group = d.access.groups[0] ?? "";
          groups.add(group);
          expect(d.access.groups).toHaveLength(1);
          expect(await accessRows(url, d.id)).toEqual([`group:${group}`]);
          expect((await catalog.ingestClaim(d.id))?.pid).toBe(pidOf.get(group));
        }
      } finally {
        await catalog.close();
      }
    });

    describe("two pools (two processes' connections) writing at once", () => {
      let one: PostgresCatalog;
      let two: PostgresCatalog;
      let url: string;
      beforeEach(async () => {
        url = await cluster.createDatabase();
        one = await createPostgresCatalog(url);
        two = await createPostgresCatalog(url);
      });
      afterEach(async () => {
        await one.close();
        await two.close();
      });

      it("receive and claim the same new documents without an error or a lost write", async () => {
        const ids = Array.from({ length: 20 }, (_, i) => `doc-${i}`);
        const ingest = (c: PostgresCatalog, pid: number, group: string) =>
          ids.map((id) =>
            c.transaction(async (tx) => {
              const rec = await tx.upsertReceived(
                { id, source: `/corpus/${id}.txt`, fileName: `${id}.txt`, access: { principals: [], groups: [group] } },
                NOW,
              );
              await tx.claimIngest(id, { pid, host: "h", since: rec.updatedAt });
              return rec;
            }),
          );
        const results = await Promise.allSettled([...ingest(one, 1, "from-one"), ...ingest(two, 2, "from-two")]);
        expect(results.filter((r) => r.status === "rejected")).toEqual([]);
        const docs = await one.listDocuments();
        expect(docs.map((d) => d.id).sort()).toEqual([...ids].sort());
        for (const d of docs) {
          // The record's access and the rows filtered on are one writer's, never a mix of both.
          const group = d.access.groups[0];
          expect(d.access.groups).toHaveLength(1);
          expect(await accessRows(url, d.id)).toEqual([`group:${group}`]);
          const claim = await two.ingestClaim(d.id);
          expect(claim?.pid).toBe(group === "from-one" ? 1 : 2);
        }
      });

      it("ingest and delete one document at once, round after round, leaving it whole or wholly erased", async () => {
        const rounds = Array.from({ length: 8 }, (_, i) => i);
        const ingest = (i: number) =>
          one.transaction(async (tx) => {
            await tx.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
            await tx.putVersion("doc-1", version(`text ${i}`, `v${i}`));
            await tx.setCurrentVersion("doc-1", `v${i}`, "text/plain", NOW);
            await tx.setLifecycle("doc-1", "indexed", null, NOW);
          });
        await ingest(-1);
        const outcomes = await Promise.allSettled(rounds.flatMap((i) => [ingest(i), two.markDeleted("doc-1", NOW)]));
        expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
        const rec = await one.getDocument("doc-1");
        const versions = await one.listVersions("doc-1");
        if (rec?.lifecycle === "deleted") {
          expect(versions).toEqual([]);
          expect(rec.currentVersion).toBeNull();
        } else {
          expect(rec?.lifecycle).toBe("indexed");
          expect(versions.map((v) => v.version)).toContain(rec?.currentVersion);
        }
      });

      it("place the same control once, and give a name to one set only", async () => {
        const wall = { scope: "set", scopeId: "s", kind: "deny_group", name: "lit", by: "ops", since: NOW } as const;
        const placed = await Promise.all([one.placeControl(wall), two.placeControl(wall)]);
        expect(placed.filter(Boolean)).toHaveLength(1);

        const named = await Promise.allSettled(
          Array.from({ length: 6 }, (_, i) => (i % 2 ? one : two).nameTransactionSet(`set-${i}`, "Project Blue", NOW)),
        );
        expect(named.filter((r) => r.status === "fulfilled")).toHaveLength(1);
        for (const r of named)
          if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "conflict", message: /Project Blue/ });
        expect([...(await one.transactionSetNames()).values()]).toEqual(["Project Blue"]);
      });

      it("replace the nodes of one version at once, each replacement whole, none failing", async () => {
        await one.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
        await one.putVersion("doc-1", version("1. Term. Text."));
        const short = [node("root", 0, 14, null)];
        const long = [node("root", 0, 14, null), node("s1", 0, 14, "root"), node("s2", 0, 14, "root")];
        const outcomes = await Promise.allSettled(
          Array.from({ length: 12 }, (_, i) => (i % 2 ? one : two).replaceNodes("doc-1", "v1", i % 2 ? short : long)),
        );
        expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
        const ids = (await one.getNodes("doc-1", "v1")).map((n) => n.id);
        expect([["root"], ["root", "s1", "s2"]]).toContainEqual(ids);
      });

      it("delete a document while the other replaces its nodes and versions, leaving nothing of its text", async () => {
        await one.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
        await one.putVersion("doc-1", version("secret"));
        await one.replaceNodes("doc-1", "v1", [node("root", 0, 6, null)]);
        const writes = Array.from({ length: 10 }, () =>
          two.replaceNodes("doc-1", "v1", [node("root", 0, 6, null), node("s1", 0, 3, "root")]),
        );
        const deleted = one.markDeleted("doc-1", NOW);
        const outcomes = await Promise.allSettled([deleted, ...writes]);
        expect(outcomes[0]).toEqual({ status: "fulfilled", value: true });
        // A replacement that came after the delete finds no version: its nodes would have nothing to hang on.
        for (const o of outcomes.slice(1)) if (o.status === "rejected") expect(o.reason).toBeInstanceOf(LexnavError);
        expect(await two.getVersion("doc-1", "v1")).toBeNull();
        expect(await two.getNodes("doc-1", "v1")).toEqual([]);
        expect((await two.getDocument("doc-1"))?.lifecycle).toBe("deleted");
      });
    });
  },
);

interface Writer {
  pid: number;
  go(): void;
}

/** Starts test/support/postgres-catalog-writer.ts as a process of its own (see there). */
function startWriter(
  url: string,
  group: string,
  ids: string[],
): { ready: Promise<Writer>; exit: Promise<{ code: number | null; output: string }> } {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "test/support/postgres-catalog-writer.ts", url, group, ids.join(",")],
    {
      cwd: repoRoot,
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let output = "";
  const exit = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, output })),
  );
  const ready = new Promise<Writer>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("ready") && child.pid !== undefined)
        resolve({ pid: child.pid, go: () => child.stdin?.write("go\n") });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exit.then(({ code }) => reject(new Error(`writer exited (${code}) before it was ready:\n${output}`)));
  });
  return { ready, exit };
}

/** Runs one statement on a connection of its own: what another process, or an operator, would see. */
async function sql<R extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** The access rows a store filters on, as `kind:name`. */
async function accessRows(url: string, id: string): Promise<string[]> {
  const rows = await sql<{ a: string }>(
    url,
    "SELECT kind || ':' || name AS a FROM document_access WHERE document_id = $1 ORDER BY 1",
    [id],
  );
  return rows.map((r) => r.a);
}

/** When each table was last vacuumed by hand (not by autovacuum), by table name. */
async function lastVacuums(url: string): Promise<Map<string, string | null>> {
  const rows = await sql<{ relname: string; at: string | null }>(
    url,
    "SELECT relname, last_vacuum::text AS at FROM pg_stat_user_tables",
  );
  return new Map(rows.map((r) => [r.relname, r.at]));
}
