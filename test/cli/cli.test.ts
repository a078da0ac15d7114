import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusPath, repoRoot } from "../support/shared.ts";

function makeIo() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t), stderr: process.stderr },
  };
}

describe("lexnav CLI", () => {
  let dir: string;
  let db: string;
  const config = loadConfig({});
  const run = async (...argv: string[]) => {
    const io = makeIo();
    const code = await runCli([...argv, "--db", db], config, silentLogger, io.io);
    return { code, out: io.out.join("\n"), err: io.err.join("\n") };
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-cli-"));
    db = join(dir, "lexnav.sqlite");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("says a store with nothing indexed has nothing to search, and what to do, in every mode", async () => {
    for (const argv of [
      ["search", "Which law governs?"],
      ["ask", "Which law governs?", "--offline"],
      ["ask", "Which law governs?", "--offline", "--mode", "dense"],
    ]) {
      const r = await run(...argv);
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(/no document is indexed in .*lexnav\.sqlite yet: ingest documents first \("lexnav ingest/);
    }
  });

  it("points to the reasons when every document of a store failed to ingest", async () => {
    const other = join(dir, "failed-only.sqlite");
    const corrupt = join(dir, "corrupt.pdf");
    writeFileSync(corrupt, "%PDF-1.7 this is not a PDF body");
    const io = makeIo();
    expect(await runCli(["ingest", corrupt, "--db", other], config, silentLogger, io.io)).not.toBe(0);
    const asked = makeIo();
    expect(await runCli(["search", "Which law governs?", "--db", other], config, silentLogger, asked.io)).not.toBe(0);
    expect(asked.err.join("\n")).toMatch(
      /no document is indexed in .*failed-only\.sqlite yet \(1 failed to ingest: "lexnav list" gives the reasons\)/,
    );
  });

  it("ingests the example transaction set and reports a summary", async () => {
    const r = await run(
      "ingest",
      join(repoRoot, "examples", "manufacturing-agreement"),
      "--acl",
      "group:demo",
      "--json",
    );
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.out);
    expect(summary.indexed).toBe(4);
    expect(summary.failed).toBe(0);
    expect(summary.skipped.some((s: string) => s.endsWith("SOURCE.md"))).toBe(true);
    // The base agreement and its three amendments are filed as one transaction set, read from their text and names.
    expect(summary.transactionSets).toHaveLength(1);
    expect(summary.transactionSets[0].documentIds).toHaveLength(4);
    const roles = summary.results.map((r: { role: string }) => r.role).sort();
    expect(roles).toEqual(["amendment", "amendment", "amendment", "base_agreement"]);
  });

  it("files documents ingested without --acl under the local group", async () => {
    const file = corpusPath("edgar", "0000041850-96-000001_5.html");
    const r = await run("ingest", file, "--json");
    expect(r.code).toBe(0);
    const id = JSON.parse(r.out).results[0].documentId;
    const list = JSON.parse((await run("list", "--json")).out);
    expect(list.find((d: { id: string }) => d.id === id).access).toEqual({ principals: [], groups: ["local"] });
    // as a person reads it: title, then the file, the set and who may read it
    const shown = (await run("list")).out.split("\n");
    const at = shown.findIndex((l) => l.startsWith(id));
    expect(shown[at]).toContain("AMENDMENT NO. 1");
    expect(shown[at + 1]).toMatch(/^ {4}file 0000041850-96-000001_5\.html · set .+ · access group:local$/);
    const demo = list.find((d: { access: { groups: string[] } }) => d.access.groups.includes("demo"));
    const demoLine = shown[shown.findIndex((l) => l.startsWith(demo.id)) + 1];
    // the set by the name its base agreement gives it, then its id
    expect(demoLine).toMatch(new RegExp(`set .*MANUFACTURING AGREEMENT.* \\(${demo.transactionSetId}\\)`));
    expect(demoLine).toMatch(/access group:demo$/);
  });

  it("reads stored documents' profiles again, and a store this version wrote reads the same", async () => {
    const json = await run("index", "profiles", "--json");
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out);
    expect(report.documents).toBe(5);
    expect(report).toMatchObject({ changed: [], failed: [], skipped: 0, filed: [], relinked: [] });
    const text = await run("index", "profiles");
    expect(text.out).toMatch(
      /^profiles read again by profile-[\d.-]+: 5 documents, 0 changed, 0 could not be read \(\d+\.\d s\)$/,
    );
    const dry = await run("index", "profiles", "--dry-run");
    expect(dry.out).toMatch(
      /^dry run, nothing written: profiles read again by profile-[\d.-]+: 5 documents, 0 changed/,
    );
    // operators only: it files documents into sets and names every document
    const refused = await run("index", "profiles", "--principal", "bob", "--group", "deal");
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(/lexnav index profiles is for operators/);
    expect(refused.out).toBe("");
    const audit = JSON.parse((await run("audit", "--json")).out) as Array<{ action: string; principal: string }>;
    expect(audit.some((e) => e.action === "index profiles (refused)" && e.principal === "bob")).toBe(true);
    expect(audit.some((e) => e.action === "index profiles" && e.principal === "local")).toBe(true);
    const wrong = await run("index", "titles");
    expect(wrong.code).not.toBe(0);
    expect(wrong.err).toContain('index needs a kind: "dense", "lexical" or "profiles"');
  });

  it("exits non-zero and names the file and reason when a file fails", async () => {
    const r = await run("ingest", join(dir, "does-not-exist.pdf"));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/failed 1/);
    expect(r.out).toMatch(/does-not-exist\.pdf/);
    const list = await run("list", "--json");
    const failed = JSON.parse(list.out).filter((d: { lifecycle: string }) => d.lifecycle === "failed");
    expect(failed).toHaveLength(1);
  });

  it("inspects a document as JSON in the documented shape", async () => {
    const file = join(repoRoot, "examples", "manufacturing-agreement", "manufacturing-agreement-1.txt");
    const r = await run("inspect", file, "--json");
    expect(r.code).toBe(0);
    const data = JSON.parse(r.out);
    expect(Object.keys(data).sort()).toEqual(["amendmentEdits", "document", "nodes", "quality", "text"]);
    // the edits this document makes or receives: the base agreement of the example set receives its amendments'
    const edits = data.amendmentEdits as Array<{ amendmentDocumentId: string; target: { documentId: string | null } }>;
    for (const e of edits) expect([e.amendmentDocumentId, e.target.documentId]).toContain(data.document.id);
    expect(data.document.lifecycle).toBe("indexed");
    expect(data.nodes.length).toBeGreaterThan(5);
    for (const n of data.nodes) {
      expect(n).toHaveProperty("id");
      expect(n).toHaveProperty("parentId");
      expect(n).toHaveProperty("clauseRef");
      expect(n).toHaveProperty("flags");
      expect(Array.isArray(n.xrefs)).toBe(true);
      expect(Array.isArray(n.termUses)).toBe(true);
      expect(n.end).toBeLessThanOrEqual(data.text.length);
    }
  });

  it("inspects a file that was never ingested without adding it to the store", async () => {
    const file = corpusPath("edgar", "0000355948-96-000003_2.html");
    const r = await run("inspect", file);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/nodes/);
    const list = await run("list", "--json");
    expect(JSON.parse(list.out).some((d: { source: string }) => d.source === file)).toBe(false);
  });

  it("rejects unknown commands and missing documents with clear messages", async () => {
    expect((await run("frobnicate")).code).toBe(2);
    const missing = await run("inspect", "doc_nope");
    expect(missing.code).toBe(3);
    expect(missing.err).toMatch(/no document/);
  });
});
