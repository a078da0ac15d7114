import { describe, expect, it } from "vitest";
import {
  asThisContract,
  capitalisedWords,
  documentNameKey,
  impliedInstruments,
  instrumentMentions,
  mentionLookupText,
  namesParty,
  partyNames,
  partyPhrases,
  titleMentions,
  withoutCapitalisedNames,
  withoutMentions,
  withoutParties,
  withoutThisContract,
} from "./document-names.ts";

describe("instruments a question names by kind", () => {
  it("finds the kind and its qualifiers", () => {
    expect(instrumentMentions("Which law governs the pledge agreement?")).toEqual([
      { phrase: "the pledge agreement", words: ["pledge", "agreement"] },
    ]);
    expect(instrumentMentions("What does the side letter waive under the EMEA guaranty?").map((m) => m.words)).toEqual([
      ["side", "letter"],
      ["emea", "guaranty"],
    ]);
    expect(instrumentMentions("What does the amendment change?").map((m) => m.words)).toEqual([["amendment"]]);
    expect(
      instrumentMentions("What are the conditions to the effectiveness of the amendment?").map((m) => m.phrase),
    ).toEqual(["the amendment"]);
  });

  it("ignores a noun every contract has, and words that single out nothing", () => {
    expect(instrumentMentions("Does the agreement provide that the Receiving Party may retain copies?")).toEqual([]);
    expect(instrumentMentions("Is the same lease renewed?")).toEqual([]);
    expect(instrumentMentions("What does this amendment change?")).toEqual([]);
    // a thing about an instrument, and a bare plural, are no instrument's name
    expect(
      instrumentMentions("Receiving Party shall notify Disclosing Party upon the termination of Agreement."),
    ).toEqual([]);
    expect(instrumentMentions("Use only for the purposes stated in Agreement.")).toEqual([]);
    expect(instrumentMentions("May a party transfer the licenses?")).toEqual([]);
  });

  it("matches titles having every word, singular or plural, in any case", () => {
    const [m] = instrumentMentions("Which law governs the pledge agreement?");
    if (!m) throw new Error("no mention");
    expect(titleMentions("THIRD AMENDED AND RESTATED EMEA GUARANTY AND PLEDGE AGREEMENT", m)).toBe(true);
    expect(titleMentions("Pledge and Collateral Agreements", m)).toBe(true);
    expect(titleMentions("EMEA GUARANTY", m)).toBe(false);
    expect(titleMentions(null, m)).toBe(false);
    // an instrument about a pledge agreement is not one
    expect(titleMentions("FIRST AMENDMENT TO THE PLEDGE AGREEMENT", m)).toBe(false);
    expect(titleMentions("Joinder under Pledge Agreement", m)).toBe(false);
    const [lease] = instrumentMentions("When does the lease end?");
    if (!lease) throw new Error("no mention");
    expect(titleMentions("AMENDMENT NO. 4 TO MASTER SCOOTER OPERATING LEASE AGREEMENT", lease)).toBe(false);
    expect(titleMentions("MASTER SCOOTER OPERATING LEASE AGREEMENT", lease)).toBe(true);
  });

  it("takes the instruments named by kind out of an ask, and nothing else", () => {
    expect(withoutMentions("How can the voting agreement be terminated?").replace(/\s+/g, " ")).toBe(
      "How can be terminated?",
    );
    expect(withoutMentions("Which law governs the EMEA guaranty and the pledge agreement?").replace(/\s+/g, " ")).toBe(
      "Which law governs and ?",
    );
    // "the agreement" alone, or "this amendment", names no instrument in particular: kept
    expect(withoutMentions("Can the agreement be assigned under this amendment?")).toBe(
      "Can the agreement be assigned under this amendment?",
    );
  });

  it("says the contract a question is about as 'this contract', however it is named", () => {
    const said = (ask: string) => asThisContract(ask).replace(/\s+/g, " ").trim();
    expect(said("Which law governs the VERSO intellectual property agreement?")).toBe(
      "Which law governs this contract ?",
    );
    expect(said("Can the agreement be assigned?")).toBe("Can this contract be assigned?");
    expect(said("Is this Agreement exclusive?")).toBe("Is this contract exclusive?");
    expect(said("What happens on the termination of the agreement?")).toBe(
      "What happens on the termination of this contract ?",
    );
    // "the same lease" singles out nothing and is kept; a side letter is the contract asked about
    expect(said("What does the same lease say?")).toBe("What does the same lease say?");
    expect(said("What are the terms of the side letter?")).toBe("What are the terms of this contract ?");
  });

  it("leaves the contract a question is about unsaid, with the word that placed something in it", () => {
    const unsaid = (ask: string) => withoutThisContract(ask).replace(/\s+/g, " ").trim();
    expect(unsaid("Is there a cap on liability in the supply agreement?")).toBe("Is there a cap on liability ?");
    expect(unsaid("Is there a cap on liability under this Agreement?")).toBe("Is there a cap on liability ?");
    expect(unsaid("Which law governs the VERSO intellectual property agreement?")).toBe("Which law governs ?");
    expect(unsaid("What does the same lease say?")).toBe("What does the same lease say?");
  });

  it("keys filed names, never a name of generic words alone", () => {
    expect(documentNameKey("Mutual-NDA%20v2.txt")).toBe("mutual nda v2 txt");
    expect(documentNameKey("Non-Disclosure Agreement")).toBeNull();
  });

  it("reads the kind of instrument a question's parties and subjects imply", () => {
    expect(impliedInstruments("Is the guarantor's liability limited to an amount?")).toBe("guarantee");
    expect(impliedInstruments("What interest rate applies to the loans?")).toBe("loan credit");
    expect(impliedInstruments("Which financial covenants must the borrower meet?")).toBe("loan credit");
    expect(impliedInstruments("Can the licensee sublicense?")).toBe("license licence");
    expect(impliedInstruments("What notice must be given?")).toBe("");
  });
});

