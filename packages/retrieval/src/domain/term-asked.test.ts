import { describe, expect, it } from "vitest";
import {
  abbreviations,
  asksAboutTerm,
  definitionAt,
  definitionOpeningAt,
  passagesDefining,
  statedDefinitionAt,
  statedDefinitions,
  termsAskedAbout,
} from "./term-asked.ts";

describe("asksAboutTerm: whether a question asks what a defined term is", () => {
  it("takes a term named as the subject of what/who is, what counts as, and the meaning of", () => {
    expect(asksAboutTerm("What is a Query under the customer's data license?", "Query")).toBe(true);
    expect(asksAboutTerm("What's a CITR?", "CITR")).toBe(true);
    expect(asksAboutTerm("Who are the Majority Investors under the replacement note?", "Majority Investors")).toBe(
      true,
    );
    expect(asksAboutTerm("What counts as Gross Revenues for royalties?", "Gross Revenues")).toBe(true);
    expect(asksAboutTerm("Give me the meaning of Permitted Liens.", "Permitted Liens")).toBe(true);
    // A term asked about with more words after it: the definition still answers what it is.
    expect(asksAboutTerm("What are the Costs the manufacturer has to document?", "Costs")).toBe(true);
  });

  it("takes 'what does X mean' and 'how is X defined / calculated', not other asks so opened", () => {
    expect(asksAboutTerm("What does BCSI mean in the NDA?", "BCSI")).toBe(true);
    expect(asksAboutTerm("How is Consolidated EBITDA calculated for the leverage grid?", "Consolidated EBITDA")).toBe(
      true,
    );
    expect(asksAboutTerm("How is the Market Price worked out for conversions?", "Market Price")).toBe(true);
    expect(asksAboutTerm("What does the Borrower have to deliver each quarter?", "Borrower")).toBe(false);
    expect(asksAboutTerm("How is the Agent replaced?", "Agent")).toBe(false);
  });

  it("takes a quoted term in any case and anywhere in the question", () => {
    expect(asksAboutTerm('Which documents make up the "Existing PSA"?', "Existing PSA")).toBe(true);
    expect(asksAboutTerm("What are 'residuals' and can the recipient use them?", "Residuals")).toBe(true);
    expect(asksAboutTerm("Can the recipient keep “Residuals”?", "Residuals")).toBe(true);
  });

  it("leaves a term the question only uses, or writes in lower case, or as a possessive", () => {
    expect(asksAboutTerm("After the first year, how much notice ends the Agreement?", "Agreement")).toBe(false);
    expect(asksAboutTerm("What is the term of the agreement?", "Term")).toBe(false);
    expect(asksAboutTerm("What is the Agreement's governing law?", "Agreement")).toBe(false);
    // Part of a longer word is not the term.
    expect(asksAboutTerm("What is a Querying Party?", "Query")).toBe(false);
  });
});

describe("termsAskedAbout", () => {
  it("keeps the longest term asked about, not one inside it", () => {
    expect(
      termsAskedAbout("What's a 'Contract Period' under the manufacturing agreement?", [
        "Period",
        "Contract Period",
        "Agreement",
        "Contract Period",
      ]),
    ).toEqual(["Contract Period"]);
    expect(termsAskedAbout("When may the Supplier terminate?", ["Supplier", "Term"])).toEqual([]);
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

describe("a term followed by a capitalised word", () => {
  it("is part of a longer name only when the documents write that name", () => {
    const writes = (phrase: string) => phrase === "Purchase Price Date";
    expect(asksAboutTerm("What is the Purchase Price Date under the note?", "Purchase Price", writes)).toBe(false);
    expect(asksAboutTerm("What are the Costs Medica has to document?", "Costs", writes)).toBe(true);
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
