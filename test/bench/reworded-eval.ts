import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { sharedDir } from "../support/shared.ts";

/** A benchmark question as the file holds it (the evaluator reads the rest, the answerer only `query`). */
export interface BenchTest {
  query: string;
  [field: string]: unknown;
}

export interface Proportion {
  hits: number;
  of: number;
  rate: number;
}

/** What `lexnav eval answers --json` reports, as these benches read it. */
export interface AnswerFigures {
  questions: number;
  answered: number;
  abstention: Record<"noEvidence" | "withEvidence", Proportion>;
  citationPrecision: Proportion;
}

/** A proportion as the tables print it: "84.2 % (1507/1789)", or "–" of nothing. */
export const pct = (x: Proportion): string => (x.of === 0 ? "–" : `${(100 * x.rate).toFixed(1)} % (${x.hits}/${x.of})`);

/** The dev file of a benchmark in `../shared/bench` (`cuad`, `contractnli`). */
export function devTests(dataset: string): BenchTest[] {
  return (JSON.parse(readFileSync(join(sharedDir(), "bench", `${dataset}.dev.json`), "utf8")) as { tests: BenchTest[] })
    .tests;
}

/**
 * A benchmark's questions asked in other words through `lexnav eval answers`, offline, as a user asks
 * them: the reworded file is written under the benchmark's own name (the eval names its store after
 * the data set its documents come from, so the original's store is reused), answered in `mode` with the
 * asker reading `scope` ("set": the question's own contract; "corpus": every contract).
 */
export async function evalReworded(
  dataset: string,
  tests: readonly BenchTest[],
  mode: string,
  scope: string,
): Promise<AnswerFigures> {
  const dir = mkdtempSync(join(tmpdir(), "lexnav-bench-reworded-"));
  try {
    const bench = join(dir, `${dataset}.dev.json`);
    writeFileSync(bench, JSON.stringify({ tests }));
    const argv = ["eval", "answers", "--bench", bench, "--corpus", join(sharedDir(), "corpus"), "--mode", mode];
    const r = await runCliCaptured([...argv, "--offline", "--scope", scope, "--json"], loadConfig({}), silentLogger);
    if (r.code !== 0) throw new Error(`eval answers (${dataset}, ${mode}) exited ${r.code}: ${r.err}`);
    return JSON.parse(r.out) as AnswerFigures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
