import { describe, expect, it } from "vitest";
import { headingsLast, saysOnlyHeading } from "./heading-only.ts";

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

describe("headingsLast", () => {
  it("moves heading-only items after the others, keeping each part's order", () => {
    expect(headingsLast(["h1", "a", "h2", "b"], (x) => x.startsWith("h"))).toEqual(["a", "b", "h1", "h2"]);
  });
});
