import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { type AnswerRecord, buildLedger, DEFAULT_PRICE_CARD } from "@lexnav/answer";
import type { ProvisionNode } from "@lexnav/document-model";
import { answerV1, searchV1 } from "@lexnav/proto";
import type { QueryTrace } from "@lexnav/retrieval";
import { describe, expect, it } from "vitest";
import { refusalOf } from "../../../../test/support/refusal.ts";
import { askResponse, DEFAULT_TOP_K, readAskRequest, readSearchRequest, searchResponse } from "./query-messages.ts";

const { SearchMode } = searchV1;
type AskInit = MessageInitShape<typeof answerV1.AskRequestSchema>;
const request = (init: AskInit) =>
  create(answerV1.AskRequestSchema, {
    question: "Which law governs?",
    principal: { id: "ann", groups: ["deal"] },
    ...init,
  } as AskInit);

describe("reading an AskRequest", () => {
  it("maps every contract mode to lexnav's, NAVEMBED to the full pipeline and UNSPECIFIED to hybrid", () => {
    const modes = [
      [SearchMode.UNSPECIFIED, "hybrid"],
      [SearchMode.LEXICAL, "lexical"],
      [SearchMode.DENSE, "dense"],
      [SearchMode.HYBRID, "hybrid"],
      [SearchMode.NAVEMBED_R1, "navembed-r1"],
      [SearchMode.NAVEMBED_R2, "navembed-r2"],
      [SearchMode.NAVEMBED_R3, "navembed-r3"],
      [SearchMode.NAVEMBED, "navembed-r4"],
      [SearchMode.NAVINDEX, "navindex"],
      [SearchMode.INJECT, "inject"],
    ] as const;
    for (const [wire, mode] of modes) expect(readAskRequest(request({ mode: wire })).mode).toBe(mode);
  });

  it("applies the default top_k for 0 and keeps the principal and the offline switch", () => {
    const call = readAskRequest(request({ offline: true }));
    expect(call).toEqual({
      question: "Which law governs?",
      mode: "hybrid",
      principal: { id: "ann", groups: ["deal"] },
      k: DEFAULT_TOP_K,
      offline: true,
      scope: {},
    });
    expect(readAskRequest(request({ topK: 3 })).k).toBe(3);
  });

  it("refuses what it cannot honour instead of answering something else", () => {
    expect(refusalOf(() => readAskRequest(create(answerV1.AskRequestSchema, { question: "q" }))).message).toMatch(
      /principal\.id is required/,
    );
    expect(refusalOf(() => readAskRequest(request({ mode: 42 as searchV1.SearchMode }))).message).toMatch(
      /unknown mode 42/,
    );
    expect(refusalOf(() => readAskRequest(request({ topK: 101 }))).code).toBe("invalid_argument");
    expect(readAskRequest(request({ indexVersion: "lex-1" })).indexVersion).toBe("lex-1");
    expect(refusalOf(() => readAskRequest(request({ indexVersion: " " }))).message).toMatch(/index_version is empty/);
    expect(refusalOf(() => readAskRequest(request({ documentIds: ["doc_1", " "] }))).message).toMatch(
      /document_ids has an empty id/,
    );
    expect(refusalOf(() => readAskRequest(request({ transactionSetId: "" }))).message).toMatch(
      /transaction_set_id is empty/,
    );
    const many = Array.from({ length: 1001 }, (_, i) => `doc_${i}`);
    expect(refusalOf(() => readAskRequest(request({ documentIds: many }))).message).toMatch(/at most 1000/);
  });

  it("reads the scope a request names: documents, a transaction set, or both", () => {
    expect(readAskRequest(request({})).scope).toEqual({});
    expect(readAskRequest(request({ documentIds: ["doc_1"], transactionSetId: "set_1" })).scope).toEqual({
      documentIds: ["doc_1"],
      transactionSetId: "set_1",
    });
  });
});

const RECORD: AnswerRecord = {
  id: "ans_1",
  createdAt: "2026-11-30T00:00:00.000Z",
  question: "Which law governs?",
  mode: "navembed-r4",
  answerer: "model",
  model: "claude-x",
  promptVersion: "p1",
  indexVersion: "lex-1",
  principal: { id: "ann", groups: ["deal"] },
  selectedNodes: ["doc_1/n9"],
  evidence: [{ documentId: "doc_1", version: "v1", nodeId: "n9", start: 10, end: 40 }],
  contextTokens: 812,
  answer: "New York law governs [Credit Agreement] Section 9.09.",
  abstained: false,
  abstainReason: null,
  citations: [
    {
      documentId: "doc_1",
      version: "v1",
      nodeId: "n9",
      start: 10,
      end: 40,
      quote: "governed by the law of New York",
      clauseRef: "Section 9.09",
      display: "[Credit Agreement] Section 9.09",
      location: "Credit Agreement, Article IX, Section 9.09, page 88",
    },
  ],
  precedence: ["Amendment No. 1 controls over the Credit Agreement for Section 9.09"],
  unsupported: 1,
  warnings: ["w"],
  ledger: buildLedger(
    [
      {
        stage: "answer",
        model: "claude-x",
        inputTokens: 1000,
        cacheWriteTokens: 0,
        cacheReadTokens: 2000,
        outputTokens: 100,
      },
    ],
    DEFAULT_PRICE_CARD,
  ),
};

