import { contentWords } from "@lexnav/retrieval";
import { describe, expect, it } from "vitest";
import {
  answerInKind,
  askedKinds,
  citeInKindOfPassage,
  inKind,
  statesKind,
  topicBeyondKind,
} from "./answer-in-kind.ts";
import { BUILTIN_RELEVANCE } from "./evidence-decision.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { buildExtract } from "./extract.ts";
import { answerFromEvidence } from "./offline-answerer.ts";
import { documentRecord, evidenceItem, nearTo, passageOf, scoredSentence, silentDecision } from "./test-support.ts";

const EMBEDDER = "minilm";

/** The decision's first sentence, alone in its passage, with its own words read as the scorer reads them. */
const first = (text: string, over: Partial<ScoredCandidate> = {}): ScoredCandidate =>
  scoredSentence(evidenceItem("licence", text), text, { words: new Set(contentWords(text)), p: 0.3, ...over });

const silence = { cited: [] as ScoredCandidate[], probability: 0.37 };

describe("askedKinds", () => {
  it("reads a right, a duty, a bar and a provision's existence as asking for a provision", () => {
    expect(askedKinds("Can AP terminate the Kubient MSA in the first year?")).toEqual(["provision"]);
    expect(askedKinds("Does Heritage have to carry product recall insurance?")).toEqual(["provision"]);
    expect(askedKinds("Is ScanSource prohibited from soliciting Cisco employees?")).toEqual(["provision"]);
    expect(askedKinds("What restrictions apply to assignment?")).toEqual(["provision"]);
    expect(askedKinds("Is there a non-compete?")).toEqual(["provision"]);
  });

  it("reads how long, how much and which law apart", () => {
    expect(askedKinds("How long do the warranties last?")).toEqual(["period"]);
    expect(askedKinds("How much does the licensee pay up front?")).toEqual(["amount"]);
    expect(askedKinds("Which state's law governs the supply agreement?")).toEqual(["law"]);
    expect(askedKinds("Is Peregrine's liability to NEON capped?")).toEqual(["cap"]);
    expect(askedKinds("Is there a cap on the licensor's liability?")).toEqual(expect.arrayContaining(["cap"]));
  });

  it("answers what survives the instrument's end by its survival clause, about the provision asked", () => {
    const q = "Which provisions survive the end of the Halden supply agreement?";
    expect(askedKinds(q)).toEqual(["survival"]);
    expect(topicBeyondKind(q)).toEqual([]);
    // "once it ends" places the survival asked at the instrument's end, as "after" does: no topic of its own
    expect(topicBeyondKind("BioAmber development agreement: which provisions survive once it ends?")).toEqual([]);
    const clause = first(
      "Sections 4 (Confidentiality), 6 (Indemnification) and 11.2 (Governing Law) shall survive any termination or expiration of this Agreement.",
    );
    expect(inKind(q, clause)).toBe(true);
    expect(answerInKind(q, silence, [clause], EMBEDDER).cited).toEqual([clause]);
    // a clause on the end that says nothing of survival is not the answer
    expect(inKind(q, first("Either party may terminate this Agreement on ninety (90) days' written notice."))).toBe(
      false,
    );
    // asked of one provision, the clause must speak of it
    const indemnity = "Does the indemnity survive termination of the Halden supply agreement?";
    expect(askedKinds(indemnity)).toEqual(["survival"]);
    expect(inKind(indemnity, clause)).toBe(true);
    expect(
      inKind(indemnity, first("Sections 4 (Confidentiality) and 11.2 (Governing Law) shall survive any termination.")),
    ).toBe(false);
  });

  it("answers where disputes are heard by the forum clause, and reads no forum into a law or another place", () => {
    expect(askedKinds("Where are disputes under the severance agreement arbitrated?")).toEqual(["forum"]);
    expect(askedKinds("Which courts hear a dispute with Acme?")).toEqual(["forum"]);
    // as a lawyer names it: the seat of the arbitration, the venue for disputes
    expect(askedKinds("seat of arbitration under the severance agreement?")).toEqual(["forum"]);
    expect(askedKinds("What is the place of arbitration?")).toEqual(["forum"]);
    expect(askedKinds("Venue for disputes under the Acme NDA?")).toEqual(["forum"]);
    expect(askedKinds("Is there a seat on the board for the investor?")).not.toContain("forum");
    // the seat or place names the forum asked, as "court" does: what is asked beyond it is nothing
    expect(topicBeyondKind("What is seat of arbitration under the severance agreement?")).toEqual([]);
    expect(topicBeyondKind("What is the place of arbitration under the Acme NDA?")).toEqual([]);
    expect(askedKinds("What law and forum apply to Amendment No. 2?")).toEqual(["law", "forum"]);
    expect(topicBeyondKind("What law and forum apply to Amendment No. 2?")).toEqual([]);
    // "choice of law" asks the law, nothing beyond it
    expect(askedKinds("Stremick's manufacturing agreement — choice of law?")).toEqual(["law"]);
    expect(topicBeyondKind("Stremick's manufacturing agreement — choice of law?")).toEqual([]);
    expect(topicBeyondKind("Does the franchisee have a choice of suppliers?")).toContain("choice");
    expect(askedKinds("Which jurisdiction's law governs?")).toEqual(["law"]);
    const q = "Where are disputes under the severance agreement arbitrated?";
    expect(
      inKind(
        q,
        first(
          "Any such dispute will be submitted to and settled by arbitration in San Jose, California, under the AAA rules.",
        ),
      ),
    ).toBe(true);
    expect(inKind(q, first("The Company shall pay the Executive's reasonable fees in any arbitration."))).toBe(false);
    expect(inKind(q, first("This Agreement shall be governed by the laws of the State of California."))).toBe(false);
    // "must … be brought" also reads as a duty: a sentence of any other duty is still no forum
    const courts = "In which courts must disputes under the NDA be brought?";
    expect(
      inKind(
        courts,
        first(
          "Recipient agrees that Discloser shall be entitled to such relief as may be granted by a court of competent jurisdiction.",
        ),
      ),
    ).toBe(false);
    expect(
      inKind(
        courts,
        first(
          "Venue for any litigation arising out of this Agreement shall be in any court located in San Francisco, California.",
        ),
      ),
    ).toBe(true);
  });

  it("answers a cap question by the sentence that caps the liability asked about, not by another ceiling", () => {
    const q = "Is Peregrine's liability to NEON capped?";
    const cap = first(
      "Licensor's total liability to Licensee under any provision of this Agreement shall be limited to the amount actually paid by Licensee.",
    );
    expect(inKind(q, cap)).toBe(true);
    // a ceiling on something else is no cap on liability
    expect(inKind(q, first("The number of units ordered in any quarter shall not exceed 10,000."))).toBe(false);
    // and a sentence on liability that caps nothing
    expect(inKind(q, first("Licensor shall be liable for any breach of its warranties."))).toBe(false);
  });

  it("asks for no kind when the question asks what something is", () => {
    expect(askedKinds("What is ScanSource's Territory under the Cisco agreement?")).toEqual([]);
    expect(askedKinds("When is the Closing Date under the agency agreement?")).toEqual([]);
  });
});

