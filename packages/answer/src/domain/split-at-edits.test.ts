import { describe, expect, it } from "vitest";
import type { EvidenceItem } from "./evidence.ts";
import { splitAtEditedSpans } from "./split-at-edits.ts";

const TEXT = 'Defined Terms. "A" means one. "B" means two. "C" means three.';
const item = (start: number, end: number, id = "E1"): EvidenceItem => ({
  id,
  documentId: "d",
  version: "v1",
  nodeId: "n",
  start,
  end,
  text: TEXT.slice(start, end),
  docLabel: "d",
  role: "base_agreement",
  effectiveDate: null,
  transactionSetId: "s",
  clauseRef: "Section 1.1",
});
const span = (words: string) => ({
  documentId: "d",
  version: "v1",
  start: TEXT.indexOf(words),
  end: TEXT.indexOf(words) + words.length,
});

describe("splitAtEditedSpans", () => {
  it("cuts the edited definition out of the passage holding it, the rest kept around it", () => {
    const items = [item(0, TEXT.length), item(0, 5, "E2")];
    items[1] = { ...(items[1] as EvidenceItem), documentId: "other" };
    expect(splitAtEditedSpans(items, [span('"B" means two.')])).toBe(true);
    expect(items.map((i) => [i.id, i.documentId, i.text])).toEqual([
      ["E1", "d", 'Defined Terms. "A" means one. '],
      ["E2", "d", '"B" means two.'],
      ["E3", "d", ' "C" means three.'],
      ["E4", "other", "Defin"],
    ]);
    for (const i of items.slice(0, 3)) expect(TEXT.slice(i.start, i.end)).toBe(i.text);
  });

  it("leaves a passage that is the edited span, or lies outside it, or is of another version", () => {
    const whole = span('"C" means three.');
    const items = [item(whole.start, whole.end), item(0, 14, "E2"), { ...item(0, TEXT.length, "E3"), version: "v0" }];
    const before = structuredClone(items);
    expect(splitAtEditedSpans(items, [whole])).toBe(false);
    expect(items).toEqual(before);
  });
});
