import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, silentLogger } from "@lexnav/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUAD_FIXTURES } from "../../../test/support/cuad-fixtures.ts";
import { runCliCaptured } from "./app.ts";

const { verso: VERSO, sponsor: SPONSOR, vivint: VIVINT, thrivent: THRIVENT } = CUAD_FIXTURES;

/** A word VIVINT's contract repeats that no other fixture holds (not even inside a longer word). */
function betaOnlyWord(): string {
  const elsewhere = [VERSO, SPONSOR, THRIVENT].map((p) => readFileSync(p, "utf8").toLowerCase()).join("\n");
  const counts = new Map<string, number>();
  for (const w of readFileSync(VIVINT, "utf8")
    .toLowerCase()
    .match(/[a-z]{6,}/g) ?? [])
    if (!elsewhere.includes(w.slice(0, 6))) counts.set(w, (counts.get(w) ?? 0) + 1);
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (!best) throw new Error("no word only VIVINT's contract holds");
  return best[0];
}

describe("lexnav search --mode dense is no vocabulary oracle across groups (#19, leak 3)", () => {
  let dir: string;
  let db: string;
  const config = loadConfig({});
  const run = (...argv: string[]) => runCliCaptured([...argv, "--db", db], config, silentLogger);
  const hits = async (query: string, ...who: string[]) => {
    const r = await run("search", query, "--mode", "dense", ...who, "--json");
    expect(r.code, r.err).toBe(0);
    return (JSON.parse(r.out) as { hits: unknown[] }).hits.length;
  };
  const word = betaOnlyWord();
  let vivintId = "";

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-dense-oracle-"));
    db = join(dir, "lexnav.sqlite");
    expect((await run("ingest", VERSO, SPONSOR, "--acl", "group:alpha")).code).toBe(0);
    const beta = await run("ingest", VIVINT, "--acl", "group:beta", "--json");
    expect(beta.code, beta.err).toBe(0);
    vivintId = (beta.out.match(/"documentId":\s*"([^"]+)"/) ?? [])[1] ?? "";
    expect(vivintId).not.toBe("");
    expect((await run("ingest", THRIVENT, "--acl", "group:beta")).code).toBe(0);
    const indexed = await run("index", "dense");
    expect(indexed.code, indexed.err).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("answers alpha's search for a word only in beta's document as it answers an unknown word", async () => {
    expect(await hits("qzxvbnmkj", "--principal", "alice", "--group", "alpha")).toBe(0);
    expect(await hits(word, "--principal", "alice", "--group", "alpha")).toBe(0);
    // Beta reads the document, and its own model knows the word.
    expect(await hits(word, "--principal", "bob", "--group", "beta")).toBeGreaterThan(0);
  });

  it("forgets the word with the document: after delete, beta's model no longer knows it", async () => {
    const deleted = await run("delete", vivintId);
    expect(deleted.code, deleted.err).toBe(0);
    expect(await hits(word, "--principal", "bob", "--group", "beta")).toBe(0);
    expect(await hits("endorsement agreement", "--principal", "bob", "--group", "beta")).toBeGreaterThan(0);
  });
});
