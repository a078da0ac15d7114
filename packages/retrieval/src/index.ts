export { createSqliteLexicalIndex, FIELD_WEIGHTS } from "./adapters/sqlite-lexical-index.ts";
export type { SqliteVectorStoreOptions } from "./adapters/sqlite-vector-store.ts";
export { createSqliteVectorStore } from "./adapters/sqlite-vector-store.ts";
export { createPassageIndexSink } from "./domain/passage-index-sink.ts";
export type { Passage, PassageOptions } from "./domain/passages.ts";
export { buildPassages, DEFAULT_PASSAGE_OPTIONS } from "./domain/passages.ts";
export type { Principal } from "./domain/principal.ts";
export { mayRead } from "./domain/principal.ts";
export { ftsMatchExpression, queryTerms } from "./domain/query-terms.ts";
export type {
  QueryTrace,
  RetrievedPassage,
  Searcher,
  SearchMode,
  SearchRequest,
  SearchResult,
} from "./domain/search.ts";
export { createSearcher } from "./domain/search.ts";
export type { Range } from "./domain/sentences.ts";
export { splitSentences, windows } from "./domain/sentences.ts";
export type { BuiltinEmbedder, BuiltinEmbedderOptions } from "./embedders/builtin-embedder.ts";
export {
  DEFAULT_BUILTIN_OPTIONS,
  deserializeBuiltinEmbedder,
  fitBuiltinEmbedder,
} from "./embedders/builtin-embedder.ts";
export type { OnnxEmbedderOptions } from "./embedders/onnx-embedder.ts";
export { loadOnnxEmbedder } from "./embedders/onnx-embedder.ts";
export type { EncodedBatch, WordPieceTokenizer } from "./embedders/wordpiece-tokenizer.ts";
export { createWordPieceTokenizer } from "./embedders/wordpiece-tokenizer.ts";
export type { Embedder, EmbedKind } from "./ports/embedder.ts";
export type { LexicalHit, LexicalIndex, LexicalQuery, LexicalSearchResult } from "./ports/lexical-index.ts";
export type {
  VectorHit,
  VectorIndexVersion,
  VectorItem,
  VectorQuery,
  VectorSearchResult,
  VectorStore,
} from "./ports/vector-store.ts";
