import { describe, expect, it } from "vitest";
import { BUILTIN_DECISION_MODEL_PATH, loadDecisionModel } from "../adapters/decision-model-file.ts";
import {
  amendmentAsk,
  amendmentEvidence,
  asksOfItself,
  namedAmendment,
  operativeAmendment,
  withAmendmentEvidence,
} from "./amendment-answer.ts";
import type { EvidenceItem } from "./evidence.ts";
import { candidateSentences, type ScoredCandidate } from "./evidence-model.ts";
import { buildExtract } from "./extract.ts";
import { answerFromEvidence } from "./offline-answerer.ts";
import { documentRecord, passageOf, scoredSentence } from "./test-support.ts";

const item = (over: Partial<EvidenceItem> & Pick<EvidenceItem, "documentId" | "role">): EvidenceItem => ({
  id: "E1",
  version: "v1",
  nodeId: "n",
  start: 0,
  end: 100,
  text: "",
  docLabel: over.documentId,
  effectiveDate: null,
  transactionSetId: "set-1",
  clauseRef: null,
  ...over,
});

const sentence = (
  it: EvidenceItem,
  text: string,
  over: Partial<Pick<ScoredCandidate, "p" | "familyCoverage" | "headingLine" | "start" | "end">> = {},
): ScoredCandidate => scoredSentence(it, text, { coverage: over.familyCoverage ?? 0, ...over });

const notices = item({ documentId: "base", role: "base_agreement", clauseRef: "Section 18", start: 500, end: 700 });
const price = item({ documentId: "base", role: "base_agreement", clauseRef: "Section 4", start: 100, end: 300 });
const amendment = item({
  documentId: "amd",
  role: "amendment",
  clauseRef: "Section 3",
  start: 50,
  end: 250,
  effectiveDate: "2019-05-01",
  amends: [{ documentId: "base", start: 500, end: 700 }],
});
const amendmentOther = item({ documentId: "amd", role: "amendment", clauseRef: "Section 1", start: 0, end: 49 });

const oldNotice = sentence(notices, "Notices to the Buyer shall be sent to 188 Spear Street, San Francisco.", {
  p: 0.6,
  familyCoverage: 0.8,
});
const oldPrice = sentence(price, "The price is $10 per unit.", { p: 0.3, familyCoverage: 0.1 });
const amendingNotice = sentence(
  amendment,
  "The address for notices to the Buyer in Section 18 of the Agreement is hereby amended to read as follows: 1222 67th Street, Emeryville.",
  { p: 0.2, familyCoverage: 0.4 },
);
const recital = sentence(amendmentOther, "WHEREAS, the parties wish to amend the Agreement as set forth herein.", {
  p: 0.4,
  familyCoverage: 0.3,
});

