import { describe, expect, it } from "vitest";
import { loadEvidenceModel } from "../adapters/evidence-model-file.ts";
import type { EvidenceItem } from "./evidence.ts";
import {
  answerScore,
  askedTerm,
  COVERAGE_RULE,
  candidateFeatures,
  candidateSentences,
  definesTerm,
  EVIDENCE_MODEL_FORMAT,
  type EvidenceModel,
  evidenceModelId,
  evidenceProbability,
  isHeadingLine,
  modelWording,
  nearestWording,
  parseEvidenceModel,
  pickEvidence,
  provisionTerms,
  questionTerms,
  questionTypeKey,
  sameFamily,
  scoreCandidates,
  sentenceShapes,
  serializeEvidenceModel,
  trainedWording,
  wordingLikeness,
} from "./evidence-model.ts";
import { trainLogistic } from "./evidence-training.ts";
import { exemplarIdf, exemplarTerms } from "./exemplars.ts";
import { hashedFeatures } from "./features.ts";
import { answerOffline } from "./offline-answerer.ts";
import { evidenceItem } from "./test-support.ts";

// Small contracts in which the governing-law sentence and the notice sentence sit among others.
const contract = (state: string, days: number) =>
  [
    "1. Term. This Agreement commences on the Effective Date and continues for three years.",
    `2. Notices. Any notice under this Agreement shall be given in writing at least ${days} days in advance.`,
    `3. Governing Law. This Agreement is governed by the laws of the State of ${state}.`,
    "4. Assignment. Neither party may assign this Agreement without the prior written consent of the other party.",
    "5. Counterparts. This Agreement may be executed in counterparts, each of which is an original.",
  ].join("\n\n");

const item = (documentId: string, text: string): EvidenceItem => evidenceItem(documentId, text);

const LAW_Q = "Consider the Services Agreement; which state's law governs the contract?";
const BITS = 14;

/** Trains on a few contracts with the governing-law sentence labelled, as `lexnav train evidence` would. */
function trainedModel(): EvidenceModel {
  const terms = questionTerms(LAW_Q);
  const rows = ["Delaware", "Texas", "Ohio", "Utah", "Iowa", "Maine"].flatMap((state, i) => {
    const text = contract(state, 10 + i);
    return candidateSentences(terms, [item(`d${i}`, text)], () => text).map((c) => ({
      features: candidateFeatures(terms, c, BITS),
      label: (c.text.includes("governed by") ? 1 : 0) as 0 | 1,
    }));
  });
  return {
    format: EVIDENCE_MODEL_FORMAT,
    bits: BITS,
    weights: trainLogistic(rows, { bits: BITS, epochs: 20, learningRate: 0.3 }),
    decision: { threshold: 0.5, keepRatio: 0.8, maxSentences: 2 },
    questionTypes: new Set([questionTypeKey(terms)]),
    exemplars: null,
    provenance: { test: true },
  };
}

