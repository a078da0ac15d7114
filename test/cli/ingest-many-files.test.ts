import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/shared.ts";
import { writeTinyModel } from "../support/tiny-model.ts";

const FILES = 300;
// Long names, as filings are named: the command line of one ingest runs to tens of thousands of characters.
const NAME_PAD = "x".repeat(180);

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  pid: number;
  out: string;
  err: string;
}

/** `lexnav` as a user runs it: its own process, its own command line (an in-process run would share the test's). */
function runCliProcess(argv: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, ["--import", "tsx", "services/cli/src/main.ts", ...argv], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString("utf8");
  });
  child.stderr.on("data", (c: Buffer) => {
    err += c.toString("utf8");
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => resolve({ code, signal, pid: child.pid ?? -1, out, err }));
  });
}

describe("lexnav ingest with hundreds of files on one command line, with an ONNX embedder", () => {
  let dir: string;
  let files: string[];
  let run: Run;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-many-files-"));
    writeTinyModel(join(dir, "embedder"));
    mkdirSync(join(dir, "docs"));
    mkdirSync(join(dir, "tmp"));
    files = Array.from({ length: FILES }, (_, i) => {
      const file = join(dir, "docs", `supply-agreement-${String(i).padStart(3, "0")}-${NAME_PAD}.txt`);
      writeFileSync(
        file,
        `SUPPLY AGREEMENT NO. ${i}\n\n1. Supply. The Supplier shall deliver ${i + 1} units each month to the Buyer.\n\n` +
          `2. Term. This Agreement continues for ${i + 2} years from the Effective Date.\n`,
      );
      return file;
    });
    run = await runCliProcess(["--db", join(dir, "lexnav.sqlite"), "ingest", ...files, "--acl", "group:deals"], {
      HOME: dir,
      TMPDIR: join(dir, "tmp"),
      LEXNAV_EMBEDDER_MODEL_DIR: join(dir, "embedder"),
    });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("indexes every file and exits normally, whatever the length of its command line", () => {
    // The premise: longer than the command line onnxruntime's telemetry start-up overflowed the stack on.
    expect(files.join(" ").length).toBeGreaterThan(60_000);
    expect({ signal: run.signal, code: run.code, err: run.err.slice(-2000) }).toEqual({
      signal: null,
      code: 0,
      err: expect.any(String),
    });
    expect(run.out).toContain(`indexed ${FILES}, unchanged 0, failed 0`);
  });

  it("starts onnxruntime with its telemetry off: no telemetry log, session file, device id or event store", () => {
    expect(readdirSync(join(dir, "tmp")).filter((f) => f.startsWith("mat-debug-") || f === ".ses")).toEqual([]);
    expect(existsSync(join(dir, ".cache", "Microsoft"))).toBe(false);
  });
});
