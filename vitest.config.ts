import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Where the shared corpus is when LEXNAV_SHARED_DIR is not set: `../shared` beside the checkout, or, in a
 * git worktree made elsewhere (`git worktree add /tmp/x`), beside the main checkout the worktree belongs to.
 * Test files then find it through the variable whichever checkout runs them.
 */
function sharedBesideCheckout(root: string): string | undefined {
  const beside = join(root, "..", "shared");
  if (existsSync(join(beside, "corpus"))) return beside;
  const dotGit = join(root, ".git");
  if (!existsSync(dotGit) || !statSync(dotGit).isFile()) return undefined;
  const gitdir = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, "utf8"))?.[1]?.trim();
  if (gitdir === undefined) return undefined;
  // <main>/.git/worktrees/<name> → <main>
  const main = dirname(dirname(dirname(resolve(root, gitdir))));
  const mainShared = join(main, "..", "shared");
  return existsSync(join(mainShared, "corpus")) ? mainShared : undefined;
}

const shared = process.env.LEXNAV_SHARED_DIR ?? sharedBesideCheckout(import.meta.dirname);

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "services/*/src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    env: shared === undefined ? {} : { LEXNAV_SHARED_DIR: shared },
    // LEXNAV_KEEP_SERVICE_LOGS=<dir>: spawned services' output kept in files, named when a test fails.
    setupFiles: ["test/support/service-logs-setup.ts"],
  },
});
