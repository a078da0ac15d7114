/**
 * The transaction sets the product proposes over the whole shared corpus (every file profiled as
 * ingest profiles it, then `groupTransactionSets` as `assignTransactionSets` runs it, all readable by
 * one group), as JSON: each set's files, sorted. Grouping changes are measured by running it at two
 * commits and comparing the outputs with `--diff`, which lists every set that is not in both.
 * Run: pnpm exec tsx test/bench/corpus-sets.ts <out.json> [--profiles <regex>]   (prints the profiles of matching files)
 *      pnpm exec tsx test/bench/corpus-sets.ts --diff <before.json> <after.json>
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { createDocumentExtractor } from "@lexnav/extract";
import { createStructurer } from "@lexnav/ingest";
import { type GroupingCandidate, groupTransactionSets } from "@lexnav/provisions";
import { corpusPath } from "../support/shared.ts";

const args = process.argv.slice(2);
if (args[0] === "--diff") {
  const [before, after] = [args[1], args[2]].map((p) => JSON.parse(readFileSync(p as string, "utf8")) as string[][]);
  const key = (s: string[]) => s.join(" | ");
  const had = new Set((before ?? []).map(key));
  const has = new Set((after ?? []).map(key));
  const gone = (before ?? []).filter((s) => !has.has(key(s)));
  const made = (after ?? []).filter((s) => !had.has(key(s)));
  console.log(`${before?.length} sets before, ${after?.length} after; ${gone.length} gone, ${made.length} new`);
  for (const s of gone) console.log(`- ${key(s)}`);
  for (const s of made) console.log(`+ ${key(s)}`);
} else {
  const out = args[0];
  if (!out) throw new Error("usage: tsx test/bench/corpus-sets.ts <out.json> | --diff <before.json> <after.json>");
  const extractor = createDocumentExtractor();
  const structurer = createStructurer();
  const docs: GroupingCandidate[] = [];
  const access = { principals: [], groups: ["corpus"] };
  for (const dir of ["edgar", "cuad", "contractnli"]) {
    for (const file of readdirSync(corpusPath(dir)).sort()) {
      const r = await extractor.extract({
        bytes: readFileSync(join(corpusPath(dir), file)),
        fileName: file,
        limits: DEFAULT_LIMITS,
      });
      if (!r.ok) continue;
      const s = structurer.structure({ documentId: `${dir}/${file}`, version: "v", extraction: r.value });
      docs.push({ documentId: `${dir}/${file}`, fileName: file, profile: s.profile, access });
    }
  }
  const sets = groupTransactionSets(docs)
    .map((s) => s.documentIds.slice().sort())
    .sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
  writeFileSync(out, JSON.stringify(sets, null, 1));
  const at = args.indexOf("--profiles");
  if (at > 0 && args[at + 1] !== undefined) {
    const wanted = new RegExp(args[at + 1] as string);
    for (const d of docs) if (wanted.test(d.documentId)) console.log(d.documentId, JSON.stringify(d.profile));
  }
  console.log(`${docs.length} documents, ${sets.length} sets → ${out}`);
}
