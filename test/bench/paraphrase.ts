/**
 * docs/answers/wording-model.md: the dev questions asked in other words (test/bench/paraphrases.ts), each benchmark
 * wording replaced by a paraphrase of it and the naming part kept ("Consider the X between A and B;",
 * "In the non-disclosure agreement X:"), answered offline with the asker limited to the question's own
 * contract (`--scope set`), so the figures are the answerer's. `tune` is the set changes may be checked
 * on, `heldOut` and `heldOut2` the ones counted after them. The evidence model was trained on these contracts: these
 * are training-set figures, to compare scorers on wordings it was not trained on, not held-out ones.
 * Run: pnpm bench:paraphrase                  (LEXNAV_PARAPHRASE_SET=heldOut or heldOut2 for a held-out set;
 *      LEXNAV_PARAPHRASE_MODE=navindex for another mode)
 */
import { CONTRACTNLI_PARAPHRASES, CUAD_PARAPHRASES, type Paraphrase } from "./paraphrases.ts";
import { devTests, evalReworded, pct } from "./reworded-eval.ts";

const SETS = ["tune", "heldOut", "heldOut2", "heldOut3", "heldOut4"] as const;
const set = (process.env.LEXNAV_PARAPHRASE_SET ?? "tune") as (typeof SETS)[number];
if (!SETS.includes(set)) throw new Error(`LEXNAV_PARAPHRASE_SET is one of ${SETS.join(", ")}`);
const mode = process.env.LEXNAV_PARAPHRASE_MODE ?? "hybrid";

/** The question with its wording replaced, or null when its wording has no paraphrase. */
function paraphrased(query: string, table: readonly Paraphrase[]): string | null {
  const cut =
    /^(Consider .*?;\s*|In the non-disclosure agreement .*?:\s*)(?:does the agreement provide that\s+)?(.+?)\??$/s.exec(
      query,
    );
  if (!cut) return null;
  const p = table.find((x) => x.wording.replace(/\?$/, "") === (cut[2] as string).trim());
  return p ? `${cut[1]}${p[set]}` : null;
}

console.log(
  `# dev questions in other words: the ${set} paraphrases, ${mode}, asker limited to the question's contract\n`,
);
console.log("| bench | questions | answered | abstained when silent | cited gold when not | citation precision |");
console.log("|---|---|---|---|---|---|");
for (const [name, table] of [
  ["cuad", CUAD_PARAPHRASES],
  ["contractnli", CONTRACTNLI_PARAPHRASES],
] as const) {
  const source = devTests(name);
  const tests = source.flatMap((t) => {
    const query = paraphrased(t.query, table);
    return query === null ? [] : [{ ...t, query }];
  });
  if (tests.length < source.length)
    throw new Error(`${name}: ${source.length - tests.length} questions have no paraphrase`);
  const e = await evalReworded(name, tests, mode, "set");
  console.log(
    `| ${name}.dev | ${e.questions} | ${e.answered} | ${pct(e.abstention.noEvidence)} | ${pct(e.abstention.withEvidence)} | ${pct(e.citationPrecision)} |`,
  );
}
