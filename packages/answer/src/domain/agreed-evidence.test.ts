import { describe, expect, it } from "vitest";
import { agreedSentence, answerOnAgreement } from "./agreed-evidence.ts";
import { SILENCE_SENTENCE } from "./citations.ts";
import type { EvidenceItem } from "./evidence.ts";
import { BUILTIN_RELEVANCE } from "./evidence-decision.ts";
import type { Candidate, ScoredCandidate } from "./evidence-model.ts";
import { buildExtract } from "./extract.ts";
import { answerFromEvidence } from "./offline-answerer.ts";
import { documentRecord, nearTo, passageOf, silentDecision } from "./test-support.ts";

const item = (id: string): EvidenceItem => ({
  id,
  documentId: "nda",
  version: "v1",
  nodeId: id,
  start: 0,
  end: 100,
  text: "",
  docLabel: "NDA",
  role: "base_agreement",
  effectiveDate: null,
  transactionSetId: null,
  clauseRef: id,
});

/** A candidate sentence with the given coverage of the question's words. */
const sentence = (id: string, familyCoverage: number): Candidate => ({
  item: item(id),
  start: 0,
  end: 100,
  text: id,
  rank: 1,
  index: 0,
  coverage: familyCoverage,
  familyCoverage,
  words: new Set(),
  heading: [],
  previous: new Set(),
});

/** The decision's scoring of `candidates` with probabilities `p`, most probable first (as `scoreByEvidence`). */
const scoredAs = (candidates: readonly Candidate[], p: readonly number[]): ScoredCandidate[] =>
  candidates.map((c, i) => ({ ...c, p: p[i] as number })).sort((a, b) => b.p - a.p);

const EMBEDDER = "test-embedder@1";

describe("agreedSentence", () => {
  const cs = [sentence("s1", 0.2), sentence("s2", 0.6), sentence("s3", 0.3)];

  it("is the sentence relevance, coverage and the decision each put strictly first", () => {
    const agreed = agreedSentence(cs, [0.3, 0.5, 0.4], scoredAs(cs, [0.1, 0.3, 0.2]));
    expect(agreed?.item.id).toBe("s2");
    expect(agreed?.p).toBe(0.3);
  });

  it("is nothing when relevance puts another sentence first than coverage", () => {
    expect(agreedSentence(cs, [0.6, 0.5, 0.4], scoredAs(cs, [0.1, 0.3, 0.2]))).toBeUndefined();
  });

  it("is nothing when the decision ranks another sentence first", () => {
    expect(agreedSentence(cs, [0.3, 0.5, 0.4], scoredAs(cs, [0.1, 0.2, 0.3]))).toBeUndefined();
  });

  it("is nothing when any reading ties for first", () => {
    const tiedCoverage = [sentence("s1", 0.6), sentence("s2", 0.6), sentence("s3", 0.3)];
    expect(agreedSentence(tiedCoverage, [0.3, 0.5, 0.4], scoredAs(tiedCoverage, [0.1, 0.3, 0.2]))).toBeUndefined();
    expect(agreedSentence(cs, [0.3, 0.5, 0.5], scoredAs(cs, [0.1, 0.3, 0.2]))).toBeUndefined();
    expect(agreedSentence(cs, [0.3, 0.5, 0.4], scoredAs(cs, [0.1, 0.3, 0.3]))).toBeUndefined();
  });

  it("is nothing for a lone sentence, or relevance that does not match the candidates", () => {
    const one = [sentence("s1", 0.5)];
    expect(agreedSentence(one, [0.5], scoredAs(one, [0.3]))).toBeUndefined();
    expect(agreedSentence(cs, [0.3, 0.5], scoredAs(cs, [0.1, 0.3, 0.2]))).toBeUndefined();
    expect(agreedSentence(cs, [0.3, Number.NaN, 0.4], scoredAs(cs, [0.1, 0.3, 0.2]))).toBeUndefined();
  });
});

describe("answerOnAgreement", () => {
  const cs = [sentence("s1", 0.2), sentence("s2", 0.6), sentence("s3", 0.3)];
  const scored = scoredAs(cs, [0.1, 0.3, 0.2]);
  const relevance = [0.3, 0.5, 0.4];
  const silence = { cited: [], probability: 0.3 };

  it("cites the agreed sentence instead of a silence, keeping the decision's probability", () => {
    const r = answerOnAgreement(silence, cs, relevance, scored, EMBEDDER);
    expect(r.cited.map((s) => s.item.id)).toEqual(["s2"]);
    expect(r.probability).toBe(0.3);
  });

  it("leaves a decision that cites something as it is", () => {
    const cited = { cited: [scored[2] as ScoredCandidate], probability: 0.7 };
    expect(answerOnAgreement(cited, cs, relevance, scored, EMBEDDER)).toBe(cited);
  });

  it("is off under the built-in relevance, itself a cosine of the question's words", () => {
    expect(answerOnAgreement(silence, cs, relevance, scored, BUILTIN_RELEVANCE)).toBe(silence);
  });
});

const NDA = `MUTUAL NONDISCLOSURE AGREEMENT.
Section 3 Confidentiality. The Recipient shall hold all Confidential Information in strict confidence.
Section 4 Advisers. The Recipient may disclose Confidential Information to its professional advisers who are bound by duties of confidence.
Section 5 Return. Upon the Discloser's written request, the Recipient shall return all documents.`;
const docs = new Map([["nda", documentRecord("nda", "base_agreement", null, "Nondisclosure Agreement.txt")]]);
const extract = await buildExtract(
  [
    passageOf("nda", NDA, "Section 3", "strict confidence.", "s3"),
    passageOf("nda", NDA, "Section 4", "duties of confidence.", "s4"),
    passageOf("nda", NDA, "Section 5", undefined, "s5"),
  ],
  {
    text: () => NDA,
    document: (d) => docs.get(d) ?? null,
    node: (_d, _v, n) => ({ clauseRef: `Section ${n.slice(1)}`, fullRef: null, kind: "section" }) as never,
  },
);

describe("answerFromEvidence with the agreement rule", () => {
  // "discuss": a word neither Section 4 nor the lay words of `asked-in-lay-words.ts` read ("share" is read as
  // disclosing, which Section 4 states, so that rule would answer the silence this describe keeps)
  const q = "May the Recipient discuss Confidential Information with its professional advisers?";

  it("answers from the sentence an embedder's relevance, coverage and the decision agree on", async () => {
    const a = await answerFromEvidence(q, extract, () => NDA, {
      decision: silentDecision(EMBEDDER),
      relevance: nearTo("advisers"),
    });
    expect(a.abstained).toBe(false);
    expect(a.claims.map((c) => c.citations[0]?.display)).toEqual(["[Nondisclosure Agreement] Section 4"]);
  });

  it("stays silent when the embedder finds another sentence closest", async () => {
    const a = await answerFromEvidence(q, extract, () => NDA, {
      decision: silentDecision(EMBEDDER),
      relevance: nearTo("strict confidence"),
    });
    expect(a).toMatchObject({ abstained: true, text: SILENCE_SENTENCE, claims: [] });
  });

  it("stays silent under a model fitted on the built-in relevance", async () => {
    const a = await answerFromEvidence(q, extract, () => NDA, {
      decision: silentDecision(BUILTIN_RELEVANCE),
      relevance: nearTo("advisers"),
    });
    expect(a.abstained).toBe(true);
  });
});
