import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  decisionModelId,
  evidenceModelId,
  parseDecisionModel,
  parseEvidenceModel,
  questionTerms,
  questionTypeKey,
} from "@lexnav/answer";
import { runCliCaptured } from "@lexnav/cli";
import { type LexnavConfig, loadConfig, silentLogger } from "@lexnav/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_DOC, exampleBenchCorpus } from "../support/example-bench.ts";

const LAW_Q = "Consider the Manufacturing Agreement; which state's laws govern the agreement?";
const LAW = "governed by the laws of the State of California";
const TERM = "shall terminate automatically without notice on December 31, 2022";

// `lexnav train evidence` over the example transaction set as a small benchmark corpus.
describe("lexnav train evidence", () => {
  let dir: string;
  const run = (config: LexnavConfig, ...argv: string[]) =>
    runCliCaptured([...argv, "--db", join(dir, "lexnav.sqlite")], config, silentLogger);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-train-evidence-"));
    const { span } = exampleBenchCorpus(dir);
    const doc = EXAMPLE_DOC;
    const tests = [
      { query_id: "law", query: LAW_Q, doc, snippets: span(LAW) },
      {
        query_id: "term",
        query: "Consider the Manufacturing Agreement; when does the agreement terminate?",
        doc,
        snippets: span(TERM),
      },
      {
        query_id: "silent",
        query: "Consider the Manufacturing Agreement; may the Receiving Party reverse engineer software objects?",
        doc: "mfg/manufacturing-agreement-2.txt",
        snippets: [],
      },
    ];
    writeFileSync(join(dir, "bench.json"), JSON.stringify({ tests }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Lexical retrieval keeps these runs quick (no dense index to build).
  const train = (...argv: string[]) =>
    run(
      loadConfig({}),
      "train",
      "evidence",
      join(dir, "bench.json"),
      "--corpus",
      join(dir, "corpus"),
      "--mode",
      "lexical",
      ...argv,
    );

  it("reports held-out figures, writes a model that knows the questions' wordings, and ask records it", async () => {
    const out = join(dir, "model.json");
    const r = await train("--folds", "2", "--out", out, "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.questions.mfg).toBe(3);
    expect(j.split).toBe("document");
    // Both gold clauses are in what lexical retrieval hands the answerer.
    expect(j.ceiling.mfg).toBe(1);
    expect(j.heldOut.mfg.questions).toBe(3);
    expect(j.asAnswered.mfg.questions).toBe(3);
    expect(j.decision.threshold).toBeGreaterThan(0);
    const model = parseEvidenceModel(readFileSync(out, "utf8"));
    expect(model.questionTypes.has(questionTypeKey(questionTerms(LAW_Q)))).toBe(true);
    expect(model.questionTypes.size).toBe(3);
    expect(model.provenance.heldOutFolds).toBe(2);

    expect((await run(loadConfig({}), "ingest", join(dir, "corpus", "mfg"), "--acl", "group:local")).code).toBe(0);
    const asked = await run(
      loadConfig({ LEXNAV_ANSWERER: "wording", LEXNAV_EVIDENCE_MODEL: out }),
      "ask",
      LAW_Q,
      "--mode",
      "lexical",
      "--offline",
      "--group",
      "local",
      "--json",
    );
    if (!asked.out) throw new Error(asked.err);
    const record = JSON.parse(asked.out);
    expect(record.model).toBe(evidenceModelId(model));
    expect(record.answerer).toBe("offline");
  });

  it("--answerer evidence fits the evidence decision: held-out figures, a calibration curve, a model ask records", async () => {
    const out = join(dir, "decision.json");
    const r = await train("--answerer", "evidence", "--folds", "2", "--out", out, "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.questions.mfg).toBe(3);
    expect(j.ceiling.mfg).toBe(1);
    expect(j.heldOut.mfg.questions).toBe(3);
    expect(j.heldOut.mfg.counts).toEqual(expect.objectContaining({ silent: 1, evidenced: 2 }));
    // every question falls in one bin of the reliability table
    expect(j.reliability.reduce((n: number, b: { questions: number }) => n + b.questions, 0)).toBe(3);
    const model = parseDecisionModel(readFileSync(out, "utf8"));
    expect(model.relevance).toBe("builtin-lexical-cosine");
    // nothing of the questions' wording is in the file: no question word, no sentence
    const file = readFileSync(out, "utf8");
    for (const w of ["govern", "terminate", "reverse", "California"]) expect(file).not.toContain(w);
    const text = await train("--answerer", "evidence", "--folds", "2");
    expect(text.out).toMatch(/reliability \(held out\)/);
    expect(text.out).toMatch(/calibration: p = sigmoid\(/);
    // the silence / gold-cited curve, threshold by threshold, and the silence floor the rule was chosen on
    expect(text.out).toMatch(/silence against gold cited \(held out\)/);
    expect(j.curve.length).toBeGreaterThan(10);
    expect(model.provenance.silence).toBe(0.9);

    const asked = await run(
      loadConfig({ LEXNAV_DECISION_MODEL: out }),
      "ask",
      LAW_Q,
      "--mode",
      "lexical",
      "--offline",
      "--group",
      "local",
      "--json",
    );
    if (!asked.out) throw new Error(asked.err);
    expect(JSON.parse(asked.out).model).toBe(decisionModelId(model));
  });

  it("--split question holds out wordings instead of contracts", async () => {
    const r = await train("--folds", "3", "--split", "question");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/3 folds disjoint by question/);
    expect(r.out).toMatch(/^mfg \| 3 \| 100\.0 % \|/m);
  });

  it("--seed changes the training shuffle and is recorded with the model", async () => {
    const a = join(dir, "seed-a.json");
    const b = join(dir, "seed-b.json");
    expect((await train("--folds", "2", "--out", a)).code).toBe(0);
    expect((await train("--folds", "2", "--seed", "11", "--out", b)).code).toBe(0);
    const ma = parseEvidenceModel(readFileSync(a, "utf8"));
    const mb = parseEvidenceModel(readFileSync(b, "utf8"));
    expect((mb.provenance.training as { seed: number }).seed).toBe(11);
    expect((ma.provenance.training as { seed: number }).seed).not.toBe(11);
    expect([...mb.weights]).not.toEqual([...ma.weights]);
  });

  it("refuses bad options and a missing or broken model with a clear message", async () => {
    const base = ["train", "evidence", join(dir, "bench.json"), "--corpus", join(dir, "corpus")];
    expect((await run(loadConfig({}), ...base, "--folds", "1")).err).toMatch(/--folds must be 2 or more/);
    expect((await run(loadConfig({}), ...base, "--k", "0")).err).toMatch(/--k must be a whole number/);
    expect((await run(loadConfig({}), ...base, "--split", "random")).err).toMatch(/--split must be/);
    expect((await run(loadConfig({}), ...base, "--seed", "1.5")).err).toMatch(/--seed must be a whole number/);
    expect((await run(loadConfig({}), ...base, "--mode", "inject")).err).toMatch(/needs a retrieval mode/);
    expect((await run(loadConfig({}), "train", "evidence", "--corpus", "x")).err).toMatch(/benchmark files/);
    expect((await run(loadConfig({}), ...base, "--answerer", "guess")).err).toMatch(/--answerer must be/);
    writeFileSync(join(dir, "broken.json"), "{}");
    const broken = await run(
      loadConfig({ LEXNAV_ANSWERER: "wording", LEXNAV_EVIDENCE_MODEL: join(dir, "broken.json") }),
      "ask",
      LAW_Q,
      "--offline",
    );
    expect(broken.code).not.toBe(0);
    expect(broken.err).toMatch(/evidence model .*broken\.json is not usable/);
    const missing = await run(loadConfig({ LEXNAV_DECISION_MODEL: join(dir, "nope.json") }), "ask", LAW_Q, "--offline");
    expect(missing.err).toMatch(/decision model .*nope\.json cannot be read/);
  });
});
