import { contentWords, parseQuestion } from "@lexnav/retrieval";
import { answerOnAgreement } from "./agreed-evidence.ts";
import { citeAmendingClause } from "./amending-clause.ts";
import { AMENDING_ROLES, withAmendmentEvidence } from "./amendment-answer.ts";
import { withAmendmentChain } from "./amendment-chain.ts";
import { answerInKind, citeInKindOfPassage } from "./answer-in-kind.ts";
import { asksLeftOpen } from "./answered-ask.ts";
import { answeringUnit } from "./answering-unit.ts";
import { answerByAgreedParts } from "./ask-parts.ts";
import { answerInLayWords } from "./asked-in-lay-words.ts";
import { leftBlank } from "./blank-asked.ts";
import { setAsideBlankEdits } from "./blank-edit.ts";
import { SILENCE_SENTENCE, type SourceText, shouldAbstain, verifyClaims } from "./citations.ts";
import { citeAskedBranch, withConditionAsked } from "./condition-asked.ts";
import { consequenceFirst } from "./consequence-first.ts";
import { withConsideration } from "./consideration-asked.ts";
import { withDefinitionEvidence } from "./definition-answer.ts";
import { partyScopeBesideTermAsked } from "./definition-lookup.ts";
import { quoteEachSpanOnce } from "./distinct-quotes.ts";
import { type AnswerClaim, type Citation, citeAs, clauseKey, type EvidenceItem, placeOf } from "./evidence.ts";
import {
  calibrate,
  type DecisionModel,
  decideEvidence,
  lexicalRelevance,
  relevanceSignals,
  type SentenceRelevance,
  scoreByEvidence,
} from "./evidence-decision.ts";
import {
  type Candidate,
  candidateSentences,
  type EvidenceModel,
  MEANS_CLAUSE,
  pickEvidence,
  provisionTerms,
  questionTerms,
  type ScoredCandidate,
  scoreCandidates,
} from "./evidence-model.ts";
import { withFieldCoverage } from "./field-coverage.ts";
import { citeOneCopy, type RecordedCopies, withCopyNotes } from "./filed-copies.ts";
import { sumNotStated, unstatedSumReason } from "./given-sum.ts";
import { citeWithinEachInstrument } from "./instrument-share.ts";
import { kindAskedFirst } from "./kind-asked.ts";
import { withFirstItem } from "./lead-in-decision.ts";
import {
  type AskDecision,
  citeEachInstrument,
  joinAskDecisions,
  namedInstrumentCount,
  questionAsks,
} from "./multi-ask.ts";
import { withNamedClause } from "./named-clause-answer.ts";
import { operativeFirst } from "./operative-first.ts";
import { withoutOtherNumbering } from "./other-numbered-reference.ts";
import { citePartysOwnInstrument } from "./parallel-instruments.ts";
import { citeForAskedParty } from "./party-roles.ts";
import { outsideNamedDeal, partyScope, questionParties } from "./party-scope.ts";
import { pointedBack } from "./points-back.ts";
import { priorStateLast } from "./prior-state-last.ts";
import { checkQuestion } from "./question-guard.ts";
import { quoteScope } from "./quote-scope.ts";
import { reinstatedFirst } from "./reinstated-first.ts";
import { ruleBeforeQualification } from "./rule-before-qualification.ts";
import { apartFromClose } from "./signature-block.ts";
import { statesAsked } from "./states-asked.ts";
import { blankAsked } from "./states-the-ask.ts";
import { citeStatus, statusFirst } from "./status-first.ts";
import { withVersionInForce } from "./version-in-force.ts";

/** What the offline answerer reads besides the extract: its evidence model (with its decision). */
export interface OfflineOptions {
  model: EvidenceModel;
}

/** Which offline answer decision runs: by evidence (the default), or the older one keyed by wording. */
export type OfflineAnswerer = "evidence" | "wording";

/** What the evidence decision reads besides the extract: its model and the sentence relevance it was trained on. */
export interface EvidenceDecisionOptions {
  decision: DecisionModel;
  /** The relevance of texts to the question (the built-in lexical cosine when absent). */
  relevance?: SentenceRelevance;
  /** Copies of one agreement among the extract's documents, as ingest recorded them (absent: none cited once). */
  copies?: RecordedCopies;
}

