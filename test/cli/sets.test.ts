import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import type { DocumentRecord } from "@lexnav/document-model";
import { derivedSetName } from "@lexnav/stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusPath, repoRoot } from "../support/shared.ts";

describe("lexnav set: sets with readable names, named and regrouped after ingest", () => {
  let dir: string;
  let db: string;
  const config = loadConfig({});
  const run = (...argv: string[]) => runCliCaptured([...argv, "--db", db], config, silentLogger);
  const docs = async () => JSON.parse((await run("list", "--json")).out) as DocumentRecord[];
  let setId: string;
  let amendment: DocumentRecord;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-sets-"));
    db = join(dir, "lexnav.sqlite");
    const deal = await run("ingest", join(repoRoot, "examples", "manufacturing-agreement"), "--acl", "group:demo");
    expect(deal.code).toBe(0);
    // a document only another group may read
    const other = await run("ingest", corpusPath("edgar", "0000041850-96-000001_5.html"), "--acl", "group:elsewhere");
    expect(other.code).toBe(0);
    const all = await docs();
    setId = all.find((d) => d.transactionSetId !== null)?.transactionSetId as string;
    amendment = all.find((d) => d.transactionSetId === setId && d.role === "amendment") as DocumentRecord;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names a set by its base agreement's title and parties, and --set takes that name", async () => {
    const members = (await docs()).filter((d) => d.transactionSetId === setId);
    const base = members.find((d) => d.role === "base_agreement") as DocumentRecord;
    const name = derivedSetName(members) as string;
    expect(name.toLowerCase()).toContain((base.title ?? "").toLowerCase());
    expect(name).toContain(`(${base.facts?.parties[0]}`);
    const list = (await run("list")).out;
    const line = list.split("\n").find((l) => l.includes(`(${setId})`)) as string;
    expect(line).toContain(`set ${name.slice(0, 60)}`);
    const byName = await run("search", "governing law", "--set", name.toUpperCase(), "--json");
    expect(byName.code).toBe(0);
    const hits = (JSON.parse(byName.out) as { hits: Array<{ documentId: string }> }).hits;
    const ids = new Set(members.map((d) => d.id));
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => ids.has(h.documentId))).toBe(true);
  });

  it("refuses an empty or unknown --set rather than searching everything", async () => {
    const empty = await run("search", "governing law", "--set", " ");
    expect(empty.code).not.toBe(0);
    expect(empty.err).toContain("--set needs");
    const unknown = await run("ask", "Which law governs?", "--set", "No Such Deal", "--offline");
    expect(unknown.code).toBe(3);
    expect(unknown.out).toBe("");
  });

  it("names, renames and drops a set's name; a name is one set's only", async () => {
    expect((await run("set", "name", setId, "Stremick supply")).code).toBe(0);
    expect((await run("list")).out).toContain(`set Stremick supply (${setId})`);
    expect((await run("search", "governing law", "--set", "stremick SUPPLY")).code).toBe(0);
    expect((await run("set", "name", setId, "Heritage supply")).code).toBe(0);
    expect((await run("search", "governing law", "--set", "Stremick supply")).code).toBe(3);
    // another set may not take the name
    const lone = (await docs()).find((d) => d.transactionSetId === null) as DocumentRecord;
    const clash = await run("set", "name", lone.id, "heritage SUPPLY");
    expect(clash.code).not.toBe(0);
    expect((await run("set", "name", setId, "")).code).toBe(0);
    expect((await run("list")).out).not.toContain("Heritage supply");
  });

  it("takes a document out of a set and puts it back, relinking both", async () => {
    const removed = await run("set", "remove", setId, amendment.id, "--json");
    expect(removed.code).toBe(0);
    expect(JSON.parse(removed.out).documentIds).not.toContain(amendment.id);
    expect((await docs()).find((d) => d.id === amendment.id)?.transactionSetId).toBeNull();
    const added = await run("set", "add", setId, amendment.id, "--json");
    expect(added.code).toBe(0);
    expect(JSON.parse(added.out).documentIds).toContain(amendment.id);
    expect((await docs()).find((d) => d.id === amendment.id)?.transactionSetId).toBe(setId);
  });

  it("keeps a set among documents one reader may read, and is for operators only", async () => {
    const foreign = (await docs()).find((d) => d.access.groups.includes("elsewhere")) as DocumentRecord;
    const r = await run("set", "add", setId, foreign.id);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/no principal or group may read it and every document/);
    expect((await docs()).find((d) => d.id === foreign.id)?.transactionSetId).not.toBe(setId);
    const outsider = await run("set", "name", setId, "Mine", "--principal", "bob", "--group", "demo");
    expect(outsider.code).not.toBe(0);
    expect(outsider.err).toContain("is for operators");
    // a set under a control keeps its members until the control is lifted
    expect((await run("hold", "--set", setId)).code).toBe(0);
    const held = await run("set", "remove", setId, amendment.id);
    expect(held.code).not.toBe(0);
    expect(held.err).toContain("lift its controls");
    expect((await run("set", "bogus", setId)).code).not.toBe(0);
  });
});
