import { describe, expect, it } from "vitest";
import {
  bareQuestion,
  clauseReferences,
  clauseRefKey,
  clauseRefMatches,
  flagIntents,
  parseQuestion,
  quotationKey,
  quotations,
} from "./question.ts";

describe("parseQuestion", () => {
  it("separates the part naming the contract from the part that asks (CUAD and ContractNLI phrasing)", () => {
    const cuad = parseQuestion(
      'Consider the MARKETING AFFILIATE AGREEMENT between Birch First Global Investments Inc. ("Company"); What is the renewal term?',
    );
    expect(cuad.ask).toBe("What is the renewal term?");
    expect(cuad.naming).toContain("Birch First");
    const nli = parseQuestion(
      "In the non-disclosure agreement 09-24-2019-04-25-05-3914910473: does the agreement provide that receiving Party shall destroy Confidential Information?",
    );
    expect(nli.naming).toContain("3914910473");
    expect(nli.ask.startsWith("does the agreement provide")).toBe(true);
  });

  it("keeps a plain question whole", () => {
    expect(parseQuestion("governing law of the credit agreement").ask).toBe("governing law of the credit agreement");
  });

  it("does not split a question at a colon or semicolon that is part of what it asks", () => {
    const q = "What is the notice period under Section 8.1(b): 30 or 60 days?";
    expect(parseQuestion(q)).toMatchObject({ ask: q, naming: "", clauseRefs: ["8.1(b)"] });
    const list = "Does the license cover two things; software and documentation updates?";
    expect(parseQuestion(list).ask).toBe(list);
    // A leading part that names no instrument is not a naming part either.
    const note = "Quick question for the team: who pays the shipping costs?";
    expect(parseQuestion(note).ask).toBe(note);
  });

  it("takes no lead-in for a naming part when it names a whole deal or singles out no instrument", () => {
    for (const q of [
      "Quick question for the deal team: is AP exclusive to Kubient?",
      "Following up on the documents: who pays the shipping costs?",
      "Re the agreement: who pays the shipping costs under the supply agreement?",
      "For the contract: can Fleet subcontract the manufacturing?",
    ])
      expect(parseQuestion(q)).toMatchObject({ naming: "", ask: q });
    // a qualifier, a capitalised name or a number singles one out
    expect(parseQuestion("Re the supply agreement: who pays the shipping costs?").naming).toBe(
      "Re the supply agreement:",
    );
    expect(parseQuestion("For the NDA with Zorblax: may the recipient share information?").naming).toBe(
      "For the NDA with Zorblax:",
    );
    expect(parseQuestion("In the note 2019-11: when is it due?").naming).toBe("In the note 2019-11:");
  });

  it("takes a leading part that names an instrument in the asker's own words as the naming part", () => {
    const q = parseQuestion("Under the Acme credit agreement: what happens on a change of control?");
    expect(q.naming).toBe("Under the Acme credit agreement:");
    expect(q.ask).toBe("what happens on a change of control?");
  });
});

describe("clause references", () => {
  it("reads sections, articles, clauses and paragraphs, normalised", () => {
    expect(clauseReferences("Does Section 8.1 (b) or Article IV apply, and what does clause 12.3. say?")).toEqual([
      "8.1(b)",
      "iv",
      "12.3",
    ]);
    expect(clauseReferences("What does § 5.02 require?")).toEqual(["5.02"]);
    expect(clauseReferences("Which law governs the agreement?")).toEqual([]);
    expect(clauseRefKey("Section 7.02(b).")).toBe("7.02(b)");
    expect(clauseRefKey("19.0")).toBe("19");
    expect(clauseRefMatches("19", clauseRefKey("19.0") ?? "")).toBe(true);
  });

  it("matches the provision so numbered and those inside it, not its neighbours", () => {
    expect(clauseRefMatches("8.1(b)", "8.1(b)")).toBe(true);
    expect(clauseRefMatches("8.1(b)(ii)", "8.1(b)")).toBe(true);
    expect(clauseRefMatches("8.1.2", "8.1")).toBe(true);
    expect(clauseRefMatches("8.10", "8.1")).toBe(false);
    expect(clauseRefMatches("18.1", "8.1")).toBe(false);
    expect(clauseRefMatches("Article IV", "iv")).toBe(true);
    expect(clauseRefMatches(null, "iv")).toBe(false);
  });
});

describe("flagIntents", () => {
  it("maps the words of a question to the flags of the provisions that answer it", () => {
    expect(flagIntents("Is there a cap on liability?")).toContain("hasLiabilityLimit");
    expect(flagIntents("When does this contract expire?")).toContain("hasDate");
    expect(flagIntents("What is the royalty rate?")).toEqual(expect.arrayContaining(["hasMoney", "hasPercentage"]));
    expect(flagIntents("Which law governs this contract?")).toEqual([]);
  });
});

