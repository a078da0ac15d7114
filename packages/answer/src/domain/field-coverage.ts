import { contentWords } from "@lexnav/retrieval";
import { draftedAs } from "./drafted-as.ts";
import { type Candidate, idfCoverage, provisionTerms, questionTerms, sameFamily } from "./evidence-model.ts";
import { askedTopic } from "./states-asked.ts";

/** Whether a sentence's word states an asked word: the word, one of its family, or its drafting (`DRAFTED_AS`). */
export function statesWord(asked: string, word: string): boolean {
  return asked === word || sameFamily(asked, word) || draftedAs(asked, word);
}

/**
 * Words that place what is asked ("under Exhibit A", "after the closing"): the topic drops them with the
 * frame, but a clause that states it often has them, so the coverage keeps them as they were.
 */
const PLACES = new Set(["under", "after", "before"]);

/**
 * The candidates with their word coverage read as a lawyer reads a clause against a question: over the
 * words that ask for the provision (`askedTopic`: not those that frame the ask or describe the
 * instrument it names, which the clause never repeats) and counting a word of the field's vocabulary
 * for it (`statesWord`). The exact coverage stays as it was; only the family coverage is read anew.
 * A question with no topic beyond its frame keeps the coverage it had.
 */
export function withFieldCoverage<C extends Candidate>(question: string, candidates: C[]): C[] {
  const party = new Set(contentWords(counterpartyNamed(question)));
  const kept = new Set(askedTopic(question));
  // the topic's words, and the places the question asks about ("under", "after") as they were
  const topic = provisionTerms(question, questionTerms(question)).filter(
    (w) => !party.has(w) && (kept.has(w) || PLACES.has(w)),
  );
  if (topic.every((w) => PLACES.has(w)) || candidates.length === 0) return candidates;
  const present = candidates.map((c) => {
    const words = [...c.words];
    return topic.map((t) => words.some((w) => statesWord(t, w)));
  });
  const coverage = idfCoverage(present);
  return candidates.map((c, i) => ({ ...c, familyCoverage: coverage[i] as number }));
}

/**
 * The counterparty a question names at its end, "… under the supply agreement with Acme Products LLC?",
 * "… with iMine Corporation?": a name after "with" that starts with a capital or a digit, or is written
 * with one inside, to the end of the question. It picks the deal, not the provision: none of its words
 * is asked of a clause. Empty when the question ends otherwise ("with respect to the Licensed Patents").
 */
export function counterpartyNamed(question: string): string {
  const tail = question.slice(-300);
  const m = /\bwith\s+([^?]*?)\s*\??\s*$/.exec(tail);
  if (!m) return "";
  const words = (m[1] as string).split(/\s+/).map((w) => w.replace(/[,.;:]+$/, ""));
  const nameLike = (w: string) =>
    /^[A-Z0-9]|^[a-z]+[A-Z0-9]/.test(w) || NAME_CONNECTORS.has(w.toLowerCase()) || w === "";
  return /^[A-Z0-9]|^[a-z]+[A-Z0-9]/.test(words[0] ?? "") && words.every(nameLike) ? (m[1] as string) : "";
}

/** Words inside a company's name that are not capitalised: "Research and Engineering Company", "d/b/a". */
const NAME_CONNECTORS = new Set(["and", "of", "the", "&", "d/b/a", "de", "-"]);
