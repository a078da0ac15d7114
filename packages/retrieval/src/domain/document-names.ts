/**
 * A document's filed name as a question may quote it: "In the non-disclosure agreement MNDA: ..." names
 * the file MNDA.txt. Card BM25 cannot tell that question from one about any other card with the word
 * in it, so a name quoted whole is matched exactly: both sides are normalised to lowercase words
 * (URL escapes decoded, separators as spaces), and a name matches when it is a run of whole words of
 * the question. Matching is by equality of word runs, so an index can look names up by key.
 */

/** Words that name a kind of instrument, not one instrument: a name made only of these never matches. */
const GENERIC = new Set(
  (
    "a an the and or of to for in on by agreement agreements contract contracts document documents " +
    "exhibit exhibits schedule schedules amendment amendments form draft final copy version execution " +
    "non disclosure nda mutual"
  ).split(" "),
);

/** Longest name, in words, that a question can quote (longer names still match their BM25 card). */
export const MAX_NAME_WORDS = 16;

function decodeEscapes(s: string): string {
  return s.replace(/(?:%[0-9a-fA-F]{2})+/g, (m) => {
    try {
      return decodeURIComponent(m);
    } catch {
      return m;
    }
  });
}

const words = (s: string) =>
  decodeEscapes(s)
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The key a filed name is matched by: its words, lowercased, one space apart; null for a name that
 * could not single out a document (no words, only generic words, under three letters, or too long).
 */
export function documentNameKey(name: string | null | undefined): string | null {
  if (!name) return null;
  const w = words(name);
  if (w.length === 0 || w.length > MAX_NAME_WORDS || w.every((x) => GENERIC.has(x))) return null;
  const key = w.join(" ");
  return key.length >= 3 ? key : null;
}

/** Every run of up to `MAX_NAME_WORDS` consecutive words of `text`, as name keys (what it may quote). */
export function quotedNameKeys(text: string): string[] {
  const w = words(text).slice(0, 200);
  const out = new Set<string>();
  for (let i = 0; i < w.length; i++)
    for (let n = 1; n <= MAX_NAME_WORDS && i + n <= w.length; n++) out.add(w.slice(i, i + n).join(" "));
  return [...out];
}

/**
 * Of the names a question quotes, the ones no longer quoted name contains ("Confidentiality and
 * Non-Disclosure Agreement" quoted whole also quotes "Confidentiality": the longer one is meant).
 */
export function mostSpecificNames<T extends { key: string }>(matches: readonly T[]): T[] {
  return matches.filter((m) => !matches.some((o) => o.key !== m.key && ` ${o.key} `.includes(` ${m.key} `)));
}
