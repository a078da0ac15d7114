import { wordsOf } from "@lexnav/document-model";
import type { SourceText } from "./citations.ts";
import { citeInstead } from "./cite-instead.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { faceWords, namesPartyIn, questionParties } from "./party-scope.ts";

/**
 * One deal may hold parallel instruments on one form: a director agreement with each director, an
 * employment agreement with each officer, a side letter with each investor, a guarantee by each guarantor.
 * Their sentences are the same but for the names, so the decision may cite the form's sentence from any of
 * them, and a question about one director ("For how long after leaving the board may Greg Nagel not entice
 * away Fision's people?") was answered from another director's agreement. The instrument is the party's
 * own when its face (filed name, opening, close) names the party the question names.
 *
 * A cited sentence whose document names fewer of the question's parties on its face than another document
 * of the extract gives way to that document's sentence of the same form (`SAME_FORM` of their words in
 * common), the most probable one. Without such a sentence, the citation stays: the other instrument may hold
 * no parallel provision, and what the cited one says may still be the answer.
 */

/** The share of their words two sentences hold in common (of the two together) to be one form's. */
const SAME_FORM = 0.8;
/** Fewer words than this and a sentence ("Notices.") is the same in any two contracts. */
const MIN_WORDS = 6;

function wordSet(text: string): Set<string> {
  return new Set(wordsOf(text).map((w) => w.toLowerCase()));
}

/** Whether two sentences are one form's: most of their words in common (names, dates and figures aside). */
export function sameForm(a: string, b: string): boolean {
  const x = wordSet(a);
  const y = wordSet(b);
  if (x.size < MIN_WORDS || y.size < MIN_WORDS) return false;
  let common = 0;
  for (const w of x) if (y.has(w)) common++;
  return common / (x.size + y.size - common) >= SAME_FORM;
}

export function citePartysOwnInstrument<T extends ScoredCandidate>(
  question: string,
  cited: readonly T[],
  scored: readonly T[],
  source: SourceText,
): T[] {
  const parties = questionParties(question);
  if (parties.length === 0 || cited.length === 0) return [...cited];
  const named = new Map<string, number>();
  const namedOn = (c: T) => {
    const key = `${c.item.documentId}@${c.item.version}`;
    let n = named.get(key);
    if (n === undefined) {
      const face = faceWords(c.item.docLabel, source(c.item.documentId, c.item.version));
      n = parties.filter((p) => namesPartyIn(face, p.words)).length;
      named.set(key, n);
    }
    return n;
  };
  // every citation is read against the other documents' sentences of its form; none found, it stays
  return citeInstead(cited, scored, {
    gives: () => true,
    takes: (o, c) => o.item.documentId !== c.item.documentId && sameForm(o.text, c.text) && namedOn(o) > namedOn(c),
    staysAlone: true,
  });
}
