import { describe, expect, it } from "vitest";
import { checkFoldedTraining, foldOf, outOfFoldProbabilities } from "./train-folds.ts";

describe("folds of a training run", () => {
  it("puts a key in the same fold every time, and uses every fold", () => {
    const keys = Array.from({ length: 60 }, (_, i) => `contract-${i}`);
    const folds = keys.map((k) => foldOf(k, 5));
    expect(keys.map((k) => foldOf(k, 5))).toEqual(folds);
    expect(new Set(folds)).toEqual(new Set([0, 1, 2, 3, 4]));
  });

  it("scores each question by a model fitted on the other folds only", () => {
    const questions = [0, 1, 2, 0, 1, 2].map((fold, id) => ({ id, fold }));
    const fittedOn: number[][] = [];
    const probs = outOfFoldProbabilities(
      questions,
      3,
      (train, fold) => {
        fittedOn[fold] = train.map((q) => q.id);
        return new Set(train.map((q) => q.id));
      },
      (seen, q) => [seen.has(q.id) ? 1 : 0, q.fold],
    );
    expect(fittedOn).toEqual([
      [1, 2, 4, 5],
      [0, 2, 3, 5],
      [0, 1, 3, 4],
    ]);
    expect(questions.map((q) => probs.get(q))).toEqual(questions.map((q) => [0, q.fold]));
  });

  it("refuses a mode that is not retrieval, a k out of range and fewer than two folds", () => {
    expect(checkFoldedTraining({ mode: "lexical", k: 10, folds: 2 })).toBe("lexical");
    expect(() => checkFoldedTraining({ mode: "inject", k: 10, folds: 2 })).toThrow(/retrieval mode/);
    expect(() => checkFoldedTraining({ mode: "lexical", k: 0, folds: 2 })).toThrow(/--k/);
    expect(() => checkFoldedTraining({ mode: "lexical", k: 10, folds: 1 })).toThrow(/--folds/);
  });
});
