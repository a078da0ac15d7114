import { describe, expect, it } from "vitest";
import type { ScoredCandidate } from "./evidence-model.ts";
import { citePartysOwnInstrument, sameForm } from "./parallel-instruments.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const opening = (director: string) =>
  `DIRECTOR AGREEMENT\n\nThis Director Agreement is made by and between Quillon Holdings, Inc., a Delaware corporation (the "Company"), and ${director} (the "Director").\n\n`;
const covenant =
  "During the Directorship Term and for a period of three (3) years thereafter, the Director shall not endeavor to entice away from the Company any employee of the Company.";
const texts: Record<string, string> = {
  ashby: `${opening("Marlow Ashby")}${covenant}`,
  brennan: `${opening("Tobin Brennan")}${covenant.replace("three (3)", "two (2)")}`,
};
const source = (documentId: string) => texts[documentId] ?? null;
const sentence = (documentId: string, p: number): ScoredCandidate => {
  const text = texts[documentId] as string;
  const at = text.indexOf("During");
  return scoredSentence(evidenceItem(documentId, text), text.slice(at), { p, at });
};

describe("parallel instruments of one deal", () => {
  const ashby = sentence("ashby", 0.6);
  const brennan = sentence("brennan", 0.5);

  it("reads two sentences of one form, names and figures aside, and not two different ones", () => {
    expect(sameForm(ashby.text, brennan.text)).toBe(true);
    expect(sameForm(ashby.text, "The Company shall reimburse the Director for reasonable travel expenses.")).toBe(
      false,
    );
    expect(sameForm("Notices.", "Notices.")).toBe(false);
  });

  it("cites the form's sentence from the instrument of the party the question names", () => {
    const q = "For how long after leaving the board may Tobin Brennan not entice away Quillon's people?";
    expect(citePartysOwnInstrument(q, [ashby], [ashby, brennan], source)).toEqual([brennan]);
    // the instrument of the party asked about is already cited: it stays
    const other = "For how long after leaving the board may Marlow Ashby not entice away Quillon's people?";
    expect(citePartysOwnInstrument(other, [ashby], [ashby, brennan], source)).toEqual([ashby]);
  });

  it("keeps the citation when the question names no party, or the named party's instrument has no such sentence", () => {
    const q = "For how long after leaving the board may Tobin Brennan not entice away Quillon's people?";
    expect(
      citePartysOwnInstrument(
        "How long does the non-solicit last after a director leaves?",
        [ashby],
        [ashby, brennan],
        source,
      ),
    ).toEqual([ashby]);
    // an instrument whose text cannot be read is named by its filed name only: nothing moves to it
    expect(citePartysOwnInstrument(q, [ashby], [ashby, brennan], (d) => (d === "ashby" ? source(d) : null))).toEqual([
      ashby,
    ]);
    const expenses = { ...brennan, text: "The Company shall reimburse the Director for reasonable travel expenses." };
    expect(citePartysOwnInstrument(q, [ashby], [ashby, expenses], source)).toEqual([ashby]);
  });
});
