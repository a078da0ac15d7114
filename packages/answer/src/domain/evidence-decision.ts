import { contentWords, featureWords, parseQuestion, termKey, withoutMentions } from "@lexnav/retrieval";
import type { EvidenceItem } from "./evidence.ts";
import { clauseKey } from "./evidence.ts";
import {
  amendingClause,
  askedTerm,
  asksWhatChanges,
  byEvidence,
  type Candidate,
  definesTerm,
  MEANS_CLAUSE,
  plainAsk,
  provisionTerms,
  questionTerms,
  type ScoredCandidate,
  sameFamily,
  sentenceShapes,
} from "./evidence-model.ts";

/**
 * The offline answer decision that reads evidence, not wording (issue #16, item 1): every candidate
 * sentence of the extract is scored by a small logistic model over features that do not depend on a
 * question's wording having been seen in training: the sentence's relevance to the question from a
 * sentence embedder (cosine of question and sentence, and of question and the sentence's passage), its
 * coverage of the question's content words, the passage's retrieval rank, and the provision's
 * structure (a definition of a term the question names, a clause the question names, a heading line,
 * an amending clause, superseded text). The answer is a silence unless the calibrated probability that
 * at least one cited sentence is evidence reaches the model's threshold. No weight is keyed by a word
 * of the question, and no sentence of any training document is kept: the file is a few dozen numbers.
 */
export const DECISION_MODEL_FORMAT = "lexnav-decision-v1";

/** Names of the features, in the order of a feature vector (the model file keys its weights by them). */
export const DECISION_FEATURES = [
  "relevance",
  "relevanceGap",
  "relevanceTop",
  "relevanceOrder",
  "coverageOrder",
  "passageRelevance",
  "coverage",
  "familyCoverage",
  "coverageGap",
  "headingCoverage",
  "previousCoverage",
  "phraseMatch",
  "logRank",
  "sentenceIndex",
  "headingLine",
  "definesAskedTerm",
  "definition",
  "namedClause",
  "amendingClause",
  "asksChangeAmending",
  "superseded",
  "amendsProvision",
  "answerShape",
  "leadIn",
  "logLength",
  "relevanceMargin",
  "coverageMargin",
  "agreement",
  "termsInExtract",
  "phraseInExtract",
] as const;

export type DecisionFeature = (typeof DECISION_FEATURES)[number];

/**
 * How relevant each text is to the question, as cosines (higher: more relevant). The composition root
 * gives the pretrained sentence embedder's (MiniLM through the embedder port) when a model is installed
 * and the decision model was trained on it; `lexicalRelevance` otherwise.
 */
export type SentenceRelevance = (question: string, texts: readonly string[]) => Promise<number[]>;

/** Which relevance a decision model was trained on: the built-in lexical cosine, or an embedder's id. */
export const BUILTIN_RELEVANCE = "builtin-lexical-cosine";

/** When to answer and how many sentences to cite, on calibrated probabilities. */
export interface DecisionRule {
  /** Answer when the calibrated probability that some cited sentence is evidence reaches this. */
  threshold: number;
  /** Cite a further sentence when its probability is at least this share of the best one's. */
  keepRatio: number;
  /** Most sentences cited. */
  maxSentences: number;
  /**
   * A further sentence is cited only from another provision than those already cited (a multi-document
   * or cross-reference answer), never a second sentence of the same one. Absent: any sentence.
   */
  otherProvision?: boolean;
}

/** Platt scaling of the raw "some cited sentence is evidence" score: p = σ(a · logit(raw) + b). */
export interface Calibration {
  a: number;
  b: number;
}

/** One row of a reliability table: questions whose predicted probability fell in [from, to). */
export interface ReliabilityBin {
  from: number;
  to: number;
  questions: number;
  /** Mean predicted probability in the bin. */
  predicted: number;
  /** Share of them where a cited sentence was gold evidence. */
  observed: number;
}

export interface DecisionModel {
  format: typeof DECISION_MODEL_FORMAT;
  /** `BUILTIN_RELEVANCE` or the id of the embedder whose cosines the weights were fitted on. */
  relevance: string;
  weights: Record<DecisionFeature, number>;
  bias: number;
  calibration: Calibration;
  rule: DecisionRule;
  /** The held-out reliability table the calibration was checked on (empty when not measured). */
  reliability: ReliabilityBin[];
  /** What it was trained on and how it scored held out (free-form, for the record). */
  provenance: Record<string, unknown>;
}

