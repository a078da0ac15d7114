import { describe, expect, it } from "vitest";
import type { ScoredCandidate } from "./evidence-model.ts";
import { askedKind, kindAskedFirst, statesKind } from "./kind-asked.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const item = evidenceItem("d", "x".repeat(4000));
const sentence = (text: string, p: number, at: number): ScoredCandidate => scoredSentence(item, text, { p, at });
const MiB = 1 << 20;

describe("askedKind", () => {
  it("reads the agreement's term from how lawyers ask when it ends or how long it runs", () => {
    expect(askedKind("When does this contract expire?")).toBe("term");
    expect(askedKind("How long does the Acme distributor agreement run?")).toBe("term");
    expect(askedKind("What is the expiration date of the supply agreement with Widget Co.?")).toBe("term");
    expect(
      askedKind(
        'Consider the SUPPLY AGREEMENT between Acme, Inc. ("Acme"), Widget Co.; When does this contract expire?',
      ),
    ).toBe("term");
  });

  it("reads a time, a notice or an amount, and a renewal's length as a time, not the term", () => {
    expect(askedKind("How long do the confidentiality obligations last?")).toBe("time");
    expect(askedKind("By when must the franchisee open?")).toBe("time");
    expect(askedKind("At what point does the buyer take the risk of loss?")).toBe("time");
    expect(askedKind("From what time does interest accrue?")).toBe("time");
    expect(askedKind("At what rate is interest charged?")).not.toBe("time");
    expect(askedKind("For how long does the agreement renew?")).toBe("time");
    expect(askedKind("What is the warranty period in the reseller agreement?")).toBe("time");
    expect(askedKind("How much notice must be given to prevent renewal?")).toBe("notice");
    expect(askedKind("At what rate is the consultant paid for extra work?")).toBe("amount");
    expect(askedKind("How much does the buyer owe up front?")).toBe("amount");
    // the size of a facility, a basket, a commitment is an amount
    expect(askedKind("How large is the revolving facility after the second amendment?")).toBe("amount");
    expect(askedKind("How big is the general basket for investments?")).toBe("amount");
    expect(askedKind("What is the size of the incremental facility?")).toBe("amount");
    // pay for work: a salary, a bonus, a director's compensation
    expect(askedKind("What is the chief executive's base salary?")).toBe("amount");
    expect(askedKind("What stock compensation do the directors get?")).toBe("amount");
    // the wider window is for pay only: "What is the interest rate on the loans?" asks for the interest clause,
    // which states the rate as a formula ("the Base Rate plus the Applicable Margin"), not for a figure
    expect(askedKind("What is the interest rate on the loans?")).toBeNull();
    // a price or an amount is a figure however it is qualified
    expect(askedKind("What is the aggregate purchase price for the shares?")).toBe("amount");
    expect(askedKind("What was the combined face amount of the three notes?")).toBe("amount");
    // not its date, period or mechanism, nor what happens to it
    expect(askedKind("What date is the purchase price payable?")).not.toBe("amount");
    expect(askedKind("What is the Purchase Price Date under the Streeterville note?")).not.toBe("amount");
    expect(askedKind("What is the purchase price adjustment mechanism?")).not.toBe("amount");
    expect(askedKind("What happens if the amount is disputed?")).toBeNull();
    expect(askedKind("Which law governs this contract?")).toBe("law");
    expect(askedKind("What governing law and courts apply to the services agreement?")).toBe("law");
  });

  it("reads the first ask of a question that asks two things, and nothing from a question that names no kind", () => {
    expect(askedKind("What does Section 9.1 say, and how much do we contribute?")).toBeNull();
    expect(askedKind("What happens to the confidential material when the NDA is terminated?")).toBeNull();
    expect(askedKind("Can Acme assign the agreement?")).toBeNull();
    // its second ask ("Under what law?") is decided on its own
    expect(askedKind("Where would a dispute be heard, and under what law?")).toBeNull();
  });
});

