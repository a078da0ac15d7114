// The leaks across principals of issue #19, one test each, through the CLI as a user runs it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AnswerRecord } from "@lexnav/answer";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TwoPrincipalCorpus, writeTwoPrincipalCorpus } from "../support/two-principal-corpus.ts";

const ALICE = ["--principal", "alice", "--group", "alpha"];
const BOB = ["--principal", "bob", "--group", "beta"];

describe("every path checks the principal", () => {
  const root = mkdtempSync(join(tmpdir(), "lexnav-principal-paths-"));
  const db = join(root, "store.sqlite");
  const config = { ...loadConfig({}), dbPath: db };
  const run = (...argv: string[]) => runCliCaptured([...argv, "--db", db], config, silentLogger);
  let corpus: TwoPrincipalCorpus;
  const beta: Record<string, string> = {};

  beforeAll(async () => {
    corpus = writeTwoPrincipalCorpus(join(root, "corpus"), 5);
    expect((await run("ingest", corpus.alphaDir, "--acl", "group:alpha")).code).toBe(0);
    const b = await run("ingest", corpus.betaDir, "--acl", "group:beta", "--set", "beta-deal", "--json");
    expect(b.code, b.err).toBe(0);
    for (const r of JSON.parse(b.out).results as Array<{ documentId: string; source: string }>)
      beta[r.source.split("/").pop() as string] = r.documentId;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const betaWords = (text: string) => corpus.markers.beta.filter((w) => text.toLowerCase().includes(w));

  it("replay refuses another group's answer exactly as an unknown id, and follows a later access change", async () => {
    const made = await run(
      "ask",
      "What is the vantorium collateral?",
      "--mode",
      "lexical",
      "--offline",
      "--json",
      ...BOB,
    );
    const record = JSON.parse(made.out) as AnswerRecord;
    expect(record.citations.length).toBeGreaterThan(0);
    const theirs = await run("replay", record.id, ...ALICE);
    const unknown = await run("replay", "ans_0000000000000000", ...ALICE);
    expect(theirs.code).toBe(3);
    expect(theirs.out).toBe("");
    expect(theirs.err.replace(record.id, "<id>")).toBe(unknown.err.replace("ans_0000000000000000", "<id>"));
    expect(betaWords(theirs.err)).toEqual([]);
    // beta itself, and the operator, still replay it
    expect((await run("replay", record.id, "--offline", ...BOB)).code).toBe(0);
    expect((await run("replay", record.id, "--offline")).code).toBe(0);
    // once the cited document is no longer beta's to read, beta's replay is refused too
    const cited = record.citations[0]?.documentId as string;
    expect((await run("acl", cited, "--acl", "group:beta-partners")).code).toBe(0);
    const after = await run("replay", record.id, "--offline", ...BOB);
    expect(after.code).toBe(3);
    expect(after.out).toBe("");
    expect((await run("acl", cited, "--acl", "group:beta")).code).toBe(0);
  });

  it("inspect, list and navindex show only what the principal may read", async () => {
    const id = beta["credit-agreement.txt"] as string;
    const inspected = await run("inspect", id, "--json", ...ALICE);
    const unknown = await run("inspect", "doc_0000000000000000", "--json", ...ALICE);
    expect(inspected.code).toBe(3);
    expect(inspected.out).toBe("");
    expect(inspected.err.replace(id, "<id>")).toBe(unknown.err.replace("doc_0000000000000000", "<id>"));
    // beta reads its own
    expect(betaWords((await run("inspect", id, "--json", ...BOB)).out).length).toBeGreaterThan(0);
    const listed = JSON.parse((await run("list", "--json", ...ALICE)).out) as Array<{ id: string }>;
    expect(listed.map((d) => d.id)).not.toContain(id);
    expect(listed).toHaveLength(3);
    const out = join(root, "navindex-alice");
    const nav = await run("navindex", "--out", out, "--json", ...ALICE);
    expect(JSON.parse(nav.out)).toMatchObject({ documents: 3 });
    for (const file of readdirSync(out)) {
      const body = readFileSync(join(out, file), "utf8");
      expect(betaWords(body), file).toEqual([]);
      for (const betaId of Object.values(beta)) expect(body.includes(betaId), file).toBe(false);
    }
    // without --principal / --group, the operator sees every record, as before
    expect(JSON.parse((await run("list", "--json")).out)).toHaveLength(6);
  });

  it("ask and search scoped to another group's set or document fail as an unknown one, never a silence", async () => {
    for (const command of ["ask", "search"]) {
      const theirs = await run(command, "What is the collateral?", "--set", "beta-deal", "--offline", ...ALICE);
      const none = await run(command, "What is the collateral?", "--set", "no-such-deal", "--offline", ...ALICE);
      expect([theirs.code, none.code]).toEqual([3, 3]);
      expect(theirs.out).toBe("");
      expect(theirs.err.replace("beta-deal", "<set>")).toBe(none.err.replace("no-such-deal", "<set>"));
      const doc = beta["license-agreement.txt"] as string;
      const byDoc = await run(command, "What is the collateral?", "--doc", doc, "--offline", ...ALICE);
      const noDoc = await run(
        command,
        "What is the collateral?",
        "--doc",
        "doc_0000000000000000",
        "--offline",
        ...ALICE,
      );
      expect([byDoc.code, noDoc.code]).toEqual([3, 3]);
      expect(byDoc.err.replace(doc, "<id>")).toBe(noDoc.err.replace("doc_0000000000000000", "<id>"));
      // beta's own scope answers
      expect((await run(command, "What is the collateral?", "--set", "beta-deal", "--offline", ...BOB)).code).toBe(0);
    }
  });

  it("re-ingesting keeps access unless --acl names it, and reports a change", async () => {
    const again = await run("ingest", corpus.betaDir, "--json");
    const summary = JSON.parse(again.out) as { unchanged: number; accessChanged: number };
    expect(summary).toMatchObject({ unchanged: 3, accessChanged: 0 });
    // still beta's, not reset to the local group
    expect(JSON.parse((await run("list", "--json", "--group", "local")).out)).toHaveLength(0);
    expect(JSON.parse((await run("list", "--json", ...BOB)).out)).toHaveLength(3);
    // an explicit --acl over unchanged bytes changes access, and says so
    const widened = await run("ingest", corpus.betaDir, "--acl", "group:beta", "--acl", "group:beta-partners");
    expect(widened.out).toContain("unchanged 3");
    expect(widened.out).toContain("access changed 3");
    const json = await run("ingest", corpus.betaDir, "--acl", "group:beta", "--json");
    const results = (JSON.parse(json.out) as { results: Array<{ accessChanged?: boolean }> }).results;
    expect(results.map((r) => r.accessChanged)).toEqual([true, true, true]);
    // the same --acl again changes nothing and reports nothing
    const same = await run("ingest", corpus.betaDir, "--acl", "group:beta");
    expect(same.out).not.toContain("access changed");
    expect(JSON.parse((await run("list", "--json", ...ALICE)).out)).toHaveLength(3);
    // a deleted document ingested again is a new arrival: the local group, as for any new file
    const gone = beta["license-agreement.txt"] as string;
    expect((await run("delete", gone)).code).toBe(0);
    const back = await run("ingest", join(corpus.betaDir, "license-agreement.txt"), "--json");
    expect(JSON.parse(back.out)).toMatchObject({ indexed: 1, accessChanged: 0 });
    const local = JSON.parse((await run("list", "--json", "--group", "local")).out) as Array<{ id: string }>;
    expect(local.map((d) => d.id)).toEqual([gone]);
  });
});
