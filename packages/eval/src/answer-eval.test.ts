import type { Catalog } from "@lexnav/catalog";
import type { DocumentRecord } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { type EvalAnswer, runAnswerEval, runPairedEval, summariseAnswerRows } from "./answer-eval.ts";
import type { BenchTest } from "./bench-file.ts";

const ROOT = "/data/corpus";
// Two documents whose files sit under the corpus root; citations name documents, gold names files.
const catalog: Pick<Catalog, "getDocument"> = {
  getDocument: async (id: string) => ({ id, source: `${ROOT}/cuad/${id}.txt` }) as unknown as DocumentRecord,
};

const noLedger = {
  tokens: { input: 0, cacheWrite: 0, cacheRead: 0, output: 0, total: 0 },
  dollars: { total: 0 },
};
const answer = (over: Partial<EvalAnswer>): EvalAnswer => ({
  abstained: false,
  citations: [],
  contextTokens: 100,
  ledger: noLedger,
  ...over,
});

const test = (id: string, query: string, spans: Array<[string, number, number]>): BenchTest => ({
  query_id: id,
  query,
  doc: "cuad/a.txt",
  snippets: spans.map(([f, s, e]) => ({ file_path: f, span: [s, e] })),
});

describe("runAnswerEval", () => {
  const tests = [
    test("q1", "silent, abstains", []),
    test("q2", "silent, answers anyway", []),
    test("q3", "evidence, cited", [["cuad/a.txt", 100, 200]]),
    test("q4", "evidence, wrong file", [["cuad/a.txt", 100, 200]]),
    test("q5", "evidence, abstains", [["cuad/a.txt", 100, 200]]),
  ];
  const replies: Record<string, EvalAnswer> = {
    "silent, abstains": answer({ abstained: true, contextTokens: 50, decisionProbability: 0.12 }),
    "silent, answers anyway": answer({ citations: [{ documentId: "a", start: 0, end: 10 }] }),
    "evidence, cited": answer({
      citations: [
        { documentId: "a", start: 150, end: 250 },
        { documentId: "a", start: 200, end: 260 }, // touches the gold end: [200, 260) does not overlap [100, 200)
      ],
      ledger: { tokens: { input: 10, cacheWrite: 5, cacheRead: 20, output: 7, total: 42 }, dollars: { total: 0.5 } },
    }),
    "evidence, wrong file": answer({ citations: [{ documentId: "b", start: 100, end: 200 }] }),
    // Citations of an abstaining answer are not counted.
    "evidence, abstains": answer({ abstained: true, citations: [{ documentId: "a", start: 100, end: 200 }] }),
  };

  it("scores abstention, cited gold spans in file coordinates, precision, context and ledger", async () => {
    const seen: string[] = [];
    const r = await runAnswerEval(
      {
        catalog,
        corpusRoot: ROOT,
        ask: async (q) => {
          seen.push(q);
          return replies[q] as EvalAnswer;
        },
      },
      tests,
      { mode: "hybrid", injectContextTokens: 45_000 },
    );
    expect(seen).toEqual(tests.map((t) => t.query));
    expect(r.questions).toBe(5);
    expect(r.answered).toBe(3);
    expect(r.abstention.noEvidence).toEqual({ hits: 1, of: 2, rate: 0.5 });
    expect(r.abstention.withEvidence).toEqual({ hits: 1, of: 3, rate: 1 / 3 });
    // q3: 1 of 2 on gold, q4: 0 of 1; q2's citation belongs to a silent question and is not counted here.
    expect(r.citationPrecision).toEqual({ hits: 1, of: 3, rate: 1 / 3 });
    expect(r.meanContextTokens).toBe(90);
    expect(r.injectRatio).toBe(500);
    expect(r.ledger).toEqual({ input: 10, cacheWrite: 5, cacheRead: 20, output: 7, total: 42, dollars: 0.5 });
    expect(r.rows.map((x) => x.citationsOnGold)).toEqual([0, 0, 1, 0, 0]);
    // what was cited, in file coordinates (a silence cites nothing, whatever it carried)
    expect(r.rows.map((x) => x.cited.length)).toEqual([0, 1, 2, 1, 0]);
    expect(r.rows[1]?.cited[0]).toMatchObject({ start: 0, end: 10 });
    // the decision's probability, where the answerer gave one, to read how answers and silences separate
    expect(r.rows.map((x) => x.decisionProbability)).toEqual([0.12, undefined, undefined, undefined, undefined]);
  });

  it("measures inject per question when each question has its own asker", async () => {
    const asked: string[] = [];
    const r = await runAnswerEval(
      {
        catalog,
        corpusRoot: ROOT,
        // The harness sees the benchmark item (to choose the principal); the answer depends on the question only.
        ask: async (q, t) => {
          asked.push(t.query_id);
          return replies[q] as EvalAnswer;
        },
        injectTokens: (t) => (t.query_id === "q1" ? 1000 : 9000),
      },
      tests,
      { mode: "hybrid", injectContextTokens: 45_000 },
    );
    expect(asked).toEqual(["q1", "q2", "q3", "q4", "q5"]);
    expect(r.rows.map((x) => x.injectTokens)).toEqual([1000, 9000, 9000, 9000, 9000]);
    expect(r.injectContextTokens).toBe(7400);
    expect(r.injectRatio).toBeCloseTo(7400 / 90);
  });

  it("measures superseded text cited as current over the answered questions with evidence", async () => {
    // Document a's 140-300 was replaced by document b's clause at 0-40: q3 cites it without the clause
    // (its second citation lies past the provision), q4 cites b's clause only, q2 is silent in the documents.
    const r = await runAnswerEval(
      {
        catalog,
        corpusRoot: ROOT,
        ask: async (q) => replies[q] as EvalAnswer,
        replacedIn: async () => [
          {
            replaced: { documentId: "a", start: 140, end: 255 },
            by: [{ documentId: "b", start: 0, end: 40 }],
            whole: true,
          },
        ],
      },
      tests,
      { mode: "hybrid" },
    );
    expect(r.rows.map((x) => x.supersededAsCurrent)).toEqual([false, false, true, false, false]);
    // answered with evidence: q3 and q4; q5 abstained, q2 has no evidence
    expect(r.supersededAsCurrent).toEqual({ hits: 1, of: 2, rate: 0.5 });
    expect(r.amendedCitedAlone).toEqual({ hits: 1, of: 2, rate: 0.5 });
    const unmeasured = await runAnswerEval(
      { catalog, corpusRoot: ROOT, ask: async (q) => replies[q] as EvalAnswer },
      tests,
      { mode: "hybrid" },
    );
    expect(unmeasured.supersededAsCurrent).toBeUndefined();
    expect(unmeasured.rows[2]?.supersededAsCurrent).toBeUndefined();
  });

  it("slices rows into a report of their own", () => {
    const rows = [
      {
        queryId: "x",
        doc: "d",
        slice: "fact",
        hasEvidence: true,
        abstained: false,
        citations: 2,
        citationsOnGold: 2,
        cited: [
          { file: "d", start: 0, end: 5 },
          { file: "d", start: 9, end: 12 },
        ],
        contextTokens: 10,
      },
      {
        queryId: "y",
        doc: "d",
        slice: "fact",
        hasEvidence: false,
        abstained: true,
        citations: 0,
        citationsOnGold: 0,
        cited: [],
        contextTokens: 30,
      },
    ];
    const r = summariseAnswerRows("navindex", rows, 800);
    expect(r.abstention.noEvidence.rate).toBe(1);
    expect(r.abstention.withEvidence.rate).toBe(1);
    expect(r.injectRatio).toBe(40);
    expect(summariseAnswerRows("x", [], 0).injectRatio).toBe(0);
  });
});

