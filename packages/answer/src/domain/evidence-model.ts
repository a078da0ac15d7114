import { createHash } from "node:crypto";
import { inAnnex } from "@lexnav/document-model";
import {
  askInside,
  asThisContract,
  contentWords,
  featureWords,
  instrumentMentions,
  isModelInstruction,
  otherSpelling,
  parseQuestion,
  splitSentences,
  termKey,
  withoutCapitalisedNames,
  withoutMentions,
  withoutThisContract,
} from "@lexnav/retrieval";
import type { SourceText } from "./citations.ts";
import type { EvidenceItem } from "./evidence.ts";
import {
  type ExemplarIndex,
  exemplarFeatures,
  exemplarSimilarity,
  exemplarTerms,
  parseExemplars,
  serializeExemplars,
  wordIdf,
} from "./exemplars.ts";
import { concatFeatures, type Features, fnv1a } from "./features.ts";
import { asNamedContract } from "./instrument-naming.ts";

export type { Features } from "./features.ts";

/**
 * The offline answerer's evidence scorer: a logistic model over (question word × sentence word) pairs,
 * sentence shapes (money, dates, negation, definitions...), the question words a sentence repeats, the
 * retriever's rank, features keyed by the question's wording and, for a wording it was trained on, how
 * much the sentence reads like that wording's gold sentences (`exemplars.ts`) (`trainLogistic`, run by
 * `lexnav train evidence` on questions with gold evidence spans). It reads the question text and the
 * extract only.
 * Features are hashed into `2^bits` weights so a model is one array. (A listwise variant, a softmax over
 * the sentences plus a "no answer" option, did no better on held-out contracts: docs/answers/wording-model.md.)
 */
export const EVIDENCE_MODEL_FORMAT = "lexnav-evidence-v1";

/** When to answer and what to cite, given the sentences' probabilities of being evidence. */
export interface EvidenceDecision {
  /**
   * Abstain when the answer score is below this: the chance that at least one of the `pool` most
   * probable sentences is evidence (noisy-or); with a pool of 1, the best sentence's probability.
   */
  threshold: number;
  /** How many of the most probable sentences the answer score pools (default 1). */
  pool?: number;
  /** Cite a further sentence when its probability is at least this share of the best one's. */
  keepRatio: number;
  /** Most sentences cited. */
  maxSentences: number;
}

/** A wording the model was trained on: its text as asked, the terms the scorer reads and their key. */
export interface TrainedWording {
  text: string;
  terms: readonly string[];
  /** `questionTypeKey(terms)`. */
  key: string;
}

/** A wording as the model file keeps it: the asking part of one question (its terms are read from it). */
export function trainedWording(question: string): TrainedWording {
  const text = parseQuestion(question).ask;
  const terms = questionTerms(text);
  return { text, terms, key: questionTypeKey(terms) };
}

export interface EvidenceModel {
  format: typeof EVIDENCE_MODEL_FORMAT;
  bits: number;
  weights: Float32Array;
  decision: EvidenceDecision;
  /** Keys (`questionTypeKey`) of the question wordings it was trained on. */
  questionTypes: ReadonlySet<string>;
  /**
   * Each wording it was trained on (the asking part of one of its questions, one per key of
   * `questionTypes`) with its terms, so a question asked in other words can be read as the nearest of
   * them (`nearestWording`) and the answer can say which; absent in older files.
   */
  wordings?: ReadonlyArray<TrainedWording>;
  /** Gold sentences per wording, read as features of familiar questions (null: a model without them). */
  exemplars: ExemplarIndex | null;
  /** What it was trained on and how it scored on held-out documents (free-form, for the record). */
  provenance: Record<string, unknown>;
}

/** One sentence of the extract the answer could cite, with what the scorer reads about it. */
export interface Candidate {
  item: EvidenceItem;
  start: number;
  end: number;
  text: string;
  /** Rank of its passage in the extract (1 = the retriever's best). */
  rank: number;
  /** Index of the sentence inside its passage. */
  index: number;
  /** Idf-weighted share of the question's terms the sentence contains (0..1). */
  coverage: number;
  /**
   * The same, with a term also present when the sentence has a word of its family (`sameFamily`:
   * "mature" in "Maturity"); the idf counts the family too. The coverage rule reads it, the model not.
   */
  familyCoverage: number;
  words: ReadonlySet<string>;
  /** Content words of the passage's heading line (empty when it has none). */
  heading: readonly string[];
  /** Content words of the sentence before it in the passage (a list item reads on from its lead-in). */
  previous: ReadonlySet<string>;
  /** The sentence is a heading on a line of its own (`isHeadingLine`): it names a provision, not what it says. */
  headingLine?: boolean;
  /**
   * On a sentence that opens its passage: the extract's passage of the same document that ends just before
   * it (at most `ADJACENT_PASSAGES` characters apart), when there is one. Passage splitting can put a lead-in
   * ("… replaced with the following:") and the text it introduces in two passages; this reads them as one.
   */
  before?: EvidenceItem;
}

/** How far apart two passages of a document may end and start and still be read as one text (spacing between). */
export const ADJACENT_PASSAGES = 8;

/** Words that make a sentence a question but never appear in its answer ("what", "does", "can"). */
const ASKING = new Set(
  "what when where which who whom whose why how does do did can could must should would might many much".split(" "),
);

/**
 * The question's terms as the scorer reads them: the asking part's content words (not the document's
 * name), without the interrogatives and auxiliaries no evidence sentence repeats.
 */
export function questionTerms(question: string): string[] {
  return askTerms(parseQuestion(question).ask);
}

