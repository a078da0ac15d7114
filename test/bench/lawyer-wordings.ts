/**
 * docs/answers/wording-model.md: the CUAD dev questions asked as a lawyer asks them, naming the contract instead of
 * "Consider the X between A and B; ... this contract?": "Which law governs the Marketing Affiliate
 * Agreement?", "Is there a cap on liability in the Marketing Affiliate Agreement?". The contract's kind
 * is its title from the naming part (kept only when that reads as an instrument named by kind: at most
 * five words of letters ending in an instrument noun). Each question is answered offline with `lexnav
 * eval answers --scope set` (the asker may read only the question's own contract, so routing plays no
 * part and the figures are the answerer's); the answerer sees the question and the principal only. The
 * evidence model was trained on these contracts, so these are training-set figures: they show which
 * scorer a lawyer's wording reaches, not what a new contract gets (docs/answers/wording-model.md, held out).
 * Run: pnpm bench:lawyer                 (LEXNAV_LAWYER_MODES=hybrid,navindex for other modes;
 *      LEXNAV_LAWYER_SCOPE=corpus to let the asker read all 510 contracts, so the named kind must
 *      also find the contract among the others of its kind)
 */
import { instrumentMentions } from "@lexnav/retrieval";
import { devTests, evalReworded, pct } from "./reworded-eval.ts";

/** The question as a lawyer asks it, or null when the contract's title does not read as a kind of instrument. */
export function lawyerWording(query: string): string | null {
  const m = /^Consider the (.+?) between .*?;\s*(.+)$/s.exec(query);
  if (!m) return null;
  const title = (m[1] as string).trim();
  const words = title.split(/\s+/);
  const kind = `the ${words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(" ")}`;
  // a kind of instrument as retrieval reads one ("the Marketing Affiliate Agreement"), the title all of it
  if (
    /[^A-Za-z -]/.test(title) ||
    instrumentMentions(kind)
      .map((m) => m.phrase)
      .join() !== kind
  )
    return null;
  const ask = (m[2] as string).trim();
  return ask.includes("this contract") ? ask.replace("this contract", kind) : ask.replace(/\?$/, ` in ${kind}?`);
}

const modes = process.env.LEXNAV_LAWYER_MODES?.split(",") ?? ["hybrid", "navindex"];
const scope = process.env.LEXNAV_LAWYER_SCOPE ?? "set";
const source = devTests("cuad");
const tests = source.flatMap((t) => {
  const query = lawyerWording(t.query);
  return query === null ? [] : [{ ...t, query }];
});
console.log(`# CUAD dev asked as a lawyer: ${tests.length} of ${source.length} questions (the rest name no kind)`);
console.log(
  "e.g.",
  tests
    .slice(0, 3)
    .map((t) => JSON.stringify(t.query))
    .join(", "),
);
console.log(`scope: ${scope}`);
console.log("\n| mode | questions | answered | cited gold | citation precision |\n|---|---|---|---|---|");
for (const mode of modes) {
  const e = await evalReworded("cuad", tests, mode, scope);
  console.log(
    `| ${mode} | ${e.questions} | ${e.answered} | ${pct(e.abstention.withEvidence)} | ${pct(e.citationPrecision)} |`,
  );
}