describe("quotations", () => {
  it("reads the contract's words a question quotes, of two words or more", () => {
    expect(quotations("Fees are 'payable as set out in Clause 4(2)' — how much?")).toEqual([
      "payable as set out in Clause 4(2)",
    ]);
    expect(quotations('What does the "Dispute Resolution/Escalation" clause ask of us?')).toEqual([
      "Dispute Resolution/Escalation",
    ]);
    expect(quotations("Is the “Sales Region” exclusive?")).toEqual(["Sales Region"]);
  });

  it("leaves out a single quoted word and apostrophes inside words", () => {
    expect(quotations("Who is the 'Licensee' here?")).toEqual([]);
    expect(quotations("Are the Lenders' rights and the Borrower's duties changed?")).toEqual([]);
  });

  it("compares quotations without case, curly quotes or runs of white space", () => {
    expect(quotationKey("As  Described\n in ‘Section 2’")).toBe("as described in 'section 2'");
  });
});

describe("bareQuestion", () => {
  it("reads a question that names its thing alone as the question it stands for", () => {
    expect(bareQuestion("Eric Singer's base salary as CEO?")).toBe("What is Eric Singer's base salary as CEO?");
    expect(bareQuestion("Any late fee on PC Quote invoices?")).toBe("Is there any late fee on PC Quote invoices?");
    expect(bareQuestion("Hi team, notice period under the MSA? Thanks!")).toBe("What is notice period under the MSA?");
    // a question with a verb of its own, a question word, a topic set apart, or no question mark: as written
    for (const q of [
      "Assignment without consent allowed?",
      "Who pays?",
      "can AP terminate the MSA?",
      "CareView replacement notes - maturity date?",
      "The NDA covers oral disclosures?",
      "after Amendment No. 1, which terms apply?",
      "Eric Singer's base salary as CEO",
      "Whether the cap applies?",
      "Welches Recht gilt für den Vertrag und die Parteien?",
    ])
      expect(bareQuestion(q)).toBe(q);
  });

  it("drops a greeting before the question and a thanks after it", () => {
    expect(bareQuestion("Hi team, can Fleet subcontract the manufacturing? Thanks!")).toBe(
      "can Fleet subcontract the manufacturing?",
    );
    expect(bareQuestion("Hello all: which law governs the NDA? Many thanks.")).toBe("which law governs the NDA?");
    expect(bareQuestion("What is the cap on liability? Thank you")).toBe("What is the cap on liability?");
    expect(bareQuestion("Does Acme owe a fee? Kind regards, Jo")).toBe("Does Acme owe a fee?");
    expect(bareQuestion("What device does Antares make under the AMAG agreement? Best, J")).toBe(
      "What device does Antares make under the AMAG agreement?",
    );
    expect(bareQuestion("Who pays? Rgds")).toBe("Who pays?");
    // "best" that is not a sign-off stays
    expect(bareQuestion("Is this the best price? best efforts apply?")).toBe(
      "Is this the best price? best efforts apply?",
    );
    // a greeting ends at a spaced dash, not at the comma after the words that name the deal
    expect(bareQuestion("hi - under Harpoon/AbbVie, when does the first calendar year start and end? thx")).toBe(
      "under Harpoon/AbbVie, when does the first calendar year start and end?",
    );
    expect(bareQuestion("Hi Jean-Luc, can Fleet subcontract?")).toBe("can Fleet subcontract?");
    // and as a message writes them short
    expect(bareQuestion("pls confirm whether Fleet may subcontract? thx")).toBe("May Fleet subcontract?");
    expect(bareQuestion("plz tell me what the cap is? pls cite the section")).toBe("What the cap is?");
  });

  it("reads a question that points back at a defined term set before a dash or colon as asked of the term", () => {
    expect(bareQuestion("Columbia Equipment — what does that cover?")).toBe("what does Columbia Equipment cover?");
    expect(bareQuestion("Permitted Holders: does it include the founder's family?")).toBe(
      "does Permitted Holders include the founder's family?",
    );
    // not a term written as one, nor a question that points back twice or not at all
    for (const q of [
      "the equipment — what does that cover?",
      "Columbia Equipment — is it covered and does it transfer?",
      "Columbia Equipment — who maintains the plant?",
      "Kubient MSA — what happens if AP breaches?",
    ])
      expect(bareQuestion(q)).toBe(q);
  });

  it("drops a lead-in that says only what kind of message it is, and a request for the answer's form", () => {
    expect(bareQuestion("Re the agreement: can Fleet subcontract the manufacturing?")).toBe(
      "can Fleet subcontract the manufacturing?",
    );
    expect(bareQuestion("Quick question for the deal team: is AP exclusive to Kubient?")).toBe(
      "is AP exclusive to Kubient?",
    );
    expect(bareQuestion("Re the agreement: after Amendment No. 1, which invoicing terms apply?")).toBe(
      "after Amendment No. 1, which invoicing terms apply?",
    );
    expect(bareQuestion("Which law governs the NDA? Please cite the section.")).toBe("Which law governs the NDA?");
    expect(bareQuestion("Hi team, re the agreement: may Fleet subcontract? Be brief. Thanks!")).toBe(
      "may Fleet subcontract?",
    );
  });

  it("drops sentences before the question that only say what kind of message it is", () => {
    expect(
      bareQuestion("Following up on yesterday's call with the client. Can Fleet hand off part of the manufacturing?"),
    ).toBe("Can Fleet hand off part of the manufacturing?");
    expect(bareQuestion("Quick question. Following up on our call. Is AP exclusive to Kubient?")).toBe(
      "Is AP exclusive to Kubient?",
    );
  });

  it("reads a question asked of the reader as the one asked of the documents", () => {
    expect(bareQuestion("Can you tell me whether Fleet may subcontract part of the manufacturing?")).toBe(
      "May Fleet subcontract part of the manufacturing?",
    );
    expect(bareQuestion("Please confirm whether the guarantee is capped?")).toBe("Is the guarantee capped?");
    expect(bareQuestion("Could you confirm what the cap on liability is?")).toBe("What the cap on liability is?");
    expect(bareQuestion("Can you check if the NDA covers oral disclosures?")).toBe("The NDA covers oral disclosures?");
    expect(bareQuestion("Could you check: is AP exclusive to Kubient?")).toBe("is AP exclusive to Kubient?");
    // asked of the documents already
    for (const q of ["Can Fleet subcontract?", "Could the licensee assign the agreement?", "Can you assign it?"])
      expect(bareQuestion(q)).toBe(q);
  });

  it("moves a lead-in that names a topic after the question, losing no word", () => {
    expect(bareQuestion("Indemnity: does the cap apply to IP claims?")).toBe(
      "does the cap apply to IP claims? (Indemnity)",
    );
  });

  it("keeps a leading part that says whom or what is asked about, and a request that asks for more", () => {
    for (const q of [
      "Re Fleet: can it subcontract?",
      "Under the supply agreement: may Fleet subcontract?",
      "Section 8.1(b): what is the notice period?",
      "What is the notice period under Section 8.1(b): 30 or 60 days?",
      "Consider the Supply Agreement between Fleet and Acme; can Fleet subcontract?",
      "What is the cap? Please list any exceptions.",
      "Background: the licensee stopped paying in May.",
      // a sentence with words of its own: the question points back to it
      "Columbia can terminate if the Ares Agreement ends. What is the Ares Agreement?",
      "Assume the borrower defaults. Can the lender accelerate?",
      "Under Amendment No. 8, can Bird move the date?",
    ])
      expect(bareQuestion(q)).toBe(q);
  });

  it("reads a question once: what it returns, it returns again", () => {
    for (const q of [
      "Hi team, re the agreement: may Fleet subcontract? Be brief. Thanks!",
      "Indemnity: does the cap apply to IP claims?",
      "Can you tell me whether Fleet may subcontract part of the manufacturing?",
      "Quick question. Following up on our call. Is AP exclusive to Kubient?",
      "Columbia can terminate if the Ares Agreement ends. What is the Ares Agreement?",
    ])
      expect(bareQuestion(bareQuestion(q))).toBe(bareQuestion(q));
  });

  it("reads a hostile or empty-looking message as written, and at once", () => {
    // a lead-in before nothing but a question mark
    expect(bareQuestion("Re the agreement: ?")).toBe("Re the agreement: ?");
    // runs of points that an abbreviation and a word could each have read: exponential time before
    for (const q of [
      "b.".repeat(60),
      `Re x: ${"b.".repeat(60)}?`,
      `${"Quick. ".repeat(2000)}What is the term?`,
      // a long run of capitalised words before a dash, as the term a question points back at
      `${"Acme ".repeat(5000)}— what does it cover?`,
    ])
      expect(bareQuestion(q).length).toBeGreaterThan(0);
  });

  it("keeps words that only look like courtesies, and a question that is nothing else", () => {
    for (const q of [
      "Does the Hilton agreement let Hilton terminate?",
      "Is the supplier thankful? What does the recital say",
      "Heyday Ltd, the licensee: may it sublicense?",
      "Thanks",
    ])
      expect(bareQuestion(q)).toBe(q);
  });
});
