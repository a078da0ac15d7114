import { describe, expect, it } from "vitest";
import { expandConcepts } from "./legal-concepts.ts";

describe("expandConcepts", () => {
  it("adds the words clauses use for the concept a short question names", () => {
    expect(expandConcepts("When does this contract expire?")).toContain("term");
    expect(expandConcepts("Which law governs this contract?")).toContain("governed");
    // what an amendment changes is said in amending words
    expect(expandConcepts("What does Amendment No. 8 change?")).toContain("hereby");
    expect(expandConcepts("Which provisions does the amendment modify?")).toContain("replacing");
    expect(expandConcepts("What happens on a change of control?")).not.toContain("hereby");
  });

  it("leaves long statements and questions without a known concept alone", () => {
    const long =
      "does the agreement provide that receiving Party shall destroy or return some Confidential Information upon the termination of Agreement?";
    expect(expandConcepts(long)).toBe(long);
    expect(expandConcepts("Who signed it?")).toBe("Who signed it?");
  });
});