/** The relevance of each candidate sentence and of its passage to the question. */
export interface RelevanceSignals {
  sentence: readonly number[];
  passage: readonly number[];
}

/**
 * The relevance signals of `candidates`: one call for the sentences and their passages together, so an
 * embedder sees one batch. A passage's text is embedded once however many sentences it has.
 */
export async function relevanceSignals(
  question: string,
  candidates: readonly Candidate[],
  relevance: SentenceRelevance,
): Promise<RelevanceSignals> {
  const items: EvidenceItem[] = [];
  for (const c of candidates) if (!items.includes(c.item)) items.push(c.item);
  // The whole question: a sentence embedder reads "which law governs this contract?" better than the
  // bare "which law governs?" (docs/answers/evidence-decision.md); the built-in relevance reads `plainAsk` of
  // it itself.
  const scores = await relevance(question, [...candidates.map((c) => c.text), ...items.map((i) => i.text)]);
  const n = candidates.length;
  return {
    sentence: scores.slice(0, n),
    passage: candidates.map((c) => scores[n + items.indexOf(c.item)] ?? 0),
  };
}

/**
 * The built-in relevance, for when no sentence embedder is installed: the cosine of idf-weighted content
 * word vectors of the words that ask for a provision (`plainAsk`: not the instrument or parties named)
 * and each text, a word of the same family (`sameFamily`) counting half. The idf is over the texts
 * themselves, so words every sentence has weigh little. Needs no model and no fitting.
 */
export function lexicalRelevance(question: string, texts: readonly string[]): number[] {
  const q = [...new Set(contentWords(plainAsk(question)))];
  const docs = texts.map((t) => contentWords(t));
  const df = new Map<string, number>();
  for (const d of docs) for (const w of new Set(d)) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string) => Math.log(1 + (docs.length + 1) / ((df.get(w) ?? 0) + 0.5));
  const qNorm = Math.sqrt(q.reduce((s, w) => s + idf(w) ** 2, 0));
  return docs.map((d) => {
    if (q.length === 0 || d.length === 0) return 0;
    const tf = new Map<string, number>();
    for (const w of d) tf.set(w, (tf.get(w) ?? 0) + 1);
    let dot = 0;
    for (const w of q) {
      const exact = tf.get(w);
      if (exact !== undefined) dot += idf(w) * idf(w) * Math.sqrt(exact);
      else if ([...tf.keys()].some((x) => sameFamily(w, x))) dot += 0.5 * idf(w) * idf(w);
    }
    let dNorm = 0;
    for (const [w, n] of tf) dNorm += idf(w) ** 2 * n;
    return qNorm > 0 && dNorm > 0 ? dot / (qNorm * Math.sqrt(dNorm)) : 0;
  });
}

/** A relevance from an embedder's vectors (L2-normalised, so a dot product is the cosine). */
export function embedderRelevance(embed: {
  embed(texts: string[], kind: "query" | "passage"): Promise<Float32Array[]>;
}): SentenceRelevance {
  return async (question, texts) => {
    if (texts.length === 0) return [];
    const [q] = await embed.embed([question], "query");
    const vs = await embed.embed([...texts], "passage");
    return vs.map((v) => {
      let dot = 0;
      for (let i = 0; i < v.length; i++) dot += (v[i] as number) * ((q as Float32Array)[i] ?? 0);
      return dot;
    });
  };
}

/** A clause a question names: "Section 4.2", "§ 17(d)", "clause 9". */
const NAMED_CLAUSE = /(?:\bsection|\bclause|\barticle|§)\s*([0-9]+(?:\.[0-9]+)*(?:\([a-z0-9]+\))*)/gi;

/** The clause keys a question names. */
export function namedClauses(question: string): string[] {
  return [...parseQuestion(question).ask.matchAll(NAMED_CLAUSE)].map((m) => clauseKey(m[1] as string));
}

