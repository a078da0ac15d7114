/**
 * PDF extraction fidelity: parses every PDF of corpus/cuad-pdf and compares the extracted text
 * with the CUAD plain-text version of the same contract (corpus/cuad/<same name>.txt).
 *
 *   pnpm bench:pdf            (LEXNAV_SHARED_DIR overrides ../shared; an argument filters file names)
 *
 * Measures, on words (NFKC, lower case, curly quotes and dashes folded, whitespace ignored):
 * - word F1: bag-of-words precision/recall between the two texts;
 * - order ratio: 2·LCS / (n + m) over the word sequences (Myers diff), i.e. difflib's ratio on words;
 * plus parse time, pages and the furniture spans found. Prints a table; it asserts nothing.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { createPdfParser } from "@lexnav/extract";

const shared = resolve(process.env.LEXNAV_SHARED_DIR ?? "../shared");
const pdfDir = join(shared, "corpus/cuad-pdf");
const txtDir = join(shared, "corpus/cuad");
const filter = process.argv[2] ?? "";

function words(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[‘’‚‛]/g, "'")
    .replace(/[“”„‟]/g, '"')
    .replace(/[‐‑‒–—―]/g, "-")
    .split(/\s+/)
    .filter((w) => w !== "");
}

function wordF1(a: string[], b: string[]): { precision: number; recall: number; f1: number } {
  const counts = new Map<string, number>();
  for (const w of b) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of a) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common += 1;
      counts.set(w, n - 1);
    }
  }
  const precision = a.length ? common / a.length : 0;
  const recall = b.length ? common / b.length : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** Myers' O((n+m)·D) edit distance on word ids; LCS = (n + m − D) / 2. Null when D passes `maxD`. */
function lcsRatio(a: string[], b: string[], maxD = 40_000): number | null {
  const ids = new Map<string, number>();
  const id = (w: string): number => {
    let v = ids.get(w);
    if (v === undefined) {
      v = ids.size;
      ids.set(w, v);
    }
    return v;
  };
  const x = Int32Array.from(a, id);
  const y = Int32Array.from(b, id);
  const n = x.length;
  const m = y.length;
  if (n + m === 0) return 1;
  const max = Math.min(n + m, maxD);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let i =
        k === -d || (k !== d && (v[off + k - 1] ?? 0) < (v[off + k + 1] ?? 0))
          ? (v[off + k + 1] ?? 0)
          : (v[off + k - 1] ?? 0) + 1;
      let j = i - k;
      while (i < n && j < m && x[i] === y[j]) {
        i++;
        j++;
      }
      v[off + k] = i;
      if (i >= n && j >= m) return (n + m - d) / (n + m);
    }
  }
  return null;
}

function stats(values: number[]): { mean: number; median: number; min: number } {
  const s = [...values].sort((p, q) => p - q);
  return {
    mean: s.reduce((p, q) => p + q, 0) / Math.max(s.length, 1),
    median: s.length ? ((s[(s.length - 1) >> 1] ?? 0) + (s[s.length >> 1] ?? 0)) / 2 : 0,
    min: s[0] ?? 0,
  };
}

/** The CUAD .txt of a PDF: same name; one PDF name carries a trailing "-" its .txt lacks. */
function goldPath(pdf: string): string {
  const base = basename(pdf, ".pdf");
  const exact = join(txtDir, `${base}.txt`);
  return existsSync(exact) ? exact : join(txtDir, `${base.replace(/[-\s]+$/, "")}.txt`);
}

const pct = (v: number | null): string => (v === null ? "n/a" : `${(v * 100).toFixed(1)}`);

const parser = createPdfParser();
const files = readdirSync(pdfDir)
  .filter((f) => f.endsWith(".pdf") && f.includes(filter))
  .sort();
const rows: Array<{ file: string; pages: number; ms: number; f1: number; ratio: number | null; furniture: number }> =
  [];
const failures: string[] = [];
const started = performance.now();
for (const file of files) {
  const bytes = new Uint8Array(readFileSync(join(pdfDir, file)));
  const t0 = performance.now();
  const out = await parser.parse({ bytes, fileName: file, limits: DEFAULT_LIMITS });
  const ms = performance.now() - t0;
  if (!out.ok) {
    failures.push(`${file}: ${out.error.code} ${out.error.reason}`);
    continue;
  }
  const gold = words(readFileSync(goldPath(file), "utf8"));
  const got = words(out.value.text);
  rows.push({
    file,
    pages: out.value.pages.length,
    ms,
    f1: wordF1(got, gold).f1,
    ratio: lcsRatio(got, gold),
    furniture: out.value.furniture.length,
  });
}
const total = performance.now() - started;

const out: string[] = [];
out.push("| file | pages | ms | word F1 % | order ratio % | furniture |", "| --- | ---: | ---: | ---: | ---: | ---: |");
for (const r of rows)
  out.push(
    `| ${r.file.slice(0, 60)} | ${r.pages} | ${Math.round(r.ms)} | ${pct(r.f1)} | ${pct(r.ratio)} | ${r.furniture} |`,
  );
const f1 = stats(rows.map((r) => r.f1));
const ratio = stats(rows.flatMap((r) => (r.ratio === null ? [] : [r.ratio])));
const ms = stats(rows.map((r) => r.ms));
const pages = rows.reduce((p, r) => p + r.pages, 0);
out.push("");
out.push("| summary | mean | median | min |", "| --- | ---: | ---: | ---: |");
out.push(`| word F1 % | ${pct(f1.mean)} | ${pct(f1.median)} | ${pct(f1.min)} |`);
out.push(`| order ratio % | ${pct(ratio.mean)} | ${pct(ratio.median)} | ${pct(ratio.min)} |`);
out.push(`| parse ms / document | ${Math.round(ms.mean)} | ${Math.round(ms.median)} | ${Math.round(ms.min)} |`);
out.push("");
out.push(
  `${rows.length} of ${files.length} PDFs parsed, ${pages} pages, ${(total / 1000).toFixed(1)} s in all (${Math.round(total / Math.max(pages, 1))} ms/page, incl. comparison)`,
);
if (failures.length) out.push(`failures:\n${failures.join("\n")}`);
process.stdout.write(`${out.join("\n")}\n`);