describe("askedKinds, in a lawyer's other words", () => {
  it("reads how disputes are resolved as a forum asked, of the parties it names as the instrument's", () => {
    const q = "How are disputes between STAAR and its distributor resolved?";
    expect(askedKinds(q)).toEqual(["forum"]);
    // whom the dispute is between are the parties, which the forum clause calls "the parties"
    expect(topicBeyondKind(q)).toEqual([]);
    expect(askedKinds("How is a dispute over the fees settled?")).toEqual(["forum"]);
    expect(askedKinds("How are the fees settled each month?")).toEqual([]);
    expect(
      inKind(
        q,
        first(
          "Any dispute between the parties shall be resolved exclusively through binding arbitration conducted in accordance with the Rules of Arbitration of the International Chamber of Commerce.",
        ),
      ),
    ).toBe(true);
    expect(
      inKind(q, first("Any dispute between the parties shall first be discussed by their senior executives.")),
    ).toBe(false);
  });

  it("reads who bears a cost as a duty asked, of the cost alone", () => {
    const q = "Who bears the transfer taxes?";
    expect(askedKinds(q)).toEqual(["provision"]);
    expect(topicBeyondKind(q)).toEqual(["transfer", "tax"]);
    expect(
      inKind(q, first("All transfer, documentary and stamp taxes shall be borne and paid by Seller when due.")),
    ).toBe(true);
    expect(inKind(q, first("Seller shall file all tax returns when due."))).toBe(false);
  });
});

