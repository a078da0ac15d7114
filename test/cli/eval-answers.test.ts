import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "@lexnav/cli";
import { type LexnavConfig, loadConfig, silentLogger } from "@lexnav/core";
import { countTokens } from "@lexnav/document-model";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MessagesApiStandIn, startMessagesApiStandIn } from "../support/messages-api-stand-in.ts";
import { corpusPath, repoRoot } from "../support/shared.ts";

const LAW = "governed by the laws of the State of California";

// `lexnav eval answers` over the example transaction set as a four-document benchmark corpus.
describe("lexnav eval answers", () => {
  let dir: string;
  let api: MessagesApiStandIn;
  const run = (config: LexnavConfig, ...argv: string[]) =>
    runCliCaptured([...argv, "--db", join(dir, "lexnav.sqlite")], config, silentLogger);
  const args = () => ["eval", "answers", "--bench", join(dir, "bench.json"), "--corpus", join(dir, "corpus")];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-eval-answers-"));
    const src = join(repoRoot, "examples", "manufacturing-agreement");
    mkdirSync(join(dir, "corpus", "mfg"), { recursive: true });
    for (const f of readdirSync(src).filter((f) => f.endsWith(".txt")))
      copyFileSync(join(src, f), join(dir, "corpus", "mfg", f));
    // Another deal in the same corpus: readable by a reader of the whole corpus, not by the set's reader.
    copyFileSync(
      corpusPath("cuad", "RMRGROUPINC_01_22_2020-EX-99.1-JOINT FILING AGREEMENT.txt"),
      join(dir, "corpus", "mfg", "joint-filing-agreement.txt"),
    );
    const base = readFileSync(join(src, "manufacturing-agreement-1.txt"), "utf8");
    const at = base.indexOf(LAW);
    expect(at).toBeGreaterThan(0);
    const doc = "mfg/manufacturing-agreement-1.txt";
    const tests = [
      {
        query_id: "law",
        query: "Consider the Manufacturing Agreement; which state's laws govern the agreement?",
        doc,
        snippets: [{ file_path: doc, span: [at, at + LAW.length], answer: LAW }],
      },
      {
        query_id: "silent",
        query: "Consider the Manufacturing Agreement; may the Receiving Party reverse engineer software objects?",
        doc,
        snippets: [],
      },
    ];
    writeFileSync(join(dir, "bench.json"), JSON.stringify({ tests }));
    api = await startMessagesApiStandIn();
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("offline: scores the offline answerer, compares context with inject and skips pairing with a reason", async () => {
    const r = await run(loadConfig({}), ...args(), "--mode", "hybrid", "--offline", "--paired", "--json");
    expect(r.code).toBe(0);
    expect(r.err).toContain("paired evaluation skipped");
    const j = JSON.parse(r.out);
    expect(j.questions).toBe(2);
    expect(j.answerer).toBe("offline");
    expect(j.abstention.noEvidence.of).toBe(1);
    expect(j.abstention.withEvidence.of).toBe(1);
    expect(j.injectContextTokens).toBeGreaterThan(10_000);
    expect(j.meanContextTokens).toBeGreaterThan(0);
    expect(j.injectRatio).toBeGreaterThan(5);
    expect(j.ledger.total).toBe(0);
    expect(j.paired.notRun).toMatch(/ANTHROPIC_API_KEY/);
    expect(j.rows).toBeUndefined();
  });

  it("--scope set: each question is asked by its transaction set's reader, and inject is that set", async () => {
    const corpus = await run(loadConfig({}), ...args(), "--mode", "hybrid", "--offline", "--json");
    const scoped = await run(loadConfig({}), ...args(), "--mode", "hybrid", "--offline", "--scope", "set", "--json");
    expect(scoped.code).toBe(0);
    const c = JSON.parse(corpus.out);
    const j = JSON.parse(scoped.out);
    expect(c.scope).toBe("corpus");
    expect(j.scope).toBe("set");
    // The four example files are one set (same file-name stem); the joint filing agreement is not in it.
    const other = countTokens(
      readFileSync(corpusPath("cuad", "RMRGROUPINC_01_22_2020-EX-99.1-JOINT FILING AGREEMENT.txt"), "utf8"),
    );
    expect(j.injectContextTokens).toBeGreaterThan(10_000);
    expect(c.injectContextTokens - j.injectContextTokens).toBe(other);
    expect(j.abstention.withEvidence.hits).toBe(1);
    const bad = await run(loadConfig({}), ...args(), "--offline", "--scope", "team");
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/--scope must be "corpus" or "set"/);
  });

  it("runs the natural bench's shape: quoted gold, per-type reports, --scope set as the deal's documents", async () => {
    const base = "mfg/manufacturing-agreement-1.txt";
    const amendment = "mfg/manufacturing-agreement-2.txt";
    const deal = { deal: "mfg-two", files: [base, amendment] };
    const tests = [
      {
        query_id: "n-law",
        query: "Which state's law governs the manufacturing agreement?",
        doc: base,
        type: "fact",
        scope: deal,
        reference_answer: "California.",
        snippets: [{ file_path: base, quote: `${LAW.replace(/ /g, "  ")}` }],
      },
      {
        query_id: "n-silent",
        query: "Is there an arbitration clause in the manufacturing agreement?",
        doc: base,
        type: "not-in-documents",
        scope: deal,
        reference_answer: "The documents do not say.",
        snippets: [],
      },
    ];
    writeFileSync(join(dir, "natural.json"), JSON.stringify({ tests }));
    const bench = ["--bench", join(dir, "natural.json"), "--corpus", join(dir, "corpus")];
    const a = await run(
      loadConfig({}),
      "eval",
      "answers",
      ...bench,
      "--mode",
      "hybrid",
      "--offline",
      "--scope",
      "set",
      "--json",
    );
    expect(a.code).toBe(0);
    const j = JSON.parse(a.out);
    expect(Object.keys(j.slices)).toEqual(["fact", "not-in-documents"]);
    expect(j.slices.fact.abstention.withEvidence).toMatchObject({ hits: 1, of: 1 });
    // Inject for a scoped question is its deal's two documents, not the set's four.
    const two = [base, amendment].reduce((n, f) => n + countTokens(readFileSync(join(dir, "corpus", f), "utf8")), 0);
    expect(j.injectContextTokens).toBe(two);
    const rows = join(dir, "rows.jsonl");
    const r = await run(
      loadConfig({}),
      "eval",
      "retrieval",
      ...bench,
      "--mode",
      "hybrid",
      "--scope",
      "set",
      "--rows",
      rows,
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain("each question scoped to its deal");
    expect(r.out).toMatch(/\| fact \| 1 \|/);
    const files = readFileSync(rows, "utf8")
      .trim()
      .split("\n")
      .flatMap((l) => JSON.parse(l).files as string[]);
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((f) => f === base || f === amendment)).toBe(true);
  });

  it("with a key: judges inject against the mode twice per question with positions swapped", async () => {
    const judgeCalls: string[] = [];
    api.fallback = (req) => {
      const system =
        typeof req.body.system === "string" ? req.body.system : (req.body.system ?? []).map((b) => b.text).join("");
      if (!system.startsWith("You compare two answers")) return "The documents provided do not answer this question.";
      const user = req.body.messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("");
      judgeCalls.push(user);
      return "Verdict: tie";
    };
    const config = loadConfig({
      ANTHROPIC_API_KEY: "sk-ant-test-key",
      ANTHROPIC_BASE_URL: api.url,
      LEXNAV_MODEL_MAX_RETRIES: "0",
      LEXNAV_MODEL_TIMEOUT_MS: "5000",
    });
    const r = await run(config, ...args(), "--mode", "hybrid", "--paired", "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.answerer).toBe("model");
    expect(j.ledger.total).toBeGreaterThan(0);
    expect(j.paired.a).toBe("inject");
    expect(j.paired.b).toBe("hybrid");
    expect(j.paired.summary.questions).toBe(2);
    expect(j.paired.summary.ties).toBe(2);
    expect(j.paired.skipped).toBe(0);
    expect(j.paired.ledgers.judge.entries).toHaveLength(4);
    expect(j.paired.forced).toBe(false);
    // Per question: the outcome and both positional readings; per arm: its own ledger.
    expect(j.paired.verdicts.map((v: { queryId: string }) => v.queryId)).toEqual(["law", "silent"]);
    expect(j.paired.verdicts[0]).toMatchObject({ outcome: "tie", verdicts: { aFirst: "tie", bFirst: "tie" } });
    expect(j.paired.verdicts[0].contextTokens.a).toBeGreaterThan(j.paired.verdicts[0].contextTokens.b);
    expect(j.paired.ledgers.a.entries).toHaveLength(2);
    expect(j.paired.ledgers.b.entries).toHaveLength(2);
    // Inject reads the whole corpus: more input tokens, more dollars, more context than the mode.
    expect(j.paired.reduction.inputTokens).toBeGreaterThan(5);
    expect(j.paired.reduction.dollars).toBeGreaterThan(1);
    expect(j.paired.reduction.contextTokens).toBeGreaterThan(5);
    // The judge (never the answerers) sees the reference: gold text, or the silence sentence.
    expect(judgeCalls).toHaveLength(4);
    expect(judgeCalls[0]).toContain(LAW);
    expect(judgeCalls[2]).toContain("do not answer this question");
    const answerCalls = api.requests.filter((q) => !JSON.stringify(q.body.system ?? "").includes("You compare two"));
    for (const q of answerCalls)
      expect(JSON.stringify(q.body.messages)).not.toContain("mfg/manufacturing-agreement-1.txt ");

    // --forced: each tie is read again under the no-tie rule, in both orders, and recorded.
    judgeCalls.length = 0;
    const f = JSON.parse((await run(config, ...args(), "--mode", "hybrid", "--paired", "--forced", "--json")).out);
    expect(f.paired.forced).toBe(true);
    expect(judgeCalls).toHaveLength(8);
    expect(f.paired.verdicts[0].verdicts.forced).toEqual({ aFirst: "tie", bFirst: "tie" });
    expect(f.paired.ledgers.judge.entries).toHaveLength(8);
  });
});
