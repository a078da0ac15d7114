import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteCatalog, openSqliteDatabase } from "@lexnav/catalog";
import { runCli } from "@lexnav/cli";
import { DEFAULT_LIMITS, loadConfig, silentLogger } from "@lexnav/core";
import { createIngestPipeline } from "@lexnav/ingest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusPath, repoRoot } from "../support/shared.ts";

const GOOD = "SECTION 1. PAYMENT\nThe Buyer shall pay the Seller the price within thirty days of delivery.\n";
// One process per command (`node --import tsx`, not the tsx launcher, whose child a SIGKILL would orphan).
const CLI = ["node", "--import", "tsx", join(repoRoot, "services", "cli", "src", "main.ts")];

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** Runs the real `lexnav` command as its own process. */
function lexnav(args: string[], onStart?: (child: ChildProcess) => void): Promise<Run> {
  return new Promise((resolve) => {
    const [cmd, ...pre] = CLI as [string, ...string[]];
    const child = spawn(cmd, [...pre, ...args], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("close", (code) => resolve({ code, out, err }));
    onStart?.(child);
  });
}

const cuadFiles = readdirSync(corpusPath("cuad"))
  .filter((f) => f.endsWith(".txt"))
  .sort();

describe("file walking: what is not a regular file fails alone with its reason", () => {
  let dir: string;
  let server: Server;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-walk-"));
    const docs = join(dir, "docs");
    mkdirSync(docs);
    writeFileSync(join(docs, "a-good.txt"), GOOD);
    execFileSync("mkfifo", [join(docs, "fifo.txt")]);
    symlinkSync("loop.txt", join(docs, "loop.txt"));
    symlinkSync("/dev/zero", join(docs, "zero.txt"));
    symlinkSync("..", join(docs, "up-loop")); // a directory link loop: never followed
    server = createServer();
    await new Promise<void>((r) => server.listen(join(docs, "sock.txt"), r));
    writeFileSync(join(docs, "z-good.txt"), GOOD.replace("thirty", "sixty"));
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it("records a FIFO, a symlink loop, a device and a socket as failed and indexes the files around them", async () => {
    const out: string[] = [];
    const io = { out: (t: string) => out.push(t), err: () => {}, stderr: process.stderr };
    const db = join(dir, "store.sqlite");
    const code = await runCli(["ingest", join(dir, "docs"), "--json", "--db", db], loadConfig({}), silentLogger, io);
    expect(code).toBe(1);
    const summary = JSON.parse(out.join("\n"));
    const byName = new Map<string, { status: string; failure: { code: string; reason: string } | null }>(
      summary.results.map((r: { source: string }) => [r.source.split("/").pop(), r]),
    );
    expect(byName.get("a-good.txt")?.status).toBe("indexed");
    expect(byName.get("z-good.txt")?.status).toBe("indexed");
    expect(byName.get("fifo.txt")?.failure).toEqual({
      code: "invalid_argument",
      reason: "fifo.txt: not a regular file (a FIFO)",
    });
    expect(byName.get("loop.txt")?.failure).toEqual({
      code: "invalid_argument",
      reason: "loop.txt: too many levels of symbolic links (a symlink loop)",
    });
    expect(byName.get("zero.txt")?.failure).toEqual({
      code: "invalid_argument",
      reason: "zero.txt: not a regular file (a device)",
    });
    expect(byName.get("sock.txt")?.failure?.reason).toMatch(
      /^sock\.txt: (not a regular file \(a socket\)|cannot read)/,
    );
    expect(summary.results).toHaveLength(6);
  });
});

describe("processes sharing one embedded store", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-concurrent-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("three concurrent ingests wait their turn: every document is indexed, none lost or left half-done", async () => {
    const db = join(dir, "store.sqlite");
    const batches = ["a", "b", "c"].map((name, i) => {
      const d = join(dir, name);
      mkdirSync(d);
      for (const f of cuadFiles.slice(i * 15, i * 15 + 15)) copyFileSync(corpusPath("cuad", f), join(d, f));
      return d;
    });
    const runs = await Promise.all(batches.map((d) => lexnav(["ingest", d, "--json", "--db", db])));
    for (const r of runs) {
      expect(r.err).not.toMatch(/database is locked/);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out)).toMatchObject({ indexed: 15, failed: 0 });
    }
    const catalog = createSqliteCatalog(db);
    try {
      const docs = await catalog.listDocuments();
      expect(docs).toHaveLength(45);
      expect(docs.filter((d) => d.lifecycle !== "indexed")).toEqual([]);
    } finally {
      await catalog.close();
    }
  }, 120_000);
});