describe("amendmentAsk", () => {
  it("reads questions about what an amendment did, or what is in force after it", () => {
    for (const q of [
      "What's the minimum order volume after Amendment No. 1?",
      "What is the term under the second amendment?",
      "When does the agreement expire, taking the amendments into account?",
      "Where do notices to the Buyer go now?",
      "Is the pledge still in place?",
      "Was the price adjustment clause changed?",
      "What is the commitment as amended?",
    ])
      expect(amendmentAsk(q, [notices, amendment]), q).toBe("effect");
  });

  it("reads in-force words as an amendment question only in a deal that holds an amending instrument", () => {
    for (const q of [
      "Where do notices to the Buyer go now?",
      "Is the pledge still in place?",
      "Was the price changed?",
    ])
      expect(amendmentAsk(q, [notices, price]), q).toBeNull();
    // nor does another deal's amendment in the extract: the deal is the one the decision read
    const otherDeal = sentence({ ...notices, documentId: "other", transactionSetId: "set-2" }, oldNotice.text, {
      p: 0.7,
      familyCoverage: 0.8,
    });
    expect(amendmentEvidence("Where do notices to the Buyer go now?", [otherDeal, amendingNotice])).toBeNull();
    expect(
      amendmentEvidence("Where do notices to the Buyer go now?", [otherDeal, amendingNotice], [oldNotice])?.sentence,
    ).toBe(amendingNotice);
    // a question that names an amendment asks about one wherever it is
    expect(amendmentAsk("What is the price after Amendment No. 1?", [notices, price])).toBe("effect");
  });

  it("reads which of two texts controls where they conflict", () => {
    expect(amendmentAsk("If the second amendment and the original agreement conflict, which controls?", [])).toBe(
      "conflict",
    );
    expect(amendmentAsk("Whose payment terms apply to the revenue share — the MSA's or Exhibit B's?", [])).toBe(
      "conflict",
    );
    // a choice of law is not a choice between two texts
    expect(amendmentAsk("What law governs Amendment No. 3 or the Agreement?", [amendment])).toBe("effect");
  });

  it("leaves other questions alone, a change of control among them", () => {
    for (const q of [
      "Which law governs the agreement?",
      "What happens on a change of control of the Borrower?",
      "How long is the notice period for termination?",
      "",
    ])
      expect(amendmentAsk(q, [notices, amendment]), q).toBeNull();
  });
});

describe("namedAmendment", () => {
  it("reads the amendment a question names, by number or otherwise, and none for the amendments together", () => {
    expect(namedAmendment("What law governs Amendment No. 3?")).toEqual({ number: 3, at: 17 });
    expect(namedAmendment("What changed under the second amendment?")).toMatchObject({ number: 2 });
    expect(namedAmendment("Under the 4th Amendment, who pays?")).toMatchObject({ number: 4 });
    expect(namedAmendment("Where can Heritage make products after the bottle amendment?")).toMatchObject({
      number: null,
    });
    expect(namedAmendment("When does it expire, taking the amendments into account?")).toBeNull();
    expect(namedAmendment("Which law governs the agreement?")).toBeNull();
  });
});

describe("asksOfItself", () => {
  it("reads a question about the named amendment itself apart from one about what is in force after or under it", () => {
    const itself = (q: string) => {
      const named = namedAmendment(q);
      return named !== null && asksOfItself(q, named);
    };
    for (const q of [
      "How long does Amendment No. 1 to the maintenance agreement stay in force?",
      "What law governs Amendment No. 3 and the side letter?",
      "When does the second amendment expire?",
      "Who signed the pricing amendment?",
      "Who are the parties to the amendment?",
      "Is Acme a party to Amendment No. 2?",
    ])
      expect(itself(q), q).toBe(true);
    for (const q of [
      "What is the minimum order volume after Amendment No. 1?",
      "What happened to the Lender Side Letter under Bird's Amendment No. 8?",
      "How was Exhibit F changed by Amendment No. 8?",
      "What does 'Amended Loan Agreement' mean in Amendment No. 8?",
      "What did the second amendment change?",
      "Does the amendment extend the term?",
      "How are disputes resolved under the maintenance agreement and its amendment?",
      "How long does the term run according to the amendment?",
    ])
      expect(itself(q), q).toBe(false);
  });

  it("asks of the amendment itself only its own term, effect, governing law, signing or parties", () => {
    const itself = (q: string) => {
      const named = namedAmendment(q);
      return named !== null && asksOfItself(q, named);
    };
    for (const q of [
      "When did Amendment No. 2 become effective?",
      "Which parties entered into the second amendment?",
      "Was the bottle amendment executed by both parties?",
    ])
      expect(itself(q), q).toBe(true);
    // the amendment named as the subject of a question on what it provides for the deal
    for (const q of [
      "What notice address does the second amendment give for Premier?",
      "Which products does the bottle amendment cover?",
      "What pricing schedule does Amendment No. 2 attach?",
    ])
      expect(itself(q), q).toBe(false);
  });
});

