import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

  beforeAll(() => {
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
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("runs a bench over one corpus on the store built over two, and builds none of its own", async () => {
    expect((await retrieval("both.json", "--json")).code).toBe(0);
    const [built] = stores();
    expect(stores()).toHaveLength(1);
    expect(built).toMatch(/^cuad\+mfg-full-/);
    const r = await retrieval("mfg.json", "--store", join(dir, "eval", built as string), "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).queries).toBe(1);
    expect(stores()).toEqual([built]);
    // without it, the bench's own corpus is ingested into a store of its own
    expect((await retrieval("mfg.json", "--json")).code).toBe(0);
    expect(stores()).toHaveLength(2);
  });

  it("refuses a store that lacks a file the bench names, and a file that is no finished eval store", async () => {
    const built = stores().find((f) => f.startsWith("cuad+mfg-")) as string;
    const lacking = await retrieval("absent.json", "--store", join(dir, "eval", built));
    expect(lacking.code).not.toBe(0);
    expect(lacking.err).toContain("does not hold 1 file the bench names (mfg/not-in-the-store.txt)");
    const none = await retrieval("mfg.json", "--store", join(dir, "nothing.sqlite"));
    expect(none.code).not.toBe(0);
    expect(none.err).toContain("is no eval store an evaluation finished building");
  });
});
