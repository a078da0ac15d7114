import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sourceUnderRoots } from "./source-roots.ts";

describe("sourceUnderRoots", () => {
  const dir = mkdtempSync(join(tmpdir(), "lexnav-roots-unit-"));
  const root = join(dir, "root");
  mkdirSync(join(root, "deal"), { recursive: true });
  mkdirSync(join(dir, "root-sibling"));
  writeFileSync(join(root, "deal", "a.txt"), "A");
  writeFileSync(join(root, "..b.txt"), "B");
  writeFileSync(join(dir, "root-sibling", "c.txt"), "C");
  symlinkSync(join(root, "deal", "a.txt"), join(root, "inner-link.txt"));
  symlinkSync(join(dir, "root-sibling", "c.txt"), join(root, "outer-link.txt"));
  symlinkSync(root, join(dir, "root-alias"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads from the real path of a file under a root, through symlinks that stay inside, by any alias of the root", async () => {
    expect(await sourceUnderRoots(join(root, "deal", "a.txt"), "a.txt", [root])).toEqual({
      path: join(root, "deal", "a.txt"),
    });
    expect(await sourceUnderRoots(join(root, "inner-link.txt"), "x", [root])).toEqual({
      path: join(root, "deal", "a.txt"),
    });
    expect(await sourceUnderRoots(join(root, "..b.txt"), "x", [root])).toEqual({ path: join(root, "..b.txt") });
    expect(await sourceUnderRoots(join(root, "deal", "a.txt"), "x", [join(dir, "root-alias")])).toEqual({
      path: join(root, "deal", "a.txt"),
    });
  });

  it("refuses what leaves every root (a symlink, `..`, a sibling sharing the root's prefix) and every path with no root", async () => {
    for (const path of [
      join(root, "outer-link.txt"),
      `${root}/deal/../../root-sibling/c.txt`,
      join(dir, "root-sibling", "c.txt"),
      join(dir, "root-sibling", "missing.txt"),
    ])
      expect(await sourceUnderRoots(path, "f.txt", [root]), path).toMatchObject({ code: "permission_denied" });
    expect(await sourceUnderRoots(join(root, "deal", "a.txt"), "a.txt", [])).toMatchObject({
      code: "permission_denied",
    });
    // Missing under a root: not found (the root is the caller's to list).
    expect(await sourceUnderRoots(join(root, "deal", "gone.txt"), "gone.txt", [root])).toMatchObject({
      code: "not_found",
    });
  });
});
