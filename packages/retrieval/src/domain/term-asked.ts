/**
 * A question that asks what a defined term is ("What is a Query under the data license?", "What's a
 * 'Contract Period'?", "What does BCSI mean?", "How is Consolidated EBITDA calculated?") is answered by
 * the documents' own definition of it: defined terms mean only what the documents say.
 *
 * The question side (`askedDefinedTerms`) reads which terms a question asks the meaning of, by the ways
 * lawyers ask it; the answer's definition rule (`@lexnav/answer`, `definition-answer.ts`) cites a
 * definition of one of them, and a search brings the documents' definitions of them to the head
 * (`search.ts`, the `term` stage): ranked by its words, a definition loses to the provisions that use the
 * term most ("Queries and Data shall be provided ..."). Only an ask about the term itself counts, not
 * every defined term a question uses: "What notice ends the Agreement?" uses "Agreement" and asks about
 * notice. The document side (below) finds where a passage defines a term.
 */

import { phrasePattern } from "@lexnav/core";
import type { ProvisionNode } from "@lexnav/document-model";
import { isInstrumentWord } from "./instrument-kinds.ts";
import type { NodePassages } from "./passage-cache.ts";
import type { Passage } from "./passages.ts";
import { parseQuestion } from "./question.ts";
import { leadingCapitalisedTerms, withoutPluralMarker } from "./term-shapes.ts";

const OPEN_QUOTE = `['‘"“]`;
const CLOSE_QUOTE = `['’"”]`;

/** A word of a defined term: capitalised, or all capitals, with digits and joiners. */
export const DEFINED_TERM_WORD = String.raw`[\p{Lu}][\p{L}\p{N}.&'’/-]*`;
const TERM_WORD = DEFINED_TERM_WORD;

/** A term as compared: lower case, quotes dropped, a plural "s" dropped from each word ("Events" → "event"). */
export function termKey(term: string): string {
  return term
    .toLowerCase()
    .replace(/[“”"']/g, "")
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w))
    .join(" ");
}

/**
 * A term as compared: `termKey` (lower case, quotes dropped, a plural "s" dropped), and a plural "-ies"
 * read as "-y", so "Subsidiaries" is compared as "Subsidiary". Whole terms are compared, never a part:
 * "Affiliate" is not "Affiliated Group".
 */
export function definedTermKey(term: string): string {
  return termKey(
    withoutPluralMarker(term)
      .replace(/[‘’]/g, "'")
      .replace(/^'+|'+$/g, ""),
  )
    .split(" ")
    .map((w) => (w.length > 4 && w.endsWith("ie") ? `${w.slice(0, -2)}y` : w))
    .join(" ");
}

/**
 * Where a term asked about may end: the question's end, a preposition that names its instrument or
 * purpose, or the next ask ("What is the Due Date and when is payment due?").
 */
const TERM_END = /\s+(?:in|under|of|for|per|as\s+used\s+in|to|and|or)\s|\s*[,;:—–]\s|\s*\??\s*$/gi;

/**
 * The asking shapes: what follows the match (`rest`) up to the end or a preposition is the term, or the term
 * stands between the opening and a closing word (`closing`). "when is" reads only a term written as a
 * defined term (capitalised): "When is the Closing Date?" asks what the definition of that date says.
 */
