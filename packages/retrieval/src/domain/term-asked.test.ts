import { describe, expect, it } from "vitest";
import {
  abbreviations,
  askedDefinedTerms,
  definedTermKey,
  definitionAt,
  definitionOpeningAt,
  passagesDefining,
  quotedTerms,
  statedDefinitionAt,
  statedDefinitions,
  termsAskedAbout,
} from "./term-asked.ts";

describe("askedDefinedTerms", () => {
  it("reads the term of each way a lawyer asks what a term means", () => {
    expect(askedDefinedTerms("Who is an 'End User' under the distributor agreement?")).toEqual(["end user"]);
    expect(askedDefinedTerms("How is 'Affiliate' defined in the maintenance agreement?")).toEqual(["affiliate"]);
    expect(askedDefinedTerms("What does “Permitted Liens” mean?")).toEqual(["permitted lien"]);
    expect(askedDefinedTerms("What is the meaning of Business Day in the credit agreement?")).toContain("business day");
    expect(askedDefinedTerms("What counts as Gross Revenues for royalties?")).toContain("gross revenue");
    expect(askedDefinedTerms("Who are 'Subsidiaries' under the NDA?")).toEqual(["subsidiary"]);
  });

  it("reads a party's defined term after its possessive, and not a plain word after one", () => {
    expect(askedDefinedTerms("What is ScanSource's Territory under the Cisco agreement?")).toEqual(["territory"]);
    expect(askedDefinedTerms("What is the Borrower's Applicable Margin?")).toEqual(["applicable margin"]);
    expect(askedDefinedTerms("Who is Bird's Administrative Agent?")).toEqual(["administrative agent"]);
    expect(askedDefinedTerms("What is Acme's obligation under Section 5?")).toEqual([]);
    expect(askedDefinedTerms("What is Cisco's liability cap?")).toEqual([]);
  });

  it("reads the asks a definition answers without naming it as a definition", () => {
    // whether something falls within a defined term, or who holds a defined role
    expect(askedDefinedTerms("Does the founder's family count as Permitted Holders under the loan?")).toEqual([
      "permitted holder",
    ]);
    expect(askedDefinedTerms("Is a pension fund treated as an Eligible Assignee?")).toEqual(["eligible assignee"]);
    expect(askedDefinedTerms("Who can sign for the Borrower as an Authorized Officer?")).toEqual([
      "authorized officer",
    ]);
    expect(askedDefinedTerms("Whose consent is needed as Required Lenders under the term loan?")).toEqual([
      "required lender",
    ]);
    // (each longer start up to a preposition is read too; only a term the documents define is ever taken)
    expect(askedDefinedTerms("When is a licensed product a combination product under the deal?")).toContain(
      "combination product",
    );
    expect(askedDefinedTerms("When is the rent due?")).toEqual([]);
    // the bounds of a defined period, in any case; not an instrument's
    expect(askedDefinedTerms("When does the fiscal year end for the facility?")).toContain("fiscal year");
    expect(askedDefinedTerms("How does the distributorship count its fiscal year?")).toEqual(["fiscal year"]);
    expect(askedDefinedTerms("When does the agreement end?")).toEqual([]);
    expect(askedDefinedTerms("When does the licence expire?")).toEqual([]);
    // which thing of a class: the class's definition; not a word contracts define for another purpose
    expect(askedDefinedTerms("Which product is the distributor selling?")).toEqual(["product"]);
    expect(askedDefinedTerms("What drug goes into the auto-injector?")).toEqual(["drug"]);
    expect(askedDefinedTerms("What device does Antares make under the AMAG agreement?")).toEqual(["device"]);
    expect(askedDefinedTerms("what product does Nippon Shinyaku distribute under the Zogenix deal")).toEqual([
      "product",
    ]);
    expect(askedDefinedTerms("What notice does the buyer have to give?")).toEqual([]);
    // what a defined term covers or includes is what its definition says
    expect(askedDefinedTerms("what does Columbia Equipment cover?")).toEqual([definedTermKey("Columbia Equipment")]);
    expect(askedDefinedTerms("What does the insurance cover?")).toEqual([]);
    expect(askedDefinedTerms("Which law governs the agreement?")).toEqual([]);
    expect(askedDefinedTerms("Which party is responsible for shipping?")).toEqual([]);
    expect(askedDefinedTerms("What notice is required to terminate?")).toEqual([]);
    // a role named in lower case is no defined term's
    expect(askedDefinedTerms("Who acts as agent for the lenders?")).toEqual([]);
  });

  it("reads the ask after a sentence that sets it up", () => {
    expect(askedDefinedTerms("Columbia can terminate if the Ares Agreement ends. What is the Ares Agreement?")).toEqual(
      [definedTermKey("Ares Agreement")],
    );
    expect(askedDefinedTerms("Columbia can terminate if the Ares Agreement ends.")).toEqual([]);
  });

  it("reads what makes up a term, what it consists of, and how a defined term is worked out", () => {
    expect(askedDefinedTerms(`Which documents make up the "Existing PSA"?`)).toEqual(["existing psa"]);
    expect(askedDefinedTerms("What makes up the Collateral?")).toEqual(["collateral"]);
    expect(askedDefinedTerms("What does the Collateral consist of?")).toEqual(["collateral"]);
    expect(askedDefinedTerms("How is Consolidated EBITDA calculated for the leverage grid?")).toContain(
      "consolidated ebitda",
    );
    // how a thing in lower case is worked out asks the mechanics, not a defined term
    expect(askedDefinedTerms("How is interest calculated on late payments?")).toEqual([]);
  });

  it("reads a term at each preposition, so a term with 'of' in it is read whole", () => {
    const terms = askedDefinedTerms("What is a Change of Control under the agreement?");
    expect(terms).toContain("change");
    expect(terms).toContain("change of control");
  });

  it("reads 'when is' only for a term written as a defined term", () => {
    expect(askedDefinedTerms("When is the Closing Date under the agency agreement?")).toEqual(["closing date"]);
    expect(askedDefinedTerms("When is the rent due?")).toEqual([]);
  });

  it("reads the shapes kept for defined terms in a question typed all in lower case, where no term is capitalised", () => {
    expect(askedDefinedTerms("how is consolidated ebitda calculated for the leverage grid?")).toEqual([
      "consolidated ebitda",
    ]);
    expect(askedDefinedTerms("when is the closing date under the agency agreement?")).toContain("closing date");
    expect(askedDefinedTerms("How is consolidated ebitda calculated for the leverage grid?")).toEqual([]);
  });

  it("reads nothing when the question asks something else of a term it quotes", () => {
    expect(askedDefinedTerms("On termination 'the License' is revoked; can the licensee keep selling?")).toEqual([]);
    expect(askedDefinedTerms("Can the Company's obligations be assigned?")).toEqual([]);
  });
});

