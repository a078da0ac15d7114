/**
 * What a model planner is sent in navindex mode (`plannerIndexFor`), and how long building it takes per
 * question: over the twelve exhibits of the Bird filing (everything fits: sent whole) and over the 510
 * CUAD contracts (far too large: scoped to the documents the question names), beside the whole
 * permitted index the planner was sent before scoping (every document loaded, built and serialised on
 * every question). No model is called; tokens are cl100k_base.
 * Run: pnpm bench:planner-index [--limit N]   (N CUAD contracts; default all 510)
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { countTokens } from "@lexnav/document-model";
import { buildNavIndex, serializeNavIndexCompact } from "@lexnav/provisions";
import { mayRead, type Principal } from "@lexnav/retrieval";
import { createEmbeddedStack, type EmbeddedStack, loadNavIndex, plannerIndexFor } from "@lexnav/stack";
import { corpusPath } from "../support/shared.ts";

const PRINCIPAL: Principal = { id: "bench", groups: ["deal"] };
const RUNS = 3;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

async function ingest(stack: EmbeddedStack, dir: string, files: string[]): Promise<void> {
  for (const f of files) {
    const r = await stack.pipeline.ingest({ source: join(dir, f), access: { principals: [], groups: ["deal"] } });
    if (r.status !== "indexed") throw new Error(`${f}: ${r.status}`);
  }
}

async function row(stack: EmbeddedStack, set: string, question: string): Promise<string> {
  const readable = (await stack.catalog.listDocuments({ lifecycle: ["indexed"] })).filter((d) =>
    mayRead(PRINCIPAL, d.access),
  );
  const ms: number[] = [];
  let cells: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    try {
      const p = await plannerIndexFor(stack, PRINCIPAL, question, readable);
      ms.push(performance.now() - t0);
      const docs = new Set([...p.known].map((k) => k.split(" ")[0])).size;
      cells = [
        p.routing ? `routed by ${p.routing.by}` : "whole",
        String(docs),
        String(p.known.size),
        String(countTokens(p.compact)),
      ];
    } catch (e) {
      ms.push(performance.now() - t0);
      cells = [`refused: ${(e as Error).message.slice(0, 60)}…`, "0", "0", "0"];
    }
  }
  return `| ${set} | ${question.length > 70 ? `${question.slice(0, 67)}…` : question} | ${cells.join(" | ")} | ${Math.round(median(ms))} |`;
}

/** What was sent before scoping: the whole permitted index, loaded, built and serialised per question. */
async function wholeRow(stack: EmbeddedStack, set: string): Promise<string> {
  const ms: number[] = [];
  let tokens = 0;
  let chars = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const compact = serializeNavIndexCompact(buildNavIndex((await loadNavIndex(stack.catalog, "operator")).docs));
    ms.push(performance.now() - t0);
    chars = compact.length;
  }
  const head = serializeNavIndexCompact(buildNavIndex((await loadNavIndex(stack.catalog, "operator")).docs));
  // counting 4.6M characters with tiktoken takes minutes: count the first 400,000 and scale
  const sample = head.slice(0, 400_000);
  tokens = Math.round((countTokens(sample) * chars) / sample.length);
  return `| ${set} | (before: everything readable, every question) | whole | ${(await stack.catalog.listDocuments({ lifecycle: ["indexed"] })).length} | – | ${chars > sample.length ? "≈" : ""}${tokens} | ${Math.round(median(ms))} |`;
}

async function main() {
  const { values } = parseArgs({ options: { limit: { type: "string" } } });
  const tmp = mkdtempSync(join(tmpdir(), "lexnav-planner-"));
  const lines = [
    "| set | question | planner reads | documents | provisions | compact tokens | ms per question (median of 3) |",
    "|---|---|---|---|---|---|---|",
  ];
  try {
    const edgar = corpusPath("edgar");
    const bird = await createEmbeddedStack(join(tmp, "bird.sqlite"), DEFAULT_LIMITS, silentLogger);
    await ingest(
      bird,
      edgar,
      readdirSync(edgar).filter((f) => f.startsWith("0001861449-23-000002_")),
    );
    // the first count loads the tokenizer: not a question's cost
    countTokens("warm up");
    for (const q of ["Which law governs the loan agreement?", "What is the maturity date?"])
      lines.push(await row(bird, "Bird filing (12)", q));
    lines.push(await wholeRow(bird, "Bird filing (12)"));
    await bird.close();

    const cuadDir = corpusPath("cuad");
    const files = readdirSync(cuadDir)
      .filter((f) => f.endsWith(".txt"))
      .sort()
      .slice(0, values.limit ? Number(values.limit) : undefined);
    const cuad = await createEmbeddedStack(join(tmp, "cuad.sqlite"), DEFAULT_LIMITS, silentLogger);
    const t0 = performance.now();
    await ingest(cuad, cuadDir, files);
    process.stderr.write(
      `ingested ${files.length} CUAD contracts in ${Math.round((performance.now() - t0) / 1000)} s\n`,
    );
    const set = `CUAD (${files.length})`;
    for (const q of [
      "Consider the Marketing Affiliate Agreement between Birch First Global Investments Inc. and Mount Knowledge Holdings Inc.; Which law governs this contract?",
      "Which law governs the marketing affiliate agreement?",
      "Is the licensee's liability capped?",
      "What is the maturity date?",
      "zzqx blorf",
    ])
      lines.push(await row(cuad, set, q));
    lines.push(await wholeRow(cuad, set));
    await cuad.close();
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  console.log(lines.join("\n"));
}

await main();
