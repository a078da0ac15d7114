import { describe, expect, it } from "vitest";
import type { EvidenceItem } from "./evidence.ts";
import { candidateSentences, type ScoredCandidate } from "./evidence-model.ts";
import { statesAsked } from "./states-asked.ts";
import {
  beyondUnits,
  blankAsked,
  countedThing,
  leavesAskedRoleBlank,
  leavesRoleBlank,
  namesEverySumOtherwise,
  statesCountOf,
  statesTheAsk,
  withoutOtherInstrumentsDates,
} from "./states-the-ask.ts";
import { evidenceItem } from "./test-support.ts";

const item = (text: string): EvidenceItem => evidenceItem("d", text, { role: "base_agreement" });

/** Every sentence of one passage as a picked candidate. */
function sentences(text: string): ScoredCandidate[] {
  return candidateSentences([], [item(text)], () => text).map((c) => ({ ...c, p: 0.9 }));
}

const only = (text: string) => sentences(text)[0] as ScoredCandidate;

describe("statesTheAsk: the kind of answer asked", () => {
  it("reads a governing law, not a party's charter nor a clause that names no law", () => {
    const q = "Which law governs the Acme–Beta manufacturing agreement?";
    expect(
      statesTheAsk(q, only("Beta S.A., a company existing and organized under the laws of France, of the one part.")),
    ).toBe(false);
    expect(
      statesTheAsk(q, only("Upon full payment of the Fee, each Party releases the other Party from all claims.")),
    ).toBe(false);
    expect(statesTheAsk(q, only("This Agreement shall be governed by the laws of the State of New York."))).toBe(true);
  });

  it("asks a calendar date of 'On what date …', and a blank form's date is none", () => {
    expect(
      statesTheAsk(
        "On what date was the Acme NDA made?",
        only("The obligations expire five (5) years from the last disclosure."),
      ),
    ).toBe(false);
    expect(
      statesTheAsk(
        "On what date was the Acme NDA made?",
        only("This Agreement is made as of April 3, 2019 by Acme and Beta."),
      ),
    ).toBe(true);
    expect(
      statesTheAsk(
        "What is the effective date of the Acme NDA?",
        only("This Agreement is made on ___ day of ___ 20__ (the effective date) by Acme."),
      ),
    ).toBe(false);
    expect(
      statesTheAsk(
        "What is the effective date of the Acme NDA?",
        only("The effective date is the date that is thirty (30) days after signing."),
      ),
    ).toBe(true);
  });

  it("reads a term drafted without a term verb, and counts a how-many", () => {
    expect(
      statesTheAsk(
        "How long do the confidentiality obligations of the Acme NDA last?",
        only(
          "The confidentiality obligations expire and are of no further force five (5) years from the last disclosure.",
        ),
      ),
    ).toBe(true);
    expect(
      statesTheAsk(
        "How many shares of Acme stock does Beta receive?",
        only("Beta shall receive 250,000 shares of Common Stock."),
      ),
    ).toBe(true);
    expect(
      statesTheAsk(
        "How many shares of Acme stock does Beta receive?",
        only("Beta shall receive shares of Common Stock."),
      ),
    ).toBe(false);
  });
});

describe("statesTheAsk: a number of the kind asked", () => {
  it("reads the thing a count is asked of, and leaves times and periods to their own reading", () => {
    expect(countedThing("Acme has how many unissued shares of its common stock in reserve?")).toBe("shares");
    expect(countedThing("Under the supply deal, how many Batches must Beta make?")).toBe("batches");
    expect(countedThing("Acme amended its note how many times?")).toBeUndefined();
    expect(countedThing("Materials go back within how many days?")).toBeUndefined();
  });

  it("counts the thing asked only by a figure standing before it", () => {
    expect(statesCountOf("shares", "The capital consists of an unlimited number of Common Shares.")).toBe(true);
    expect(statesCountOf("batches", "Beta shall make ten (10) additional Batches in 2019.")).toBe(true);
    expect(statesCountOf("units", "Acme shall purchase [***] Units each year.")).toBe(true);
    expect(
      statesCountOf(
        "shares",
        "The Company shall reserve out of its authorized and unissued shares of Common Stock a number of shares equal to 120% of the Conversion Rate.",
      ),
    ).toBe(false);
    expect(statesCountOf("batches", "The often late Batches shall be credited.")).toBe(false);
  });

  it("is not met by a sum or a share of something else for a count, though that sentence speaks of the thing", () => {
    const q = "Acme has how many unissued shares of its common stock in reserve?";
    expect(
      statesTheAsk(
        q,
        only(
          "Acme shall at all times reserve out of its authorized and unissued shares of Common Stock a number of shares of Common Stock equal to 120% of the Conversion Rate (the “Required Reserve Amount”).",
        ),
      ),
    ).toBe(false);
    expect(statesTheAsk(q, only("Acme has 40,000,000 authorized but unissued shares of Common Stock."))).toBe(true);
  });

  it("is not met by a sum the sentence names as another kind of amount than the one asked", () => {
    const q = "Beta may convert the Acme note at what price?";
    const principal =
      "Beta and Acme entered into that certain Convertible Promissory Note (the “Note”) dated April 5, 2021 in the amount of $1,050,000.00 (the “Loan Amount”).";
    expect(namesEverySumOtherwise("price", principal)).toBe(true);
    expect(statesTheAsk(q, only(principal))).toBe(false);
    expect(
      statesTheAsk(
        q,
        only("The Note converts at a price of $0.25 per share (the “Conversion Price”) at the Holder's option."),
      ),
    ).toBe(true);
    // a sum given no name, or named as what is asked, states it
    expect(namesEverySumOtherwise("fee", "Acme shall pay a fee of $5,000 (the “Amendment Fee”).")).toBe(false);
    expect(namesEverySumOtherwise("price", "The price is $0.92 per share, payable on closing.")).toBe(false);
  });

  it("is not met, for a calendar date, by the date that names another instrument than the one asked about", () => {
    const q = "What date does the Acme work statement begin on?";
    const naming =
      "This Statement of Work is incorporated into the Supply Agreement dated April 1, 2017 by and between Acme and Beta, as amended by First Amendment to Supply Agreement, effective April 1, 2018.";
    expect(withoutOtherInstrumentsDates(naming)).not.toMatch(/April/);
    expect(statesTheAsk(q, only(naming))).toBe(false);
    expect(statesTheAsk(q, only("This Statement of Work begins on May 1, 2018 and ends on April 30, 2019."))).toBe(
      true,
    );
    // the date of "this Agreement" is the instrument's own
    expect(withoutOtherInstrumentsDates("This Agreement, dated as of April 3, 2019, is made by Acme.")).toMatch(
      /April 3/,
    );
  });
});

