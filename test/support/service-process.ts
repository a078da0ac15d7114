import { type ChildProcess, spawn } from "node:child_process";
import { keptServiceLogsDir, recordServiceProcess } from "./service-logs.ts";
import { repoRoot } from "./shared.ts";

/** A service's `main.ts` running as its own process, as a deployment runs it. */
export interface ServiceProcess {
  /** The process id (a benchmark reads its peak resident set from /proc). */
  pid: number;
  /** Everything the process logged (JSON lines on stderr). */
  log(): string;
  /** Sends SIGTERM and resolves to the exit code. */
  stop(): Promise<number | null>;
  /** Sends a signal (SIGHUP: read the configuration again) without waiting. */
  signal(name: NodeJS.Signals): void;
  /** Resolves with the first line logged after this call with message `msg`; rejects after `timeoutMs`. */
  next(msg: string, timeoutMs?: number): Promise<LogLine>;
}

type LogLine = { msg: string } & Record<string, unknown>;

/**
 * Starts `services/<name>/src/main.ts` with tsx and only the environment given (plus PATH), and
 * resolves once it logs a line with message `readyMsg`, with that line. Rejects with the log when it
 * exits first or does not get ready within `timeoutMs`. With `LEXNAV_KEEP_SERVICE_LOGS` set, its stdout
 * and stderr are also written to files that stay (`service-logs.ts`).
 */
export async function startServiceProcess(
  name: string,
  env: Record<string, string>,
  readyMsg: string,
  timeoutMs = 30_000,
): Promise<{ process: ServiceProcess; ready: LogLine }> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", `services/${name}/src/main.ts`], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", ...env },
    // stdout is read only to keep it: a pipe nobody reads would block the process once full.
    stdio: ["ignore", keptServiceLogsDir() !== null ? "pipe" : "ignore", "pipe"],
  });
  const kept = child.pid !== undefined ? recordServiceProcess(name, child.pid) : null;
  if (kept !== null) {
    child.stdout?.on("data", (chunk: Buffer) => kept.write("stdout", chunk));
    child.stderr?.on("data", (chunk: Buffer) => kept.write("stderr", chunk));
  }
  const keptNote = kept !== null ? ` (kept in ${kept.stderr})` : "";
  let log = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const ready = await new Promise<LogLine>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${name} logged no "${readyMsg}" in ${timeoutMs} ms${keptNote}:\n${log}`));
    }, timeoutMs);
    child.stderr?.on("data", (chunk: Buffer) => {
      log += chunk.toString("utf8");
      const line = log
        .split("\n")
        .flatMap((l) => (l.startsWith("{") && l.endsWith("}") ? [JSON.parse(l) as LogLine] : []))
        .find((l) => l.msg === readyMsg);
      if (line) {
        clearTimeout(timer);
        resolve(line);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before "${readyMsg}"${keptNote}:\n${log}`));
    });
  });
  const linesOf = (text: string): LogLine[] =>
    text.split("\n").flatMap((l) => (l.startsWith("{") && l.endsWith("}") ? [JSON.parse(l) as LogLine] : []));
  return {
    ready,
    process: {
      pid: child.pid as number,
      log: () => log,
      signal: (name) => {
        child.kill(name);
      },
      next: (msg, timeoutMs = 10_000) => {
        const from = log.length;
        return new Promise<LogLine>((resolve, reject) => {
          const look = () => linesOf(log.slice(from)).find((l) => l.msg === msg);
          const timer = setTimeout(() => {
            child.stderr?.off("data", onData);
            reject(new Error(`${name} logged no "${msg}" in ${timeoutMs} ms:\n${log.slice(from)}`));
          }, timeoutMs);
          const onData = () => {
            // the listener above appends first (it was added first)
            const line = look();
            if (!line) return;
            clearTimeout(timer);
            child.stderr?.off("data", onData);
            resolve(line);
          };
          child.stderr?.on("data", onData);
        });
      },
      stop: async () => {
        child.kill("SIGTERM");
        return exited;
      },
    },
  };
}
