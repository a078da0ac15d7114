import { LexnavError } from "@lexnav/core";
import { describe, expect, it } from "vitest";
import type { AsyncReranker, RerankCandidate, Reranker } from "../ports/reranker.ts";
import { createRerankBridge } from "./rerank-bridge.ts";

const candidates = (texts: string[]): RerankCandidate[] =>
  texts.map((text, i) => ({ id: `c${i}`, text, heading: "", flags: null }));

// Scores by text length, after a tick, so the bridge really waits on a promise.
function lengthReranker(): AsyncReranker & { calls: number } {
  const r = {
    id: "length",
    calls: 0,
    async rerankAsync(_query: string, cs: RerankCandidate[]) {
      r.calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
      return cs.map((c) => c.text.length);
    },
  };
  return r;
}

// A stand-in for the searcher: a deterministic pool, reranked best first.
const search = (reranker: Reranker, query: string, texts: string[]) => {
  const pool = candidates(texts);
  const scores = reranker.rerank(query, pool);
  return pool.map((c, i) => ({ id: c.id, s: scores[i] as number })).sort((a, b) => b.s - a.s);
};

describe("createRerankBridge", () => {
  it("hands the async scores to a synchronous search", async () => {
    const inner = lengthReranker();
    const bridge = createRerankBridge(inner);
    const out = await bridge.run(() => search(bridge.reranker, "q", ["ab", "abcd", "a"]));
    expect(out).toEqual([
      { id: "c1", s: 4 },
      { id: "c0", s: 2 },
      { id: "c2", s: 1 },
    ]);
    expect(inner.calls).toBe(1);
    expect(bridge.reranker.id).toBe("length");
  });

  it("runs the search once and never calls the model when nothing is reranked", async () => {
    const inner = lengthReranker();
    const bridge = createRerankBridge(inner);
    let runs = 0;
    expect(await bridge.run(() => ++runs)).toBe(1);
    expect(runs).toBe(1);
    expect(inner.calls).toBe(0);
  });

  it("keeps concurrent runs apart", async () => {
    const bridge = createRerankBridge(lengthReranker());
    const [a, b] = await Promise.all([
      bridge.run(() => search(bridge.reranker, "q", ["a", "abc"])),
      bridge.run(() => search(bridge.reranker, "q", ["abcde", "ab"])),
    ]);
    expect(a.map((x) => x.s)).toEqual([3, 1]);
    expect(b.map((x) => x.s)).toEqual([5, 2]);
  });

  it("refuses to rerank outside run, and a search whose second pass asks about other candidates", async () => {
    const bridge = createRerankBridge(lengthReranker());
    expect(() => bridge.reranker.rerank("q", candidates(["a"]))).toThrow(LexnavError);
    let pass = 0;
    await expect(bridge.run(() => search(bridge.reranker, "q", [pass++ === 0 ? "a" : "b"]))).rejects.toThrow(
      /not deterministic/,
    );
    // The bridge is usable again after a failed run.
    expect((await bridge.run(() => search(bridge.reranker, "q", ["abc"])))[0]?.s).toBe(3);
  });
});
