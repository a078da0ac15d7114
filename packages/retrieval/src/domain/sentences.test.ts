import { describe, expect, it } from "vitest";
import { splitSentences, windows } from "./sentences.ts";

describe("sentence ranges", () => {
  it("splits at sentence ends but not at abbreviations, and keeps exact offsets", () => {
    const text =
      "  Acme Inc. shall pay $5.00 per unit. The term is 2 years; (b) renewal is automatic; unless ended.\n\nNotices: in writing.";
    const ranges = splitSentences(text, 0, text.length);
    const parts = ranges.map((r) => text.slice(r.start, r.end));
    expect(parts).toEqual([
      "Acme Inc. shall pay $5.00 per unit.",
      "The term is 2 years;",
      "(b) renewal is automatic; unless ended.",
      "Notices: in writing.",
    ]);
  });

  it("ends a sentence at a stop inside closing quotes or brackets, and keeps them with it", () => {
    const text =
      'shall be deemed to be \u201cConfidential Information.\u201d If disclosed orally, it is summarised. (See Exhibit 5.) The "Term." ends';
    const parts = splitSentences(text, 0, text.length).map((r) => text.slice(r.start, r.end));
    expect(parts).toEqual([
      "shall be deemed to be \u201cConfidential Information.\u201d",
      "If disclosed orally, it is summarised.",
      "(See Exhibit 5.)",
      'The "Term." ends',
    ]);
    // The split stored passages were cut by, kept for them until the index format changes.
    expect(splitSentences(text, 0, text.length, { closers: false })).toHaveLength(2);
  });

  it("groups sentences into windows no longer than the limit", () => {
    const text = "One two. Three four. Five six.";
    const w = windows(splitSentences(text, 0, text.length), 20);
    expect(w.map((r) => text.slice(r.start, r.end))).toEqual(["One two. Three four.", "Five six."]);
  });
});
