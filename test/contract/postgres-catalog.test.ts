import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createPostgresCatalog, POSTGRES_CATALOG_SCHEMA_VERSION, type PostgresCatalog } from "@lexnav/catalog";
import { isLexnavError, LexnavError } from "@lexnav/core";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type PostgresHandle,
  postgresCatalogFactory,
  postgresUnavailableReason,
  startPostgres,
} from "../support/postgres.ts";
import { repoRoot } from "../support/shared.ts";
import { NONE, NOW, node, version } from "./catalog-fixtures.ts";

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

    // The Catalog contract's cases run in catalog.contract.test.ts; these are what only this store has.
    describe("beyond the catalog contract", () => {
      let catalog: PostgresCatalog;
      let url: string;
      beforeEach(async () => {
        url = await cluster.createDatabase();
        catalog = await createPostgresCatalog(url);
      });
      afterEach(async () => {
        await catalog.close();
      });

      it("refuses an UPDATE of a stored version in the store itself", async () => {
        await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
        await catalog.putVersion("doc-1", version("original text"));
        await expect(sql(url, "UPDATE versions SET text = 'changed'")).rejects.toThrow(/immutable/);
      });

      it("hides a transaction's writes from other connections until it commits", async () => {
        await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
        await expect(
          catalog.transaction(async (tx) => {
            await tx.setLifecycle("doc-1", "indexed", null, NOW);
            expect((await catalog.getDocument("doc-1"))?.lifecycle).toBe("received");
            throw new Error("boom");
          }),
        ).rejects.toThrow("boom");
      });

      it("vacuums the tables that held a deleted document's text", async () => {
        await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
        await catalog.putVersion("doc-1", version("secret"));
        await catalog.setCurrentVersion("doc-1", "v1", "text/plain", NOW);
        await catalog.replaceNodes("doc-1", "v1", [node("root", 0, 6, null)]);
        const before = await lastVacuums(url);
        expect(await catalog.markDeleted("doc-1", NOW)).toBe(true);
        const after = await lastVacuums(url);
        for (const table of ["versions", "nodes", "documents"]) {
          expect(after.get(table), table).toBeDefined();
          expect(after.get(table), table).not.toBe(before.get(table));
        }
      });

      it("writes access changes into the rows a store filters on", async () => {
        await catalog.upsertReceived(
          { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: ["a"], groups: [] } },
          NOW,
        );
        await catalog.setAccess("doc-1", { principals: [], groups: ["g", "g"] }, NOW);
        expect(await accessRows(url, "doc-1")).toEqual(["group:g"]);
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
        // A catalog of schema 1 (before versions waited for the stores' acknowledgements) is brought up.
        await raw.query(
          "ALTER TABLE documents DROP COLUMN pending_version; DROP TABLE version_acks; UPDATE catalog_meta SET value = '1' WHERE key = 'schema_version'",
        );
        const upgraded = await createPostgresCatalog(url);
        await upgraded.setPendingVersion("d", "v2", NOW);
        expect(await upgraded.getDocument("d")).toMatchObject({ id: "d", currentVersion: null, pendingVersion: "v2" });
        await upgraded.close();
        expect((await raw.query("SELECT value FROM catalog_meta WHERE key = 'schema_version'")).rows[0]?.value).toBe(
          String(POSTGRES_CATALOG_SCHEMA_VERSION),
        );
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
