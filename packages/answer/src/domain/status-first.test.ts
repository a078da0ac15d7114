import { describe, expect, it } from "vitest";
import { BUILTIN_RELEVANCE } from "./evidence-decision.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import {
  citeStatus,
  statesRestStands,
  statesStatusAsked,
  statesSupersession,
  statusAsked,
  statusFirst,
} from "./status-first.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const item = evidenceItem("d", "x".repeat(4000));
const sentence = (text: string, p: number, at: number): ScoredCandidate =>
  scoredSentence(item, text, { p, at, words: new Set(text.toLowerCase().match(/[a-z]+/g) ?? []) });
const EMBEDDER = "minilm";

describe("statusAsked", () => {
  it("reads a question of whether an earlier text still holds, or which of two controls", () => {
    expect(statusAsked("Does the 2008 cooperation agreement still apply alongside the 2014 version?")).toBe(
      "still-holds",
    );
    expect(statusAsked("Is the December 31, 2022 end date in the plan still good?")).toBe("still-holds");
    expect(statusAsked("Is the earlier mutual NDA still what governs?")).toBe("still-holds");
    expect(statusAsked("Which fee schedule controls: the 2013 Exhibit A or the later Exhibit E?")).toBe("still-holds");
    expect(statusAsked("If the amendment and the credit agreement are inconsistent, which one governs?")).toBe(
      "still-holds",
    );
  });

  it("reads a question of whether the rest stands apart from the changes", () => {
    expect(statusAsked("Apart from the changes it lists, does the amendment leave the rest of the SPA in force?")).toBe(
      "rest-stands",
    );
    expect(statusAsked("Aside from what the 2017 amendment changed, does the rest of the agreement continue?")).toBe(
      "rest-stands",
    );
  });

  it("leaves a governing-law question, a bare 'which' and a 'still' that asks no status", () => {
    expect(statusAsked("Which state's law governs the distributor agreement?")).toBeNull();
    expect(statusAsked("Which law governs the notes, the original or the replacement ones?")).toBeNull();
    expect(statusAsked("What pricing schedule governs the bottles?")).toBeNull();
    expect(statusAsked("How long after a disclosure can the discloser still bring a claim?")).toBeNull();
    expect(statusAsked("Apart from the payment adjustments, what else can the buyer get?")).toBeNull();
  });
});

describe("statesSupersession and statesRestStands", () => {
  it("know drafting that ends a text and puts another in its place", () => {
    expect(
      statesSupersession("This Agreement amends and restates in its entirety the Agreement previously entered into."),
    ).toBe(true);
    expect(
      statesSupersession("This Agreement shall supersede the Original Cooperation Agreement in all respects."),
    ).toBe(true);
    expect(
      statesSupersession(
        "Section 4 of the Agreement is hereby deleted in its entirety and replaced with the following:",
      ),
    ).toBe(true);
    expect(
      statesSupersession("the Revised Exhibit A was replaced by Revised Exhibit E and is the controlling fee schedule"),
    ).toBe(true);
    expect(
      statesSupersession(
        "the Committee desires to extend the term of the Plan from December 31, 2022 to December 31, 2025",
      ),
    ).toBe(true);
  });

  it("do not read an obligation, a term or the rest standing as a supersession", () => {
    expect(statesSupersession("The Distributor shall pay the fees within thirty days of invoice.")).toBe(false);
    expect(statesSupersession("This Agreement will continue until the expiration of the Sales Term.")).toBe(false);
    expect(statesSupersession("Except as amended hereby, the Agreement remains in full force and effect.")).toBe(false);
    expect(statesRestStands("Except as amended hereby, the Agreement remains in full force and effect.")).toBe(true);
    expect(
      statesRestStands("the Credit Agreement and the other Loan Documents are hereby ratified and confirmed"),
    ).toBe(true);
    expect(statesRestStands("This Agreement will continue until the expiration of the Sales Term.")).toBe(false);
  });
});

describe("statusFirst", () => {
  const law = sentence("This Agreement shall be governed by the laws of the State of California.", 0.38, 0);
  const parties = sentence("The Parties will provide each other with Confidential Information.", 0.2, 200);
  const restated = sentence(
    "This Agreement amends and restates in its entirety the Mutual Confidentiality Agreement previously entered into by the Parties.",
    0.12,
    400,
  );

  it("puts the sentence that states the status asked first, each slot keeping its probability", () => {
    const out = statusFirst("Is the earlier mutual NDA still what governs?", [law, parties, restated]);
    expect(out.map((c) => c.text)).toEqual([restated.text, law.text, parties.text]);
    expect(out.map((c) => c.p)).toEqual([0.38, 0.2, 0.12]);
  });

  it("moves nothing for a question that asks no status, or where no candidate states one", () => {
    expect(statusFirst("Which state's law governs the NDA?", [law, parties, restated])[0]).toBe(law);
    expect(statusFirst("Is the earlier NDA still what governs?", [law, parties])[0]).toBe(law);
  });
});

describe("citeStatus", () => {
  const restated = sentence(
    "This Agreement amends and restates in its entirety the Mutual Confidentiality Agreement previously entered into by the Parties.",
    0.38,
    400,
  );
  const change = sentence(
    "Section 2.2(b) of the Agreement is hereby amended and restated in its entirety as follows:",
    0.3,
    0,
  );
  const stands = sentence(
    "Except as expressly amended by this Amendment, the Agreement remains in full force and effect.",
    0.39,
    800,
  );

  it("cites the status sentence first in the decision's order where the question asks it", () => {
    expect(citeStatus("Is the earlier mutual NDA still what governs?", [], [restated], EMBEDDER)).toEqual([restated]);
    const q = "Apart from the changes it lists, does the amendment leave the rest of the agreement in force?";
    expect(citeStatus(q, [change], [stands, change], EMBEDDER)).toEqual([stands, change]);
    expect(citeStatus(q, [stands], [stands, change], EMBEDDER)).toEqual([stands]);
  });

  it("leaves a status sentence that speaks of nothing the question names, and the built-in relevance", () => {
    const other = sentence("Section 4 of the Agreement is hereby deleted in its entirety.", 0.4, 1200);
    expect(statesStatusAsked("Is the earlier mutual NDA still what governs?", other)).toBe(false);
    expect(citeStatus("Is the earlier mutual NDA still what governs?", [], [other], EMBEDDER)).toEqual([]);
    expect(citeStatus("Is the earlier mutual NDA still what governs?", [], [restated], BUILTIN_RELEVANCE)).toEqual([]);
    expect(citeStatus("What are the fees?", [change], [restated, change], EMBEDDER)).toEqual([change]);
  });

  it("reads a long question in bounded time", () => {
    const long = `Is the earlier agreement still good ${"and the other one ".repeat(5_000)}?`;
    const started = Date.now();
    statusAsked(long);
    statesSupersession(`extended ${"from a ".repeat(5_000)}`);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