describe("topicBeyondKind", () => {
  it("drops the words that name the kind, keeps what is asked about", () => {
    expect(topicBeyondKind("What restrictions apply to assignment?")).toEqual(["assignment"]);
    expect(topicBeyondKind("What insurance is required?")).toEqual(["insurance"]);
    expect(topicBeyondKind("Is ScanSource prohibited from soliciting Cisco employees?")).toEqual([
      "solicit",
      "employee",
    ]);
  });
});

describe("statesKind", () => {
  it("finds a modal of right, duty or bar, and the figures of a period, an amount and a law", () => {
    expect(statesKind("Either Party may terminate this Agreement upon ninety days notice.", ["provision"])).toBe(true);
    expect(statesKind("The Warranty Period is twelve (12) months from delivery.", ["period"])).toBe(true);
    expect(statesKind("The warranty covers defects in workmanship.", ["period"])).toBe(false);
    // a number in words past twelve, and a ten with its unit
    expect(statesKind("For a period of eighteen months from the date of this Agreement …", ["period"])).toBe(true);
    expect(statesKind("within forty-five (45) days of the invoice", ["period"])).toBe(true);
    expect(statesKind("within twenty four hours of the request", ["period"])).toBe(false);
    expect(statesKind("The fee is US $[***] per unit.", ["amount"])).toBe(true);
    expect(statesKind("This Agreement is governed by the laws of the State of Nevada.", ["law"])).toBe(true);
    expect(statesKind("The parties to this Agreement are Acme and Beta.", ["provision"])).toBe(false);
  });
});

