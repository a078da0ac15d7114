/**
 * docs/answers/context-vs-inject.md: answering context per question, each navigate mode against inject, and whether the
 * offline answer cites the evidence, on real EDGAR sets: the twelve exhibits of one filing
 * (0001861449-23-000002, about 169K tokens: an amendment to a loan agreement with its conformed copy,
 * an amendment to a master agreement, guaranties, pledge agreements, a voting agreement), and five
 * credit agreements and amendments, each labelled before the changes it was held out of
 * (test/bench/context-questions.ts). The questions and their evidence are ours, labelled by reading the
 * documents. Everything runs through the CLI as a user would: ingest with an ACL, build the dense index,
 * ask offline with the principal only.
 * Run: pnpm bench:context
 *      LEXNAV_CONTEXT_SETS=<file prefix>,... LEXNAV_CONTEXT_MODES=hybrid,navindex pnpm bench:context
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { SEARCH_MODES } from "@lexnav/retrieval";
import { corpusPath } from "../support/shared.ts";
import { CONTEXT_SETS, type ContextSet, citesExpected } from "./context-questions.ts";

// Every navigate mode (inject is the yardstick, asked once per set).
const ALL_MODES = SEARCH_MODES.filter((m) => m !== "inject");
const MODES = process.env.LEXNAV_CONTEXT_MODES?.split(",") ?? ALL_MODES;

interface Answer {
  contextTokens: number;
  abstained: boolean;
  citations: Array<{ display: string; quote: string }>;
}

/** right: cites the evidence (or stays silent where the set is); wrong: answers without it; abstained: a silence where the set answers. */
type Outcome = "right" | "wrong" | "abstained";

function outcome(expect: ContextSet["questions"][number]["expect"], a: Answer): Outcome {
  if (expect === "silent") return a.abstained ? "right" : "wrong";
  if (a.abstained) return "abstained";
  return a.citations.some((c) => citesExpected(expect, c)) ? "right" : "wrong";
}

const config = loadConfig({});

async function runSet(set: ContextSet): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "lexnav-bench-context-"));
  const db = join(dir, "lexnav.sqlite");
  const cli = async (...argv: string[]): Promise<string> => {
    const r = await runCliCaptured([...argv, "--db", db], config, silentLogger);
    if (r.code !== 0) throw new Error(`lexnav ${argv.join(" ")} exited ${r.code}: ${r.err}`);
    return r.out;
  };
  try {
    const files = readdirSync(corpusPath("edgar"))
      .filter((f) => f.startsWith(set.filePrefix))
      .map((f) => corpusPath("edgar", f));
    await cli("ingest", ...files, "--acl", "group:deal-team", "--set", `bench-${set.filePrefix}`);
    await cli("index", "dense");
    const ask = async (question: string, mode: string) =>
      JSON.parse(await cli("ask", question, "--mode", mode, "--offline", "--group", "deal-team", "--json")) as Answer;

    const questions = set.questions;
    const inject = await ask(questions[0]?.question as string, "inject");
    const rows: string[] = [];
    // What each answer cites, so a reader can check the scoring: one line per question and mode.
    const cited: string[] = [];
    for (const mode of MODES) {
      let tokens = 0;
      let answered = 0;
      const counts: Record<Outcome, number> = { right: 0, wrong: 0, abstained: 0 };
      for (const q of questions) {
        const r = await ask(q.question, mode);
        tokens += r.contextTokens;
        if (!r.abstained) answered += 1;
        const o = outcome(q.expect, r);
        counts[o] += 1;
        const first = r.citations[0];
        const quote = first ? first.quote.replace(/\s+/g, " ").slice(0, 90) : "";
        cited.push(
          `| ${mode} | ${q.question} | ${o} | ${r.abstained || !first ? "abstains" : `${first.display}: "${quote}…"`} |`,
        );
      }
      const mean = tokens / questions.length;
      rows.push(
        `| ${mode} | ${mean.toFixed(0)} | ${(inject.contextTokens / mean).toFixed(0)}x | ${answered}/${questions.length} | ${counts.right} | ${counts.wrong} | ${counts.abstained} |`,
      );
    }
    console.log(`\n## ${set.name}${set.heldOut ? ` (held out of ${set.heldOut})` : " (tuning)"}`);
    console.log(`${files.length} documents, inject context ${inject.contextTokens} tokens (cl100k)\n`);
    console.log("| mode | mean context tokens | inject / mode | answered offline | right | wrong | abstained |");
    console.log("|---|---|---|---|---|---|---|");
    for (const r of rows) console.log(r);
    console.log("\n| mode | question | outcome | first citation |");
    console.log("|---|---|---|---|");
    for (const c of cited) console.log(c);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const only = process.env.LEXNAV_CONTEXT_SETS?.split(",");
for (const set of CONTEXT_SETS) {
  if (!only || only.some((p) => set.filePrefix.startsWith(p))) await runSet(set);
}