describe("statesKind", () => {
  it("knows a term clause from a clause that names the agreement's expiry", () => {
    expect(
      statesKind(
        "term",
        "This Agreement shall become effective upon the date first written above and shall remain in full force and effect for a period of two years.",
      ),
    ).toBe(true);
    expect(
      statesKind(
        "term",
        "This agreement shall commence as of date first above written and shall continue through December 31, 2004.",
      ),
    ).toBe(true);
    expect(
      statesKind(
        "term",
        "This Agreement shall expire unless extended by both parties in writing prior to the termination.",
      ),
    ).toBe(false);
    expect(
      statesKind(
        "term",
        "This Agreement may be terminated by either party at the expiration of its term upon thirty (30) days written notice.",
      ),
    ).toBe(false);
  });

  it("knows a period or a date, notice of a period, and an amount", () => {
    expect(
      statesKind("time", "The Recipient's obligations shall expire one (1) year from the date of disclosure."),
    ).toBe(true);
    expect(
      statesKind("time", "The option is exercisable from the earlier of the first royalty payment or January 1, 2002."),
    ).toBe(true);
    expect(statesKind("time", "Licensee may exercise the Option at any time during the Option Period.")).toBe(false);
    // a period bounded by events, not by a count of days
    expect(
      statesKind(
        "time",
        "During the period commencing upon the Effective Date and terminating as of the Closing, Buyer may inspect.",
      ),
    ).toBe(true);
    expect(statesKind("time", "Commencing work shall not be a waiver. Terminating it is.")).toBe(false);
    expect(
      statesKind(
        "notice",
        "Either Party may terminate this Agreement upon written notice to the other Party of at least 3 months.",
      ),
    ).toBe(true);
    expect(
      statesKind("notice", "Thereafter, this Agreement shall automatically be renewed for successive 1-year terms."),
    ).toBe(false);
    expect(
      statesKind(
        "notice",
        "It renews yearly unless either Party notifies the other at least 30 days prior to the end of the term.",
      ),
    ).toBe(true);
    expect(statesKind("amount", "The Buyer shall pay the Supplier US$250,000 within thirty (30) days.")).toBe(true);
    expect(statesKind("amount", "The price for Wafers shall be as set forth in Exhibit D-1.")).toBe(true);
    expect(statesKind("amount", "The Supplier grants the Buyer the option to modify the Work Plan.")).toBe(false);
    expect(
      statesKind("law", "This Agreement shall be construed and controlled by the laws of the State of Massachusetts."),
    ).toBe(true);
    expect(statesKind("law", "Each Party submits to the exclusive jurisdiction of the courts of such state.")).toBe(
      false,
    );
  });
});

describe("kindAskedFirst", () => {
  const expiry = sentence("This Agreement shall expire unless extended by both parties in writing.", 0.62, 0);
  const survival = sentence("Section 9 shall survive the expiration of this Agreement.", 0.45, 100);
  const filing = sentence("ACME HOLDINGS, INC., S-1, 1/12/2018", 0.3, 200);
  const term = sentence("This Agreement shall remain in full force and effect for a period of two years.", 0.2, 300);

  it("puts the sentence that states the kind asked first, each slot keeping its probability", () => {
    const out = kindAskedFirst("When does this contract expire?", [expiry, survival, filing, term]);
    expect(out.map((c) => c.start)).toEqual([300, 0, 100, 200]);
    expect(out.map((c) => c.p)).toEqual([0.62, 0.45, 0.3, 0.2]);
  });

  it("leaves the order alone when the first already states it, none does, or the question asks no kind", () => {
    const order = [term, expiry, survival];
    expect(kindAskedFirst("When does this contract expire?", order)).toEqual(order);
    expect(kindAskedFirst("When does this contract expire?", [expiry, survival])).toEqual([expiry, survival]);
    expect(kindAskedFirst("Who may assign this contract?", [expiry, term])).toEqual([expiry, term]);
  });

  it("reads a lead-in that introduces its item in words with that item, as the decision does", () => {
    const lead =
      "The first sentence of Section 4.1 of the Existing PSA is hereby amended and restated to read as follows:";
    const restated =
      "“During the time period commencing upon the Effective Date and terminating as of the Closing (the “Investigation Period”), Buyer may investigate the Property.”";
    const closing = "The Closing shall take place five (5) Business Days after Seller's notice.";
    const text = `${lead}\n\n${restated}\n\n${closing}`;
    const own = evidenceItem("psa", text);
    const at = (t: string, p: number) => scoredSentence(own, t, { p, at: text.indexOf(t) });
    const order = [at(lead, 0.5), at(closing, 0.3), at(restated, 0.2)];
    // the lead-in and its restated period state a time: the closing's five days do not go above them
    expect(kindAskedFirst("How long does the buyer have to do its diligence?", order)).toEqual(order);
    // read alone, the lead-in states none, and the closing would have been put first
    expect(
      kindAskedFirst("How long does the buyer have to do its diligence?", [order[0], order[1]] as ScoredCandidate[])[0]
        ?.text,
    ).toBe(closing);
  });

  it("puts the instrument's own term clause above the term of a service it provides for", () => {
    const renews = sentence(
      "Thereafter, the Maintenance Term shall automatically renew for successive periods of 12 months.",
      0.55,
      0,
    );
    const maintenance = sentence(
      "The first paid (Initial) Maintenance Term shall commence upon expiration of the Warranty Period and shall continue for twelve (12) months thereafter.",
      0.43,
      200,
    );
    const own = sentence(
      "This Agreement shall apply and remain in effect from the Effective Date and perpetually thereafter unless terminated.",
      0.34,
      400,
    );
    const out = kindAskedFirst("How long does the software license agreement last?", [renews, maintenance, own]);
    expect(out.map((c) => c.start)).toEqual([400, 200, 0]);
    // the agreement's Initial Term is its own
    expect(statesKind("term", "The Initial Term shall continue for three (3) years from the Effective Date.")).toBe(
      true,
    );
    expect(
      kindAskedFirst("How long does the agreement last?", [
        sentence("The Initial Term shall continue for three (3) years from the Effective Date.", 0.5, 0),
        maintenance,
      ]).map((c) => c.start),
    ).toEqual([0, 200]);
  });

  it("never takes a filing stamp's date or a heading for a time", () => {
    const heading = { ...sentence("Term of Agreement 12 months", 0.1, 400), headingLine: true };
    const out = kindAskedFirst("How long do the obligations last?", [survival, filing, heading]);
    expect(out).toEqual([survival, filing, heading]);
  });
});