/** A term a question quotes: 'Due Date', “End User” (an opening quote after a space, so no "Acme's"). */
const QUOTED_TERM = /(?:^|[\s(—–-])['‘"“]([^'’"”?]{2,60})['’"”]/g;

/** "What is / what's / who are / what counts as … ?", the term at the end, a dangling "in" or "under" dropped. */
const WHAT_IS =
  /^\s*(?:(?:who|what)(?:\s+(?:is|are)|['’]s)|what\s+counts\s+as)\s+(?:the\s+|an?\s+)?([^?]{3,60}?)(?:\s+(?:in|under|of|for))?\s*\??\s*$/i;

/**
 * The terms a question asks the meaning of, as compared (`termKey`): each term it quotes ("What is the
 * 'Due Date' in a purchase order?"), and the term of "what is / what's / who are / what counts as …"
 * once the instrument it names is dropped ("What is the Closing Date under the agency agreement?").
 * A sentence that defines one of them is what a lawyer asking it wants cited.
 */
export function askedTerms(question: string): string[] {
  const whole = parseQuestion(question).ask;
  const out = new Set<string>();
  for (const m of whole.matchAll(QUOTED_TERM)) {
    const words = (m[1] as string).trim().split(/\s+/);
    if (words.length <= 6) out.add(termKey(m[1] as string));
  }
  const m = WHAT_IS.exec(withoutMentions(whole).replace(/\s+/g, " "));
  const words = m ? (m[1] as string).trim().split(/\s+/) : [];
  if (m && words.length <= 6 && words.some((w) => /^[\p{L}]{3,}$/u.test(w))) out.add(termKey(m[1] as string));
  const term = askedTerm(question);
  if (term !== null) out.add(term);
  return [...out].filter((t) => t.length > 0);
}

/** A sentence that defines a quoted term: “Term” means … (after an optional clause label). */
const DEFINITION = new RegExp(`[“"]([^”"]{1,60})[”"]${MEANS_CLAUSE}`, "i");

/** What kind of value the question asks for, by its asking words: an amount, a date, a period. */
function askedShapes(ask: string): string[] {
  const out: string[] = [];
  if (/\bhow much\b|\b(?:amount|fee|fees|price|cost|payment|cap|sum)\b/i.test(ask)) out.push("#money", "#pct");
  if (/\bwhen\b|\bdate\b|\bdeadline\b/i.test(ask)) out.push("#date", "#period");
  if (/\bhow long\b|\bperiod\b|\bterm\b|\bnotice\b|\bdays\b/i.test(ask)) out.push("#period");
  if (/\bwhich (?:law|state|jurisdiction|country)\b|\bgovern|\blaws?\b.*\b(?:constru|interpret)/i.test(ask))
    out.push("#law");
  return out;
}

/**
 * The feature vector of every candidate (in `DECISION_FEATURES` order). Relative features (the gap to
 * the extract's best relevance or coverage) make the scores of one extract comparable with another's,
 * whatever the embedder's scale.
 */
export function decisionFeatures(
  question: string,
  candidates: readonly Candidate[],
  signals: RelevanceSignals,
): Float64Array[] {
  // What is asked is read without the naming of the instrument and its parties (`plainAsk`), wherever the
  // question names them; whether it asks what an amendment changes, and a clause it names, from the whole ask.
  const whole = parseQuestion(question).ask;
  const ask = plainAsk(question);
  const asked = askedTerms(question);
  const askWords = new Set(contentWords(ask));
  const clauses = namedClauses(question);
  const changes = /\bamendment\b/i.test(whole) && asksWhatChanges(whole);
  const wanted = askedShapes(ask);
  const terms = provisionTerms(question, questionTerms(question));
  const has = (words: Iterable<string>) => {
    const list = [...words];
    return terms.length === 0
      ? 0
      : terms.filter((t) => list.some((w) => w === t || sameFamily(t, w))).length / terms.length;
  };
  const askPairs = pairs(featureWords(ask));
  const maxRel = Math.max(-1, ...signals.sentence);
  // 1 for the candidate with the highest value, 1/2 for the next, ...: robust to a relevance's scale
  const order = (values: readonly number[]) => {
    const sorted = values.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0]);
    const out = new Array<number>(values.length).fill(0);
    sorted.forEach(([, i], r) => {
      out[i] = 1 / (r + 1);
    });
    return out;
  };
  const relOrder = order(candidates.map((_, i) => signals.sentence[i] ?? 0));
  const covOrder = order(candidates.map((c) => c.familyCoverage));
  const maxCov = Math.max(0, ...candidates.map((c) => c.familyCoverage));
  // What tells "nothing answers" from "something does", read from the extract as a whole (the same for
  // every sentence of it): how far the best sentence stands out from the extract's middle, by relevance
  // and by coverage; whether the question's provision terms, and its word pairs, occur in it at all.
  // An extract of fewer than MARGIN_POOL sentences (one short passage) is read as padded with sentences
  // of no relevance: a lone sentence stands out from nothing, rather than from itself (a margin of 0
  // would read as "nothing answers"). Extracts of k passages have dozens of sentences and are unchanged.
  const padded = (values: readonly number[]) => [
    ...values,
    ...new Array<number>(Math.max(0, MARGIN_POOL - values.length)).fill(0),
  ];
  const relevanceMargin = candidates.length === 0 ? 0 : maxRel - median(padded(signals.sentence));
  const coverageMargin = candidates.length === 0 ? 0 : maxCov - median(padded(candidates.map((c) => c.familyCoverage)));
  const extractWords = new Set(candidates.flatMap((c) => [...c.words]));
  const termsInExtract = terms.length === 0 ? 1 : has(extractWords);
  const extractPairs = new Set(candidates.flatMap((c) => [...pairs(featureWords(c.text))]));
  const phraseInExtract = askPairs.size === 0 ? 1 : overlap(askPairs, extractPairs) / askPairs.size;
  return candidates.map((c, i) => {
    const rel = signals.sentence[i] ?? 0;
    const shapes = sentenceShapes(c.text);
    if (/\blaws?\s+of\b/i.test(c.text)) shapes.push("#law");
    const def = DEFINITION.exec(c.text);
    const definesNamed =
      asked.some((t) => definesTerm(c.text, t)) ||
      (def !== null &&
        (() => {
          const words = contentWords(def[1] as string);
          return words.length > 0 && words.every((w) => askWords.has(w));
        })());
    const own = clauseKey(c.item.clauseRef);
    const named = clauses.some((k) => own !== "" && (own === k || own.startsWith(`${k}(`) || own.startsWith(`${k}.`)));
    const amending = amendingClause(c);
    const values: Record<DecisionFeature, number> = {
      relevance: rel,
      relevanceGap: rel - maxRel,
      relevanceTop: rel >= maxRel ? 1 : 0,
      relevanceOrder: relOrder[i] as number,
      coverageOrder: covOrder[i] as number,
      passageRelevance: signals.passage[i] ?? 0,
      coverage: c.coverage,
      familyCoverage: c.familyCoverage,
      coverageGap: c.familyCoverage - maxCov,
      headingCoverage: has(c.heading),
      previousCoverage: has(c.previous),
      phraseMatch: askPairs.size === 0 ? 0 : overlap(askPairs, pairs(featureWords(c.text))) / askPairs.size,
      logRank: Math.log(c.rank),
      sentenceIndex: Math.min(c.index, 6) / 6,
      headingLine: c.headingLine ? 1 : 0,
      definesAskedTerm: definesNamed ? 1 : 0,
      definition: shapes.includes("#def") ? 1 : 0,
      namedClause: named ? 1 : 0,
      amendingClause: amending ? 1 : 0,
      asksChangeAmending: changes && amending ? 1 : 0,
      superseded: c.item.supersededBy !== undefined ? 1 : 0,
      amendsProvision: (c.item.amends?.length ?? 0) > 0 ? 1 : 0,
      answerShape: wanted.some((s) => shapes.includes(s)) ? 1 : 0,
      leadIn: /:\s*$/.test(c.text) ? 1 : 0,
      logLength: Math.log(Math.max(20, c.text.length) / 100),
      relevanceMargin,
      coverageMargin,
      // the sentence relevance ranks first is also the one that covers the question best (1), or how far apart
      agreement: (relOrder[i] as number) * (covOrder[i] as number),
      termsInExtract,
      phraseInExtract,
    };
    return Float64Array.from(DECISION_FEATURES.map((f) => values[f]));
  });
}

/** The fewest sentences an extract's margins are read over (`decisionFeatures`). */
const MARGIN_POOL = 5;

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const v = [...values].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 === 1 ? (v[m] as number) : ((v[m - 1] as number) + (v[m] as number)) / 2;
}

/** Adjacent word pairs of a word sequence ("change control" of "change of control"). */
function pairs(words: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 1; i < words.length; i++) out.add(`${words[i - 1]} ${words[i]}`);
  return out;
}

