import { askedTermPhrases, definedTermKey } from "@lexnav/retrieval";
import type { SourceText } from "./citations.ts";
import { DEFINITION_LOOKUP_KEEP, defines, writtenAsDefinedTerm } from "./definition-lookup.ts";
import { dealKeyOf, type EvidenceItem } from "./evidence.ts";
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
 * Both are the term of the documents the question was routed to. So when the retrieved documents' passages in
 * the extract define none of the terms asked (whatever the library-wide look-up brought in), the term (quoted, as the question writes it, capitalised
 * or not) is searched once more within the documents retrieval found for the question, and a passage that
 * defines it is brought in for reading (`linkedBy` "definition": context for the definition rule, never a
 * candidate of the decision) when one deal alone among those documents defines it. A question whose documents
 * say nothing of the term finds no definition and stays as it was.
 */

/** At most this many of the terms asked are searched (the longest first: "conversion price", not "price"). */
export const RETRIEVED_LOOKUP_TERMS = 2;
/**
 * How many passages the search within the retrieved documents returns: more than the library-wide look-up, as a
 * term a document uses throughout (a note's "Purchase Price Date") fills the first few with its uses.
 */
export const RETRIEVED_LOOKUP_K = 20;
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
  // a term is written as a defined term or in lower case throughout: "Costs Medica has" is a term and a clause
  const phrases = askedTermPhrases(question).filter(
    (p) => p.trim().split(/\s+/).length <= TERM_WORDS && (writtenAsDefinedTerm(p) || p === p.toLowerCase()),
  );
  if (phrases.length === 0) return [];
  const keys = [...new Set(phrases.map(definedTermKey))];
  const documentIds = [...new Set(extract.filter((e) => e.linkedBy === undefined).map((e) => e.documentId))];
  if (documentIds.length === 0) return [];
  // a definition already read counts only in the retrieved documents: the library-wide look-up may bring in
  // another deal's, which a question naming its deal never cites
  if (
    defines(
      extract.filter((e) => documentIds.includes(e.documentId)),
      deps.source,
      keys,
    )
  )
    return [];
  const longestFirst = [...new Set(phrases)].sort((a, b) => b.split(/\s+/).length - a.split(/\s+/).length);
  for (const term of longestFirst.slice(0, RETRIEVED_LOOKUP_TERMS)) {
    const key = definedTermKey(term);
    const found = (await deps.find(`"${term}"`, RETRIEVED_LOOKUP_K, documentIds)).filter(
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
