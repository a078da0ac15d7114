import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { installedEmbedderDir } from "@lexnav/core";

const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

/**
 * The shared corpus beside the checkout (`../shared`), or LEXNAV_SHARED_DIR. Tests read it in place.
 * Test code may read the environment here: it is test configuration, not product configuration.
 */
export function sharedDir(): string {
  const dir = process.env.LEXNAV_SHARED_DIR ?? join(repoRoot, "..", "shared");
  if (!existsSync(join(dir, "corpus"))) {
    throw new Error(`the shared corpus was not found at ${dir}: set LEXNAV_SHARED_DIR to the shared/ folder`);
  }
  return dir;
}

export function corpusPath(...parts: string[]): string {
  return join(sharedDir(), "corpus", ...parts);
}

export { repoRoot };

/**
 * The pretrained embedder `scripts/setup.sh` installs, when it is installed on this machine (its folder
 * in the user's model cache, complete); null otherwise. Test configuration, like `sharedDir`.
 */
export function installedEmbedderFolder(): string | null {
  const dir = installedEmbedderDir({ XDG_CACHE_HOME: process.env.XDG_CACHE_HOME, HOME: process.env.HOME });
  return dir !== null && existsSync(join(dir, ".lexnav-installed")) ? dir : null;
}