describe("naming an instrument in a lawyer's words", () => {
  it("reads possessive and dashed qualifiers and the short names of instruments", () => {
    const phrases = (q: string) => instrumentMentions(q).map((m) => m.phrase);
    expect(phrases("What law governs the Stremick's manufacturing agreement?")).toEqual([
      "the Stremick's manufacturing agreement",
    ]);
    expect(phrases("Does the Premier–Heritage agreement renew?")).toEqual(["the Premier–Heritage agreement"]);
    expect(phrases("Which law governs the Anton Paar NDA?")).toEqual(["the Anton Paar NDA"]);
    expect(phrases("Can AP terminate the Kubient MSA early?")).toEqual(["the Kubient MSA"]);
    expect(phrases("What did Amendment No. 3 change?")).toEqual(["Amendment No. 3"]);
  });

  it("reads a party's name split at 'of', a qualifier said against the amendments, a kind after a kind, a date", () => {
    const mentions = (q: string) => instrumentMentions(q).map((m) => [m.phrase, m.words.join(" ")]);
    expect(mentions("How long does the Bank of America software license agreement with Acme last?")).toEqual([
      ["the Bank of America software license agreement", "america software license agreement"],
    ]);
    expect(mentions("If the original co-branding agreement and its amendment conflict, which controls?")).toEqual([
      ["the original co-branding agreement", "co branding agreement"],
    ]);
    expect(mentions("What did the March 2011 addendum add?")).toEqual([
      ["the March 2011 addendum", "march 2011 addendum"],
    ]);
    // still nothing after a relation with nothing that names, nor before words that single out nothing
    expect(mentions("What are the conditions to the effectiveness of this amendment?")).toEqual([]);
    expect(mentions("If it conflicts with the underlying note, which controls?")).toEqual([]);
  });

  it("keeps the date or amount of a mention in the ask it takes the mention out of", () => {
    expect(withoutMentions("How often was the $25,000 December 2021 note amended?").replace(/\s+/g, " ")).toBe(
      "How often was $25,000 2021 amended?",
    );
  });

  it("looks a mention up by every spelling of its kind and every way of saying its number", () => {
    const [guaranty] = instrumentMentions("Is the parent guaranty capped?");
    expect(guaranty && mentionLookupText(guaranty)).toContain("guarantee");
    const [third] = instrumentMentions("What did Amendment No. 3 change?");
    expect(third && mentionLookupText(third).split(" ")).toEqual(expect.arrayContaining(["third", "iii", "3"]));
    expect(titleMentions("PARENT GUARANTEE", { phrase: "the guaranty", words: ["guaranty"] })).toBe(true);
  });

  it("tells a question that names a party from one that only capitalises defined terms", () => {
    expect(namesParty("Does Heritage have to carry product recall insurance?")).toBe(true);
    expect(namesParty("Is PC Quote barred from co-branding its software?")).toBe(true);
    expect(namesParty("Cisco can terminate for a breach of Section 19.0: what does it protect?")).toBe(true);
    expect(namesParty("Section 19.0: what does it protect?")).toBe(false);
    expect(namesParty("How is Confidential Information defined under the Agreement?")).toBe(false);
    expect(namesParty("Which Section governs the Parties' notices?")).toBe(false);
  });
});

describe("withoutParties", () => {
  it("sets aside the parties a question names, keeping defined terms, quoted words and the question word", () => {
    expect(withoutParties("Does Heritage have to carry product recall insurance?").replace(/\s+/g, " ")).toBe(
      "Does have to carry product recall insurance?",
    );
    expect(withoutParties("What is the 'Due Date' in a Premier purchase order?").replace(/\s+/g, " ")).toBe(
      "What is the 'Due Date' in a purchase order?",
    );
    expect(withoutParties("How is Confidential Information defined?")).toBe("How is Confidential Information defined?");
  });
});

