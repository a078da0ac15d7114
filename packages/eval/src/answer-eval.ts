import type { Catalog } from "@lexnav/catalog";
import { type BenchTest, corpusFileOf, sliceOf } from "./bench-file.ts";
import { allOccurrences, resolveGold } from "./domain/gold.ts";
import type { SpanRef } from "./domain/span-metrics.ts";
import {
  citesSupersededAsCurrent,
  citesWithoutItsAmendment,
  type ReplacedProvision,
} from "./domain/superseded-citation.ts";
import { snippetTexts } from "./retrieval-eval.ts";

/**
 * What the evaluator reads of an answer (a structural slice of `AnswerRecord` from @lexnav/answer,
 * so this package does not depend on the answerer it measures).
 */
export interface EvalAnswer {
  abstained: boolean;
  citations: ReadonlyArray<{ documentId: string; start: number; end: number }>;
  contextTokens: number;
  /** The offline decision's calibrated probability (`AnswerRecord.decisionProbability`); absent for a model's answer. */
  decisionProbability?: number;
  ledger: {
    tokens: { input: number; cacheWrite: number; cacheRead: number; output: number; total: number };
    dollars: { total: number };
  };
}

/**
 * Asks one question as a user would. The benchmark item is the harness's, to choose who asks (the
 * principal); an implementation hands the answerer the question text and that principal only.
 */
export type EvalAsk = (question: string, test: BenchTest) => Promise<EvalAnswer>;

export interface AnswerEvalDeps {
  /** Where a cited document's file lives (its `source`), to compare citations with gold in file coordinates. */
  catalog: Pick<Catalog, "getDocument">;
  /** Root the benchmark's file paths are relative to (the `corpus/` folder). */
  corpusRoot: string;
  ask: EvalAsk;
  /** What inject would send for this question (its asker's whole readable corpus); absent: `injectContextTokens`. */
  injectTokens?: (test: BenchTest) => number | Promise<number>;
  /** The extracted text of a corpus file, to locate gold quotes in (benches whose gold is quotes need it). */
  fileText?: (file: string) => string | null | Promise<string | null>;
  /** The provisions of a document's deal that an amending clause replaced, deleted or amended, to measure superseded text cited as current. */
  replacedIn?: (documentId: string) => Promise<readonly ReplacedProvision[]>;
}

/** A proportion with its parts, so a table can print "412 / 480". */
export interface Share {
  hits: number;
  of: number;
  rate: number;
}

/** One question's outcome, for slicing after the run (the benchmark fields are the evaluator's, not the answerer's). */
export interface AnswerEvalRow {
  queryId: string;
  doc: string;
  /** The question's type (natural bench) or category, for per-type tables. */
  slice: string;
  hasEvidence: boolean;
  abstained: boolean;
  citations: number;
  citationsOnGold: number;
  /** What the answer cited (files of the original corpus, their coordinates), for failure tables. */
  cited: Array<{ file: string; start: number; end: number }>;
  contextTokens: number;
  /** The offline decision's calibrated probability, to read how answers and silences separate (absent for a model's). */
  decisionProbability?: number;
  /** The answer cites a provision an amending clause of its deal replaced, without that clause (when measured). */
  supersededAsCurrent?: boolean;
  /** The answer cites a provision its deal amended (whole or in part) without any clause that amended it (when measured). */
  amendedCitedAlone?: boolean;
  /** What inject would have sent for this question, when measured per question. */
  injectTokens?: number;
}

export interface AnswerEvalReport {
  mode: string;
  questions: number;
  /** Questions answered (not abstained). */
  answered: number;
  abstention: {
    /** Questions without gold evidence that abstained. */
    noEvidence: Share;
    /** Questions with gold evidence answered with at least one citation overlapping a gold span. */
    withEvidence: Share;
  };
  /** Cited spans (of questions with gold evidence) overlapping a gold span, over all of them. */
  citationPrecision: Share;
  /**
   * Answered questions with gold evidence whose answer cites superseded text as current (a provision an
   * amending clause of its deal replaced or deleted, cited without that clause), over the answered ones;
   * absent when not measured.
   */
  supersededAsCurrent?: Share;
  /** As `supersededAsCurrent`, counting provisions amended in part as well (the looser reading). */
  amendedCitedAlone?: Share;
  /** Mean tokens of the context the answerer read, per question. */
  meanContextTokens: number;
  /**
   * Tokens inject would send for the same questions (the asker's whole readable corpus): the mean over
   * questions when each has its own asker, else the one corpus; 0 when not given.
   */
  injectContextTokens: number;
  /** injectContextTokens / meanContextTokens (0 when either is unknown). */
  injectRatio: number;
  ledger: { input: number; cacheWrite: number; cacheRead: number; output: number; total: number; dollars: number };
  rows: AnswerEvalRow[];
  /** The same figures per question type (natural bench) or category; absent on a slice's own report. */
  slices?: Record<string, Omit<AnswerEvalReport, "rows" | "slices" | "ledger">>;
}

