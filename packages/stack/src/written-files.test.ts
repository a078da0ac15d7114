import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteDatabase } from "@lexnav/catalog";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteWrittenFiles } from "./written-files.ts";

describe("files written from documents' text", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-written-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("removes every file that holds a deleted document, and only those", () => {
    const db = openSqliteDatabase(join(dir, "store.sqlite"));
    const files = createSqliteWrittenFiles(db);
    const path = (name: string) => join(dir, name);
    for (const name of ["full.json", "index.json", "other.json", "gone.json"]) writeFileSync(path(name), "{}");
    files.record([path("full.json"), path("index.json")], ["doc_a", "doc_b"], "2026-12-01T00:00:00Z");
    files.record([path("other.json")], ["doc_c"], "2026-12-01T00:00:00Z");
    files.record([path("gone.json")], ["doc_a"], "2026-12-01T00:00:00Z");
    rmSync(path("gone.json"));

    // a file already gone is forgotten, not reported as removed
    expect(files.eraseDocument("doc_a")).toEqual([path("full.json"), path("index.json")]);
    expect(existsSync(path("full.json"))).toBe(false);
    expect(existsSync(path("other.json"))).toBe(true);
    // forgotten once removed: the other document of those files finds nothing left to remove
    expect(files.eraseDocument("doc_b")).toEqual([]);
    // a rewrite without the document replaces the entry
    files.record([path("other.json")], ["doc_d"], "2026-12-02T00:00:00Z");
    expect(files.eraseDocument("doc_c")).toEqual([]);
    expect(existsSync(path("other.json"))).toBe(true);
    db.close();
  });
});