describe("statesTheAsk: what passes the kind asked", () => {
  it("passes a pointer to the provision holding the answer, and a time given by a term", () => {
    expect(
      statesTheAsk(
        "What is the agents' fee?",
        only("The Agents shall be entitled to the fee provided for in Section 1(1)(a)."),
      ),
    ).toBe(true);
    expect(
      statesTheAsk(
        "How long does Amendment No. 1 stay in force?",
        only(
          "This Amendment shall enter into force on signature and shall remain in force for the term of the referenced GMA.",
        ),
      ),
    ).toBe(true);
  });

  it("answers 'when' with a moment drafted by an event or a defined period, but not 'how long' nor 'on what date'", () => {
    const repay = only("The Borrower shall repay the Loans on the Maturity Date.");
    expect(statesTheAsk("When must the Borrower repay the Loans?", repay)).toBe(true);
    const fee = only(
      "The Borrower shall pay a commitment fee on the unused commitment, except during the Fee Holiday.",
    );
    expect(statesTheAsk("When must the Borrower pay the commitment fee?", fee)).toBe(true);
    expect(statesTheAsk("When is interest payable?", only("Interest shall be payable quarterly in arrears."))).toBe(
      true,
    );
    expect(statesTheAsk("How long does the Borrower have to repay the Loans?", repay)).toBe(false);
    expect(statesTheAsk("On what date must the Borrower repay the Loans?", repay)).toBe(false);
    // a sentence that names no moment still does not answer "when"
    expect(
      statesTheAsk("When must the Borrower repay the Loans?", only("The Borrower shall repay the Loans in full.")),
    ).toBe(false);
  });

  it("reads 'at what point' as 'when', answered by the moment a risk or title passes", () => {
    const passes = only(
      "At such time that the Source Plasma is delivered to the loading dock, risk of loss for such Source Plasma shall pass to ADMA.",
    );
    const assumes = only(
      "ADMA agrees to assume the risks of loss to the Sanofi Property and shall reimburse Sanofi for it.",
    );
    const asked = "At what point does ADMA take the risk of loss on the source plasma?";
    expect(statesTheAsk(asked, passes)).toBe(true);
    expect(statesTheAsk(asked, assumes)).toBe(false);
    const soon = only("Title passes to the Buyer as soon as the Products leave the Seller's plant.");
    expect(statesTheAsk("At what time does title pass to the buyer?", soon)).toBe(true);
    const caps = only("AT SUCH TIME AS THE PRODUCTS ARE DELIVERED, TITLE SHALL PASS TO THE BUYER.");
    expect(statesTheAsk("At what point does title pass to the buyer?", caps)).toBe(true);
  });
});

