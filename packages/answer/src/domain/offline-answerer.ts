import type { DocumentRole } from "@lexnav/document-model";
import { contentWords, parseQuestion, splitSentences } from "@lexnav/retrieval";
import { SILENCE_SENTENCE, type SourceText, shouldAbstain, verifyClaims } from "./citations.ts";
import { type AnswerClaim, type Citation, citeAs, clauseKey, type EvidenceItem } from "./evidence.ts";
import { checkQuestion } from "./question-guard.ts";

/** Tuning of the offline answerer; the threshold was calibrated on ContractNLI dev
 * (bench/calibrate-abstention.ts: 0.30 gave the best balanced accuracy, 62.5 %, over 1,037 questions).
 * The rank prior was chosen with `lexnav eval answers` on ContractNLI and CUAD dev (docs/answers.md). */
export interface OfflineOptions {
  /** The best sentence must cover at least this idf-weighted share of the question's terms, else abstain. */
  threshold: number;
  /** Sentences kept in the answer. */
  maxSentences: number;
  /** A further sentence is kept when its score is at least this share of the best one. */
  keepRatio: number;
  /**
   * Trust in the retriever's order: a sentence's score is its coverage minus this times ln(rank of its
   * passage in the extract). Coverage alone picks look-alike sentences from low-ranked passages.
   */
  rankWeight: number;
}

export const DEFAULT_OFFLINE_OPTIONS: OfflineOptions = {
  threshold: 0.3,
  maxSentences: 3,
  keepRatio: 0.75,
  rankWeight: 0.2,
};

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
  /** Best sentence score (offline) for calibration and audit. */
  confidence: number;
}

interface ScoredSentence {
  item: EvidenceItem;
  start: number;
  end: number;
  text: string;
  score: number;
}

const AMENDING: ReadonlySet<DocumentRole> = new Set(["amendment", "restatement", "side_letter"]);

/**
 * Answers from the extract alone, without a model: picks the sentences that best cover the question's
 * terms, cites each as `[doc] Clause X` with its exact span, lets a later or amending instrument
 * control where two selected sentences address the same clause, and abstains with the silence
 * sentence when the best sentence does not reach the threshold.
 */
export function answerOffline(
  question: string,
  extract: readonly EvidenceItem[],
  source: SourceText,
  options: Partial<OfflineOptions> = {},
): DraftAnswer {
  const o = { ...DEFAULT_OFFLINE_OPTIONS, ...options };
  const abstain = (reason: string, confidence = 0): DraftAnswer => ({
    text: SILENCE_SENTENCE,
    claims: [],
    abstained: true,
    abstainReason: reason,
    precedence: [],
    unsupported: 0,
    confidence,
  });
  const checked = checkQuestion(question);
  if (!checked.ok) return abstain(checked.error.reason);
  if (checked.value.language !== "en")
    return abstain(
      "the offline answerer reads English questions only; set ANTHROPIC_API_KEY to ask in another language",
    );
  // The extract is in retrieval order, best first: its position is the passage's rank.
  const rankOf = new Map(extract.map((e, i) => [e, i + 1]));
  const scored = scoreSentences(checked.value.question, extract, source)
    .map((x) => ({ ...x, score: x.score - o.rankWeight * Math.log(rankOf.get(x.item) ?? 1) }))
    .sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best || best.score < o.threshold)
    return abstain(
      `no sentence of the extract covers enough of the question (best ${(best?.score ?? 0).toFixed(2)} < ${o.threshold})`,
      best?.score ?? 0,
    );
  const picked = scored.filter((s) => s.score >= best.score * o.keepRatio).slice(0, o.maxSentences);
  const { kept, notes } = applyPrecedence(picked, scored);

  const claims: AnswerClaim[] = kept.map((s) => {
    const citation: Citation = {
      documentId: s.item.documentId,
      version: s.item.version,
      nodeId: s.item.nodeId,
      start: s.start,
      end: s.end,
      quote: s.text,
      display: citeAs(s.item),
      ...(s.item.clauseRef ? { clauseRef: s.item.clauseRef } : {}),
    };
    return { text: `"${s.text}" ${citeAs(s.item)}`, citations: [citation] };
  });
  const verified = verifyClaims(claims, extract, source);
  const body = verified.supported.map((c) => c.text);
  const text = [...body, ...notes].join("\n");
  const decision = shouldAbstain(text, verified);
  if (decision.abstain) return abstain(decision.reason ?? "no verified support", best.score);
  return {
    text,
    claims: verified.supported,
    abstained: false,
    abstainReason: null,
    precedence: notes,
    unsupported: verified.unsupported.length,
    confidence: best.score,
  };
}

