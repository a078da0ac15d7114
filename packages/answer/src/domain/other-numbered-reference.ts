import type { ScoredCandidate } from "./evidence-model.ts";

/**
 * A question that quotes a provision with its number ("the license granted under section 3 is revoked — what
 * license is that?", "until a Release Condition under Section 8.6 occurs") points at its own instrument's
 * drafting. A sentence that pairs the same words with another number ("the license granted under Section
 * 10.3", "a Release Condition (as defined in Section 12.2)") is another instrument's clause: it shares every
 * word the question quotes, so it reads as the closest match, yet it is not the provision asked. Such a
 * sentence is not cited; the decision's next candidate takes its place when about as probable, else it is
 * dropped (and a citation left with nothing is a silence). Issue #16, item 1 (citation precision).
 */

/** A reference by number: "Section 8.6", "section 3", "Clause 11", "Article 2(a)"; the number captured. */
const NUMBERED =
  /\b(?:sections?|clauses?|articles?)\s{0,3}(\d{1,3}(?:\.\d{1,3}){0,3}[a-z]?(?:\s?\([a-z0-9]{1,4}\)){0,3})/gi;

/** Words that say how a text refers, or ask, rather than what it refers to. */
const NOT_NAMING = new Set(
  "under in of as defined to pursuant set forth the a an by per with and or its this that such if any each see what which does do is are say says mean means".split(
    " ",
  ),
);

/** How many characters before a number are read for the words it is paired with. */
const LOOK_BEHIND = 60;

/** How near the next candidate's probability must come to the dropped sentence's to take its place. */
export const NEXT_MARGIN = 0.75;

/** A numbered reference and the two words naming what it refers to ("license granted", "release condition"). */
interface NumberedReference {
  words: string;
  number: string;
}

/** The numbered references of a text, each with the two naming words before it (none when fewer precede). */
export function numberedReferences(text: string): NumberedReference[] {
  const out: NumberedReference[] = [];
  for (const m of text.matchAll(NUMBERED)) {
    const before = text.slice(Math.max(0, m.index - LOOK_BEHIND), m.index).toLowerCase();
    const words = (before.match(/[a-z]+/g) ?? []).filter((w) => w.length > 2 && !NOT_NAMING.has(w)).slice(-2);
    if (words.length < 2) continue;
    out.push({ words: words.join(" "), number: (m[1] ?? "").toLowerCase().replace(/\s/g, "").replace(/\.0$/, "") });
  }
  return out;
}

/** Whether two clause numbers are one provision or one within the other ("3" and "3(a)", "9" and "9.1"). */
function sameProvision(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return long === short || (long.startsWith(short) && (long[short.length] === "(" || long[short.length] === "."));
}

/**
 * Whether a sentence pairs words the question quotes with a number the question does not give them: the same
 * words under another number, and never under the question's.
 */
export function numbersOtherwise(asked: readonly NumberedReference[], text: string): boolean {
  if (asked.length === 0) return false;
  const own = numberedReferences(text);
  return asked.some((q) => {
    const same = own.filter((s) => s.words === q.words);
    return same.length > 0 && !same.some((s) => sameProvision(s.number, q.number));
  });
}

/**
 * The cited sentences without those that pair the question's quoted words with another number; each replaced
 * by the decision's next candidate that does not, is no heading and is not cited, when that one's probability
 * is at least `margin` times the dropped sentence's.
 */
export function withoutOtherNumbering<T extends ScoredCandidate>(
  question: string,
  cited: readonly T[],
  scored: readonly T[],
  margin: number = NEXT_MARGIN,
): T[] {
  const asked = numberedReferences(question);
  if (asked.length === 0 || !cited.some((c) => numbersOtherwise(asked, c.text))) return [...cited];
  const taken = new Set(cited);
  const out: T[] = [];
  for (const c of cited) {
    if (!numbersOtherwise(asked, c.text)) {
      out.push(c);
      continue;
    }
    const next = scored.find((s) => !taken.has(s) && !s.headingLine && !numbersOtherwise(asked, s.text));
    if (next && next.p >= margin * c.p) {
      taken.add(next);
      out.push(next);
    }
  }
  return out;
}
