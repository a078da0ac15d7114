import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { withBuildLock } from "./build-lock.ts";

describe("withBuildLock: one process builds a store at a time", () => {
  const dirs: string[] = [];
  const lockIn = () => {
    const dir = mkdtempSync(join(tmpdir(), "lexnav-lock-"));
    dirs.push(dir);
    return join(dir, "store.sqlite.lock");
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("runs a second build only after the first has finished, and tells the waiter whose lock it is", async () => {
    const lock = lockIn();
    const events: string[] = [];
    const waited: number[] = [];
    let release = () => {};
    const first = withBuildLock(lock, async () => {
      events.push("first starts");
      await new Promise<void>((r) => {
        release = r;
      });
      events.push("first ends");
      return 1;
    });
    // the first holds the lock before the second asks
    await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(lock)).toBe(true);
    const second = withBuildLock(
      lock,
      async () => {
        events.push("second starts");
        return 2;
      },
      (pid) => waited.push(pid),
    );
    await new Promise((r) => setTimeout(r, 700));
    expect(events).toEqual(["first starts"]);
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(events).toEqual(["first starts", "first ends", "second starts"]);
    expect(waited).toEqual([process.pid]);
    expect(existsSync(lock)).toBe(false);
  });

  it("takes over a lock left by a process that died, and frees the lock when a build fails", async () => {
    const lock = lockIn();
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid as number;
    writeFileSync(lock, String(dead));
    expect(await withBuildLock(lock, async () => "built")).toBe("built");
    expect(existsSync(lock)).toBe(false);
    await expect(
      withBuildLock(lock, async () => {
        throw new Error("disk full");
      }),
    ).rejects.toThrow("disk full");
    expect(existsSync(lock)).toBe(false);
  });
});
