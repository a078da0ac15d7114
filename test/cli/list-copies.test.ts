import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { licenseFiled } from "../support/filed-twice.ts";

// One license filed by two registrants (different exhibit numbers and page stamps) and a different deal.

describe("lexnav list --copies", () => {
  let dir: string;
  let db: string;
  const config = loadConfig({});
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const stderr = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;
    const code = await runCli([...argv, "--db", db], config, silentLogger, {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
      stderr,
    });
    return { code, out: out.join("\n"), err: err.join("\n") };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-copies-"));
    db = join(dir, "lexnav.sqlite");
    mkdirSync(join(dir, "in"));
    writeFileSync(
      join(dir, "in", "Parent_20090929_F-1_EX-10.32_License.txt"),
      licenseFiled("10.32", "Source: PARENT, F-1"),
    );
    writeFileSync(
      join(dir, "in", "Child_20140121_DRS_EX-10.26_License.txt"),
      licenseFiled("10.26", "Source: CHILD, DRS"),
    );
    writeFileSync(
      join(dir, "in", "Supply Agreement\u001b[2J.txt"),
      "SUPPLY AGREEMENT between Gamma Foods Inc. and Delta Retail LLC.\n\nSection 1. The Seller delivers the Products to the Buyer's warehouse within thirty days of each order.",
    );
    expect((await run("ingest", join(dir, "in"))).code).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("groups the two filings of one agreement and leaves the other deal out", async () => {
    const r = await run("list", "--copies", "--json");
    expect(r.code).toBe(0);
    const groups = JSON.parse(r.out) as Array<{ verbatim: boolean; documents: Array<{ fileName: string }> }>;
    expect(groups).toHaveLength(1);
    expect(groups[0]?.verbatim).toBe(false);
    expect(groups[0]?.documents.map((d) => d.fileName).sort()).toEqual([
      "Child_20140121_DRS_EX-10.26_License.txt",
      "Parent_20090929_F-1_EX-10.32_License.txt",
    ]);
  });

  it("says how many documents are copies, in plain text with no control from a file name", async () => {
    const r = await run("list", "--copies");
    expect(r.code).toBe(0);
    expect(r.out).toContain("1 group(s) of copies, 2 of 3 documents");
    expect(r.out).toContain("Parent_20090929_F-1_EX-10.32_License.txt  filing 2009-09-29 (read from the file name)");
    expect(r.out).not.toContain("\u001b");
  });

  it("records the filing date given at ingest as the metadata's, over the file name's", async () => {
    const third = join(dir, "Parent_20090929_F-1_EX-10.32_License (again).txt");
    writeFileSync(third, licenseFiled("10.99", "Source: PARENT, 10-K"));
    expect((await run("ingest", third, "--filed-on", "2015-05-05")).code).toBe(0);
    expect((await run("ingest", third, "--filed-on", "05/05/2015")).code).toBe(1);
    const groups = JSON.parse((await run("list", "--copies", "--json")).out) as Array<{
      documents: Array<{ fileName: string; filed: { date: string; from: string } | null }>;
    }>;
    expect(groups).toHaveLength(1);
    expect(groups[0]?.documents.find((d) => d.fileName.includes("again"))?.filed).toEqual({
      date: "2015-05-05",
      from: "metadata",
    });
  });

  it("shows a reader no copy it may not read, read from the record ingest kept", async () => {
    const docs = JSON.parse((await run("list", "--json")).out) as Array<{ id: string; fileName: string }>;
    const idOf = (prefix: string) => docs.find((d) => d.fileName.startsWith(prefix))?.id ?? "";
    expect((await run("acl", idOf("Parent"), "--acl", "alice")).code).toBe(0);
    expect((await run("acl", idOf("Child"), "--acl", "bob")).code).toBe(0);
    const alice = await run("list", "--copies", "--json", "--principal", "alice");
    expect(alice.code).toBe(0);
    expect(JSON.parse(alice.out)).toEqual([]);
    expect((await run("list", "--copies", "--principal", "alice")).out).toContain(
      "0 group(s) of copies, 0 of 1 documents",
    );
    expect(JSON.parse((await run("list", "--copies", "--json")).out)).toHaveLength(1);
  });
});
