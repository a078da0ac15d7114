import { appendFileSync, mkdirSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";

/**
 * The setting that keeps what spawned processes print: `LEXNAV_KEEP_SERVICE_LOGS=<dir>` writes each
 * process's stdout and stderr under `<dir>/<test file>/`, and a failed test prints where they are.
 * Unset, their output lives only in memory and goes with the test process.
 */
export const KEEP_SERVICE_LOGS = "LEXNAV_KEEP_SERVICE_LOGS";

/** The directory `LEXNAV_KEEP_SERVICE_LOGS` names, made absolute; null when it is unset or blank. */
export function keptServiceLogsDir(env: Record<string, string | undefined> = process.env): string | null {
  const dir = env[KEEP_SERVICE_LOGS]?.trim();
  return dir ? resolve(dir) : null;
}

/** One spawned process's kept output: its two files, appended to as the process prints. */
export interface ServiceLogSink {
  stdout: string;
  stderr: string;
  write(stream: "stdout" | "stderr", chunk: Buffer | string): void;
}

interface StartedProcess {
  name: string;
  pid: number;
  sink: ServiceLogSink | null;
}

// Per test file: vitest runs each file in a fresh module graph, and the setup file names the file first.
let scope = "";
let started: StartedProcess[] = [];

/** Files the processes started from now on under `testFile` (a path, relative to the repository or absolute). */
export function beginServiceLogScope(testFile: string): void {
  const rel = isAbsolute(testFile) ? relative(process.cwd(), testFile) : testFile;
  // A path outside the working directory keeps only its own name: nothing is written above `<dir>`.
  scope = (rel.startsWith("..") || isAbsolute(rel) ? (rel.split(/[\\/]/).pop() ?? "") : rel).replace(
    /\.test\.[cm]?[jt]s$/,
    "",
  );
  started = [];
}

/**
 * Records a process started by the test support (`name` as the suite calls it: "ingest", "nats-server")
 * and, when logs are kept, makes its two files under `<dir>/<test file>/<name>-<pid>.{stdout,stderr}.log`.
 * Returns the sink to write its output to, or null when logs are not kept.
 */
export function recordServiceProcess(
  name: string,
  pid: number,
  env: Record<string, string | undefined> = process.env,
): ServiceLogSink | null {
  const dir = keptServiceLogsDir(env);
  let sink: ServiceLogSink | null = null;
  if (dir !== null) {
    const into = join(dir, scope);
    mkdirSync(into, { recursive: true });
    const base = join(into, `${name.replace(/[^\w.-]+/g, "_")}-${pid}`);
    const files = { stdout: `${base}.stdout.log`, stderr: `${base}.stderr.log` };
    // Both files exist from the start, so an empty one says the process printed nothing there.
    appendFileSync(files.stdout, "");
    appendFileSync(files.stderr, "");
    // Written synchronously: what a process printed is on disk even if the test process is killed.
    sink = { ...files, write: (stream, chunk) => appendFileSync(files[stream], chunk) };
  }
  started.push({ name, pid, sink });
  return sink;
}

/**
 * What a failed test prints about the processes its file started: where their kept output is, or how to
 * keep it next time. Null when the file started none.
 */
export function serviceLogReport(): string | null {
  if (started.length === 0) return null;
  const kept = started.flatMap((p) => (p.sink !== null ? [{ ...p, sink: p.sink }] : []));
  if (kept[0] === undefined) {
    return `${started.length} service process(es) ran (${started.map((p) => `${p.name} ${p.pid}`).join(", ")}); their output was not kept: set ${KEEP_SERVICE_LOGS}=<dir> to keep it`;
  }
  return [
    `service logs kept in ${dirname(kept[0].sink.stderr)}:`,
    ...kept.map((p) => `  ${p.name} (pid ${p.pid}): ${p.sink.stderr}  ${p.sink.stdout}`),
  ].join("\n");
}
