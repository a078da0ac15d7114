// Calibrates the offline answerer's abstention threshold on ContractNLI dev: questions whose answer is
// in the document (snippets) against questions whose answer is not (no snippets). At answer time only
// the question and the named document's text are used; the snippets only label the outcome.
// Usage: pnpm tsx packages/answer/bench/calibrate-abstention.ts [../shared] [--limit N]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EvidenceItem } from "../src/domain/evidence.ts";
import { scoreSentences } from "../src/domain/offline-answerer.ts";

interface BenchTest {
  query: string;
  doc?: string;
  snippets: Array<{ file_path: string; span: [number, number] }>;
}

const shared = process.argv[2] && !process.argv[2].startsWith("--") ? process.argv[2] : "../shared";
const limitAt = process.argv.indexOf("--limit");
const limit = limitAt > 0 ? Number(process.argv[limitAt + 1]) : Number.POSITIVE_INFINITY;
const tests = (
  JSON.parse(readFileSync(join(shared, "bench/contractnli.dev.json"), "utf8")) as { tests: BenchTest[] }
).tests.slice(0, limit);
const texts = new Map<string, string>();
const rows: Array<{ answerable: boolean; score: number; hit: boolean }> = [];
for (const t of tests) {
  const file = t.doc ?? t.snippets[0]?.file_path;
  if (!file) continue;
  let text = texts.get(file);
  if (text === undefined) {
    text = readFileSync(join(shared, "corpus", file), "utf8");
    texts.set(file, text);
  }
  const body = text;
  // The named document stands in for what routing retrieves: the whole of it is the extract.
  const item: EvidenceItem = {
    id: "E1",
    documentId: file,
    version: "v",
    nodeId: "n",
    start: 0,
    end: body.length,
    text: body,
    docLabel: file,
    role: "base_agreement",
    effectiveDate: null,
    transactionSetId: null,
    clauseRef: null,
  };
  const best = scoreSentences(t.query, [item], () => body)[0];
  const hit = !!best && t.snippets.some((s) => s.span[0] < best.end && best.start < s.span[1]);
  rows.push({ answerable: t.snippets.length > 0, score: best?.score ?? 0, hit });
}
const pos = rows.filter((r) => r.answerable);
const neg = rows.filter((r) => !r.answerable);
const quant = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};
console.log(`questions ${rows.length}: ${pos.length} answerable, ${neg.length} not answerable`);
console.log(
  `best-sentence score quartiles: answerable ${[0.25, 0.5, 0.75]
    .map((q) =>
      quant(
        pos.map((r) => r.score),
        q,
      ).toFixed(2),
    )
    .join("/")}, not answerable ${[0.25, 0.5, 0.75]
    .map((q) =>
      quant(
        neg.map((r) => r.score),
        q,
      ).toFixed(2),
    )
    .join("/")}`,
);
console.log("threshold  answers-when-answerable  abstains-when-not  balanced  cited-gold-when-answering");
let bestT = 0;
let bestBal = -1;
for (let t = 0.2; t <= 0.951; t += 0.05) {
  const answered = pos.filter((r) => r.score >= t);
  const tpr = answered.length / pos.length;
  const tnr = neg.filter((r) => r.score < t).length / neg.length;
  const bal = (tpr + tnr) / 2;
  const gold = answered.length ? answered.filter((r) => r.hit).length / answered.length : 0;
  if (bal > bestBal) {
    bestBal = bal;
    bestT = t;
  }
  console.log(
    `${t.toFixed(2).padStart(9)}  ${(100 * tpr).toFixed(1).padStart(23)}%  ${(100 * tnr).toFixed(1).padStart(16)}%  ${(100 * bal).toFixed(1).padStart(7)}%  ${(100 * gold).toFixed(1).padStart(24)}%`,
  );
}
console.log(`best balanced accuracy ${(100 * bestBal).toFixed(1)} % at threshold ${bestT.toFixed(2)}`);
