/**
 * docs/answers.md: answering context per question, each navigate mode against inject, on a real
 * transaction set of about 169K tokens: the twelve exhibits of one EDGAR filing (0001861449-23-000002:
 * an amendment to a loan agreement, an amendment to a master agreement, guaranties, pledge agreements, a
 * voting agreement). The questions are ours (a lawyer's first questions on such a set); no gold is
 * needed, only what each mode hands the answerer. Everything runs through the CLI as a user would:
 * ingest with an ACL, build the dense index, ask offline with the principal only.
 * Run: pnpm bench:context
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { corpusPath } from "../support/shared.ts";

const FILING = "0001861449-23-000002_";
const MODES = ["lexical", "dense", "hybrid", "navembed-r1", "navembed-r2", "navembed-r3", "navembed-r4", "navindex"];
const QUESTIONS = [
  "What does Amendment No. 8 change in the loan agreement?",
  "When do the loans mature?",
  "What interest rate applies to the loans?",
  "Who are the guarantors and what do they guarantee?",
  "What collateral is pledged and to whom?",
  "Which law governs the pledge agreement?",
  "What are the conditions to the effectiveness of the amendment?",
  "Is the guarantor's liability limited to an amount?",
  "What are the events of default?",
  "How can the voting agreement be terminated?",
  "What notice must be given before a prepayment?",
  "Which financial covenants must the borrower meet?",
];

const dir = mkdtempSync(join(tmpdir(), "lexnav-bench-context-"));
const db = join(dir, "lexnav.sqlite");
const config = loadConfig({});
async function cli(...argv: string[]): Promise<string> {
  const r = await runCliCaptured([...argv, "--db", db], config, silentLogger);
  if (r.code !== 0) throw new Error(`lexnav ${argv.join(" ")} exited ${r.code}: ${r.err}`);
  return r.out;
}

try {
  const files = readdirSync(corpusPath("edgar"))
    .filter((f) => f.startsWith(FILING))
    .map((f) => corpusPath("edgar", f));
  await cli("ingest", ...files, "--acl", "group:deal-team", "--set", "filing-0001861449-23-000002");
  await cli("index", "dense");

  const ask = async (question: string, mode: string) =>
    JSON.parse(await cli("ask", question, "--mode", mode, "--offline", "--group", "deal-team", "--json")) as {
      contextTokens: number;
      abstained: boolean;
      citations: Array<{ display: string; quote: string }>;
    };
  const inject = await ask(QUESTIONS[0] as string, "inject");
  const rows: string[] = [];
  // What navindex's offline answer cites for each question, so a reader can judge it: answered is no quality figure.
  const cited: string[] = [];
  for (const mode of MODES) {
    let tokens = 0;
    let answered = 0;
    for (const q of QUESTIONS) {
      const r = await ask(q, mode);
      tokens += r.contextTokens;
      if (!r.abstained) answered += 1;
      if (mode === "navindex") {
        const first = r.citations[0];
        const quote = first ? first.quote.replace(/\s+/g, " ").slice(0, 90) : "";
        cited.push(`| ${q} | ${r.abstained || !first ? "abstains" : `${first.display}: "${quote}…"`} |`);
      }
    }
    const mean = tokens / QUESTIONS.length;
    rows.push(
      `| ${mode} | ${mean.toFixed(0)} | ${(inject.contextTokens / mean).toFixed(0)}x | ${answered}/${QUESTIONS.length} |`,
    );
  }
  console.log(`set: ${files.length} documents, inject context ${inject.contextTokens} tokens (cl100k)`);
  console.log("| mode | mean context tokens | inject / mode | answered offline |");
  console.log("|---|---|---|---|");
  for (const r of rows) console.log(r);
  console.log("\nnavindex, offline: the first citation of each answer");
  console.log("| question | cites |");
  console.log("|---|---|");
  for (const c of cited) console.log(c);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
