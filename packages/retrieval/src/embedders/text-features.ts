/**
 * Words of legal text as the built-in embedder sees them: lower-cased alphanumeric runs, function
 * words dropped, a light suffix stripper so "terminates", "terminated" and "termination" meet less
 * often than a full stemmer would make them (legal meaning turns on those endings) but plurals and
 * tense do not split a concept in two.
 */

const STOPWORDS = new Set(
  (
    "a an and are as at be been but by for from had has have he her his if in into is it its of on or our " +
    "she so such than that the their them then there these they this those to was we were which who will " +
    "with would shall may any all each other upon hereof herein hereto hereunder thereof therein such"
  ).split(" "),
);

/** Strips plural and tense endings only (a deliberately timid stemmer). */
export function lightStem(word: string): string {
  if (word.length <= 4) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.endsWith("ing") && word.length > 6) return word.slice(0, -3);
  if (word.endsWith("ed") && word.length > 5 && !word.endsWith("eed")) return word.slice(0, -2);
  if (word.endsWith("es") && /(?:ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

const WORD = /[a-z][a-z0-9]*/g;

/** The feature words of a text, in order (repeats kept: term frequency matters). */
export function featureWords(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    const w = m[0];
    if (w.length < 2 || w.length > 30 || STOPWORDS.has(w)) continue;
    out.push(lightStem(w));
  }
  return out;
}
