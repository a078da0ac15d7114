import { writeFileSync } from "node:fs";
import {
  ANSWER_MODES,
  type AnswerMode,
  type AnswerRecord,
  buildLedger,
  createAnthropicModel,
  judgePair,
  type LedgerEntry,
  mergeLedgers,
  type PairedJudgement,
  type PairwiseSummary,
  priceCardOf,
  SILENCE_SENTENCE,
  summarisePairwise,
  type TokenLedger,
} from "@lexnav/answer";
import { isLexnavError, LexnavError } from "@lexnav/core";
import { countTokens } from "@lexnav/document-model";
import {
  type AnswerEvalReport,
  type BenchTest,
  corpusFileText,
  runAnswerEval,
  runPairedEval,
  scopeDocumentIds,
} from "@lexnav/eval";
import { mayRead, type Principal } from "@lexnav/retrieval";
import { createStackAsk } from "@lexnav/stack";
import { type CliContext, stackParts } from "../context.ts";
import { createProgress } from "../progress.ts";
import { DENSE_MODES } from "./eval-retrieval.ts";
import { EVAL_PRINCIPAL, openEvalStore, setPrincipal } from "./eval-store.ts";
import { createReplacedProvisions } from "./replaced-provisions.ts";

export interface EvalAnswersOptions {
  bench: string;
  corpus: string;
  mode: string;
  protocol: string;
  limit?: number;
  /** Answer offline even when a key is configured. */
  offline: boolean;
  /** Also judge inject against `mode` (needs a key): each question judged twice with positions swapped. */
  paired: boolean;
  /** Judge model (default: the answering model). */
  judge?: string;
  /** Judge ties again under a rule that forbids them (both orders must still agree). */
  forced?: boolean;
  k?: number;
  json: boolean;
  storeDir?: string;
  /** An eval store an earlier evaluation built, used instead of the one the bench's corpora name (`EvalStoreOptions.store`). */
  store?: string;
  /** Writes one JSON line per question (id, document, outcome, context tokens; no answer text). */
  rows?: string;
  /**
   * Who asks: one reader of the whole corpus ("corpus", default), or per question a member of the
   * question's transaction set only ("set": inject is that set, as for a deal team; paired runs need it
   * to stay under inject's limit).
   */
  scope?: "corpus" | "set";
}

/** One question of a paired run: who won, and what the judge said in each order (no answer text). */
export interface PairedVerdict {
  queryId: string;
  outcome: "a" | "b" | "tie" | "skipped";
  /** The judge's reading with inject shown first and with the mode shown first (and the forced re-reading). */
  verdicts: PairedJudgement["verdicts"] | null;
  contextTokens: { a: number; b: number } | null;
}

export interface PairedReport {
  a: "inject";
  b: AnswerMode;
  judge: string;
  /** Ties were judged again under a rule that forbids them (`--forced`). */
  forced: boolean;
  summary: PairwiseSummary;
  /** Questions inject could not answer (its context over the limit), left out of the summary. */
  skipped: number;
  verdicts: PairedVerdict[];
  /** Each arm's answering calls (plans included) and the judge's calls, over the judged questions. */
  ledgers: { a: TokenLedger; b: TokenLedger; judge: TokenLedger };
  /**
   * How much more inject read and cost than the mode over the judged questions: input footprint
   * (uncached + cache write + cache read tokens), dollars, and answering context tokens.
   */
  reduction: { inputTokens: number; dollars: number; contextTokens: number };
}

export interface EvalAnswersReport extends Omit<AnswerEvalReport, "rows"> {
  /** The eval store the run read when given by --store (its corpus, and so its figures, are that store's). */
  store?: string;
  answerer: "offline" | "model";
  k: number;
  scope: "corpus" | "set";
  paired: PairedReport | { notRun: string } | null;
}

/**
 * `lexnav eval answers`: answers every benchmark question through the ask use case on the retrieval
 * eval's store (same fingerprinted store, same dense index) with the question and the eval principal
 * only, and scores abstention and citations against the gold spans. With `--paired` and a key, inject
 * and the mode are judged against each other; offline that part is skipped with a message.
 */
