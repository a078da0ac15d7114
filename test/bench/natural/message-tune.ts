/**
 * The message-tune half: 27 questions of the tuning halves that lexnav answered on gold, asked again as a
 * lawyer types them into a message (2026-12-07): shorthand ("agmt", "info", "w/", "mfg"), no question mark,
 * lower case, a lead-in ("quick q -", "MEB NDA terminated -"), the other spelling ("advisors"), everyday phrases
 * ("if they ask for their materials back", "auto-renew", "late fee"). Each keeps its original's deal, type,
 * scope, reference answer and gold snippets, so nothing is typed twice. 22 were written before lexnav was run on
 * them; the 5 marked `seen` were tried by hand first, and the rules of `shorthand.ts` were written on them.
 * A tuning half: read its rows as much as you like.
 *
 *   pnpm exec tsx test/bench/natural/message-tune.ts   # writes test/bench/natural/message-tune.json
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/** Original id → the question as typed in a message. */
const REWORDED: ReadonlyArray<readonly [string, string, "seen"?]> = [
  ["fr-bioamber-06", "quick q - what counts as an Improvement under the Cargill dev agreement?"],
  ["fr-bioamber-09", "BioAmber development agmt: which provisions survive once it ends?"],
  ["f2-tilt-01", "By when does the White Haven property sale have to close now?"],
  ["f2-tilt-07", "which law governs amendment no. 4 to the promissory note"],
  ["f2-careview-01", "CareView replacement notes - maturity date?"],
  ["f2-careview-02", "Do CareView's new secured convertible notes pay interest?"],
  ["df-vapotherm-02", "Under the Vapotherm/Medica mfg agreement, what's a Renewal Term?"],
  ["df-vapotherm-03", "what counts as a recall under vapotherm's supply agreement w/ medica"],
  ["ft-happiness-04", "How long has DMG Tech got to fix a material breach before Happiness can terminate?"],
  ["ft-cbl-05", "Is Khaleel allowed to assign her consulting agmt?"],
  ["ft-cbl-01", "What cash severance is Farzana Khaleel getting when she leaves CBL?"],
  ["ft-immersion-01", "Eric Singer's base salary as CEO?"],
  ["am-alkami-01", "When does the current renewal term of the CO-OP bill pay reseller agreement with Alkami end?"],
  ["am-masonite-01", "Masonite/EPI purchase agreement — what's the outside date for termination now?"],
  ["nt-bellring-02", "where do we have to sue under the Stremick's mfg agreement?"],
  ["nt-kubient-03", "How much notice to terminate the Kubient MSA once the initial term is over?"],
  ["nt-anton-02", "If we breach the Anton Paar confidentiality agreement, is there a contractual penalty?"],
  ["nt-scansource-02", "governing law - Cisco/ScanSource distributor agreement?"],
  ["tu-kubient-05", "What's the split on programmatic revenue once it's above the threshold?"],
  ["tu-nda-urban-02", "MEB NDA terminated - what happens to the confidential materials?"],
  ["tu-bellring-17", "Does the Premier/Heritage agreement auto-renew?"],
  ["tu-pcquote-05", "Is there a late fee on PC Quote invoices?"],
  ["tu-nda-urban-01", "Urban Wind Turbines NDA: can the recipient share info with its advisors?", "seen"],
  ["tu-nda-antonpaar-02", "Anton Paar NDA — if they ask for their materials back, how long do we have?", "seen"],
  ["tu-kubient-04", "can AP get out of the Kubient MSA during year one", "seen"],
  [
    "tu-bellring-07",
    "We're Heritage. Where can we make Premier's products now that the bottle amendment is signed?",
    "seen",
  ],
  ["tu-bellring-10", "Heritage plant hit by force majeure: does the other plant need to cover the volume?", "seen"],
];

const HALVES = ["tune", "fresh", "fresh2", "nid-tune", "amend-tune", "def-tune", "fact-tune"];

type Test = { query_id: string; query: string } & Record<string, unknown>;

const originals = new Map<string, Test>();
for (const half of HALVES) {
  const bench = JSON.parse(readFileSync(join(here, `${half}.json`), "utf8")) as { tests: Test[] };
  for (const t of bench.tests) originals.set(t.query_id, t);
}
const tests = REWORDED.map(([id, query, seen]) => {
  const original = originals.get(id);
  if (!original) throw new Error(`no tuning question ${id}`);
  return { ...original, query_id: `mt-${id}`, query, reworded_from: id, ...(seen ? { seen: true } : {}) };
});
writeFileSync(join(here, "message-tune.json"), `${JSON.stringify({ tests }, null, 1)}\n`);
console.log(`wrote ${tests.length} questions to message-tune.json`);