describe("answerInKind", () => {
  it("cites the first sentence when it states the kind asked, about all that is asked", () => {
    const c = first("This Agreement may not be assigned by Licensee without the consent of Licensor.");
    const out = answerInKind("What restrictions apply to assignment?", silence, [c], EMBEDDER);
    expect(out.cited).toEqual([c]);
    expect(out.probability).toBe(0.37);
  });

  it("reads a law or a forum asked for in the first three sentences, any other kind in the first only", () => {
    const costs = first(
      "If either party sues to enforce this Agreement, the prevailing party shall recover its costs.",
    );
    const venue = first(
      "Venue for any litigation arising out of this Agreement shall be in the courts located in Boston.",
    );
    const q = "In which courts must disputes under the supply agreement be brought?";
    expect(answerInKind(q, silence, [costs, venue], EMBEDDER).cited).toEqual([venue]);
    // a sentence of a duty the question also reads ("must … be brought") is no forum below the first
    const duty = first("Each party shall bring any dispute under the supply agreement to the other's attention.");
    expect(answerInKind(q, silence, [costs, duty], EMBEDDER)).toBe(silence);
    // and a right stated second answers nothing
    const grant = first("Licensee may assign this Agreement to an affiliate.");
    expect(answerInKind("Can Licensee assign the Agreement?", silence, [costs, grant], EMBEDDER)).toBe(silence);
    const fourth = [costs, costs, costs, venue];
    expect(answerInKind(q, silence, fourth, EMBEDDER)).toBe(silence);
  });

  it("reads the heading of the provision a sentence is in, also where the passage's window leaves it out", () => {
    const text =
      "For a period of eighteen months from the date of this Agreement, Investor will not acquire any securities of the Company.";
    const q = "How long is the investor under a standstill?";
    const headed = scoredSentence(evidenceItem("nda", text, { provisionHeading: "Standstill" }), text, {
      words: new Set(contentWords(text)),
      p: 0.23,
    });
    expect(answerInKind(q, silence, [headed], EMBEDDER).cited).toEqual([headed]);
    const bare = scoredSentence(evidenceItem("nda", text), text, { words: new Set(contentWords(text)), p: 0.23 });
    expect(answerInKind(q, silence, [bare], EMBEDDER).cited).toEqual([]);
  });

  it("stays silent when the sentence leaves out a word of what is asked", () => {
    // a bar on soliciting orders is no bar on soliciting employees
    const c = first("3.4 Distributor agrees not to solicit orders for Products outside the Territory.");
    expect(inKind("Is ScanSource prohibited from soliciting Cisco employees?", c)).toBe(false);
    expect(answerInKind("Is ScanSource prohibited from soliciting Cisco employees?", silence, [c], EMBEDDER)).toBe(
      silence,
    );
  });

  it("stays silent when the sentence is not of the kind asked", () => {
    const c = first("The warranty covers defects in workmanship and materials.");
    expect(inKind("How long do the warranties last?", c)).toBe(false);
    const d = first("Neither party may assign this agreement without the other party's consent.");
    expect(inKind("Can either party terminate the confidentiality agreement on notice?", d)).toBe(false);
  });

  it("stays silent on a recital, a heading line and a lead-in", () => {
    const q = "What restrictions apply to assignment?";
    expect(inKind(q, first("WHEREAS, Licensee may not assign the licence without consent;"))).toBe(false);
    expect(inKind(q, first("Assignment may not be made without consent", { headingLine: true }))).toBe(false);
    expect(inKind(q, first("Licensee may not assign this Agreement except as follows:"))).toBe(false);
  });

  it("stays silent when the question asks for no kind, or for the kind alone but a law", () => {
    const c = first("(g) In no event shall Cisco be obliged to act outside the Territory.");
    expect(inKind("What is ScanSource's Territory under the Cisco agreement?", c)).toBe(false);
    const law = first("This Agreement shall be governed by the laws of the State of New York.");
    expect(inKind("Which state's law governs the supply agreement?", law)).toBe(true);
    // a conflict-of-laws aside between "laws" and "of the State" still names the law
    const aside = first(
      "35.1 This Agreement shall be governed by the internal laws, and not by the laws regarding conflicts of laws, of the State of New York.",
    );
    expect(inKind("Which state's law governs the software license with Bank of America?", aside)).toBe(true);
  });

  it('reads a law asked as a lawyer asks it, and named by a place before "law" or past any aside', () => {
    expect(askedKinds("Which law governs the employment letter?")).toEqual(["law"]);
    expect(askedKinds("What law applies to the note?")).toEqual(["law"]);
    expect(askedKinds("Is the guaranty governed by New York law?")).toEqual(["law"]);
    expect(askedKinds("Which party governs the committee?")).toEqual([]);
    const q = "Which law governs the CEO's employment letter?";
    expect(inKind(q, first("This letter will be governed by Florida law, excluding laws relating to conflicts."))).toBe(
      true,
    );
    expect(
      inKind(
        q,
        first(
          "This Agreement shall be governed by the internal substantive laws, but not the conflicts of law rules, of the State of California.",
        ),
      ),
    ).toBe(true);
    expect(inKind(q, first("THIS NOTE SHALL BE GOVERNED BY THE LAWS OF THE STATE OF NEW YORK."))).toBe(true);
    // what the law governs is the instrument: its own title speaks of it, another instrument's does not
    const severance = "Which law governs the CEO's change of control and severance agreement?";
    const clause = "This Agreement shall be governed by the internal laws of the State of California.";
    const titled = (title: string) =>
      scoredSentence({ ...evidenceItem("letter", clause), title }, clause, { words: new Set(contentWords(clause)) });
    expect(inKind(severance, titled("Change of Control and Severance Agreement"))).toBe(true);
    expect(inKind(severance, titled("Joint Filing Agreement"))).toBe(false);
    // nor when the question names parties none of the extract's documents names (another deal was reached)
    expect(inKind(severance, titled("Change of Control and Severance Agreement"), false)).toBe(false);
    // "this law" and a statute's name in lower case name no governing law; nor does a law's mere mention
    expect(inKind(q, first("Each party shall be governed by this law when it acts as agent."))).toBe(false);
    expect(inKind(q, first("The Executive shall comply with all applicable law."))).toBe(false);
  });

  it("returns a decision that cites, and any decision under the built-in relevance, unchanged", () => {
    const c = first("This Agreement may not be assigned by Licensee without the consent of Licensor.");
    const cited = { cited: [first("Another sentence.")], probability: 0.6 };
    expect(answerInKind("What restrictions apply to assignment?", cited, [c], EMBEDDER)).toBe(cited);
    expect(answerInKind("What restrictions apply to assignment?", silence, [c], BUILTIN_RELEVANCE)).toBe(silence);
    expect(answerInKind("What restrictions apply to assignment?", silence, [], EMBEDDER)).toBe(silence);
  });

  it("reads a long hostile sentence in linear time", () => {
    const text = `${"neither [ * * ".repeat(20_000)} shall`;
    const started = performance.now();
    expect(inKind("Is there a restriction on assignment?", first(text))).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

const LICENCE = `TRADEMARK LICENSE AGREEMENT.
Section 2 Royalties. Licensee shall pay the royalties set out in Schedule A each quarter.
Section 6 Assignment. This Agreement may not be assigned by Licensee without the prior written consent of Licensor.
Section 7 Notices. Notices are given in writing to the addresses above.`;
const docs = new Map([
  ["licence", documentRecord("licence", "base_agreement", null, "Trademark License Agreement.txt")],
]);
const extract = await buildExtract(
  [
    passageOf("licence", LICENCE, "Section 6", "of Licensor.", "s6"),
    passageOf("licence", LICENCE, "Section 2", "each quarter.", "s2"),
    passageOf("licence", LICENCE, "Section 7", undefined, "s7"),
  ],
  {
    text: () => LICENCE,
    document: (d) => docs.get(d) ?? null,
    node: (_d, _v, n) => ({ clauseRef: `Section ${n.slice(1)}`, fullRef: null, kind: "section" }) as never,
  },
);

describe("answerFromEvidence with the in-kind rule", () => {
  it("answers a silence from the first sentence when it states the restriction asked about", async () => {
    const a = await answerFromEvidence("What restrictions apply to assignment?", extract, () => LICENCE, {
      decision: silentDecision(EMBEDDER),
      relevance: nearTo("assigned"),
    });
    expect(a.abstained).toBe(false);
    expect(a.claims.map((c) => c.citations[0]?.display)).toEqual(["[Trademark License Agreement] Section 6"]);
  });

  it("stays silent when the first sentence does not speak of all that is asked", async () => {
    const a = await answerFromEvidence("What restrictions apply to sublicensing?", extract, () => LICENCE, {
      decision: silentDecision(EMBEDDER),
      relevance: nearTo("assigned"),
    });
    expect(a.abstained).toBe(true);
  });

  it("stays silent under a model fitted on the built-in relevance", async () => {
    const a = await answerFromEvidence("What restrictions apply to assignment?", extract, () => LICENCE, {
      decision: silentDecision(BUILTIN_RELEVANCE),
      relevance: nearTo("assigned"),
    });
    expect(a.abstained).toBe(true);
  });
});

const SEVERANCE = `CHANGE OF CONTROL AND SEVERANCE AGREEMENT
Section 4 Benefits. The Executive shall receive twelve months of base salary on a qualifying termination.
Section 9 Governing Law. This Agreement shall be governed by the laws of the State of California.`;
const severanceDocs = new Map([
  ["severance", documentRecord("severance", "base_agreement", null, "Change of Control and Severance Agreement.txt")],
]);
const severanceExtract = await buildExtract(
  [
    passageOf("severance", SEVERANCE, "Section 9", undefined, "s9"),
    passageOf("severance", SEVERANCE, "Section 4", "termination.", "s4"),
  ],
  {
    text: () => SEVERANCE,
    document: (d) => severanceDocs.get(d) ?? null,
    node: (_d, _v, n) => ({ clauseRef: `Section ${n.slice(1)}`, fullRef: null, kind: "section" }) as never,
  },
);

describe("answerFromEvidence with the in-kind rule, a law asked of an instrument by its title's words", () => {
  const ask = (q: string) =>
    answerFromEvidence(q, severanceExtract, () => SEVERANCE, {
      decision: silentDecision(EMBEDDER),
      relevance: nearTo("governed"),
    });

  it("answers from the governing-law clause of the instrument whose title the question names", async () => {
    const a = await ask("Which law governs the change of control and severance agreement?");
    expect(a.abstained).toBe(false);
    expect(a.claims[0]?.citations[0]?.quote).toContain("laws of the State of California");
  });

  it("stays silent when the question names a party no document of the extract names", async () => {
    const a = await ask("Which law governs Zorblax's change of control and severance agreement?");
    expect(a.abstained).toBe(true);
  });
});

describe("citeInKindOfPassage", () => {
  const clause =
    "If any dispute arises between the parties in connection with this Agreement, the dispute shall be referred to arbitration under the Arbitration Act by a panel of three arbitrators. " +
    "The proceedings of arbitration shall be in the English language. " +
    "Arbitration shall be held in Marlowe, Freedonia.";
  const item = evidenceItem("nda", clause);
  const [referred, language, held] = clause.split(/(?<=\.) /) as [string, string, string];
  const at = (t: string) => clause.indexOf(t);
  const referredSentence = scoredSentence(item, referred, { words: new Set(contentWords(referred)), p: 0.6 });
  const languageSentence = scoredSentence(item, language, {
    words: new Set(contentWords(language)),
    p: 0.2,
    at: at(language),
  });
  const heldSentence = scoredSentence(item, held, { words: new Set(contentWords(held)), p: 0.1, at: at(held) });
  const scored = [referredSentence, languageSentence, heldSentence];
  const q = "Where would a dispute under the NDA be arbitrated?";

  it("reads a language as no place of arbitration", () => {
    expect(statesKind(language, ["forum"])).toBe(false);
    expect(statesKind(held, ["forum"])).toBe(true);
  });

  it("cites the passage's sentence that states the place asked for in place of one that does not", () => {
    expect(citeInKindOfPassage(q, [referredSentence], scored)).toEqual([heldSentence]);
    // a sentence of the kind asked stays; so does every citation of a question that asks for no figure or place
    expect(citeInKindOfPassage(q, [heldSentence], scored)).toEqual([heldSentence]);
    expect(citeInKindOfPassage("Can either party refer a dispute to arbitration?", [referredSentence], scored)).toEqual(
      [referredSentence],
    );
  });

  it("reads a forum clause set in capitals by the place it names, not by its capital letters", () => {
    const named =
      "THE STATE OR FEDERAL COURTS LOCATED IN CHICAGO, ILLINOIS SHALL HAVE EXCLUSIVE JURISDICTION TO HEAR ANY CLAIM ARISING UNDER THIS AGREEMENT.";
    const submits =
      "THE COMPANY CONSENTS TO SUCH JURISDICTION IN ANY ACTION COMMENCED IN ANY SUCH COURT AND WAIVES ANY OBJECTION TO VENUE.";
    expect(statesKind(named, ["forum"])).toBe(true);
    expect(statesKind("EACH PARTY SUBMITS TO THE COURTS OF THE STATE OF FREEDONIA.", ["forum"])).toBe(true);
    expect(statesKind("ANY ARBITRATION SHALL TAKE PLACE IN NEW YORK, NEW YORK.", ["forum"])).toBe(true);
    // every word has a capital: "IN ANY SUCH COURT", "IN WRITING" name no place
    expect(statesKind(submits, ["forum"])).toBe(false);
    expect(statesKind("NO COURT SHALL GRANT RELIEF EXCEPT IN WRITING SIGNED BY THE PARTIES.", ["forum"])).toBe(false);
    const text = `${named} ${submits}`;
    const capitals = evidenceItem("credit", text);
    const first = scoredSentence(capitals, submits, { p: 0.7, at: text.indexOf(submits) });
    const second = scoredSentence(capitals, named, { p: 0.3 });
    expect(
      citeInKindOfPassage("Which courts does Acme submit to under its credit agreement?", [first], [first, second]),
    ).toEqual([second]);
  });

  it("takes no sentence of another passage", () => {
    const elsewhere = scoredSentence(evidenceItem("nda", held, { nodeId: "other" }), held, { p: 0.1 });
    expect(citeInKindOfPassage(q, [referredSentence], [referredSentence, elsewhere])).toEqual([referredSentence]);
  });
});
