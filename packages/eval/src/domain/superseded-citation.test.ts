import { describe, expect, it } from "vitest";
import { citesSupersededAsCurrent, citesWithoutItsAmendment, type ReplacedProvision } from "./superseded-citation.ts";

// Section 12.1 of the agreement (100-300) was replaced by Section 16 of Amendment No. 2 (clause 40-90,
// new text 90-200).
const replaced: ReplacedProvision[] = [
  {
    replaced: { documentId: "agreement", start: 100, end: 300 },
    by: [
      { documentId: "amendment-2", start: 40, end: 90 },
      { documentId: "amendment-2", start: 90, end: 200 },
    ],
    whole: true,
  },
];

describe("superseded text cited as current", () => {
  it("flags a citation of the replaced provision alone", () => {
    expect(citesSupersededAsCurrent([{ documentId: "agreement", start: 120, end: 180 }], replaced)).toBe(true);
  });

  it("does not flag the replaced provision cited beside its amending clause or the new text", () => {
    const old = { documentId: "agreement", start: 120, end: 180 };
    expect(citesSupersededAsCurrent([old, { documentId: "amendment-2", start: 40, end: 90 }], replaced)).toBe(false);
    expect(citesSupersededAsCurrent([old, { documentId: "amendment-2", start: 150, end: 170 }], replaced)).toBe(false);
  });

  it("does not flag text outside the replaced provision, in another document, or no replacement at all", () => {
    expect(citesSupersededAsCurrent([{ documentId: "agreement", start: 300, end: 350 }], replaced)).toBe(false);
    expect(citesSupersededAsCurrent([{ documentId: "other", start: 120, end: 180 }], replaced)).toBe(false);
    expect(citesSupersededAsCurrent([{ documentId: "agreement", start: 120, end: 180 }], [])).toBe(false);
  });

  it("does not count an amending clause of another provision as reading this one together", () => {
    const elsewhere: ReplacedProvision[] = [
      ...replaced,
      {
        replaced: { documentId: "agreement", start: 400, end: 500 },
        by: [{ documentId: "amendment-2", start: 300, end: 340 }],
        whole: true,
      },
    ];
    const cited = [
      { documentId: "agreement", start: 120, end: 180 },
      { documentId: "amendment-2", start: 300, end: 340 },
    ];
    expect(citesSupersededAsCurrent(cited, elsewhere)).toBe(true);
  });

  it("counts a provision amended in part only in the looser reading", () => {
    const partial: ReplacedProvision[] = [
      {
        replaced: { documentId: "agreement", start: 100, end: 300 },
        by: [{ documentId: "amendment-1", start: 0, end: 50 }],
        whole: false,
      },
    ];
    const cited = [{ documentId: "agreement", start: 120, end: 180 }];
    expect(citesSupersededAsCurrent(cited, partial)).toBe(false);
    expect(citesWithoutItsAmendment(cited, partial)).toBe(true);
    expect(citesWithoutItsAmendment([...cited, { documentId: "amendment-1", start: 10, end: 20 }], partial)).toBe(
      false,
    );
  });
});
