import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./shared.ts";

/**
 * An OpenSearch node for a test: one this module started from the jars `scripts/setup.sh --test`
 * builds (deploy/opensearch-node), or the server `OPENSEARCH_URL` names.
 */
export interface OpenSearchHandle {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string;
  /** The server's version number, as `GET /` reports it. */
  version: string;
  /** The JVM's pid; null for a server named by `OPENSEARCH_URL`, which this module neither started nor stops. */
  pid: number | null;
  /** Milliseconds from spawning the JVM to cluster health yellow (0 for an external server). */
  startupMs: number;
  /** Kills the JVM (SIGTERM, SIGKILL after a grace period) and removes its home dir; a no-op for an external server. */
  stop(): Promise<void>;
}

export interface StartOpenSearchOptions {
  /** JVM heap, -Xms and -Xmx alike. 512 MB holds the tests' indexes; more only costs the shared CI machine. */
  heapMb?: number;
  /** How long to wait for the ready line and then for health yellow. Java starts in seconds, slower on a busy machine. */
  readyTimeoutMs?: number;
}

/** Test timeouts for a `beforeAll` that starts a node: the ready wait plus room to spare. */
export const OPENSEARCH_START_TIMEOUT_MS = 150_000;

const DEFAULT_READY_TIMEOUT_MS = 120_000;
const READY = /lexnav-opensearch ready http=(\S+):(\d+) version=(\S+)/;

/** The OpenSearch version deploy/opensearch-node/pom.xml pins: the one source of that number. */
export function openSearchNodeVersion(): string {
  const pom = readFileSync(join(repoRoot, "deploy", "opensearch-node", "pom.xml"), "utf8");
  const m = /<opensearch\.version>([^<]+)<\/opensearch\.version>/.exec(pom);
  if (m?.[1] === undefined) throw new Error("deploy/opensearch-node/pom.xml names no <opensearch.version>");
  return m[1];
}

/** Where `scripts/setup-opensearch-node.sh` puts the jars (lib/) and the compiled launcher (classes/). */
export function openSearchNodeDir(): string {
  const cache = process.env.XDG_CACHE_HOME ?? join(process.env.HOME ?? homedir(), ".cache");
  return join(cache, "lexnav", `opensearch-${openSearchNodeVersion()}`);
}

function externalUrl(): string | null {
  const url = process.env.OPENSEARCH_URL?.trim();
  return url ? url.replace(/\/+$/, "") : null;
}

/**
 * Why no OpenSearch can be had for a test, in words for the skip message; null when `startOpenSearch`
 * can start one (the built node is there) or `OPENSEARCH_URL` names one.
 */
export function openSearchUnavailable(): string | null {
  if (externalUrl() !== null) return null;
  const dir = openSearchNodeDir();
  if (!existsSync(join(dir, ".lexnav-built"))) {
    return `no OpenSearch node is built in ${dir} (bash scripts/setup.sh --test builds it) and OPENSEARCH_URL is not set`;
  }
  return null;
}

/**
 * Starts a single-node OpenSearch on free ports with a temporary home and resolves once cluster
 * health is yellow. When `OPENSEARCH_URL` is set, uses that server instead (after the same health
 * wait). The JVM is killed on `stop()`, when this process exits, and (through its stdin pipe) when this
 * process dies without exiting cleanly.
 */
export async function startOpenSearch(options: StartOpenSearchOptions = {}): Promise<OpenSearchHandle> {
  const readyTimeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
  const external = externalUrl();
  if (external !== null) {
    await waitForYellow(external, readyTimeoutMs);
    return { url: external, version: await serverVersion(external), pid: null, startupMs: 0, stop: async () => {} };
  }
  const why = openSearchUnavailable();
  if (why !== null) throw new Error(why);

  const nodeDir = openSearchNodeDir();
  const home = await mkdtemp(join(tmpdir(), "lexnav-opensearch-"));
  const heap = options.heapMb ?? 512;
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, "bin", "java") : "java";
  const started = Date.now();
  const child = spawn(
    java,
    [
      `-Xms${heap}m`,
      `-Xmx${heap}m`,
      // Two cores shared by every suite: one GC thread, not G1's pool, and the C1 compiler only, as
      // C2's compile threads more than double startup on a busy machine while a test's few
      // documents never need C2's code (docs/opensearch.md, Cost).
      "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1",
      "-Dlexnav.exitOnStdinEof=true",
      "-Dlog4j2.disable.jmx=true",
      "-Dfile.encoding=UTF-8",
      "-cp",
      `${join(nodeDir, "lib", "*")}:${join(nodeDir, "classes")}`,
      "dev.lexnav.opensearch.LexnavOpenSearchNode",
      home,
      "0",
    ],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  // If this process is gone without exiting cleanly, its end of the stdin pipe closes and the node exits.
  const killOnExit = () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  };
  process.once("exit", killOnExit);

  let log = "";
  const keep = (chunk: Buffer) => {
    // Keep the tail only: the log goes on after startup and must keep draining the pipe.
    log = (log + chunk.toString("utf8")).slice(-32_768);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  let url: string;
  let version: string;
  try {
    [url, version] = await new Promise<[string, string]>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`OpenSearch did not print its ready line in ${readyTimeoutMs} ms:\n${log}`)),
        readyTimeoutMs,
      );
      const onData = () => {
        const m = READY.exec(log);
        if (m?.[1] !== undefined && m[2] !== undefined && m[3] !== undefined) {
          clearTimeout(timer);
          child.stdout?.off("data", onData);
          resolve([`http://${m[1]}:${m[2]}`, m[3]]);
        }
      };
      child.stdout?.on("data", onData);
      child.once("error", (e: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(e.code === "ENOENT" ? new Error(`${java} was not found: the OpenSearch node needs Java 17`) : e);
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`OpenSearch exited early (code ${code}, signal ${signal}):\n${log}`));
      });
    });
    await waitForYellow(url, Math.max(1_000, readyTimeoutMs - (Date.now() - started)));
  } catch (e) {
    await killAndWait(child);
    process.off("exit", killOnExit);
    await rm(home, { recursive: true, force: true });
    throw e;
  }
  child.removeAllListeners("exit");
  const pid = child.pid;
  if (pid === undefined) throw new Error("OpenSearch started without a pid");
  return {
    url,
    version,
    pid,
    startupMs: Date.now() - started,
    stop: async () => {
      await killAndWait(child);
      process.off("exit", killOnExit);
      await rm(home, { recursive: true, force: true });
    },
  };
}

async function waitForYellow(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    const waitS = Math.max(1, Math.min(30, Math.floor((deadline - Date.now()) / 1000)));
    try {
      const res = await fetch(`${url}/_cluster/health?wait_for_status=yellow&timeout=${waitS}s`);
      const body = (await res.json()) as { status?: string; timed_out?: boolean };
      if (res.ok && body.timed_out !== true && (body.status === "yellow" || body.status === "green")) return;
      last = `status ${res.status}: ${JSON.stringify(body)}`;
    } catch (e) {
      last = String(e);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`OpenSearch at ${url} did not reach health yellow in ${timeoutMs} ms (last: ${last})`);
}

async function serverVersion(url: string): Promise<string> {
  const res = await fetch(`${url}/`);
  const body = (await res.json()) as { version?: { number?: string } };
  return body.version?.number ?? "unknown";
}

async function killAndWait(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.kill(pid, "SIGTERM");
  // The node closes its shards on SIGTERM; a test's throwaway data is not worth waiting long for.
  const grace = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(pid, "SIGKILL");
  }, 10_000);
  await exited;
  clearTimeout(grace);
}