describe("statesTheAsk: a cap on liability", () => {
  const q = "Is there a cap on Acme's total liability to Beta under the supply agreement?";
  it("is stated by a limit on a liability", () => {
    expect(
      statesTheAsk(
        q,
        only("Acme's total liability under this Agreement shall be limited to the amounts paid by Beta."),
      ),
    ).toBe(true);
    expect(statesTheAsk(q, only("In no event shall either party's aggregate liability exceed $1,000,000."))).toBe(true);
    expect(
      statesTheAsk(
        q,
        only("In no event shall Acme's liability to Beta, in contract or otherwise, exceed the price paid."),
      ),
    ).toBe(true);
  });

  it("is not stated by an insurance clause's limits, nor by a bar on consequential damages", () => {
    expect(
      statesTheAsk(
        q,
        only(
          "Acme shall maintain Commercial General Liability Insurance with a limit of $1,000,000 each occurrence and $2,000,000 in the aggregate.",
        ),
      ),
    ).toBe(false);
    expect(statesTheAsk(q, only("Neither party shall be liable for any consequential or punitive damages."))).toBe(
      false,
    );
  });

  it("lets an insurance clause answer a question about insurance limits", () => {
    const asked = "What is the cap on Acme's product liability insurance coverage?";
    expect(
      statesTheAsk(
        asked,
        only("Acme shall maintain product liability insurance with a limit of $1,000,000 in the aggregate."),
      ),
    ).toBe(true);
  });
});

describe("leavesRoleBlank", () => {
  it("sees a form that leaves a role's party blank", () => {
    expect(
      leavesRoleBlank("recipient", "made by Acme (the “Disclosing Party”), and ______________ (the “Recipient”)."),
    ).toBe(true);
    expect(
      leavesRoleBlank(
        "recipient",
        "(1) Acme Ltd (Nr 123 ) (“ The Discloser “); and (2) [ ], a company incorporated in [England and Wales] (registration number ) (“ The Recipient “)",
      ),
    ).toBe(true);
  });

  it("sees a named party, and says nothing of a role the sentence does not designate", () => {
    expect(
      leavesRoleBlank("recipient", "made by Acme (the “Disclosing Party”), and Beta Inc. (the “Recipient”)."),
    ).toBe(false);
    expect(leavesRoleBlank("recipient", "The Recipient shall keep the information confidential.")).toBe(false);
  });

  it("makes a what-date question about a blank date silent, though the sentence defines the date asked", () => {
    const picked = sentences(
      "This Agreement is made on ___ day of ___ 20__, (“effective date”) by and between Acme and Beta.",
    );
    expect(statesAsked("What is the effective date of the Acme NDA?", picked)).toEqual([]);
  });

  it("makes a who-question about a blank party silent", () => {
    const picked = sentences(
      "This Agreement is made by Acme (the “Disclosing Party”), and ______________ (the “Recipient”).",
    );
    expect(statesAsked("Who is the recipient under the Acme NDA?", picked)).toEqual([]);
  });
});

describe("blankAsked: what a form leaves blank, as a lawyer names it", () => {
  it("names the role, the date or the value the question asks and the form leaves empty", () => {
    const form = only(
      "This Agreement is made on ___ day of ___ 20__ by Acme Ltd (registration number 0412) (the “Discloser”) and [ ], a company incorporated in England (registration number ) (the “Recipient”).",
    );
    expect(blankAsked("Who is the recipient under the Acme NDA?", form)).toBe("recipient");
    expect(blankAsked("On what date was the Acme NDA made?", form)).toBe("date");
    expect(blankAsked("What is the registration number of the recipient?", form)).toBe("registration number");
    // what the form fills in is no blank
    expect(blankAsked("Who is the discloser under the Acme NDA?", form)).toBeNull();
    expect(blankAsked("What is the registration number of the discloser?", form)).toBeNull();
  });
});

describe("leavesAskedRoleBlank: the signatory", () => {
  it("is named by a signature block, not by a clause on signing", () => {
    const q = "Who signed the Acme confidentiality deal on Beta's side?";
    expect(
      leavesAskedRoleBlank(q, only("It shall not be modified except by a written agreement signed by both parties.")),
    ).toBe(true);
    expect(leavesAskedRoleBlank(q, only("By: /s/ Jane Roe Name: Jane Roe Title: Chief Executive Officer"))).toBe(false);
    // another ask is not touched
    expect(
      leavesAskedRoleBlank(
        "Must amendments to the Acme deal be in writing?",
        only("It shall not be modified except by a written agreement signed by both parties."),
      ),
    ).toBe(false);
  });
});

describe("beyondUnits", () => {
  it("drops the unit of the answer when the ask names something else", () => {
    expect(beyondUnits(["within", "days", "recipient", "return"])).toEqual(["recipient", "return"]);
    expect(beyondUnits(["date"])).toEqual(["date"]);
  });

  it("keeps a sentence on another matter with the same unit from answering", () => {
    const picked = sentences("This Agreement may be terminated by either party upon thirty (30) days written notice.");
    expect(
      statesAsked("Within how many days must the recipient return the materials after a request?", picked),
    ).toEqual([]);
  });
});

describe("statesTheAsk on hostile text", () => {
  it("reads a long run of blanks and brackets in linear time", () => {
    const text = `This Agreement is made on ${"_".repeat(50_000)} and ${"[ ".repeat(20_000)} (the “Recipient”).`;
    const started = performance.now();
    const picked = sentences(text);
    statesAsked("What is the effective date of the Acme NDA?", picked);
    statesAsked("Who is the recipient under the Acme NDA?", picked);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
