import { describe, expect, it } from "vitest";
import { withFirstItem } from "./lead-in-decision.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const LEAD = "The Agents' Fee shall be apportioned among the Agents as follows:";
const ROW = "Dundee Securities Ltd. 40% Kes 7 Capital Inc. 30% Bloom Burton & Co. Ltd. 30% 100%";
const OTHER = "The Corporation shall pay the Agents a cash fee equal to 6% of the gross proceeds.";

describe("withFirstItem: a lead-in and its first item read as one statement", () => {
  it("reads a lead-in's probability as that of it or its first item, and orders by it", () => {
    const text = `${OTHER} ${LEAD} ${ROW}`;
    const item = evidenceItem("d", text);
    const other = scoredSentence(item, OTHER, { p: 0.3 });
    const lead = scoredSentence(item, LEAD, { at: text.indexOf(LEAD), p: 0.272 });
    const row = scoredSentence(item, ROW, { at: text.indexOf(ROW), p: 0.192 });
    const out = withFirstItem([other, lead, row]);
    expect(out[0]?.text).toBe(LEAD);
    expect(out[0]?.p).toBeCloseTo(1 - 0.728 * 0.808, 6);
    // the item and the other sentence keep theirs
    expect(out.find((s) => s.text === ROW)?.p).toBe(0.192);
    expect(out.find((s) => s.text === OTHER)?.p).toBe(0.3);
  });

  it("leaves a lead-in whose next sentence is not right after it, or in another passage", () => {
    const text = `${LEAD} (Intentionally omitted.) ${ROW}`;
    const item = evidenceItem("d", text);
    const lead = scoredSentence(item, LEAD, { p: 0.272 });
    const row = scoredSentence(item, ROW, { at: text.indexOf(ROW), p: 0.192 });
    expect(withFirstItem([lead, row]).find((s) => s.text === LEAD)?.p).toBe(0.272);
    const elsewhere = scoredSentence(evidenceItem("d", ` ${ROW}`, { id: "E2" }), ROW, { at: 1, p: 0.192 });
    expect(withFirstItem([scoredSentence(evidenceItem("d", LEAD), LEAD, { p: 0.272 }), elsewhere])[0]?.p).toBe(0.272);
  });

  it("leaves a lead-in that ends on a colon alone: its items stand alone", () => {
    const heading = "5.2 Upon termination:";
    const first = "(a) the Recipient will immediately cease to use the Confidential Information; and";
    const text = `${heading}\n${first}`;
    const item = evidenceItem("d", text);
    const lead = scoredSentence(item, heading, { p: 0.2 });
    const row = scoredSentence(item, first, { at: text.indexOf(first), p: 0.3 });
    expect(withFirstItem([row, lead]).map((s) => s.p)).toEqual([0.3, 0.2]);
  });

  it("leaves a sentence that is no lead-in", () => {
    const text = `${OTHER} ${ROW}`;
    const item = evidenceItem("d", text);
    const other = scoredSentence(item, OTHER, { p: 0.3 });
    const row = scoredSentence(item, ROW, { at: text.indexOf(ROW), p: 0.192 });
    expect(withFirstItem([row, other]).map((s) => s.p)).toEqual([0.3, 0.192]);
  });
});
