/**
 * docs/retrieval.md, "A party among several routed deals; a question typed in lower case; a lead-in": the
 * natural halves as a lawyer types them into a search box, the gold and everything else as they are. The
 * product reads no bench field but the question, so what the typing costs is the difference between two runs.
 *
 * - `lower`: every letter in lower case ("can fleet hand off part of the manufacturing to a subcontractor?");
 * - `lead <text>`: the question after a lead-in, its first letter in lower case ("Re the agreement: can Fleet
 *   hand off …?").
 *
 * Writes `<out>/<half>.json` for each half named (default: every `*.json` of test/bench/natural).
 *
 *   tsx test/bench/as-typed.ts <out> lower [half ...]
 *   tsx test/bench/as-typed.ts <out> lead "Re the agreement: " [half ...]
 *   tsx test/bench/as-typed.ts <out> before "Following up on yesterday's call with the client. " [half ...]
 *   pnpm lexnav --db <db> eval retrieval --bench <out>/tune.json --corpus ../shared/corpus --mode hybrid --json
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const NATURAL = join(import.meta.dirname, "natural");

type Bench = { tests: Array<{ query: string }> };

/** A bench file with every question rewritten by `typed`; nothing else changes. */
export function asTyped(bench: Bench, typed: (query: string) => string): Bench {
  return { ...bench, tests: bench.tests.map((t) => ({ ...t, query: typed(t.query) })) };
}

/** Every letter in lower case. */
export const lowerCase = (query: string) => query.toLowerCase();

/** The question after a sentence said before it, as written. */
export const afterSentence = (said: string) => (query: string) => `${said}${query}`;

/** The question after a lead-in, its first letter in lower case as it then reads. */
export const afterLead = (lead: string) => (query: string) =>
  `${lead}${query.charAt(0).toLowerCase()}${query.slice(1)}`;

function main(args: string[]): void {
  const [out, variant, ...rest] = args;
  const text = variant === "lead" || variant === "before" ? rest.shift() : undefined;
  if (!out || (variant !== "lower" && text === undefined))
    throw new Error('usage: tsx test/bench/as-typed.ts <out> lower|lead "<text>"|before "<text>" [half ...]');
  const typed = text === undefined ? lowerCase : variant === "lead" ? afterLead(text) : afterSentence(text);
  mkdirSync(out, { recursive: true });
  const halves =
    rest.length > 0
      ? rest
      : readdirSync(NATURAL)
          .filter((f) => f.endsWith(".json"))
          .map((f) => f.slice(0, -".json".length));
  for (const half of halves) {
    const bench = JSON.parse(readFileSync(join(NATURAL, `${half}.json`), "utf8")) as Bench;
    writeFileSync(join(out, `${half}.json`), `${JSON.stringify(asTyped(bench, typed), null, 1)}\n`);
    console.log(`${join(out, `${half}.json`)}: ${bench.tests.length} questions as typed`);
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main(process.argv.slice(2));