describe("evidence model", () => {
  it("knows a wording when the question names the contract it asks about instead of saying 'the contract'", () => {
    const model = trainedModel();
    const known = questionTypeKey(questionTerms(LAW_Q));
    const named = "Which state's law governs the Services Agreement?";
    expect(modelWording(model, named)).toMatchObject({ familiar: true, typeKey: known });
    expect(modelWording(model, "Which state's law governs this Agreement?")).toMatchObject({ typeKey: known });
    expect(modelWording(model, "Which state's law governs the notices?").familiar).toBe(false);
    // a wording that does not say the contract: the question's naming of it is set aside
    const bare = { ...model, questionTypes: new Set([questionTypeKey(questionTerms("Is there a cap on liability?"))]) };
    expect(modelWording(bare, "Is there a cap on liability in the supply agreement?").familiar).toBe(true);
    expect(modelWording(bare, "Is there a cap on liability under this Agreement?").familiar).toBe(true);
    expect(modelWording(bare, "Is there a cap on liability for fees?").familiar).toBe(false);
    // scored by the model it was trained as, not by the coverage rule ("law" is not "laws")
    const text = contract("Oregon", 30);
    const r = scoreCandidates(model, named, [item("d9", text)], () => text);
    expect(r.scorer).toBe("model");
    expect(r.scored[0]?.text).toContain("governed by the laws of the State of Oregon");
  });

  it("reads a question asked in other words as the trained wording it is clearly nearest to, and says so", () => {
    const law = trainedWording("Which law governs this contract?");
    const beneficiaries = trainedWording("Are there third-party beneficiaries?");
    const cap = trainedWording("Is there a cap on liability?");
    const uncapped = trainedWording("Is any liability uncapped?");
    const wordings = [law, beneficiaries, cap, uncapped];
    expect(wordingLikeness(questionTerms("What is the governing law?"), law.terms)).toBe(1);
    expect(nearestWording(wordings, questionTerms("Does the agreement have third party beneficiaries?"))).toBe(
      beneficiaries,
    );
    // one shared word reads a question as a wording only when that word is rare
    const granted = trainedWording("What licenses are granted?");
    const rarity = (t: string) => (t === "granted" || t === "grant" ? 3 : 6);
    expect(nearestWording([granted, law], questionTerms("What security is granted?"))).toBe(granted);
    expect(nearestWording([granted, law], questionTerms("What security is granted?"), rarity)).toBeNull();
    expect(nearestWording([granted, law], questionTerms("What sublicenses are granted?"), rarity)).toBeNull();
    const perpetual = trainedWording("Are any licenses irrevocable or perpetual?");
    expect(nearestWording([perpetual, law], ["perpetual"], rarity)).toBe(perpetual);
    // the words of the question as asked count, the instrument it names included
    expect(nearestWording([granted, law], ["scope", "grant"], rarity)).toBeNull();
    expect(nearestWording([granted, law], ["scope", "grant"], rarity, ["scope", "license", "grant"])).toBe(granted);
    // alike to nothing, or as alike to two wordings: none
    expect(nearestWording(wordings, questionTerms("Who pays the shipping costs?"))).toBeNull();
    expect(nearestWording([cap, { ...cap }], questionTerms("Is liability capped?"))).toBeNull();

    const model = trainedModel();
    const known = trainedWording(LAW_Q);
    expect(known.text).toBe("which state's law governs the contract?");
    const withWordings = { ...model, wordings: [known, beneficiaries] };
    // the model reads it as the wording, with the wording's terms and key, and says which
    expect(modelWording(withWordings, "What is the governing law for the services?")).toEqual({
      terms: known.terms,
      typeKey: questionTypeKey(known.terms),
      familiar: true,
      readAs: known.text,
    });
    expect(modelWording(withWordings, LAW_Q).readAs).toBeNull();
    expect(modelWording(withWordings, "Which state's law governs the Services Agreement?").readAs).toBe(known.text);
    expect(modelWording(model, "What is the governing law for the services?").familiar).toBe(false);
    // kept in the file as text, and only wordings it was trained on
    const stray = trainedWording("Is there a stray clause?");
    const back = parseEvidenceModel(serializeEvidenceModel({ ...withWordings, wordings: [known, stray] }));
    expect(back.wordings).toEqual([known]);
    expect(JSON.parse(serializeEvidenceModel(withWordings)).wordings).toEqual([known.text, beneficiaries.text]);
  });

  it("reads the asking part of a question, not the document's name", () => {
    expect(questionTerms(LAW_Q)).not.toContain("services");
    expect(questionTerms(LAW_Q)).toEqual(expect.arrayContaining(["law", "govern"]));
  });

  it("splits the extract into candidates with rank, index, coverage and the previous sentence", () => {
    const text = contract("Delaware", 30);
    const c = candidateSentences(questionTerms(LAW_Q), [item("d", text)], () => text);
    const law = c.find((x) => x.text.includes("governed by"));
    expect(law).toBeDefined();
    expect(text.slice(law?.start, law?.end)).toBe(law?.text);
    expect(law?.rank).toBe(1);
    expect(law?.coverage).toBeGreaterThan(c.find((x) => x.text.includes("counterparts"))?.coverage ?? 1);
    expect(law?.previous.size).toBeGreaterThan(0);
  });

  it("names the shapes of a sentence", () => {
    expect(sentenceShapes("The Fee is $5,000 payable within 30 days after March 1, 2020.")).toEqual(
      expect.arrayContaining(["#money", "#period", "#date", "#number"]),
    );
    expect(sentenceShapes("The Company shall not compete.")).toEqual(expect.arrayContaining(["#neg", "#oblig"]));
    expect(sentenceShapes("The Company shall not compete.")).not.toContain("#money");
  });

  it("learns from labelled sentences to find the same kind of evidence in a contract it never saw", () => {
    const model = trainedModel();
    const text = contract("Vermont", 45);
    const { scored, scorer } = scoreCandidates(model, LAW_Q, [item("new", text)], () => text);
    expect(scorer).toBe("model");
    expect(scored[0]?.text).toContain("State of Vermont");
    expect(scored[0]?.p).toBeGreaterThan(0.5);
    expect(scored.at(-1)?.p).toBeLessThan(0.5);
    const a = answerOffline(LAW_Q, [item("new", text)], () => text, { model });
    expect(a.abstained).toBe(false);
    expect(a.claims.map((c) => c.citations[0]?.quote)).toEqual([
      "This Agreement is governed by the laws of the State of Vermont.",
    ]);
  });

  it("abstains on a contract without the clause: none of its sentences is likely evidence", () => {
    const model = trainedModel();
    const silent = contract("Vermont", 45)
      .split("\n\n")
      .filter((l) => !l.includes("Governing"))
      .join("\n\n");
    const { scored } = scoreCandidates(model, LAW_Q, [item("quiet", silent)], () => silent);
    expect(scored[0]?.p).toBeLessThan(0.5);
    expect(answerOffline(LAW_Q, [item("quiet", silent)], () => silent, { model }).abstained).toBe(true);
  });

  it("falls back to the coverage rule for a question worded like none it was trained on", () => {
    const model = trainedModel();
    const text = contract("Vermont", 45);
    const r = scoreCandidates(model, "How many days of notice must be given?", [item("new", text)], () => text);
    expect(r.scorer).toBe("coverage");
    expect(r.scored[0]?.text).toContain("45 days");
    // Coverage and rank, plus a small share of the model's logit from the features that do not
    // depend on the wording (a sentence the model has learnt reads like evidence gains a little).
    const terms = questionTerms("How many days of notice must be given?");
    const top = r.scored[0] as (typeof r.scored)[number];
    const p = evidenceProbability(model.weights, candidateFeatures(terms, top, model.bits, false));
    const expected =
      top.coverage - COVERAGE_RULE.rankWeight * Math.log(top.rank) + COVERAGE_RULE.modelWeight * Math.log(p / (1 - p));
    expect(top.p).toBeCloseTo(expected, 9);
    expect(COVERAGE_RULE.modelWeight).toBeGreaterThan(0);
  });

  it("abstains when no sentence is likely enough, and cites at most maxSentences within keepRatio", () => {
    const scored = [{ p: 0.9 }, { p: 0.8 }, { p: 0.7 }, { p: 0.5 }];
    expect(pickEvidence(scored, { threshold: 0.95, keepRatio: 0.5, maxSentences: 3 })).toEqual([]);
    expect(pickEvidence(scored, { threshold: 0.5, keepRatio: 0.85, maxSentences: 3 })).toEqual([
      { p: 0.9 },
      { p: 0.8 },
    ]);
    expect(pickEvidence(scored, { threshold: 0.5, keepRatio: 0.1, maxSentences: 3 })).toHaveLength(3);
    expect(pickEvidence([], { threshold: 0, keepRatio: 1, maxSentences: 1 })).toEqual([]);
  });

  it("pools the best sentences' chances when the decision says so: evidence spread over a list answers", () => {
    const spread = [{ p: 0.3 }, { p: 0.3 }, { p: 0.3 }, { p: 0.01 }];
    const d = { threshold: 0.5, keepRatio: 0.5, maxSentences: 3 };
    expect(answerScore(spread, d)).toBe(0.3);
    expect(pickEvidence(spread, d)).toEqual([]);
    expect(answerScore(spread, { ...d, pool: 3 })).toBeCloseTo(1 - 0.7 ** 3, 12);
    expect(pickEvidence(spread, { ...d, pool: 3 })).toHaveLength(3);
    expect(pickEvidence(spread, { ...d, threshold: 0.6, pool: 2 })).toEqual([]); // 1 − 0.7² = 0.51
  });

  it("keeps a pooled decision in its file and refuses a pool that is not a whole number", () => {
    const model = { ...trainedModel(), decision: { threshold: 0.4, keepRatio: 0.5, maxSentences: 3, pool: 10 } };
    expect(parseEvidenceModel(serializeEvidenceModel(model)).decision).toEqual(model.decision);
    const json = JSON.parse(serializeEvidenceModel(model)) as Record<string, unknown>;
    expect(() => parseEvidenceModel(JSON.stringify({ ...json, decision: { ...model.decision, pool: 0.5 } }))).toThrow(
      /pool/,
    );
  });

  it("round-trips through its file format within the quantisation step", () => {
    const model = trainedModel();
    const back = parseEvidenceModel(serializeEvidenceModel(model));
    expect(back.decision).toEqual(model.decision);
    expect([...back.questionTypes]).toEqual([...model.questionTypes]);
    let max = 0;
    for (const w of model.weights) max = Math.max(max, Math.abs(w));
    for (let i = 0; i < model.weights.length; i++)
      expect(Math.abs((back.weights[i] as number) - (model.weights[i] as number))).toBeLessThanOrEqual(max / 32767);
    const text = contract("Vermont", 45);
    const f = candidateFeatures(
      questionTerms(LAW_Q),
      candidateSentences(questionTerms(LAW_Q), [item("x", text)], () => text)[2]!,
      BITS,
    );
    expect(evidenceProbability(back.weights, f)).toBeCloseTo(evidenceProbability(model.weights, f), 3);
    expect(evidenceModelId(back)).toMatch(/^lexnav-evidence-v1@[0-9a-f]{12}$/);
  });

  it("reads a familiar question's candidates against the wording's exemplars, and keeps them in its file", () => {
    const terms = questionTerms(LAW_Q);
    const typeKey = questionTypeKey(terms);
    const gold = "This Agreement is governed by the laws of the State of Delaware.";
    const other = "Any notice under this Agreement shall be given in writing at least 10 days in advance.";
    const sentences = [gold, other, contract("Texas", 5)].map(exemplarTerms);
    const exemplars = {
      idf: exemplarIdf(sentences),
      byType: new Map([
        [typeKey, [{ terms: exemplarTerms(gold) }]],
        ["notice", [{ terms: exemplarTerms(other) }]],
      ]),
    };
    // Weights that read nothing but the likeness to the wording's exemplars over the other wordings'.
    const weights = new Float32Array(1 << BITS);
    const diff = hashedFeatures([["#exdiff", 1]], BITS).idx[0] as number;
    weights[diff] = 8;
    const model: EvidenceModel = { ...trainedModel(), weights, exemplars };
    const text = contract("Vermont", 45);
    const { scored } = scoreCandidates(model, LAW_Q, [item("new", text)], () => text);
    expect(scored[0]?.text).toContain("State of Vermont");
    expect(scored[0]?.p).toBeGreaterThan(0.75);
    // The notice sentence reads like the other wording's exemplar: below even.
    expect(scored.find((c) => c.text.includes("notice"))?.p).toBeLessThan(0.5);
    // Without exemplars the same weights see nothing.
    const blind = scoreCandidates({ ...model, exemplars: null }, LAW_Q, [item("new", text)], () => text);
    expect(new Set(blind.scored.map((c) => c.p))).toEqual(new Set([0.5]));
    // The file keeps them: the same scores after a round trip (idf within its byte quantisation).
    const back = parseEvidenceModel(serializeEvidenceModel(model));
    const again = scoreCandidates(back, LAW_Q, [item("new", text)], () => text);
    for (const [i, c] of again.scored.entries()) expect(c.p).toBeCloseTo(scored[i]?.p as number, 2);
    expect(evidenceModelId(back)).not.toBe(evidenceModelId({ ...back, exemplars: null }));
  });

  it("refuses a file that is not a usable model, naming what is wrong", () => {
    const good = JSON.parse(serializeEvidenceModel(trainedModel())) as Record<string, unknown>;
    const bad = (patch: Record<string, unknown>) => JSON.stringify({ ...good, ...patch });
    expect(() => parseEvidenceModel(bad({ format: "other" }))).toThrow(/not a lexnav-evidence-v1 model/);
    expect(() => parseEvidenceModel(bad({ bits: 40 }))).toThrow(/bits/);
    expect(() => parseEvidenceModel(bad({ weights: "AAAA" }))).toThrow(/expected 16384/);
    expect(() => parseEvidenceModel(bad({ decision: { threshold: 2, keepRatio: 1, maxSentences: 1 } }))).toThrow(
      /decision/,
    );
    expect(() => parseEvidenceModel(bad({ questionTypes: "x" }))).toThrow(/questionTypes/);
    expect(() => parseEvidenceModel(bad({ exemplars: { idfScale: 1, idf: "AAAA", byType: {} } }))).toThrow(/idf/);
    expect(() => parseEvidenceModel("{")).toThrow();
  });

  it("scores a wording it does not know by the words that ask for a provision, not the instrument's name", () => {
    const q = "How can the voting agreement be terminated?";
    expect(provisionTerms(q, questionTerms(q))).toEqual(
      questionTerms(q).filter((t) => !["voting", "agreement"].includes(t)),
    );
    // nothing but the name: the terms stay
    const bare = "What is the voting agreement?";
    expect(provisionTerms(bare, questionTerms(bare))).toEqual(questionTerms(bare));
    // as retrieval hands them over: the title first, the clause asked about third
    const passages = [
      "VOTING AGREEMENT",
      "1. Voting. Each Investor shall vote its Shares for the Investor Designees named in this Voting Agreement.",
      "5. Term. This Agreement may be terminated only by the written consent of the Company and the Investors.",
    ];
    const text = passages.join("\n\n");
    const items = passages.map((p, i) => {
      const start = text.indexOf(p);
      return { ...item("va", p), id: `E${i + 1}`, start, end: start + p.length };
    });
    const scored = scoreCandidates(trainedModel(), q, items, () => text);
    expect(scored.scorer).toBe("coverage");
    expect(scored.scored[0]?.text).toMatch(/terminated only by the written consent/);
  });

  it("tells a heading line from a sentence, and the coverage rule cites what the heading's provision says", () => {
    const text = [
      "ARTICLE X EVENTS OF DEFAULT SECTION 10.01.",
      "Events of Default.",
      "Each of the following events is a default: (a) the Borrower fails to pay any amount when due.",
      "(i) Borrower Financial Information.",
    ].join("\n");
    const at = (s: string) => [text.indexOf(s), text.indexOf(s) + s.length] as const;
    expect(isHeadingLine(text, ...at("ARTICLE X EVENTS OF DEFAULT SECTION 10.01."))).toBe(true);
    expect(isHeadingLine(text, ...at("Events of Default."))).toBe(true);
    expect(isHeadingLine(text, ...at("(i) Borrower Financial Information."))).toBe(true);
    const article =
      "SECTION 6.01.\nConditions Precedent to Effectiveness of this Agreement.\nThis Agreement shall be effective.";
    expect(isHeadingLine(article, 14, 70)).toBe(true);
    // after a clause label on its line
    const section =
      "Section 9. Conditions to Effectiveness of this Agreement on the Amendment No. 8 Effective Date.\nThis Agreement shall become effective.";
    expect(isHeadingLine(section, 11, section.indexOf("\n"))).toBe(true);
    const runIn = "Section 9. The Borrower shall pay the fees.\nNext.";
    expect(isHeadingLine(runIn, 11, runIn.indexOf("\n"))).toBe(false);
    // run in: a label, the heading and its full stop, then the provision's text on the same line
    const runInHeading =
      "Section 10.1 Events of Default. An “Event of Default” shall occur if any of the following occurs.";
    expect(isHeadingLine(runInHeading, 0, runInHeading.indexOf(" An"))).toBe(true);
    const labelled = "(b) Benchmark Replacement Conforming Changes. In connection with the use of the Benchmark.";
    expect(isHeadingLine(labelled, 0, labelled.indexOf(" In"))).toBe(true);
    // run in without a label, or a sentence that says something, is no heading
    const unlabelled = "Events of Default. An Event of Default occurs if the Borrower fails to pay.";
    expect(isHeadingLine(unlabelled, 0, unlabelled.indexOf(" An"))).toBe(false);
    const said = "Section 9. The Borrower shall pay the fees. The Agent shall notify the Lenders.";
    expect(isHeadingLine(said, 0, said.indexOf(" The Agent"))).toBe(false);
    const afterText = "Notices. Conditions to Effectiveness of this Agreement.\nNext.";
    expect(isHeadingLine(afterText, 9, afterText.indexOf("\n"))).toBe(false);
    expect(isHeadingLine(text, ...at("Each of the following events"))).toBe(false);
    // a heading's words inside a line of text are no heading line
    expect(isHeadingLine("The Events of Default are listed below.", 4, 21)).toBe(false);
    // the same sentences with the heading run into the text: only the heading line is marked down
    const q = "What are the events of default?";
    const inline = text.replace("Events of Default.\n", "Events of Default. ");
    const pOf = (t: string) =>
      scoreCandidates(trainedModel(), q, [item("la", t)], () => t).scored.find((c) => c.text === "Events of Default.")
        ?.p;
    const [onLine, inText] = [pOf(text), pOf(inline)];
    if (onLine === undefined || inText === undefined) throw new Error("no heading candidate");
    expect(inText - onLine).toBeCloseTo(COVERAGE_RULE.headingPenalty, 1);
    const scored = scoreCandidates(trainedModel(), q, [item("la", text)], () => text);
    expect(scored.scorer).toBe("coverage");
    expect(scored.scored[0]?.text).toMatch(/^Each of the following events/);
  });

  it("counts a question word as half present when a sentence has a word of its family", () => {
    expect(sameFamily("mature", "maturity")).toBe(true);
    expect(sameFamily("prepayment", "prepay")).toBe(true);
    expect(sameFamily("governs", "governed")).toBe(true);
    expect(sameFamily("notice", "notification")).toBe(false);
    // one word in its American and British spellings
    expect(sameFamily("advisor", "adviser")).toBe(true);
    expect(sameFamily("judgement", "judgment")).toBe(true);
    expect(sameFamily("advisor", "advertiser")).toBe(false);
    expect(sameFamily("rate", "rating")).toBe(false);
    expect(sameFamily("use", "used")).toBe(false); // under four letters in common
    // the two sides of one relation are not one family; the same side is
    expect(sameFamily("franchisee", "franchisor")).toBe(false);
    expect(sameFamily("employee", "employer")).toBe(false);
    expect(sameFamily("lessee", "lesser")).toBe(false); // "the lesser of" is no lessee
    expect(sameFamily("franchisees", "franchisee")).toBe(true);
    // the assignment sentence comes first, so it would win a tie
    const text = [
      "The Lenders may assign the Loans to an Eligible Assignee.",
      "The Borrower shall deliver the financial statements to the Agent.",
      "“Final Maturity Date” means January 13, 2025, the date on which the Loans become due.",
    ].join("\n");
    const q = "When do the loans mature?";
    const [assign, statements, maturity] = candidateSentences(
      provisionTerms(q, questionTerms(q)),
      [item("la", text)],
      () => text,
    );
    // exact coverage sees only "loans", which the assignment sentence has too; the family sees "mature" in "Maturity"
    expect(maturity?.coverage).toBe(assign?.coverage);
    expect(maturity?.familyCoverage).toBeGreaterThan(assign?.familyCoverage ?? 1);
    expect(statements?.familyCoverage).toBe(0);
    expect(assign?.familyCoverage).toBeGreaterThan(0);
    // a model that knows no words (every sentence the same logit): coverage alone orders them
    const blank: EvidenceModel = { ...trainedModel(), weights: new Float32Array(1 << BITS) };
    const scored = scoreCandidates(blank, q, [item("la", text)], () => text).scored;
    expect(scored[0]?.text).toMatch(/^“Final Maturity Date” means/);
    const gap = (scored[0]?.p ?? 0) - (scored.find((c) => c.text.startsWith("The Lenders"))?.p ?? 0);
    expect(gap).toBeCloseTo(
      COVERAGE_RULE.familyWeight * ((maturity?.familyCoverage ?? 0) - (assign?.familyCoverage ?? 0)),
      6,
    );
    const answer = answerOffline(q, [item("la", text)], () => text, { model: blank });
    expect(answer.abstained).toBe(false);
    expect(answer.claims[0]?.citations[0]?.quote).toMatch(/^“Final Maturity Date” means/);
  });

  it("asked about the amendment, prefers the amendment's own text to the agreement it carries as amended", () => {
    // Amendment No. 8 carries the loan agreement as amended as its Exhibit A; both have conditions to effectiveness.
    const exhibit = "This Agreement shall be effective on the date on which the conditions precedent are satisfied.";
    const own = "This Amendment shall become effective on the date when each of the following conditions is satisfied.";
    const amendment = (text: string, clauseRef: string, documentId = "amd"): EvidenceItem => ({
      ...item(documentId, text),
      role: "amendment",
      clauseRef,
    });
    const blank: EvidenceModel = { ...trainedModel(), weights: new Float32Array(1 << BITS) };
    const top = (q: string, extract: EvidenceItem[]) =>
      scoreCandidates(blank, q, extract, (d) => extract.find((e) => e.documentId === d)?.text ?? null).scored[0]?.item
        .clauseRef;
    const extract = [amendment(exhibit, "Exhibit A, ARTICLE VI", "amd-x"), amendment(own, "Section 9", "amd")];
    expect(top("What are the conditions to the effectiveness of the amendment?", extract)).toBe("Section 9");
    // asked about the agreement it amends, the conformed copy keeps its place (the first passage)
    expect(top("What are the conditions to the effectiveness of the loan agreement?", extract)).toBe(
      "Exhibit A, ARTICLE VI",
    );
    // an exhibit of an original agreement is no conformed copy
    const base = [
      { ...amendment(exhibit, "Exhibit A, ARTICLE VI", "base-x"), role: "base_agreement" as const },
      amendment(own, "Section 9", "amd"),
    ];
    expect(top("What are the conditions to the effectiveness of the amendment?", base)).toBe("Exhibit A, ARTICLE VI");
  });
});

