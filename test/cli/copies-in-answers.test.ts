import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLIER, LATER } from "../support/filed-twice.ts";

// The promise: a copy of one agreement is named in an answer only while the asker may read both copies
// and both are in the store. One license filed twice, each dated by the filing date given at ingest (the
// file names record none); the parent's filing readable by alice and bob, the subsidiary's by bob alone.
const PARENT = "Alpha license as the parent filed it";
const CHILD = "Alpha license as the subsidiary filed it";
const QUESTION = "What license fee does the licensee pay for the domain names and content?";

interface Answer {
  id: string;
  answer: string;
  abstained: boolean;
  citations: Array<{ documentId: string; quote: string }>;
  precedence: string[];
  evidence: Array<{ documentId: string }>;
}

describe("copies of one agreement in answers, through the CLI", () => {
  let dir: string;
  let db: string;
  const config = loadConfig({});
  const run = (...argv: string[]) => runCliCaptured([...argv, "--db", db], config, silentLogger);
  const ids = new Map<string, string>();
  // The answer as recorded (text, citations, notes, the extract it read, its ledger) and its cited
  // passages as `show` prints them to the asker.
  const ask = async (principal: string): Promise<{ answer: Answer; raw: string; shown: string }> => {
    const r = await run("ask", QUESTION, "--offline", "--principal", principal, "--json");
    expect(r.code, r.err).toBe(0);
    const answer = JSON.parse(r.out) as Answer;
    const shown = await run("show", answer.id, "--principal", principal, "--json");
    expect(shown.code, shown.err).toBe(0);
    return { answer, raw: r.out, shown: shown.out };
  };
  /** Every way an answer could name the subsidiary's copy: its id, its file name, its filing date. */
  const namesChild = (text: string) =>
    [ids.get(CHILD) ?? "<no id>", CHILD, "2014-01-21"].filter((n) => text.includes(n));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-copies-answers-"));
    db = join(dir, "lexnav.sqlite");
    writeFileSync(join(dir, `${PARENT}.txt`), EARLIER);
    writeFileSync(join(dir, `${CHILD}.txt`), LATER);
    const parent = await run(
      "ingest",
      join(dir, `${PARENT}.txt`),
      "--filed-on",
      "2009-09-29",
      "--acl",
      "alice",
      "--acl",
      "bob",
    );
    expect(parent.code, parent.err).toBe(0);
    const child = await run("ingest", join(dir, `${CHILD}.txt`), "--filed-on", "2014-01-21", "--acl", "bob");
    expect(child.code, child.err).toBe(0);
    for (const d of JSON.parse((await run("list", "--json")).out) as Array<{ id: string; fileName: string }>)
      ids.set(d.fileName.replace(/\.txt$/, ""), d.id);
    expect(ids.size).toBe(2);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("cites one copy, the later filing, and notes the other, to a reader of both", async () => {
    const { answer, raw, shown } = await ask("bob");
    expect(answer.abstained).toBe(false);
    // what the checks below look for, found here: they are not vacuous
    expect(namesChild(raw)).toEqual([ids.get(CHILD), CHILD, "2014-01-21"]);
    expect(namesChild(shown)).toContain(ids.get(CHILD));
    // both filings were retrieved into the extract
    expect(new Set(answer.evidence.map((e) => e.documentId))).toEqual(new Set([ids.get(PARENT), ids.get(CHILD)]));
    const fee = answer.citations.filter((c) => /license\s+fee/.test(c.quote));
    expect(fee.map((c) => c.documentId)).toEqual([ids.get(CHILD)]);
    expect(answer.precedence).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Same text: \\[${PARENT}\\] Section 2 is a copy of \\[${CHILD}\\] Section 2 .*later filing, 2014-01-21 against 2009-09-29`,
        ),
      ),
    ]);
    expect(answer.answer).toContain(`Same text: [${PARENT}]`);
  });

  it("never names the copy a reader may not read: not in citations, notes, extract or passages shown", async () => {
    const { answer, raw, shown } = await ask("alice");
    expect(answer.abstained).toBe(false);
    expect(answer.citations.map((c) => c.documentId)).toEqual([ids.get(PARENT)]);
    expect(answer.precedence.filter((p) => p.startsWith("Same text"))).toEqual([]);
    expect(namesChild(raw)).toEqual([]);
    expect(namesChild(shown)).toEqual([]);
  });

  it("names a deleted copy nowhere: the other is cited alone, with no note", async () => {
    const deleted = await run("delete", ids.get(CHILD) ?? "", "--json");
    expect(deleted.code, deleted.err).toBe(0);
    const { answer, raw, shown } = await ask("bob");
    expect(answer.abstained).toBe(false);
    expect(answer.citations.map((c) => c.documentId)).toEqual([ids.get(PARENT)]);
    expect(answer.precedence.filter((p) => p.startsWith("Same text"))).toEqual([]);
    expect(namesChild(raw)).toEqual([]);
    expect(namesChild(shown)).toEqual([]);
    expect(JSON.parse((await run("list", "--copies", "--json")).out)).toEqual([]);
  });
});