export async function evalAnswersCommand(ctx: CliContext, opts: EvalAnswersOptions): Promise<EvalAnswersReport> {
  if (!ANSWER_MODES.includes(opts.mode as AnswerMode))
    throw new LexnavError("invalid_argument", `unknown mode "${opts.mode}" (available: ${ANSWER_MODES.join(", ")})`);
  if (opts.k !== undefined && !(Number.isInteger(opts.k) && opts.k > 0 && opts.k <= 100))
    throw new LexnavError("invalid_argument", "--k must be a whole number from 1 to 100");
  if (opts.scope !== undefined && opts.scope !== "corpus" && opts.scope !== "set")
    throw new LexnavError("invalid_argument", `--scope must be "corpus" or "set" (not "${opts.scope}")`);
  const mode = opts.mode as AnswerMode;
  const k = opts.k ?? 10;
  const scope = opts.scope ?? "corpus";
  const { stack, tests, corpusRoot, setOf, dbPath } = await openEvalStore(ctx, {
    bench: opts.bench,
    corpus: opts.corpus,
    protocol: opts.protocol,
    dense: DENSE_MODES.includes(mode),
    ...(opts.limit ? { limit: opts.limit } : {}),
    ...(opts.storeDir ? { storeDir: opts.storeDir } : {}),
    ...(opts.store ? { store: opts.store } : {}),
  });
  try {
    const evalCtx: CliContext = { ...ctx, ...stackParts(stack) };
    const useModel = !opts.offline && !!ctx.config.answer?.apiKey;
    const asker = createStackAsk(evalCtx, opts.offline);
    // The harness picks who asks from the benchmark item; the answerer gets the question and that principal.
    // A question that names its deal (`scope.files`, the natural bench) is scoped by the request's
    // documents; one that does not, by a member of its document's transaction set.
    const principalOf = (t: BenchTest): Principal => {
      if (scope === "corpus" || t.scope) return EVAL_PRINCIPAL;
      const set = setOf(t.doc);
      if (set === null) throw new LexnavError("not_found", `${t.doc} is not indexed in the eval store`);
      return setPrincipal(set);
    };
    const documentsOf = async (t: BenchTest): Promise<string[] | undefined> =>
      scope === "set" && t.scope ? await scopeDocumentIds(stack.catalog, corpusRoot, t) : undefined;
    const askAs = (m: AnswerMode) => async (question: string, t: BenchTest) => {
      const documentIds = await documentsOf(t);
      return asker.ask({ question, mode: m, principal: principalOf(t), k, ...(documentIds ? { documentIds } : {}) });
    };

    // What inject would send: every document the asker may read (counted once per principal).
    const indexed = await stack.catalog.listDocuments({ lifecycle: ["indexed"] });
    const tokensOf = new Map<string, number>();
    const injectTokens = async (p: Principal, documentIds?: readonly string[]) => {
      const key = `${p.groups.join(",")}|${documentIds?.join(",") ?? ""}`;
      const within = documentIds ? new Set(documentIds) : null;
      let n = tokensOf.get(key);
      if (n === undefined) {
        n = 0;
        for (const d of indexed)
          if (d.currentVersion !== null && mayRead(p, d.access) && (within === null || within.has(d.id)))
            n += countTokens((await stack.catalog.getVersion(d.id, d.currentVersion))?.text ?? "");
        tokensOf.set(key, n);
      }
      return n;
    };

    const progress = createProgress(tests.length, ctx.stderr);
    const { rows, ...report } = await runAnswerEval(
      {
        catalog: stack.catalog,
        corpusRoot,
        ask: askAs(mode),
        fileText: corpusFileText(stack.catalog, corpusRoot),
        replacedIn: createReplacedProvisions(stack.catalog),
        ...(scope === "set"
          ? { injectTokens: async (t: BenchTest) => injectTokens(principalOf(t), await documentsOf(t)) }
          : {}),
      },
      tests,
      {
        mode,
        injectContextTokens: scope === "corpus" ? await injectTokens(EVAL_PRINCIPAL) : 0,
        onProgress: () => progress.tick(""),
      },
    );
    progress.done();
    if (opts.rows) writeFileSync(opts.rows, rows.map((r) => JSON.stringify(r)).join("\n") + (rows.length ? "\n" : ""));

    let paired: EvalAnswersReport["paired"] = null;
    if (opts.paired) {
      const settings = ctx.config.answer;
      if (!useModel || !settings?.apiKey) {
        const why = "paired evaluation skipped: it needs a judge model (set ANTHROPIC_API_KEY and drop --offline)";
        ctx.err(why);
        paired = { notRun: why };
      } else {
        const judgeName = opts.judge ?? settings.model;
        const judgeModel = createAnthropicModel({
          apiKey: settings.apiKey,
          model: judgeName,
          thinking: settings.thinking,
          baseURL: settings.baseURL,
          timeoutMs: settings.timeoutMs,
          maxRetries: settings.maxRetries,
        });
        const usage: LedgerEntry[] = [];
        const judgements = new Map<string, PairedJudgement["verdicts"]>();
        const answers = new Map<string, { a: AnswerRecord; b: AnswerRecord }>();
        const askInject = askAs("inject");
        const pairedProgress = createProgress(tests.length, ctx.stderr);
        const judgedRows = await runPairedEval<AnswerRecord | null>(tests, {
          askA: async (q, t) => {
            try {
              return await askInject(q, t);
            } catch (e) {
              // Inject refuses a corpus over its token limit: that question cannot be compared.
              if (isLexnavError(e) && e.code === "too_large") return null;
              throw e;
            }
          },
          askB: askAs(mode),
          reference: referenceOf,
          judgeable: (r) => r !== null,
          judge: async ({ test, question, reference, a, b }) => {
            const j = await judgePair(
              judgeModel,
              { question, reference, a: a?.answer ?? "", b: b?.answer ?? "" },
              { forceDecision: opts.forced === true },
            );
            usage.push(...j.usage);
            judgements.set(test.query_id, j.verdicts);
            if (a && b) answers.set(test.query_id, { a, b });
            return j.outcome;
          },
          onProgress: () => pairedProgress.tick(""),
        });
        pairedProgress.done();
        const skipped = judgedRows.filter((r) => r.outcome === "skipped").length;
        if (skipped > 0)
          ctx.err(`paired: inject could not answer ${skipped} question(s) (context over its limit); left out`);
        const judged = judgedRows.flatMap((r) => (r.outcome === "skipped" ? [] : [r.outcome]));
        const card = priceCardOf(ctx.config);
        const pairs = [...answers.values()];
        const a = mergeLedgers(
          pairs.map((x) => x.a.ledger),
          card,
        );
        const b = mergeLedgers(
          pairs.map((x) => x.b.ledger),
          card,
        );
        const footprint = (l: TokenLedger) => l.tokens.input + l.tokens.cacheWrite + l.tokens.cacheRead;
        const ratio = (x: number, y: number) => (y > 0 ? x / y : 0);
        paired = {
          a: "inject",
          b: mode,
          judge: judgeName,
          forced: opts.forced === true,
          summary: summarisePairwise(judged),
          skipped,
          verdicts: judgedRows.map((r) => {
            const pair = answers.get(r.queryId);
            return {
              queryId: r.queryId,
              outcome: r.outcome,
              verdicts: judgements.get(r.queryId) ?? null,
              contextTokens: pair ? { a: pair.a.contextTokens, b: pair.b.contextTokens } : null,
            };
          }),
          ledgers: { a, b, judge: buildLedger(usage, card) },
          reduction: {
            inputTokens: ratio(footprint(a), footprint(b)),
            dollars: ratio(a.dollars.total, b.dollars.total),
            contextTokens: ratio(
              pairs.reduce((n, x) => n + x.a.contextTokens, 0),
              pairs.reduce((n, x) => n + x.b.contextTokens, 0),
            ),
          },
        };
      }
    }

    const out: EvalAnswersReport = {
      ...report,
      answerer: useModel ? "model" : "offline",
      k,
      scope,
      paired,
      ...(opts.store ? { store: dbPath } : {}),
    };
    ctx.out(opts.json ? JSON.stringify(out, null, 2) : renderAnswerReport(out));
    return out;
  } finally {
    await stack.close();
  }
}

