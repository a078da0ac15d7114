import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/shared.ts";

// Two evaluations started at once on a store that has no eval store for their corpus yet: one builds it,
// the other waits and then reads it (two building one SQLite file at once raced on its schema).
describe("lexnav eval: two runs at once build their eval store once", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-eval-build-"));
    const src = join(repoRoot, "examples", "manufacturing-agreement");
    mkdirSync(join(dir, "corpus", "mfg"), { recursive: true });
    for (const f of readdirSync(src).filter((f) => f.endsWith(".txt")))
      copyFileSync(join(src, f), join(dir, "corpus", "mfg", f));
    const doc = "mfg/manufacturing-agreement-1.txt";
    const law = "governed by the laws of the State of California";
    const at = readFileSync(join(src, "manufacturing-agreement-1.txt"), "utf8").indexOf(law);
    const tests = [
      {
        query_id: "law",
        query: "Which state's laws govern the manufacturing agreement?",
        doc,
        snippets: [{ file_path: doc, span: [at, at + law.length], answer: law }],
      },
    ];
    writeFileSync(join(dir, "bench.json"), JSON.stringify({ tests }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("one builds, the other waits for it, and both score the same", async () => {
    const run = () =>
      runCliCaptured(
        [
          "eval",
          "retrieval",
          "--bench",
          join(dir, "bench.json"),
          "--corpus",
          join(dir, "corpus"),
          "--mode",
          "lexical",
          "--json",
          "--db",
          join(dir, "lexnav.sqlite"),
        ],
        loadConfig({}),
        silentLogger,
      );
    const [a, b] = await Promise.all([run(), run()]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const built = [a, b].filter((r) => /indexed \d+ documents/.test(r.err));
    const waited = [a, b].filter((r) => /waiting for process \d+, which is building the eval store/.test(r.err));
    expect(built).toHaveLength(1);
    expect(waited).toHaveLength(1);
    // the same figures but for the timings
    const figures = (out: string) => {
      const { latencyMs: _l, ...rest } = JSON.parse(out);
      return rest;
    };
    expect(figures(a.out)).toEqual(figures(b.out));
    // the lock is gone with the build
    expect(readdirSync(join(dir, "eval")).filter((f) => f.endsWith(".lock"))).toEqual([]);
  });
});
