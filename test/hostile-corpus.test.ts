import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createSqliteCatalog } from "@lexnav/catalog";
import type { IngestSummary } from "@lexnav/cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTILE_ENV, type HostileFile, writeHostileCorpus } from "./fixtures/hostile-corpus.ts";
import { corpusPath, repoRoot } from "./support/shared.ts";

/** Three good contracts that every batch must index, whatever else it holds. */
const GOOD = readdirSync(corpusPath("cuad"))
  .filter((f) => f.endsWith(".txt"))
  .sort()
  .slice(0, 3);

function lexnav(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn("node", ["--import", "tsx", join(repoRoot, "services/cli/src/main.ts"), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("close", (code) => done({ code, out, err }));
  });
}

describe("the hostile corpus, ingested in one batch with three good contracts", () => {
  let dir: string;
  let db: string;
  let hostile: HostileFile[];
  let summary: IngestSummary;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-hostile-"));
    const corpus = join(dir, "hostile");
    const good = join(dir, "good");
    mkdirSync(corpus);
    mkdirSync(good);
    hostile = await writeHostileCorpus(corpus);
    for (const f of GOOD) copyFileSync(corpusPath("cuad", f), join(good, f));
    db = join(dir, "store.sqlite");
    const run = await lexnav(["ingest", corpus, good, "--json", "--db", db], HOSTILE_ENV);
    if (!run.out.trim().startsWith("{")) throw new Error(`lexnav ingest did not report (exit ${run.code}): ${run.err}`);
    summary = JSON.parse(run.out) as IngestSummary;
  }, 240_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("holds at least 40 hostile files besides the similar names", () => {
    expect(hostile.filter((h) => !h.name.startsWith("similar name")).length).toBeGreaterThanOrEqual(40);
  });

  it("records each hostile file failed with its reason, or indexes it correctly", async () => {
    const catalog = createSqliteCatalog(db);
    try {
      const bySource = new Map(summary.results.map((r) => [r.source, r]));
      const skipped = new Set(summary.skipped.map((p) => resolve(p)));
      const wrong: string[] = [];
      for (const h of hostile) {
        const r = bySource.get(resolve(h.path));
        const e = h.expect;
        if (e.outcome === "skipped") {
          if (!skipped.has(resolve(h.path))) wrong.push(`${h.name}: not listed as skipped`);
          continue;
        }
        if (!r) {
          wrong.push(`${h.name}: no result`);
          continue;
        }
        if (r.status === "failed") {
          const reason = r.failure?.reason ?? "";
          if (e.outcome === "indexed") wrong.push(`${h.name}: failed (${r.failure?.code}: ${reason})`);
          else if (!reason.startsWith(`${h.fileName}: `))
            wrong.push(`${h.name}: reason does not name the file: ${reason}`);
          else if (e.outcome === "failed" && !e.codes.includes(r.failure?.code ?? ""))
            wrong.push(`${h.name}: failed ${r.failure?.code} (${reason}), expected ${e.codes.join(" or ")}`);
          else if (e.outcome === "failed" && e.reasonIncludes && !reason.includes(e.reasonIncludes))
            wrong.push(`${h.name}: reason "${reason}" lacks "${e.reasonIncludes}"`);
          continue;
        }
        if (e.outcome === "failed") {
          wrong.push(`${h.name}: ${r.status}, expected failed ${e.codes.join(" or ")}`);
          continue;
        }
        const doc = await catalog.getDocument(r.documentId);
        const version = doc?.currentVersion ? await catalog.getVersion(r.documentId, doc.currentVersion) : null;
        if (doc?.lifecycle !== "indexed" || !version) {
          wrong.push(`${h.name}: reported ${r.status} but stored ${doc?.lifecycle}`);
          continue;
        }
        try {
          e.check?.({
            title: doc.title,
            text: version.text,
            nodes: await catalog.getNodes(r.documentId, version.version),
          });
        } catch (cause) {
          wrong.push(`${h.name}: ${(cause as Error).message}`);
        }
      }
      expect(wrong).toEqual([]);
      // nothing was left half-ingested
      expect(await catalog.listDocuments({ lifecycle: ["received", "extracted"] })).toEqual([]);
    } finally {
      await catalog.close();
    }
  });

  it("indexes the good contracts", () => {
    for (const f of GOOD) {
      const r = summary.results.find((x) => x.source === resolve(join(dir, "good", f)));
      expect(r?.status, f).toBe("indexed");
    }
  });

  it("writes no zip entry outside the archive", () => {
    expect(existsSync("/tmp/lexnav-hostile-escape.txt")).toBe(false);
    expect(existsSync("/etc/lexnav-hostile-escape.txt")).toBe(false);
  });

  it("files no two of the similar names with unrelated texts into one set", () => {
    const similar = new Set(hostile.filter((h) => h.name.startsWith("similar name")).map((h) => resolve(h.path)));
    const similarIds = new Set(summary.results.filter((r) => similar.has(r.source)).map((r) => r.documentId));
    for (const set of summary.transactionSets)
      expect(set.documentIds.filter((id) => similarIds.has(id)).length).toBeLessThanOrEqual(1);
  });
});