/** What an answerer returns before it is recorded: the text shown, verified claims, abstention and notes. */
export interface DraftAnswer {
  text: string;
  claims: AnswerClaim[];
  abstained: boolean;
  abstainReason: string | null;
  /** Which document was treated as controlling, and over what. */
  precedence: string[];
  /** Claims dropped because their citations did not verify. */
  unsupported: number;
  /** The offline answerer's figure for its best sentence: a calibrated probability (evidence decision) or a score (wording model). */
  confidence: number;
  /** Set by the evidence decision only: `confidence`, which there is a calibrated probability (kept on the answer record). */
  decisionProbability?: number;
  /** The wording the offline answerer read the question as, when it was not asked in it (`modelWording`). */
  readAs?: string;
}

/** A silence: the silence sentence, nothing cited, and why (`reason`, shown to the reader). */
export function silentDraft(reason: string | null, confidence: number, unsupported = 0): DraftAnswer {
  return {
    text: SILENCE_SENTENCE,
    claims: [],
    abstained: true,
    abstainReason: reason,
    precedence: [],
    unsupported,
    confidence,
  };
}

/**
 * Answers from the extract alone, without a language model: the evidence model scores every sentence
 * of the extract, the most probable ones are cited as `[doc] Clause X` with their exact spans, a later
 * or amending instrument controls where two selected sentences address the same clause, and the answer
 * is the silence sentence when no sentence is probable enough.
 */
export function answerOffline(
  question: string,
  extract: readonly EvidenceItem[],
  source: SourceText,
  options: OfflineOptions,
): DraftAnswer {
  // set once the question has been scored; every draft from then on says how it was read
  let readAs: string | null = null;
  const read = () => (readAs ? { readAs } : {});
  const abstain = (reason: string, confidence = 0): DraftAnswer => ({ ...silentDraft(reason, confidence), ...read() });
  const checked = checkQuestion(question);
  if (!checked.ok) return abstain(checked.error.reason);
  if (checked.value.language !== "en")
    return abstain(
      "the offline answerer reads English questions only; set ANTHROPIC_API_KEY to ask in another language",
    );
  // The extract is in retrieval order, best first: the model reads each passage's rank. Definitions and
  // referred-to provisions brought in for reading are context shown with the answer, not candidates: the
  // decision reads what retrieval found, as it did before they were brought in.
  const candidates = extract.filter((e) => e.linkedBy === undefined);
  const scoring = scoreCandidates(options.model, checked.value.question, candidates, source);
  const { scored, decision, scorer } = scoring;
  readAs = scoring.readAs;
  const best = scored[0];
  const chosen = pickEvidence(scored, decision);
  const picked = followToSubstance(chosen, scored, referencePoints(checked.value.question));
  if (best && chosen.length > 0 && picked.length === 0)
    return abstain(
      `the sentences that answered only define what the question refers to (${chosen.map((c) => citeAs(c.item)).join(", ")}), and the extract lacks the provisions they name`,
      best.p,
    );
  if (scorer === "amendment" && picked.length === 0)
    return abstain(
      "the question asks what an amendment changes, and the extract holds none of an amendment's operative clauses (text amended, deleted, inserted or replaced)",
      best?.p ?? 0,
    );
  if (!best || picked.length === 0) return abstain(notAnswered(scored), best?.p ?? 0);
  const cited = citeVerified(picked, scored, extract, source, best.p, checked.value.question);
  return cited.abstained ? abstain(cited.abstainReason ?? "no verified support", best.p) : { ...cited, ...read() };
}

/**
 * Answers from the extract alone by the evidence decision (`evidence-decision.ts`): every sentence is
 * scored by its relevance to the question, its coverage of the question's words, its passage's rank
 * and its provision's structure; the answer cites the most probable ones when the calibrated
 * probability that one of them is evidence reaches the model's threshold, and is otherwise a silence
 * that names the nearest passages judged not to answer. No feature depends on the question's wording
 * having been seen in training.
 */
