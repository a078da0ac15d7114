import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresCatalog, type PostgresCatalog } from "@lexnav/catalog";
import pg from "pg";

/** A PostgreSQL cluster the tests may create databases in: one started here, or the one a URL names. */
export interface PostgresHandle {
  /** A URL of the cluster's maintenance database (`postgres`). */
  url: string;
  /** The postmaster's pid when this process started the cluster; null for an external one. */
  pid: number | null;
  /** Creates an empty database of its own and returns its URL; `stop` drops it. */
  createDatabase(): Promise<string>;
  /** Drops the databases made here; stops the cluster (SIGINT, SIGKILL after a grace period) and removes its dir when started here. */
  stop(): Promise<void>;
}

/** The role the tests' clusters are initialised with (trust authentication, local only). */
const ROLE = "lexnav";
/** The unprivileged system user `scripts/setup.sh --test` creates to run test clusters as (initdb refuses root). */
const PG_USER = "lexnav-pg";

/**
 * The directory holding initdb, pg_ctl and postgres: Debian's `/usr/lib/postgresql/<major>/bin`, the
 * newest major installed, else `pg_config --bindir`; null when PostgreSQL is absent.
 */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const majors = readdirSync(root)
      .filter((d) => /^\d+$/.test(d) && existsSync(join(root, d, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (majors[0] !== undefined) return join(root, majors[0], "bin");
  }
  const probe = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  const dir = probe.status === 0 ? probe.stdout.trim() : "";
  return dir !== "" && existsSync(join(dir, "initdb")) ? dir : null;
}

/** Why the PostgreSQL tests cannot run here, or null when they can (a URL is set or the binaries are installed). */
export function postgresUnavailableReason(): string | null {
  if (process.env.LEXNAV_TEST_POSTGRES_URL) return null;
  if (postgresBinDir() !== null) return null;
  return "PostgreSQL is not installed (bash scripts/setup.sh --test installs Debian's postgresql) and LEXNAV_TEST_POSTGRES_URL is not set";
}

/**
 * The cluster the PostgreSQL tests run against: `LEXNAV_TEST_POSTGRES_URL` when set (its role needs
 * CREATEDB), else a fresh cluster started here on a free port. Null, with the reason printed, when neither
 * is possible, so a suite can skip and say so.
 */
export async function startPostgres(): Promise<PostgresHandle | null> {
  const external = process.env.LEXNAV_TEST_POSTGRES_URL;
  if (external) return clusterAt(external, null, async () => {});
  const reason = postgresUnavailableReason();
  if (reason !== null) {
    console.log(`PostgreSQL tests skipped: ${reason}`);
    return null;
  }
  return startCluster(postgresBinDir() as string);
}

/**
 * initdb as an unprivileged user (the process's own, or `lexnav-pg`, else `nobody`, when running as
 * root) in a temp dir, then `pg_ctl start -w` on a free port with the socket in that dir. fsync is off:
 * the cluster lives only as long as the test run.
 */
async function startCluster(bin: string): Promise<PostgresHandle> {
  const dir = await mkdtemp(join(tmpdir(), "lexnav-pg-"));
  const runAs = process.getuid?.() === 0 ? userToRunAs() : null;
  if (runAs !== null) chownSync(dir, runAs.uid, runAs.gid);
  const data = join(dir, "data");
  const logFile = join(dir, "postgres.log");
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] =
      runAs === null ? [join(bin, tool), args] : ["runuser", ["-u", runAs.name, "--", join(bin, tool), ...args]];
    const r = spawnSync(cmd, argv, { encoding: "utf8", cwd: dir, timeout: 60_000 });
    if (r.status !== 0) {
      const log = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
      throw new Error(`${tool} failed (${r.status ?? r.signal}): ${r.stderr}${r.stdout}\n${log}`);
    }
  };
  try {
    run("initdb", ["-D", data, "--auth=trust", "-U", ROLE, "--encoding=UTF8", "--locale=C", "--no-sync"]);
    // A port found free may be taken before the server binds it: try a few.
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
      try {
        run("pg_ctl", ["-D", data, "-l", logFile, "-w", "-t", "30", "-o", options, "start"]);
        break;
      } catch (e) {
        if (attempt >= 3) throw e;
      }
    }
    const pid = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
    const killOnExit = () => {
      try {
        process.kill(pid, "SIGQUIT");
      } catch {
        // already gone
      }
    };
    process.once("exit", killOnExit);
    return clusterAt(`postgres://${ROLE}@127.0.0.1:${port}/postgres`, pid, async () => {
      process.removeListener("exit", killOnExit);
      await stopPid(pid);
      rmSync(dir, { recursive: true, force: true });
    });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

function clusterAt(url: string, pid: number | null, shutdown: () => Promise<void>): PostgresHandle {
  const made: string[] = [];
  const admin = new pg.Pool({ connectionString: url, max: 2 });
  // The server stopping reports on idle connections here; a test that needs the cluster fails on its own.
  admin.on("error", () => {});
  return {
    url,
    pid,
    async createDatabase() {
      const name = `lexnav_test_${randomBytes(6).toString("hex")}`;
      await admin.query(`CREATE DATABASE ${name}`);
      made.push(name);
      const u = new URL(url);
      u.pathname = `/${name}`;
      return u.toString();
    },
    async stop() {
      try {
        // An external cluster outlives the run: leave nothing in it. One started here goes whole.
        if (pid === null) for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
        await shutdown();
      }
    },
  };
}

function userToRunAs(): { name: string; uid: number; gid: number } {
  for (const name of [PG_USER, "nobody"]) {
    try {
      const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
      const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
      return { name, uid, gid };
    } catch {
      // not on this machine
    }
  }
  throw new Error(`running as root, and neither ${PG_USER} nor nobody exists to run PostgreSQL as`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr !== null ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Fast shutdown (SIGINT), SIGKILL after 10 s; resolves when the postmaster is gone. */
async function stopPid(pid: number): Promise<void> {
  if (!alive(pid)) return;
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + 10_000;
  while (alive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, "SIGKILL");
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A factory of PostgreSQL catalogs for a contract suite: each call makes an empty database of its own in
 * the cluster and a catalog that owns its pool (`close` ends it; `stop` on the cluster drops the database).
 */
export function postgresCatalogFactory(cluster: PostgresHandle): () => Promise<PostgresCatalog> {
  return async () => createPostgresCatalog(await cluster.createDatabase());
}

/**
 * A started cluster with one database holding a catalog: the shared catalog (LEXNAV_CATALOG_URL) of a
 * distributed suite. The cluster is stopped again when the database or catalog cannot be made.
 */
export async function startSharedCatalog(): Promise<{
  cluster: PostgresHandle;
  catalogUrl: string;
  catalog: PostgresCatalog;
}> {
  const cluster = await startPostgres();
  if (cluster === null) throw new Error("PostgreSQL did not start although it is installed");
  try {
    const catalogUrl = await cluster.createDatabase();
    return { cluster, catalogUrl, catalog: await createPostgresCatalog(catalogUrl) };
  } catch (e) {
    await cluster.stop();
    throw e;
  }
}
