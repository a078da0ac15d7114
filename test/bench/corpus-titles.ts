/**
 * The titles the product reads from every corpus file: each document's title and role, the title
 * of each provision node and each node's kind and span, as JSON. Structure and profile changes are
 * measured by running it at two commits and comparing the files with `corpus-titles-diff.ts`
 * (docs/structure.md, docs/extraction.md).
 * Run: pnpm exec tsx test/bench/corpus-titles.ts <out.json>
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { createDocumentExtractor } from "@lexnav/extract";
import { createStructurer } from "@lexnav/ingest";
import { corpusPath } from "../support/shared.ts";

const out = process.argv[2];
if (!out) throw new Error("usage: tsx test/bench/corpus-titles.ts <out.json>");
const extractor = createDocumentExtractor();
const structurer = createStructurer();
const titles: Record<string, unknown> = {};
for (const dir of ["edgar", "cuad", "contractnli"]) {
  for (const file of readdirSync(corpusPath(dir)).sort()) {
    if (!/\.(html|txt)$/.test(file)) continue;
    const r = await extractor.extract({
      bytes: readFileSync(join(corpusPath(dir), file)),
      fileName: file,
      limits: DEFAULT_LIMITS,
    });
    if (!r.ok) {
      titles[`${dir}/${file}`] = { error: r.error.code };
      continue;
    }
    const s = structurer.structure({ documentId: "d", version: "v", extraction: r.value });
    titles[`${dir}/${file}`] = {
      title: s.profile.title,
      role: s.profile.role,
      nodes: s.structure.nodes.map((n) => n.title ?? null),
      tree: s.structure.nodes.map((n) => `${n.kind}:${n.start}-${n.end}`),
    };
  }
}
writeFileSync(out, JSON.stringify(titles, null, 1));
console.log(`${Object.keys(titles).length} files → ${out}`);
