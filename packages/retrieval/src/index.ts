export {
  createOpenSearchLexicalIndex,
  type OpenSearchLexicalIndex,
  type OpenSearchLexicalIndexOptions,
} from "./adapters/opensearch-lexical-index.ts";
export type { QdrantCalls, QdrantVectorStoreOptions } from "./adapters/qdrant-vector-store.ts";
export { createQdrantVectorStore } from "./adapters/qdrant-vector-store.ts";
export { createSqliteLexicalIndex, FIELD_WEIGHTS } from "./adapters/sqlite-lexical-index.ts";
export type { VectorSeed } from "./adapters/sqlite-vector-seed.ts";
export {
  dropVectorSeeds,
  seedVectorCache,
  VECTOR_SEED_DOCUMENT,
  vectorSeedVersions,
} from "./adapters/sqlite-vector-seed.ts";
export type { SqliteVectorStoreOptions } from "./adapters/sqlite-vector-store.ts";
export { createSqliteVectorStore } from "./adapters/sqlite-vector-store.ts";
export type { AccessScope } from "./domain/access-scopes.ts";
export { accessScopes } from "./domain/access-scopes.ts";
export { askInside, type InsideAsk } from "./domain/ask-inside.ts";
export type { RerankExample, RerankFeature, RerankWeights } from "./domain/builtin-reranker.ts";
export {
  createBuiltinReranker,
  fitRerankWeights,
  parseRerankWeights,
  RERANK_FEATURES,
  RERANK_WEIGHTS,
  rerankFeatures,
  rerankScore,
} from "./domain/builtin-reranker.ts";
export { CAPITALS_SCAN_LIMIT, capitalsWords, holdsInCapitals } from "./domain/capitals-phrase.ts";
export type {
  AssembledContext,
  BoilerplateKind,
  CitationAnchor,
  ContextAssemblyDeps,
  ContextAssemblyOptions,
  ContextDocument,
  ContextDropped,
  ContextItem,
  Supersession,
} from "./domain/context-assembly.ts";
export { assembleContext, DEFAULT_CONTEXT_OPTIONS } from "./domain/context-assembly.ts";
export type { BuiltinDenseOptions, DenseIndexReport, IndexableDocument } from "./domain/dense-index.ts";
export {
  buildDenseIndex,
  buildModelDenseIndex,
  createEmbedderLookup,
  embedDocumentWith,
  embeddingText,
  type ModelDenseOptions,
  refitScope,
  SCOPED_BUILTIN_EMBEDDER_ID,
  vectorItems,
} from "./domain/dense-index.ts";
export {
  asThisContract,
  documentNameKey,
  type InstrumentMention,
  instrumentMentions,
  mentionWord,
  partyPhrases,
  quotedNameKeys,
  titleMentions,
  withoutCapitalisedNames,
  withoutMentions,
  withoutThisContract,
} from "./domain/document-names.ts";
export { RRF_K, reciprocalRankFusion, relativeScoreFusion } from "./domain/fusion.ts";
export {
  instrumentKind,
  isInstrumentAbbreviation,
  isInstrumentPartWord,
  isInstrumentWord,
  kindSpellings,
} from "./domain/instrument-kinds.ts";
export * as LAY_PHRASES from "./domain/lay-phrases.ts";
export { isModelInstruction, modelInstructions } from "./domain/model-instruction.ts";
export type { PassageIndexSinkExtras } from "./domain/passage-index-sink.ts";
export {
  CARD_CHARS,
  createPassageIndexSink,
  documentCard,
  type LexicalRebuildReport,
  rebuildLexicalIndex,
} from "./domain/passage-index-sink.ts";
export type { Passage, PassageOptions } from "./domain/passages.ts";
export { buildPassages, DEFAULT_PASSAGE_OPTIONS } from "./domain/passages.ts";
export type { Principal } from "./domain/principal.ts";
export { mayRead } from "./domain/principal.ts";
export { ftsMatchExpression, queryTerms } from "./domain/query-terms.ts";
export type { FlagIntent, ParsedQuestion } from "./domain/question.ts";
export {
  bareQuestion,
  contentWords,
  flagIntents,
  parseQuestion,
  quotationKey,
  quotations,
} from "./domain/question.ts";
export type { CurrentRecord, Reconciled, WhileBuilding } from "./domain/rebuild-reconcile.ts";
export type {
  CandidateSource,
  LexicalSource,
  NodePlanner,
  QueryTrace,
  RetrievedPassage,
  RoutedBy,
  RouteResult,
  Searcher,
  SearcherDeps,
  SearchMode,
  SearchOptions,
  SearchRequest,
  SearchResult,
  SourceHit,
  SyncEmbedder,
  TextOf,
} from "./domain/search.ts";
export {
  candidateKey,
  candidatePlace,
  createSearcher,
  DEFAULT_SEARCH_OPTIONS,
  FUSION_METHODS,
  type FusionMethod,
  SEARCH_MODES,
} from "./domain/search.ts";
export type { Range } from "./domain/sentences.ts";
export { splitSentences, windows } from "./domain/sentences.ts";
export { otherSpelling } from "./domain/shorthand.ts";
export {
  asksOfClose,
  inSignatureBlock,
  isClosePassage,
  isSignatureText,
  MAX_TREE_DEPTH,
  opensWithSignature,
} from "./domain/signature-block.ts";
export {
  askedDefinedTerms,
  askedTermPhrases,
  DEFINED_TERM_WORD,
  definedTermKey,
  termKey,
  trimEndOf,
} from "./domain/term-asked.ts";
export type { BuiltinEmbedder, BuiltinEmbedderOptions } from "./embedders/builtin-embedder.ts";
export {
  DEFAULT_BUILTIN_OPTIONS,
  deserializeBuiltinEmbedder,
  fitBuiltinEmbedder,
} from "./embedders/builtin-embedder.ts";
export type { OnnxEmbedderOptions } from "./embedders/onnx-embedder.ts";
export { loadOnnxEmbedder } from "./embedders/onnx-embedder.ts";
export { featureWords } from "./embedders/text-features.ts";
export type { EncodedBatch, WordPieceTokenizer } from "./embedders/wordpiece-tokenizer.ts";
export { createWordPieceTokenizer } from "./embedders/wordpiece-tokenizer.ts";
export type { Embedder, EmbedKind } from "./ports/embedder.ts";
export type {
  DocumentCard,
  DocumentHit,
  LexicalHit,
  LexicalIndex,
  LexicalQuery,
  LexicalSearchResult,
  PhraseQuery,
} from "./ports/lexical-index.ts";
export type { RerankCandidate, Reranker } from "./ports/reranker.ts";
export type {
  ScopeModel,
  VectorHit,
  VectorIndexVersion,
  VectorItem,
  VectorQuery,
  VectorScopeState,
  VectorSearchResult,
  VectorStore,
} from "./ports/vector-store.ts";
export type { LateInteractionOptions, LateInteractionReranker } from "./rerankers/late-interaction-reranker.ts";
export { loadLateInteractionReranker } from "./rerankers/late-interaction-reranker.ts";
export type { CrossEncoder, OnnxCrossEncoderOptions } from "./rerankers/onnx-cross-encoder.ts";
export { loadOnnxCrossEncoder } from "./rerankers/onnx-cross-encoder.ts";
