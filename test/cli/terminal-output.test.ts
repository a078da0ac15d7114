import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMessagesApiStandIn } from "../support/messages-api-stand-in.ts";

// Every control a terminal obeys, except the line breaks and tabs of lexnav's own layout.
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const ESC = "\u001b";
const BEL = "\u0007";
const fileName = `Fee${ESC}[2J${ESC}]0;owned${BEL} Letter\nforged: line\u202e.txt`;
const body = `SIDE LETTER dated as of May 1, 2020.
Section 1. Termination Fee. The termination fee is ${ESC}[31m$5,000,000${ESC}[0m${BEL}, payable on termination.
Section 2. Notices. Notices under this letter go to the Parent\u202e at its address.`;

describe("terminal output carries no control from the data", () => {
  let dir: string;
  let db: string;
  let file: string;
  const config = loadConfig({});
  const run = async (...argv: string[]) => runWith(config, ...argv);
  const runWith = async (using: typeof config, ...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const stream: string[] = [];
    const stderr = { write: (t: string) => stream.push(t) > 0, isTTY: false } as unknown as NodeJS.WriteStream;
    const code = await runCli([...argv, "--db", db], using, silentLogger, {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
      stderr,
    });
    return { code, out: out.join("\n"), err: err.join("\n"), stream: stream.join("") };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-term-"));
    db = join(dir, "lexnav.sqlite");
    mkdirSync(join(dir, "in"));
    file = join(dir, "in", fileName);
    writeFileSync(file, body);
    expect((await run("ingest", join(dir, "in"))).code).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("search, list, inspect and ask escape ESC, BEL, newlines and bidi controls of names and text", async () => {
    const outputs = [
      await run("search", "termination fee", "--mode", "lexical"),
      await run("list"),
      await run("inspect", file),
      await run("ask", "What is the termination fee?", "--offline"),
      await run("ingest", join(dir, "in", `missing${ESC}[1m\nfile.txt`)),
    ];
    for (const r of outputs) {
      expect(r.out + r.err).not.toMatch(RAW_CONTROL);
    }
    const [search, , inspect] = outputs;
    // a document's label is one line of plain text; its text shows each control escaped
    expect(search?.out).toContain("Fee [2J ]0;owned  Letter forged: line");
    expect(search?.out).toContain("\\u001b[31m$5,000,000\\u001b[0m\\u0007");
    // the newline in the file name is shown, not obeyed: no output line begins with the forged text
    for (const r of outputs) expect(r.out.split("\n").filter((l) => l.startsWith("forged"))).toEqual([]);
    expect(inspect?.out).toContain("\\u000aforged: line\\u202e");
  });

  it("a model's streamed draft reaches stderr escaped like everything else", async () => {
    const api = await startMessagesApiStandIn();
    try {
      api.fallback = () => `The fee is ${ESC}]0;owned${BEL}${ESC}[2J five million.`;
      const r = await runWith(
        loadConfig({ ANTHROPIC_API_KEY: api.validKey, ANTHROPIC_BASE_URL: api.url, LEXNAV_MODEL_MAX_RETRIES: "0" }),
        "ask",
        "What is the termination fee?",
      );
      expect(r.stream).toContain("model draft");
      expect(r.stream).toContain("\\u001b]0;owned\\u0007");
      expect(r.stream + r.out + r.err).not.toMatch(RAW_CONTROL);
    } finally {
      await api.close();
    }
  });

  it("JSON output stays valid JSON that parses to the very names and text", async () => {
    const r = await run("search", "termination fee", "--mode", "lexical", "--json");
    expect(r.out).not.toMatch(RAW_CONTROL);
    const parsed = JSON.parse(r.out) as { hits: Array<{ document: string; text: string }> };
    expect(parsed.hits[0]?.document).toBe("Fee [2J ]0;owned  Letter forged: line");
    expect(parsed.hits[0]?.text).toContain(`${ESC}[31m$5,000,000${ESC}[0m${BEL}`);
    const list = JSON.parse((await run("list", "--json")).out) as Array<{ fileName: string }>;
    expect(list.map((d) => d.fileName)).toContain(fileName);
  });
});
