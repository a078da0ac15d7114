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

  it("groups sentences into windows no longer than the limit", () => {
    const text = "One two. Three four. Five six.";
    const w = windows(splitSentences(text, 0, text.length), 20);
    expect(w.map((r) => text.slice(r.start, r.end))).toEqual(["One two. Three four.", "Five six."]);
  });
});
