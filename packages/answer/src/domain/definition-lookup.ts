import { askedTermPhrases, definedTermKey } from "@lexnav/retrieval";
import type { SourceText } from "./citations.ts";
import { definitionStrength } from "./definition-answer.ts";
import { dealKeyOf, type EvidenceItem } from "./evidence.ts";
import { candidateSentences } from "./evidence-model.ts";
import { overlapsAny } from "./extract.ts";
import type { PartyScope } from "./party-scope.ts";

/**
 * A question that asks what a defined term means ("What is the Ares Agreement?", "Who are the Majority
 * Investors under the replacement note?") is answered by the deal's definition of it (`definition-answer.ts`),
 * but only when retrieval brought that definition into the extract. A question's other words pull retrieval
 * elsewhere: the signature block headed "MAJORITY INVESTORS", the clause that uses the term. When the extract
 * defines none of the terms asked, the term itself is looked up, quoted, as one more search, and the passages
 * found that define it join the extract as definitions brought in for reading (`linkedBy`: context for the
 * definition rule, never candidates of the decision). A term is looked up only when written as a defined term
 * (capitalised: drafting capitalises what it defines), and a definition found is kept only when one deal alone
 * defines the term among what the search found: a term several deals define ("Agreement", "Confidential
 * Information") does not say which deal is meant.
 *
 * A capitalised term reads to the party scope as a party's name ("Updated Supply" of "What is the Updated
 * Supply Plan?"), and the definition looked up names it on its face: `partyScopeBesideTermAsked` keeps such a
 * scope from silencing the answer.
 */

/** How many passages the look-up search returns. */
export const DEFINITION_LOOKUP_K = 5;
/** At most this many defining passages are brought in. */
export const DEFINITION_LOOKUP_KEEP = 2;

/** A word of a defined term: capitalised, all capitals or a number ("No. 2"); "of", "and", "the" may join them. */
const DEFINED_WORD = /^(?:[\p{Lu}\p{N}][\p{L}\p{N}.&'’/-]*|of|and|the|for|to|in|on)$/u;

/** Whether the question writes `term` as a defined term: every word capitalised (joiners aside), the first most of all. */
export function writtenAsDefinedTerm(term: string): boolean {
  const words = term.trim().split(/\s+/);
  return words.length > 0 && /^[\p{Lu}\p{N}]/u.test(words[0] as string) && words.every((w) => DEFINED_WORD.test(w));
}

/** What the look-up reads and calls. */
export interface DefinitionLookupDeps {
  /** The verbatim text of the extract's versions (`extractSource`). */
  source: SourceText;
  /** One more search, with the question's principal, mode and documents, as extract items (ids of their own). */
  find: (query: string, k: number) => Promise<EvidenceItem[]>;
  /** The verbatim text of the items found. */
  sourceOf: (items: readonly EvidenceItem[]) => Promise<SourceText>;
}

/** Whether a sentence of `items` defines one of `keys` (`definitionStrength`). */
export function defines(items: readonly EvidenceItem[], source: SourceText, keys: readonly string[]): boolean {
  return candidateSentences([], items, source).some((c) => keys.some((k) => definitionStrength(c, k) !== null));
}

/**
 * The passages that define the term the question asks, to add to `extract` (ids after its own, `linkedBy`
 * "definition"): none when the question asks no term written as a defined term, the extract already defines
 * one of those asked, or what the search found does not define it in one deal alone.
 */
export async function lookedUpDefinitions(
  question: string,
  extract: readonly EvidenceItem[],
  deps: DefinitionLookupDeps,
): Promise<EvidenceItem[]> {
  const phrases = askedTermPhrases(question).filter(writtenAsDefinedTerm);
  if (phrases.length === 0) return [];
  const keys = [...new Set(phrases.map(definedTermKey))];
  if (defines(extract, deps.source, keys)) return [];
  // the longest term asked: "Change of Control", not "Change"
  const term = phrases.reduce((a, b) => (b.split(/\s+/).length > a.split(/\s+/).length ? b : a));
  const found = (await deps.find(`"${term}"`, DEFINITION_LOOKUP_K)).filter((i) => !overlapsAny(extract, i));
  if (found.length === 0) return [];
  const source = await deps.sourceOf(found);
  const defining = found.filter((i) => defines([i], source, keys));
  const deals = new Set(defining.map(dealKeyOf));
  if (deals.size !== 1) return [];
  return defining.slice(0, DEFINITION_LOOKUP_KEEP).map((i, n) => ({
    ...i,
    id: `E${extract.length + n + 1}`,
    linkedBy: "definition" as const,
  }));
}

/**
 * The party scope (`partyScope`) unless every party it found is words of a term the question asks the meaning
 * of and no passage retrieval found (only definitions brought in) is of its documents: then no deal is named,
 * and null. A question that names a party beside the term keeps its scope ("What is a Cisco Quarter under the
 * ScanSource agreement?"), and so does one whose named deal retrieval found.
 */
export function partyScopeBesideTermAsked(
  question: string,
  scope: PartyScope | null,
  extract: readonly EvidenceItem[],
): PartyScope | null {
  if (!scope || scope.parties.length === 0) return scope;
  if (extract.some((e) => e.linkedBy === undefined && scope.documents.has(e.documentId))) return scope;
  const words = (s: string) =>
    ` ${s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim()} `;
  const terms = askedTermPhrases(question).map(words);
  return scope.parties.every((p) => terms.some((t) => t.includes(words(p)))) ? null : scope;
}
