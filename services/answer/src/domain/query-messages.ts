import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { type AnswerMode, type AnswerRecord, entryDollars, MAX_QUESTION_CHARS } from "@lexnav/answer";
import { LexnavError } from "@lexnav/core";
import type { ProvisionNode } from "@lexnav/document-model";
import { answerV1, searchV1 } from "@lexnav/proto";
import type { Principal, QueryTrace, SearchRequest, SearchResult } from "@lexnav/retrieval";

const { SearchMode } = searchV1;

/** Passages retrieved for the answerer when a request leaves `top_k` at 0 (what `lexnav ask` uses). */
export const DEFAULT_TOP_K = 10;
/** The most passages a request may ask for (as `lexnav ask --k`). */
export const MAX_TOP_K = 100;

/** The contract's modes and lexnav's: NAVEMBED is the full navembed pipeline (r4). */
const MODES: ReadonlyMap<searchV1.SearchMode, AnswerMode> = new Map([
  [SearchMode.LEXICAL, "lexical"],
  [SearchMode.DENSE, "dense"],
  [SearchMode.HYBRID, "hybrid"],
  [SearchMode.NAVEMBED_R1, "navembed-r1"],
  [SearchMode.NAVEMBED_R2, "navembed-r2"],
  [SearchMode.NAVEMBED_R3, "navembed-r3"],
  [SearchMode.NAVEMBED, "navembed-r4"],
  [SearchMode.NAVINDEX, "navindex"],
  [SearchMode.INJECT, "inject"],
]);

const WIRE_MODES: ReadonlyMap<AnswerMode, searchV1.SearchMode> = new Map([...MODES].map(([w, m]) => [m, w]));

/** What a request is scoped to, as it names it: documents, a transaction set, or both (the listed ones of the set). */
export interface RequestScope {
  documentIds?: string[];
  transactionSetId?: string;
}

/** The most document ids a request may list. */
export const MAX_SCOPE_DOCUMENTS = 1000;

/** What the use case is asked: the question, the mode, who asks, how many passages, whether offline, the scope. */
export interface AskCall {
  question: string;
  mode: AnswerMode;
  principal: Principal;
  k: number;
  offline: boolean;
  scope: RequestScope;
  /** The lexical index version to read (retrieval modes), when the request pins one. */
  indexVersion?: string;
}

/** What a query-path request shares: who asks, the mode, how many passages, and what it may not pin. */
interface QueryFields {
  principal?: { id: string; groups: string[] } | undefined;
  mode: searchV1.SearchMode;
  topK: number;
  documentIds: string[];
  transactionSetId?: string | undefined;
}

/**
 * The fields every query-path request shares. A request the service cannot honour is refused with a
 * reason, never answered as something else: a missing principal, an unknown mode, a top_k out of
 * range, a malformed scope.
 */
function readQuery(req: QueryFields): { mode: AnswerMode; principal: Principal; k: number; scope: RequestScope } {
  if (!req.principal || req.principal.id.trim() === "")
    throw new LexnavError("invalid_argument", "principal.id is required: every search is filtered by who asks");
  const mode = req.mode === SearchMode.UNSPECIFIED ? "hybrid" : MODES.get(req.mode);
  if (mode === undefined)
    throw new LexnavError("invalid_argument", `unknown mode ${req.mode} (the SearchMode values of lexnav.search.v1)`);
  if (req.topK > MAX_TOP_K)
    throw new LexnavError(
      "invalid_argument",
      `top_k must be from 1 to ${MAX_TOP_K} (0: the default, ${DEFAULT_TOP_K})`,
    );
  if (req.documentIds.length > MAX_SCOPE_DOCUMENTS)
    throw new LexnavError("invalid_argument", `document_ids lists at most ${MAX_SCOPE_DOCUMENTS} documents`);
  if (req.documentIds.some((id) => id.trim() === ""))
    throw new LexnavError("invalid_argument", "document_ids has an empty id");
  if (req.transactionSetId !== undefined && req.transactionSetId.trim() === "")
    throw new LexnavError("invalid_argument", "transaction_set_id is empty: name a set or leave it unset");
  return {
    mode,
    principal: { id: req.principal.id, groups: [...req.principal.groups] },
    k: req.topK === 0 ? DEFAULT_TOP_K : req.topK,
    scope: {
      ...(req.documentIds.length > 0 ? { documentIds: [...req.documentIds] } : {}),
      ...(req.transactionSetId !== undefined ? { transactionSetId: req.transactionSetId } : {}),
    },
  };
}

/** Reads an AskRequest (`readQuery`), with the index version it pins. */
export function readAskRequest(req: answerV1.AskRequest): AskCall {
  const q = readQuery(req);
  if (req.indexVersion !== undefined && req.indexVersion.trim() === "")
    throw new LexnavError("invalid_argument", "index_version is empty: name a version or leave it unset");
  return {
    question: req.question,
    ...q,
    offline: req.offline,
    ...(req.indexVersion !== undefined ? { indexVersion: req.indexVersion } : {}),
  };
}

/** What the searcher is asked: the query, who asks, the mode, how many passages, a pinned index version. */
export interface SearchCall {
  /** The search as asked, before its scope is resolved to documents (`scope`). */
  request: SearchRequest;
  scope: RequestScope;
  trace: boolean;
}

