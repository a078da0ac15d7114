/**
 * Ingest throughput over the CUAD corpus: parse + structure + enrichment (no embeddings), and the
 * same with the write into the embedded SQLite store. Stages are timed in CPU seconds of the
 * process, so MB/s per core holds even when other work shares the machine. `--workers 2` runs two
 * processes on halves of the corpus.
 * Run: pnpm bench:ingest [--workers N] [--limit N]
 */
import { fork } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createSqliteCatalog } from "@lexnav/catalog";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { extractDocument } from "@lexnav/extract";
import { createIngestPipeline, createStructurer } from "@lexnav/ingest";
import { corpusPath } from "../support/shared.ts";

interface Figures {
  files: number;
  bytes: number;
  nodes: number;
  parseMs: number;
  structureMs: number;
  storeRunMs: number;
}

/** CPU milliseconds of this process (user + system): per-core throughput that other load on the machine does not distort. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

async function runSlice(files: string[]): Promise<Figures> {
  const dir = corpusPath("cuad");
  const structurer = createStructurer();
  const f: Figures = { files: 0, bytes: 0, nodes: 0, parseMs: 0, structureMs: 0, storeRunMs: 0 };
  for (const file of files) {
    const bytes = new Uint8Array(readFileSync(join(dir, file)));
    const t0 = cpuMs();
    const outcome = await extractDocument({ bytes, fileName: file, limits: DEFAULT_LIMITS });
    const t1 = cpuMs();
    if (!outcome.ok) continue;
    const { structure } = structurer.structure({ documentId: file, version: "v", extraction: outcome.value });
    const t2 = cpuMs();
    f.files += 1;
    f.bytes += bytes.byteLength;
    f.nodes += structure.nodes.length;
    f.parseMs += t1 - t0;
    f.structureMs += t2 - t1;
  }
  // The full product path: read, hash, extract, structure, enrich, write to SQLite.
  const tmp = mkdtempSync(join(tmpdir(), "lexnav-bench-"));
  const catalog = createSqliteCatalog(join(tmp, "bench.sqlite"));
  const pipeline = createIngestPipeline({ catalog, limits: DEFAULT_LIMITS, logger: silentLogger });
  const t0 = cpuMs();
  for (const file of files) await pipeline.ingest({ source: join(dir, file), access: { principals: [], groups: [] } });
  f.storeRunMs = cpuMs() - t0;
  await catalog.close();
  rmSync(tmp, { recursive: true, force: true });
  return f;
}

async function main() {
  const { values } = parseArgs({
    options: { workers: { type: "string", default: "1" }, limit: { type: "string" }, child: { type: "string" } },
  });
  const all = readdirSync(corpusPath("cuad"))
    .filter((f) => f.endsWith(".txt"))
    .sort()
    .slice(0, values.limit ? Number(values.limit) : undefined);
  if (values.child !== undefined) {
    const [k, n] = values.child.split("/").map(Number) as [number, number];
    const figures = await runSlice(all.filter((_, i) => i % n === k));
    process.send?.(figures);
    return;
  }
  const workers = Math.max(1, Number(values.workers));
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from(
      { length: workers },
      (_, k) =>
        new Promise<Figures>((resolve, reject) => {
          const child = fork(process.argv[1] as string, ["--child", `${k}/${workers}`], {
            execArgv: process.execArgv,
          });
          child.on("message", (m) => resolve(m as Figures));
          child.on("error", reject);
          child.on("exit", (code) => code !== 0 && reject(new Error(`worker exited ${code}`)));
        }),
    ),
  );
  const wall = performance.now() - t0;
  const sum = (k: keyof Figures) => results.reduce((s, r) => s + r[k], 0);
  const mb = sum("bytes") / 1e6;
  const perCore = (ms: number) => (mb / (ms / 1000)).toFixed(2);
  console.log(`CUAD corpus: ${sum("files")} files, ${mb.toFixed(1)} MB, ${sum("nodes")} nodes, ${workers} worker(s)`);
  console.log("| stage | CPU seconds | MB/s per core |");
  console.log("|---|---|---|");
  console.log(`| parse (txt) | ${(sum("parseMs") / 1000).toFixed(2)} | ${perCore(sum("parseMs"))} |`);
  console.log(
    `| structure + enrichment | ${(sum("structureMs") / 1000).toFixed(2)} | ${perCore(sum("structureMs"))} |`,
  );
  console.log(
    `| parse + structure + enrichment | ${((sum("parseMs") + sum("structureMs")) / 1000).toFixed(2)} | ${perCore(sum("parseMs") + sum("structureMs"))} |`,
  );
  console.log(
    `| full ingest into SQLite (read, hash, extract, structure, enrich, write) | ${(sum("storeRunMs") / 1000).toFixed(2)} | ${perCore(sum("storeRunMs"))} |`,
  );
  console.log(`wall clock for both passes: ${(wall / 1000).toFixed(1)} s`);
}

await main();
