import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusPath, repoRoot } from "../support/shared.ts";

const LAW = "governed by the laws of the State of California";
const CUAD_FILE = "RMRGROUPINC_01_22_2020-EX-99.1-JOINT FILING AGREEMENT.txt";

// `lexnav eval … --store`: a bench over part of a corpus runs on the store a bench over the whole of it built.
describe("lexnav eval --store", () => {
  let dir: string;
  const run = (...argv: string[]) =>
    runCliCaptured([...argv, "--db", join(dir, "lexnav.sqlite")], loadConfig({}), silentLogger);
  const retrieval = (bench: string, ...more: string[]) =>
    run(
      "eval",
      "retrieval",
      "--bench",
      join(dir, bench),
      "--corpus",
      join(dir, "corpus"),
      "--mode",
      "lexical",
      ...more,
    );
  const stores = () => readdirSync(join(dir, "eval")).filter((f) => f.endsWith(".sqlite"));
  // the store a bench over both corpora built
  let built: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-eval-store-"));
    const src = join(repoRoot, "examples", "manufacturing-agreement");
    mkdirSync(join(dir, "corpus", "mfg"), { recursive: true });
    mkdirSync(join(dir, "corpus", "cuad"), { recursive: true });
    for (const f of readdirSync(src).filter((f) => f.endsWith(".txt")))
      copyFileSync(join(src, f), join(dir, "corpus", "mfg", f));
    copyFileSync(corpusPath("cuad", CUAD_FILE), join(dir, "corpus", "cuad", CUAD_FILE));
    const doc = "mfg/manufacturing-agreement-1.txt";
    const at = readFileSync(join(src, "manufacturing-agreement-1.txt"), "utf8").indexOf(LAW);
    expect(at).toBeGreaterThan(0);
    const law = {
      query_id: "law",
      query: "Which state's laws govern the manufacturing agreement?",
      doc,
      snippets: [{ file_path: doc, span: [at, at + LAW.length], answer: LAW }],
    };
    const filing = { query_id: "filing", query: "Who files the Schedule 13D?", doc: `cuad/${CUAD_FILE}`, snippets: [] };
    const absent = { ...law, query_id: "absent", doc: "mfg/not-in-the-store.txt", snippets: [] };
    writeFileSync(join(dir, "both.json"), JSON.stringify({ tests: [law, filing] }));
    writeFileSync(join(dir, "mfg.json"), JSON.stringify({ tests: [law] }));
    writeFileSync(join(dir, "absent.json"), JSON.stringify({ tests: [law, absent] }));
    expect((await retrieval("both.json", "--json")).code).toBe(0);
    expect(stores()).toHaveLength(1);
    built = join(dir, "eval", stores()[0] as string);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("runs a bench over one corpus on the store built over two, says so, and builds none of its own", async () => {
    expect(built).toMatch(/cuad\+mfg-full-[0-9a-f]+\.sqlite$/);
    const r = await retrieval("mfg.json", "--store", built, "--json");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.queries).toBe(1);
    expect(report.store).toBe(built);
    expect(stores()).toHaveLength(1);
    // without it, the bench's own corpus is ingested into a store of its own
    expect((await retrieval("mfg.json", "--json")).code).toBe(0);
    expect(stores()).toHaveLength(2);
  });

  it("refuses a store that lacks a file the bench names, or a dense index, and a file that is no finished eval store", async () => {
    const lacking = await retrieval("absent.json", "--store", built);
    expect(lacking.code).not.toBe(0);
    expect(lacking.err).toContain("does not hold 1 file the bench names (mfg/not-in-the-store.txt)");
    const none = await retrieval("mfg.json", "--store", join(dir, "nothing.sqlite"));
    expect(none.code).not.toBe(0);
    expect(none.err).toContain("is no eval store an evaluation finished building");
    // a store whose building did not finish: the file is there, its marker is not
    const half = join(dir, "half.sqlite");
    copyFileSync(built, half);
    const unfinished = await retrieval("mfg.json", "--store", half);
    expect(unfinished.code).not.toBe(0);
    expect(unfinished.err).toContain("half.sqlite.complete is missing");
    // a mode that needs vectors the store was not built with is refused, not embedded into another's store
    const dense = await run(
      "eval",
      "retrieval",
      ...["--bench", join(dir, "mfg.json"), "--corpus", join(dir, "corpus"), "--mode", "dense", "--store", built],
    );
    expect(dense.code).not.toBe(0);
    expect(dense.err).toContain("has no dense index made by");
    expect(existsSync(`${built}.dense-complete`)).toBe(false);
  });
});
