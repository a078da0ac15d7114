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

  it("reads a concept about the instrument in the whole ask, the others in what is left once it is set aside", () => {
    // ranking inside "the second amendment": its name is set aside, what it changes still asks for amending words
    expect(expandConcepts("What does   change?", "What does the second amendment change?")).toContain("hereby");
    expect(expandConcepts("What does   change?")).not.toContain("hereby");
    // the license agreement's name does not make a governing-law question one about the license grant
    expect(expandConcepts("Which law governs  ?", "Which law governs the license agreement?")).not.toContain("royalty");
  });

  it("reads 'which governs' of two instruments in conflict as their order of precedence, not the governing law", () => {
    const precedence = expandConcepts("If the amendment and the loan agreement are inconsistent, which one governs?");
    expect(precedence).toContain("supersede");
    expect(precedence).not.toContain("jurisdiction");
    expect(expandConcepts("Which prevails if a statement of work conflicts with the agreement?")).toContain(
      "inconsistent",
    );
    expect(expandConcepts("Which law governs this contract?")).not.toContain("supersede");
  });

  it("reads a lawyer's everyday words in the drafting's", () => {
    expect(expandConcepts("Who pays the lawyers?")).toContain("attorneys");
    expect(expandConcepts("Can the company fire the executive?")).toContain("terminate");
    expect(expandConcepts("What if the distributor goes bust?")).toContain("insolvency");
    expect(expandConcepts("When does the release kick in?")).toContain("effective");
    expect(expandConcepts("Is there a penalty for ending early?")).toContain("premium");
    expect(expandConcepts("Who must sign off on subcontractors?")).toContain("approval");
    expect(expandConcepts("Can the company buy the member out?")).toContain("purchase");
    expect(expandConcepts("Must the licensee pay the royalties back?")).toContain("repay");
    expect(expandConcepts("What is paid up front?")).toContain("upfront");
    // and only in that sense: fire damage is no dismissal, paying royalties no repayment
    expect(expandConcepts("Who bears the fire damage to the goods?")).not.toContain("dismiss");
    expect(expandConcepts("When must the licensee pay the royalties?")).not.toContain("repay");
  });

  it("reads a lawyer's own words in a long ask too, where no word of the clause is there to find it by", () => {
    const rofr = "If the franchisee finds a buyer for its restaurant, can the franchisor step in and buy instead?";
    expect(expandConcepts(rofr)).toContain("refusal");
    expect(expandConcepts("Can the company match the third-party offer before the member sells his units?")).toContain(
      "refusal",
    );
    const upFront =
      "How much does the developer owe the customer up front under the development agreement, and by when?";
    expect(expandConcepts(upFront)).toContain("upfront");
    const walk = "If the distributor walks away from the distributorship, can it sell competing products afterwards?";
    expect(expandConcepts(walk)).toContain("terminate");
    expect(
      expandConcepts("Can the distributor get out of the agreement early without giving any reason at all?"),
    ).toContain("terminate");
    expect(expandConcepts("Can the investor hire away the company's executives it meets in the talks?")).toContain(
      "solicit",
    );
    expect(
      expandConcepts("Can the distributor sell a rival's products in the territory once the agreement ends?"),
    ).toContain("competing");
    expect(expandConcepts("Who is on the hook if the contractor's staff damage the landlord's premises?")).toContain(
      "liable",
    );
    expect(expandConcepts("Can a limited partner cash out before the fund's term has run?")).toContain("withdraw");
    expect(expandConcepts("Can the general partner be kicked out by the limited partners without cause?")).toContain(
      "removal",
    );
    expect(expandConcepts("Can the company claw the executive's bonus back if the results are restated?")).toContain(
      "recoup",
    );
    // a concept named in the drafting's own words is left to the long ask's own words
    const law = "Which state's law governs the senior secured note issued to the seller with the White Haven sale?";
    expect(expandConcepts(law)).toBe(law);
    // paying one party for cutting back volumes is no repayment
    const cut = "How much is the buyer paying the supplier for cutting back the volumes, and on what schedule?";
    expect(expandConcepts(cut)).not.toContain("repay");
  });

  it("adds each word's other spelling, and reads asking for a thing back as requesting its return", () => {
    expect(expandConcepts("Can the recipient tell its advisors?")).toContain("advisers");
    expect(expandConcepts("Which organisation must be authorised?")).toMatch(/organization.*authorized/);
    const back =
      "If Anton Paar asks for its materials back after the evaluation ends, how long does the recipient have?";
    expect(expandConcepts(back)).toContain("request return");
    expect(expandConcepts("Can the distributor come back into the territory after the term?")).not.toContain(
      "request return",
    );
  });

  it("knows how credit agreements phrase what a lawyer asks first", () => {
    expect(expandConcepts("When do the loans mature?")).toContain("maturity");
    expect(expandConcepts("What notice must be given before a prepayment?")).toContain("voluntary");
    expect(expandConcepts("What interest rate applies to the loans?")).toContain("margin");
    expect(expandConcepts("Which financial covenants must the borrower meet?")).toContain("leverage");
    expect(expandConcepts("What are the conditions to the effectiveness of the amendment?")).toContain("satisfied");
    expect(expandConcepts("Who are the guarantors?")).toContain("unconditionally");
    // a covenant not to sue is no financial covenant
    expect(expandConcepts("Is there a covenant not to sue?")).not.toContain("leverage");
  });

  it("leaves long statements and questions without a known concept alone", () => {
    const long =
      "does the agreement provide that receiving Party shall destroy or return some Confidential Information upon the termination of Agreement?";
    expect(expandConcepts(long)).toBe(long);
    expect(expandConcepts("Who signed it?")).toBe("Who signed it?");
  });
});
