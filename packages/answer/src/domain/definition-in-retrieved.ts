import type { SourceText } from "./citations.ts";
import { askedTermPhrases, definedTermKey, definitionStrength } from "./definition-answer.ts";
import { DEFINITION_LOOKUP_K, DEFINITION_LOOKUP_KEEP } from "./definition-lookup.ts";
import { dealKeyOf, type EvidenceItem } from "./evidence.ts";
import { candidateSentences } from "./evidence-model.ts";
import { overlapsAny } from "./extract.ts";

/**
 * The definition look-up (`definition-lookup.ts`) searches the whole library for the term asked, written as a
 * defined term, and keeps what it finds only when one deal alone defines it. Two kinds of question were left
 * unanswered by it (issue #16 item 3):
 *
 * - a term many deals define ("Purchase Price Date" in every convertible note, "Conversion Price", "Closing
 *   Date"): the library-wide search finds several deals and says nothing;
 * - a term asked in plain words ("What are the deliverables under …", "Who is a third party for purposes of …",
 *   "What's the conversion price on the replacement note?"): lawyers lower-case a term they ask about, and the
 *   look-up reads capitalised terms only.
 *
 * Both are the term of the documents the question was routed to. So when the extract defines none of the terms
 * asked and the library-wide look-up brought nothing, the term (quoted, as the question writes it, capitalised
 * or not) is searched once more within the documents retrieval found for the question, and a passage that
 * defines it is brought in for reading (`linkedBy` "definition": context for the definition rule, never a
 * candidate of the decision) when one deal alone among those documents defines it. A question whose documents
 * say nothing of the term finds no definition and stays as it was.
 */

/** At most this many of the terms asked are searched (the longest first: "conversion price", not "price"). */
export const RETRIEVED_LOOKUP_TERMS = 2;
/** A term asked of more words than this is a phrase, not a term: it is not searched. */
const TERM_WORDS = 4;

/** What the look-up reads and calls. */
export interface RetrievedLookupDeps {
  /** The verbatim text of the extract's versions (`extractSource`). */
  source: SourceText;
  /** One more search, with the question's principal and mode, within `documentIds`, as extract items. */
  find: (query: string, k: number, documentIds: readonly string[]) => Promise<EvidenceItem[]>;
  /** The verbatim text of the items found. */
  sourceOf: (items: readonly EvidenceItem[]) => Promise<SourceText>;
}

/** Whether a sentence of `items` defines one of `keys` (`definitionStrength`). */
function defines(items: readonly EvidenceItem[], source: SourceText, keys: readonly string[]): boolean {
  return candidateSentences([], items, source).some((c) => keys.some((k) => definitionStrength(c, k) !== null));
}

/**
 * The passages of the retrieved documents that define a term the question asks (ids after the extract's own,
 * `linkedBy` "definition"): none when the question asks no term, the extract already defines one, or the
 * retrieved documents define it in no deal or in several.
 */
export async function lookedUpInRetrieved(
  question: string,
  extract: readonly EvidenceItem[],
  deps: RetrievedLookupDeps,
): Promise<EvidenceItem[]> {
  const phrases = askedTermPhrases(question).filter((p) => p.trim().split(/\s+/).length <= TERM_WORDS);
  if (phrases.length === 0) return [];
  const keys = [...new Set(phrases.map(definedTermKey))];
  if (defines(extract, deps.source, keys)) return [];
  const documentIds = [...new Set(extract.filter((e) => e.linkedBy === undefined).map((e) => e.documentId))];
  if (documentIds.length === 0) return [];
  const longestFirst = [...new Set(phrases)].sort((a, b) => b.split(/\s+/).length - a.split(/\s+/).length);
  for (const term of longestFirst.slice(0, RETRIEVED_LOOKUP_TERMS)) {
    const key = definedTermKey(term);
    const found = (await deps.find(`"${term}"`, DEFINITION_LOOKUP_K, documentIds)).filter(
      (i) => documentIds.includes(i.documentId) && !overlapsAny(extract, i),
    );
    if (found.length === 0) continue;
    const source = await deps.sourceOf(found);
    const defining = found.filter((i) => defines([i], source, [key]));
    if (new Set(defining.map(dealKeyOf)).size !== 1) continue;
    return defining.slice(0, DEFINITION_LOOKUP_KEEP).map((i, n) => ({
      ...i,
      id: `E${extract.length + n + 1}`,
      linkedBy: "definition" as const,
    }));
  }
  return [];
}
