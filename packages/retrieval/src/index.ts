export { createSqliteLexicalIndex, FIELD_WEIGHTS } from "./adapters/sqlite-lexical-index.ts";
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
export type { LexicalHit, LexicalIndex, LexicalQuery, LexicalSearchResult } from "./ports/lexical-index.ts";
