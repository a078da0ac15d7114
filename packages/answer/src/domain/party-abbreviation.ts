/**
 * Lawyers shorten a party of several words to its initials or a clipped form of them: "BofA" and "BoA" for
 * Bank of America, "JPM" for J.P. Morgan, "ABC" for Acme Biologics Corporation. The documents spell the
 * name out, so a question that names its deal by the short form finds no document whose face names that
 * party, and the party scope (`party-scope.ts`) stood aside. A short form is read as the words it shortens
 * when each word in a row gives it its first letter and, at most, the letters that follow in that word
 * ("B" + "of" + "A": Bank of America).
 */

/** Fewest and most letters of a short form read as a party's initials. */
const MIN_LETTERS = 3;
const MAX_LETTERS = 6;
/** Most words a short form may stand for. */
const MAX_WORDS = 6;

/**
 * Whether a party name as a question writes it is a short form: one word of 3 to 6 letters with a capital
 * after its first letter ("BofA", "BoA", "JPM"), not an ordinary word in capitals of more letters.
 */
export function isShortForm(name: string): boolean {
  return (
    /^\p{Lu}\p{L}*$/u.test(name) &&
    name.length >= MIN_LETTERS &&
    name.length <= MAX_LETTERS &&
    /^\p{L}.*\p{Lu}/u.test(name)
  );
}

/**
 * Whether the lowercase words of a text hold, in a row, two or more words the short form `abbr` stands
 * for: each word gives the next letters of the form its first letter and then, at most, the letters
 * that follow it in that word, and the form is used up by the last word.
 */
export function shortFormIn(textWords: readonly string[], abbr: string): boolean {
  const form = abbr.toLowerCase();
  // From a word at `i` and the form from `at`: can the rest of the form be spelled by the words from `i`?
  const spells = (i: number, at: number, words: number): boolean => {
    if (at === form.length) return words >= 2;
    const w = textWords[i];
    if (w === undefined || words >= MAX_WORDS || w[0] !== form[at]) return false;
    for (let n = 1; n <= w.length && at + n <= form.length && w[n - 1] === form[at + n - 1]; n++)
      if (spells(i + 1, at + n, words + 1)) return true;
    return false;
  };
  for (let i = 0; i < textWords.length; i++) if (textWords[i]?.[0] === form[0] && spells(i, 0, 0)) return true;
  return false;
}