export async function answerFromEvidence(
  question: string,
  extract: readonly EvidenceItem[],
  source: SourceText,
  options: EvidenceDecisionOptions,
): Promise<DraftAnswer> {
  const abstain = (reason: string, confidence = 0): DraftAnswer => ({
    ...silentDraft(reason, confidence),
    decisionProbability: confidence,
  });
  const checked = checkQuestion(question);
  if (!checked.ok) return abstain(checked.error.reason);
  if (checked.value.language !== "en")
    return abstain(
      "the offline answerer reads English questions only; set ANTHROPIC_API_KEY to ask in another language",
    );
  const q = checked.value.question;
  const relevance = options.relevance ?? (async (question, texts) => lexicalRelevance(question, texts));
  // Retrieval's own passages are the candidates; definitions and referred-to provisions brought in are context.
  // their coverage read in the field's words for what is asked (`field-coverage.ts`)
  // the close of an instrument (signature blocks) only for a question about signing or the parties (`signature-block.ts`)
  const sentencesOf = (asked: string) =>
    withFieldCoverage(
      asked,
      apartFromClose(
        q,
        candidateSentences(
          provisionTerms(asked, questionTerms(asked)),
          extract.filter((e) => e.linkedBy === undefined),
          source,
        ),
      ),
    );
  const retrieved = sentencesOf(q);
  // A question that names its deal by parties is answered from that deal's documents alone (`party-scope.ts`).
  // A "party" that is words of the term asked, named only by a definition looked up for it, names no deal.
  // One that quotes its contract, from the deals whose text holds the quotation (`quote-scope.ts`).
  const scope = partyScopeBesideTermAsked(q, partyScope(q, extract, source), extract) ?? quoteScope(q, extract, source);
  const inDeal = (cs: Candidate[]) => (scope ? cs.filter((c) => scope.documents.has(c.item.documentId)) : cs);
  if (scope && inDeal(retrieved).length === 0) {
    const nearest = await relevanceSignals(q, retrieved, relevance);
    return abstain(outsideNamedDeal(scope.parties, notAnswered(byRelevance(retrieved, nearest.sentence))));
  }
  const decide = async (asked: string, candidates = inDeal(sentencesOf(asked))) => {
    const signals = await relevanceSignals(asked, candidates, relevance);
    // a lead-in and its first item are read as one statement (`lead-in-decision.ts`)
    const modelOrder = withFirstItem(scoreByEvidence(options.decision, asked, candidates, signals));
    // The sentence that states what is asked above its recital or lead-in (`operative-first.ts`), and one
    // that states the kind of answer asked (a term, a time, an amount) or what follows from the event asked
    // about above one that does not (`kind-asked.ts`, `consequence-first.ts`).
    // and for a question of what comes back when a change ends, the sentence that reinstates it (`reinstated-first.ts`);
    // for one of whether an earlier text still holds, the sentence that states its status (`status-first.ts`);
    // for one of what holds now, a sentence that states the position before the change last (`prior-state-last.ts`).
    const scored = kindAskedFirst(
      asked,
      priorStateLast(
        asked,
        statusFirst(asked, reinstatedFirst(asked, consequenceFirst(asked, operativeFirst(asked, modelOrder)))),
      ),
    );
    return { candidates, signals, scored, modelOrder, ...decideEvidence(options.decision, scored) };
  };
  const { candidates, signals, scored, modelOrder, ...byModel } = await decide(q, inDeal(retrieved));
  // A silence where relevance, coverage and the decision put one sentence first cites it (`agreed-evidence.ts`);
  // the decision's own order: a re-ranking is no third opinion.
  const whole = answerOnAgreement(byModel, candidates, signals.sentence, modelOrder, options.decision.relevance);
  // A silence whose first sentence states what is asked, in the kind asked for, is answered (`answer-in-kind.ts`).
  // and so is one whose question asks in lay words what the sentence drafts (`asked-in-lay-words.ts`)
  const inKind = answerInLayWords(
    q,
    // a title speaks for the instrument asked only where the parties the question names were found (`inKind`)
    answerInKind(q, whole, scored, options.decision.relevance, scope !== null || questionParties(q).length === 0),
    scored,
    options.decision.relevance,
    scope !== null,
  );
  // One asked under a condition, or for what was given for an act (`condition-asked.ts`, `consideration-asked.ts`).
  const underAsk = withConsideration(q, withConditionAsked(q, inKind, scored, scope !== null), scored);
  // A question that asks two things: each ask decided on its own as well (`multi-ask.ts`).
  const asks = questionAsks(q);
  const perAsk = asks.length > 1 ? await Promise.all(asks.map((asked) => decide(asked))) : [];
  // and a question that names several instruments: the best sentence of each that passes the bar
  const passes = (s: ScoredCandidate) => decideEvidence(options.decision, [s]).cited.length > 0;
  // and, silent so, one whose asks each put the same sentence first: the parts together (`ask-parts.ts`)
  const bar = { calibrate: (raw: number) => calibrate(options.decision.calibration, raw), ...options.decision.rule };
  // an ask a sentence already cited covers as well as its own best sentence adds no citation (`answered-ask.ts`)
  const joined = answerByAgreedParts(
    joinAskDecisions(underAsk, asksLeftOpen(underAsk.cited, perAsk), scored),
    perAsk,
    scored,
    bar,
  );
  const each = citeEachInstrument(joined, scored, namedInstrumentCount(q), passes);
  // and one that asks across instruments: what stands out within each (`instrument-share.ts`)
  const { cited: shared, probability } = citeWithinEachInstrument(q, each, scored);
  // A question that names a clause by number: a silence is answered from that clause (`named-clause-answer.ts`).
  const decided = withNamedClause(q, shared, scored);
  // A question that asks what a term means is answered by the deal's definition of it (`definition-answer.ts`).
  const context = { asks: asks.length, scoped: scope !== null };
  const defined = withDefinitionEvidence(q, decided, inDeal(candidateSentences([], extract, source)), context);
  // A question about an amendment is answered from the amending instrument when the extract holds its clause.
  const amended = withAmendmentEvidence(q, defined, scored, options.decision.rule.maxSentences, modelOrder);
  // What an amendment made is cited from its amending clause, not its recitals (`amending-clause.ts`); which
  // version of a text is in force, by the sentence that replaces or restates it (`version-in-force.ts`).
  const clause = citeAmendingClause(q, amended, scored, modelOrder);
  const cited = withVersionInForce(q, clause, scored, modelOrder, options.decision.rule.maxSentences);
  // A cited sentence must state what is asked, not share its deal's vocabulary (`states-asked.ts`).
  const stated = statesAsked(q, followToSubstance(cited, scored, referencePoints(q)));
  // Where it sets aside all that was cited, the decision's order is read on as a silence's is: a sentence
  // below the one set aside that states the kind asked in the drafting's words (`asked-in-lay-words.ts`).
  const statedBelow =
    stated.length > 0 || cited.length === 0
      ? stated
      : statesAsked(q, answerInLayWords(q, SILENT, scored, options.decision.relevance, scope !== null).cited);
  // One asked across the amendments cites each one's clause that changes the provision (`amendment-chain.ts`).
  // One asked whether an earlier text still holds cites the sentence that states its status (`status-first.ts`).
  const chained = citeStatus(
    q,
    withAmendmentChain(q, statedBelow, scored, options.decision.rule.maxSentences),
    scored,
    options.decision.relevance,
  );
  // The rule asked is cited, not its clarification or a case carved out of it (`rule-before-qualification.ts`),
  // nor another instrument's clause that numbers the words the question quotes otherwise (`other-numbered-reference.ts`).
  const ruled = ruleBeforeQualification(q, withoutOtherNumbering(q, chained, scored), scored);
  // A sentence that states another party's right, duty or liability than the one asked about is no answer
  // about it (`party-roles.ts`).
  const forParty = citeForAskedParty(q, ruled, source, scored);
  // One drafted under the other branch of the condition asked ("occurs" for "if there is no …") gives way to
  // its document's provision under the branch asked (`condition-asked.ts`).
  const branch = citeAskedBranch(q, forParty, scored);
  // One not of the kind asked gives way to its passage's sentence that is: the place, the figure (`answer-in-kind.ts`).
  const ofKind = citeInKindOfPassage(q, branch, scored);
  // A sentence of a form the deal's parallel instruments share is cited from the instrument of the party the
  // question names (`parallel-instruments.ts`).
  const picked = citePartysOwnInstrument(q, ofKind, scored, source);
  if (picked.length === 0) {
    // a silence because the form leaves blank what is asked says so (`blankAsked`, set aside by `statesAsked`)
    const blanks = cited.flatMap((c) => {
      const label = blankAsked(q, c);
      return label === null ? [] : [{ label, sentence: c }];
    });
    const why = blanks.length > 0 ? leftBlank(blanks) : undefined;
    return abstain(notAnswered(byRelevance(candidates, signals.sentence), why), probability);
  }
  // A sentence the extract holds in two filed copies of one agreement is cited once (`filed-copies.ts`).
  const copies = citeOneCopy(picked, scored, options.copies);
  const draft = withCopyNotes(citeVerified(copies.kept, scored, extract, source, probability, q), copies.notes);
  return draft.abstained
    ? abstain(draft.abstainReason ?? "no verified support", probability)
    : { ...draft, decisionProbability: draft.confidence };
}

