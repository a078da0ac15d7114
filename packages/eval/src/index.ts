export type {
  AnswerEvalDeps,
  AnswerEvalReport,
  AnswerEvalRow,
  EvalAnswer,
  EvalAsk,
  PairedRow,
  Share,
} from "./answer-eval.ts";
export { runAnswerEval, runPairedEval, summariseAnswerRows } from "./answer-eval.ts";
export type { BenchTest, Protocol } from "./bench-file.ts";
export { applyProtocol, corpusFileOf, datasetOf, datasetsOf, filesNamed, loadBench, sliceOf } from "./bench-file.ts";
export type { BenchSnippet, GoldSnippet } from "./domain/gold.ts";
export { allOccurrences, chooseOccurrences, locateQuote, resolveGold } from "./domain/gold.ts";
export type { RankedPassage, SpanRef } from "./domain/span-metrics.ts";
export {
  K_VALUES,
  overlapStats,
  precisionAtK,
  recallAtK,
  recallAtTokens,
  TOKEN_BUDGETS,
} from "./domain/span-metrics.ts";
export type { DocumentSpan, ReplacedProvision } from "./domain/superseded-citation.ts";
export { citesSupersededAsCurrent } from "./domain/superseded-citation.ts";
export type { DocSpan, EvidenceFacts, LossStage } from "./domain/triage.ts";
export {
  classifyEvidenceLoss,
  LOSS_STAGE_MEANING,
  LOSS_STAGES,
} from "./domain/triage.ts";
export type {
  EvalScope,
  MetricTable,
  RetrievalEvalDeps,
  RetrievalEvalReport,
  RetrievalEvalRow,
} from "./retrieval-eval.ts";
export {
  CONTEXT_PASSAGES,
  corpusFileText,
  runRetrievalEval,
  scopeDocumentIds,
  snippetTexts,
} from "./retrieval-eval.ts";
export type { SpanTriage, TriageSearch } from "./triage-evidence.ts";
export { triageSpan } from "./triage-evidence.ts";