describe("an answer record as an AskResponse", () => {
  it("carries the citations with offsets, the record id, the ledger in tokens and dollars and the trace", () => {
    const trace: QueryTrace = {
      normalisedQuery: "which law governs",
      mode: "navembed-r4",
      indexVersion: "lex-1",
      filters: { principal: "ann", groups: ["deal"] },
      stages: [
        { stage: "lexical", ms: 2, candidates: [{ id: "p1", score: 3.5 }] },
        { stage: "rerank", ms: 5, candidates: [{ id: "p1", score: 0.9 }] },
      ],
      routedBy: "name",
      namesRead: ["milacron"],
      selected: ["p1"],
      contextTokens: 812,
    };
    const r = askResponse(RECORD, trace);
    expect(r.answerId).toBe("ans_1");
    expect(r.citations[0]).toMatchObject({ documentId: "doc_1", start: 10, end: 40, clauseRef: "Section 9.09" });
    expect(r.citations[0]?.display).toBe("[Credit Agreement] Section 9.09");
    expect(r.citations[0]?.location).toBe("Credit Agreement, Article IX, Section 9.09, page 88");
    // a record made before citations were located leaves the field unset, not empty
    const older = askResponse({ ...RECORD, citations: RECORD.citations.map(({ location: _l, ...c }) => c) }, trace);
    expect(older.citations[0]?.location).toBeUndefined();
    // 1,000 input at $3, 2,000 cache read at $0.30, 100 output at $15 per million
    expect(r.ledger?.totalDollars).toBeCloseTo(0.003 + 0.0006 + 0.0015, 10);
    expect(r.ledger?.entries[0]).toMatchObject({ cachedInputTokens: 2000, cacheWriteTokens: 0 });
    expect(r.ledger?.totalCacheReadTokens).toBe(2000n);
    expect(r.trace?.mode).toBe(SearchMode.NAVEMBED);
    expect(r.trace?.totalMs).toBe(7);
    expect(r.trace?.stages[1]?.candidates).toEqual([expect.objectContaining({ id: "p1", score: 0.9 })]);
    expect(r.trace?.routedBy).toBe("name");
    expect(r.trace?.namesRead).toEqual(["milacron"]);
    expect(r).toMatchObject({ answerer: "model", model: "claude-x", promptVersion: "p1", unsupported: 1 });
    // a model's answer has no decision probability; an offline one carries the decision's
    expect(r.decisionProbability).toBeUndefined();
    const offline = askResponse({ ...RECORD, answerer: "offline", decisionProbability: 0.4321 }, trace);
    expect(offline.decisionProbability).toBe(0.4321);
  });

  it("says an abstention plainly and, without a retrieval trace, still names the filter and the selection", () => {
    const r = askResponse(
      { ...RECORD, mode: "navindex", abstained: true, abstainReason: null, citations: [], answer: "silence" },
      null,
    );
    expect(r.answer).toBe("");
    expect(r.abstained).toBe(true);
    expect(r.abstainReason).toBe("no verified support");
    expect(r.trace).toMatchObject({ mode: SearchMode.NAVINDEX, principalId: "ann", selected: ["doc_1/n9"] });
  });
});

describe("Search on the wire", () => {
  const search = (init: MessageInitShape<typeof searchV1.SearchRequestSchema>) =>
    readSearchRequest(create(searchV1.SearchRequestSchema, init));

  it("reads the query, who asks, the mode and a pinned index version; refuses an empty query", () => {
    const call = search({
      query: "governing law",
      principal: { id: "ann", groups: ["deal"] },
      indexVersion: "lex-1",
      trace: true,
    });
    expect(call).toEqual({
      request: {
        query: "governing law",
        mode: "hybrid",
        principal: { id: "ann", groups: ["deal"] },
        k: DEFAULT_TOP_K,
        indexVersion: "lex-1",
      },
      scope: {},
      trace: true,
    });
    expect(refusalOf(() => search({ query: "  ", principal: { id: "ann", groups: [] } })).message).toMatch(
      /the query is empty/,
    );
    expect(search({ query: "x", principal: { id: "ann", groups: [] }, documentIds: ["d"] }).scope).toEqual({
      documentIds: ["d"],
    });
    expect(refusalOf(() => search({ query: "x" })).message).toMatch(/principal\.id is required/);
  });

  it("gives each hit its span, its stage scores and its provision's reference and title; the trace only when asked", () => {
    const result = {
      passages: [
        {
          documentId: "doc_1",
          version: "v1",
          nodeId: "n9",
          start: 10,
          end: 40,
          score: 0.03,
          tokens: 12,
          stageScores: [
            { stage: "lexical", score: 4.2, rank: 1 },
            { stage: "rrf", score: 0.03, rank: 1 },
          ],
        },
      ],
      trace: {
        normalisedQuery: "governing law",
        mode: "hybrid" as const,
        indexVersion: "lex-1",
        filters: { principal: "ann", groups: ["deal"] },
        stages: [],
        selected: ["doc_1/n9:0"],
        contextTokens: 12,
      },
    };
    const node = (d: string, v: string, n: string) =>
      d === "doc_1" && v === "v1" && n === "n9"
        ? ({ clauseRef: "Section 9.09", title: "Governing Law" } as ProvisionNode)
        : null;
    const r = searchResponse(result, node, false);
    expect(r.hits[0]).toMatchObject({
      documentId: "doc_1",
      start: 10,
      end: 40,
      clauseRef: "Section 9.09",
      title: "Governing Law",
    });
    expect(r.hits[0]?.stageScores.map((s) => [s.stage, s.rank])).toEqual([
      ["lexical", 1],
      ["rrf", 1],
    ]);
    expect(r.indexVersion).toBe("lex-1");
    expect(r.trace).toBeUndefined();
    expect(searchResponse(result, node, true).trace?.selected).toEqual(["doc_1/n9:0"]);
  });
});
