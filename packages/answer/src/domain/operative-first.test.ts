import { describe, expect, it } from "vitest";
import type { ScoredCandidate } from "./evidence-model.ts";
import {
  askedActs,
  definesNamedTerm,
  grantsAct,
  isNotOperative,
  namedTerms,
  operativeFirst,
} from "./operative-first.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const item = evidenceItem("d", "x".repeat(2000));
const sentence = (text: string, p: number, at: number): ScoredCandidate => scoredSentence(item, text, { p, at });

describe("isNotOperative", () => {
  it("knows recitals, preambles, page furniture and signature lines", () => {
    expect(isNotOperative("WHEREAS, the Supplier desires to manufacture the Products for the Buyer;")).toBe(true);
    expect(isNotOperative("NOW, THEREFORE, in consideration of the mutual covenants, the parties agree:")).toBe(true);
    expect(
      isNotOperative('THIS Agreement is made and entered into by and between Acme, Inc. ("Acme") and Widget Co.'),
    ).toBe(true);
    expect(isNotOperative("Acme-Widget   Amendment No. 1 Supply Agreement   Page 3/9")).toBe(true);
    expect(isNotOperative("ACME HOLDINGS, INC., S-1, 1/12/2018")).toBe(true);
    expect(isNotOperative("Acme Holdings, Inc. Franchisee By:")).toBe(true);
  });

  it("knows a preamble however it dates the instrument and whatever its name holds", () => {
    for (const preamble of [
      'THIS AGREEMENT is made and entered into this 20th day of December 2018 (the "Effective Date"), by and between Acme Corp., a Delaware corporation, and Widget Inc.',
      'This Amendment No. 1 (the "Amendment"), entered into by and between Acme, LLC ("Acme") and Widget Corporation is effective as of June 11, 2018.',
      "This Credit Agreement, dated as of June 1, 2020, among Acme Inc., the Lenders party hereto and Big Bank, N.A., as Agent.",
      'This License, Development and Commercialization Agreement (this "Agreement"), dated as of February 4, 2020, is made by and between Acme and Widget.',
      'This Non-Disclosure Agreement ("Agreement") is effective as of October 20, 2011 ("Effective Date") and is entered into between Acme and Widget.',
      "Exhibit 4.44 THIS LICENSE AND RESELLER AGREEMENT dated as of the October 30, 2018 is made BETWEEN:",
      "AGREEMENT made as of the 1st day of May, 2000, between Acme Inc. and Widget Co.",
      'Acme and Widget are each referred to herein as a "Party" and collectively as the "Parties."',
      "THIS AGREEMENT IS MADE AND ENTERED INTO THIS 20TH DAY OF DECEMBER 2018 BY AND BETWEEN ACME AND WIDGET.",
      "This Sixth Amendment to the Bill Pay Service Reseller Agreement (this “Amendment”) is entered into as of December 30, 2022 (the “Amendment Effective Date”), by and between Acme, Inc. (“Reseller”) and Widget Co.",
    ])
      expect(isNotOperative(preamble), preamble).toBe(true);
  });

  it("does not read an operative clause that names an earlier instrument or a conflict as a preamble", () => {
    for (const clause of [
      "This Agreement supersedes the letter agreement dated May 1, 2019 between the parties.",
      "This Agreement may be executed in counterparts, which together shall constitute one agreement between the parties.",
      "The Credit Agreement dated as of June 1, 2020 among Acme and the Lenders is hereby amended as follows:",
      "Payments made between the Closing Date and the Maturity Date shall bear interest.",
      "This Agreement is entered into subject to the Lease and in the event of a conflict between this Agreement and the Lease, the Lease shall control.",
      "This First Amendment is made as of this 31st day of December, 2022 and makes the following revision to the Loan Agreement:",
    ])
      expect(isNotOperative(clause), clause).toBe(false);
  });

  it("reads a preamble from a bounded opening: a long sentence costs no more", () => {
    const long = `THIS AGREEMENT is made ${"and made ".repeat(200_000)}between Acme and Widget.`;
    expect(isNotOperative(long)).toBe(false);
    expect(isNotOperative(`This Agreement (${"x ".repeat(500_000)}`)).toBe(false);
  });

  it("leaves operative text alone, an amendment that names its section included", () => {
    expect(isNotOperative("This Agreement shall be governed by the laws of the State of New York.")).toBe(false);
    expect(isNotOperative('This amendment to Section 2 (titled "Term") is made effective as of May 1, 2001.')).toBe(
      false,
    );
    expect(isNotOperative("The Buyer may terminate this Agreement by notice given within thirty days.")).toBe(false);
  });
});

