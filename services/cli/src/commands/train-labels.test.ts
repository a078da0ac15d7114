import { describe, expect, it } from "vitest";
import { goldSpans, labelByGold } from "./train-labels.ts";

const at = (documentId: string, start: number, end: number) => ({ item: { documentId }, start, end });

describe("training labels from gold", () => {
  it("takes a question's spans and leaves out quotes, which have no offsets", () => {
    expect(
      goldSpans([
        { file_path: "cuad/a.txt", span: [10, 20], answer: "x" },
        { file_path: "edgar/b.html", quote: "the Maturity Date" },
      ]),
    ).toEqual([{ file: "cuad/a.txt", start: 10, end: 20 }]);
  });

  it("labels a sentence 1 only where it overlaps gold in its own file, asking each document's file once", async () => {
    const asked: string[] = [];
    const fileOf = async (id: string) => {
      asked.push(id);
      return id === "doc-a" ? "cuad/a.txt" : "cuad/b.txt";
    };
    const labels = await labelByGold(
      [
        at("doc-a", 15, 30), // overlaps the gold
        at("doc-a", 20, 25), // starts where the gold ends
        at("doc-b", 12, 18), // same place, another file
        at("doc-a", 0, 11), // overlaps by one character
      ],
      [{ file: "cuad/a.txt", start: 10, end: 20 }],
      fileOf,
    );
    expect(labels).toEqual([1, 0, 0, 1]);
    expect(asked).toEqual(["doc-a", "doc-b"]);
  });
});