/**
 * The candidates by their relevance to the question, then coverage, then place: what a silence names as
 * nearest. Not by the decision's probability, which reads the retrieval rank: the rank of a reader's
 * passages may move with corpus statistics other readers' documents share, the relevance of the same
 * passages does not, so a silence names the same passages whoever else's documents are in the store.
 */
function byRelevance(candidates: readonly Candidate[], relevance: readonly number[]): ScoredCandidate[] {
  return candidates
    .map((c, i) => ({ ...c, p: relevance[i] ?? 0 }))
    .sort(
      (a, b) =>
        b.p - a.p ||
        b.familyCoverage - a.familyCoverage ||
        a.item.documentId.localeCompare(b.item.documentId) ||
        a.start - b.start,
    );
}

/** A decision that cites nothing: what is read on from where every sentence cited was set aside. */
const SILENT: AskDecision<ScoredCandidate> = { cited: [], probability: 0 };

/** How many of the nearest passages a silence names. */
const NEAREST_NAMED = 3;

/**
 * The reason of a silence: the closest passages, judged not to answer ("nearest: Section 17(d) of
 * Master Franchise Agreement; …"), so a reader can check them. It never shows a score or a threshold.
 */
export function notAnswered(
  scored: readonly ScoredCandidate[],
  why = "no passage of the extract was judged to answer the question",
): string {
  const places: EvidenceItem[] = [];
  for (const s of scored) {
    const same = (o: EvidenceItem) => o.documentId === s.item.documentId && o.clauseRef === s.item.clauseRef;
    if (!places.some(same)) places.push(s.item);
    if (places.length === NEAREST_NAMED) break;
  }
  // two documents of one title are told apart by their filed names
  const title = (i: EvidenceItem) => placeOf({ ...i, clauseRef: null });
  const docName = (i: EvidenceItem) =>
    placeOf(
      { ...i, clauseRef: null },
      places.some((o) => o.documentId !== i.documentId && title(o) === title(i)),
    );
  // the places of one document next to each other are named together: "Section 8(b) and Section 7(b) of …"
  const runs: EvidenceItem[][] = [];
  for (const i of places) {
    const last = runs.at(-1);
    if (last && (last[0] as EvidenceItem).documentId === i.documentId) last.push(i);
    else runs.push([i]);
  }
  const names = runs.map((run) => {
    const refs = run.flatMap((o) => (o.clauseRef ? [o.clauseRef] : []));
    const doc = docName(run[0] as EvidenceItem);
    if (refs.length === 0) return doc;
    const listed = refs.length > 1 ? `${refs.slice(0, -1).join(", ")} and ${refs.at(-1)}` : refs[0];
    return `${listed} of ${doc}`;
  });
  return names.length === 0
    ? "the extract has no sentence to answer from"
    : `${why}; nearest, judged not to answer: ${names.join("; ")}`;
}

