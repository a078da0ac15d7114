import { describe, expect, it } from "vitest";
import { amendmentAsk, inOneSentence } from "./amendment-answer.ts";
import { answeringUnit } from "./answering-unit.ts";
import { definitionEnd, definitionStrength } from "./definition-answer.ts";
import type { EvidenceItem } from "./evidence.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { withNamedClause } from "./named-clause-answer.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

/**
 * The answer rules against hostile input (issue #16: a bad or hostile question gets an answer or an error,
 * never a hang). Each long input below took minutes or more before its rule was made linear (a run of
 * 16 KiB already took ~0.5 s, growing with its square); each now takes milliseconds, so the default
 * timeout is orders of magnitude away from either. test/bench/answer-rules-hostile.ts prints the figures.
 */
const MiB = 1 << 20;

const itemOf = (text: string, over: Partial<EvidenceItem> = {}): EvidenceItem =>
  evidenceItem("doc-1", text, { transactionSetId: "set-1", ...over });

/** The candidate sentence `[start, end)` of `item`. */
function sentence(item: EvidenceItem, start = 0, end = item.text.length): ScoredCandidate {
  return scoredSentence(item, item.text.slice(start, end), { start, end, p: 0.5 });
}

describe("definitions on long runs of spaces", () => {
  it("reads a quoted term a megabyte of spaces before its verb, or before no verb", () => {
    const spaces = " ".repeat(MiB);
    expect(definitionStrength(sentence(itemOf(`“Affiliate”${spaces}x`)), "affiliate")).toBeNull();
    expect(definitionStrength(sentence(itemOf(`“Affiliate”${spaces}means x`)), "affiliate")).toBe(0);
    expect(definitionStrength(sentence(itemOf(`“Affiliate”${spaces}, means x`)), "affiliate")).toBe(0);
  });

  it("reads a term that closes its sentence before a megabyte of spaces, and a megabyte of single quotes", () => {
    const spaces = " ".repeat(MiB);
    expect(definitionStrength(sentence(itemOf(`It shall be an “Improvement”${spaces}x`)), "improvement")).toBeNull();
    expect(definitionStrength(sentence(itemOf(`It shall be an “Improvement”${spaces}.`)), "improvement")).toBe(1);
    const quotes = `${"'a ".repeat(MiB / 3)}'Affiliate' means x`;
    expect(definitionStrength(sentence(itemOf(quotes)), "affiliate")).toBe(0);
  });

  it("reads an unquoted entry whose term stands before a megabyte of spaces", () => {
    const text = `\nAffiliate${" ".repeat(MiB)}x`;
    expect(definitionStrength(sentence(itemOf(text), 1), "affiliate")).toBeNull();
    expect(definitionStrength(sentence(itemOf(`\nAffiliate${" ".repeat(MiB)}means x`), 1), "affiliate")).toBe(1);
  });

  it("reads a quoted term repeated a hundred thousand times in one sentence once each", () => {
    const text = `(the ${'"Affiliate" '.repeat(100_000)}`;
    expect(definitionStrength(sentence(itemOf(text)), "affiliate")).toBeNull();
    expect(definitionStrength(sentence(itemOf(`${text}"Affiliate")`)), "affiliate")).toBeNull();
    expect(definitionStrength(sentence(itemOf(`(the "Affiliate")`)), "affiliate")).toBe(1);
  });

  it("carries a definition over a line holding a megabyte of spaces and closing brackets", () => {
    const item = itemOf(`“Affiliate” means ${"] ".repeat(MiB / 2)}x\nand y`);
    const c = sentence(item, 0, item.text.indexOf("\n"));
    expect(definitionEnd(c)).toBe(item.text.length);
  });
});

describe("answering units on long runs of spaces", () => {
  it("tells a table's row from a megabyte of spaces", () => {
    const item = itemOf(`Rent${" ".repeat(MiB)}x`);
    expect(answeringUnit(item, 0, 4)).toEqual({ start: 0, end: 4 });
    const row = itemOf(`Rent   100   due monthly\nnext`);
    expect(answeringUnit(row, 0, 4)).toEqual({ start: 0, end: 24 });
  });
});

describe("questions of many words", () => {
  it("reads a question of a megabyte of 'or' as a choice, without rescanning it from each", () => {
    const q = `Which prevails, ${"or ".repeat(MiB / 3)}?`;
    expect(amendmentAsk(q, [])).toBe("conflict");
    expect(amendmentAsk(`Which prevails, ${"or ".repeat(MiB / 3)}? x`, [])).toBeNull();
  });

  it("tells a word before another in one sentence as /first[^?]*then/ does", () => {
    const first = /\bwhen\b/gi;
    const then = /\b(?:amended|changed)\b/gi;
    const pattern = /\bwhen\b[^?]*\b(?:amended|changed)\b/i;
    const tokens = ["when", "amended", "changed", "?", " ", "x", "Whenever", "reamended", "WHEN"];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 3000; i++) {
      const q = Array.from({ length: next() % 12 }, () => tokens[next() % tokens.length]).join("");
      expect(inOneSentence(q, first, then), q).toBe(pattern.test(q));
    }
  });

  it("reads the clauses a sentence mentions once, whatever the number of clauses the question names", () => {
    const question = `What do ${Array.from({ length: 3000 }, (_, i) => `Section ${i + 2}`).join(", ")} say?`;
    const item = itemOf("Section 1. ".repeat(MiB / 8), { clauseRef: "1" });
    expect(withNamedClause(question, [], [sentence(item)]).length).toBe(0);
  });
});
