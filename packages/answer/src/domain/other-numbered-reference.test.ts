import { describe, expect, it } from "vitest";
import type { ScoredCandidate } from "./evidence-model.ts";
import { numberedReferences, numbersOtherwise, withoutOtherNumbering } from "./other-numbered-reference.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const mine = evidenceItem("kubient", "x".repeat(4000));
const theirs = evidenceItem("macrogenics", "x".repeat(4000));
const sentence = (text: string, p: number, of = mine): ScoredCandidate => scoredSentence(of, text, { p });

describe("numberedReferences", () => {
  it("reads a numbered reference with the two words that name what it refers to", () => {
    expect(numberedReferences("On termination 'the license granted under section 3' is revoked")).toEqual([
      { words: "license granted", number: "3" },
    ]);
    expect(numberedReferences("If a Release Condition (as defined in Section 12.2 of this Agreement) occurs")).toEqual([
      { words: "release condition", number: "12.2" },
    ]);
    expect(numberedReferences("a material breach of Section 19.0")[0]?.number).toBe("19");
  });

  it("reads nothing where too few naming words precede the number", () => {
    expect(numberedReferences("What does Section 6 say?")).toEqual([]);
    expect(numberedReferences("No reference here.")).toEqual([]);
  });
});

describe("numbersOtherwise", () => {
  const asked = numberedReferences(
    "BofA can't use the escrowed code until a Release Condition under Section 8.6 occurs",
  );

  it("knows the same words under another number", () => {
    expect(
      numbersOtherwise(asked, "If a Release Condition (as defined in Section 12.2) occurs, Corio may use it"),
    ).toBe(true);
  });

  it("leaves the same number, a clause within it, other words, and no question reference", () => {
    expect(numbersOtherwise(asked, "a Release Condition (as defined in Section 8.6) shall have occurred")).toBe(false);
    expect(numbersOtherwise(asked, "a Release Condition under Section 8.6(b) shall have occurred")).toBe(false);
    expect(numbersOtherwise(asked, "the fees payable under Section 4.2 are due monthly")).toBe(false);
    expect(numbersOtherwise([], "a Release Condition under Section 12.2")).toBe(false);
  });
});

describe("withoutOtherNumbering", () => {
  const q = "On termination 'the license granted under section 3' is revoked — what license is that?";
  const other = sentence("(ii) the license granted under Section 10.3 shall terminate;", 0.31, theirs);
  const own = sentence("(ii) the license granted under section 3 shall be revoked, (iii) Customer will cease use", 0.3);
  const far = sentence("Kubient hereby grants to Customer a limited, revocable license to use the Platform.", 0.05);

  it("cites the next candidate in place of another instrument's numbering when about as probable", () => {
    expect(withoutOtherNumbering(q, [other], [other, own, far])).toEqual([own]);
  });

  it("drops it when nothing near as probable remains, leaving the other citations", () => {
    expect(withoutOtherNumbering(q, [other], [other, far])).toEqual([]);
    expect(withoutOtherNumbering(q, [far, other], [other, far])).toEqual([far]);
  });

  it("leaves the citations of a question that quotes no numbered provision", () => {
    expect(withoutOtherNumbering("What license does Customer get?", [other], [other, own])).toEqual([other]);
  });
});