describe("an ingest killed mid-document", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-kill-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("leaves a document `received`; the next run marks it failed with a reason, and a new ingest indexes it", async () => {
    const db = join(dir, "store.sqlite");
    const big = join(dir, "big.txt");
    // Long enough to read and structure that the process is still inside it when the probe sees it.
    writeFileSync(big, "The Buyer shall pay the Seller the price within thirty days of delivery.\n\n".repeat(60_000));
    const probe = () => {
      try {
        const conn = openSqliteDatabase(db);
        try {
          const row = conn.prepare("SELECT lifecycle FROM documents WHERE file_name = 'big.txt'").get() as
            | { lifecycle: string }
            | undefined;
          return row?.lifecycle ?? null;
        } finally {
          conn.close();
        }
      } catch {
        return null;
      }
    };
    const killed = await lexnav(["ingest", big, "--db", db], (child) => {
      const poll = setInterval(() => {
        if (probe() === "received") {
          clearInterval(poll);
          child.kill("SIGKILL");
        }
      }, 20);
      child.on("close", () => clearInterval(poll));
    });
    expect(killed.code).toBeNull(); // killed by the signal, not finished
    expect(probe()).toBe("received");

    const good = join(dir, "good.txt");
    writeFileSync(good, GOOD);
    const next = await lexnav(["ingest", good, "--json", "--db", db]);
    expect(next.code).toBe(0);
    const summary = JSON.parse(next.out);
    expect(summary.recovered).toHaveLength(1);
    expect(summary.recovered[0].failure).toEqual({
      code: "unavailable",
      reason: "big.txt: ingest was interrupted before the document was indexed (its process ended); ingest it again",
    });
    expect(probe()).toBe("failed");
    const again = await lexnav(["ingest", big, "--json", "--db", db]);
    expect(JSON.parse(again.out)).toMatchObject({ indexed: 1, recovered: [] });
  }, 120_000);

  it("leaves alone a document another live process is ingesting", async () => {
    const catalog = createSqliteCatalog(":memory:");
    const now = "2026-12-01T00:00:00.000Z";
    const base = { source: "/x", fileName: "x.txt", access: { principals: [], groups: ["g"] } };
    await catalog.upsertReceived({ id: "doc_live", ...base }, now);
    await catalog.claimIngest("doc_live", { pid: 4242, host: "here", since: now });
    await catalog.upsertReceived({ id: "doc_dead", ...base, source: "/y" }, now);
    await catalog.claimIngest("doc_dead", { pid: 4343, host: "here", since: now });
    await catalog.upsertReceived({ id: "doc_unclaimed", ...base, source: "/z" }, now);
    const pipeline = createIngestPipeline({
      catalog,
      limits: DEFAULT_LIMITS,
      logger: silentLogger,
      owner: { pid: 1, host: "here" },
      isAlive: (pid) => pid === 4242,
    });
    const recovered = await pipeline.recoverInterrupted();
    expect(recovered.map((r) => r.documentId).sort()).toEqual(["doc_dead", "doc_unclaimed"]);
    expect((await catalog.getDocument("doc_live"))?.lifecycle).toBe("received");
    expect((await catalog.getDocument("doc_dead"))?.lifecycle).toBe("failed");
    expect(await catalog.ingestClaim("doc_dead")).toBeNull();
    await catalog.close();
  });
});

