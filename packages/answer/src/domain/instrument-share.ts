import { parseQuestion } from "@lexnav/retrieval";
import { type AskDecision, type AskSentence, instrumentOf, namedInstrumentCount } from "./multi-ask.ts";

/**
 * Questions answered across instruments (issue #16, item 3). "Does the liability cap in the distributor
 * agreement apply to breaches of the software licence?", "Do the franchisee and its employees have the
 * same post-term non-compete?": each instrument of the deal holds half of the answer, and each half
 * shares only part of the question's words, so no sentence of either passes the bar a whole-question
 * answer must pass. A lawyer reads such a question instrument by instrument: within each instrument of
 * the deal in the extract, the sentence that stands out from that instrument's other sentences is its
 * answer, whatever the other instrument's sentences score.
 */

/**
 * Words by which an ask compares or spans instruments or the parties bound by them: "the same law",
 * "both the loan and the notes", "under the agreement and its amendment", "the agreement as amended".
 */
const SPANNING = /\b(?:same|both|and\s+(?:its|their|the)\s+amendments?|as\s+amended)\b/i;

/** Whether a question asks across instruments: it names two or more by kind, or compares or spans them. */
export function spansInstruments(question: string): boolean {
  return namedInstrumentCount(question) >= 2 || SPANNING.test(parseQuestion(question).ask);
}

/** When a sentence stands out within its instrument. */
export interface WithinInstrument {
  /** How many times the instrument's next sentence its best sentence's probability must be. */
  lead: number;
  /** The probability below which a sentence is no answer, whatever its lead. */
  floor: number;
}

/**
 * Chosen on the natural bench's tune half (docs/answers/cross-references-and-multi.md, "Facts spread over
 * instruments"), not yet fitted by `lexnav train`: a next sentence within three quarters of the best leaves no
 * answer singled out.
 */
export const WITHIN_INSTRUMENT: WithinInstrument = { lead: 1.3, floor: 0.05 };

/** A sentence as the per-instrument rule reads it: a heading line names a provision and answers nothing. */
export interface InstrumentSentence extends AskSentence {
  headingLine?: boolean;
}

/**
 * Beside what the decision cited, the best sentence of each further instrument of the deal (a document,
 * or an exhibit of one) that stands out within that instrument: at least `lead` times the probability of
 * the instrument's next sentence, and above `floor`. The deal is that of the first sentence cited, else
 * that of the most probable sentence; the instruments are taken by their best sentence's probability,
 * until as many are cited as the question names (at least two). Only for a question that asks across
 * instruments (`spansInstruments`); a silence is broken only by a sentence that stands out within its
 * instrument.
 */
export function citeWithinEachInstrument<T extends InstrumentSentence>(
  question: string,
  decided: AskDecision<T>,
  scored: readonly T[],
  within: WithinInstrument = WITHIN_INSTRUMENT,
): AskDecision<T> {
  if (!spansInstruments(question)) return decided;
  const anchor = decided.cited[0] ?? scored[0];
  if (!anchor) return decided;
  const deal = anchor.item.transactionSetId ?? null;
  const inDeal = (s: T) =>
    deal === null ? s.item.documentId === anchor.item.documentId : s.item.transactionSetId === deal;
  // each instrument's sentences, most probable first
  const byInstrument = new Map<string, T[]>();
  for (const s of [...scored].sort((a, b) => b.p - a.p)) {
    if (s.headingLine || !inDeal(s)) continue;
    const key = instrumentOf(s);
    const list = byInstrument.get(key);
    if (list) list.push(s);
    else byInstrument.set(key, [s]);
  }
  const cited = [...decided.cited];
  const instruments = new Set(cited.map(instrumentOf));
  const wanted = Math.max(2, namedInstrumentCount(question));
  let probability = decided.probability;
  for (const [key, sentences] of byInstrument) {
    if (instruments.size >= wanted) break;
    if (instruments.has(key)) continue;
    const [best, next] = sentences as [T, T | undefined];
    if (best.p < within.floor || best.p < within.lead * (next?.p ?? 0)) continue;
    instruments.add(key);
    cited.push(best);
    if (decided.cited.length === 0) probability = Math.max(probability, best.p);
  }
  return { cited, probability };
}