describe("runAnswerEval on quoted gold, per type", () => {
  // An EDGAR file's gold is a quote located in its extracted text; any occurrence counts as cited gold.
  const TEXT = "Preamble. The Maturity Date is June 1. Schedule: the Maturity Date is June 1. End.";
  const fileText = (f: string) => (f === "edgar/a.html" ? TEXT : null);
  const at = (needle: string, from = 0) => TEXT.indexOf(needle, from);
  const second = at("the Maturity Date", at("Schedule"));
  const tests: BenchTest[] = [
    {
      query_id: "d1",
      query: "when does the loan mature?",
      doc: "edgar/a.html",
      type: "definition",
      snippets: [{ file_path: "edgar/a.html", quote: "the  Maturity Date is\nJune 1" }],
    },
    {
      query_id: "n1",
      query: "is there an arbitration clause?",
      doc: "edgar/a.html",
      type: "not-in-documents",
      snippets: [],
    },
  ];
  it("counts a citation of any occurrence of a quote, and reports each type apart", async () => {
    const r = await runAnswerEval(
      {
        catalog: {
          getDocument: async (id) => ({ id, source: `${ROOT}/edgar/${id}.html` }) as unknown as DocumentRecord,
        },
        corpusRoot: ROOT,
        fileText,
        ask: async (q) =>
          q.startsWith("when")
            ? answer({ citations: [{ documentId: "a", start: second, end: second + 10 }] })
            : answer({ abstained: true }),
      },
      tests,
      { mode: "hybrid" },
    );
    expect(r.abstention.withEvidence).toEqual({ hits: 1, of: 1, rate: 1 });
    expect(r.slices?.definition?.citationPrecision).toEqual({ hits: 1, of: 1, rate: 1 });
    expect(r.slices?.["not-in-documents"]?.abstention.noEvidence).toEqual({ hits: 1, of: 1, rate: 1 });
    expect(Object.keys(r.slices ?? {})).toEqual(["definition", "not-in-documents"]);
    // Without the extracted text the quote cannot be located: the same citation is not on gold.
    const blind = await runAnswerEval(
      {
        catalog: {
          getDocument: async (id) => ({ id, source: `${ROOT}/edgar/${id}.html` }) as unknown as DocumentRecord,
        },
        corpusRoot: ROOT,
        ask: async () => answer({ citations: [{ documentId: "a", start: second, end: second + 10 }] }),
      },
      tests.slice(0, 1),
      { mode: "hybrid" },
    );
    expect(blind.abstention.withEvidence.hits).toBe(0);
  });
});

describe("runPairedEval", () => {
  it("asks both systems the question only, judges against the reference, skips what cannot be judged", async () => {
    const asked: string[] = [];
    const judged: string[] = [];
    const rows = await runPairedEval<string | null>(
      [test("p1", "first?", [["cuad/a.txt", 0, 5]]), test("p2", "second?", [])],
      {
        askA: async (q) => {
          asked.push(`A ${q}`);
          return q === "second?" ? null : `A says ${q}`;
        },
        askB: async (q) => {
          asked.push(`B ${q}`);
          return `B says ${q}`;
        },
        reference: (t) => `ref ${t.query_id}`,
        judgeable: (x) => x !== null,
        judge: async ({ question, reference, a, b }) => {
          judged.push(`${question}|${reference}|${a}|${b}`);
          return "b";
        },
      },
    );
    expect(asked).toEqual(["A first?", "B first?", "A second?", "B second?"]);
    expect(judged).toEqual(["first?|ref p1|A says first?|B says first?"]);
    expect(rows).toEqual([
      { queryId: "p1", outcome: "b" },
      { queryId: "p2", outcome: "skipped" },
    ]);
  });
});
