/**
 * The hostile corpus of issue #19 (test/fixtures/hostile-corpus.ts, with 2,000 similar names) and
 * three good CUAD contracts, ingested in one batch by the `lexnav ingest` command in this process,
 * under the limits the hostile test uses. Prints the outcome counts, wall and CPU time, and the peak
 * resident memory of the process, whose extraction worker threads it includes (target ≤ 1.5 GB).
 * Run: pnpm bench:hostile [--similar N]
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type IngestSummary, runCli } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { HOSTILE_ENV, writeHostileCorpus } from "../fixtures/hostile-corpus.ts";
import { corpusPath } from "../support/shared.ts";

const { values } = parseArgs({ options: { similar: { type: "string", default: "2000" } } });
const similarNames = Number(values.similar);

const dir = mkdtempSync(join(tmpdir(), "lexnav-bench-hostile-"));
try {
  const corpus = join(dir, "hostile");
  const good = join(dir, "good");
  mkdirSync(corpus);
  mkdirSync(good);
  const hostile = await writeHostileCorpus(corpus, { similarNames });
  for (const f of readdirSync(corpusPath("cuad"))
    .filter((x) => x.endsWith(".txt"))
    .sort()
    .slice(0, 3))
    copyFileSync(corpusPath("cuad", f), join(good, f));

  const baseMb = process.resourceUsage().maxRSS / 1024;
  const out: string[] = [];
  const io = { out: (t: string) => out.push(t), err: () => {}, stderr: process.stderr };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await runCli(
    ["ingest", corpus, good, "--json", "--db", join(dir, "store.sqlite")],
    loadConfig(HOSTILE_ENV),
    silentLogger,
    io,
  );
  const wallS = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const peakMb = process.resourceUsage().maxRSS / 1024;
  const summary = JSON.parse(out.join("\n")) as IngestSummary;
  const codes = new Map<string, number>();
  for (const r of summary.results) if (r.failure) codes.set(r.failure.code, (codes.get(r.failure.code) ?? 0) + 1);

  console.log(`hostile files: ${hostile.length - similarNames} + ${similarNames} similar names; good contracts: 3`);
  console.log("| indexed | failed | skipped | sets | wall s | CPU s | peak RSS MB (process + workers) |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  console.log(
    `| ${summary.indexed} | ${summary.failed} | ${summary.skipped.length} | ${summary.transactionSets.length} | ${wallS.toFixed(1)} | ${((cpu.user + cpu.system) / 1e6).toFixed(1)} | ${Math.round(peakMb)} |`,
  );
  console.log(`\nfailures by code: ${[...codes].map(([c, n]) => `${c} ${n}`).join(", ")}`);
  console.log(`RSS before the batch: ${Math.round(baseMb)} MB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
