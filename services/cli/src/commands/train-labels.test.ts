import { describe, expect, it } from "vitest";
import { goldSpans, labelByGold } from "./train-labels.ts";

const at = (documentId: string, start: number, end: number) => ({ item: { documentId }, start, end });

describe("training labels from gold", () => {
  it("takes a question's spans as given and finds each place a quote occurs in its file's text", () => {
    const texts: Record<string, string> = {
      "edgar/b.html": "Recitals. The  Maturity\nDate is June 1. The Maturity Date is June 1.",
    };
    const { spans, unlocated } = goldSpans(
      [
        { file_path: "cuad/a.txt", span: [10, 20], answer: "x" },
        { file_path: "edgar/b.html", quote: "Maturity Date is June 1" },
      ],
      (file) => texts[file] ?? null,
    );
    expect(unlocated).toBe(0);
    expect(spans).toEqual([
      { file: "cuad/a.txt", start: 10, end: 20 },
      { file: "edgar/b.html", start: 15, end: 38 },
      { file: "edgar/b.html", start: 44, end: 67 },
    ]);
  });

  it("counts a quote found nowhere (or in a file not in the store) as unlocated, not as no gold", () => {
    const { spans, unlocated } = goldSpans(
      [
        { file_path: "edgar/b.html", quote: "words the file does not hold" },
        { file_path: "edgar/missing.html", quote: "the Maturity Date" },
      ],
      (file) => (file === "edgar/b.html" ? "The Maturity Date is June 1." : null),
    );
    expect(spans).toEqual([]);
    expect(unlocated).toBe(2);
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
