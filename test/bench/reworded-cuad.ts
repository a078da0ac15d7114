/**
 * docs/retrieval.md and docs/answers/rewording.md, "Rewording costs little": CUAD dev questions none of the
 * tuning or training saw, in the benchmark's wording and reworded as a lawyer asks, the same gold.
 *
 * Which questions: from the 501st dev question on (retrieval was tuned on the first 400, the evidence
 * decision trained on at most the first 500), every `step`-th (default 7), keeping those whose contract
 * title is plain words (letters, spaces, hyphens; at most six words), until `count` (default 200).
 *
 * The rewording, as issue #15 describes it: the instrument named inside the sentence by its kind and a
 * party, and the ask in other words. The kind is the title in lower case ("co-branding agreement"), the
 * party the first one the naming part lists, without its defined name ("VerticalNet, Inc."). The ask is
 * the `heldOut` paraphrase of the benchmark's wording (test/bench/paraphrases.ts, written before any code
 * read it): its first "the agreement" / "the contract" becomes "the <kind> with <party>", or, where it
 * names none, "in the <kind> with <party>" closes it. "Consider the CO-BRANDING AGREEMENT between
 * VerticalNet, Inc. …; Which law governs this contract?" → "Under which state's laws is the co-branding
 * agreement with VerticalNet, Inc. construed?".
 *
 * Writes `<out>/benchmark/cuad.dev.json` (the questions as the benchmark words them) and
 * `<out>/reworded/cuad.dev.json` (the same tests, `query` reworded), and `<out>/named/cuad.dev.json` (only
 * the naming moved inside, the benchmark's ask kept: what each half of the rewording costs). All are named `cuad.dev.json` so
 * `lexnav eval` names their store after the CUAD corpus and one built store serves both.
 *
 *   tsx test/bench/reworded-cuad.ts <out> [count] [step]
 *   pnpm lexnav --db <db> eval retrieval --bench <out>/benchmark/cuad.dev.json --corpus ../shared/corpus --mode hybrid --json
 *   pnpm lexnav --db <db> eval retrieval --bench <out>/reworded/cuad.dev.json  --corpus ../shared/corpus --mode hybrid --json
 *   (and eval answers … --offline the same way)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CUAD_PARAPHRASES } from "./paraphrases.ts";
import { devTests } from "./reworded-eval.ts";

const FIRST_UNSEEN = 500;

/**
 * The question as a lawyer asks it (`ask: "paraphrase"`), or with only the naming moved inside the
 * benchmark's own ask (`ask: "benchmark"`: "Which law governs the co-branding agreement with
 * VerticalNet, Inc.?"), or null when its naming part or title does not allow one.
 */
export function reworded(query: string, ask: "paraphrase" | "benchmark" = "paraphrase"): string | null {
  const m = /^Consider the (.+?)(?: is)? between (.+?);\s*(.+)$/s.exec(query);
  if (!m) return null;
  const title = (m[1] as string).trim();
  if (!/^[A-Za-z][A-Za-z -]*$/.test(title) || title.split(/\s+/).length > 6) return null;
  const party = (m[2] as string)
    .split(/\s*[("“]/)[0]
    ?.replace(/[,;\s]+$/, "")
    .trim();
  if (!party) return null;
  const paraphrase = CUAD_PARAPHRASES.find((p) => p.wording === (m[3] as string).trim());
  if (!paraphrase) return null;
  const naming = `the ${title.toLowerCase()} with ${party}`;
  const asked = ask === "paraphrase" ? paraphrase.heldOut : paraphrase.wording;
  const named = asked.replace(/\b(?:the|this) (?:agreement|contract)\b/i, naming);
  return named !== asked ? named : asked.replace(/\?$/, ` in ${naming}?`);
}

const [out, countArg, stepArg] = process.argv.slice(2);
if (!out) {
  console.error("usage: reworded-cuad.ts <out> [count] [step]");
  process.exit(2);
}
const count = Number(countArg ?? 200);
const step = Number(stepArg ?? 7);
const tests = devTests("cuad");
const chosen: Array<{ original: (typeof tests)[number]; query: string; named: string }> = [];
for (let i = FIRST_UNSEEN; i < tests.length && chosen.length < count; i += step) {
  const t = tests[i];
  const query = t ? reworded(t.query) : null;
  const named = t ? reworded(t.query, "benchmark") : null;
  if (t && query && named) chosen.push({ original: t, query, named });
}
for (const [name, list] of [
  ["benchmark", chosen.map((c) => c.original)],
  ["reworded", chosen.map((c) => ({ ...c.original, query: c.query }))],
  ["named", chosen.map((c) => ({ ...c.original, query: c.named }))],
] as const) {
  mkdirSync(join(out, name), { recursive: true });
  writeFileSync(join(out, name, "cuad.dev.json"), JSON.stringify({ tests: list }));
}
console.log(`${chosen.length} questions (dev index ≥ ${FIRST_UNSEEN}, every ${step}th with a plain title), e.g.:`);
for (const c of chosen.slice(0, 5))
  console.log(`  ${JSON.stringify(c.original.query.slice(-60))} → ${JSON.stringify(c.query)}`);