const overlap = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].filter((x) => b.has(x)).length;

const sigmoid = (z: number) => 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));
const logit = (p: number) => {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
};

/** The model's probability that a sentence with features `x` is evidence. */
export function sentenceProbability(model: Pick<DecisionModel, "weights" | "bias">, x: Float64Array): number {
  let z = model.bias;
  DECISION_FEATURES.forEach((f, k) => {
    z += model.weights[f] * (x[k] as number);
  });
  return sigmoid(z);
}

/** Every candidate scored by the decision model, most probable first. */
export function scoreByEvidence(
  model: Pick<DecisionModel, "weights" | "bias">,
  question: string,
  candidates: readonly Candidate[],
  signals: RelevanceSignals,
): ScoredCandidate[] {
  const xs = decisionFeatures(question, candidates, signals);
  return candidates.map((c, i) => ({ ...c, p: sentenceProbability(model, xs[i] as Float64Array) })).sort(byEvidence);
}

/**
 * The sentences the rule would cite (most probable first: those at least `keepRatio` of the best, at
 * most `maxSentences`) and the calibrated probability that at least one of them is evidence
 * (noisy-or of their probabilities, then Platt scaling).
 */
export function citedWithProbability<T extends { p: number; item?: { documentId: string; nodeId: string } }>(
  scored: readonly T[],
  rule: Pick<DecisionRule, "keepRatio" | "maxSentences" | "otherProvision">,
  calibration: Calibration,
): { cited: T[]; probability: number } {
  const best = scored[0];
  if (!best) return { cited: [], probability: 0 };
  const provisions = new Set<string>();
  const cited = scored
    .filter((s) => s.p >= best.p * rule.keepRatio)
    .filter((s) => {
      if (!rule.otherProvision || !s.item) return true;
      const key = `${s.item.documentId}\u0000${s.item.nodeId}`;
      if (provisions.has(key)) return false;
      provisions.add(key);
      return true;
    })
    .slice(0, rule.maxSentences);
  let none = 1;
  for (const s of cited) none *= 1 - Math.min(1, Math.max(0, s.p));
  return { cited, probability: calibrate(calibration, 1 - none) };
}

