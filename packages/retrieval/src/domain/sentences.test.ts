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
    expect(splitSentences(text, 0, text.length, { stored: true })).toHaveLength(2);
  });

  it("ends a sentence before a roman 'v.' list item run in, not at a case's 'v.'", () => {
    const text =
      "iv. Auto Liability $1,000,000 combined single limit v. Product Recall Insurance with limits of $2,000,000. Under Smith v. Jones the rule stands.";
    const parts = splitSentences(text, 0, text.length).map((r) => text.slice(r.start, r.end));
    expect(parts).toEqual([
      "iv.",
      "Auto Liability $1,000,000 combined single limit v.",
      "Product Recall Insurance with limits of $2,000,000.",
      "Under Smith v. Jones the rule stands.",
    ]);
    // the stored split reads every "v." as versus
    expect(splitSentences(text, 0, text.length, { stored: true }).map((r) => text.slice(r.start, r.end))).toContain(
      "Auto Liability $1,000,000 combined single limit v. Product Recall Insurance with limits of $2,000,000.",
    );
  });

  it("groups sentences into windows no longer than the limit", () => {
    const text = "One two. Three four. Five six.";
    const w = windows(splitSentences(text, 0, text.length), 20);
    expect(w.map((r) => text.slice(r.start, r.end))).toEqual(["One two. Three four.", "Five six."]);
  });
});
