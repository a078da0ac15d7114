/**
 * A question that asks what a defined term is ("What is a Query under the data license?", "What's a
 * 'Contract Period'?", "What does BCSI mean?", "How is Consolidated EBITDA calculated?") is answered by
 * the documents' own definition of it: defined terms mean only what the documents say. Ranked by its
 * words, the definition loses to the provisions that use the term most ("Queries and Data shall be
 * provided ..."), so a search brings it to the head (`search.ts`, the `term` stage).
 *
 * Only an ask about the term itself counts, not every defined term a question uses: "What notice ends
 * the Agreement?" uses "Agreement" and asks about notice. A term is asked about when the question
 * quotes it, or names it as the subject of "what is / who are / what counts as …", "what does … mean",
 * "how is … defined / calculated / determined", "the meaning (definition) of …". Outside quotation marks
 * the term must be written as the documents define it (capitals kept): "the term of the agreement" does
 * not ask for the definition of "Term".
 */

import { phrasePattern } from "@lexnav/core";

const OPEN_QUOTE = `['‘"“]`;
const CLOSE_QUOTE = `['’"”]`;

/** What comes right before a term asked about: "what is a", "who are the", "what counts as", "meaning of the". */
const LEAD =
  /(?:\b(?:what|who|which)(?:['’]s|\s+(?:is|are|was|were))(?:\s+(?:meant\s+by|considered))?|\bwhat\s+(?:counts|count|qualifies|qualify)\s+as|\bwhat\s+(?:does|do|did)|\bhow\s+(?:is|are|was|were)|\b(?:meaning|definition)\s+of)\s+(?:(?:an?|the)\s+)?$/i;

/** What comes right after a term a "what does … / how is …" question asks about. */
const TAIL = /^\s+(?:mean|means|defined|calculated|computed|determined|measured|worked\s+out)\b/i;

/**
 * Whether the ask asks what `term` is (see the module comment). `writes` tells whether the documents
 * write a phrase: a term followed in the question by a capitalised word is only part of a longer name
 * when the documents write that name ("the Purchase Price Date" is not the "Purchase Price"; "the Costs
 * Medica has to document" asks about the "Costs").
 */
export function asksAboutTerm(ask: string, term: string, writes: (phrase: string) => boolean = () => false): boolean {
  const t = term.trim();
  if (t.length < 2 || !/\p{L}/u.test(t)) return false;
  // Most of a document's terms are not in the question at all: no pattern is built for them.
  if (!ask.replace(/\s+/g, " ").toLowerCase().includes(t.replace(/\s+/g, " ").toLowerCase())) return false;
  const body = phrasePattern(t);
  // Quoted: the asker points at the documents' own word, in any case.
  if (new RegExp(`(?:^|[\\s(])${OPEN_QUOTE}${body}${CLOSE_QUOTE}(?=$|[\\s.,;:?!)])`, "i").test(ask)) return true;
  // Written as defined, not a part of a longer word or name, not a possessive ("the Agreement's term").
  const written = new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}]|['’]s\\b)`, "gu");
  for (const m of ask.matchAll(written)) {
    const before = ask.slice(0, m.index);
    const after = ask.slice(m.index + m[0].length);
    if (!LEAD.test(before)) continue;
    const lead = (before.match(LEAD)?.[0] ?? "").toLowerCase();
    // "what does X …" and "how is X …" ask what X is only with "mean", "defined", "calculated" after it.
    if (/^(?:what\s+(?:does|do|did)|how\s)/.test(lead.trim()) && !TAIL.test(after)) continue;
    const longer = after.match(/^\s+(\p{Lu}[\p{L}\p{N}]*)/u)?.[1];
    if (longer !== undefined && writes(`${m[0]} ${longer}`)) continue;
    return true;
  }
  return false;
}

/**
 * The terms of `defined` the ask asks about, longest first, leaving out one inside a longer one asked
 * about ("Period" inside "Contract Period").
 */
export function termsAskedAbout(
  ask: string,
  defined: Iterable<string>,
  writes: (phrase: string) => boolean = () => false,
): string[] {
  const asked = [...new Set(defined)].filter((t) => asksAboutTerm(ask, t, writes)).sort((a, b) => b.length - a.length);
  return asked.filter((t, i) => !asked.slice(0, i).some((longer) => longer.toLowerCase().includes(t.toLowerCase())));
}

/**
 * Where a passage holds the term as it is defined, between quotation marks or opening the passage: the
 * offset in `body`, or -1.
 */
export function definitionAt(body: string, term: string): number {
  const t = phrasePattern(term.trim());
  const quoted = new RegExp(`${OPEN_QUOTE}${t}${CLOSE_QUOTE}`, "i").exec(body);
  if (quoted) return quoted.index;
  return new RegExp(`^\\W*(?:[\\p{N}.()]+\\s+)?${t}\\b`, "iu").test(body) ? 0 : -1;
}

/**
 * A quoted term a sentence defines in running text: `"Residuals" means`, `the term "CITR" shall mean`,
 * `'Consolidated EBITDA' means`, or a parenthesis a quoted term closes (`(… are each a "Contract Period")`).
 */
const STATED_DEFINITION =
  /['‘"“]([^'"“”‘’\n]{1,60})['’"”](?:\s*,?\s*(?:shall\s+mean|means|shall\s+have\s+the\s+meaning|has\s+the\s+meaning|shall\s+refer\s+to|refers\s+to|shall\s+include|includes)\b|\s*\))/g;

/**
 * The terms a text defines in running sentences (`The term "Residuals" means …`), which the provision
 * tree credits to no provision when they sit inside a section about something else.
 */
export function statedDefinitions(text: string): string[] {
  return [...new Set([...text.matchAll(STATED_DEFINITION)].map((m) => (m[1] as string).trim()))];
}

/** Where a passage states the definition of `term` in a running sentence (see `statedDefinitions`): the offset, or -1. */
export function statedDefinitionAt(body: string, term: string): number {
  const t = term.trim().toLowerCase();
  for (const m of body.matchAll(STATED_DEFINITION)) if ((m[1] as string).trim().toLowerCase() === t) return m.index;
  return -1;
}

/** A definition starting fewer characters than this before its passage's end brings the next passage too. */
const DEFINITION_TAIL = 160;

/**
 * The first of a provision's passages (in order) holding a definition, where `at` finds it; with the
 * next one when the definition starts near its end ("A15. “Market Price” means" closing one window, the
 * words defining it opening the next). None when no passage holds it.
 */
export function passagesDefining<P extends { body: string }>(
  passages: readonly P[],
  at: (body: string) => number,
): P[] {
  for (const [i, p] of passages.entries()) {
    const offset = at(p.body);
    if (offset < 0) continue;
    const next = passages[i + 1];
    return next && p.body.length - offset < DEFINITION_TAIL ? [p, next] : [p];
  }
  return [];
}

/**
 * Where a sentence opens with `term`, unquoted, and says what it means ("CEII shall mean: (i) …"): the
 * offset, or -1.
 */
export function definitionOpeningAt(body: string, term: string): number {
  const m = new RegExp(
    `(?:^|[.;:,)]\\s+|\\n\\s*)(${phrasePattern(term.trim())})\\s+(?:shall\\s+mean|means)\\b`,
    "u",
  ).exec(body);
  return m ? m.index + m[0].indexOf(m[1] as string) : -1;
}

/** Words an abbreviation's letters may skip or take: "Bank of America (BA)", "Department of Energy (DOE)". */
const ABBREVIATION_SKIPS = new Set(["of", "and", "the", "for", "&"]);

/**
 * The abbreviations a text defines in parentheses after the capitalised words whose initials they are:
 * "Critical Energy Infrastructure Information (CEII)", "BES Cyber System Information (BCSI)". Each with
 * where its parenthesis opens.
 */
export function abbreviations(text: string): Array<{ term: string; at: number }> {
  const out: Array<{ term: string; at: number }> = [];
  for (const m of text.matchAll(/\(([A-Z][A-Z0-9]{1,9})\)/g)) {
    const letters = (m[1] as string).replace(/[0-9]/g, "");
    const before = text.slice(Math.max(0, m.index - 160), m.index).match(/[\p{L}&]+/gu) ?? [];
    const spells = (words: string[]) => {
      const last = words.slice(-letters.length);
      return (
        last.length === letters.length &&
        last.every((w) => /^\p{Lu}/u.test(w) || ABBREVIATION_SKIPS.has(w.toLowerCase())) &&
        /^\p{Lu}/u.test(last[0] ?? "") &&
        last.map((w) => (w[0] ?? "").toUpperCase()).join("") === letters
      );
    };
    if (spells(before) || spells(before.filter((w) => !ABBREVIATION_SKIPS.has(w.toLowerCase()))))
      out.push({ term: m[1] as string, at: m.index });
  }
  return out;
}