describe("a lawyer's short question and the shipped model's wordings", () => {
  it("is not read as a wording it shares only a common word with", () => {
    const model = loadEvidenceModel();
    const readAs = (q: string) => modelWording(model, q).readAs;
    // misreadings the rule was written for (credit agreements): "granted", "change", "covenant", "required"
    expect(readAs("What security is granted?")).toBeNull();
    expect(readAs("What changed?")).toBeNull();
    expect(readAs("What does the guaranty cover?")).toBeNull();
    expect(readAs("What are the reporting requirements?")).toBeNull();
    // and readings it keeps
    expect(readAs("What is the scope of the license grant?")).toBe("What licenses are granted?");
    expect(readAs("Is the license perpetual?")).toBe("Are any licenses irrevocable or perpetual?");
    expect(readAs("What insurance must a party maintain?")).toBe("What insurance is required?");
    expect(readAs("Is the arrangement exclusive?")).toBe("Is there an exclusivity commitment?");
  });
});

describe("a question about a defined term", () => {
  it("reads the term a who/what-is question asks about, plural or not", () => {
    expect(askedTerm("Who is the administrative agent?")).toBe("administrative agent");
    expect(askedTerm("What are the Events of Default?")).toBe("event of default");
    expect(askedTerm("Consider the Credit Agreement; what is the Maturity Date?")).toBe("maturity date");
    expect(askedTerm("When is the loan due?")).toBeNull();
    expect(askedTerm("What is it?")).toBeNull();
  });

  it("knows a definition by its means-clause or its naming parenthetical, and nothing else", () => {
    expect(definesTerm("“Maturity Date” means January 13, 2025.", "maturity date")).toBe(true);
    expect(definesTerm('"Maturity Date" shall have the meaning set forth in Section 2.1.', "maturity date")).toBe(true);
    expect(
      definesTerm(
        "Western Alliance Bank, as Administrative Agent (in such capacity, the “Administrative Agent”).",
        "administrative agent",
      ),
    ).toBe(true);
    expect(
      definesTerm("If any of the following events (each an “Event of Default”) shall occur:", "event of default"),
    ).toBe(true);
    // used, not defined
    expect(definesTerm("The “Administrative Agent” may resign on notice.", "administrative agent")).toBe(false);
    expect(
      definesTerm("“Withholding Agent” means the Borrower and the Administrative Agent.", "administrative agent"),
    ).toBe(false);
  });

  it("is answered by the definition, for a wording the model was not trained on", () => {
    const text = [
      "1. Resignation of the Administrative Agent. The Administrative Agent may resign at any time on notice.",
      "2. “Withholding Agent” means the Borrower and the Administrative Agent.",
      "3. “Administrative Agent” means Western Alliance Bank, in its capacity as administrative agent.",
    ].join("\n\n");
    const r = scoreCandidates(
      loadEvidenceModel(),
      "Who is the administrative agent?",
      [item("loan", text)],
      () => text,
    );
    expect(pickEvidence(r.scored, r.decision).map((c) => c.text)).toEqual([
      "“Administrative Agent” means Western Alliance Bank, in its capacity as administrative agent.",
    ]);
  });
});