describe("amendmentEvidence", () => {
  it("takes the amending clause the set's edits name for the provision asked about", () => {
    const found = amendmentEvidence("Where do notices to the Buyer go now?", [
      oldNotice,
      recital,
      oldPrice,
      amendingNotice,
    ]);
    expect(found).toMatchObject({ kind: "targets", target: oldNotice });
    expect(found?.sentence).toBe(amendingNotice);
  });

  it("reads the provision asked about and its deal from the decision's own order, not a re-ranking of it", () => {
    // the re-ranking (`operative-first.ts`) copies the sentences it moves and gives each its slot's probability
    const moved = (c: ScoredCandidate, p: number): ScoredCandidate => ({ ...c, p });
    const silentNotice = sentence(amendment, amendingNotice.text, { p: 0.2, familyCoverage: 0 });
    const decision = [oldPrice, oldNotice, silentNotice];
    const reRanked = [moved(oldNotice, 0.6), moved(oldPrice, 0.4), silentNotice];
    // asked the price: the clause amending the notices the re-ranking put first is not what is asked
    expect(amendmentEvidence("What is the price after the amendment?", reRanked, [], decision)).toBeNull();
    expect(withAmendmentEvidence("What is the price after the amendment?", [], reRanked, 3, decision)).toEqual([]);
    // asked the notices, the decision's first: its amending clause, as the re-ranked list holds it
    const found = amendmentEvidence(
      "Where do notices to the Buyer go now?",
      reRanked.toReversed(),
      [],
      [oldNotice, oldPrice, silentNotice],
    );
    expect(found).toMatchObject({ kind: "targets", sentence: silentNotice, target: reRanked[0] });
    // the deal: the decision's most probable sentence is of a deal without an amendment
    const otherDeal = sentence({ ...notices, documentId: "other", transactionSetId: "set-2" }, oldNotice.text, {
      p: 0.7,
      familyCoverage: 0.8,
    });
    const withWords = sentence(amendment, amendingNotice.text, { p: 0.2, familyCoverage: 0.4 });
    expect(
      amendmentEvidence(
        "Where do notices to the Buyer go now?",
        [withWords, moved(otherDeal, 0.2)],
        [],
        [otherDeal, withWords],
      ),
    ).toBeNull();
  });

  it("without edits, takes the amendment's operative sentence that holds the question's words", () => {
    const terminated = sentence(
      amendmentOther,
      "On the Amendment Effective Date, the Parent Pledge shall automatically terminate and be of no further force or effect.",
      { p: 0.05, familyCoverage: 0.5 },
    );
    const found = amendmentEvidence("Is the Parent Pledge still in place after the amendment?", [
      oldPrice,
      recital,
      terminated,
    ]);
    expect(found).toEqual({ kind: "operative", sentence: terminated });
  });

  it("takes the decision's first sentence, an amending clause of the kind asked, over one with a word of the question", () => {
    const extended = sentence(
      amendmentOther,
      "Section 9.1(a)(iv) of the Agreement is hereby amended by replacing reference to “December 31, 2022” with “January 4, 2023”.",
      { p: 0.4, familyCoverage: 0 },
    );
    const schedule = sentence(
      amendmentOther,
      "Section 2.2(b) of the Disclosure Schedule is hereby amended to read as follows: the allocation is made as of the date hereof.",
      { p: 0.3, familyCoverage: 0.2 },
    );
    const q = "What is the outside date for terminating the purchase agreement now?";
    expect(amendmentEvidence(q, [extended, schedule])).toEqual({ kind: "operative", sentence: extended });
    expect(withAmendmentEvidence(q, [], [extended, schedule], 3)).toEqual([extended]);
    // not the decision's first: the sentence that holds the question's words, as before
    expect(amendmentEvidence(q, [oldPrice, extended, schedule])).toEqual({ kind: "operative", sentence: schedule });
    // a question whose words ask no kind is not answered by whatever the amendment changed first
    const invoicing = sentence(
      amendmentOther,
      "A new Section 1.5.3 shall be added to the Agreement as follows: the Supplier will invoice monthly.",
      { p: 0.4, familyCoverage: 0 },
    );
    const cap = sentence(
      amendmentOther,
      "Section 12 of the Agreement is hereby amended to read as follows: the Supplier's liability shall not exceed the fees paid.",
      { p: 0.2, familyCoverage: 0.5 },
    );
    expect(amendmentEvidence("Is the supplier's liability still capped?", [invoicing, cap])).toEqual({
      kind: "operative",
      sentence: cap,
    });
    // nor one that asks a date by a clause that states none
    expect(amendmentEvidence(q, [invoicing, schedule])).toEqual({ kind: "operative", sentence: schedule });
  });

  it("reads the new text an edit brings as operative where passage splitting put it after its lead-in's passage", () => {
    const filedAlone = { transactionSetId: null, documentId: "amd-alone", role: "amendment" as const };
    const leadInText =
      "Section 4 of the Agreement is hereby deleted in its entirety and replaced with the following:\n\n4. Non-Solicitation.";
    const newText = "This Agreement will continue until December 31, 2025. The Supplier shall deliver the goods.";
    const source = `${leadInText}\n${newText}`;
    const leadInPassage = item({ ...filedAlone, id: "E2", start: 0, end: leadInText.length, text: leadInText });
    const newPassage = item({ ...filedAlone, start: leadInText.length + 1, end: source.length, text: newText });
    // the decision's candidates, as they come from the extract (`candidateSentences` reads the passage before)
    const read = (extract: EvidenceItem[], text = source) =>
      candidateSentences([], extract, () => text).map((c) => ({ ...c, p: c.item === newPassage ? 0.3 : 0.2 }));
    const [inForce, next] = read([newPassage, leadInPassage]).filter((c) => c.item === newPassage);
    if (!inForce || !next) throw new Error("the new passage's sentences were not read");
    expect(inForce.before).toBe(leadInPassage);
    expect(operativeAmendment(inForce)).toBe(true);
    const q = "How long does the non-solicit last now?";
    expect(amendmentEvidence(q, read([newPassage, leadInPassage]))).toEqual({ kind: "operative", sentence: inForce });
    // nor a sentence that does not open its passage
    expect(next.before).toBeUndefined();
    expect(operativeAmendment(next)).toBe(false);
    // not without the lead-in's passage in the extract, nor after a passage that is no lead-in, nor far from it
    expect(operativeAmendment(read([newPassage])[0] as ScoredCandidate)).toBe(false);
    const plainText = "The Supplier shall deliver the goods to the Buyer.";
    const plainSource = `${plainText.padEnd(leadInText.length, " ")}\n${newText}`;
    const plain = { ...leadInPassage, end: plainText.length, text: plainText };
    expect(
      operativeAmendment(read([newPassage, { ...plain, end: leadInText.length }], plainSource)[0] as ScoredCandidate),
    ).toBe(false);
    const far = { ...leadInPassage, end: leadInPassage.end - 40, text: leadInText.slice(0, -40) };
    expect(read([newPassage, far])[0]?.before).toBeUndefined();
  });

  it("answers a silence from the amendment's most probable operative sentence, past its recital", () => {
    const terminated = sentence(
      amendmentOther,
      "On the Amendment Effective Date, the Parent Pledge shall automatically terminate and be of no further force or effect.",
      { p: 0.05, familyCoverage: 0.5 },
    );
    const q = "Is the Parent Pledge still in place after the amendment?";
    // the recital is the decision's first sentence of the amendment; it reads no amendment
    expect(withAmendmentEvidence(q, [], [oldPrice, recital, terminated], 3)).toEqual([terminated]);
    // another operative sentence of the amendment above it is the decision's reading: the silence stands
    const released = sentence(amendmentOther, "The Guarantor is hereby released from the Guaranty.", {
      p: 0.1,
      familyCoverage: 0,
    });
    expect(withAmendmentEvidence(q, [], [oldPrice, recital, released, terminated], 3)).toEqual([]);
  });

  it("for which controls, takes the precedence clause, the amending instrument's first", () => {
    const baseOrder = sentence(
      price,
      "In the event of any conflict between this Agreement and any exhibit, this Agreement shall prevail.",
      { p: 0.5, familyCoverage: 0.5 },
    );
    const prevails = sentence(
      amendmentOther,
      "To the extent any provision of this Amendment conflicts with the Agreement, this Amendment shall prevail and govern.",
      { p: 0.1, familyCoverage: 0.5 },
    );
    const found = amendmentEvidence("If the amendment and the agreement conflict, which controls?", [
      baseOrder,
      oldNotice,
      prevails,
    ]);
    expect(found).toEqual({ kind: "precedence", sentence: prevails });
  });

  it("for which controls between an amendment and its agreement, never takes the agreement's own order of documents", () => {
    const baseOrder = sentence(
      price,
      "The terms of this Agreement shall supersede and take precedence over any conflicting terms of a purchase order.",
      { p: 0.5, familyCoverage: 0.5 },
    );
    expect(
      amendmentEvidence("If the amendment and the agreement conflict, which controls?", [baseOrder, recital]),
    ).toBeNull();
    expect(amendmentEvidence("If a purchase order and the agreement conflict, which controls?", [baseOrder])).toEqual({
      kind: "precedence",
      sentence: baseOrder,
    });
  });

  it("takes the amending clause that names the clause the question names", () => {
    const other = sentence(
      amendmentOther,
      'Section 2(m) of the Agreement is amended so that the term "Units" is replaced.',
      {
        p: 0.5,
        familyCoverage: 0.3,
      },
    );
    const named = sentence(
      amendmentOther,
      'Section 2(c) of the Agreement is amended so that "Units" is now "Tetra Units".',
      {
        p: 0.3,
        familyCoverage: 0.3,
      },
    );
    expect(
      amendmentEvidence("After the second amendment, what are the 'Units' in Section 2(c) called?", [other, named]),
    ).toEqual({
      kind: "names-clause",
      sentence: named,
      clause: "2(c)",
    });
  });

  it("for which controls without an amendment, takes a precedence clause that holds the question's words", () => {
    const exhibit = item({ documentId: "msa", role: "schedule_or_exhibit", clauseRef: "Exhibit B" });
    const supersedes = sentence(
      exhibit,
      "The payment term provision above shall supersede the payment term set forth in Exhibit A.",
      {
        p: 0.1,
        familyCoverage: 0.6,
      },
    );
    const found = amendmentEvidence("Whose payment terms apply — the MSA's or Exhibit B's?", [oldPrice, supersedes]);
    expect(found).toEqual({ kind: "precedence", sentence: supersedes });
  });

  it("finds nothing where no operative amending text holds the question's words", () => {
    // a recital says the parties wish to amend: no operative form
    expect(amendmentEvidence("What is the price after the amendment?", [oldPrice, recital])).toBeNull();
    // an operative clause that shares no word with the question, and no edit to a provision that does
    const unrelated = sentence(amendmentOther, "Section 9 of the Agreement is hereby deleted.", { familyCoverage: 0 });
    expect(amendmentEvidence("What is the price after the amendment?", [oldPrice, unrelated])).toBeNull();
    // not a question about an amendment
    expect(amendmentEvidence("Where do notices to the Buyer go?", [oldNotice, amendingNotice])).toBeNull();
  });

  it("reads no operative text in an amendment's annex (the agreement as amended) or a document that amends nothing", () => {
    const annex = item({ documentId: "amd", role: "amendment", clauseRef: "Exhibit A, Section 18" });
    expect(operativeAmendment(sentence(annex, "Section 18 is hereby amended to read as follows: Emeryville."))).toBe(
      false,
    );
    // an agreement of no set: its own amendment clause operates nothing (an amendment filed alone does:
    // amendment-filed-alone.test.ts)
    const unset = item({ documentId: "base2", role: "base_agreement", transactionSetId: null });
    expect(operativeAmendment(sentence(unset, "Section 18 is hereby amended to read as follows: Emeryville."))).toBe(
      false,
    );
    expect(operativeAmendment(amendingNotice)).toBe(true);
  });

  it("reads a sentence of an amending passage as operative only when it amends or is the new text an edit brings", () => {
    const TEXT =
      "PC QUOTE INC, S-1/A The text of Section 2. A. and B. of the Agreement is hereby deleted in its entirety and the following language is inserted in its stead: The term of the Agreement shall end on June 30, 2001.";
    const passage = item({
      documentId: "amd",
      role: "amendment",
      clauseRef: "Section 2",
      start: 1000,
      end: 1000 + TEXT.length,
      text: TEXT,
      amends: [{ documentId: "base", start: 500, end: 700 }],
    });
    const at = (text: string) => sentence(passage, text, { start: 1000 + TEXT.indexOf(text) });
    // a page header and a fragment beside the amending clause change nothing
    expect(operativeAmendment(at("PC QUOTE INC, S-1/A"))).toBe(false);
    expect(operativeAmendment(at("The text of Section 2."))).toBe(false);
    // the amending words, and the new text after the lead-in, do
    expect(
      operativeAmendment(
        at(
          "A. and B. of the Agreement is hereby deleted in its entirety and the following language is inserted in its stead:",
        ),
      ),
    ).toBe(true);
    expect(operativeAmendment(at("The term of the Agreement shall end on June 30, 2001."))).toBe(true);
    // a passage that is the new text alone (brought in as the text in force) is operative whole
    const NEW = "During the Term, the Buyer shall purchase at least 1,000 Units in each year.";
    const inForce = item({ ...passage, start: 2000, end: 2000 + NEW.length, text: NEW });
    expect(operativeAmendment(sentence(inForce, NEW))).toBe(true);
    // the same sentence in an amending passage the edits read nothing from is no operative text
    expect(operativeAmendment(sentence({ ...inForce, amends: [] }, NEW))).toBe(false);
  });
});