describe("askedActs and grantsAct", () => {
  it("reads the act a permission question asks about, not the names of its parties", () => {
    const acts = askedActs("Can Acme terminate the Widget MSA in the first year?");
    expect(acts).toContain("terminate");
    expect(acts).not.toContain("acme");
    expect(askedActs("Is Acme allowed to assign the agreement?")).toEqual(["assign"]);
    expect(askedActs("How long does the Widget MSA run?")).toEqual([]);
  });

  it("leaves out the words that say what kind of instrument is named: they are no act", () => {
    const acts = askedActs("Can BCGI assign the confidentiality agreement?");
    expect(acts).toEqual(["assign"]);
    expect(
      grantsAct("Each party may disclose Confidential Information to its employees who need to know it.", acts),
    ).toBe(false);
    expect(askedActs("Can Acme share confidential information with its advisers?")).toContain("confidential");
  });

  it("finds the grant of the act within its clause, not the act named as a noun elsewhere", () => {
    const acts = askedActs("Can Acme terminate the agreement?");
    expect(grantsAct("Neither Party may terminate this Agreement during the Initial Term.", acts)).toBe(true);
    expect(
      grantsAct(
        "During the Term and for one year after the expiration or earlier termination thereof, Customer shall not solicit.",
        acts,
      ),
    ).toBe(false);
    expect(grantsAct("Either party may assign this Agreement; the other may terminate it.", ["assign"])).toBe(true);
    expect(grantsAct("Either party may assign this Agreement; the other may terminate it.", ["deliver"])).toBe(false);
  });

  it("reads the granted verb past an aside set off by commas or brackets, not the aside's own words", () => {
    const extend = askedActs("Can Cisco extend the agreement?");
    expect(extend).toEqual(["extend"]);
    expect(
      grantsAct(
        "Cisco may, by written notice to Supplier given at least thirty (30) days prior to the expiration of the then-current Term, extend the Term for one additional year.",
        extend,
      ),
    ).toBe(true);
    expect(grantsAct("Cisco may (at its sole option and upon ninety (90) days' notice) extend the Term.", extend)).toBe(
      true,
    );
    expect(
      grantsAct(
        "Cisco may, upon notice given at least thirty (30) days before the date on which Supplier proposes to extend the delivery schedule, terminate this Agreement.",
        extend,
      ),
    ).toBe(false);
    expect(
      grantsAct(`Cisco may, ${"by notice ".repeat(50)}, and then, ${"x ".repeat(200)}, extend the Term.`, extend),
    ).toBe(false);
  });
});

describe("namedTerms and definesNamedTerm", () => {
  it("reads the terms a question quotes or asks the meaning of, not a possessive", () => {
    expect(namedTerms("How is 'Revenue' measured for Acme's revenue share?")).toEqual(["revenue"]);
    expect(namedTerms('What are "Residuals" and can the recipient use them?')).toContain("residual");
    expect(namedTerms("What is the Territory?")).toEqual(["territory"]);
    expect(namedTerms("When does Acme's agreement end?")).toEqual([]);
  });

  it("knows the drafting forms of a definition, not a sentence that only uses the term", () => {
    expect(definesNamedTerm('For direct deals, "Revenue" shall refer to net revenue received.', "revenue")).toBe(true);
    expect(definesNamedTerm('Any invention made under the plan shall be an "Improvement".', "improvement")).toBe(true);
    expect(definesNamedTerm("“Residuals” means information retained in unaided memory.", "residual")).toBe(true);
    expect(definesNamedTerm('Acme will own any Improvement, designated "Acme Improvements".', "improvement")).toBe(
      false,
    );
    expect(definesNamedTerm('The parties shall share "Revenue" monthly.', "revenue")).toBe(false);
  });
});

describe("operativeFirst", () => {
  it("puts the definition of the term a question quotes first", () => {
    const scored = [
      sentence("Display refers to revenue generated by the following clients.", 0.4, 0),
      sentence('For direct deals, "Revenue" shall refer to net revenue received.', 0.1, 100),
    ];
    expect(operativeFirst("How is 'Revenue' measured?", scored)[0]?.text).toMatch(/^For direct deals/);
  });

  it("keeps an amendment's clause that renames the term above the definition it supersedes", () => {
    const amendment = evidenceItem("a", "x".repeat(400), { role: "amendment" });
    const scored = [
      scoredSentence(
        amendment,
        'Section 2(c) of the Agreement is amended so that the term "Units" is now "Tetra Units".',
        {
          p: 0.4,
        },
      ),
      sentence('Acme shall purchase a minimum of 100 cases ("Units") each year.', 0.2, 0),
    ];
    expect(operativeFirst("What are the 'Units' called now?", scored)).toEqual(scored);
  });

  it("puts the operative sentence above a recital and keeps each slot's probability", () => {
    const scored = [
      sentence("WHEREAS, Acme desires to make the Products in plastic bottles.", 0.4, 0),
      sentence("Any facility Acme uses to make the Products must be approved in writing.", 0.2, 100),
      sentence("Acme shall deliver the Products to the Buyer's warehouse.", 0.1, 300),
    ];
    const ranked = operativeFirst("Where can Acme make the products?", scored);
    expect(ranked.map((c) => c.text.slice(0, 12))).toEqual(["Any facility", "Acme shall d", "WHEREAS, Acm"]);
    expect(ranked.map((c) => c.p)).toEqual([0.4, 0.2, 0.1]);
  });

  it("puts the grant of the asked act first on a permission question", () => {
    const scored = [
      sentence("Customer shall not solicit any employee of Acme during the Term.", 0.25, 0),
      sentence("This Agreement will automatically renew for additional one-year terms.", 0.22, 100),
      sentence("Neither Party may terminate this Agreement during the Initial Term.", 0.12, 300),
    ];
    const ranked = operativeFirst("Can Customer terminate the agreement in the first year?", scored);
    expect(ranked[0]?.text).toMatch(/^Neither Party may terminate/);
    expect(ranked[0]?.p).toBe(0.25);
    expect(ranked.map((c) => c.p)).toEqual([0.25, 0.22, 0.12]);
  });

  it("changes nothing when the order already puts operative text first, nor past its window", () => {
    const scored = [
      sentence("Acme shall pay the fee within thirty days.", 0.5, 0),
      sentence("WHEREAS, Acme wishes to buy services.", 0.3, 100),
    ];
    expect(operativeFirst("When must Acme pay the fee?", scored)).toEqual(scored);
    expect(operativeFirst("When must Acme pay the fee?", [])).toEqual([]);
    const many = Array.from({ length: 10 }, (_, i) =>
      sentence(i === 9 ? "Acme may terminate." : `Acme shall deliver lot ${i}.`, 1 - i / 20, i * 40),
    );
    expect(operativeFirst("Can Acme terminate?", many)).toEqual(many);
  });
});