/**
 * The picked sentences as verified claims: precedence applied (superseded text gives way to the text
 * in force), each quoted as its answering unit and verified against the stored text.
 */
function citeVerified(
  picked: ScoredCandidate[],
  scored: ScoredCandidate[],
  extract: readonly EvidenceItem[],
  source: SourceText,
  confidence: number,
  question: string,
): DraftAnswer {
  // A sum of money the question gives that the deal answered from states nowhere: the answer would be about
  // another instrument (`given-sum.ts`).
  const unstated = sumNotStated(question, picked, extract, source);
  if (unstated !== null) return silentDraft(unstatedSumReason(unstated), confidence);
  // the question's terms: a sentence that names one only as "such …" is quoted with the one before it
  const asked = questionTerms(question);
  // An amending sentence whose new text the filing withholds is named, not cited as the answer (`blank-edit.ts`).
  const withText = setAsideBlankEdits(picked);
  const inForce = applyPrecedence(withText.kept, scored);
  const { kept, notes } = setAsideBlankEdits(inForce.kept, [...withText.notes, ...inForce.notes]);

  // A span of an extract item as a claim quoting it.
  const claimOf = (item: EvidenceItem, start: number, end: number): AnswerClaim => {
    const quote = item.text.slice(start - item.start, end - item.start);
    const citation: Citation = {
      documentId: item.documentId,
      version: item.version,
      nodeId: item.nodeId,
      start,
      end,
      quote,
      display: citeAs(item),
      ...(item.clauseRef ? { clauseRef: item.clauseRef } : {}),
    };
    return { text: `"${quote}" ${citeAs(item)}`, citations: [citation] };
  };
  const claims: AnswerClaim[] = kept.flatMap((s) => {
    // The answering unit whole: the block after "as follows:", the table row, the forum after the law.
    const unit = answeringUnit(s.item, s.start, s.end);
    // and the sentence it points back to when it names what is asked only as "such …" (`points-back.ts`)
    const back = pointedBack(s.item, unit.start, unit.end, extract, source, asked);
    if (back === null) return [claimOf(s.item, unit.start, unit.end)];
    const same =
      back.item.documentId === s.item.documentId && back.item.start === s.item.start && back.item.end === s.item.end;
    if (same) return [claimOf(s.item, back.start, unit.end)];
    return [claimOf(back.item, back.start, back.end), claimOf(s.item, unit.start, unit.end)];
  });
  // a lead-in quoted with what it introduces may hold another claim's span: each stretch is quoted once
  const verified = verifyClaims(quoteEachSpanOnce(claims, extract, source), extract, source);
  const body = verified.supported.map((c) => c.text);
  const text = [...body, ...notes].join("\n");
  const verdict = shouldAbstain(text, verified);
  if (verdict.abstain) return silentDraft(verdict.reason ?? "no verified support", confidence);
  return {
    text,
    claims: verified.supported,
    abstained: false,
    abstainReason: null,
    precedence: notes,
    unsupported: verified.unsupported.length,
    confidence,
  };
}

