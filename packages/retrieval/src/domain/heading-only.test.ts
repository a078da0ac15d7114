import { describe, expect, it } from "vitest";
import { headingsLast, headingsLastSettled, saysOnlyHeading } from "./heading-only.ts";

const node = (headingPath: string[], clauseRef: string | null, title: string | null) => ({
  headingPath,
  clauseRef,
  title,
});

describe("saysOnlyHeading", () => {
  it("holds for a title line, a caption under its article and a passage with no words", () => {
    expect(saysOnlyHeading("10. FORCE MAJEURE", node([], "10.", "FORCE MAJEURE"))).toBe(true);
    expect(
      saysOnlyHeading(
        "SECOND AMENDMENT TO CO-BRANDING AGREEMENT",
        node(["Second Amendment to Co-Branding Agreement"], null, null),
      ),
    ).toBe(true);
    expect(saysOnlyHeading("- ---------- [***]", node([], null, null))).toBe(true);
  });

  it("does not hold once the passage states anything its heading does not say", () => {
    expect(
      saysOnlyHeading(
        "EXHIBIT A TERRITORY Territory: The United States, excluding its territories.",
        node([], "Exhibit A", "TERRITORY"),
      ),
    ).toBe(false);
    expect(
      saysOnlyHeading("10. FORCE MAJEURE. Neither party is liable for delay.", node([], "10.", "FORCE MAJEURE")),
    ).toBe(false);
  });
});

describe("saysOnlyHeading, titles that are a provision's text", () => {
  it("does not hold for a table row the parser titled with the whole row", () => {
    const row =
      "2. | Effectiveness; Conflict. To the extent the terms of this Amendment conflict with any provision of the Note, the provisions of this Amendment shall control.";
    expect(saysOnlyHeading(row, node([], null, row))).toBe(false);
    expect(saysOnlyHeading(row, node([row], null, row))).toBe(false);
  });

  it("does not hold for a paragraph set in capitals and titled with itself", () => {
    const caps =
      "IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR ANY INDIRECT, SPECIAL OR CONSEQUENTIAL DAMAGES ARISING OUT OF THIS AGREEMENT";
    expect(saysOnlyHeading(caps, node([], "12.3", caps))).toBe(false);
  });

  it("still holds for the run-in heading of a long row, and for a heading of twelve words", () => {
    const row =
      "2. | Effectiveness; Conflict. To the extent the terms of this Amendment conflict with any provision of the Note, the provisions of this Amendment shall control.";
    expect(saysOnlyHeading("Effectiveness; Conflict", node([row], null, null))).toBe(true);
    const heading = "Effects of Termination Based Upon an Uncured Breach or Insolvency of Licensee";
    expect(saysOnlyHeading(heading, node([], "14.2", heading))).toBe(true);
  });
});

describe("headingsLast", () => {
  it("moves heading-only items after the others, keeping each part's order", () => {
    expect(headingsLast(["h1", "a", "h2", "b"], (x) => x.startsWith("h"))).toEqual(["a", "b", "h1", "h2"]);
  });
});

describe("headingsLastSettled", () => {
  const ranked = ["h1", "a", "h2", "b", "h3", "c", "d", "h4", "e"];
  const isHeading = (x: string) => x.startsWith("h");

  it("settles the first places as a look at every item would, looking no further than it must", async () => {
    for (const settled of [1, 2, 3, 4]) {
      const looked: string[] = [];
      const out = await headingsLastSettled(ranked, settled, (x) => {
        looked.push(x);
        return isHeading(x);
      });
      expect(out.slice(0, settled)).toEqual(headingsLast(ranked, isHeading).slice(0, settled));
      expect(looked.filter((x) => !isHeading(x))).toHaveLength(settled);
      expect(looked.length).toBeLessThan(ranked.length);
      expect([...out].sort()).toEqual([...ranked].sort());
    }
  });

  it("puts the items not looked at before the headings found, and is headingsLast when every place is read", async () => {
    expect(await headingsLastSettled(ranked, 2, isHeading)).toEqual(["a", "b", "h3", "c", "d", "h4", "e", "h1", "h2"]);
    expect(await headingsLastSettled(ranked, Number.POSITIVE_INFINITY, isHeading)).toEqual(
      headingsLast(ranked, isHeading),
    );
    expect(await headingsLastSettled(ranked, 9, isHeading)).toEqual(headingsLast(ranked, isHeading));
  });
});
