import { describe, expect, it } from "vitest";
import { rankFigures } from "./train-reranker.ts";

describe("the reranker fit's figures", () => {
  it("counts gold first and the reciprocal rank of the first gold candidate, ties in the given order", () => {
    const questions = [
      { xs: [[0], [0], [0]], labels: [0, 1, 0] as Array<0 | 1> },
      { xs: [[0], [0]], labels: [1, 0] as Array<0 | 1> },
    ];
    // the first question's gold scored best; the second's ties with the other and keeps its first place
    expect(
      rankFigures(questions, [
        [0.1, 0.9, 0.5],
        [0.3, 0.3],
      ]),
    ).toEqual({ hitAt1: 1, mrr: 1 });
    // fused order: gold second, then first
    expect(
      rankFigures(questions, [
        [0, -1, -2],
        [0, -1],
      ]),
    ).toEqual({ hitAt1: 0.5, mrr: 0.75 });
    // gold last of three
    expect(rankFigures(questions.slice(0, 1), [[0.9, 0.1, 0.5]])).toEqual({ hitAt1: 0, mrr: 1 / 3 });
  });
});