describe("termsAskedAbout: the terms of a document a question asks the meaning of", () => {
  const defined = ["Agreement", "Query", "Contract Period", "Period", "Purchase Price", "Costs", "Term"];
  it("takes a term named as the subject of what is, a quoted one, and one a plain clause continues", () => {
    expect(termsAskedAbout("What is a Query under the customer's data license?", defined)).toEqual(["Query"]);
    expect(termsAskedAbout("What's a 'Contract Period' under the manufacturing agreement?", defined)).toEqual([
      "Contract Period",
    ]);
    expect(termsAskedAbout("What are the Costs the manufacturer has to document?", defined)).toEqual(["Costs"]);
  });

  it("leaves a term the question only uses, or names as part of a longer one", () => {
    expect(termsAskedAbout("After the first year, how much notice ends the Agreement?", defined)).toEqual([]);
    // "when is" asks a defined term's definition only of a term written as one
    expect(termsAskedAbout("When is the rent due?", ["Rent"])).toEqual([]);
    expect(termsAskedAbout("What is the Purchase Price Date under the note?", defined)).toEqual([]);
    expect(termsAskedAbout("How is the Agent replaced?", ["Agent"])).toEqual([]);
  });

  it("takes a term asked in lower case, as the documents define it", () => {
    expect(termsAskedAbout("What is the term of the agreement?", defined)).toEqual(["Term"]);
  });

  it("takes how a defined term is worked out", () => {
    expect(termsAskedAbout("How is the Market Price worked out for conversions?", ["Market Price"])).toEqual([
      "Market Price",
    ]);
  });
});

