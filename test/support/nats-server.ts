import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recordServiceProcess } from "./service-logs.ts";

/** A real nats-server process with JetStream, on a port of its own, with a temp store dir. */
export interface NatsServerHandle {
  url: string;
  port: number;
  pid: number;
  storeDir: string;
  /** Stops the process by pid (SIGTERM, SIGKILL after a grace period) and removes the store dir it made. */
  stop(): Promise<void>;
}

export interface StartNatsServerOptions {
  /** Path to the binary; found in the usual places (Debian installs it in /usr/sbin) otherwise. */
  binary?: string;
  /** How long to wait for "Server is ready". */
  readyTimeoutMs?: number;
  /** A fixed port (to restart a server where its clients reconnect); a random free one otherwise. */
  port?: number;
  /** A JetStream directory the caller owns and keeps across restarts; a temporary one, removed on stop, otherwise. */
  storeDir?: string;
  /**
   * A server config file (`-c`), e.g. deploy/nats/nats.conf with its users and permissions. The address,
   * port, JetStream directory and monitoring port (off) given here override what the file says, so the
   * server still runs on a free port beside other suites.
   */
  configFile?: string;
  /** Environment of the server process (a config's `$VARIABLE`s, such as passwords); PATH is kept. */
  env?: Record<string, string>;
}

const CANDIDATES = ["/usr/sbin/nats-server", "/usr/local/bin/nats-server", "/usr/bin/nats-server"];

const MISSING =
  "nats-server is not installed: the integration tests need a real server " +
  "(Debian/Ubuntu: apt-get install nats-server; or put the release binary on PATH)";

/**
 * Starts `nats-server -js` on a random port (`-p -1`, so no port race with other suites) and
 * resolves once it logs that it is ready. Fails with a clear message when the binary is missing.
 */
export async function startNatsServer(options: StartNatsServerOptions = {}): Promise<NatsServerHandle> {
  const binary = options.binary ?? CANDIDATES.find((p) => existsSync(p)) ?? "nats-server";
  const ownStore = options.storeDir === undefined;
  const storeDir = options.storeDir ?? (await mkdtemp(join(tmpdir(), "lexnav-nats-")));
  const config = options.configFile !== undefined ? ["-c", options.configFile, "-m", "0"] : [];
  const child = spawn(
    binary,
    [...config, "-a", "127.0.0.1", "-p", String(options.port ?? -1), "-js", "-sd", storeDir],
    {
      stdio: ["ignore", "pipe", "pipe"],
      ...(options.env !== undefined ? { env: { PATH: process.env.PATH ?? "", ...options.env } } : {}),
    },
  );

  // With LEXNAV_KEEP_SERVICE_LOGS set, what the server prints is kept in files too (`service-logs.ts`).
  const kept = child.pid !== undefined ? recordServiceProcess("nats-server", child.pid) : null;
  if (kept !== null) {
    child.stdout?.on("data", (chunk: Buffer) => kept.write("stdout", chunk));
    child.stderr?.on("data", (chunk: Buffer) => kept.write("stderr", chunk));
  }
  let log = "";
  let port: number | null = null;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`nats-server did not become ready in ${options.readyTimeoutMs ?? 10_000} ms:\n${log}`)),
        options.readyTimeoutMs ?? 10_000,
      );
      const onData = (chunk: Buffer) => {
        log += chunk.toString("utf8");
        const m = /Listening for client connections on [^\s]*:(\d+)/.exec(log);
        if (m?.[1] !== undefined) port = Number(m[1]);
        if (port !== null && log.includes("Server is ready")) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.once("error", (e: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(e.code === "ENOENT" ? new Error(MISSING) : e);
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`nats-server exited early (code ${code}, signal ${signal}):\n${log}`));
      });
    });
  } catch (e) {
    await killAndWait(child);
    if (ownStore) await rm(storeDir, { recursive: true, force: true });
    throw e;
  }

  const pid = child.pid;
  if (pid === undefined || port === null) throw new Error("nats-server started without a pid or port");
  const readyPort: number = port;
  child.removeAllListeners("exit");
  return {
    url: `nats://127.0.0.1:${readyPort}`,
    port: readyPort,
    pid,
    storeDir,
    stop: async () => {
      await killAndWait(child);
      if (ownStore) await rm(storeDir, { recursive: true, force: true });
    },
  };
}

async function killAndWait(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.kill(pid, "SIGTERM");
  const grace = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(pid, "SIGKILL");
  }, 5_000);
  await exited;
  clearTimeout(grace);
}
