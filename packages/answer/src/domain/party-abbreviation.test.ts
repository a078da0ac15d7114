import { describe, expect, it } from "vitest";
import type { EvidenceItem } from "./evidence.ts";
import { isShortForm, shortFormIn } from "./party-abbreviation.ts";
import { faceWords, partyScope } from "./party-scope.ts";

const words = (t: string) => faceWords("", t);

describe("a party's short form", () => {
  it("is one word of 3 to 6 letters with a capital after its first", () => {
    expect(["BofA", "BoA", "JPM", "IBM"].map(isShortForm)).toEqual([true, true, true, true]);
    expect(["Acme", "Bank", "AB", "MACROGENICS", "bofa", "D-M-E"].map(isShortForm)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("stands for words in a row that each give it their first letter and at most the letters after it", () => {
    const face = words("This Agreement is made between Bank of America, N.A. and Cardlytics, Inc.");
    expect(shortFormIn(face, "BofA")).toBe(true);
    expect(shortFormIn(face, "BoA")).toBe(true);
    expect(shortFormIn(words("J.P. Morgan Securities LLC, as arranger"), "JPM")).toBe(true);
    expect(shortFormIn(words("International Business Machines Corporation"), "IBM")).toBe(true);
  });

  it("is not spelled by letters out of order, by one word alone, or by words apart", () => {
    expect(shortFormIn(words("America Bank of"), "BofA")).toBe(false);
    expect(shortFormIn(words("the Bofamerica fund"), "BofA")).toBe(false);
    expect(shortFormIn(words("Bank, the trustee, of America"), "BofA")).toBe(false);
    expect(shortFormIn(words("Food and Drug Administration"), "FDA")).toBe(false);
  });
});

describe("the deal a question names by a party's short form", () => {
  const texts: Record<string, string> = {
    bank: "SOFTWARE LICENSE AGREEMENT between Bank of America, N.A. and Cardlytics, Inc. 8.6 Release Conditions.",
    other: "LICENSE AND HOSTING AGREEMENT between Corio, Inc. and ChangePoint Corp. 12.2 Release Conditions.",
  };
  const item = (documentId: string): EvidenceItem => ({
    id: `E-${documentId}`,
    documentId,
    version: "v1",
    nodeId: "n",
    start: 0,
    end: 20,
    text: (texts[documentId] as string).slice(0, 20),
    docLabel: documentId,
    role: "base_agreement",
    effectiveDate: null,
    transactionSetId: null,
    clauseRef: null,
  });

  it("keeps the documents whose face spells the short form out, not the others", () => {
    const scope = partyScope(
      "BofA can't use the escrowed source code until a Release Condition occurs — what are those?",
      [item("other"), item("bank")],
      (d) => texts[d] ?? null,
    );
    expect(scope?.parties).toEqual(["BofA"]);
    expect([...(scope?.documents ?? [])]).toEqual(["bank"]);
  });
});
