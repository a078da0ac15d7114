import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import type { DocumentRecord } from "@lexnav/document-model";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InspectAsOfJson, InspectJson } from "../../services/cli/src/commands/inspect.ts";
import { repoRoot } from "../support/shared.ts";

describe("lexnav inspect <set> --as-of: the text in force, with the chain of amendments", () => {
  let dir: string;
  let db: string;
  const config = loadConfig({});
  const run = (...argv: string[]) => runCliCaptured([...argv, "--db", db], config, silentLogger);
  let setId: string;
  let base: DocumentRecord;
  let first: DocumentRecord;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-asof-"));
    db = join(dir, "lexnav.sqlite");
    const deal = await run("ingest", join(repoRoot, "examples", "manufacturing-agreement"), "--acl", "group:demo");
    expect(deal.code).toBe(0);
    const all = JSON.parse((await run("list", "--json")).out) as DocumentRecord[];
    setId = all.find((d) => d.transactionSetId !== null)?.transactionSetId as string;
    base = all.find((d) => d.role === "base_agreement") as DocumentRecord;
    first = all.find((d) => d.effectiveDate === "2018-06-11") as DocumentRecord;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("shows Section 2(c) as replaced by Amendment No. 1, the original labelled superseded", async () => {
    const r = await run("inspect", setId, "--as-of", "2018-07-01", "--section", "2(c)");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /Section 2\(c\) of .*MANUFACTURING AGREEMENT, as replaced by AMENDMENT NO\. 1.* Section 1 \(effective 2018-06-11\)/,
    );
    const [inForce, superseded] = r.out.split("superseded, not in force");
    expect(inForce).toContain("Premier shall be required to purchase a Minimum Annual Order Volume");
    expect(superseded).toBeDefined();
    const json = JSON.parse(
      (await run("inspect", setId, "--as-of", "2018-07-01", "--section", "2(c)", "--json")).out,
    ) as InspectAsOfJson;
    expect(json.provisions).toHaveLength(1);
    const p = json.provisions[0]!;
    expect(p.documentId).toBe(base.id);
    expect(p.inForce?.documentId).toBe(first.id);
    expect(p.superseded?.documentId).toBe(base.id);
    expect(p.inForce?.text).not.toBe(p.superseded?.text);
  });

  it("before the first amendment nothing is edited; later, the Second Amendment joins the chain", async () => {
    const before = await run("inspect", setId, "--as-of", "2018-01-01", "--section", "Section 2(c)");
    expect(before.code).toBe(0);
    expect(before.out).toContain("it reads as written");
    const later = JSON.parse((await run("inspect", setId, "--as-of", "2020-01-01", "--json")).out) as InspectAsOfJson;
    const c = later.provisions.find((p) => p.ref === "Section 2(c)")!;
    expect(c.edits.map((e) => e.kind)).toEqual(["replace", "amend"]);
    expect(later.provisions.some((p) => p.ref === "Schedule C-1")).toBe(true);
  });

  it("inspect --json lists the edits a document makes and receives", async () => {
    const json = JSON.parse((await run("inspect", first.id, "--json")).out) as InspectJson;
    expect(json.amendmentEdits.map((e) => [e.kind, e.target.key, e.target.documentId])).toEqual([
      ["replace", "section:2(c)", base.id],
    ]);
    expect(json.amendmentEdits[0]?.operative.text).toBe("remove Section 2(c) in its entirety and replace it with");
  });

  it("an answer about a replaced provision cites the amendment's text in force, not the superseded original", async () => {
    const r = await run(
      "ask",
      "What is Premier's minimum annual order volume?",
      "--set",
      setId,
      "--offline",
      "--mode",
      "hybrid",
      "--json",
    );
    expect(r.code).toBe(0);
    const record = JSON.parse(r.out) as {
      abstained: boolean;
      citations: Array<{ documentId: string; start: number; end: number }>;
      precedence: string[];
    };
    expect(record.abstained).toBe(false);
    expect(record.citations.some((c) => c.documentId === first.id)).toBe(true);
    // nothing quoted from the base's Section 2(c), which Amendment No. 1 replaced
    const original = (
      JSON.parse(
        (await run("inspect", setId, "--as-of", "2018-07-01", "--section", "2(c)", "--json")).out,
      ) as InspectAsOfJson
    ).provisions[0]!.superseded!.text;
    const baseText = (JSON.parse((await run("inspect", base.id, "--json")).out) as InspectJson).text;
    const at = baseText.indexOf(original);
    expect(at).toBeGreaterThan(-1);
    const inOriginal = record.citations.filter(
      (c) => c.documentId === base.id && c.start < at + original.length && at < c.end,
    );
    expect(inOriginal).toEqual([]);
    expect(record.precedence.join(" ")).toMatch(
      /as replaced by .* Section 1 \(effective 2018-06-11\); the superseded text is not in force/,
    );
  });

  it("a bad date is an error, and a reader who may see none of the set finds no set", async () => {
    const bad = await run("inspect", setId, "--as-of", "July 2018");
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain("yyyy-mm-dd");
    const stranger = await run("inspect", setId, "--as-of", "2019-01-01", "--principal", "eve", "--group", "outsiders");
    expect(stranger.code).not.toBe(0);
    expect(stranger.out).toBe("");
    const allowed = await run("inspect", setId, "--as-of", "2019-01-01", "--principal", "ann", "--group", "demo");
    expect(allowed.code).toBe(0);
  });
});
