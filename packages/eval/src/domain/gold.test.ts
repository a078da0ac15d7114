import { describe, expect, it } from "vitest";
import { allOccurrences, chooseOccurrences, locateQuote, resolveGold } from "./gold.ts";

const TEXT =
  "1. Term.\n  The  term of this\nAgreement ends on\tMarch 31.\n\n2. Renewal. The term of this Agreement may renew.";

describe("locateQuote", () => {
  it("finds a quote with whitespace folded on both sides, in the text's own coordinates", () => {
    const hits = locateQuote(TEXT, "The term of this Agreement ends on March 31.");
    expect(hits).toHaveLength(1);
    const [s, e] = hits[0] as [number, number];
    expect(TEXT.slice(s, e)).toBe("The  term of this\nAgreement ends on\tMarch 31.");
  });

  it("returns every occurrence, and none for text that is not there", () => {
    const hits = locateQuote(TEXT, "term of  this Agreement");
    expect(hits.map(([s, e]) => TEXT.slice(s, e).replace(/\s+/g, " "))).toEqual([
      "term of this Agreement",
      "term of this Agreement",
    ]);
    expect(hits[0]?.[0]).toBeLessThan(hits[1]?.[0] ?? 0);
    expect(locateQuote(TEXT, "terminates on March 31")).toEqual([]);
    expect(locateQuote(TEXT, "   ")).toEqual([]);
  });
});

describe("resolveGold and chooseOccurrences", () => {
  const textOf = (f: string) => (f === "edgar/a.html" ? TEXT : null);
  const gold = resolveGold(
    [
      { file_path: "cuad/b.txt", span: [10, 20] },
      { file_path: "edgar/a.html", quote: "term of this Agreement" },
      { file_path: "edgar/a.html", quote: "not in the text" },
      { file_path: "edgar/missing.html", quote: "anything" },
    ],
    textOf,
  );

  it("keeps spans, locates quotes and marks what it cannot find", () => {
    expect(gold[0]).toEqual({ file: "cuad/b.txt", occurrences: [[10, 20]] });
    expect(gold[1]?.occurrences).toHaveLength(2);
    expect(gold[2]).toMatchObject({ occurrences: [], unlocatedChars: "not in the text".length });
    expect(gold[3]?.occurrences).toEqual([]);
    expect(allOccurrences(gold)).toHaveLength(3);
  });

  it("scores the occurrence the ranking reaches first; unlocated evidence stays missed", () => {
    const [first, second] = gold[1]?.occurrences ?? [];
    // The second occurrence is retrieved first: it is the one scored.
    const ranked = [
      { file: "edgar/a.html", start: (second as [number, number])[0], end: (second as [number, number])[1] },
      { file: "edgar/a.html", start: 0, end: (first as [number, number])[1] },
    ];
    const chosen = chooseOccurrences(ranked, gold);
    expect(chosen[1]).toEqual({ file: "edgar/a.html", start: second?.[0], end: second?.[1] });
    // Nothing retrieved: the first occurrence in the text.
    expect(chooseOccurrences([], gold)[1]).toEqual({ file: "edgar/a.html", start: first?.[0], end: first?.[1] });
    // Unlocated quotes become gold no passage can cover, of the quote's length.
    expect(chosen[2]?.end).toBe("not in the text".length);
    expect(chosen.filter((g) => g.file.startsWith("edgar/"))).toHaveLength(1);
  });
});
