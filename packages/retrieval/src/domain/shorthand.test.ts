import { describe, expect, it } from "vitest";
import { bareQuestion } from "./question.ts";
import { courtesiesSpelledOut, otherSpelling, shorthandSpelledOut } from "./shorthand.ts";

/** Each message spelled out as the drafting writes it (the second of each pair). */
function spellsOut(read: ReadonlyArray<readonly [string, string]>): void {
  for (const [message, spelled] of read) expect(shorthandSpelledOut(message)).toBe(spelled);
}

describe("shorthandSpelledOut", () => {
  it("spells out a message's shorthand in the words documents use", () => {
    spellsOut([
      ["can the recipient share info w/ its advisors?", "can the recipient share information with its advisors?"],
      ["Can we disclose w/o consent under the agmt?", "Can we disclose without consent under the agreement?"],
      [
        "Which docs and mgmt reports must the govt see?",
        "Which documents and management reports must the government see?",
      ],
      [
        "Do the R&Ws survive, and for how many yrs?",
        "Do the representations and warranties survive, and for how many years?",
      ],
      ["Are the reps and warranties capped?", "Are the representations and warranties capped?"],
    ]);
  });

  it("drops a message's opener, and writes an amendment's number as its title does", () => {
    spellsOut([
      [
        "quick q - what counts as an Improvement under the Cargill dev agreement?",
        "what counts as an Improvement under the Cargill development agreement?",
      ],
      [
        "which law governs amendment no. 4 to the promissory note",
        "which law governs Amendment No. 4 to the promissory note",
      ],
      [
        "What did amendment #2 change in the mfg agreement?",
        "What did Amendment No. 2 change in the manufacturing agreement?",
      ],
      // a section cited short
      ["New s.13.10 - what does it require?", "New Section 13.10 - what does it require?"],
      ["ss. 4 and 5 of the NDA", "Sections 4 and 5 of the NDA"],
      ["Art. IV of the LLC agreement", "Article IV of the LLC agreement"],
      ["the U.S. 10-K and Mr. S. 5 times", "the U.S. 10-K and Mr. S. 5 times"],
      // or by its number alone after "amended by"
      [
        "ADMA mfg agreement as amended by #3: what's the damages cap now?",
        "ADMA manufacturing agreement as amended by Amendment No. 3: what's the damages cap now?",
      ],
      ["the note as amended by no. 2", "the note as amended by Amendment No. 2"],
      [
        "does Amendment 1 change anything else in the EPI securities purchase agreement?",
        "does Amendment No. 1 change anything else in the EPI securities purchase agreement?",
      ],
      ["the amendment 30 days after closing", "the amendment 30 days after closing"],
      ["Amendment 2019 to the plan", "Amendment 2019 to the plan"],
      ["the fee as amended by 2 parties", "the fee as amended by 2 parties"],
      // a developer's dev environment is not a development agreement's
      ["Who pays for the dev environment?", "Who pays for the dev environment?"],
    ]);
  });

  it("spells out deal terms written by their letters, in capitals only, and a message's units and joiners", () => {
    spellsOut([
      ["Does a CoC trigger the put?", "Does a change of control trigger the put?"],
      ["is there a MAC out", "is there a material adverse change out"],
      ["term of the BofA / Cardlytics software license?", "term of the Bank of America / Cardlytics software license?"],
      ["Is JPM the administrative agent?", "Is JPMorgan the administrative agent?"],
      ["bofa", "bofa"],
      ["How is MAE defined?", "How is material adverse effect defined?"],
      ["Does the LP have a ROFR or a ROFO?", "Does the LP have a right of first refusal or a right of first offer?"],
      ["any LoL carve-outs?", "any limitation of liability carve-outs?"],
      ["can they share conf info?", "can they share confidential information?"],
      ["margin is 250 bps over SOFR?", "margin is 250 basis points over SOFR?"],
      [
        "notice w/in 30 days, 3 mos or 6 wks, thru the first qtr",
        "notice within 30 days, 3 months or 6 weeks, through the first quarter",
      ],
      [
        "what amt, what pct b/w the parties; any CPs?",
        "what amount, what percent between the parties; any conditions precedent?",
      ],
      // a word, or a term already spelled out, stays as written
      ["Is Confidential Information defined?", "Is Confidential Information defined?"],
      ["the coc and mac of the system", "the coc and mac of the system"],
    ]);
  });

  it("spells an asking word run into 'is' out, 'post amendment' closing a clause, and a quick message's slips", () => {
    expect(shorthandSpelledOut("how's Market Price calculated?")).toBe("how is Market Price calculated?");
    expect(shorthandSpelledOut("Where’s the notice address?")).toBe("Where is the notice address?");
    expect(shorthandSpelledOut("how long does it run now, post amendment?")).toBe(
      "how long does it run now, after the amendment?",
    );
    // "post-amendment" before a noun qualifies it, and stays
    expect(shorthandSpelledOut("What are the post-amendment terms?")).toBe("What are the post-amendment terms?");
    expect(shorthandSpelledOut("how is the Purchase Price Date defind?")).toBe(
      "how is the Purchase Price Date defined?",
    );
    expect(shorthandSpelledOut("Was the ammended agreemnet recieved?")).toBe("Was the amended agreement received?");
    expect(shorthandSpelledOut("the Ammendment and teh fee")).toBe("the Amendment and the fee");
    expect(shorthandSpelledOut("Ammendment 3")).toBe("Amendment No. 3");
    expect(shorthandSpelledOut("Who’s the agent?")).toBe("Who is the agent?");
    // a capital is kept, and the receivables are read too
    expect(shorthandSpelledOut("the Agreemnet and the Recievables")).toBe("the Agreement and the Receivables");
  });

  it("reads year one as the first year", () => {
    expect(shorthandSpelledOut("can AP get out of the MSA during year one")).toBe(
      "can AP get out of the MSA during the first year",
    );
    expect(shorthandSpelledOut("What is owed in the year 2 true-up?")).toBe("What is owed in the second year true-up?");
    // a doubled word the asker typed is theirs to keep
    expect(shorthandSpelledOut("Is the the fee due in year one?")).toBe("Is the the fee due in the first year?");
  });

  it("leaves words that only contain the shorthand, and a party's capitals, alone", () => {
    const q = "Does Infosys keep the information on its Docsend account under the agreement?";
    expect(shorthandSpelledOut(q)).toBe(q);
    expect(shorthandSpelledOut("Who are the reps on the committee?")).toBe("Who are the reps on the committee?");
  });

  it("is part of reading a question (bareQuestion)", () => {
    expect(bareQuestion("Hi team, can we share info w/o consent? Thanks!")).toBe(
      "can we share information without consent?",
    );
  });
});