describe("what an amendment changes", () => {
  // An amendment's text as filed: its operative clauses, the boilerplate after them, and the agreement
  // as amended in its Annex A (a conformed copy) with definitions that "may be amended" and a change of control.
  const AMENDMENT = [
    "SECOND AMENDMENT TO CREDIT AGREEMENT",
    "1. Amendments. Section 2.5 of the Credit Agreement is hereby amended by deleting the words “one year” and inserting “two years” in their place.",
    "2. New Definitions. The following definitions are hereby inserted into Section 1.1 of the Credit Agreement in the appropriate alphabetical order.",
    "3. Ratification. Except as expressly set forth herein, the Credit Agreement remains in full force and effect.",
    "4. Definitions. “Security Agreement” means the security agreement, as the same may be amended from time to time.",
  ].join("\n\n");
  const ANNEX = [
    "“Loan Documents” means this Agreement and the Notes, as each is amended from time to time.",
    "Upon a Change of Control, the Commitments shall terminate.",
  ].join("\n\n");
  const amendment = (documentId: string, text: string, clauseRef: string | null = null): EvidenceItem => ({
    ...item(documentId, text),
    role: "amendment",
    clauseRef,
  });
  const TEXTS: Record<string, string> = { amd: AMENDMENT, annex: ANNEX, base: AMENDMENT };
  const source = (documentId: string) => TEXTS[documentId] ?? null;
  const OPERATIVE = amendment("amd", AMENDMENT);
  const IN_ANNEX = amendment("annex", ANNEX, "Annex A, Section 7.1");
  const score = (question: string, items: EvidenceItem[]) =>
    scoreCandidates(loadEvidenceModel(), question, items, source);

  it("is answered by the amendment's operative clauses, not by a change of control or what may be amended", () => {
    for (const question of [
      "What does the second amendment change?",
      "What changes does the amendment make?",
      "What does Amendment No. 2 modify?",
      "What does the amendment do?",
    ]) {
      const r = score(question, [OPERATIVE, IN_ANNEX]);
      expect(r.scorer, question).toBe("amendment");
      const picked = pickEvidence(r.scored, r.decision).map((c) => c.text);
      expect(picked, question).toEqual([
        "Section 2.5 of the Credit Agreement is hereby amended by deleting the words “one year” and inserting “two years” in their place.",
        "The following definitions are hereby inserted into Section 1.1 of the Credit Agreement in the appropriate alphabetical order.",
      ]);
    }
  });

  it("cites nothing of the agreement as amended in the amendment's annex, and abstains without an operative clause", () => {
    const annexOnly = [IN_ANNEX];
    const r = score("What does the second amendment change?", annexOnly);
    expect(r.scorer).toBe("amendment");
    expect(pickEvidence(r.scored, r.decision)).toEqual([]);
    const offline = answerOffline("What does the second amendment change?", annexOnly, source, {
      model: loadEvidenceModel(),
    });
    expect(offline.abstained).toBe(true);
    expect(offline.abstainReason).toContain("none of an amendment's operative clauses");
  });

  it("leaves a change of control, and a question that is not about an amendment, to the other scorers", () => {
    expect(score("What happens on a change of control under the amendment?", [OPERATIVE]).scorer).not.toBe("amendment");
    expect(score("How can the credit agreement be amended?", [OPERATIVE]).scorer).not.toBe("amendment");
    // a base agreement's "is hereby amended" is not an amendment's operative clause
    const base = { ...item("base", AMENDMENT), role: "base_agreement" as const };
    const r = score("What does the second amendment change?", [base]);
    expect(pickEvidence(r.scored, r.decision)).toEqual([]);
  });
});