const askTerms = (ask: string) => contentWords(ask).filter((w) => !ASKING.has(w));

/**
 * The words of a question that ask for a provision, nearly as retrieval ranks inside the routed documents
 * (`askInside`): the asking part without the part that names the instrument, the instruments it names
 * by kind and every capitalised name (`withoutCapitalisedNames`: parties, and defined terms, which
 * retrieval keeps); and without "this contract" or "the agreement" alone
 * (`withoutThisContract`). Those pick the document, not the provision: its title and every passage have
 * them. So a question naming its contract inside the sentence ("May Acme sublicense under the 2019
 * distribution agreement?") reads as the same ask after a lead-in that names it ("As to Acme's
 * distribution agreement: may it sublicense?"). The text as it was when nothing would be left.
 */
export function plainAsk(question: string): string {
  // the instrument named by kind and counterparty read as "this contract" first (`instrument-naming.ts`)
  const plain = askInside(parseQuestion(asNamedContract(question)), false, withoutCapitalisedNames).plain;
  const bare = withoutThisContract(plain);
  return askTerms(bare).length > 0 ? bare : plain;
}

/**
 * The terms that ask for a provision (`plainAsk`: "How can the voting agreement with Acme be
 * terminated?" → terminated). `terms` when nothing else would be left.
 */
export function provisionTerms(question: string, terms: readonly string[]): string[] {
  const rest = askTerms(plainAsk(question));
  return rest.length > 0 ? rest : [...terms];
}

/**
 * The wording model's terms for a wording it does not know: the asking part without an instrument it
 * names by kind (parties kept, as that model was fitted).
 */
function kindlessTerms(question: string, terms: readonly string[]): string[] {
  const rest = askTerms(withoutMentions(parseQuestion(question).ask));
  return rest.length > 0 ? rest : [...terms];
}

/**
 * Every sentence of the extract (at least 15 characters) as a candidate, in extract order, with the
 * idf-weighted coverage of `terms` (rare words in the extract weigh more than ones in every sentence).
 * A sentence that instructs an AI (`isModelInstruction`) is no candidate: it is not evidence of what
 * the document provides, however well it matches the question's words.
 */
export function candidateSentences(
  terms: readonly string[],
  extract: readonly EvidenceItem[],
  source: SourceText,
): Candidate[] {
  const out: Candidate[] = [];
  extract.forEach((item, i) => {
    const text = source(item.documentId, item.version);
    if (text === null) return;
    const firstLine = /^\s*([^\n]{1,100})(?:\n|$)/.exec(item.text)?.[1] ?? "";
    const heading = firstLine.length < 100 && !/[.;]\s*\S/.test(firstLine.trim()) ? contentWords(firstLine) : [];
    let index = 0;
    let previous: ReadonlySet<string> = new Set();
    const before = extract.find(
      (o) =>
        o.documentId === item.documentId &&
        o.version === item.version &&
        o.end <= item.start &&
        item.start - o.end <= ADJACENT_PASSAGES,
    );
    for (const r of splitSentences(text, item.start, item.end)) {
      if (r.end - r.start < 15) continue;
      const body = text.slice(r.start, r.end);
      if (isModelInstruction(body)) continue;
      const words = new Set(contentWords(body));
      const headingLine = isHeadingLine(text, r.start, r.end);
      // the passage before is read by the sentence that opens this one
      const opens = index === 0;
      out.push({
        item,
        start: r.start,
        end: r.end,
        text: body,
        rank: i + 1,
        index: index++,
        coverage: 0,
        familyCoverage: 0,
        words,
        heading,
        previous,
        headingLine,
        ...(opens && before ? { before } : {}),
      });
      previous = words;
    }
  });
  if (terms.length === 0 || out.length === 0) return out;
  const exact = out.map((c) => terms.map((t) => c.words.has(t)));
  const family = out.map((c, i) =>
    terms.map((t, j) => exact[i]?.[j] === true || [...c.words].some((w) => sameFamily(t, w))),
  );
  const coverage = idfCoverage(exact);
  const familyCoverage = idfCoverage(family);
  out.forEach((c, i) => {
    c.coverage = coverage[i] as number;
    c.familyCoverage = familyCoverage[i] as number;
  });
  return out;
}

/** Each candidate's idf-weighted share of the terms, from which terms it has (`present[i][j]`: candidate i has term j). */
export function idfCoverage(present: readonly boolean[][]): number[] {
  const n = present[0]?.length ?? 0;
  const idf = Array.from({ length: n }, (_, j) => {
    const df = present.filter((p) => p[j]).length;
    return Math.log(1 + (present.length + 1) / (df + 0.5));
  });
  const total = idf.reduce((a, b) => a + b, 0);
  return present.map((p) => idf.reduce((acc, w, j) => acc + (p[j] ? w : 0), 0) / total);
}

/** A party word by its side of a relation: the stem and whether it is the side acted for (-ee) or the one acting (-or, -er). */
const PARTY_SIDE = /^(\p{L}{3,}?)(ee|or|er)s?$/u;

/**
 * Whether two words name the two sides of one relation: "franchisee" and "franchisor", "employee" and
 * "employer", "licensee" and "licensor", "assignee" and "assignor". They share all but their last letters,
 * yet a clause that binds one party is no answer about the other. (So too "lessee" and "lesser", which shared
 * a family by their first five letters.) A guarantee is an instrument, not the guarantor's counterpart, and
 * stays of the guarantor's family.
 */