/**
 * Citations of what a provision says, not of what only names or points to it: a definition that only
 * points elsewhere ("“Pledged Collateral” has the meaning assigned to such term in Section 2.01.") gives
 * way to the most probable sentence of that section when the extract has it (`pointedSection`), and a
 * heading line ("Events of Default.") to the sentence it heads (`headed`). A definition of what the
 * question only refers to ("What conditions must be satisfied before the closing date?" and "“Closing
 * Date” means the first date all the conditions precedent in Section 4.01 are satisfied") says what the
 * closing date is, not what is asked: it gives way to the section it names when the extract has it, and
 * is otherwise not cited (`references`: the words of the question's reference points). Otherwise the
 * sentence stays, as the best the extract has.
 */
export function followToSubstance(
  picked: ScoredCandidate[],
  scored: readonly ScoredCandidate[],
  references: readonly (readonly string[])[] = [],
): ScoredCandidate[] {
  const out: ScoredCandidate[] = [];
  for (const s of picked) {
    const chosen = definesReference(s.text, references)
      ? namedSection(s, scored)
      : (pointedSection(s, scored) ?? (s.headingLine ? headed(s, scored) : undefined) ?? s);
    if (chosen && !out.includes(chosen)) out.push(chosen);
  }
  return out;
}

/** Words a reference point follows: "before the closing date", "upon the termination of the Agreement". */
const REFERENCE_POINT =
  /\b(?:before|after|until|prior to|following|upon|as of|since|through|on|from)\s+(?:(?:the|a|an|any|each|such)\s+)?([A-Za-z][\w'’-]*(?:\s+[A-Za-z][\w'’-]*){0,3})/gi;
/** Words that end a reference point's phrase ("before the closing date is ..."). */
const PHRASE_END = new Set(
  "is are was were be been must shall will would may can could and or to for that which who whom".split(" "),
);

/**
 * The words (as `contentWords` forms them) of each point the question's asking part places something
 * relative to: "What conditions must be satisfied before the closing date?" → the words of "closing
 * date". What is asked about is not among them.
 */
export function referencePoints(question: string): string[][] {
  const out: string[][] = [];
  for (const m of parseQuestion(question).ask.matchAll(REFERENCE_POINT)) {
    const words = (m[1] as string).split(/\s+/);
    const end = words.findIndex((w) => PHRASE_END.has(w.toLowerCase()));
    const phrase = contentWords((end < 0 ? words : words.slice(0, end)).join(" "));
    if (phrase.length > 0) out.push(phrase);
  }
  return out;
}

/** A sentence that opens by defining a term, optionally after a clause label: "(a) “Closing Date” means …". */
const OPENING_DEFINITION = new RegExp(String.raw`^\s*(?:\([a-z0-9]+\)\s*)?[“"]([^”"]{1,60})[”"]${MEANS_CLAUSE}`, "i");

/** A definition ("“Closing Date” means …") of a term whose words all lie in one reference point. */
function definesReference(sentence: string, references: readonly (readonly string[])[]): boolean {
  if (references.length === 0) return false;
  const m = OPENING_DEFINITION.exec(sentence);
  if (!m) return false;
  const term = contentWords(m[1] as string);
  return term.length > 0 && references.some((r) => term.every((w) => r.includes(w)));
}

/** The most probable sentence of the first section of the same document the sentence names, in the extract. */
function namedSection(s: ScoredCandidate, scored: readonly ScoredCandidate[]): ScoredCandidate | undefined {
  const m = new RegExp(POINTED_CLAUSE, "i").exec(s.text);
  return m ? bestOfSection(s, clauseKey(m[1] as string), scored) : undefined;
}

