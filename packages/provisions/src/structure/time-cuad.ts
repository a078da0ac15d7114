/**
 * Benchmark (not a test): structure building over the CUAD plain-text corpus.
 * Run: `pnpm tsx packages/provisions/src/structure/time-cuad.ts [--exact-tokens] [limit]`
 * Prints MB/s, node counts and how many documents got at least one numbered section.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Extraction } from "@lexnav/document-model";
import { buildProvisionTree } from "./build-provision-tree.ts";
import { CORPUS_DIR, textExtraction } from "./test-support.ts";

const exact = process.argv.includes("--exact-tokens");
const limitArg = process.argv.find((a) => /^\d+$/.test(a));
const dir = join(CORPUS_DIR, "cuad");
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".txt"))
  .sort()
  .slice(0, limitArg === undefined ? undefined : Number(limitArg));
// Extractions are built before the clock starts: only structure building is timed.
const extractions = files.map((f) => textExtraction(readFileSync(join(dir, f), "utf8")));
const estimate = (s: string) => Math.ceil(s.length / 4);
let chars = 0;
let nodes = 0;
let withSection = 0;
let withDefinitions = 0;
let withToc = 0;
const kinds = new Map<string, number>();
const t0 = performance.now();
for (let i = 0; i < extractions.length; i++) {
  const extraction = extractions[i] as Extraction;
  chars += extraction.text.length;
  const s = buildProvisionTree(
    { documentId: files[i] as string, version: "v", extraction },
    exact ? {} : { countTokens: estimate },
  );
  nodes += s.nodes.length;
  if (s.nodes.some((n) => n.kind === "section" && n.fullRef !== null && /^\d/.test(n.fullRef))) withSection++;
  if (s.nodes.some((n) => n.kind === "definition")) withDefinitions++;
  if (s.toc.span !== null) withToc++;
  for (const n of s.nodes) kinds.set(n.kind, (kinds.get(n.kind) ?? 0) + 1);
}
const secs = (performance.now() - t0) / 1000;
process.stdout.write(
  `${files.length} docs, ${(chars / 1e6).toFixed(1)} M chars in ${secs.toFixed(2)} s = ${(chars / 1e6 / secs).toFixed(2)} MB/s ` +
    `(tokens: ${exact ? "cl100k exact" : "chars/4 estimate"})\n` +
    `nodes ${nodes} (${(nodes / files.length).toFixed(0)}/doc); docs with a numbered section ${withSection}; ` +
    `with definition nodes ${withDefinitions}; with a TOC ${withToc}\n` +
    `${[...kinds].map(([k, v]) => `${k}=${v}`).join(" ")}\n`,
);