export function oppositeSides(a: string, b: string): boolean {
  const x = PARTY_SIDE.exec(a);
  const y = PARTY_SIDE.exec(b);
  if (x === null || y === null || x[1] !== y[1]) return false;
  const acted = (m: RegExpExecArray) => m[2] === "ee" && m[1] !== "guarant";
  return acted(x) !== acted(y);
}

/**
 * Two words of one family as a question and a clause use them: "mature" and "Maturity", "prepayment"
 * and "prepay", "governs" and "governed". They share a first part of at least four letters that is at
 * least 80 % of the shorter word (so "late" and "later" are one family too: a loose match, which is
 * why the coverage rule weighs it at half).
 */
export function sameFamily(a: string, b: string): boolean {
  if (oppositeSides(a, b)) return false;
  // one word spelled the American and the British way ("advisor", "adviser"; "judgment", "judgement")
  if (a[0] === b[0] && a !== b && otherSpelling(a) === b) return true;
  const n = Math.min(a.length, b.length);
  let p = 0;
  while (p < n && a[p] === b[p]) p++;
  return p >= 4 && p >= 0.8 * n;
}

/** A clause label alone: "Section 9.", "ARTICLE X", "10.01.", "(a)". */
const CLAUSE_LABEL =
  /^(?:(?:section|article|clause|§)\s*)?(?:\(?[0-9]{1,3}(?:\.[0-9]{1,3})*\)?|\(?[a-z]{1,2}\)|[ivxlc]{1,6})\.?$/i;
/** Words a heading leaves in lower case ("Events of Default", "Limitation on Liability"). */
const HEADING_CONNECTORS = new Set("a an and as at by for from in its of on or the this to under upon with".split(" "));

/** A clause label opening a run-in heading: "Section 10.1 ", "4.3 ", "(b) ", "ARTICLE X ". */
const LEADING_LABEL =
  /^(?:(?:section|article|clause|§)\s*(?:[0-9]{1,3}(?:\.[0-9]{1,3})*|[ivxlc]{1,6})\.?|[0-9]{1,3}(?:\.[0-9]{1,3})*\.?|\([a-z0-9]{1,4}\))\s+/i;

/**
 * A sentence that reads as a heading: at most twelve words after any label ("10.01.", "(i)"), each
 * capitalised but the connectors. It names a provision and says nothing of it. Either a line of its
 * own (or after only a clause label on it: "Section 9. Conditions to Effectiveness of this
 * Agreement."), or run in: a clause label, the heading and its full stop opening a line that the
 * provision's text goes on ("Section 10.1 Events of Default. An “Event of Default” shall occur ...").
 */
