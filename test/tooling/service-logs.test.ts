import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startNatsServer } from "../support/nats-server.ts";
import {
  beginServiceLogScope,
  KEEP_SERVICE_LOGS,
  keptServiceLogsDir,
  recordServiceProcess,
  serviceLogReport,
} from "../support/service-logs.ts";

describe("keeping spawned services' output (LEXNAV_KEEP_SERVICE_LOGS)", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-service-logs-"));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("is off when unset or blank; a relative directory is taken from the working directory", () => {
    expect(keptServiceLogsDir({})).toBeNull();
    expect(keptServiceLogsDir({ [KEEP_SERVICE_LOGS]: "  " })).toBeNull();
    expect(keptServiceLogsDir({ [KEEP_SERVICE_LOGS]: "logs/run" })).toBe(resolve("logs/run"));
  });

  it("writes each process's two streams under <dir>/<test file>/ and names them in the failure report", () => {
    const env = { [KEEP_SERVICE_LOGS]: dir };
    beginServiceLogScope("test/distributed/shared-catalog.test.ts");
    const ingest = recordServiceProcess("ingest", 101, env);
    const lexical = recordServiceProcess("lexical/stage", 102, env);
    ingest?.write("stderr", '{"msg":"ingest ready"}\n');
    ingest?.write("stderr", Buffer.from('{"msg":"document indexed"}\n'));
    ingest?.write("stdout", "plain text\n");
    const into = join(dir, "test/distributed/shared-catalog");
    expect(readdirSync(into).sort()).toEqual([
      "ingest-101.stderr.log",
      "ingest-101.stdout.log",
      "lexical_stage-102.stderr.log",
      "lexical_stage-102.stdout.log",
    ]);
    expect(readFileSync(join(into, "ingest-101.stderr.log"), "utf8")).toBe(
      '{"msg":"ingest ready"}\n{"msg":"document indexed"}\n',
    );
    expect(readFileSync(join(into, "ingest-101.stdout.log"), "utf8")).toBe("plain text\n");
    expect(readFileSync(lexical?.stderr as string, "utf8")).toBe("");
    const report = serviceLogReport() ?? "";
    expect(report).toContain(`service logs kept in ${into}`);
    expect(report).toContain(`ingest (pid 101): ${join(into, "ingest-101.stderr.log")}`);
    expect(report).toContain(join(into, "lexical_stage-102.stdout.log"));
  });

  it("keeps a test file outside the working directory under its own name, inside <dir>", () => {
    beginServiceLogScope("/elsewhere/deep/probe.test.ts");
    const sink = recordServiceProcess("ingest", 7, { [KEEP_SERVICE_LOGS]: dir });
    expect(sink?.stderr).toBe(join(dir, "probe", "ingest-7.stderr.log"));
  });

  it("unset: writes nothing, and a failure says how to keep the output; no process started: says nothing", () => {
    beginServiceLogScope("test/distributed/version-switch.test.ts");
    expect(serviceLogReport()).toBeNull();
    expect(recordServiceProcess("ingest", 55, {})).toBeNull();
    expect(serviceLogReport()).toBe(
      `1 service process(es) ran (ingest 55); their output was not kept: set ${KEEP_SERVICE_LOGS}=<dir> to keep it`,
    );
    expect(existsSync(join(dir, "test"))).toBe(false);
  });

  it("keeps a real nats-server's output, which stays after the server and its store are gone", async () => {
    const before = process.env[KEEP_SERVICE_LOGS];
    process.env[KEEP_SERVICE_LOGS] = dir;
    beginServiceLogScope("test/tooling/service-logs.test.ts");
    try {
      const nats = await startNatsServer();
      await nats.stop();
      const file = join(dir, "test/tooling/service-logs", `nats-server-${nats.pid}.stderr.log`);
      expect(readFileSync(file, "utf8")).toContain("Server is ready");
    } finally {
      if (before === undefined) delete process.env[KEEP_SERVICE_LOGS];
      else process.env[KEEP_SERVICE_LOGS] = before;
    }
  });
});
