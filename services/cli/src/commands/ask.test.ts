import { type AnswerRecord, buildLedger } from "@lexnav/answer";
import { describe, expect, it } from "vitest";
import { renderAnswer } from "./ask.ts";

const record = (over: Partial<AnswerRecord> = {}): AnswerRecord => ({
  id: "ans_1",
  createdAt: "2026-11-30T00:00:00.000Z",
  question: "Who guarantees the Borrower's obligations?",
  mode: "hybrid",
  answerer: "offline",
  model: null,
  promptVersion: "p",
  indexVersion: "lex-1",
  principal: { id: "u", groups: [] },
  selectedNodes: [],
  evidence: [],
  contextTokens: 10,
  answer: "The Guarantor.",
  abstained: false,
  abstainReason: null,
  citations: [],
  precedence: [],
  unsupported: 0,
  warnings: [],
  ledger: buildLedger([]),
  ...over,
});

describe("renderAnswer: what the cited passages lean on", () => {
  it("shows each definition with where it is defined, on one line, and each provision referred to", () => {
    const definition = `"Borrower" means Acme Holdings, Inc.,\na Delaware corporation, ${"and its successors ".repeat(20)}`;
    const out = renderAnswer(
      record({
        linked: [
          {
            kind: "definition",
            words: "Borrower",
            documentId: "credit",
            version: "v1",
            nodeId: "n1",
            start: 0,
            end: definition.length,
            display: "[credit-ex10] Section 1.1",
            location: "Credit Agreement, Article I, Section 1.1",
            quote: definition,
          },
          {
            kind: "cross-reference",
            words: "Section 3",
            documentId: "guarantee",
            version: "v1",
            nodeId: "n3",
            start: 0,
            end: 10,
            display: "[Guaranty] Section 3",
            quote: "Liability is capped at $10,000,000.",
          },
        ],
      }),
    );
    const lines = out.split("\n");
    const at = lines.indexOf("definitions:");
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toMatch(
      /^ {2}\u201cBorrower\u201d \u2014 Credit Agreement, Article I, Section 1\.1: "Borrower" means Acme Holdings, Inc\., a Delaware corporation, .* \u2026$/,
    );
    expect((lines[at + 1] ?? "").length).toBeLessThan(320);
    expect(out).toContain("referred to:\n  Section 3 \u2014 [Guaranty] Section 3: Liability is capped at $10,000,000.");
  });

  it("puts terms one provision defines together on one line", () => {
    const quote =
      'This Second Amendment ("Second Amendment") is effective as of October 1, 2018 ("Second Amendment Effective Date").';
    const term = (words: string) => ({
      kind: "definition" as const,
      words,
      documentId: "amd2",
      version: "v1",
      nodeId: "pre",
      start: 0,
      end: quote.length,
      display: "[Amendment No. 2]",
      quote,
    });
    const out = renderAnswer(record({ linked: [term("Second Amendment"), term("Second Amendment Effective Date")] }));
    expect(out).toContain(
      `definitions:\n  \u201cSecond Amendment\u201d, \u201cSecond Amendment Effective Date\u201d \u2014 [Amendment No. 2]: ${quote}\n`,
    );
  });

  it("shows no definitions section when there are none", () => {
    expect(renderAnswer(record())).not.toContain("definitions:");
  });
});
