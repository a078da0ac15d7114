import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { processAlive } from "@lexnav/core";

/** How often a process waiting for another's build looks again, in milliseconds. */
const POLL_MS = 500;
/** A lock file still without a pid after this long was left by a process that died while writing it. */
const UNWRITTEN_MS = 10_000;

function readOr(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

function statOr(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Holds the lock file `path` while `build` runs, so two processes never build one store at once: a lock
 * held by a live process is waited for (`onWait` is told once whose it is), one left by a process that
 * died is taken over. `build` runs only once the lock is held; it checks again whether the other
 * process already built what it needs.
 */
export async function withBuildLock<T>(
  path: string,
  build: () => Promise<T>,
  onWait?: (pid: number) => void,
): Promise<T> {
  let told = false;
  for (;;) {
    let fd: number | null = null;
    try {
      fd = openSync(path, "wx");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    if (fd !== null) {
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      try {
        return await build();
      } finally {
        rmSync(path, { force: true });
      }
    }
    const held = readOr(path);
    // released between the two calls: try again at once
    if (held === null) continue;
    const pid = Number.parseInt(held, 10);
    // a lock without a pid yet is one being written: waited for like a live one, unless it stays so
    const unwritten = held === "" && Date.now() - (statOr(path) ?? Date.now()) > UNWRITTEN_MS;
    if (unwritten || (Number.isInteger(pid) && pid > 0 && !processAlive(pid))) {
      // taken over only while it is still the dead process's (another waiter may have taken it since;
      // the moment between this read and the removal is the one race left)
      if (readOr(path) === held) rmSync(path, { force: true });
      continue;
    }
    if (!told && Number.isInteger(pid)) {
      onWait?.(pid);
      told = true;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