/**
 * The most probable sentence of the section a pointer definition names, in the same document. A
 * section of another instrument ("Section 1.01 of the Credit Agreement") is left alone: the clause
 * number alone does not say which document holds it.
 */
function pointedSection(s: ScoredCandidate, scored: readonly ScoredCandidate[]): ScoredCandidate | undefined {
  const target = pointerTarget(s.text);
  return target === null ? undefined : bestOfSection(s, target, scored);
}

/** The most probable sentence of clause `target` of `s`'s document that says something (no heading, no pointer). */
function bestOfSection(
  s: ScoredCandidate,
  target: string,
  scored: readonly ScoredCandidate[],
): ScoredCandidate | undefined {
  return scored.find(
    (c) =>
      c !== s &&
      c.item.documentId === s.item.documentId &&
      !c.headingLine &&
      isWithinClause(clauseKey(c.item.clauseRef), target) &&
      pointerTarget(c.text) === null,
  );
}

/**
 * The sentence a heading line heads: the first sentence of the extract after it, on the next line (in
 * the same passage or the next one), past any further heading lines ("ARTICLE X EVENTS OF DEFAULT
 * SECTION 10.01." / "Events of Default."). A heading names a provision; "If any of the following events
 * ... shall occur:" is what it says.
 */
function headed(heading: ScoredCandidate, scored: readonly ScoredCandidate[]): ScoredCandidate | undefined {
  let at: ScoredCandidate | undefined = heading;
  for (let hops = 0; at?.headingLine && hops < 4; hops++) at = nextLine(at, scored);
  return at?.headingLine ? undefined : at;
}

/** The sentence of the extract that starts on the line after `s`, in the same document version. */
function nextLine(s: ScoredCandidate, scored: readonly ScoredCandidate[]): ScoredCandidate | undefined {
  return scored
    .filter(
      (c) =>
        c.item.documentId === s.item.documentId &&
        c.item.version === s.item.version &&
        c.start >= s.end &&
        c.start - s.end <= 3,
    )
    .sort((a, b) => a.start - b.start)[0];
}

// A clause number read whole (never cut back to escape what follows), then not "of the <Instrument>".
const POINTED_CLAUSE = String.raw`(?:Section|Clause|Article)\s+([0-9]+(?:\.[0-9]+)*(?:\([a-z0-9]+\))*)(?!\.?[\w(])(?!\s+(?:of|to)\s+(?:the\s+)?[A-Z])`;
// The whole sentence is the pointer: a quoted term, then "has the meaning ... in Section X" or "is defined in Section X".
const POINTER = new RegExp(
  String.raw`^\s*(?:\([a-z0-9]+\)\s*)?[“"][^”"]{1,100}[”"]\s*,?\s*(?:(?:ha(?:s|ve)|shall\s+have)\s+the\s+(?:respective\s+)?meanings?\s+(?:assigned|given|set\s+forth|specified|ascribed|provided)(?:\s+(?:to|for)\s+(?:such\s+terms?|it|them|each))?|(?:is|are|shall\s+be)\s+defined)\s+(?:in|under)\s+${POINTED_CLAUSE}`,
);

/**
 * The clause key a pointer definition sends the reader to, or null when the sentence is no such
 * pointer. A sentence that only mentions a definition ("the Collateral (as defined in Section 4.2) is
 * pledged") says something of its own and is no pointer.
 */
export function pointerTarget(sentence: string): string | null {
  if (sentence.length > 300) return null;
  const m = POINTER.exec(sentence);
  return m ? clauseKey(m[1] as string) : null;
}

/** Whether clause `key` is clause `target` or a part of it ("2.01(a)" within "2.01"). */
function isWithinClause(key: string, target: string): boolean {
  return key === target || key.startsWith(`${target}(`) || key.startsWith(`${target}.`);
}

/** Clause keys a sentence speaks to: its own provision, and any "Section X" it names (amendments do). */
function addressed(s: ScoredCandidate): Set<string> {
  const keys = new Set<string>();
  const own = clauseKey(s.item.clauseRef);
  if (own) keys.add(own);
  for (const m of s.text.matchAll(/\b(?:Section|Clause|Article)\s+([0-9]+(?:\.[0-9]+)*(?:\([a-z0-9]+\))*)/gi))
    keys.add(clauseKey(m[1] as string));
  return keys;
}

/**
 * Whether `a` controls `b`: a later effective date, or (dates equal or unknown) an amending role over an
 * original. Only within one transaction set: an amendment governs the instrument it amends, never an
 * unrelated instrument that happens to number a clause alike. Where the set's amendment edits are
 * known (`amends`), only an amending clause that targets `b`'s provision controls it.
 */