export function isHeadingLine(text: string, start: number, end: number): boolean {
  const body = text.slice(start, end).trim();
  if (body.length === 0 || body.length > 100 || body.includes("\n")) return false;
  // nothing else on its line before it but a clause label ("Section 9. Conditions to ...")
  const lineEnd = text.indexOf("\n", end);
  const before = text.slice(text.lastIndexOf("\n", start - 1) + 1, start).trim();
  if (before !== "" && !CLAUSE_LABEL.test(before)) return false;
  const runIn = text.slice(end, lineEnd < 0 ? text.length : lineEnd).trim() !== "";
  // run in, only after a clause label and with its full stop: "Section 9. The Borrower Shall Pay." is no heading of a line
  if (runIn && !(body.endsWith(".") && (before !== "" || LEADING_LABEL.test(body)))) return false;
  const words = body.replace(/^\(?[0-9A-Za-z]{1,4}(?:\.\d{1,3})*[.)]\s*/, "").match(/\p{L}[\p{L}'’-]*/gu) ?? [];
  return (
    words.length > 0 &&
    words.length <= 12 &&
    words.every((w) => HEADING_CONNECTORS.has(w) || w[0] !== (w[0] as string).toLowerCase())
  );
}

const MONTHS = /\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\b/i;

/** Coarse shapes of a sentence that questions ask about: amounts, rates, dates, periods, negation... */
export function sentenceShapes(text: string): string[] {
  const s: string[] = [];
  if (/\$\s?\d|\bdollars?\b|\busd\b|\beur(?:os?)?\b/i.test(text)) s.push("#money");
  if (/\d\s?%|\bper\s?cent/i.test(text)) s.push("#pct");
  if (/\b(?:19|20)\d\d\b/.test(text) || MONTHS.test(text)) s.push("#date");
  if (/\b(?:days?|weeks?|months?|years?)\b/i.test(text)) s.push("#period");
  if (/\(\d+\)|\b\d+\b/.test(text)) s.push("#number");
  if (/\b(?:not|no|neither|nor|without|never)\b/i.test(text)) s.push("#neg");
  if (/\bmeans\b|\bshall mean\b|["“][^"”]{2,60}["”]\s*(?:shall\s+)?(?:mean|refer)/i.test(text)) s.push("#def");
  if (/\bshall\b|\bmust\b|\bagrees?\b|\bundertakes?\b/i.test(text)) s.push("#oblig");
  if (/\bmay\b/i.test(text)) s.push("#perm");
  if (/\b(?:except|unless|provided(?:,)? (?:that|however))\b/i.test(text)) s.push("#except");
  if (text.length < 80 && text === text.toUpperCase()) s.push("#caps");
  if (/:\s*$/.test(text)) s.push("#leadin");
  s.push(`#len${Math.min(6, Math.max(0, Math.floor(Math.log2(text.length / 20))))}`);
  return s;
}

/**
 * The hashed features of one candidate for a question with `terms`. `withType: false` leaves out the
 * features keyed by the whole question, as for a question worded like none the model was trained on
 * (training adds such a copy of every example, so the word-level features carry weight on their own).
 */
export function candidateFeatures(terms: readonly string[], c: Candidate, bits: number, withType = true): Features {
  const mask = (1 << bits) - 1;
  const idx: number[] = [];
  const val: number[] = [];
  const add = (key: string, v: number) => {
    idx.push(fnv1a(key) & mask);
    val.push(v);
  };
  const words = [...c.words, ...sentenceShapes(c.text)];
  const norm = 1 / Math.sqrt(words.length + 1);
  const headNorm = c.heading.length ? 0.5 / Math.sqrt(c.heading.length) : 0;
  add("#bias", 1);
  add("#coverage", c.coverage);
  add("#logrank", Math.log(c.rank));
  add(`#rank${Math.min(c.rank, 12)}`, 1);
  add(`#index${Math.min(c.index, 6)}`, 1);
  for (const w of words) add(`s\u0001${w}`, norm);
  const f: FeatureInput = { terms, c, add, norm, headNorm, words };
  termFeatures(f);
  // The question as a whole: questions asked in the same words (one CUAD category, one NDA hypothesis)
  // share a key, so the model learns what their evidence reads like, word pairs included.
  if (withType) typeFeatures(f);
  return { idx: Int32Array.from(idx), val: Float32Array.from(val) };
}

/** What the feature groups read: the question's terms, the candidate, its words and shapes, the weights' sink. */
interface FeatureInput {
  terms: readonly string[];
  c: Candidate;
  add: (key: string, v: number) => void;
  /** 1 / sqrt(sentence words + 1), so long sentences do not win on length. */
  norm: number;
  headNorm: number;
  words: readonly string[];
}

/** Features keyed by the whole question: its words sorted, so one wording is one key. */
function typeFeatures({ terms, c, add, norm, headNorm, words }: FeatureInput): void {
  const qtype = [...terms].sort().join(" ");
  // the sentence's content words in order (repeats kept), for word pairs
  const seq = featureWords(c.text);
  const bigramNorm = 1 / Math.sqrt(seq.length + 1);
  add(`t\u0001${qtype}`, 1);
  add(`t\u0001${qtype}\u0001cov`, c.coverage);
  add(`t\u0001${qtype}\u0001rank`, Math.log(c.rank));
  for (const w of words) add(`t\u0001${qtype}\u0001${w}`, norm);
  for (let i = 1; i < seq.length; i++) add(`b\u0001${qtype}\u0001${seq[i - 1]} ${seq[i]}`, bigramNorm);
  for (const h of c.heading) add(`th\u0001${qtype}\u0001${h}`, headNorm);
  const prevNorm = c.previous.size ? 0.5 / Math.sqrt(c.previous.size) : 0;
  for (const w of c.previous) add(`tp\u0001${qtype}\u0001${w}`, prevNorm);
}

/** Features of each question word: its prior, its match, and its pairs with the sentence's words and heading. */
function termFeatures({ terms, c, add, norm, headNorm, words }: FeatureInput): void {
  for (const t of terms) {
    add(`q\u0001${t}`, 1);
    add(`q\u0001${t}\u0001cov`, c.coverage);
    add(`q\u0001${t}\u0001rank`, Math.log(c.rank));
    if (c.words.has(t)) add(`m\u0001${t}`, 1);
    for (const w of words) add(`p\u0001${t}\u0001${w}`, norm);
    for (const h of c.heading) add(`h\u0001${t}\u0001${h}`, headNorm);
  }
}

/** The model's probability that a candidate is evidence for the question (logistic). */
export function evidenceProbability(weights: Float32Array, f: Features): number {
  let z = 0;
  for (let i = 0; i < f.idx.length; i++) z += (weights[f.idx[i] as number] as number) * (f.val[i] as number);
  return 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));
}

/** A candidate with its score: the model's probability of being evidence, or the coverage rule's score. */
export interface ScoredCandidate extends Candidate {
  p: number;
}

/** One key per question wording: its asking part's content words, sorted. */
export function questionTypeKey(terms: readonly string[]): string {
  return createHash("sha256")
    .update([...terms].sort().join(" "))
    .digest("hex")
    .slice(0, 16);
}

/**
 * The rule for questions worded like none the model was trained on: idf-weighted coverage of the
 * question's terms (half exact, half also counting a word of the same family, `sameFamily`) minus 0.2 ·
 * ln(passage rank), plus 0.05 × the logit of the model's word-level features alone (those that do not
 * depend on the wording), answering from 0.21. Calibrated on the dev files with wordings held out of
 * training (docs/answers/wording-model.md): with exact coverage and threshold 0.17, ContractNLI 86.5 % abstained when
 * silent, 29.3 % cited gold at 71.3 % precision, CUAD 27.7 % cited gold at 59.5 % precision, against
 * 86.5 / 29.0 / 68.3 and 24.7 / 55.7 for coverage and rank alone; the model's word-level features alone
 * did worse than either. Counting families raised the score a silent question's best sentence gets, by
 * 0.04 at the same abstention when silent, hence 0.21; at that abstention it cites gold as often and
 * more precisely (docs/answers/wording-model.md).
 */
export const COVERAGE_RULE = {
  rankWeight: 0.2,
  modelWeight: 0.05,
  /**
   * Taken off a heading line (`isHeadingLine`): "Events of Default." repeats the question's words and
   * says nothing of what they are. 1,506 of the 60,561 dev candidates are heading lines, 17 of them
   * gold; with every dev question scored as unfamiliar by coverage and rank alone, CUAD's top sentence
   * is gold for 41.9 % instead of 40.8 % and precision is 56.1 % instead of 55.2 %, ContractNLI and
   * cited gold unchanged at the same abstention. Since a heading may follow its clause label on the
   * line: 1,854 of 60,342, 18 gold (docs/answers/wording-model.md).
   */
  headingPenalty: 0.4,
  /**
   * Taken off a sentence in an exhibit, schedule or annex of an amendment when the question asks about
   * "the amendment": there it is the agreement as amended (a conformed copy), and "the conditions to the
   * effectiveness of the amendment" are the amendment's own, not the agreement's conditions precedent.
   */
  conformedCopyPenalty: 0.4,
  /** Weight of `familyCoverage` against exact `coverage` ("When do the loans mature?" meets "Maturity"). */
  familyWeight: 0.5,
  decision: { threshold: 0.21, keepRatio: 0.75, maxSentences: 3 },
};

/**
 * "What does the second amendment change?" is answered by the amendment's operative clauses: "Section
 * 2.1 of the Credit Agreement is hereby amended …", "… are hereby inserted into the Credit Agreement",
 * "by deleting … and substituting …". No question word is in them, and the nearest trained wording
 * ("change" reads as a change of control) is about something else, so such a question is scored by
 * the clause's form: a sentence of an amendment (not of the agreement as amended in its annex) that
 * amends, deletes, inserts or replaces text, best ranked first. None in the extract: a silence.
 */
export const AMENDMENT_CHANGES = {
  score: 0.9,
  decision: { threshold: 0.5, keepRatio: 0.5, maxSentences: 3, pool: 1 } as EvidenceDecision,
};

/** The asking part asks what an amendment changes, amends or modifies (a change of control is not that). */
export function asksWhatChanges(ask: string): boolean {
  const rest = withoutMentions(ask);
  if (/\bchanges?\s+(?:of|in)\s+control\b/i.test(rest)) return false;
  return /\b(?:chang(?:e|es|ed)|amends?|amended|modif(?:y|ies|ied)|revis(?:e|es|ed))\b|\bdo(?:es)?\s*\?\s*$/i.test(
    rest,
  );
}

/** The form of an operative amending clause: text amended, deleted, inserted, added or replaced. */
const AMENDING = new RegExp(
  [
    String.raw`\b(?:is|are|shall be)\s+(?:hereby\s+)?(?:further\s+)?(?:amended|modified|supplemented|restated|deleted|inserted|added|replaced|substituted|revised|removed)\b`,
    String.raw`\bhereby\s+(?:amends?|modif(?:y|ies)|supplements?|restates?|deletes?|inserts?|adds?|replaces?)\b`,
    String.raw`\bby\s+(?:deleting|inserting|adding|replacing|striking|substituting|amending|restating)\b`,
    String.raw`\b(?:shall|to)\s+read\s+(?:in (?:its|their) entirety\s+)?as follows\b`,
  ].join("|"),
  "i",
);

/** "… as the same may be amended from time to time": what a definition allows, not what an amendment does. */
const MAY_BE_AMENDED = /\bfrom time to time\b|\bas the same may\b|\bmay be (?:amended|modified|supplemented)\b/i;

/** "$50,000 shall be added to the principal amount outstanding": money added to a balance, no text edited. */
const ADDED_TO_A_BALANCE =
  /\b(?:added|credited|applied)\s+to\s+(?:the\s+)?(?:then\s+)?(?:outstanding\s+|unpaid\s+)?(?:principal|balance|amount|account|interest)\b/i;

/** An operative amending clause of an amendment (not of the agreement as amended in its annex, not a heading). */
export function amendingClause(c: Candidate): boolean {
  return (
    c.item.role === "amendment" &&
    !inConformedCopy(c.item) &&
    !c.headingLine &&
    AMENDING.test(c.text) &&
    !MAY_BE_AMENDED.test(c.text) &&
    !ADDED_TO_A_BALANCE.test(c.text)
  );
}

/**
 * A question that asks what a term is ("Who is the administrative agent?", "What is the Maturity
 * Date?", "What are the events of default?") and a sentence of the extract that defines that term:
 * the definition is the answer, since a defined term means only what the documents define, and the
 * citation names the document that defines it. Scored above anything the coverage rule gives (its
 * scores stay under 2), so the definitions are what the answer cites; read only for wordings the model
 * was not trained on.
 */
export const DEFINED_TERM = { score: 3 };

/** The term a "who/what is/are (the) …?" question asks about, as compared (`termKey`), or null. */
export function askedTerm(question: string): string | null {
  const m = /^\s*(?:who|what)\s+(?:is|are)\s+(?:the\s+|an?\s+)?([^?]{3,60}?)\s*\??\s*$/i.exec(
    parseQuestion(question).ask,
  );
  if (!m) return null;
  const words = (m[1] as string).split(/\s+/);
  if (words.length > 6 || !words.some((w) => /^[\p{L}]{3,}$/u.test(w))) return null;
  return termKey(m[1] as string);
}

/** What follows a quoted term that a sentence defines: “Term” means / mean / shall mean / has the meaning / refers to. */
export const MEANS_CLAUSE = String.raw`\s*,?\s*(?:shall\s+mean|means|mean\b|has\s+the\s+meaning|shall\s+have\s+the\s+meaning|refers\s+to)`;
const MEANS_AFTER = new RegExp(`^${MEANS_CLAUSE}`, "i");

/** Whether the sentence defines `key` (`termKey`): “Term” means / has the meaning …, or a naming parenthetical (the “Term”). */
export function definesTerm(sentence: string, key: string): boolean {
  const quoted = /[“"]([^”"]{2,80})[”"]/g;
  for (const m of sentence.matchAll(quoted)) {
    if (termKey(m[1] as string) !== key) continue;
    const before = sentence.slice(0, m.index);
    const after = sentence.slice((m.index ?? 0) + m[0].length);
    if (MEANS_AFTER.test(after)) return true;
    if (
      /\(\s*(?:[^()“”"]{0,40}?,\s*)?(?:the\s+|each,?\s+(?:an?\s+)?|an?\s+|collectively,?\s+(?:the\s+)?)?$/i.test(
        before,
      ) &&
      /^\s*\)/.test(after)
    )
      return true;
  }
  return false;
}

/** The coverage rule's score of one candidate (see COVERAGE_RULE). */
function coverageScore(model: EvidenceModel, terms: readonly string[], c: Candidate): number {
  const p = evidenceProbability(model.weights, candidateFeatures(terms, c, model.bits, false));
  const logit = Math.log(Math.max(p, 1e-6) / Math.max(1 - p, 1e-6));
  const w = COVERAGE_RULE.familyWeight;
  return (
    (1 - w) * c.coverage +
    w * c.familyCoverage -
    COVERAGE_RULE.rankWeight * Math.log(c.rank) +
    COVERAGE_RULE.modelWeight * logit -
    (c.headingLine ? COVERAGE_RULE.headingPenalty : 0)
  );
}

export interface ScoredExtract {
  /** Most likely evidence first. */
  scored: ScoredCandidate[];
  decision: EvidenceDecision;
  /**
   * "model" for a wording the model knows, "amendment" for what an amendment changes
   * (`AMENDMENT_CHANGES`), else "coverage".
   */
  scorer: "model" | "coverage" | "amendment";
  /** The trained wording the question was read as, when it was not asked in it (`modelWording`). */
  readAs: string | null;
}

/**
 * Every candidate sentence of the extract scored, best first: by the model when it was trained on
 * questions worded like this one, else by the coverage rule (each with its own decision).
 */
export function scoreCandidates(
  model: EvidenceModel,
  question: string,
  extract: readonly EvidenceItem[],
  source: SourceText,
): ScoredExtract {
  const { terms, typeKey, familiar, readAs } = modelWording(model, question);
  // The model reads the wording as trained; the coverage rule counts only the words that ask for a
  // provision, or a title that repeats the instrument's name outscores the clause asked about.
  const used = familiar ? terms : kindlessTerms(question, terms);
  const candidates = candidateSentences(used, extract, source);
  const ask = parseQuestion(question).ask;
  const aboutAmendment = instrumentMentions(ask).some((m) => m.words.at(-1) === "amendment");
  // "the second amendment" by kind, or by name ("Amendment No. 8")
  if ((aboutAmendment || /\bamendment\b/i.test(ask)) && asksWhatChanges(ask)) {
    // What an amendment changes is said by its operative clauses, whatever words the question uses.
    const scored = candidates
      .map((c) => ({ ...c, p: amendingClause(c) ? AMENDMENT_CHANGES.score - 0.01 * Math.log(c.rank) : 0 }))
      .sort(byEvidence);
    return { scored, decision: AMENDMENT_CHANGES.decision, scorer: "amendment", readAs: null };
  }
  // "Who is the administrative agent?": a defined term means what its definition says.
  const term = familiar ? null : askedTerm(question);
  const defines = term === null ? () => false : (c: Candidate) => definesTerm(c.text, term);
  const scored = candidates
    .map((c) => ({
      ...c,
      p: familiar
        ? evidenceProbability(model.weights, familiarFeatures(model, terms, typeKey, c))
        : defines(c)
          ? DEFINED_TERM.score - 0.01 * Math.log(c.rank)
          : coverageScore(model, used, c) -
            (aboutAmendment && inConformedCopy(c.item) ? COVERAGE_RULE.conformedCopyPenalty : 0),
    }))
    .sort(byEvidence);
  return familiar
    ? { scored, decision: model.decision, scorer: "model", readAs }
    : { scored, decision: COVERAGE_RULE.decision, scorer: "coverage", readAs: null };
}

/**
 * The question's terms and wording key as the model reads them: as asked or, when the model was not
 * trained on that wording, with the contract it is about said as "this contract" (`asThisContract`), or
 * not said at all. "Which law governs the VERSO intellectual property agreement?" is asked as "Which
 * law governs this contract?", "Is there a cap on liability in the supply agreement?" as "Is there a
 * cap on liability?": wordings the model knows, about the contract in hand, which a lawyer names.
 * Only a wording the model was trained on counts; otherwise the terms as asked, unfamiliar. `readAs`
 * is the trained wording's text when the question was read as one it is not (null as asked, or when the
 * model file lists no wordings), so the answer can say how it read the question.
 */
export function modelWording(
  model: Pick<EvidenceModel, "questionTypes" | "wordings" | "exemplars">,
  question: string,
): { terms: string[]; typeKey: string; familiar: boolean; readAs: string | null } {
  const terms = questionTerms(question);
  const typeKey = questionTypeKey(terms);
  if (model.questionTypes.has(typeKey)) return { terms, typeKey, familiar: true, readAs: null };
  const wordings = model.wordings ?? [];
  const textOf = (key: string) => wordings.find((w) => w.key === key)?.text ?? null;
  const ask = parseQuestion(question).ask;
  const unsaid = withoutThisContract(ask);
  for (const form of [asThisContract(ask), unsaid]) {
    const generic = askTerms(form);
    const key = questionTypeKey(generic);
    if (generic.length > 0 && model.questionTypes.has(key))
      return { terms: generic, typeKey: key, familiar: true, readAs: textOf(key) };
  }
  const nearest = nearestWording(wordings, askTerms(unsaid), rarityOf(model), terms);
  if (nearest) return { terms: [...nearest.terms], typeKey: nearest.key, familiar: true, readAs: nearest.text };
  return { terms, typeKey, familiar: false, readAs: null };
}

/** Words every wording may use for the contract or the asking frame, left out when wordings are compared. */
const FRAME_WORDS = new Set(["agreement", "contract", "provide", "party", "parties"]);

/**
 * How alike two wordings' terms are: the share of both sides' terms (frame words aside) that have a
 * term of the other side of the same family (`sameFamily`), 0..1 (the Dice coefficient, families as equal).
 */
export function wordingLikeness(a: readonly string[], b: readonly string[]): number {
  const x = a.filter((t) => !FRAME_WORDS.has(t));
  const y = b.filter((t) => !FRAME_WORDS.has(t));
  if (x.length + y.length === 0) return 0;
  const matched =
    x.filter((p) => y.some((q) => alike(p, q))).length + y.filter((q) => x.some((p) => alike(p, q))).length;
  return matched / (x.length + y.length);
}

const alike = (p: string, q: string) => p === q || sameFamily(p, q);

/** How rare a word is (`wordIdf`: the idf of its bucket over the model's exemplar sentences). */
export type TermRarity = (term: string) => number;

/**
 * The wording's terms (frame words aside) that the question has a term of the same family for. One
 * shared word reads a question as a wording only when that word is rare (`NEAREST_WORDING.minRarity`):
 * "What changed?" shares only "change" with "What happens on a change of control?", "What security is
 * granted?" only "granted" with "What licenses are granted?", and both words are common in contracts;
 * "Is the license perpetual?" shares only "perpetual" with "Are any licenses irrevocable or perpetual?",
 * which is rare.
 */
export function sharedTerms(question: readonly string[], wording: readonly string[]): string[] {
  return wording.filter((q) => !FRAME_WORDS.has(q) && question.some((p) => !FRAME_WORDS.has(p) && alike(p, q)));
}

/**
 * A question asked in other words read as the trained wording it is nearest to: at least half alike
 * (`wordingLikeness`), clearly nearer than the next (by 0.05) and, when the question as asked shares
 * only one word with it (`sharedTerms`), that word rare enough (an idf of 4, or 5 when only a word of
 * its family is shared; the model's exemplar idf, `wordIdf`), else none. "Does the agreement
 * have third party beneficiaries?" is "Are there third-party beneficiaries?"; "What are the consequences
 * of a change of control?" is "What happens on a change of control?". Set on paraphrases written to tune
 * it (test/bench/paraphrases.ts), checked on others (docs/answers/wording-model.md).
 */
export const NEAREST_WORDING = { minLikeness: 0.5, minMargin: 0.05, minRarity: { same: 4, family: 5 } };

export function nearestWording(
  wordings: ReadonlyArray<TrainedWording>,
  terms: readonly string[],
  rarity?: TermRarity,
  asked: readonly string[] = terms,
): TrainedWording | null {
  let best: TrainedWording | null = null;
  let first = 0;
  let second = 0;
  for (const w of wordings) {
    const s = wordingLikeness(terms, w.terms);
    if (s > first) {
      second = first;
      first = s;
      best = w;
    } else if (s > second) second = s;
  }
  if (!best || first < NEAREST_WORDING.minLikeness || first - second < NEAREST_WORDING.minMargin) return null;
  // the words shared with the question as asked, the instrument it names included ("the scope of the
  // license grant" says the "licenses" and "granted" of "What licenses are granted?")
  const shared = sharedTerms(asked, best.terms);
  const one = shared.length === 1 ? (shared[0] as string) : null;
  if (one === null || !rarity) return best;
  // a word of the same family is weaker evidence than the word itself: it must be rarer
  const floor = asked.includes(one) ? NEAREST_WORDING.minRarity.same : NEAREST_WORDING.minRarity.family;
  return rarity(one) >= floor ? best : null;
}

/** How rare a term is in the model's exemplar sentences; none without exemplars (no rarity gate then). */
function rarityOf(model: Pick<EvidenceModel, "exemplars">): TermRarity | undefined {
  const index = model.exemplars;
  return index ? (t) => wordIdf(index, t) ?? 0 : undefined;
}

/** Most likely evidence first; ties go to the better-ranked passage, then to the earlier sentence. */
export function byEvidence(
  a: Pick<ScoredCandidate, "p" | "rank" | "start">,
  b: Pick<ScoredCandidate, "p" | "rank" | "start">,
): number {
  return b.p - a.p || a.rank - b.rank || a.start - b.start;
}

/** A passage inside an exhibit, schedule or annex of an amendment: the agreement as amended, not the amendment. */
function inConformedCopy(item: EvidenceItem): boolean {
  return item.role === "amendment" && inAnnex(item.clauseRef ?? "");
}

/** The features of a candidate for a wording the model knows: its own, and its likeness to the wording's exemplars. */
function familiarFeatures(model: EvidenceModel, terms: readonly string[], typeKey: string, c: Candidate): Features {
  const own = candidateFeatures(terms, c, model.bits);
  if (!model.exemplars) return own;
  const sim = exemplarSimilarity(model.exemplars, typeKey, exemplarTerms(c.text));
  return concatFeatures(own, exemplarFeatures(typeKey, sim, model.bits));
}

/**
 * Whether the extract answers the question at all, as `d` reads it: with a pool of n, the chance that
 * at least one of the n most probable sentences is evidence, 1 − Π(1 − p) (scored: most probable
 * first). Evidence spread over several sentences, as in a list of conditions, answers a question that
 * no single sentence is sure of.
 */
export function answerScore(scored: readonly { p: number }[], d: EvidenceDecision): number {
  const pool = d.pool ?? 1;
  // one sentence pooled is that sentence's probability exactly (no rounding through 1 − (1 − p))
  if (pool <= 1 || scored.length <= 1) return scored[0]?.p ?? 0;
  let none = 1;
  for (const s of scored.slice(0, pool)) none *= 1 - Math.min(1, Math.max(0, s.p));
  return 1 - none;
}

/** What to cite from scored candidates (most probable first), or nothing: abstain. */
export function pickEvidence<T extends { p: number }>(scored: readonly T[], d: EvidenceDecision): T[] {
  const best = scored[0];
  if (!best || answerScore(scored, d) < d.threshold) return [];
  return scored.filter((s) => s.p >= best.p * d.keepRatio).slice(0, d.maxSentences);
}

/**
 * The model as a JSON document. Weights are quantised to 16-bit integers with one scale (the error,
 * under 1/65,000 of the largest weight, moves no probability by more than a rounding), base64 encoded.
 */
export function serializeEvidenceModel(m: EvidenceModel): string {
  let max = 0;
  for (const w of m.weights) max = Math.max(max, Math.abs(w));
  const scale = max > 0 ? max / 32767 : 1;
  const q = new Int16Array(m.weights.length);
  for (let i = 0; i < q.length; i++) q[i] = Math.round((m.weights[i] as number) / scale);
  const bytes = Buffer.from(q.buffer, q.byteOffset, q.byteLength);
  return `${JSON.stringify(
    {
      format: m.format,
      bits: m.bits,
      decision: m.decision,
      questionTypes: [...m.questionTypes].sort(),
      ...(m.wordings && m.wordings.length > 0 ? { wordings: m.wordings.map((w) => w.text) } : {}),
      provenance: m.provenance,
      scale,
      weights: bytes.toString("base64"),
      ...(m.exemplars ? { exemplars: serializeExemplars(m.exemplars) } : {}),
    },
    null,
    2,
  )}\n`;
}

/** Reads a model written by `serializeEvidenceModel`; throws a plain Error naming what is wrong. */
export function parseEvidenceModel(json: string): EvidenceModel {
  const o = JSON.parse(json) as Partial<Record<keyof EvidenceModel | "scale", unknown>>;
  if (!o || typeof o !== "object") throw new Error("model must be a JSON object");
  if (o.format !== EVIDENCE_MODEL_FORMAT)
    throw new Error(`not a ${EVIDENCE_MODEL_FORMAT} model (format ${String(o.format)})`);
  const bits = o.bits;
  if (typeof bits !== "number" || !Number.isInteger(bits) || bits < 8 || bits > 24)
    throw new Error("model bits must be a whole number from 8 to 24");
  const scale = o.scale;
  if (typeof scale !== "number" || !(scale > 0) || !Number.isFinite(scale)) throw new Error("model scale missing");
  if (typeof o.weights !== "string") throw new Error("model weights missing");
  const bytes = Buffer.from(o.weights, "base64");
  if (bytes.length !== 2 << bits) throw new Error(`model has ${bytes.length / 2} weights, expected ${1 << bits}`);
  const weights = new Float32Array(1 << bits);
  for (let i = 0; i < weights.length; i++) weights[i] = bytes.readInt16LE(i * 2) * scale;
  const d = o.decision as EvidenceDecision | undefined;
  if (
    !d ||
    !(d.threshold >= 0 && d.threshold <= 1) ||
    !(d.keepRatio > 0 && d.keepRatio <= 1) ||
    !(d.maxSentences >= 1) ||
    !(d.pool === undefined || (Number.isInteger(d.pool) && d.pool >= 1))
  )
    throw new Error("model decision must have threshold 0..1, keepRatio (0, 1], maxSentences >= 1 and pool >= 1");
  const types = o.questionTypes;
  if (!Array.isArray(types) || !types.every((t) => typeof t === "string"))
    throw new Error("model questionTypes must be a list of keys");
  const wordings = o.wordings;
  if (wordings !== undefined && !(Array.isArray(wordings) && wordings.every((w) => typeof w === "string")))
    throw new Error("model wordings must be a list of questions");
  const questionTypes = new Set(types as string[]);
  return {
    format: EVIDENCE_MODEL_FORMAT,
    bits,
    weights,
    questionTypes,
    // a wording counts only when its key is one the model was trained on
    ...(wordings
      ? {
          wordings: (wordings as string[]).map(trainedWording).filter((w) => questionTypes.has(w.key)),
        }
      : {}),
    exemplars: o.exemplars === undefined ? null : parseExemplars(o.exemplars),
    decision: {
      threshold: d.threshold,
      keepRatio: d.keepRatio,
      maxSentences: Math.floor(d.maxSentences),
      ...(d.pool !== undefined && d.pool > 1 ? { pool: d.pool } : {}),
    },
    provenance: (o.provenance as Record<string, unknown>) ?? {},
  };
}

/** A short id of a model's weights and decision, recorded with every offline answer. */
export function evidenceModelId(m: EvidenceModel): string {
  const h = createHash("sha256");
  h.update(Buffer.from(m.weights.buffer, m.weights.byteOffset, m.weights.byteLength));
  h.update(JSON.stringify(m.decision));
  h.update([...m.questionTypes].sort().join(","));
  if (m.exemplars) h.update(JSON.stringify(serializeExemplars(m.exemplars)));
  return `${m.format}@${h.digest("hex").slice(0, 12)}`;
}
