import { describe, expect, it } from "vitest";
import { expandConcepts } from "./legal-concepts.ts";

describe("expandConcepts", () => {
  it("adds the words clauses use for the concept a short question names", () => {
    expect(expandConcepts("When does this contract expire?")).toContain("term");
    expect(expandConcepts("Which law governs this contract?")).toContain("governed");
  });

  it("leaves long statements and questions without a known concept alone", () => {
    const long =
      "does the agreement provide that receiving Party shall destroy or return some Confidential Information upon the termination of Agreement?";
    expect(expandConcepts(long)).toBe(long);
    expect(expandConcepts("Who signed it?")).toBe("Who signed it?");
  });
});