describe("telling a party from a defined term, a heading or a reference", () => {
  it("reads a phrase made only of legal vocabulary as a defined term, not a party", () => {
    expect(partyNames("Are the Pledged Shares released when the Escrow Account closes?")).toEqual([]);
    expect(partyNames("May we share it with our Subsidiaries?")).toEqual([]);
    expect(partyNames("What does the Collateral secure?")).toEqual([]);
    expect(partyNames("Which Mediation/Arbitration steps come first?")).toEqual([]);
  });

  it("reads an office a person holds as a role, not a party, and keeps the person's name", () => {
    expect(partyNames("How long does the former CFO's consulting engagement last?")).toEqual([]);
    expect(partyNames("What is the Chief Executive Officer's target bonus?")).toEqual([]);
    expect(partyNames("Can the Vice President sign a purchase order alone?")).toEqual([]);
    expect(partyNames("What is Eric Singer's base salary as CEO?")).toEqual(["Eric", "Singer's"]);
    expect(partyNames("Does Vice Media owe the CEO a bonus?")).toEqual(["Vice", "Media"]);
  });

  it("keeps a phrase with a name in it, or with an entity's word, as a party", () => {
    expect(partyNames("Must Zorblax Foods carry insurance?")).toEqual(["Zorblax", "Foods"]);
    expect(partyNames("What must the Marketing Company pay?")).toEqual(["Marketing", "Company"]);
    expect(partyNames("Can Bank of America audit the Vendor?")).toEqual(["Bank", "America"]);
    expect(partyNames("Is First Capital Holdings bound?")).toEqual(["First", "Capital", "Holdings"]);
  });

  it("keeps each name whole as a phrase, as written", () => {
    expect(partyPhrases("Can Bank of America audit Zorblax Foods' books?")).toEqual([
      "Bank of America",
      "Zorblax Foods'",
    ]);
    expect(partyPhrases("Is the Acme–Zenith agreement exclusive?")).toEqual(["Acme–Zenith"]);
    expect(partyPhrases("Are the Pledged Shares released?")).toEqual([]);
  });

  it("reads a preposition opening the question, and IP, as no party", () => {
    expect(partyPhrases("Across the three amendments, when is the Acme note due?")).toEqual(["Acme"]);
    expect(partyPhrases("Apart from the fee, what does Zenith owe?")).toEqual(["Zenith"]);
    expect(partyNames("Who owns the IP that Acme develops?")).toEqual(["Acme"]);
  });

  it("reads a quoted phrase as a defined term asked about", () => {
    expect(partyNames("What is a 'Qualifying Widget' under the Zorblax agreement?")).toEqual(["Zorblax"]);
    expect(partyNames("What is a “Qualifying Widget”?")).toEqual([]);
  });

  it("reads the letter or number after Exhibit, Schedule or Amendment as a reference", () => {
    expect(partyNames("What does Exhibit C require of Zorblax?")).toEqual(["Zorblax"]);
    expect(partyNames("Which Schedule B-2 applies after Amendment No. 4?")).toEqual([]);
    expect(partyNames("Is Exhibit D's fee payable?")).toEqual([]);
  });

  it("ends a name at its possessive: the party's term after it is no part of the name", () => {
    expect(partyNames("What is Zorblax's Territory?")).toEqual(["Zorblax's"]);
    expect(partyNames("When does Quillon's Warranty Period end?")).toEqual(["Quillon's"]);
  });

  it("keeps a defined term in the asking part when it sets the parties aside", () => {
    expect(withoutParties("Are Zorblax's Gross Revenues audited?").replace(/\s+/g, " ")).toBe(
      "Are Gross Revenues audited?",
    );
    expect(namesParty("Are Gross Revenues audited?")).toBe(false);
  });

  it("still lists every capitalised word, terms and parties alike, for ranking a deal's documents", () => {
    expect(capitalisedWords("Is the Release Condition in Zorblax's escrow met?")).toEqual([
      "Release",
      "Condition",
      "Zorblax's",
    ]);
  });
});

describe("withoutCapitalisedNames (the evidence decision's reading)", () => {
  it("drops a capitalised defined term withoutParties keeps, keeps the terms contracts capitalise and quoted words", () => {
    const q = "Who may use the Advertising Contributions?";
    expect(withoutParties(q)).toBe(q);
    expect(withoutCapitalisedNames(q)).not.toMatch(/Advertising|Contributions/);
    expect(withoutCapitalisedNames("How much can the Borrower borrow?")).toBe("How much can the Borrower borrow?");
    expect(withoutCapitalisedNames("Does Heritage have to carry the 'Recall Cover'?")).not.toContain("Heritage");
    expect(withoutCapitalisedNames("Does Heritage have to carry the 'Recall Cover'?")).toContain("'Recall Cover'");
  });
});

describe("a name written with its capital inside", () => {
  it("reads 'iMine' and 'eBay' as names, and lowercase words as none", () => {
    expect(
      partyPhrases("May a party terminate the distributor agreement with iMine Corporation without cause?"),
    ).toEqual(["iMine Corporation"]);
    expect(partyPhrases("Can eBay assign the agreement?")).toEqual(["eBay"]);
    expect(partyPhrases("Can the licensee assign the agreement without consent?")).toEqual([]);
    expect(withoutCapitalisedNames("Does iMine have to carry insurance?")).not.toContain("iMine");
    expect(withoutCapitalisedNames("Does the reseller have to carry insurance?")).toContain("reseller");
  });
});
