/**
 * docs/answers.md: the CUAD dev questions asked as a lawyer asks them, naming the contract instead of
 * "Consider the X between A and B; ... this contract?": "Which law governs the Marketing Affiliate
 * Agreement?", "Is there a cap on liability in the Marketing Affiliate Agreement?". The contract's kind
 * is its title from the naming part (kept only when that reads as an instrument named by kind: at most
 * five words of letters ending in an instrument noun). Each question is answered offline with `lexnav
 * eval answers --scope set` (the asker may read only the question's own contract, so routing plays no
 * part and the figures are the answerer's); the answerer sees the question and the principal only. The
 * evidence model was trained on these contracts, so these are training-set figures: they show which
 * scorer a lawyer's wording reaches, not what a new contract gets (docs/answers.md, held out).
 * Run: pnpm bench:lawyer                 (LEXNAV_LAWYER_MODES=hybrid,navindex for other modes;
 *      LEXNAV_LAWYER_SCOPE=corpus to let the asker read all 510 contracts, so the named kind must
 *      also find the contract among the others of its kind)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { sharedDir } from "../support/shared.ts";

interface BenchTest {
  query: string;
  [field: string]: unknown;
}

const NOUN =
  /^(?:agreement|amendment|guaranty|guarantee|indenture|lease|licen[cs]e|letter|note|consent|waiver|certificate|supplement|joinder|mortgage|deed|plan|charter|bylaws|warrant|debenture|undertaking|instrument|contract)s?$/i;

/** The question as a lawyer asks it, or null when the contract's title does not read as a kind of instrument. */
export function lawyerWording(query: string): string | null {
  const m = /^Consider the (.+?) between .*?;\s*(.+)$/s.exec(query);
  if (!m) return null;
  const title = (m[1] as string).trim();
  const words = title.split(/\s+/);
  if (words.length > 5 || !NOUN.test(words.at(-1) as string) || /[^A-Za-z -]/.test(title)) return null;
  const kind = `the ${words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(" ")}`;
  const ask = (m[2] as string).trim();
  return ask.includes("this contract") ? ask.replace("this contract", kind) : ask.replace(/\?$/, ` in ${kind}?`);
}

const modes = process.env.LEXNAV_LAWYER_MODES?.split(",") ?? ["hybrid", "navindex"];
const scope = process.env.LEXNAV_LAWYER_SCOPE ?? "set";
const source = JSON.parse(readFileSync(join(sharedDir(), "bench", "cuad.dev.json"), "utf8")) as { tests: BenchTest[] };
const tests = source.tests.flatMap((t) => {
  const query = lawyerWording(t.query);
  return query === null ? [] : [{ ...t, query }];
});
const dir = mkdtempSync(join(tmpdir(), "lexnav-bench-lawyer-"));
try {
  // the eval names its store after the data set the file's documents come from, as for the original
  const bench = join(dir, "cuad.dev.json");
  writeFileSync(bench, JSON.stringify({ tests }));
  console.log(
    `# CUAD dev asked as a lawyer: ${tests.length} of ${source.tests.length} questions (the rest name no kind)`,
  );
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
    const r = await runCliCaptured(
      [
        "eval",
        "answers",
        "--bench",
        bench,
        "--corpus",
        join(sharedDir(), "corpus"),
        "--mode",
        mode,
        "--offline",
      ].concat(["--scope", scope, "--json"]),
      loadConfig({}),
      silentLogger,
    );
    if (r.code !== 0) throw new Error(`eval answers (${mode}) exited ${r.code}: ${r.err}`);
    const e = JSON.parse(r.out) as {
      questions: number;
      answered: number;
      abstention: { withEvidence: { hits: number; of: number; rate: number } };
      citationPrecision: { hits: number; of: number; rate: number };
    };
    const pct = (x: { hits: number; of: number; rate: number }) => `${(100 * x.rate).toFixed(1)} % (${x.hits}/${x.of})`;
    console.log(
      `| ${mode} | ${e.questions} | ${e.answered} | ${pct(e.abstention.withEvidence)} | ${pct(e.citationPrecision)} |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