describe("withAmendmentEvidence", () => {
  it("cites the amending clause first with the provision it amends, never superseded text as current, nor what reads apart", () => {
    const superseded = sentence(
      { ...notices, supersededBy: "Section 18 of base, as replaced by amd Section 3 (effective 2019-05-01)" },
      "Notices to the Buyer shall be sent to 188 Spear Street, San Francisco.",
      { p: 0.6, familyCoverage: 0.8 },
    );
    const replaced = withAmendmentEvidence(
      "Where do notices to the Buyer go now?",
      [superseded, oldPrice],
      [superseded, oldPrice, amendingNotice],
      3,
    );
    expect(replaced[0]).toBe(amendingNotice);
    expect(replaced).not.toContain(superseded);
    expect(replaced).not.toContain(oldPrice);
    // amended in part: the provision stays beside its amending clause (the precedence step notes "as amended by")
    expect(
      withAmendmentEvidence(
        "Where do notices to the Buyer go now?",
        [oldNotice, oldPrice],
        [oldNotice, oldPrice, amendingNotice],
        3,
      ),
    ).toEqual([amendingNotice, oldNotice]);
  });

  it("answers a silence of the decision from the amending clause alone", () => {
    expect(withAmendmentEvidence("Where do notices to the Buyer go now?", [], [oldNotice, amendingNotice], 3)).toEqual([
      amendingNotice,
    ]);
  });

  it("leaves the decision alone when it already cites an operative amending clause, or the question is not about one", () => {
    const terminated = sentence(
      amendmentOther,
      "On the Effective Date, the Side Letter shall automatically terminate.",
      {
        p: 0.5,
        familyCoverage: 0.2,
      },
    );
    expect(
      withAmendmentEvidence(
        "Where do notices to the Buyer go now?",
        [terminated],
        [terminated, oldNotice, amendingNotice],
        3,
      ),
    ).toEqual([terminated]);
    expect(withAmendmentEvidence("Where do notices to the Buyer go?", [], [oldNotice, amendingNotice], 3)).toEqual([]);
    expect(
      withAmendmentEvidence("Where do notices to the Buyer go?", [oldNotice], [oldNotice, amendingNotice], 3),
    ).toEqual([oldNotice]);
  });

  it("on a silence, answers from an operative sentence found by its words only when the decision ranks it first of the amendment's", () => {
    const deleted = sentence(amendmentOther, "Section 9 (Price) of the Agreement is hereby deleted.", {
      p: 0.05,
      familyCoverage: 0.3,
    });
    const ranked = [oldPrice, deleted];
    expect(withAmendmentEvidence("What is the price after the amendment?", [], ranked, 3)).toEqual([deleted]);
    const otherChange = sentence(amendmentOther, "Section 12 of the Agreement is hereby deleted.", { p: 0.1 });
    expect(
      withAmendmentEvidence("What is the price after the amendment?", [], [oldPrice, otherChange, deleted], 3),
    ).toEqual([]);
    // which controls is answered by a precedence clause or not at all
    expect(amendmentEvidence("If the amendment and the agreement conflict, which controls?", ranked)).toBeNull();
  });

  it("keeps the decision's own sentence of the amendment the question names, unless it asks what changed", () => {
    const law = sentence(
      { ...amendmentOther, clauseRef: "Section 5", start: 300, end: 400 },
      "This Amendment No. 2 shall be governed by the laws of the State of New York.",
      { p: 0.7, familyCoverage: 0.5 },
    );
    const scored = [law, amendingNotice, oldNotice];
    expect(withAmendmentEvidence("What law governs Amendment No. 2 and the notices?", [law], scored, 3)).toEqual([law]);
    expect(withAmendmentEvidence("What law governs the amendment and the notices?", [law], scored, 3)).toEqual([law]);
    // asked what the amendment changed, a sentence that changes nothing gives way to the amending clause
    expect(withAmendmentEvidence("How were the notices changed by Amendment No. 2?", [law], scored, 3)[0]).toBe(
      amendingNotice,
    );
    // another amendment's sentence, where the extract tells the two apart, is not the one named
    const first = sentence(
      item({ documentId: "amd1", role: "amendment", start: 0, end: 90 }),
      "This Amendment No. 1 shall be governed by the laws of the State of New York.",
      { p: 0.7, familyCoverage: 0.5 },
    );
    expect(
      withAmendmentEvidence("What law governs the notices under Amendment No. 2?", [first], [first, ...scored], 3)[0],
    ).toBe(amendingNotice);
  });

  it("answers what a question asks of the named amendment itself from its own clause, never from what it amends", () => {
    const ownTerm = sentence(
      { ...amendmentOther, clauseRef: "Section 4", start: 300, end: 420 },
      "This Amendment shall enter into force on the date of its signature and shall remain in force until the End Date.",
      { p: 0.15, familyCoverage: 0.4 },
    );
    const term = sentence(
      item({ documentId: "base", role: "base_agreement", clauseRef: "Section 3", start: 800, end: 900 }),
      "The Term of the Agreement ends on the End Date.",
      { p: 0.3, familyCoverage: 0.4 },
    );
    const q = "How long does Amendment No. 2 stay in force, and when does the Term end?";
    expect(amendmentEvidence(q, [term, ownTerm, amendingNotice], [term])).toEqual({ kind: "own", sentence: ownTerm });
    expect(withAmendmentEvidence(q, [term], [term, amendingNotice, ownTerm], 3)).toEqual([ownTerm, term]);
    // no clause of its own holds the question's words: nothing, not an amending clause
    expect(amendmentEvidence(q, [term, amendingNotice], [term])).toBeNull();
  });

  it("keeps the decision's sentence of an amending instrument against an operative sentence found by its words alone", () => {
    const effective = sentence(
      { ...amendmentOther, start: 10, end: 48 },
      "This amendment to Section 7 (Term) is made effective March 1, 2019.",
      { p: 0.6, familyCoverage: 0.5 },
    );
    const deleted = sentence(
      item({
        documentId: "amd2",
        role: "amendment",
        start: 0,
        end: 90,
        amends: [{ documentId: "x", start: 0, end: 9 }],
      }),
      "Section 7 of the Agreement is hereby deleted.",
      { p: 0.1, familyCoverage: 0.3 },
    );
    const q = "How many times was the term section amended, and when?";
    expect(amendmentEvidence(q, [effective, deleted], [effective])).toEqual({ kind: "operative", sentence: deleted });
    expect(withAmendmentEvidence(q, [effective], [effective, deleted], 3)).toEqual([effective]);
  });

  it("keeps at most `max` sentences", () => {
    const out = withAmendmentEvidence(
      "Where do notices to the Buyer go now?",
      [oldNotice, oldPrice],
      [oldNotice, oldPrice, amendingNotice],
      1,
    );
    expect(out).toEqual([amendingNotice]);
  });
});