describe("on hostile text", () => {
  it("reads a megabyte of spaces, digits and separators in linear time", () => {
    const spaces = " ".repeat(MiB);
    expect(statesKind("time", `1${spaces}x`)).toBe(false);
    expect(statesKind("time", `${"1,".repeat(MiB / 2)}x`)).toBe(false);
    expect(statesKind("term", `This Agreement shall ${spaces}continue`)).toBe(false);
    expect(statesKind("notice", `${"notice ".repeat(MiB / 7)}`)).toBe(false);
    expect(statesKind("amount", `${"1 ".repeat(MiB / 2)}`)).toBe(false);
    expect(statesKind("law", `${"construed ".repeat(MiB / 10)}`)).toBe(false);
    expect(statesKind("time", `${"commencing ".repeat(MiB / 11)}`)).toBe(false);
    expect(askedKind(`When does ${"a ".repeat(MiB / 2)}expire?`)).toBe("time");
  });

  it("reads a megabyte of redaction marks in linear time", () => {
    expect(statesKind("time", `${"*".repeat(MiB)} x`)).toBe(false);
    expect(statesKind("time", `${"[* ".repeat(MiB / 3)}x`)).toBe(false);
    expect(statesKind("amount", `fee of ${"* ".repeat(MiB / 2)}`)).toBe(false);
    expect(statesKind("notice", `notice ${"[***] ".repeat(MiB / 6)}`)).toBe(false);
  });
});

describe("statesKind and redacted figures", () => {
  it("reads a figure the filer redacted as stated where a period or a sum stands", () => {
    expect(statesKind("time", "The Initial Term shall be extended for [***] days after notice.")).toBe(true);
    expect(
      statesKind(
        "time",
        "Following the Initial Term, the Agreement shall automatically be renewed for additional periods of **** (each, a Renewal Term).",
      ),
    ).toBe(true);
    expect(statesKind("amount", "Licensee shall pay Licensor a royalty of [* * *] on Net Sales.")).toBe(true);
    expect(statesKind("amount", "Distributor shall pay $[***] for each Unit.")).toBe(true);
    expect(statesKind("amount", "a discount of [***]% from the list price")).toBe(true);
    expect(
      statesKind("notice", "either Party delivers written notice of termination at least [***] prior to expiration."),
    ).toBe(true);
  });

  it("does not read a redacted quantity as a period or a sum", () => {
    expect(statesKind("time", "Premier will be required to purchase [***] Units.")).toBe(false);
    expect(statesKind("amount", "Premier will be required to purchase [***] Units.")).toBe(false);
    expect(statesKind("notice", "Supplier shall notify Buyer of any change to the [***] specifications.")).toBe(false);
  });
});

describe("statesKind and a term clause's second verb", () => {
  it("reads 'shall begin … and continue until' as a term clause", () => {
    expect(
      statesKind(
        "term",
        "The term of this Agreement shall begin as of the Effective Date and continue until Acceptance of all Deliverables.",
      ),
    ).toBe(true);
    expect(statesKind("term", "The Parties shall meet and continue discussions in good faith.")).toBe(false);
  });
});

describe("kindAskedFirst and definitions", () => {
  const candidate = (text: string, p: number) => ({ ...scoredSentence(evidenceItem("d", text), text), p });
  it("does not put a definition of a term the question does not name above the clause asked", () => {
    const clause = candidate(
      "The Borrower shall pay a commitment fee on the unused commitment, except during the Fee Holiday.",
      0.5,
    );
    const definition = candidate('"Fee Holiday" means the period of six months after the closing date.', 0.4);
    const ranked = kindAskedFirst("When must the Borrower pay the commitment fee?", [clause, definition]);
    expect(ranked[0]?.text).toBe(clause.text);
  });
  it("still puts the definition of the term asked first", () => {
    const other = candidate("The Borrower shall repay the Loans on the Maturity Date.", 0.5);
    const definition = candidate('"Maturity Date" means March 3, 2027.', 0.4);
    const ranked = kindAskedFirst("When is the Maturity Date?", [other, definition]);
    expect(ranked[0]?.text).toBe(definition.text);
  });
});

describe("kindAskedFirst and the date that names an instrument", () => {
  it("does not read 'the Credit Agreement dated as of March 3, 2022' as a time the provision states", () => {
    const clause = {
      ...scoredSentence(evidenceItem("d", "x"), "The Borrower shall pay a commitment fee quarterly."),
      p: 0.7,
    };
    const letter = {
      ...scoredSentence(
        evidenceItem("d", "x"),
        "Larkspur Bank, N.A. to Tessellate Foods Inc., in connection with the Credit Agreement dated as of March 3, 2022 between them.",
      ),
      p: 0.06,
    };
    expect(kindAskedFirst("When must the Borrower pay the commitment fee?", [clause, letter])[0]?.text).toBe(
      clause.text,
    );
  });
});
