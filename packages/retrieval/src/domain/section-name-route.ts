import { dealsOf, type RoutedDocument } from "./party-route.ts";
import { quotations } from "./question.ts";
import { nameCandidates, type RareNameCut, routeByRareNames } from "./rare-name-route.ts";

/**
 * A question that names a term and the provision it comes from ("until a Release Condition under Section
 * 8.6 occurs", "the covenants in the form in Appendix C under Section 17.3") names its deal twice over. The
 * term alone may be one several deals use (every escrow clause has its release conditions), and a section
 * number is in most contracts, but few documents hold both: the deal whose text says "Release Condition" and
 * "Section 8.6" is the one asked about. Where the term alone is too common to route by (`rare-name-route.ts`),
 * the documents holding the term and the section number together route the question when they are as few
 * as a rare name's.
 */

/** Most documents that may hold a term for it to be paired with a section number; beyond that it is a word of art. */
export const PAIRED_TERM_MAX_DOCUMENTS = 40;
/** Most section references and terms paired for one question: each pair is one index lookup. */
const MAX_REFERENCES = 3;
const MAX_TERMS = 8;

/**
 * The provisions a question names by number, as phrases the index can look up: a number with a dot or a
 * letter ("Section 8.6" → "8.6", "Section 3a" → "3a", "Clause 11.2(b)" → "11.2(b)") stands on its own, as a
 * provision's label or a reference to it; a bare number is looked up with the word before it ("Section 9"),
 * since the number alone is in every text.
 */
export function sectionReferences(ask: string): string[] {
  const out: string[] = [];
  const re =
    /\b(sections?|clauses?|articles?|paragraphs?|schedules?|exhibits?|appendix|annex)\s+(\d{1,3}(?:\.\d{1,3}){0,3}[a-z]?(?:\([a-z0-9]{1,4}\))?)(?![\p{L}\p{N}])/giu;
  for (const m of ask.matchAll(re)) {
    const kind = (m[1] as string).toLowerCase().replace(/s$/, "");
    const num = m[2] as string;
    const phrase = /[.a-z(]/i.test(num) ? num : `${kind} ${num}`;
    if (!out.includes(phrase)) out.push(phrase);
  }
  return out.slice(0, MAX_REFERENCES);
}

/** What `sectionNameRoute` reads from the stores. */
export interface SectionNameLookups {
  /** At most `limit` documents whose passages hold `phrase`, of `documentIds` when given (`documentsHolding`). */
  holding: (phrase: string, limit: number, documentIds?: readonly string[]) => Promise<readonly string[]>;
  /** A document's transaction set, null when it is in none. */
  dealOf: (documentId: string) => Promise<string | null>;
  cut: RareNameCut;
}

/**
 * The route of a question by a term it uses and a provision it names by number, held together by few
 * documents, over the words' route `byWords`: null when the question names no provision or no term, when no
 * document holds a term with a number, or when more documents or deals do than the cut (`routeByRareNames`
 * reads the pairs as names); the words' route itself when the documents holding them are the ones it chose.
 */
export async function sectionNameRoute(
  ask: string,
  byWords: readonly RoutedDocument[],
  lookups: SectionNameLookups,
): Promise<RoutedDocument[] | null> {
  const references = sectionReferences(ask);
  if (references.length === 0) return null;
  const terms = [...nameCandidates(ask), ...quotations(ask)]
    .filter((t, i, all) => all.indexOf(t) === i && !references.some((r) => t.toLowerCase().includes(r)))
    .slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  const held = await Promise.all(
    terms.map(async (term) => {
      const docs = await lookups.holding(term, PAIRED_TERM_MAX_DOCUMENTS + 1);
      if (docs.length === 0 || docs.length > PAIRED_TERM_MAX_DOCUMENTS) return [];
      return Promise.all(
        references.map(async (ref) => ({
          name: `${term} ${ref}`,
          documentIds: await lookups.holding(ref, lookups.cut.documents + 1, docs),
        })),
      );
    }),
  );
  const pairs = held.flat().filter((h) => h.documentIds.length > 0);
  if (pairs.length === 0) return null;
  const deal = await dealsOf(
    pairs.flatMap((h) => h.documentIds),
    lookups.dealOf,
  );
  return routeByRareNames(byWords, pairs, deal, lookups.cut);
}