/** Platt scaling of a raw probability. */
export function calibrate(c: Calibration, raw: number): number {
  return sigmoid(c.a * logit(raw) + c.b);
}

/** The decision: what to cite, or nothing (a silence), and the calibrated probability it rests on. */
export function decideEvidence<T extends { p: number; item?: { documentId: string; nodeId: string } }>(
  model: Pick<DecisionModel, "rule" | "calibration">,
  scored: readonly T[],
): { cited: T[]; probability: number } {
  const r = citedWithProbability(scored, model.rule, model.calibration);
  return r.probability >= model.rule.threshold ? r : { cited: [], probability: r.probability };
}

/** One labelled training row: its features and whether the sentence overlaps gold evidence. */
export interface DecisionExample {
  x: Float64Array;
  label: 0 | 1;
}

/**
 * Logistic regression by full-batch gradient descent on standardised features (L2 on the weights, not
 * the bias), returned in the features' own units. Deterministic: no shuffle, no seed.
 */
export function trainDecisionWeights(
  rows: readonly DecisionExample[],
  opts: { iterations?: number; learningRate?: number; l2?: number } = {},
): { weights: Record<DecisionFeature, number>; bias: number } {
  const k = DECISION_FEATURES.length;
  const n = rows.length;
  const mean = new Float64Array(k);
  const sd = new Float64Array(k);
  for (const r of rows) for (let j = 0; j < k; j++) mean[j] = (mean[j] as number) + (r.x[j] as number) / n;
  for (const r of rows)
    for (let j = 0; j < k; j++) sd[j] = (sd[j] as number) + ((r.x[j] as number) - (mean[j] as number)) ** 2 / n;
  for (let j = 0; j < k; j++) sd[j] = Math.sqrt(sd[j] as number) || 1;
  const w = new Float64Array(k);
  let b = 0;
  const iterations = opts.iterations ?? 400;
  const lr = opts.learningRate ?? 0.5;
  const l2 = opts.l2 ?? 1e-3;
  const z = new Float64Array(k);
  for (let it = 0; it < iterations && n > 0; it++) {
    const g = new Float64Array(k);
    let gb = 0;
    for (const r of rows) {
      let s = b;
      for (let j = 0; j < k; j++) {
        z[j] = ((r.x[j] as number) - (mean[j] as number)) / (sd[j] as number);
        s += (w[j] as number) * (z[j] as number);
      }
      const err = sigmoid(s) - r.label;
      gb += err;
      for (let j = 0; j < k; j++) g[j] = (g[j] as number) + err * (z[j] as number);
    }
    b -= (lr * gb) / n;
    for (let j = 0; j < k; j++) w[j] = (w[j] as number) - lr * ((g[j] as number) / n + l2 * (w[j] as number));
  }
  // back to the features' own units: w_j z_j = (w_j / sd_j) x_j − w_j mean_j / sd_j
  const weights = {} as Record<DecisionFeature, number>;
  let bias = b;
  DECISION_FEATURES.forEach((f, j) => {
    weights[f] = (w[j] as number) / (sd[j] as number);
    bias -= ((w[j] as number) * (mean[j] as number)) / (sd[j] as number);
  });
  return { weights, bias };
}