/**
 * What the judge compares answers with: the gold evidence as quoted text, or the silence sentence
 * when the benchmark has none (ContractNLI: the answer is not in the document). Only the judge reads it.
 */
export function referenceOf(t: BenchTest): string {
  if (t.snippets.length === 0) return SILENCE_SENTENCE;
  const label = t.label ? `(${t.label}) ` : "";
  const quoted = t.snippets.map((s) =>
    "span" in s ? `"${s.answer ?? ""}" [${s.file_path} ${s.span[0]}-${s.span[1]}]` : `"${s.quote}" [${s.file_path}]`,
  );
  const answer = t.reference_answer ? `${t.reference_answer}\n` : "";
  return `${label}${answer}${quoted.join("\n")}`;
}

const pct = (s: { rate: number; hits: number; of: number }) => `${(s.rate * 100).toFixed(1)} % (${s.hits}/${s.of})`;

/** The report as a reader sees it. */
export function renderAnswerReport(r: EvalAnswersReport): string {
  const lines = [
    `mode ${r.mode} (${r.answerer}, k ${r.k}, asked by ${r.scope === "set" ? "each question's transaction set" : "a reader of the whole corpus"}): ${r.questions} questions, ${r.answered} answered`,
    `abstention where the documents are silent: ${pct(r.abstention.noEvidence)}`,
    `answered with a cited gold span where they are not: ${pct(r.abstention.withEvidence)}`,
    `citation precision: ${pct(r.citationPrecision)}`,
    ...(r.supersededAsCurrent
      ? [
          `superseded text cited as current (answered, with gold): ${pct(r.supersededAsCurrent)}; an amended provision cited without its amendment: ${pct(r.amendedCitedAlone ?? r.supersededAsCurrent)}`,
        ]
      : []),
    `context tokens per question: ${r.meanContextTokens.toFixed(0)} (inject: ${r.injectContextTokens.toFixed(0)}${r.scope === "set" ? " on average" : ""}, ${r.injectRatio.toFixed(0)}x)`,
    `ledger: ${r.ledger.total} tokens, $${r.ledger.dollars.toFixed(4)}`,
  ];
  if (r.slices && Object.keys(r.slices).length > 1) {
    lines.push(
      "",
      "| slice | questions | abstained where silent | cited gold where not | citation precision |",
      "|---|---|---|---|---|",
    );
    for (const [name, s] of Object.entries(r.slices))
      lines.push(
        `| ${name} | ${s.questions} | ${pct(s.abstention.noEvidence)} | ${pct(s.abstention.withEvidence)} | ${pct(s.citationPrecision)} |`,
      );
  }
  if (r.paired && "notRun" in r.paired) lines.push(r.paired.notRun);
  else if (r.paired && "summary" in r.paired) {
    const s = r.paired.summary;
    const ci = (x: { estimate: number; lower: number; upper: number }) =>
      `${(x.estimate * 100).toFixed(1)} % [${(x.lower * 100).toFixed(1)}, ${(x.upper * 100).toFixed(1)}]`;
    lines.push(
      `paired inject vs ${r.paired.b} (judge ${r.paired.judge}, ${s.questions} judged, ${r.paired.skipped} skipped): inject wins ${s.aWins}, ${r.paired.b} wins ${s.bWins}, ties ${s.ties}`,
      `  inject win rate ${ci(s.aWinRate)}; ${r.paired.b} win rate ${ci(s.bWinRate)}; inject share of decided ${ci(s.aShareOfDecided)}`,
      `  inject read ${r.paired.reduction.inputTokens.toFixed(1)}x the input tokens and cost ${r.paired.reduction.dollars.toFixed(1)}x the dollars of ${r.paired.b} (answering context ${r.paired.reduction.contextTokens.toFixed(1)}x)`,
      `  ledgers: inject ${r.paired.ledgers.a.tokens.total} tokens $${r.paired.ledgers.a.dollars.total.toFixed(4)}; ${r.paired.b} ${r.paired.ledgers.b.tokens.total} tokens $${r.paired.ledgers.b.dollars.total.toFixed(4)}; judge ${r.paired.ledgers.judge.tokens.total} tokens $${r.paired.ledgers.judge.dollars.total.toFixed(4)}`,
    );
  }
  return lines.join("\n");
}