const ASKS: Array<{ opening: RegExp; closing?: RegExp; capitalisedOnly?: boolean; ofThing?: true }> = [
  { opening: /^\s*(?:who|what)(?:\s+(?:is|are|was|were)|['’]s)\s+(?:the\s+|an?\s+)?/i },
  // "What is ScanSource's Territory?", "What is the Borrower's Applicable Margin?": a party's defined term
  {
    opening:
      /^\s*(?:[Ww]ho|[Ww]hat)(?:\s+(?:is|are|was|were)|['’]s)\s+(?:the\s+)?\p{Lu}[\p{L}\p{N}.&-]*(?:\s+\p{Lu}[\p{L}\p{N}.&-]*){0,3}['’]s?\s+/u,
    capitalisedOnly: true,
  },
  { opening: /^\s*what\s+(?:counts|qualifies)\s+as\s+(?:the\s+|an?\s+)?/i },
  { opening: /\bhow\s+(?:is|are)\s+(?:the\s+)?(?:terms?\s+)?/i, closing: /^(.+?)\s+defined\b/i },
  // "How is Consolidated EBITDA calculated?": a defined term's definition says how it is worked out
  {
    opening: /\bhow\s+(?:is|are)\s+(?:the\s+)?/i,
    closing: /^(.+?)\s+(?:calculated|computed|determined|measured|worked\s+out)\b/i,
    capitalisedOnly: true,
  },
  // "Which documents make up the Existing PSA?", "What does the Collateral consist of?"
  { opening: /^\s*(?:which|what)\s+(?:[a-z]+\s+){0,2}?(?:makes?|made)\s+up\s+(?:the\s+|an?\s+)?/i },
  // and "What does Columbia Equipment cover?", "What does the Collateral include?"
  {
    opening: /^\s*what\s+(?:does|do)\s+(?:the\s+|an?\s+)?/i,
    closing: /^(.+?)\s+(?:consists?\s+of|comprises?|includes?|covers?|encompass(?:es)?)\b/i,
    capitalisedOnly: true,
  },
  { opening: /\bwhat\s+(?:does|do)\s+(?:the\s+)?(?:terms?\s+)?/i, closing: /^(.+?)\s+mean\b/i },
  { opening: /\b(?:meaning|definition)\s+of\s+(?:the\s+)?(?:terms?\s+)?/i },
  { opening: /\bdefine\s+(?:the\s+)?(?:terms?\s+)?/i },
  { opening: /^\s*when\s+(?:is|are|was|will\s+be)\s+(?:the\s+)?/i, capitalisedOnly: true },
  // "Does the founder count as a Permitted Holder?", "Is a fund treated as an Eligible Assignee?": whether
  // something falls within a defined term is what its definition says
  {
    opening: /\b(?:counts?|counted|qualif(?:y|ies|ied)|treated|considered|deemed|regarded)\s+as\s+(?:the\s+|an?\s+)?/i,
    capitalisedOnly: true,
  },
  // "When is a licensed product a combination product?": when something is one of a defined class
  { opening: /^\s*when\s+(?:is|are)\s+(?:an?\s+|the\s+)?(?:[^?\s]+\s+){1,4}?(?:an?|the)\s+/i, ofThing: true },
  // "Who can sign for SkyWater as an Authorized Officer?", "Whose consent is needed as Required Lenders?":
  // who holds a defined role is what the role's definition says
  { opening: /^\s*(?:who|whom|whose)\b[^?]{0,60}?\s+as\s+(?:the\s+|an?\s+)?/i, capitalisedOnly: true },
  // "When does the fiscal year end?", "When does the Exclusivity Period begin?": a defined period's bounds are in
  // its definition (not an instrument's: "when does the agreement end?" asks its term, not its name)
  {
    opening: /^\s*when\s+(?:does|do|did|will)\s+(?:the\s+|its\s+|their\s+|each\s+)?/i,
    closing: /^(.+?)\s+(?:end|begin|start|expire|commence|close)\b/i,
    ofThing: true,
  },
  // "How does the distributorship count its fiscal year?": the active form of "how is X calculated"
  {
    opening:
      /^\s*how\s+(?:does|do|did|will)\s+[^?]{1,60}?\s+(?:count|calculate|compute|determine|measure)\s+(?:its\s+|the\s+|their\s+)?/i,
    ofThing: true,
  },
  // "Which product is the distributor selling?", "What drug goes into the auto-injector?", "What device does
  // Antares make?": which thing of a class the deal means is what its definition of the class says ("Product"
  // means …). Not a word every contract defines for another purpose (a party, a person, the law, a notice, a date).
  {
    opening: /^\s*(?:which|what)\s+/i,
    closing:
      /^((?!(?:laws?|part(?:y|ies)|persons?|notices?|courts?|dates?|days?|times?|compan(?:y|ies)|entit(?:y|ies)|states?|sections?|clauses?|provisions?|terms?|rights?|obligations?|amounts?|kinds?|types?|sorts?|ones?)\b)[a-z][a-z-]+(?:\s+[a-z][a-z-]+)?)\s+(?:is|are|was|were|goes|go|went|does|do|did)\b/i,
    ofThing: true,
  },
];
/** Where a later sentence of a question starts: after a full stop, "?" or "!", at a capital or an opening quote. */
const LATER_SENTENCE = /[.?!]\s+(?=[\p{Lu}'‘"“])/gu;
/** How many sentences after the first are read for an ask. */
const LATER_SENTENCES_READ = 3;
/** A quoted term: 'Due Date', “End User”. */
const QUOTED = /^['‘"“]([^'’"”?]{2,60})['’"”]/;
/** A term written as a defined term: capitalised words (or capitals), "of" or "and" between them. */
const CAPITALISED = new RegExp(String.raw`^${TERM_WORD}(?:\s+(?:(?:of|and|the)\s+)?${TERM_WORD})*$`, "u");

/**
 * `text` without the characters at its end that `char` (a one-character class) matches: what
 * `.replace(/[…]+$/, "")` gives, read from the end only (that regular expression rescans a long run
 * from each of its characters).
 */
export function trimEndOf(text: string, char: RegExp): string {
  let end = text.length;
  while (end > 0 && char.test(text[end - 1] as string)) end--;
  return text.slice(0, end);
}

/** The terms a phrase may name: quoted, else each run of words up to the end or a preposition. */
function termsOf(phrase: string, capitalisedOnly: boolean): string[] {
  const quoted = QUOTED.exec(phrase);
  if (quoted) return [quoted[1] as string];
  // "the Costs Medica has to document": the capitalised term before the plain words (`term-shapes.ts`)
  const out: string[] = leadingCapitalisedTerms(phrase);
  for (const m of phrase.matchAll(TERM_END)) {
    const term = trimEndOf(phrase.slice(0, m.index), /[\s?.]/).trim();
    // each term is a longer start of the phrase than the last: past six words, so are all the rest
    if (term.split(/\s+/).length > 6) break;
    if (term === "" || /['’]s?\b/.test(term)) continue;
    if (capitalisedOnly && !CAPITALISED.test(term)) continue;
    out.push(term);
  }
  return out;
}

/**
 * The terms (as `definedTermKey` compares them) a question asks the meaning of, by the way lawyers ask
 * it: "what is / what's / who is / who are / what counts as X", "how is X defined", "what does X mean",
 * "the meaning of X"; and "when is the X" for a term written as a defined term (capitalised), or any term of
 * a question typed all in lower case. A term ends at the question's end or at a preposition ("What is a Change
 * of Control under the agreement?": "Change", "Change of Control"); only a definition of one of them is ever
 * cited. Empty when the question asks something else of a term it names ("On termination, 'the Licence' is
 * revoked — …").
 */
export function askedDefinedTerms(question: string): string[] {
  return [...new Set(askedTermPhrases(question).map(definedTermKey))].filter((t) => t.length > 0);
}

/** The terms `askedDefinedTerms` reads, as the question writes them ("Ares Agreement", "Existing PSA"). */
export function askedTermPhrases(question: string): string[] {
  const whole = parseQuestion(question).ask.replace(/\s+/g, " ");
  // the ask may follow a sentence that sets it up: "Columbia can terminate if the Ares Agreement ends. What is …?"
  // (the first few only: a long text of many sentences is not rescanned from each)
  const later = [...whole.matchAll(LATER_SENTENCE)].slice(0, LATER_SENTENCES_READ);
  const asks = [whole, ...later.map((m) => whole.slice((m.index ?? 0) + m[0].length))];
  // a question typed all in lower case ("how is consolidated ebitda calculated?") writes no term as a defined
  // term: the shapes that read only those read any term in it. "When is the rent due?" still reads none.
  const anyCase = !/\p{Lu}/u.test(whole);
  const out = new Set<string>();
  for (const ask of asks)
    for (const { opening, closing, capitalisedOnly, ofThing } of ASKS) {
      const m = opening.exec(ask);
      if (!m) continue;
      let rest = ask.slice((m.index ?? 0) + m[0].length);
      if (closing) {
        const c = closing.exec(rest);
        if (!c) continue;
        rest = c[1] as string;
      }
      for (const term of termsOf(rest, capitalisedOnly === true && !anyCase))
        if (/\p{L}{3,}/u.test(term) && !(ofThing && isInstrumentWord(term.split(/\s+/).at(-1) ?? ""))) out.add(term);
    }
  return [...out];
}

/**
 * The terms of `defined` (a document's) that the question asks the meaning of (`askedDefinedTerms`), longest
 * first, each once.
 */
export function termsAskedAbout(question: string, defined: Iterable<string>): string[] {
  const keys = new Set(askedDefinedTerms(question));
  if (keys.size === 0) return [];
  const asked = new Map<string, string>();
  for (const term of defined) {
    const key = definedTermKey(term);
    if (keys.has(key) && !asked.has(key)) asked.set(key, term);
  }
  return [...asked.values()].sort((a, b) => b.length - a.length);
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

/** The capitalised phrases a text quotes: “Major Event”, "Change of Control". */
export function quotedTerms(text: string): string[] {
  return [...text.matchAll(/[“"](\p{Lu}[^"“”\n]{0,59})[”"]/gu)].map((m) => (m[1] as string).trim());
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

/** Provisions defining a term asked about brought to the head, per document (a base agreement's and its restatement's). */
const TERM_DEFINITIONS = 2;
/** Other definitions a definition quotes, brought after it. */
const REFERRED_DEFINITIONS = 2;

/** A provision and the passages of it to bring to the head of a ranking. */
export interface DefinitionPick {
  node: ProvisionNode;
  passages: Passage[];
}

/**
 * The definitions, in one document (its provisions and passages, and its text), of the terms `question`
 * asks the meaning of (`termsAskedAbout`), each term's in turn:
 * - the provisions that define it (`definesTerms`: a definitions entry, an inline `(the "X")`), at most
 *   `TERM_DEFINITIONS`, each with its passages holding the term as defined (`passagesDefining`);
 * - else the passage of a sentence that defines it in a provision about something else: quoted (`The term
 *   "Residuals" means`), opening the sentence ("CEII shall mean: …"), or else an abbreviation after the
 *   words it stands for ("Critical Energy Infrastructure Information (CEII)");
 * - then the definitions those passages quote ("… of the definition of “Major Event”"), at most
 *   `REFERRED_DEFINITIONS`, one provision each: a definition that defers to another says what it means only
 *   with it.
 */
export function definitionPicks(question: string, cache: NodePassages, body: string): DefinitionPick[] {
  const nodes = [...cache.nodes.values()];
  const asked = termsAskedAbout(question, [
    ...nodes.flatMap((n) => n.definesTerms),
    ...statedDefinitions(body),
    ...abbreviations(body).map((a) => a.term),
  ]);
  if (asked.length === 0) return [];
  const definitionsOf = (term: string): DefinitionPick[] => {
    const defining = nodes
      .filter((n) => n.definesTerms.includes(term))
      .slice(0, TERM_DEFINITIONS)
      .flatMap((node) => {
        // A provision that defines it inline and says more: only its passages holding the definition.
        const passages = passagesDefining(cache.byNode.get(node.id) ?? [], (text) => definitionAt(text, term));
        return passages.length > 0 ? [{ node, passages }] : [];
      });
    if (defining.length > 0) return defining;
    const finders = [
      (text: string) => statedDefinitionAt(text, term),
      (text: string) => definitionOpeningAt(text, term),
      (text: string) => abbreviations(text).find((a) => a.term === term)?.at ?? -1,
    ];
    for (const at of finders) {
      for (const [nodeId, all] of cache.byNode) {
        const node = cache.nodes.get(nodeId);
        const passages = passagesDefining(all, at);
        if (node && passages.length > 0) return [{ node, passages }];
      }
    }
    return [];
  };
  const defined = new Map(nodes.flatMap((n) => n.definesTerms.map((t) => [definedTermKey(t), t] as const)));
  return asked.flatMap((term) => {
    const picks = definitionsOf(term);
    const own = new Set(picks.map((p) => p.node.id));
    const key = definedTermKey(term);
    const referred = [
      ...new Set(
        picks
          .flatMap((p) => p.passages.flatMap((passage) => quotedTerms(passage.body)))
          .map((q) => defined.get(definedTermKey(q)))
          .filter((t): t is string => t !== undefined && definedTermKey(t) !== key),
      ),
    ].slice(0, REFERRED_DEFINITIONS);
    return [
      ...picks,
      ...referred.flatMap((t) =>
        definitionsOf(t)
          .filter((p) => !own.has(p.node.id))
          .slice(0, 1),
      ),
    ];
  });
}
