import { describe, expect, it } from "vitest";
import { citeableClause, clauseZone, inAnnex } from "./provision.ts";

describe("citeableClause", () => {
  it("names the kind of a numbered provision and keeps a printed reference as printed", () => {
    expect(citeableClause({ kind: "section", clauseRef: "7.02", fullRef: "7.02(b)" })).toBe("Section 7.02(b)");
    expect(citeableClause({ kind: "article", clauseRef: "ARTICLE VI", fullRef: "Article 6" })).toBe("ARTICLE VI");
    expect(citeableClause({ kind: "definition", clauseRef: null, fullRef: 'Definition "Loan"' })).toBe(
      'Definition "Loan"',
    );
  });

  it("puts the exhibit, schedule or annex first for a provision inside one", () => {
    expect(citeableClause({ kind: "section", clauseRef: "Section 2.01", fullRef: "Exhibit A 2.01" })).toBe(
      "Exhibit A, Section 2.01",
    );
    expect(citeableClause({ kind: "article", clauseRef: "ARTICLE VI", fullRef: "Exhibit A Article 6" })).toBe(
      "Exhibit A, ARTICLE VI",
    );
    expect(citeableClause({ kind: "clause", clauseRef: "(a)", fullRef: "Schedule 1.1 3(a)" })).toBe(
      "Schedule 1.1, Section 3(a)",
    );
    // the exhibit itself is cited as it is named
    expect(citeableClause({ kind: "exhibit", clauseRef: "EXHIBIT A", fullRef: "Exhibit A" })).toBe("EXHIBIT A");
  });

  it("reads a cited clause back into its exhibit and the rest", () => {
    const cited = citeableClause({ kind: "section", clauseRef: "Section 2.01", fullRef: "Exhibit A 2.01" }) as string;
    expect(clauseZone(cited)).toEqual({ zone: "exhibit a", clause: "Section 2.01" });
    expect(clauseZone("Section 2.01")).toEqual({ zone: "", clause: "Section 2.01" });
  });

  it("tells a clause in an exhibit, schedule or annex, or the exhibit itself, from one of the body", () => {
    expect(inAnnex("Exhibit A, Section 2.01")).toBe(true);
    expect(inAnnex("EXHIBIT A")).toBe(true);
    expect(inAnnex("Annex A, Section 6.1(l)")).toBe(true);
    expect(inAnnex("Section 9")).toBe(false);
    expect(inAnnex('Definition "Exhibit A"')).toBe(false);
  });
});
