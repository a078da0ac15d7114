import { describe, expect, it } from "vitest";
import { runTogetherNumbers } from "./run-together.ts";

/** A distributorship whose paragraphs were run together into one line, as some filed texts print them. */
const RUN_TOGETHER = [
  "DISTRIBUTORSHIP AGREEMENT This Agreement is made by Acme and Distributor, who agree as follows: 1. Appointment",
  "1.1 Acme hereby appoints Distributor to market and sell the Products in the Territory on the terms of this Agreement.",
  "1.2 Distributor shall procure the Products solely from Acme and use its best efforts to promote them to customers.",
  "1.3 Subject to Section 8.3, Distributor's right to sell the Products in the Territory shall be exclusive for the term.",
  "2. Prices 2.1 The prices Distributor pays are as specified on Exhibit A and exclude all taxes and similar charges.",
  "2.2 Payment is due within thirty days of invoice; late payments bear interest of 12.5 Percent a year until paid.",
  "3. Term 3.1 The term of this Agreement starts on the Effective Date and ends on the fifth anniversary of that date.",
  "3.2 Either party may terminate this Agreement without cause on ninety days' prior written notice to the other party.",
].join(" ");

const at = (text: string, label: string) => text.indexOf(`${label} `);

describe("runTogetherNumbers", () => {
  it("reads the clause numbers of run-together text as one numbering, sections' own numbers with them", () => {
    const found = new Set(runTogetherNumbers(RUN_TOGETHER));
    for (const label of ["1.", "1.1", "1.2", "1.3", "2.", "2.1", "2.2", "3.", "3.1", "3.2"])
      expect(found.has(at(RUN_TOGETHER, label)), label).toBe(true);
    expect(found.size).toBe(10);
  });

  it("takes no reference, decimal or page number for a clause", () => {
    const found = new Set(runTogetherNumbers(RUN_TOGETHER));
    // "Section 8.3" and "12.5 Percent" are not in the chain
    expect(found.has(RUN_TOGETHER.indexOf("8.3, "))).toBe(false);
    expect(found.has(RUN_TOGETHER.indexOf("12.5 Percent"))).toBe(false);
    const contents =
      "CONTENTS 1.1 Scope 1 1.2 Term 1 2.1 Fees 2 2.2 Taxes 2 3.1 Notices 3 3.2 Law 3 4.1 Entire Agreement 4 4.2 Waiver 4";
    expect(runTogetherNumbers(contents).length).toBe(0);
  });

  it("takes a contents listing run together for no clauses: each entry runs for less than a line", () => {
    const listing =
      "1.1 Services to be Rendered    1.2 Processing    2.1 Support    2.2 Items    3.1 Reports    3.2 Audit";
    expect(runTogetherNumbers(listing).length).toBe(0);
    // and where the clauses follow the listing, the clauses
    const found = new Set(runTogetherNumbers(`${listing}\n${RUN_TOGETHER}`));
    expect(found.has(at(`${listing}\n${RUN_TOGETHER}`, "1.1"))).toBe(false);
    expect(found.size).toBe(10);
  });

  it("reads nothing where too few numbers, or too few sections, follow one another", () => {
    expect(runTogetherNumbers("The fee is 2.5 Million. See 3.1 Above. 7.2 The parties agree.").length).toBe(0);
    const oneSection = RUN_TOGETHER.slice(0, RUN_TOGETHER.indexOf("2. Prices"));
    expect(runTogetherNumbers(oneSection).length).toBe(0);
  });
});
