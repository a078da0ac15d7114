import { type Dirent, readdirSync, statSync } from "node:fs";
import { extname, join } from "node:path";

/** Extensions picked up when a directory is given; an explicitly named file is always attempted. */
export const INGESTIBLE_EXTENSIONS = new Set([".txt", ".htm", ".html", ".pdf", ".docx"]);

/** Expands directories (recursively, skipping dot-files) into files, in a stable order. */
export function expandPaths(paths: string[]): { files: string[]; skipped: string[] } {
  const files: string[] = [];
  const skipped: string[] = [];
  const walk = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      // An unreadable directory is attempted like a file: the pipeline records it failed with its reason.
      files.push(dir);
      return;
    }
    // Symbolic links are not followed into directories (no loops); a linked file is attempted, and a
    // link loop, FIFO, socket or device among the files fails alone with its reason.
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith(".")) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (INGESTIBLE_EXTENSIONS.has(extname(entry.name).toLowerCase())) files.push(full);
      else skipped.push(full);
    }
  };
  for (const p of paths) {
    let isDir = false;
    try {
      isDir = statSync(p).isDirectory();
    } catch {
      isDir = false; // a missing path is attempted and recorded as failed with its reason
    }
    if (isDir) walk(p);
    else files.push(p);
  }
  return { files, skipped };
}
