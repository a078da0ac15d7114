import { readdirSync, readFileSync } from "node:fs";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { extractDocument } from "@lexnav/extract";
import { createStructurer } from "@lexnav/ingest";
import { describe, expect, it } from "vitest";
import { corpusPath } from "../support/shared.ts";

/**
 * The offset invariant over the whole CUAD corpus: the extracted text of a .txt file is the file's
 * text exactly (so offsets equal the benchmark's gold-span offsets), and every node, cross-reference
 * and term use is a true slice of it.
 */
describe("offset invariant over all 510 CUAD contracts", () => {
  const dir = corpusPath("cuad");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".txt"))
    .sort();

  it("finds the whole corpus", () => {
    expect(files.length).toBe(510);
  });

  it("keeps text === file text and node/xref/term offsets exact in every document", async () => {
    const structurer = createStructurer();
    const problems: string[] = [];
    let nodes = 0;
    for (const file of files) {
      const bytes = readFileSync(`${dir}/${file}`);
      const outcome = await extractDocument({ bytes: new Uint8Array(bytes), fileName: file, limits: DEFAULT_LIMITS });
      if (!outcome.ok) {
        problems.push(`${file}: ${outcome.error.reason}`);
        continue;
      }
      const text = outcome.value.text;
      if (text !== bytes.toString("utf8")) problems.push(`${file}: extracted text differs from the file`);
      const { structure } = structurer.structure({ documentId: file, version: "v", extraction: outcome.value });
      const byId = new Map(structure.nodes.map((n) => [n.id, n]));
      if (byId.size !== structure.nodes.length) problems.push(`${file}: duplicate node ids`);
      for (const n of structure.nodes) {
        nodes += 1;
        if (n.start < 0 || n.end > text.length || n.start > n.end) problems.push(`${file}: node ${n.id} out of bounds`);
        const parent = n.parentId ? byId.get(n.parentId) : undefined;
        if (n.parentId && !parent) problems.push(`${file}: node ${n.id} has a missing parent`);
        if (parent && (n.start < parent.start || n.end > parent.end))
          problems.push(`${file}: ${n.id} outside its parent`);
        for (const x of n.xrefs) {
          if (text.slice(x.start, x.end) !== x.text) problems.push(`${file}: xref "${x.text}" is not at its offsets`);
        }
        for (const u of n.termUses) {
          if (u.start < n.start || u.end > n.end) problems.push(`${file}: term use of ${u.term} outside its node`);
        }
      }
      if (problems.length > 20) break;
    }
    expect(problems).toEqual([]);
    expect(nodes).toBeGreaterThan(files.length * 5);
  }, 240_000);
});
