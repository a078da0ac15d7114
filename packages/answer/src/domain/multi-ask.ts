import { clauseZone } from "@lexnav/document-model";
import { parseQuestion } from "@lexnav/retrieval";
import { askedInstrumentCount } from "./amended-instrument.ts";
import { dealKeyOf } from "./evidence.ts";
import { questionTerms } from "./evidence-model.ts";

/**
 * Questions that ask two things at once (issue #16, items 2 and 3). A lawyer coordinates asks in one
 * sentence ("Which law governs the distribution agreement, and is the licence under the same law?",
 * "Who is the Escrow Agent and what must it hold?"); the evidence for each often sits in a different
 * provision or instrument, and a decision over the whole question weighs a sentence that answers one
 * ask against words of both, so it may answer neither. Each ask is decided on its own and the best
 * sentence of each ask that passes the decision's own bar is cited beside the whole question's answer.
 */

/** The words that open an ask: an interrogative or an auxiliary, maybe after a preposition ("for how long"). */
const OPENS_ASK =
  /^(?:(?:for|in|at|to|under|by|from|with|on|of|as\s+of|since|until)\s+)?(?:what|when|where|which|who|whom|whose|why|how|is|are|was|were|does|do|did|can|could|may|might|must|shall|should|will|would|has|have|had)\b/i;

/**
 * A coordinator between two asks: ", and", " and", ", but", ";", a question mark ending the first, or a spaced
 * dash between two asks as a message writes them ("How are the agents paid - what options do they get?").
 */
const COORDINATOR = /(?:\?\s+|;\s*|,\s*(?:and|but|or)\s+|\s+and\s+|\s+[-–—]\s+)/gi;
/** A dash coordinates asks only between two of them: before one it sets a topic apart ("Acme NDA - which law?"). */
const DASH = /^\s+[-–—]\s+$/;

/**
 * The asks of a question, each as a question of its own (with the part that names the instrument, when the
 * question opens with one), or the whole question alone when it asks one thing. A coordinated part counts
 * as an ask only when it opens with an asking word ("and when is it due?", "and for how long?") and has a
 * word of its own to ask by: "and when?" alone reads only with the ask before it, so it stays part of it;
 * "between the lender and the borrower" coordinates no asks.
 */
export function questionAsks(question: string): string[] {
  const parsed = parseQuestion(question);
  const ask = parsed.ask.trim();
  const parts: string[] = [];
  let from = 0;
  for (const m of ask.matchAll(COORDINATOR)) {
    const at = m.index ?? 0;
    const next = ask.slice(at + m[0].length);
    if (!OPENS_ASK.test(next) || (DASH.test(m[0]) && !OPENS_ASK.test(ask.slice(from)))) continue;
    parts.push(ask.slice(from, at));
    from = at + m[0].length;
  }
  parts.push(ask.slice(from));
  // An ask without a word of its own (only asking words: "and when?") joins the ask before it.
  const asks: string[] = [];
  for (const raw of parts) {
    const part = raw.replace(/[\s?.,;]+$/, "").trim();
    if (part === "") continue;
    if (asks.length > 0 && questionTerms(`${part}?`).length === 0) asks[asks.length - 1] += ` and ${part}`;
    else asks.push(part);
  }
  if (asks.length < 2) return [question];
  const naming = parsed.naming ? `${parsed.naming} ` : "";
  return asks.map((a) => `${naming}${a.charAt(0).toUpperCase()}${a.slice(1)}?`);
}

/** A sentence the decision scored, as the merge reads it. */
export interface AskSentence {
  p: number;
  start: number;
  item: {
    documentId: string;
    version: string;
    nodeId: string;
    clauseRef?: string | null;
    transactionSetId?: string | null;
  };
}

/** The deal a sentence belongs to (`dealKeyOf`). */
const dealOf = (s: AskSentence) => dealKeyOf(s.item);

/** What one decision cited, and the calibrated probability that one of them is evidence. */
export interface AskDecision<T> {
  cited: T[];
  probability: number;
}

/**
 * The whole question's decision joined with each ask's: the whole question's citations first, then the
 * best sentence of each ask that passed its own decision, unless a provision already cited answers that
 * ask too (a sentence of the same provision). Each ask's sentence is returned as the whole question's
 * candidate of the same sentence (`scored`), so what follows the decision (precedence, verification) reads
 * one scoring. The asks of one question are about one deal, and a later ask ("and at what price?") has
 * lost the naming that says which: an ask's sentence is cited only from the deal (transaction set) of the
 * first sentence cited (the whole question's, else the first ask's, which carries the naming). The
 * probability is the highest of the decisions that cited something.
 */
export function joinAskDecisions<T extends AskSentence>(
  whole: AskDecision<T>,
  asks: readonly AskDecision<AskSentence>[],
  scored: readonly T[],
): AskDecision<T> {
  const cited = [...whole.cited];
  let probability = whole.probability;
  const provision = (s: AskSentence) => `${s.item.documentId}\u0000${s.item.version}\u0000${s.item.nodeId}`;
  for (const a of asks) {
    const best = a.cited[0];
    const anchor = cited[0];
    if (!best || (anchor && dealOf(best) !== dealOf(anchor))) continue;
    if (cited.some((c) => provision(c) === provision(best))) continue;
    const same = scored.find((s) => provision(s) === provision(best) && s.start === best.start);
    if (!same) continue;
    cited.push(same);
    probability = Math.max(probability, a.probability);
  }
  return { cited, probability };
}

/** How many instruments a question names by kind ("the distribution agreement", "the guaranty", "Amendment No. 2"). */
export function namedInstrumentCount(question: string): number {
  // an amendment named as the source of another instrument is that instrument (`amended-instrument.ts`)
  return askedInstrumentCount(parseQuestion(question).ask);
}

/**
 * The instrument a sentence belongs to: its document, and within it the exhibit, schedule or annex that
 * holds it (a licence attached as an exhibit is an instrument of its own, with its own law and limits).
 */
export function instrumentOf(s: AskSentence): string {
  return `${s.item.documentId}\u0000${clauseZone(s.item.clauseRef ?? "").zone}`;
}

/**
 * A question that names several instruments ("Is the guaranty under the same law as the credit
 * agreement?") is answered by each of them: beside what the decision cited, the most probable sentence of
 * each further instrument of the extract (document, or exhibit of one) is cited when it passes the
 * decision's bar on its own (`passes`, a bar that rises with the sentence's probability), until as many
 * instruments are cited as the question names. One instrument's best sentence, never a second sentence
 * of an instrument already cited.
 */
export function citeEachInstrument<T extends AskSentence>(
  decided: AskDecision<T>,
  scored: readonly T[],
  named: number,
  passes: (s: T) => boolean,
): AskDecision<T> {
  if (named < 2 || decided.cited.length === 0) return decided;
  const cited = [...decided.cited];
  const instruments = new Set(cited.map(instrumentOf));
  // most probable first: once a sentence does not pass the bar, no later one does
  for (const s of [...scored].sort((a, b) => b.p - a.p)) {
    if (instruments.size >= named || !passes(s)) break;
    const instrument = instrumentOf(s);
    if (instruments.has(instrument)) continue;
    instruments.add(instrument);
    cited.push(s);
  }
  return { cited, probability: decided.probability };
}
