import { describe, expect, it } from "vitest";
import { BUILTIN_DECISION_MODEL_PATH, loadDecisionModel } from "../adapters/decision-model-file.ts";
import { verifyCitation } from "./citations.ts";
import { buildExtract } from "./extract.ts";
import {
  type AskSentence,
  citeEachInstrument,
  joinAskDecisions,
  namedInstrumentCount,
  questionAsks,
} from "./multi-ask.ts";
import { answerFromEvidence } from "./offline-answerer.ts";
import { documentRecord, passageOf } from "./test-support.ts";

describe("questionAsks", () => {
  it("splits coordinated asks, each opening with an asking word", () => {
    expect(questionAsks("What is the purchase price, and when is it payable?")).toEqual([
      "What is the purchase price?",
      "When is it payable?",
    ]);
    expect(questionAsks("Which law governs the lease and where must disputes be brought?")).toEqual([
      "Which law governs the lease?",
      "Where must disputes be brought?",
    ]);
    // a preposition before the asking word, and a second question mark
    expect(questionAsks("Is the licensee restricted from hiring employees, and for how long does it last?")).toEqual([
      "Is the licensee restricted from hiring employees?",
      "For how long does it last?",
    ]);
    expect(questionAsks("Who is the escrow agent? What fee does it charge?")).toEqual([
      "Who is the escrow agent?",
      "What fee does it charge?",
    ]);
    // a spaced dash between two asks, as a message writes them
    expect(questionAsks("How are the agents paid on the Tribute offering - what options do they get?")).toEqual([
      "How are the agents paid on the Tribute offering?",
      "What options do they get?",
    ]);
  });

  it("reads a dash before an ask as setting a topic apart, not as a second ask", () => {
    const topic = "Masonite/EPI purchase agreement — what's the outside date now?";
    expect(questionAsks(topic)).toEqual([topic]);
    const lead = "late royalty payments - what interest can Pizza Fusion charge the franchisee?";
    expect(questionAsks(lead)).toEqual([lead]);
    const inside = "Is the pre-closing period - if any - covered?";
    expect(questionAsks(inside)).toEqual([inside]);
  });

  it("keeps a question that coordinates no asks whole", () => {
    const one = "Is the loan between the lender and the borrower assignable?";
    expect(questionAsks(one)).toEqual([one]);
    const conflict = "If the lease and the guaranty conflict, which controls?";
    expect(questionAsks(conflict)).toEqual([conflict]);
  });

  it("joins an ask without a word of its own to the ask before it", () => {
    const q = "How many times was the lease amended, and when?";
    expect(questionAsks(q)).toEqual([q]);
    expect(questionAsks("What is the rent and when, and who pays the taxes?")).toEqual([
      "What is the rent and when?",
      "Who pays the taxes?",
    ]);
  });

  it("gives every ask the part that names the instrument", () => {
    expect(questionAsks("Under the Acme credit agreement: what is the interest rate, and when is it payable?")).toEqual(
      [
        "Under the Acme credit agreement: What is the interest rate?",
        "Under the Acme credit agreement: When is it payable?",
      ],
    );
  });

  it("does not throw on empty or punctuation-only text", () => {
    expect(questionAsks("")).toEqual([""]);
    expect(questionAsks(", and ?")).toEqual([", and ?"]);
  });
});

describe("joinAskDecisions", () => {
  const s = (documentId: string, nodeId: string, start: number, p: number): AskSentence => ({
    p,
    start,
    item: { documentId, version: "v1", nodeId, transactionSetId: "set-1" },
  });
  const law = s("lease", "s12", 100, 0.8);
  const forum = s("lease", "s13", 300, 0.3);
  const guaranty = s("guaranty", "s2", 40, 0.2);
  const scored = [law, forum, guaranty];

  it("cites each ask's best sentence beside the whole question's, as the whole question's candidate", () => {
    // the ask scored its own copy of the sentence; the join returns the whole question's object
    const asked = { ...forum, p: 0.9 };
    const r = joinAskDecisions({ cited: [law], probability: 0.7 }, [{ cited: [asked], probability: 0.85 }], scored);
    expect(r.cited).toEqual([law, forum]);
    expect(r.cited[1]).toBe(forum);
    expect(r.probability).toBe(0.85);
  });

  it("answers from an ask when the whole question was silent", () => {
    const r = joinAskDecisions(
      { cited: [], probability: 0.2 },
      [
        { cited: [], probability: 0.1 },
        { cited: [{ ...guaranty }], probability: 0.6 },
      ],
      scored,
    );
    expect(r).toEqual({ cited: [guaranty], probability: 0.6 });
  });

  it("cites an ask's sentence only from the deal of the first sentence cited", () => {
    const inSet = (x: AskSentence, transactionSetId: string | null): AskSentence => ({
      ...x,
      item: { ...x.item, transactionSetId },
    });
    const ours = [inSet(law, "deal-1"), inSet(forum, "deal-1"), inSet(guaranty, "deal-2")];
    const [lawIn, forumIn, other] = ours as [AskSentence, AskSentence, AskSentence];
    // the first ask (which names the deal) answers from deal-1; the later ask's deal-2 sentence is not cited
    const r = joinAskDecisions(
      { cited: [], probability: 0.2 },
      [
        { cited: [forumIn], probability: 0.6 },
        { cited: [other], probability: 0.9 },
      ],
      ours,
    );
    expect(r).toEqual({ cited: [forumIn], probability: 0.6 });
    const withWhole = joinAskDecisions(
      { cited: [lawIn], probability: 0.7 },
      [{ cited: [other], probability: 0.9 }],
      ours,
    );
    expect(withWhole.cited).toEqual([lawIn]);
  });

  it("adds nothing for an ask a cited provision already answers, or a sentence the whole question did not score", () => {
    const sameProvision = { ...law, start: 150 };
    const unknown = s("other", "s1", 0, 0.9);
    const r = joinAskDecisions(
      { cited: [law], probability: 0.7 },
      [
        { cited: [sameProvision], probability: 0.9 },
        { cited: [unknown], probability: 0.9 },
      ],
      scored,
    );
    expect(r).toEqual({ cited: [law], probability: 0.7 });
  });
});

