import { realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import type { FailureReason } from "@lexnav/document-model";

/**
 * Where a path given to an ingest may be read from: the real path (every symlink and `..` resolved)
 * of the file, when it lies under the real path of one of `roots`; else why it is refused. No roots:
 * every path is refused (only bytes sent inline are ingested).
 *
 * The lexical path is checked too when the file cannot be resolved, so a refusal of a path outside the
 * roots reads the same whether or not the file exists: the service says nothing about the host's files.
 */
export async function sourceUnderRoots(
  source: string,
  fileName: string,
  roots: readonly string[],
): Promise<{ path: string } | FailureReason> {
  const refused: FailureReason = {
    code: "permission_denied",
    reason: `${fileName}: refused: the path is not under any configured source root (LEXNAV_INGEST_ROOTS); send the bytes inline or place the file under a root`,
  };
  if (roots.length === 0) return refused;
  const realRoots = (await Promise.all(roots.map((r) => realpath(resolve(r)).catch(() => null)))).filter(
    (r): r is string => r !== null,
  );
  const under = (path: string) => realRoots.some((root) => isWithin(path, root));
  let real: string;
  try {
    real = await realpath(resolve(source));
  } catch (cause) {
    if (!under(resolve(source))) return refused;
    const code = (cause as NodeJS.ErrnoException).code;
    return code === "ENOENT"
      ? { code: "not_found", reason: `${fileName}: no such file under the source roots` }
      : code === "ELOOP"
        ? { code: "invalid_argument", reason: `${fileName}: too many levels of symbolic links (a symlink loop)` }
        : { code: "unavailable", reason: `${fileName}: cannot resolve the path (${code ?? "unknown error"})` };
  }
  return under(real) ? { path: real } : refused;
}

/** Whether `path` is `root` or inside it (both absolute and resolved). */
function isWithin(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel.split(sep)[0] !== ".." && !isAbsolute(rel));
}
