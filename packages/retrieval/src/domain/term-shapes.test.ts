import { describe, expect, it } from "vitest";
import { askedDefinedTerms, definedTermKey } from "./term-asked.ts";
import { leadingCapitalisedTerms, withoutPluralMarker } from "./term-shapes.ts";

describe("withoutPluralMarker", () => {
  it("drops a plural marker drafted onto a word", () => {
    expect(withoutPluralMarker("Third Party(ies)")).toBe("Third Party");
    expect(withoutPluralMarker("Product(s)")).toBe("Product");
    expect(definedTermKey("Third Party(ies)")).toBe(definedTermKey("third party"));
  });

  it("keeps a parenthesis that is not a plural marker", () => {
    expect(withoutPluralMarker("Section 2(s)")).toBe("Section 2(s)");
    expect(withoutPluralMarker("Fee (as adjusted)")).toBe("Fee (as adjusted)");
  });
});

describe("leadingCapitalisedTerms", () => {
  it("reads the capitalised term a question goes on past in plain words", () => {
    expect(leadingCapitalisedTerms("Costs Medica has to document")).toEqual(["Costs", "Costs Medica"]);
    expect(leadingCapitalisedTerms("Change of Control triggers")).toEqual(["Change", "Change of Control"]);
  });

  it("reads nothing of a phrase capitalised throughout, in lower case, possessive or the subject of a duty", () => {
    expect(leadingCapitalisedTerms("Purchase Price Date")).toEqual([]);
    expect(leadingCapitalisedTerms("deliverables")).toEqual([]);
    expect(leadingCapitalisedTerms("Reed's obligation")).toEqual([]);
    expect(leadingCapitalisedTerms("Medica required to do")).toEqual([]);
  });

  it("gives the definition rule the term before a relative clause", () => {
    expect(askedDefinedTerms("What are the Costs Medica has to document under the supply agreement?")).toContain(
      "cost",
    );
    expect(askedDefinedTerms("What is Medica required to do under the supply agreement?")).not.toContain("medica");
  });

  it("is linear on a long phrase", () => {
    const long = `${"Word ".repeat(50_000)}tail`;
    const t0 = performance.now();
    leadingCapitalisedTerms(long);
    withoutPluralMarker(`${"a(".repeat(50_000)}s)`);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