const share = (hits: number, of: number): Share => ({ hits, of, rate: of > 0 ? hits / of : 0 });

const overlaps = (c: SpanRef, gold: readonly SpanRef[]) =>
  gold.some((g) => g.file === c.file && c.start < g.end && g.start < c.end);

/**
 * Answers every question through `ask` (question text only) and scores the answers against the gold
 * spans in the coordinates of the original files: abstention where the documents are silent, a cited
 * gold span where they are not, and the precision of what was cited.
 */
export async function runAnswerEval(
  deps: AnswerEvalDeps,
  tests: readonly BenchTest[],
  opts: { mode: string; injectContextTokens?: number; onProgress?: (done: number) => void },
): Promise<AnswerEvalReport> {
  const fileOf = corpusFileOf(deps.catalog, deps.corpusRoot);
  const rows: AnswerEvalRow[] = [];
  const ledger = { input: 0, cacheWrite: 0, cacheRead: 0, output: 0, total: 0, dollars: 0 };
  let i = 0;
  for (const t of tests) {
    const a = await deps.ask(t.query, t);
    // Any occurrence of a quoted passage is that evidence, so a citation of any of them is on gold.
    const gold = allOccurrences(resolveGold(t.snippets, await snippetTexts(t.snippets, deps.fileText ?? (() => null))));
    const hasEvidence = t.snippets.length > 0;
    const cited: Array<{ file: string; start: number; end: number }> = [];
    if (!a.abstained)
      for (const c of a.citations) cited.push({ file: await fileOf(c.documentId), start: c.start, end: c.end });
    rows.push({
      queryId: t.query_id,
      doc: t.doc,
      slice: sliceOf(t),
      hasEvidence,
      abstained: a.abstained,
      citations: cited.length,
      citationsOnGold: cited.filter((c) => overlaps(c, gold)).length,
      cited,
      contextTokens: a.contextTokens,
      ...(a.decisionProbability !== undefined ? { decisionProbability: a.decisionProbability } : {}),
      ...(deps.replacedIn ? await supersededAsCurrent(a, deps.replacedIn) : {}),
      ...(deps.injectTokens ? { injectTokens: await deps.injectTokens(t) } : {}),
    });
    const lt = a.ledger.tokens;
    ledger.input += lt.input;
    ledger.cacheWrite += lt.cacheWrite;
    ledger.cacheRead += lt.cacheRead;
    ledger.output += lt.output;
    ledger.total += lt.total;
    ledger.dollars += a.ledger.dollars.total;
    opts.onProgress?.(++i);
  }
  const report = summariseAnswerRows(opts.mode, rows, opts.injectContextTokens ?? 0, ledger);
  const slices: NonNullable<AnswerEvalReport["slices"]> = {};
  for (const name of [...new Set(rows.map((r) => r.slice))].sort()) {
    const {
      rows: _rows,
      slices: _slices,
      ledger: _ledger,
      ...slice
    } = summariseAnswerRows(
      opts.mode,
      rows.filter((r) => r.slice === name),
      opts.injectContextTokens ?? 0,
    );
    slices[name] = slice;
  }
  return { ...report, slices };
}