describe("citeEachInstrument", () => {
  const s = (documentId: string, clauseRef: string, start: number, p: number): AskSentence => ({
    p,
    start,
    item: { documentId, version: "v1", nodeId: `${documentId}/${clauseRef}`, clauseRef },
  });
  const agreementLaw = s("dist", "Section 20.1", 900, 0.9);
  const agreementCap = s("dist", "Section 15", 700, 0.7);
  const licenceLaw = s("dist", "Exhibit C, Section 8", 1200, 0.6);
  const guarantyLaw = s("guaranty", "Section 9", 300, 0.55);
  const weak = s("side", "Section 1", 10, 0.2);
  const scored = [agreementLaw, agreementCap, licenceLaw, guarantyLaw, weak];
  const passes = (x: AskSentence) => x.p >= 0.5;

  it("counts the instruments a question names by kind", () => {
    expect(namedInstrumentCount("Is the guaranty governed by the same law as the credit agreement?")).toBe(2);
    expect(namedInstrumentCount("Which law governs this agreement?")).toBe(0);
  });

  it("cites the best sentence of a further instrument (an exhibit of the same document counts as one)", () => {
    const r = citeEachInstrument({ cited: [agreementLaw], probability: 0.8 }, scored, 2, passes);
    expect(r.cited).toEqual([agreementLaw, licenceLaw]);
    const three = citeEachInstrument({ cited: [agreementLaw], probability: 0.8 }, scored, 3, passes);
    expect(three.cited).toEqual([agreementLaw, licenceLaw, guarantyLaw]);
  });

  it("adds nothing below the bar, for a question naming one instrument, or to a silence", () => {
    const high = (x: AskSentence) => x.p >= 0.65;
    expect(citeEachInstrument({ cited: [agreementLaw], probability: 0.8 }, scored, 2, high).cited).toEqual([
      agreementLaw,
    ]);
    expect(citeEachInstrument({ cited: [agreementLaw], probability: 0.8 }, scored, 1, passes).cited).toEqual([
      agreementLaw,
    ]);
    expect(citeEachInstrument({ cited: [], probability: 0.1 }, scored, 2, passes).cited).toEqual([]);
  });
});

describe("answerFromEvidence on a question that asks two things (the shipped built-in decision model)", async () => {
  const LEASE = `OFFICE LEASE dated as of June 1, 2020.
Section 3 Rent. Tenant shall pay monthly base rent of $12,000 on the first day of each calendar month.
Section 5 Security Deposit. On signing, Tenant shall deposit with Landlord a security deposit of $36,000, returned within thirty days after the Lease ends.
Section 9 Insurance. Tenant shall maintain commercial general liability insurance of at least $2,000,000 per occurrence.
Section 12 Governing Law. This Lease shall be governed by the laws of the State of Texas.
Section 14 Notices. Notices shall be given in writing to the addresses set out below.`;
  const lease = documentRecord("lease", "base_agreement", null, "Lease.txt");
  const passage = (from: string, to: string, nodeId: string) => passageOf("lease", LEASE, from, to, nodeId);
  const extract = await buildExtract(
    [
      passage("Section 12", "Texas.", "Section 12"),
      passage("Section 3", "month.", "Section 3"),
      passage("Section 9", "occurrence.", "Section 9"),
      passage("Section 14", "below.", "Section 14"),
      passage("Section 5", "ends.", "Section 5"),
    ],
    {
      text: () => LEASE,
      document: () => lease,
      node: (_d, _v, n) => ({ clauseRef: n, fullRef: null, kind: "section" }) as never,
    },
  );
  const source = () => LEASE;
  const byEvidence = { decision: loadDecisionModel(BUILTIN_DECISION_MODEL_PATH) };
  const displays = (a: { claims: Array<{ citations: Array<{ display: string }> }> }) =>
    a.claims.flatMap((c) => c.citations.map((x) => x.display));

  it("cites the provision that answers each ask, each verified", async () => {
    const a = await answerFromEvidence(
      "Which state's laws govern this lease, and how much insurance must the tenant maintain?",
      extract,
      source,
      byEvidence,
    );
    expect(a.abstained).toBe(false);
    expect(displays(a)).toEqual(["[Lease] Section 12", "[Lease] Section 9"]);
    for (const c of a.claims.flatMap((x) => x.citations))
      expect(verifyCitation(c, extract, source)).toEqual({ ok: true });
  });

  it("cites nothing for an ask the extract does not answer, and is silent when no ask is answered", async () => {
    const one = await answerFromEvidence(
      "Which state's laws govern this lease, and who is the broker?",
      extract,
      source,
      byEvidence,
    );
    expect(displays(one)).toEqual(["[Lease] Section 12"]);
    const none = await answerFromEvidence(
      "Who is the broker, and what commission does the broker earn?",
      extract,
      source,
      byEvidence,
    );
    expect(none.abstained).toBe(true);
    expect(none.claims).toEqual([]);
  });
});
