/**
 * docs/retrieval.md, "A question typed in lower case": the natural halves as a lawyer types them into a
 * search box, every letter in lower case ("can fleet hand off part of the manufacturing to a
 * subcontractor?"), the gold and everything else as they are. The product reads no bench field but the
 * question, so what the capitals were worth is the difference between the two runs.
 *
 * Writes `<out>/<half>.json` for each half named (default: every `*.json` of test/bench/natural).
 *
 *   tsx test/bench/lower-cased.ts <out> [half ...]
 *   pnpm lexnav --db <db> eval retrieval --bench <out>/tune.json --corpus ../shared/corpus --mode hybrid --json
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const NATURAL = join(import.meta.dirname, "natural");

/** A bench file with every question in lower case; nothing else changes. */
export function lowerCased(bench: { tests: Array<{ query: string }> }): { tests: Array<{ query: string }> } {
  return { ...bench, tests: bench.tests.map((t) => ({ ...t, query: t.query.toLowerCase() })) };
}

function main(out: string | undefined, halves: string[]): void {
  if (!out) throw new Error("usage: tsx test/bench/lower-cased.ts <out> [half ...]");
  mkdirSync(out, { recursive: true });
  const names =
    halves.length > 0
      ? halves
      : readdirSync(NATURAL)
          .filter((f) => f.endsWith(".json"))
          .map((f) => f.slice(0, -".json".length));
  for (const half of names) {
    const bench = JSON.parse(readFileSync(join(NATURAL, `${half}.json`), "utf8"));
    writeFileSync(join(out, `${half}.json`), `${JSON.stringify(lowerCased(bench), null, 1)}\n`);
    console.log(`${join(out, `${half}.json`)}: ${bench.tests.length} questions in lower case`);
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main(process.argv[2], process.argv.slice(3));