/** Whether an answer cites superseded text as current, read in the stored coordinates its citations carry. */
async function supersededAsCurrent(
  a: EvalAnswer,
  replacedIn: (documentId: string) => Promise<readonly ReplacedProvision[]>,
): Promise<{ supersededAsCurrent: boolean; amendedCitedAlone: boolean }> {
  if (a.abstained) return { supersededAsCurrent: false, amendedCitedAlone: false };
  const replaced: ReplacedProvision[] = [];
  for (const id of new Set(a.citations.map((c) => c.documentId))) replaced.push(...(await replacedIn(id)));
  return {
    supersededAsCurrent: citesSupersededAsCurrent(a.citations, replaced),
    amendedCitedAlone: citesWithoutItsAmendment(a.citations, replaced),
  };
}

/** The report of a set of rows (also used to slice a run, e.g. to the questions of one transaction set). */
export function summariseAnswerRows(
  mode: string,
  rows: readonly AnswerEvalRow[],
  corpusInjectTokens: number,
  ledger: AnswerEvalReport["ledger"] = { input: 0, cacheWrite: 0, cacheRead: 0, output: 0, total: 0, dollars: 0 },
): AnswerEvalReport {
  const silent = rows.filter((r) => !r.hasEvidence);
  const evidenced = rows.filter((r) => r.hasEvidence);
  const measured = evidenced.filter((r) => !r.abstained && r.supersededAsCurrent !== undefined);
  const meanContextTokens = rows.length ? rows.reduce((s, r) => s + r.contextTokens, 0) / rows.length : 0;
  // Per-question inject sizes, when every row has one, replace the corpus-wide figure.
  const injectContextTokens =
    rows.length > 0 && rows.every((r) => r.injectTokens !== undefined)
      ? rows.reduce((s, r) => s + (r.injectTokens ?? 0), 0) / rows.length
      : corpusInjectTokens;
  return {
    mode,
    questions: rows.length,
    answered: rows.filter((r) => !r.abstained).length,
    abstention: {
      noEvidence: share(silent.filter((r) => r.abstained).length, silent.length),
      withEvidence: share(evidenced.filter((r) => !r.abstained && r.citationsOnGold > 0).length, evidenced.length),
    },
    citationPrecision: share(
      evidenced.reduce((s, r) => s + r.citationsOnGold, 0),
      evidenced.reduce((s, r) => s + r.citations, 0),
    ),
    ...(rows.some((r) => r.supersededAsCurrent !== undefined)
      ? {
          supersededAsCurrent: share(measured.filter((r) => r.supersededAsCurrent).length, measured.length),
          amendedCitedAlone: share(measured.filter((r) => r.amendedCitedAlone).length, measured.length),
        }
      : {}),
    meanContextTokens,
    injectContextTokens,
    injectRatio: injectContextTokens > 0 && meanContextTokens > 0 ? injectContextTokens / meanContextTokens : 0,
    ledger,
    rows: [...rows],
  };
}

/** One question judged for system A against system B; "skipped" when either system had no answer to judge. */
export interface PairedRow {
  queryId: string;
  outcome: "a" | "b" | "tie" | "skipped";
}

/**
 * Paired evaluation: both systems answer each question (question text only); `judge` compares the two
 * answers against a reference built from the gold evidence (the judge may see gold, the answerers
 * never do). Judging twice with swapped positions is the judge's business (`judgePair`).
 */
export async function runPairedEval<A>(
  tests: readonly BenchTest[],
  deps: {
    /** As `EvalAsk`: the test chooses who asks; the answerers get the question only. */
    askA: (question: string, test: BenchTest) => Promise<A>;
    askB: (question: string, test: BenchTest) => Promise<A>;
    judge: (item: { test: BenchTest; question: string; reference: string; a: A; b: A }) => Promise<"a" | "b" | "tie">;
    /** Whether an answer can be judged (e.g. inject refused a context over its limit). */
    judgeable?: (answer: A) => boolean;
    reference: (test: BenchTest) => string;
    onProgress?: (done: number) => void;
  },
): Promise<PairedRow[]> {
  const rows: PairedRow[] = [];
  for (const t of tests) {
    const a = await deps.askA(t.query, t);
    const b = await deps.askB(t.query, t);
    const ok = deps.judgeable ?? (() => true);
    const outcome =
      ok(a) && ok(b) ? await deps.judge({ test: t, question: t.query, reference: deps.reference(t), a, b }) : "skipped";
    rows.push({ queryId: t.query_id, outcome });
    deps.onProgress?.(rows.length);
  }
  return rows;
}
