/**
 * Enrichment throughput over the whole CUAD corpus (510 files, ~27 MB): the provision tree is built
 * first (not timed), then enrichStructure + profileDocument are timed alone, on one core.
 * Run: pnpm exec tsx test/bench/enrichment-throughput.ts
 */
import { readdirSync, readFileSync } from "node:fs";
import type { Extraction } from "@lexnav/document-model";
import { buildProvisionTree, enrichStructure, profileDocument } from "@lexnav/provisions";
import { corpusPath } from "../support/shared.ts";

function extraction(text: string): Extraction {
  return {
    contentType: "text/plain",
    text,
    blocks: [],
    pages: [],
    furniture: [],
    quality: { status: "ok", issues: [], pageCount: 1, charCount: text.length },
  };
}

const files = readdirSync(corpusPath("cuad"))
  .filter((f) => f.endsWith(".txt"))
  .sort();
let chars = 0;
let nodes = 0;
let xrefs = 0;
let resolved = 0;
let uses = 0;
let enrichMs = 0;
for (const f of files) {
  const text = readFileSync(corpusPath("cuad", f), "utf8");
  const tree = buildProvisionTree(
    { documentId: f, version: "v", extraction: extraction(text) },
    { countTokens: (s) => Math.ceil(s.length / 4) },
  );
  const t0 = performance.now();
  const profile = profileDocument(text, tree);
  const enriched = enrichStructure(tree, text, { profile });
  enrichMs += performance.now() - t0;
  chars += text.length;
  nodes += enriched.nodes.length;
  for (const n of enriched.nodes) {
    xrefs += n.xrefs.length;
    resolved += n.xrefs.filter((x) => x.status === "resolved").length;
    uses += n.termUses.length;
  }
}
console.log(
  `${files.length} files, ${(chars / 1e6).toFixed(1)} M chars, ${nodes} nodes, ${xrefs} xrefs (${resolved} resolved), ${uses} term uses: enrichment ${(enrichMs / 1000).toFixed(2)} s (${(chars / 1e6 / (enrichMs / 1000)).toFixed(1)} M chars/s)`,
);