/** Reads a SearchRequest (`readQuery`); an empty query is refused as an empty question is. */
export function readSearchRequest(req: searchV1.SearchRequest): SearchCall {
  const { scope, ...q } = readQuery(req);
  if (req.query.trim() === "") throw new LexnavError("invalid_argument", "the query is empty: search for something");
  if (req.query.length > MAX_QUESTION_CHARS)
    throw new LexnavError("invalid_argument", `the query is over ${MAX_QUESTION_CHARS} characters: search for less`);
  return {
    request: {
      query: req.query,
      ...q,
      ...(req.indexVersion !== undefined ? { indexVersion: req.indexVersion } : {}),
    },
    scope,
    trace: req.trace,
  };
}

/**
 * Hits as the contract gives them: spans of stored versions with each stage's score and rank, and the
 * provision's clause reference and title. The trace only when asked for.
 */
export function searchResponse(
  result: Pick<SearchResult, "passages" | "trace">,
  node: (documentId: string, version: string, nodeId: string) => ProvisionNode | null,
  withTrace: boolean,
): searchV1.SearchResponse {
  return create(searchV1.SearchResponseSchema, {
    hits: result.passages.map((p) => {
      const n = node(p.documentId, p.version, p.nodeId);
      return {
        documentId: p.documentId,
        version: p.version,
        nodeId: p.nodeId,
        start: p.start,
        end: p.end,
        score: p.score,
        stageScores: p.stageScores.map((s) => ({ stage: s.stage, score: s.score, rank: s.rank })),
        ...(n?.clauseRef ? { clauseRef: n.clauseRef } : {}),
        ...(n?.title ? { title: n.title } : {}),
      };
    }),
    indexVersion: result.trace.indexVersion,
    ...(withTrace ? { trace: traceMessage(result.trace) } : {}),
  });
}

/** The query trace on the wire: stage candidates as ids and scores, the filter, the versions; never text. */
export function traceMessage(trace: QueryTrace): MessageInitShape<typeof searchV1.QueryTraceSchema> {
  return {
    indexVersion: trace.indexVersion,
    mode: WIRE_MODES.get(trace.mode) ?? SearchMode.UNSPECIFIED,
    stages: trace.stages.map((s) => ({
      stage: s.stage,
      durationMs: s.ms,
      candidatesOut: s.candidates.length,
      candidates: s.candidates.map((c) => ({ id: c.id, score: c.score })),
    })),
    totalMs: trace.stages.reduce((sum, s) => sum + s.ms, 0),
    principalId: trace.filters.principal,
    principalGroups: [...trace.filters.groups],
    scopeDocumentIds: [...(trace.filters.documents ?? [])],
    ...(trace.routedBy ? { routedBy: trace.routedBy } : {}),
    namesRead: [...(trace.namesRead ?? [])],
    selected: [...trace.selected],
    ...(trace.vectorIndexVersion ? { vectorIndexVersion: trace.vectorIndexVersion } : {}),
    contextTokens: trace.contextTokens,
  };
}

/**
 * The answer record as an AskResponse. Without a retrieval trace (inject, navindex's planner) the
 * trace still names the mode, the asker's filter, the index version and the provisions selected.
 */
export function askResponse(record: AnswerRecord, trace: QueryTrace | null): answerV1.AskResponse {
  const { ledger } = record;
  return create(answerV1.AskResponseSchema, {
    answer: record.abstained ? "" : record.answer,
    citations: record.citations.map((c) => ({
      documentId: c.documentId,
      version: c.version,
      nodeId: c.nodeId,
      start: c.start,
      end: c.end,
      quote: c.quote,
      ...(c.clauseRef ? { clauseRef: c.clauseRef } : {}),
      display: c.display,
      ...(c.location !== undefined ? { location: c.location } : {}),
    })),
    abstained: record.abstained,
    ...(record.abstained ? { abstainReason: record.abstainReason ?? "no verified support" } : {}),
    ledger: {
      entries: ledger.entries.map((e) => ({
        stage: e.stage,
        model: e.model,
        inputTokens: e.inputTokens,
        outputTokens: e.outputTokens,
        cachedInputTokens: e.cacheReadTokens,
        cacheWriteTokens: e.cacheWriteTokens,
        dollars: entryDollars(e, ledger.priceCard).total,
      })),
      totalInputTokens: BigInt(ledger.tokens.input),
      totalOutputTokens: BigInt(ledger.tokens.output),
      totalCacheReadTokens: BigInt(ledger.tokens.cacheRead),
      totalCacheWriteTokens: BigInt(ledger.tokens.cacheWrite),
      totalDollars: ledger.dollars.total,
    },
    trace: trace
      ? traceMessage(trace)
      : {
          indexVersion: record.indexVersion,
          mode: WIRE_MODES.get(record.mode) ?? SearchMode.UNSPECIFIED,
          principalId: record.principal.id,
          principalGroups: [...record.principal.groups],
          selected: [...record.selectedNodes],
          contextTokens: record.contextTokens,
        },
    precedence: [...record.precedence],
    warnings: [...record.warnings],
    answerId: record.id,
    answerer: record.answerer,
    ...(record.model ? { model: record.model } : {}),
    promptVersion: record.promptVersion,
    contextTokens: record.contextTokens,
    unsupported: record.unsupported,
    ...(record.decisionProbability !== undefined ? { decisionProbability: record.decisionProbability } : {}),
  });
}