describe("transaction sets across readers", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-sets-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("files alpha's amendment into no set of beta's, and alpha's ingest output never shows beta's id", async () => {
    const db = join(dir, "store.sqlite");
    const example = join(repoRoot, "examples", "manufacturing-agreement");
    const run = async (...argv: string[]) => {
      const out: string[] = [];
      const io = { out: (t: string) => out.push(t), err: () => {}, stderr: process.stderr };
      await runCli([...argv, "--json", "--db", db], loadConfig({}), silentLogger, io);
      return JSON.parse(out.join("\n"));
    };
    const beta = await run("ingest", join(example, "manufacturing-agreement-1.txt"), "--acl", "group:beta");
    const betaId = beta.results[0].documentId as string;
    const alpha = await run(
      "ingest",
      join(example, "manufacturing-agreement-2.txt"),
      join(example, "manufacturing-agreement-3.txt"),
      "--acl",
      "group:alpha",
    );
    expect(alpha.indexed).toBe(2);
    expect(JSON.stringify(alpha)).not.toContain(betaId);
    // alpha's two amendments of one deal still form a set of their own
    expect(alpha.transactionSets).toHaveLength(1);
    expect(alpha.transactionSets[0].documentIds).toHaveLength(2);
  });
});

describe("a store another process keeps locked", () => {
  it("fails the file with a clear message instead of throwing, and records nothing half-done", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lexnav-busy-"));
    try {
      const path = join(dir, "store.sqlite");
      await createSqliteCatalog(path).close();
      const holder = openSqliteDatabase(path);
      holder.prepare("BEGIN IMMEDIATE").run(); // another writer holds the lock
      const catalog = createSqliteCatalog(openSqliteDatabase(path, { busyTimeoutMs: 100 }));
      const pipeline = createIngestPipeline({ catalog, limits: DEFAULT_LIMITS, logger: silentLogger });
      const file = join(dir, "good.txt");
      writeFileSync(file, GOOD);
      const r = await pipeline.ingest({ source: file, access: { principals: [], groups: ["g"] } });
      expect(r.status).toBe("failed");
      expect(r.failure?.code).toBe("unavailable");
      expect(r.failure?.reason).toMatch(
        /^good\.txt: not ingested: the lexnav store at .* is busy: another process kept it locked/,
      );
      // Nothing was recorded, so a service retries it rather than failing it for good.
      expect(r.retryable).toBe(true);
      holder.prepare("ROLLBACK").run();
      expect(await catalog.listDocuments()).toEqual([]);
      holder.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a transaction set named or kept across readers", () => {
  it("refuses --set naming another group's set, and a re-ingest under other readers leaves its old set", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lexnav-kept-"));
    const catalog = createSqliteCatalog(":memory:");
    try {
      const pipeline = createIngestPipeline({ catalog, limits: DEFAULT_LIMITS, logger: silentLogger });
      const example = join(repoRoot, "examples", "manufacturing-agreement");
      for (const n of [1, 2, 3])
        copyFileSync(join(example, `manufacturing-agreement-${n}.txt`), join(dir, `manufacturing-agreement-${n}.txt`));
      const beta = { principals: [], groups: ["beta"] };
      const alpha = { principals: [], groups: ["alpha"] };
      const base = await pipeline.ingest({ source: join(dir, "manufacturing-agreement-1.txt"), access: beta });
      const amendment = join(dir, "manufacturing-agreement-2.txt");
      const amd = await pipeline.ingest({ source: amendment, access: beta });
      const setId = (await catalog.getDocument(base.documentId))?.transactionSetId as string;
      expect(setId).toBeTruthy();
      expect((await catalog.getDocument(amd.documentId))?.transactionSetId).toBe(setId);

      const other = await pipeline.ingest({
        source: join(dir, "manufacturing-agreement-3.txt"),
        access: alpha,
        transactionSetId: setId,
      });
      expect(other.status).toBe("failed");
      expect(other.failure?.code).toBe("permission_denied");

      // the amendment changes hands (new bytes, alpha only): it leaves beta's set
      writeFileSync(amendment, "\nSection 99. Added.\n", { flag: "a" });
      const again = await pipeline.ingest({ source: amendment, access: alpha });
      expect(again.documentId).toBe(amd.documentId);
      expect(again.status).toBe("indexed");
      expect((await catalog.getDocument(amd.documentId))?.transactionSetId).not.toBe(setId);
      expect((await catalog.listDocuments({ transactionSetId: setId })).map((d) => d.id)).toEqual([base.documentId]);
    } finally {
      await catalog.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
