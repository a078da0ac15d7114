import { create } from "@bufbuild/protobuf";
import { isLexnavError } from "@lexnav/core";
import { rerankV1 } from "@lexnav/proto";
import { describe, expect, it } from "vitest";
import { MAX_RERANK_CANDIDATES, MAX_RERANK_STAGES, readRerankRequest, rerankResponse } from "./rerank-messages.ts";

const request = (init: Parameters<typeof create<typeof rerankV1.RerankRequestSchema>>[1]) =>
  create(rerankV1.RerankRequestSchema, init);

describe("rerank messages", () => {
  it("reads candidates as the port takes them, flags and stages only when sent", () => {
    const call = readRerankRequest(
      request({
        query: "Which law governs?",
        candidates: [
          {
            id: "a",
            text: "governed by the laws of Delaware",
            heading: "Governing Law",
            flags: { hasDate: true },
            stages: [{ stage: "lexical", score: 7.5, rank: 3 }],
          },
          { id: "b", text: "the term is two years" },
        ],
        principal: { id: "ann", groups: ["deals"] },
      }),
    );
    expect(call.topK).toBe(2);
    expect(call.principal).toEqual({ id: "ann", groups: ["deals"] });
    expect(call.candidates[0]).toMatchObject({
      id: "a",
      heading: "Governing Law",
      flags: { hasDate: true, hasMoney: false },
    });
    expect(call.candidates[1]?.flags).toBeNull();
    // the stages that ranked a candidate before fusion reach the reranker's features; none sent, none read
    expect(call.candidates[0]?.stages).toEqual([{ stage: "lexical", score: 7.5, rank: 3 }]);
    expect(call.candidates[1]?.stages).toBeUndefined();
  });

  it("refuses an empty query and an oversized batch with a reason", () => {
    const empty = (() => {
      try {
        return readRerankRequest(request({ query: " " }));
      } catch (e) {
        return e;
      }
    })();
    expect(isLexnavError(empty) && empty.code).toBe("invalid_argument");
    const many = Array.from({ length: MAX_RERANK_CANDIDATES + 1 }, (_, i) => ({ id: String(i), text: "x" }));
    expect(() => readRerankRequest(request({ query: "q", candidates: many }))).toThrow(/at most/);
    // a candidate that lists more stages than retrieval has is refused, not read
    const stages = Array.from({ length: MAX_RERANK_STAGES + 1 }, (_, i) => ({
      stage: "lexical",
      score: 1,
      rank: i + 1,
    }));
    expect(() => readRerankRequest(request({ query: "q", candidates: [{ id: "a", text: "x", stages }] }))).toThrow(
      /candidate 0 lists 17 stages; send at most 16/,
    );
  });

  it("orders results best first, ties in request order, keeps top_k, and says where each came from", () => {
    const call = readRerankRequest(
      request({ query: "q", topK: 3, candidates: ["a", "b", "c", "d"].map((id) => ({ id, text: id })) }),
    );
    const r = rerankResponse(call, [0.2, 0.9, 0.5, 0.9], "builtin-rerank-1");
    expect(r.results.map((x) => [x.id, x.rank, x.index])).toEqual([
      ["b", 1, 1],
      ["d", 2, 3],
      ["c", 3, 2],
    ]);
    expect(r.model).toBe("builtin-rerank-1");
    expect(() => rerankResponse(call, [1, 2], "m")).toThrow(/scores for 4 candidates/);
    expect(() => rerankResponse(call, [1, 2, Number.NaN, 3], "m")).toThrow();
  });
});
