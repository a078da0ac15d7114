import { countTokens } from "@lexnav/document-model";
import type { LexicalIndex } from "../ports/lexical-index.ts";
import type { Principal } from "./principal.ts";

export type SearchMode = "lexical";

export interface SearchRequest {
  query: string;
  principal: Principal;
  mode: SearchMode;
  /** Passages wanted, best first. */
  k: number;
  indexVersion?: string;
}

/** One retrieved passage: a span of a document version, with the scores each stage gave it. */
export interface RetrievedPassage {
  documentId: string;
  version: string;
  nodeId: string;
  start: number;
  end: number;
  score: number;
  tokens: number;
  stageScores: Array<{ stage: string; score: number; rank: number }>;
}

/** What a query did, for audit and tuning: ids, scores, filters, versions and counts, never document text. */
export interface QueryTrace {
  normalisedQuery: string;
  mode: SearchMode;
  indexVersion: string;
  filters: { principal: string; groups: string[] };
  stages: Array<{ stage: string; ms: number; candidates: Array<{ id: string; score: number }> }>;
  selected: string[];
  contextTokens: number;
}

export interface SearchResult {
  passages: RetrievedPassage[];
  trace: QueryTrace;
}

export interface Searcher {
  search(request: SearchRequest, text: (documentId: string, version: string) => string | null): SearchResult;
}

/** The retrieval use case over the ports; each mode is a composition of stages. */
export function createSearcher(deps: { lexical: LexicalIndex }): Searcher {
  return {
    search(request, text) {
      const t0 = performance.now();
      const lex = deps.lexical.search({
        text: request.query,
        principal: request.principal,
        k: request.k,
        ...(request.indexVersion ? { indexVersion: request.indexVersion } : {}),
      });
      const ms = performance.now() - t0;
      const passages: RetrievedPassage[] = lex.hits.map((h, i) => {
        const body = text(h.documentId, h.version)?.slice(h.start, h.end) ?? "";
        return {
          documentId: h.documentId,
          version: h.version,
          nodeId: h.nodeId,
          start: h.start,
          end: h.end,
          score: h.score,
          tokens: countTokens(body),
          stageScores: [{ stage: "lexical", score: h.score, rank: i + 1 }],
        };
      });
      return {
        passages,
        trace: {
          normalisedQuery: lex.normalisedQuery,
          mode: request.mode,
          indexVersion: lex.indexVersion,
          filters: { principal: request.principal.id, groups: request.principal.groups },
          stages: [{ stage: "lexical", ms, candidates: lex.hits.map((h) => ({ id: h.passageId, score: h.score })) }],
          selected: passages.map((p) => `${p.documentId}/${p.nodeId}`),
          contextTokens: passages.reduce((s, p) => s + p.tokens, 0),
        },
      };
    },
  };
}
