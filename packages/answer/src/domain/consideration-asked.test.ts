import { contentWords } from "@lexnav/retrieval";
import { describe, expect, it } from "vitest";
import { consideredAct, statesConsiderationFor, withConsideration } from "./consideration-asked.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { buildExtract } from "./extract.ts";
import { answerFromEvidence } from "./offline-answerer.ts";
import { documentRecord, evidenceItem, nearTo, passageOf, scoredSentence, silentDecision } from "./test-support.ts";

const sentence = (text: string, over: Partial<ScoredCandidate> = {}): ScoredCandidate =>
  scoredSentence(evidenceItem("amendment", text), text, { words: new Set(contentWords(text)), p: 0.3, ...over });

describe("consideredAct", () => {
  it("reads the act a question asks the consideration for, its verb first", () => {
    expect(consideredAct("What do the funds get for releasing their second-lien position?")).toEqual([
      "releas",
      "second",
      "lien",
      "position",
    ]);
    expect(consideredAct("What did the company give the holder for extending the maturity?")).toEqual([
      "extend",
      "maturity",
    ]);
    expect(consideredAct("What does the lender receive in exchange for the waiver?")).toEqual(["waiver"]);
  });

  it("leaves out a second ask and reads no act in a question that asks for none", () => {
    expect(consideredAct("How much is the buyer paying for cutting back the volumes, and on what schedule?")).toEqual([
      "cutt",
      "back",
      "volume",
    ]);
    expect(consideredAct("What does the licensee pay for the products?")).toEqual([]);
    expect(consideredAct("What interest rate applies to the note after the extension?")).toEqual([]);
  });
});

describe("statesConsiderationFor", () => {
  it("finds what is given in exchange for the act, in a recital too", () => {
    const act = consideredAct("What did the company give the holder for extending the maturity of the note?");
    expect(
      statesConsiderationFor(
        "In exchange for the extension of the Maturity Date, $50,000.00 shall be added to the principal amount outstanding on the Note.",
        act,
      ),
    ).toBe(true);
    const release = consideredAct("What do the funds get for releasing their second-lien position?");
    expect(
      statesConsiderationFor(
        "WHEREAS, in exchange for releasing its second senior secured position, the Funds will receive an additional $5,000,000 in Replacement Notes;",
        release,
      ),
    ).toBe(true);
  });

  it("does not take the act itself, or consideration for something else, as what was given for it", () => {
    const act = consideredAct("What did the company give the holder for extending the maturity of the note?");
    expect(
      statesConsiderationFor("The Maturity Date of the Note is amended and extended to March 31, 2022.", act),
    ).toBe(false);
    expect(
      statesConsiderationFor(
        "NOW, THEREFORE, in consideration of the mutual covenants herein, the parties agree to extend the maturity as follows:",
        act,
      ),
    ).toBe(false);
  });

  it("reads a long hostile sentence in linear time", () => {
    const text = `${"in exchange for ".repeat(20_000)}the extension`;
    const started = performance.now();
    statesConsiderationFor(text, ["extend", "maturity"]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("withConsideration", () => {
  const q = "What did the company give the holder for extending the maturity of the note?";
  const act = sentence("The Maturity Date of the Note is amended and extended to March 31, 2022.", { p: 0.6 });
  const given = sentence(
    "In exchange for the extension of the Maturity Date, $50,000.00 shall be added to the principal amount outstanding on the Note.",
    { p: 0.19 },
  );

  it("cites what was given for the act in place of the act", () => {
    const out = withConsideration(q, { cited: [act], probability: 0.6 }, [act, given]);
    expect(out.cited).toEqual([given]);
    expect(out.probability).toBe(0.6);
  });

  it("answers a silence from it too", () => {
    expect(withConsideration(q, { cited: [], probability: 0.3 }, [act, given]).cited).toEqual([given]);
  });

  it("returns the decision unchanged when no candidate states it, or the question asks no consideration", () => {
    const decided = { cited: [act], probability: 0.6 };
    expect(withConsideration(q, decided, [act])).toBe(decided);
    expect(withConsideration("When does the note mature?", decided, [act, given])).toBe(decided);
    const heading = sentence("In exchange for the extension of the Maturity Date.", { headingLine: true });
    expect(withConsideration(q, decided, [act, heading])).toBe(decided);
  });
});

const AMENDMENT = `AMENDMENT NO. 4 TO CONVERTIBLE PROMISSORY NOTE.
Section 1 Extension of Maturity Date. The Maturity Date of the Note is amended and extended to March 31, 2022.
Section 2 Consideration. In exchange for the extension of the Maturity Date, $50,000.00 shall be added to the principal amount outstanding on the Note.
Section 3 Notices. Notices are given in writing to the addresses above.`;
const docs = new Map([["amendment", documentRecord("amendment", "amendment", null, "Amendment No 4.txt")]]);
const extract = await buildExtract(
  [
    passageOf("amendment", AMENDMENT, "Section 1", "2022.", "s1"),
    passageOf("amendment", AMENDMENT, "Section 2", "on the Note.", "s2"),
    passageOf("amendment", AMENDMENT, "Section 3", undefined, "s3"),
  ],
  {
    text: () => AMENDMENT,
    document: (d) => docs.get(d) ?? null,
    node: (_d, _v, n) => ({ clauseRef: `Section ${n.slice(1)}`, fullRef: null, kind: "section" }) as never,
  },
);

describe("answerFromEvidence with the consideration rule", () => {
  it("answers what was given for the act from the clause that states it, not the act's own clause", async () => {
    const a = await answerFromEvidence(
      "What did the company give the holder for extending the maturity of the note?",
      extract,
      () => AMENDMENT,
      { decision: silentDecision("minilm"), relevance: nearTo("extended") },
    );
    expect(a.abstained).toBe(false);
    expect(a.claims.map((c) => c.citations[0]?.display)).toEqual(["[Amendment No 4] Section 2"]);
  });

  it("stays silent when the question asks no consideration", async () => {
    const a = await answerFromEvidence("Who signs notices under the note?", extract, () => AMENDMENT, {
      decision: silentDecision("minilm"),
      relevance: nearTo("extended"),
    });
    expect(a.abstained).toBe(true);
  });
});
