import { describe, expect, it } from "vitest";
import { bestCover, classifyEvidenceLoss, type EvidenceFacts, LOSS_STAGES, looksDamaged } from "./triage.ts";

const span = { documentId: "d", start: 100, end: 200 };
const passage = { documentId: "d", start: 90, end: 210 };
const elsewhere = { documentId: "d", start: 300, end: 400 };
// Every fact pointing to "found": each case below breaks one.
const ok: EvidenceFacts = {
  document: "ingested",
  readable: true,
  extractionDamaged: false,
  bestPassageCover: 1,
  candidates: [elsewhere, passage],
  kept: [passage],
  cited: [{ documentId: "d", start: 120, end: 150 }],
};

describe("classifyEvidenceLoss", () => {
  it("names each stage when only its fact fails", () => {
    expect(classifyEvidenceLoss(span, ok)).toBe("found");
    expect(classifyEvidenceLoss(span, { ...ok, document: "absent" })).toBe("not_ingested");
    expect(classifyEvidenceLoss(span, { ...ok, document: "unextracted" })).toBe("not_ingested");
    expect(classifyEvidenceLoss(span, { ...ok, document: "failed" })).toBe("ingest_failed");
    expect(classifyEvidenceLoss(span, { ...ok, readable: false })).toBe("permission_filter");
    expect(classifyEvidenceLoss(span, { ...ok, extractionDamaged: true })).toBe("extraction");
    expect(classifyEvidenceLoss(span, { ...ok, bestPassageCover: 0.4 })).toBe("boundary");
    expect(classifyEvidenceLoss(span, { ...ok, candidates: [elsewhere] })).toBe("vocabulary");
    expect(classifyEvidenceLoss(span, { ...ok, kept: [elsewhere] })).toBe("ranking");
    expect(classifyEvidenceLoss(span, { ...ok, cited: [elsewhere] })).toBe("answer");
    // No answer step (a retrieval benchmark): kept is the end of the pipeline.
    const { cited: _cited, ...retrievalOnly } = ok;
    expect(classifyEvidenceLoss(span, retrievalOnly)).toBe("found");
  });

  it("takes the earliest stage in pipeline order when several facts fail", () => {
    const allFail: EvidenceFacts = {
      document: "failed",
      readable: false,
      extractionDamaged: true,
      bestPassageCover: 0,
      candidates: [],
      kept: [],
      cited: [],
    };
    expect(classifyEvidenceLoss(span, allFail)).toBe("ingest_failed");
    expect(classifyEvidenceLoss(span, { ...allFail, document: "ingested" })).toBe("permission_filter");
    expect(classifyEvidenceLoss(span, { ...allFail, document: "ingested", readable: true })).toBe("extraction");
    expect(LOSS_STAGES.indexOf("permission_filter")).toBeLessThan(LOSS_STAGES.indexOf("extraction"));
  });

  it("does not count a span of another document, or one that only touches, as an overlap", () => {
    const other = { documentId: "e", start: 100, end: 200 };
    const touching = { documentId: "d", start: 200, end: 260 };
    expect(classifyEvidenceLoss(span, { ...ok, candidates: [other, touching] })).toBe("vocabulary");
    expect(bestCover(span, [other, touching])).toBe(0);
    expect(bestCover(span, [{ documentId: "d", start: 150, end: 260 }])).toBe(0.5);
  });

  it("reads damage from replacement characters or text that is mostly not letters", () => {
    expect(looksDamaged("The Supplier shall deliver the Goods.")).toBe(false);
    expect(looksDamaged("Fees: $25,000 per month, payable in arrears (Schedule 2).")).toBe(false);
    expect(looksDamaged("The fee is \uFFFD\uFFFD per month.")).toBe(true);
    expect(looksDamaged("%$#@ 1 2 3 4 5 6 ;; :: ##")).toBe(true);
  });
});