function controls(a: EvidenceItem, b: EvidenceItem): boolean {
  if (a.documentId === b.documentId) return false;
  if (a.transactionSetId === null || a.transactionSetId !== b.transactionSetId) return false;
  if (a.amends !== undefined) return amendsItem(a, b);
  if (a.effectiveDate && b.effectiveDate && a.effectiveDate !== b.effectiveDate)
    return a.effectiveDate > b.effectiveDate;
  return AMENDING_ROLES.has(a.role) && !AMENDING_ROLES.has(b.role);
}

/** Whether an edit read from `a` targets the provision that holds `b`. */
function amendsItem(a: EvidenceItem, b: EvidenceItem): boolean {
  return (a.amends ?? []).some((t) => t.documentId === b.documentId && t.start <= b.start && b.end <= t.end);
}

/** Whether `a` and `b` speak to one provision: by the edits when known, else by the clause numbers they name. */
function sameProvision(a: ScoredCandidate, b: ScoredCandidate): boolean {
  if (a.item.amends !== undefined) return amendsItem(a.item, b.item);
  const keys = addressed(a);
  return [...addressed(b)].some((k) => keys.has(k));
}

/**
 * Amendment precedence among the picked sentences: where two of them from different instruments
 * address the same clause, the controlling one stays and the other goes, with a note naming both.
 * An amending sentence that ranks lower but addresses a picked clause is brought in; so is the
 * amending clause the set's edits name for a picked provision, whatever its score: the text in force
 * of a provision an edit superseded (superseded text is never cited as current), or the clause that
 * amends it in part, cited beside it with a note (the provision is in force as amended). A superseded
 * passage with no amending passage to replace it (one the asker may not read) stays, with a note that
 * it is superseded.
 */
function applyPrecedence(
  picked: ScoredCandidate[],
  all: ScoredCandidate[],
): { kept: ScoredCandidate[]; notes: string[] } {
  const pool = [...picked];
  // Amendments that speak to a picked clause are evidence even when they share few words with the question.
  for (const s of all.slice(0, 50)) {
    if (pool.includes(s) || s.coverage <= 0) continue;
    if (pool.some((p) => controls(s.item, p.item) && sameProvision(s, p))) pool.push(s);
  }
  // The edits name the clause that replaces a picked provision, or amends it in part: that clause is
  // the text in force (or half of it), cited whatever its score.
  for (const p of [...pool]) {
    const inForce = all.find((s) => !pool.includes(s) && s.item.amends !== undefined && amendsItem(s.item, p.item));
    if (inForce) pool.push(inForce);
    // and a picked clause that amends a provision in part is read with that provision's own text
    const amended = all.find(
      (s) => !pool.includes(s) && s.item.supersededBy === undefined && amendsItem(p.item, s.item),
    );
    if (amended) pool.push(amended);
  }
  const dropped = new Set<ScoredCandidate>();
  const notes: string[] = [];
  for (const a of pool) {
    for (const b of pool) {
      if (a === b || dropped.has(a) || dropped.has(b) || !controls(a.item, b.item)) continue;
      if (!sameProvision(a, b)) continue;
      if (a.item.amends !== undefined && b.item.supersededBy === undefined) {
        // Amended in part, by the edits: the provision is in force as amended, so both are cited.
        notes.push(
          `Amended: ${citeAs(b.item)} is in force as amended by ${citeAs(a.item)}${a.item.effectiveDate ? ` (effective ${a.item.effectiveDate})` : ""}; the two read together.`,
        );
        continue;
      }
      dropped.add(b);
      const why = b.item.supersededBy
        ? `${b.item.supersededBy}; the superseded text is not in force`
        : a.item.amends !== undefined
          ? `${citeAs(a.item)} amends it`
          : a.item.effectiveDate && b.item.effectiveDate && a.item.effectiveDate !== b.item.effectiveDate
            ? `later effective date ${a.item.effectiveDate} against ${b.item.effectiveDate}`
            : `${a.item.role.replace("_", " ")} over ${b.item.role.replace("_", " ")}`;
      notes.push(
        `Controlling: ${citeAs(a.item)} over ${citeAs(b.item)} (${why}); the later instrument governs to the extent of inconsistency.`,
      );
    }
  }
  for (const p of pool) {
    if (!dropped.has(p) && p.item.supersededBy !== undefined)
      notes.push(`Superseded: ${citeAs(p.item)} is not the text in force (${p.item.supersededBy}).`);
  }
  return { kept: pool.filter((s) => !dropped.has(s)), notes };
}
