import { describe, expect, it } from "vitest";
import { askInside, withoutNamesRead } from "./ask-inside.ts";
import { parseQuestion } from "./question.ts";

/** What the dense (and lexical) ranking inside the located documents embeds, without concept words. */
const inside = (q: string) => askInside(parseQuestion(q), false).plain.replace(/\s+/g, " ").trim();

describe("askInside: the text a question is ranked by inside the documents it is about", () => {
  it("drops a preamble naming the instrument by title and parties (the benchmark's shape)", () => {
    expect(
      inside(
        'Consider the MARKETING AFFILIATE AGREEMENT between Birch First Global Investments Inc. ("Company"), Mount Kowledge Holdings Inc. ("Marketing Affiliate", "MA"); When does this contract expire?',
      ),
    ).toBe("When does this contract expire?");
  });

  it("drops a deal named as a whole, so a defined term the question asks about is what ranks", () => {
    // Without it, the parties go and "deal" alone was left to rank the deal's passages.
    expect(inside("What is the Demand Forecast in the Biocept–Life Technologies deal?")).toBe(
      "What is the Demand Forecast in ?",
    );
    expect(inside("What is Work Product in the Reed's–Full Sail development deal?")).toBe("What is Work Product in ?");
    expect(inside("What can CBL end the consulting arrangement for, as cause?")).toBe("What can end for, as cause?");
    // A defined term before the deal stays; "deal" as a verb is no deal named.
    expect(inside("Who is the 'U.S. Affiliate' in the Tribute deal and what must it be?")).toContain("U.S. Affiliate");
    expect(inside("Can AP deal directly with advertisers Kubient introduced?")).toContain("deal directly");
  });

  it("drops a preamble naming it by a filed name, by kind and party, or by a defined name", () => {
    expect(
      inside(
        "In the non-disclosure agreement 09-24-2019-04-25-05-3914910473: does the agreement provide that the receiving party shall destroy Confidential Information?",
      ),
    ).toBe("does the agreement provide that the receiving party shall destroy Confidential Information?");
    expect(inside("Under the Acme credit agreement: what is the commitment fee on unused revolving commitments?")).toBe(
      "what is the commitment fee on unused revolving commitments?",
    );
    expect(inside("Regarding Amendment No. 3 to the license agreement; how long is the extended term?")).toBe(
      "how long is the extended term?",
    );
  });

  it("keeps a plain question in a lawyer's words, less the instrument and the parties it names", () => {
    expect(inside("Can Ingram assign the distributor agreement without NETGEAR's consent?")).toBe(
      "Can assign without consent?",
    );
    // A colon inside what is asked is not a preamble.
    const colon = "What is the notice period under Section 8.1(b): 30 or 60 days?";
    expect(inside(colon)).toBe(colon);
    // Nothing but question words would be left without the capitalised term: it stays.
    expect(inside("What is the Collateral?")).toBe("What is the Collateral?");
  });

  it("adds the clause words of a contract concept when concept expansion is on", () => {
    const q = parseQuestion("Consider the SUPPLY AGREEMENT between Acme and Beta; When does this contract expire?");
    const expanded = askInside(q, true);
    expect(expanded.plain).toBe("When does this contract expire?");
    expect(expanded.ask.startsWith("When does this contract expire?")).toBe(true);
    expect(expanded.ask.length).toBeGreaterThan(expanded.plain.length);
  });

  it("drops the words a lower-case question's route read as names, whole words only, as it drops capitalised parties", () => {
    const typed = (q: string, names: string[]) =>
      askInside(parseQuestion(q), false, withoutNamesRead(names)).plain.replace(/\s+/g, " ").trim();
    expect(typed("where are pizza fusion franchise disputes mediated?", ["pizza", "fusion"])).toBe(
      "where are franchise disputes mediated?",
    );
    expect(typed("can fusionware assign the licence?", ["fusion"])).toContain("fusionware");
  });
});
