import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AnswerRecord } from "@lexnav/answer";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Three pledge agreements: two the deal team may read, one another group's. Only the first says which
// law governs it, so an answer cites it alone and the note names the others it may mean (an answer that
// cites every readable one needs no note).
const PLEDGES: Record<string, [title: string, clause: string]> = {
  "pledge-a": [
    "PLEDGE AGREEMENT",
    "2. Governing Law. This Agreement shall be governed by the laws of the State of New York.",
  ],
  "pledge-b": [
    "PLEDGE AND SECURITY AGREEMENT",
    "2. Notices. Notices shall be given in writing to the addresses below.",
  ],
  "pledge-c": ["STOCK PLEDGE AGREEMENT", "2. Counterparts. This Agreement may be executed in counterparts."],
};
const Q = "Which law governs the pledge agreement?";

describe("an instrument named by kind, through the CLI's stores", () => {
  let dir: string;
  const config = loadConfig({});
  const run = async (...argv: string[]) => {
    const r = await runCliCaptured([...argv, "--db", join(dir, "lexnav.sqlite")], config, silentLogger);
    if (r.code !== 0) throw new Error(`lexnav ${argv.join(" ")}: ${r.err}`);
    return r.out;
  };
  const note = async () => {
    const r = JSON.parse(await run("ask", Q, "--offline", "--group", "deal", "--json")) as AnswerRecord;
    return r.warnings.find((w) => w.startsWith('"the pledge agreement"')) ?? null;
  };
  const ids = async () =>
    Object.fromEntries(
      (JSON.parse(await run("list", "--json")) as Array<{ id: string; fileName: string }>).map((d) => [
        d.fileName.replace(/\.txt$/, ""),
        d.id,
      ]),
    );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-instrument-notes-"));
    for (const [name, [title, clause]] of Object.entries(PLEDGES))
      writeFileSync(
        join(dir, `${name}.txt`),
        `${title}\n\nThis ${title.toLowerCase()} is made as of January 5, 2023 between the Pledgor and the Secured Party.\n\n` +
          `1. Pledge. The Pledgor pledges its shares to the Secured Party.\n\n` +
          `${clause}\n`,
      );
    await run("ingest", join(dir, "pledge-a.txt"), join(dir, "pledge-b.txt"), "--acl", "group:deal");
    await run("ingest", join(dir, "pledge-c.txt"), "--acl", "group:other");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names the readable ones only, follows a permission change and a delete", async () => {
    const first = await note();
    expect(first).toContain("may mean any of 2 documents you may read: [pledge-a] PLEDGE AGREEMENT;");
    expect(first).toContain("[pledge-b] PLEDGE AND SECURITY AGREEMENT");
    expect(first).not.toContain("pledge-c");
    expect(first).toContain("The answer cites [pledge-a] only");

    const id = await ids();
    await run("acl", id["pledge-c"] as string, "--acl", "group:deal");
    expect(await note()).toContain("may mean any of 3 documents you may read");

    await run("delete", id["pledge-b"] as string);
    const after = await note();
    expect(after).toContain("may mean any of 2 documents you may read");
    expect(after).not.toContain("pledge-b");

    await run("delete", id["pledge-c"] as string);
    expect(await note()).toBeNull();
  });
});
