// Public API of @lexnav/answer: answering with verified citations, the token ledger and cost model,
// and the statistics of paired evaluation.

export type { AnthropicModelOptions } from "./adapters/anthropic-model.ts";
export { createAnthropicModel, mapModelError, THINKING_HEADROOM } from "./adapters/anthropic-model.ts";
export {
  BUILTIN_DECISION_MODEL_PATH,
  DEFAULT_DECISION_MODEL_PATH,
  loadDecisionModel,
} from "./adapters/decision-model-file.ts";
export { DEFAULT_EVIDENCE_MODEL_PATH, loadEvidenceModel } from "./adapters/evidence-model-file.ts";
export type { SqlDatabase } from "./adapters/sqlite-answer-store.ts";
export { createSqliteAnswerStore } from "./adapters/sqlite-answer-store.ts";
export type { AnswerMode, AnswerRecord, AnswerStore, ErasedText, LinkedProvision } from "./domain/answer-record.ts";
export { ANSWER_MODES } from "./domain/answer-record.ts";
export type { Ask, AskDeps, AskRequest } from "./domain/ask.ts";
export { createAsk } from "./domain/ask.ts";
export {
  type CitationLocation,
  type CitationLocationDeps,
  formatLocation,
  locateCitation,
} from "./domain/citation-location.ts";
export type { CitationCheck, SourceText, VerifiedAnswer } from "./domain/citations.ts";
export { parseCitedText, SILENCE_SENTENCE, shouldAbstain, verifyCitation, verifyClaims } from "./domain/citations.ts";
export type { ProportionInterval } from "./domain/clopper-pearson.ts";
export { betaQuantile, clopperPearson, regularizedBeta } from "./domain/clopper-pearson.ts";
export type { CacheRegime, CostPoint, CostReport, Crossover, Workload } from "./domain/cost-model.ts";
export { costCurve, costReport, crossover, DEFAULT_CURVE_POINTS, queryCost } from "./domain/cost-model.ts";
export type { AnswerClaim, Citation, EvidenceItem } from "./domain/evidence.ts";
export { citeAs, clauseKey } from "./domain/evidence.ts";
export type {
  Calibration,
  DecisionExample,
  DecisionFeature,
  DecisionModel,
  DecisionRule,
  RelevanceSignals,
  ReliabilityBin,
  SentenceRelevance,
} from "./domain/evidence-decision.ts";
export {
  BUILTIN_RELEVANCE,
  calibrate,
  citedWithProbability,
  DECISION_FEATURES,
  DECISION_MODEL_FORMAT,
  decideEvidence,
  decisionFeatures,
  decisionModelId,
  embedderRelevance,
  fitCalibration,
  lexicalRelevance,
  namedClauses,
  parseDecisionModel,
  relevanceSignals,
  reliabilityTable,
  scoreByEvidence,
  sentenceProbability,
  serializeDecisionModel,
  trainDecisionWeights,
} from "./domain/evidence-decision.ts";
export type {
  Candidate,
  EvidenceDecision,
  EvidenceModel,
  Features,
  ScoredCandidate,
  ScoredExtract,
} from "./domain/evidence-model.ts";
export {
  byEvidence,
  COVERAGE_RULE,
  candidateFeatures,
  candidateSentences,
  EVIDENCE_MODEL_FORMAT,
  evidenceModelId,
  evidenceProbability,
  parseEvidenceModel,
  pickEvidence,
  provisionTerms,
  questionTerms,
  questionTypeKey,
  scoreCandidates,
  sentenceShapes,
  serializeEvidenceModel,
  trainedWording,
} from "./domain/evidence-model.ts";
export type { TrainingExample, TrainingOptions } from "./domain/evidence-training.ts";
export { DEFAULT_TRAINING, trainLogistic } from "./domain/evidence-training.ts";
export {
  type Exemplar,
  type ExemplarIndex,
  exemplarFeatures,
  exemplarIdf,
  exemplarSimilarity,
  exemplarTerms,
} from "./domain/exemplars.ts";
export type { AmendingEdit, ExtractDeps } from "./domain/extract.ts";
export { buildExtract, documentLabel, extractSource } from "./domain/extract.ts";
export { concatFeatures } from "./domain/features.ts";
export type { LedgerDollars, LedgerEntry, PriceCard, TokenLedger } from "./domain/ledger.ts";
export { buildLedger, DEFAULT_PRICE_CARD, entryDollars, formatLedger, mergeLedgers, usd } from "./domain/ledger.ts";
export type {
  EvidencePlacement,
  ModelAnswer,
  ModelAnswerer,
  ModelAnswerRequest,
  Plan,
  PlanRequest,
} from "./domain/model-answerer.ts";
export { createModelAnswerer, judgeModelText, parsePlan } from "./domain/model-answerer.ts";
export type {
  DraftAnswer,
  EvidenceDecisionOptions,
  OfflineAnswerer,
  OfflineOptions,
} from "./domain/offline-answerer.ts";
export {
  answerFromEvidence,
  answerOffline,
  followToSubstance,
  notAnswered,
  referencePoints,
} from "./domain/offline-answerer.ts";
export type { PairOutcome, PairwiseSummary, PositionalVerdict } from "./domain/pairwise.ts";
export { forcedOutcome, pairOutcome, parseJudgeVerdict, summarisePairwise } from "./domain/pairwise.ts";
export type { PairedItem, PairedJudgement } from "./domain/pairwise-judge.ts";
export { JUDGE_PROMPT_VERSION, judgePair } from "./domain/pairwise-judge.ts";
export { priceCardOf } from "./domain/price-card.ts";
export {
  evidenceTag,
  PLANNER_RULES_V1,
  PROMPT_VERSION,
  renderEvidence,
  renderQuestion,
  SYSTEM_RULES_V1,
} from "./domain/prompts.ts";
export type { CheckedQuestion, QuestionProblem } from "./domain/question-guard.ts";
export { checkQuestion, languageOf, looksLikeInstructions, MAX_QUESTION_CHARS } from "./domain/question-guard.ts";
export type { LanguageModel, ModelCallRequest, ModelCallResult, SystemBlock } from "./ports/language-model.ts";
export type { NavindexPlan, NavindexPlanCall, NavindexPlanner } from "./ports/navindex-planner.ts";
