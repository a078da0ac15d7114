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

  it("reads a sentence on across a blank line the source broke it at, and ends one at any other", () => {
    const text =
      "in no event shall the Closing Date extend beyond February 28, 2023 unless\n\n\notherwise agreed in writing (the \u201cOutside Closing Date\u201d). The price is $5,\n\n \nplus interest.\n\nSection 4\n\nThe Buyer pays.\n\nas follows:\n\nthe Seller ships.\n\nThe end\n\n(b) notices go by mail.";
    const parts = splitSentences(text, 0, text.length).map((r) => text.slice(r.start, r.end));
    expect(parts).toEqual([
      "in no event shall the Closing Date extend beyond February 28, 2023 unless\n\n\notherwise agreed in writing (the \u201cOutside Closing Date\u201d).",
      "The price is $5,\n\n \nplus interest.",
      // a line that ends on a word, before one that opens in capitals: a heading, not a sentence cut
      "Section 4",
      "The Buyer pays.",
      // after a stop or a colon the blank line ends it, whatever follows
      "as follows:",
      "the Seller ships.",
      // a list item's label is no lower-case text
      "The end",
      "(b) notices go by mail.",
    ]);
    // the stored split (index format v9) breaks at every blank line
    expect(splitSentences(text, 0, text.length, { stored: true }).map((r) => text.slice(r.start, r.end))).toContain(
      "otherwise agreed in writing (the \u201cOutside Closing Date\u201d).",
    );
    // inside the range only: what opens in lower case past `end` does not join
    const cut = text.indexOf("\n\n\notherwise");
    expect(splitSentences(text, 0, cut + 3).map((r) => text.slice(r.start, r.end))).toEqual([
      "in no event shall the Closing Date extend beyond February 28, 2023 unless",
    ]);
  });

  it("reads a sentence on over the number of the page it ran across, and no page number on into the next", () => {
    const text =
      "Licensee shall have the option, and without\n\n\n          limiting any other\n\n                    5\n\n          conditions, to buy the assets.\n\nThe price is fixed.\n\n                         6\n\nthe parties agree.";
    const parts = splitSentences(text, 0, text.length).map((r) => text.slice(r.start, r.end));
    expect(parts).toEqual([
      "Licensee shall have the option, and without\n\n\n          limiting any other\n\n                    5\n\n          conditions, to buy the assets.",
      "The price is fixed.",
      "6",
      "the parties agree.",
    ]);
  });

  it("groups sentences into windows no longer than the limit", () => {
    const text = "One two. Three four. Five six.";
    const w = windows(splitSentences(text, 0, text.length), 20);
    expect(w.map((r) => text.slice(r.start, r.end))).toEqual(["One two. Three four.", "Five six."]);
  });
});
