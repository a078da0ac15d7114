import { instrumentMentions } from "./document-names.ts";
import { instrumentKind } from "./instrument-kinds.ts";

/**
 * An instrument a question names by its qualifier and kind in lower case ("the replacement note", "the new
 * senior secured convertible notes", "the consent agreement") is often one deal's defined name for it,
 * written as a lawyer writes it: the contract says "Replacement Notes", the question does not capitalise.
 * Card BM25 reads the kind's word as one of many, so the question went to another note of another deal.
 * Looked up whole in the passages (`rare-name-route.ts`), a phrase few documents hold names them; one many
 * documents hold ("the supply agreement", "the second amendment") says nothing and changes nothing.
 */

/** Words at a mention's head that single out no instrument ("the new notes", "this amendment"). */
const UNNAMING = new Set(
  (
    "the a an this that these those such same said above foregoing relevant applicable underlying other each any " +
    "every both all new old existing original prior current later earlier our your their its my his her " +
    "two three four five several"
  ).split(" "),
);

/** Words inside a mention that make it a thing about an instrument ("the maturity of my note"), not its name. */
const RELATING = new Set("of to for in on by under with from between among my your our their his her its".split(" "));

/** Most words of a mention looked up as a name (the mention reads at most four qualifiers and two kinds). */
const MAX_WORDS = 6;

/**
 * The phrases of the question's instrument mentions (`instrumentMentions`) to look up whole as names: the
 * words as asked, without the article and the words at the head that single out nothing, nor a possessive
 * at the end. A mention of two to six words, in lower case, one of them a word of letters that is no kind of
 * instrument ("replacement note"; "the 2011 note" and "the license agreement" are none), nothing in it relating
 * it to another thing ("the maturity of my note"), each once.
 */
export function mentionNames(ask: string): string[] {
  const out: string[] = [];
  for (const mention of instrumentMentions(ask)) {
    const words = mention.phrase
      .replace(/['’]s?$/u, "")
      .split(/\s+/)
      .filter((w) => w.length > 0);
    while (words.length > 0 && UNNAMING.has((words[0] as string).toLowerCase())) words.shift();
    if (words.length < 2 || words.length > MAX_WORDS) continue;
    // "the licensee's affiliates receive license": a possessive inside opens a clause, not a name.
    if (words.some((w) => RELATING.has(w.toLowerCase()) || /['’]/u.test(w))) continue;
    // A capitalised word is a party or a defined term, which `nameCandidates` looks up already.
    if (words.some((w) => /\p{Lu}/u.test(w))) continue;
    const qualifies = words.some((w) => /^\p{L}{2,}$/u.test(w) && instrumentKind(singular(w)) === null);
    if (!qualifies) continue;
    const phrase = words.join(" ");
    if (!out.some((o) => o.toLowerCase() === phrase.toLowerCase())) out.push(phrase);
  }
  return out;
}

/** A kind's word without a plural's "s" ("notes" → "note"): the kinds are listed in the singular. */
const singular = (w: string) => {
  const lower = w.toLowerCase();
  return instrumentKind(lower) === null && lower.endsWith("s") ? lower.slice(0, -1) : lower;
};