/** Every sentence of the extract scored by idf-weighted coverage of the question's terms, best first. */
export function scoreSentences(
  question: string,
  extract: readonly EvidenceItem[],
  source: SourceText,
): ScoredSentence[] {
  const terms = contentWords(parseQuestion(question).ask);
  const sentences: Array<Omit<ScoredSentence, "score"> & { words: Set<string> }> = [];
  for (const item of extract) {
    const text = source(item.documentId, item.version);
    if (text === null) continue;
    for (const r of splitSentences(text, item.start, item.end)) {
      let { start, end } = r;
      while (start < end && /\s/.test(text[start] as string)) start++;
      while (end > start && /\s/.test(text[end - 1] as string)) end--;
      if (end - start < 15) continue;
      const body = text.slice(start, end);
      sentences.push({ item, start, end, text: body, words: new Set(contentWords(body)) });
    }
  }
  if (terms.length === 0 || sentences.length === 0) return [];
  // A term that occurs in every sentence says little; one that is rare in the extract says much.
  const idf = new Map(
    terms.map((t) => {
      const df = sentences.filter((s) => s.words.has(t)).length;
      return [t, Math.log(1 + (sentences.length + 1) / (df + 0.5))];
    }),
  );
  const total = terms.reduce((s, t) => s + (idf.get(t) ?? 0), 0);
  return sentences
    .map((s) => ({
      item: s.item,
      start: s.start,
      end: s.end,
      text: s.text,
      score: terms.reduce((acc, t) => acc + (s.words.has(t) ? (idf.get(t) ?? 0) : 0), 0) / total,
    }))
    .sort(
      (a, b) => b.score - a.score || a.item.id.localeCompare(b.item.id, "en", { numeric: true }) || a.start - b.start,
    );
}

/** Clause keys a sentence speaks to: its own provision, and any "Section X" it names (amendments do). */
function addressed(s: ScoredSentence): Set<string> {
  const keys = new Set<string>();
  const own = clauseKey(s.item.clauseRef);
  if (own) keys.add(own);
  for (const m of s.text.matchAll(/\b(?:Section|Clause|Article)\s+([0-9]+(?:\.[0-9]+)*(?:\([a-z0-9]+\))*)/gi))
    keys.add(clauseKey(m[1] as string));
  return keys;
}

/** Whether `a` controls `b`: a later effective date, or (dates equal or unknown) an amending role over an original. */
function controls(a: EvidenceItem, b: EvidenceItem): boolean {
  if (a.documentId === b.documentId) return false;
  if (a.effectiveDate && b.effectiveDate && a.effectiveDate !== b.effectiveDate)
    return a.effectiveDate > b.effectiveDate;
  return AMENDING.has(a.role) && !AMENDING.has(b.role);
}

/**
 * Amendment precedence among the picked sentences: where two of them from different instruments
 * address the same clause, the controlling one stays and the other goes, with a note naming both.
 * An amending sentence that ranks lower but addresses a picked clause is brought in.
 */
function applyPrecedence(picked: ScoredSentence[], all: ScoredSentence[]): { kept: ScoredSentence[]; notes: string[] } {
  const pool = [...picked];
  // Amendments that speak to a picked clause are evidence even when they share few words with the question.
  for (const s of all.slice(0, 50)) {
    if (pool.includes(s) || s.score <= 0) continue;
    const keys = addressed(s);
    if (pool.some((p) => controls(s.item, p.item) && [...addressed(p)].some((k) => keys.has(k)))) pool.push(s);
  }
  const dropped = new Set<ScoredSentence>();
  const notes: string[] = [];
  for (const a of pool) {
    for (const b of pool) {
      if (a === b || dropped.has(a) || dropped.has(b) || !controls(a.item, b.item)) continue;
      const shared = [...addressed(a)].filter((k) => addressed(b).has(k));
      if (shared.length === 0) continue;
      dropped.add(b);
      const why =
        a.item.effectiveDate && b.item.effectiveDate && a.item.effectiveDate !== b.item.effectiveDate
          ? `later effective date ${a.item.effectiveDate} against ${b.item.effectiveDate}`
          : `${a.item.role.replace("_", " ")} over ${b.item.role.replace("_", " ")}`;
      notes.push(
        `Controlling: ${citeAs(a.item)} over ${citeAs(b.item)} (${why}); the later instrument governs to the extent of inconsistency.`,
      );
    }
  }
  return { kept: pool.filter((s) => !dropped.has(s)), notes };
}
