import { rmSync } from "node:fs";
import { resolve } from "node:path";
import type { openSqliteDatabase } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";

/**
 * The files lexnav wrote from documents' text (navindex output), recorded in the store so a delete
 * can find and remove every one that holds the deleted document. The table keeps paths and document
 * ids, never text.
 */
export interface WrittenFiles {
  /** Records that `paths` were written from the documents `documentIds` (a rewrite replaces the entry). */
  record(paths: readonly string[], documentIds: readonly string[], at: string): void;
  /**
   * Removes every recorded file written from the document and forgets it; returns the paths removed
   * (a file already gone is forgotten, not listed).
   */
  eraseDocument(documentId: string): string[];
}

/** The written-files record in the embedded store (`written_files`). */
export function createSqliteWrittenFiles(db: ReturnType<typeof openSqliteDatabase>): WrittenFiles {
  db.exec(`CREATE TABLE IF NOT EXISTS written_files (
    path TEXT PRIMARY KEY,
    document_ids_json TEXT NOT NULL,
    written_at TEXT NOT NULL
  )`);
  const put = db.prepare("INSERT OR REPLACE INTO written_files (path, document_ids_json, written_at) VALUES (?, ?, ?)");
  const holding = db.prepare(
    "SELECT path FROM written_files WHERE ? IN (SELECT value FROM json_each(document_ids_json)) ORDER BY path",
  );
  const forget = db.prepare("DELETE FROM written_files WHERE path = ?");
  return {
    record(paths, documentIds, at) {
      const ids = JSON.stringify([...new Set(documentIds)].sort());
      db.transaction(() => {
        for (const path of paths) put.run(resolve(path), ids, at);
      })();
    },
    eraseDocument(documentId) {
      const removed: string[] = [];
      for (const { path } of holding.all(documentId) as Array<{ path: string }>) {
        try {
          rmSync(path);
          removed.push(path);
        } catch (cause) {
          const code = (cause as NodeJS.ErrnoException).code;
          // The delete does not go through while a file with the document's text cannot be removed.
          if (code !== "ENOENT")
            throw new LexnavError("unavailable", `cannot remove ${path}, written from the document (${code})`, {
              cause,
              retryable: false,
            });
        }
        forget.run(path);
      }
      return removed;
    },
  };
}
