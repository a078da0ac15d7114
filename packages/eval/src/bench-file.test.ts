import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { corpusFileOf } from "./bench-file.ts";

describe("corpusFileOf", () => {
  it("names a document's file the same whether the corpus root is given by its path or through a symlink", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lexnav-corpus-"));
    try {
      mkdirSync(join(dir, "corpus", "cuad"), { recursive: true });
      writeFileSync(join(dir, "corpus", "cuad", "a.txt"), "text");
      symlinkSync(join(dir, "corpus"), join(dir, "link"));
      const catalog = {
        getDocument: async (id: string) => (id === "doc_a" ? { source: join(dir, "corpus", "cuad", "a.txt") } : null),
      };
      expect(await corpusFileOf(catalog, join(dir, "corpus"))("doc_a")).toBe(join("cuad", "a.txt"));
      expect(await corpusFileOf(catalog, join(dir, "link"))("doc_a")).toBe(join("cuad", "a.txt"));
      expect(await corpusFileOf(catalog, join(dir, "link"))("doc_gone")).toBe("doc_gone");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
