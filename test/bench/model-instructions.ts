/**
 * False positives of the instruction-to-an-AI detector over the real corpus: every CUAD text file and
 * every EDGAR filing is extracted and split into sentences, and each sentence the detector flags is
 * counted (and printed, so a person can judge it). A contract has no reason to address an AI, so the
 * count should be about zero.
 * Run: pnpm bench:model-instructions [--json]
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { extractDocument } from "@lexnav/extract";
import { modelInstructions, splitSentences } from "@lexnav/retrieval";
import { corpusPath } from "../support/shared.ts";

const { values } = parseArgs({ options: { json: { type: "boolean" } } });
const corpora = [
  { name: "cuad", dir: corpusPath("cuad"), keep: (f: string) => f.endsWith(".txt") },
  { name: "edgar", dir: corpusPath("edgar"), keep: (f: string) => /\.html?$/i.test(f) },
];
const rows: Array<{ corpus: string; files: number; failed: number; sentences: number; flagged: number }> = [];
const flagged: Array<{ file: string; sentence: string }> = [];
for (const c of corpora) {
  const row = { corpus: c.name, files: 0, failed: 0, sentences: 0, flagged: 0 };
  for (const file of readdirSync(c.dir).filter(c.keep).sort()) {
    const bytes = new Uint8Array(readFileSync(join(c.dir, file)));
    const outcome = await extractDocument({ bytes, fileName: file, limits: DEFAULT_LIMITS });
    row.files += 1;
    if (!outcome.ok) {
      row.failed += 1;
      continue;
    }
    const text = outcome.value.text;
    row.sentences += splitSentences(text, 0, text.length).length;
    for (const r of modelInstructions(text)) {
      row.flagged += 1;
      flagged.push({ file, sentence: text.slice(r.start, r.end).replace(/\s+/g, " ").slice(0, 300) });
    }
  }
  rows.push(row);
}
if (values.json) console.log(JSON.stringify({ rows, flagged }, null, 2));
else {
  console.log("| corpus | files | not extracted | sentences | flagged |\n| --- | ---: | ---: | ---: | ---: |");
  for (const r of rows) console.log(`| ${r.corpus} | ${r.files} | ${r.failed} | ${r.sentences} | ${r.flagged} |`);
  for (const f of flagged) console.log(`- ${f.file}: ${f.sentence}`);
}