/** Platt scaling fitted by gradient descent: outcome ~ σ(a · logit(raw) + b). */
export function fitCalibration(raw: readonly number[], outcome: readonly (0 | 1)[]): Calibration {
  let a = 1;
  let b = 0;
  const n = raw.length;
  if (n === 0) return { a, b };
  const xs = raw.map(logit);
  for (let it = 0; it < 2000; it++) {
    let ga = 0;
    let gb = 0;
    xs.forEach((x, i) => {
      const err = sigmoid(a * x + b) - (outcome[i] as number);
      ga += err * x;
      gb += err;
    });
    a -= (0.05 * ga) / n;
    b -= (0.5 * gb) / n;
  }
  return { a, b };
}

/** Predicted probabilities against observed outcomes in `bins` equal-width bins (empty bins left out). */
export function reliabilityTable(
  predicted: readonly number[],
  outcome: readonly (0 | 1)[],
  bins = 10,
): ReliabilityBin[] {
  const out: ReliabilityBin[] = [];
  for (let b = 0; b < bins; b++) {
    const from = b / bins;
    const to = (b + 1) / bins;
    const idx = predicted.flatMap((p, i) => (p >= from && (p < to || (b === bins - 1 && p <= 1)) ? [i] : []));
    if (idx.length === 0) continue;
    out.push({
      from,
      to,
      questions: idx.length,
      predicted: idx.reduce((s, i) => s + (predicted[i] as number), 0) / idx.length,
      observed: idx.reduce((s, i) => s + (outcome[i] as number), 0) / idx.length,
    });
  }
  return out;
}

/** The model as a JSON document (a few dozen numbers: it is small enough to read). */
export function serializeDecisionModel(m: DecisionModel): string {
  return `${JSON.stringify(m, null, 2)}\n`;
}

/** Reads a model written by `serializeDecisionModel`; throws a plain Error naming what is wrong. */
export function parseDecisionModel(json: string): DecisionModel {
  const o = JSON.parse(json) as Partial<DecisionModel> | null;
  if (!o || typeof o !== "object") throw new Error("model must be a JSON object");
  if (o.format !== DECISION_MODEL_FORMAT)
    throw new Error(`not a ${DECISION_MODEL_FORMAT} model (format ${String(o.format)})`);
  const finite = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);
  const weights = o.weights as Record<string, unknown> | undefined;
  if (!weights || !DECISION_FEATURES.every((f) => finite(weights[f])))
    throw new Error(`model weights must give a number for each of ${DECISION_FEATURES.join(", ")}`);
  if (!finite(o.bias)) throw new Error("model bias missing");
  if (!o.calibration || !finite(o.calibration.a) || !finite(o.calibration.b))
    throw new Error("model calibration must have numbers a and b");
  const r = o.rule;
  if (!r || !(r.threshold >= 0 && r.threshold <= 1) || !(r.keepRatio > 0 && r.keepRatio <= 1) || !(r.maxSentences >= 1))
    throw new Error("model rule must have threshold 0..1, keepRatio (0, 1] and maxSentences >= 1");
  if (typeof o.relevance !== "string" || o.relevance === "")
    throw new Error("model relevance must name what it was trained on");
  return {
    format: DECISION_MODEL_FORMAT,
    relevance: o.relevance,
    weights: Object.fromEntries(DECISION_FEATURES.map((f) => [f, weights[f] as number])) as Record<
      DecisionFeature,
      number
    >,
    bias: o.bias,
    calibration: { a: o.calibration.a, b: o.calibration.b },
    rule: {
      threshold: r.threshold,
      keepRatio: r.keepRatio,
      maxSentences: Math.floor(r.maxSentences),
      ...(r.otherProvision === true ? { otherProvision: true } : {}),
    },
    reliability: Array.isArray(o.reliability) ? o.reliability : [],
    provenance: (o.provenance as Record<string, unknown>) ?? {},
  };
}

/** A short id of a decision model, recorded with every offline answer it decided. */
export function decisionModelId(m: DecisionModel): string {
  let h = 0x811c9dc5;
  const s = JSON.stringify([m.weights, m.bias, m.calibration, m.rule, m.relevance]);
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return `${DECISION_MODEL_FORMAT}@${(h >>> 0).toString(16).padStart(8, "0")}`;
}