describe("definitionAt", () => {
  it("finds the term between quotation marks or opening the passage", () => {
    expect(definitionAt("1.15 “Query” means each image and data search request.", "Query")).toBe(5);
    expect(definitionAt('all Intellectual Property created ("Work Product") belongs to Company', "Work Product")).toBe(
      35,
    );
    expect(definitionAt("Permitted Liens means the Liens listed in Schedule 7.1.", "Permitted Liens")).toBe(0);
    expect(definitionAt("The Queries and Data shall be provided under this Agreement.", "Query")).toBe(-1);
  });
});

describe("statedDefinitions", () => {
  it("reads a term a running sentence defines, and not a term only quoted", () => {
    const text =
      'Either party may use Residuals for any purpose. The term "Residuals" means information retained in unaided memory. ' +
      '“Purchase Price Date” shall mean the date the price is paid. The parties call it the "Deal Room". ' +
      "'Authorized Acquisition No. 2' shall mean the acquisition of D-M-E. " +
      "(the twelve-month periods are each a \"Contract Period\"). The Lender's agent's means are its own.";
    expect(statedDefinitions(text)).toEqual([
      "Residuals",
      "Purchase Price Date",
      "Authorized Acquisition No. 2",
      "Contract Period",
    ]);
    expect(statedDefinitionAt(text, "residuals")).toBe(text.indexOf('"Residuals"'));
    expect(statedDefinitionAt(text, "Deal Room")).toBe(-1);
  });
});

describe("passagesDefining", () => {
  it("takes the passage holding the definition, and the next one when the definition opens at its end", () => {
    const at = (body: string) => definitionAt(body, "Market Price");
    const early = [
      { body: "A12. “Major Trigger Event” means any Trigger Event." },
      {
        body: "A15. “Market Price” means 80% multiplied by the Nasdaq Minimum Price, as the Lender reports it on the Trading Day immediately preceding the applicable Redemption Date, rounded down to the nearest cent.",
      },
      { body: "A16. “Nasdaq Minimum Price” means the lower of two prices." },
    ];
    expect(passagesDefining(early, at)).toEqual([early[1]]);
    const late = [
      {
        body: `${"A14. “Market Capitalization” means a number equal to the average VWAP. ".repeat(4)}A15. “Market Price” means`,
      },
      { body: "80% multiplied by the Nasdaq Minimum Price." },
    ];
    expect(passagesDefining(late, at)).toEqual(late);
    expect(passagesDefining([{ body: "The Market Price is reported daily." }], at)).toEqual([]);
  });
});

describe("abbreviations", () => {
  it("reads an abbreviation the capitalised words before it spell, and no other parenthesis", () => {
    const text =
      "classified as Critical Energy Infrastructure Information (CEII) or BES Cyber System Information (BCSI) " +
      "or business confidential information (CI), under the rules of the Federal Energy Regulatory Commission (FERC) and the Department of Energy (DOE), see clause (A) and (USA).";
    expect(abbreviations(text).map((a) => a.term)).toEqual(["CEII", "BCSI", "FERC", "DOE"]);
    expect(abbreviations(text)[0]?.at).toBe(text.indexOf("(CEII)"));
  });
});

describe("definitionOpeningAt", () => {
  it("finds a sentence opening with the term unquoted and saying what it means", () => {
    const text =
      "The Recipient holds BCSI. For purposes of this Agreement, CEII shall mean: (i) all information so designated.";
    expect(definitionOpeningAt(text, "CEII")).toBe(text.indexOf("CEII shall"));
    expect(definitionOpeningAt(text, "BCSI")).toBe(-1);
    expect(definitionOpeningAt("Confidential Information means all data.", "Confidential Information")).toBe(0);
  });
});

describe("quotedTerms", () => {
  it("reads the capitalised phrases a text quotes, not a quoted word in lower case", () => {
    expect(
      quotedTerms('“Change of Control” means any transaction of the definition of “Major Event”, a "so-called" sale.'),
    ).toEqual(["Change of Control", "Major Event"]);
  });
});