describe("an offline answer about an amendment (the shipped decision model for the built-in relevance)", () => {
  const BASE = `SUPPLY AGREEMENT dated as of January 5, 2015.
Section 4 Price. The price of the Products is set out in Schedule A.
Section 18 Notices. Notices to the Buyer shall be sent to 188 Spear Street, San Francisco, CA.`;
  const AMENDMENT = `AMENDMENT NO. 2 TO SUPPLY AGREEMENT dated as of May 1, 2019.
Section 1. Section 18 of the Agreement is hereby amended so that notices to the Buyer shall be sent to 1222 67th Street, Emeryville, CA.
Section 2. Except as amended hereby, the Agreement remains in full force and effect.`;
  const texts = new Map([
    ["base", BASE],
    ["amd", AMENDMENT],
  ]);
  const source = (d: string) => texts.get(d) ?? null;
  const docs = new Map([
    ["base", documentRecord("base", "base_agreement", "2015-01-05", "Supply Agreement.txt")],
    ["amd", documentRecord("amd", "amendment", "2019-05-01", "Amendment No 2.txt")],
  ]);
  const passage = passageOf;
  const extractOf = () =>
    buildExtract(
      [
        passage("base", BASE, "Section 18", "CA.", "Section 18"),
        passage("base", BASE, "Section 4", "Schedule A.", "Section 4"),
        passage("amd", AMENDMENT, "Section 2.", "effect.", "Section 2"),
        passage("amd", AMENDMENT, "Section 1.", "CA.", "Section 1"),
      ],
      {
        text: source,
        document: (id) => docs.get(id) ?? null,
        node: (_d, _v, n) => ({ clauseRef: n, fullRef: null, kind: "section" }) as never,
      },
    );
  const byEvidence = { decision: loadDecisionModel(BUILTIN_DECISION_MODEL_PATH) };

  it("cites the amending clause as the text in force, never the superseded address", async () => {
    const extract = await extractOf();
    const a = await answerFromEvidence("Where do notices to the Buyer go now?", extract, source, byEvidence);
    expect(a.abstained).toBe(false);
    const quotes = a.claims.flatMap((c) => c.citations.map((x) => x.quote));
    expect(quotes[0]).toContain("1222 67th Street");
    expect(quotes.some((q) => q.includes("188 Spear Street"))).toBe(false);
  });
});
