import { describe, expect, it } from "vitest";
import { setAsideBlankEdits, statesNoNewText } from "./blank-edit.ts";
import type { EvidenceItem } from "./evidence.ts";
import { scoredSentence } from "./test-support.ts";

const passage = (text: string, over: Partial<EvidenceItem> = {}): EvidenceItem => ({
  id: "E1",
  documentId: "amd-2",
  version: "v1",
  nodeId: "n2",
  start: 1000,
  end: 1000 + text.length,
  text,
  docLabel: "Second Amendment",
  role: "amendment",
  effectiveDate: "1998-02-23",
  transactionSetId: "set-1",
  clauseRef: "2",
  ...over,
});

/** The sentence of `item` that starts with `sentence`. */
const of = (item: EvidenceItem, sentence: string) =>
  scoredSentence(item, sentence, { at: item.text.indexOf(sentence) });

const LEAD_IN =
  "The text of Section 2. A. and B. of the Agreement is hereby deleted in its entirety and the following language is inserted in its stead:";

describe("statesNoNewText", () => {
  it("reads a replacement whose new text is redacted on the next block as carrying no text", () => {
    const item = passage(
      `2. ${LEAD_IN}\n\n[***]\n\n3. To the extent of a conflict, this Second Amendment shall prevail.`,
    );
    expect(statesNoNewText(of(item, LEAD_IN))).toBe(true);
  });

  it("reads other marks of withheld text the same way", () => {
    for (const mark of ["*****", "[REDACTED]", "[Confidential Treatment Requested]", "[*] [*]"]) {
      const item = passage(`${LEAD_IN}\n${mark}`);
      expect(statesNoNewText(of(item, LEAD_IN)), mark).toBe(true);
    }
  });

  it("reads a redaction inside the sentence after its lead-in as no text", () => {
    const text = "Section 4.1 of the Agreement is amended to read as follows: [***]";
    expect(statesNoNewText(of(passage(text), text))).toBe(true);
  });

  it("keeps a replacement whose new text is in the filing", () => {
    const item = passage(`${LEAD_IN}\n\nThe term of this Agreement shall be five (5) years from the Effective Date.`);
    expect(statesNoNewText(of(item, LEAD_IN))).toBe(false);
  });

  it("keeps new text with a figure withheld: the rest of it still states a term", () => {
    const item = passage(`${LEAD_IN}\n\nThe fee shall be [***] per unit, payable monthly.`);
    expect(statesNoNewText(of(item, LEAD_IN))).toBe(false);
  });

  it("keeps an amendment that carries its term in its own words, redaction or not", () => {
    const text =
      "Section 2.2 of the Development Agreement is hereby amended to allow Cargill to apply [***] during the period of July 5, 2011, through September 30, 2011.";
    expect(statesNoNewText(of(passage(text), text))).toBe(false);
  });

  it("does not judge a lead-in whose passage ends with it (the new text may follow in the next passage)", () => {
    expect(statesNoNewText(of(passage(LEAD_IN), LEAD_IN))).toBe(false);
  });

  it("reads only amending instruments: a base agreement's lead-in before a redaction is not an edit", () => {
    const item = passage(`${LEAD_IN}\n\n[***]`, { role: "base_agreement", documentId: "base" });
    expect(statesNoNewText(of(item, LEAD_IN))).toBe(false);
  });

  it("needs a word of change: a schedule that lists withheld prices is not an edit", () => {
    const text = "The prices for the Products are as follows:";
    expect(statesNoNewText(of(passage(`${text}\n[***]`), text))).toBe(false);
  });
});

describe("setAsideBlankEdits", () => {
  const amendment = passage(`2. ${LEAD_IN}\n\n[***]`);
  const blank = of(amendment, LEAD_IN);
  const base = passage(
    "C. Should a party be in material breach, the other party may terminate thirty (30) days after notice.",
    {
      documentId: "base",
      role: "base_agreement",
      docLabel: "Co-Branding Agreement",
      clauseRef: "Section 3",
      start: 0,
    },
  );
  const cure = of(base, base.text);

  it("names an edit without text in a note and cites the answer beside it alone", () => {
    const out = setAsideBlankEdits([cure, blank], ["Amended: earlier note."]);
    expect(out.kept).toEqual([cure]);
    expect(out.notes[0]).toBe("Amended: earlier note.");
    expect(out.notes[1]).toContain("Second Amendment");
    expect(out.notes).toHaveLength(2);
  });

  it("keeps an edit without text when it is all that is cited: the only trace of the change", () => {
    expect(setAsideBlankEdits([blank]).kept).toEqual([blank]);
    expect(setAsideBlankEdits([blank]).notes).toEqual([]);
  });

  it("changes nothing when every cited sentence carries text", () => {
    expect(setAsideBlankEdits([cure], ["n"])).toEqual({ kept: [cure], notes: ["n"] });
  });
});
