import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type AnswerRecord, DOCUMENT_DELETED, drawsOn, eraseDocumentText } from "./answer-record.ts";
import { buildLedger } from "./ledger.ts";

const KEY = Buffer.from("0123456789abcdef0123456789abcdef");
const hmac = (text: string) => createHmac("sha256", KEY).update(text).digest("hex");
const AT = "2026-12-01T10:00:00.000Z";

const record = (): AnswerRecord => ({
  id: "ans_1",
  createdAt: "2026-11-30T00:00:00.000Z",
  question: "Is the Gravontique Fee $7,250?",
  mode: "lexical",
  answerer: "offline",
  model: null,
  promptVersion: "p1",
  indexVersion: "lex-1",
  principal: { id: "local", groups: ["local"] },
  selectedNodes: ["doc_a/n1", "doc_b/n4"],
  evidence: [
    { documentId: "doc_a", version: "va", nodeId: "n1", start: 10, end: 60 },
    { documentId: "doc_b", version: "vb", nodeId: "n4", start: 5, end: 40 },
  ],
  contextTokens: 120,
  answer: "The Gravontique Fee is $7,250 [1].",
  abstained: false,
  abstainReason: null,
  citations: [
    {
      documentId: "doc_a",
      version: "va",
      nodeId: "n1",
      start: 10,
      end: 60,
      quote: "Gravontique Fee means the fee of $7,250",
      display: "[Quillowarp Agreement] Section 1",
    },
    { documentId: "doc_b", version: "vb", nodeId: "n4", start: 5, end: 40, quote: "No fee.", display: "[Other] 4" },
  ],
  precedence: ["Quillowarp Amendment prevails over Section 1"],
  unsupported: 0,
  warnings: ["instruction-like text in Quillowarp Agreement"],
  ledger: buildLedger([]),
});

describe("erasing an answer record's text when a document it drew on is deleted", () => {
  it("erases the definitions shown with an answer, keeping their keyed hashes", () => {
    const linked = {
      kind: "definition" as const,
      words: "Gravontique Fee",
      documentId: "doc_b",
      version: "vb",
      nodeId: "n2",
      start: 0,
      end: 30,
      display: "[Other] Section 1.1",
      quote: '"Gravontique Fee" means $7,250.',
    };
    const erased = eraseDocumentText({ ...record(), linked: [linked] }, "doc_b", AT, hmac);
    expect(erased.linked).toEqual([]);
    expect(JSON.stringify(erased)).not.toContain("Gravontique");
    expect(erased.erased?.hmac["linked.0.quote"]).toBe(hmac(linked.quote));
    expect(erased.erased?.hmac["linked.0.words"]).toBe(hmac(linked.words));
  });

  it("knows which records drew on a document: cited, evidence, selected provisions or scope", () => {
    const r = record();
    expect(drawsOn(r, "doc_a")).toBe(true);
    expect(drawsOn(r, "doc_c")).toBe(false);
    expect(drawsOn({ ...r, citations: [], evidence: [], selectedNodes: ["doc_c/n2"] }, "doc_c")).toBe(true);
    expect(drawsOn({ ...r, scope: ["doc_d"] }, "doc_d")).toBe(true);
    // an id that only prefixes another is not the document
    expect(drawsOn({ ...r, selectedNodes: ["doc_ab/n1"], citations: [], evidence: [] }, "doc_a")).toBe(false);
  });

  it("erases every text field, keeps ids, offsets and the ledger, and keeps a keyed hash of each text", () => {
    const before = record();
    const after = eraseDocumentText(before, "doc_a", AT, hmac);
    expect(JSON.stringify(after)).not.toMatch(/gravontique|quillowarp|7,250|No fee/i);
    expect(after.answer).toBe(DOCUMENT_DELETED);
    expect(after).toMatchObject({
      question: "",
      precedence: [],
      warnings: [],
      evidence: before.evidence,
      selectedNodes: before.selectedNodes,
      ledger: before.ledger,
      erased: { note: DOCUMENT_DELETED, at: AT, documentIds: ["doc_a"] },
    });
    expect(after.citations.map(({ quote, display, ...ids }) => ({ quote, display, ...ids }))).toEqual(
      before.citations.map((c) => ({ ...c, quote: "", display: "" })),
    );
    expect(after.erased?.hmac).toEqual({
      question: hmac(before.question),
      answer: hmac(before.answer),
      "citations.0.quote": hmac("Gravontique Fee means the fee of $7,250"),
      "citations.0.display": hmac("[Quillowarp Agreement] Section 1"),
      "citations.1.quote": hmac("No fee."),
      "citations.1.display": hmac("[Other] 4"),
      "precedence.0": hmac("Quillowarp Amendment prevails over Section 1"),
      "warnings.0": hmac("instruction-like text in Quillowarp Agreement"),
    });
    // keyed: not the plain hash a guesser could compute from a candidate quote
    const plain = createHmac("sha256", Buffer.alloc(0)).update("No fee.").digest("hex");
    expect(after.erased?.hmac["citations.1.quote"]).not.toBe(plain);
  });

  it("erases once: a second deleted document only joins the list", () => {
    const once = eraseDocumentText(record(), "doc_a", AT, hmac);
    const twice = eraseDocumentText(once, "doc_b", "2026-12-02T00:00:00.000Z", hmac);
    expect(twice.erased).toEqual({ ...once.erased, documentIds: ["doc_a", "doc_b"] });
    expect(eraseDocumentText(twice, "doc_b", AT, hmac)).toBe(twice);
  });
});