describe("otherSpelling", () => {
  it("gives a listed word's other spelling, both ways", () => {
    expect(otherSpelling("advisors")).toBe("advisers");
    expect(otherSpelling("adviser")).toBe("advisor");
    expect(otherSpelling("judgement")).toBe("judgment");
    expect(otherSpelling("Favour")).toBe("favor");
  });

  it("spells -ize words -ise and back", () => {
    expect(otherSpelling("authorised")).toBe("authorized");
    expect(otherSpelling("organization")).toBe("organisation");
    expect(otherSpelling("capitalizing")).toBe("capitalising");
  });

  it("has none for words whose -ise is no spelling of -ize, or for short words", () => {
    for (const w of [
      "otherwise",
      "exercising",
      "premises",
      "franchised",
      "advertising",
      "revision",
      "promised",
      "size",
    ])
      expect(otherSpelling(w), w).toBeNull();
    expect(otherSpelling("termination")).toBeNull();
  });
});

describe("hostile input", () => {
  it("reads the longest question lexnav accepts, and one long word, in linear time", () => {
    const words = "agmt w/ info yr amendment no. 4 year one reps and ".repeat(80);
    const long = "s".repeat(4000);
    const start = performance.now();
    expect(shorthandSpelledOut(words)).toContain("agreement with information year Amendment No. 4 the first year");
    expect(otherSpelling(`${"a".repeat(3990)}izes`)).toBe(`${"a".repeat(3990)}ises`);
    expect(otherSpelling(long)).toBeNull();
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe("courtesiesSpelledOut", () => {
  it("writes a message's courtesies out, and leaves words that only contain the letters", () => {
    expect(courtesiesSpelledOut("Pls confirm the cap? thx")).toBe("please confirm the cap? thanks");
    expect(courtesiesSpelledOut("plz advise. tks")).toBe("please advise. thanks");
    expect(courtesiesSpelledOut("the plsql schema and thxr")).toBe("the plsql schema and thxr");
  });
});
