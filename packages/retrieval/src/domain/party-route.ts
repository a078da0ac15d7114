import { dealKey } from "@lexnav/document-model";
import { partyPhrases, possessiveless } from "./document-names.ts";
import { isInstrumentAbbreviation, isInstrumentWord } from "./instrument-kinds.ts";

/**
 * A question that names its deal by a party and no instrument ("Can the recipient share Zorblax's
 * information with contractors?") is routed by all its words. Where its asking words are ones every
 * instrument of a kind repeats (recipient, information, contractors in any NDA), they outrank the
 * party's name on the cards, and the route goes to other deals of that kind: the named deal is then
 * not searched at all, and no passage of it can be retrieved or cited. Each name looked up on its own
 * finds the deal whose face names it; when no deal a name finds is one the words chose, the names
 * decide. When a name finds a deal the words chose too, the words' route stands: the name agrees
 * with it, and the words rank that deal among the others a common name finds too.
 */

/** A document and its card score for one lookup, higher is better. */
export interface RoutedDocument {
  documentId: string;
  score: number;
}

/** How a lookup's ranked documents are cut: the best, and those within `ratio` of it, at most `max`. */
export interface RouteCut {
  ratio: number;
  max: number;
}

/** A lookup's chosen documents: positive scores within `ratio` of the best, at most `max`. */
export function cutRoute(ranked: readonly RoutedDocument[], cut: RouteCut): RoutedDocument[] {
  const positive = ranked.filter((h) => h.score > 0);
  const top = positive[0]?.score ?? 0;
  return positive.filter((h, i) => i === 0 || h.score >= top * cut.ratio).slice(0, cut.max);
}

/**
 * Whether a party phrase can name a deal on its own: it has a word that is not an instrument's kind
 * ("Acme's NDA" is read as the party "Acme's" and the kind "NDA"; "NDA" alone names no deal).
 */
export function namesADeal(phrase: string): boolean {
  const words = phrase.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.some((w) => w.length > 1 && !isInstrumentWord(w) && !isInstrumentAbbreviation(w));
}

/**
 * The documents a question's party names route it to, over the documents its words chose: null when
 * the words' route stands (no name finds a document, or some name finds a document of a deal the words
 * chose). `byName` holds each name's lookup, ranked; `dealOf` gives a document's deal (its transaction
 * set, or the document itself), so a deal's amendment and its main agreement count as one deal.
 * Documents found by more names go first, then by their best score.
 */
export function routeByNames(
  byWords: readonly RoutedDocument[],
  byName: ReadonlyArray<readonly RoutedDocument[]>,
  dealOf: (documentId: string) => string,
  cut: RouteCut,
): RoutedDocument[] | null {
  const picks = byName.map((ranked) => cutRoute(ranked, cut)).filter((p) => p.length > 0);
  if (picks.length === 0) return null;
  const wordsDeals = new Set(byWords.map((h) => dealOf(h.documentId)));
  if (picks.some((p) => p.some((h) => wordsDeals.has(dealOf(h.documentId))))) return null;
  const found = new Map<string, { documentId: string; score: number; names: number }>();
  for (const pick of picks)
    for (const h of pick) {
      const seen = found.get(h.documentId);
      if (seen) {
        seen.names += 1;
        seen.score = Math.max(seen.score, h.score);
      } else found.set(h.documentId, { ...h, names: 1 });
    }
  return [...found.values()]
    .sort((a, b) => b.names - a.names || b.score - a.score)
    .slice(0, cut.max)
    .map(({ documentId, score }) => ({ documentId, score }));
}

/**
 * Each document's deal (`dealKey`: its transaction set, or the document alone), its set read once per
 * document, for the routes that count deals rather than documents; a document not listed is a deal of its own.
 */
export async function dealsOf(
  documentIds: Iterable<string>,
  dealOf: (documentId: string) => Promise<string | null>,
): Promise<(documentId: string) => string> {
  const deals = new Map<string, string>();
  for (const id of documentIds) if (!deals.has(id)) deals.set(id, dealKey(id, await dealOf(id)));
  return (id) => deals.get(id) ?? dealKey(id, null);
}

/** What `partyRoute` reads from the stores: card lookups and documents' transaction sets. */
export interface PartyRouteLookups {
  /** The documents whose cards best match a text, ranked (the lexical index's `searchDocuments`). */
  documents: (text: string) => Promise<readonly RoutedDocument[]>;
  /** A document's transaction set, null when it is in none. */
  dealOf: (documentId: string) => Promise<string | null>;
  cut: RouteCut;
}

/**
 * The route of a question by the parties it names (`partyPhrases`), each looked up on its own, when they
 * find no deal the words' route (`byWords`) has: null when the words' route stands.
 */
export async function partyRoute(
  ask: string,
  byWords: readonly RoutedDocument[],
  lookups: PartyRouteLookups,
): Promise<RoutedDocument[] | null> {
  const byName: RoutedDocument[][] = [];
  for (const phrase of partyPhrases(ask).filter(namesADeal)) byName.push([...(await lookups.documents(phrase))]);
  if (byName.every((hits) => hits.length === 0)) return null;
  const deal = await dealsOf(
    [...byWords, ...byName.flat()].map((h) => h.documentId),
    lookups.dealOf,
  );
  return routeByNames(byWords, byName, deal, lookups.cut);
}

/**
 * A route whose deals the question's party names tell apart: the documents of the deals that hold a name
 * the question gives, when some routed deals hold one and others none. "May Fleet hand off part of the
 * manufacturing to a subcontractor?" routes by its words to two manufacturing agreements, Fleet's and one
 * whose parties are "Manufacturer" and "Subcontractor"; the second, full of the asking words, had every
 * place of the ranking though it never says "Fleet". `holders` are the routed documents that hold a name;
 * `dealOf` groups a deal's documents (an amendment naming the party keeps its main agreement). Null when
 * the names do not tell the deals apart: no routed document holds one, or every routed deal does.
 */
export function routeWithinNamed(
  route: readonly RoutedDocument[],
  holders: ReadonlySet<string>,
  dealOf: (documentId: string) => string,
): RoutedDocument[] | null {
  const named = new Set([...holders].map(dealOf));
  if (named.size === 0) return null;
  const kept = route.filter((h) => named.has(dealOf(h.documentId)));
  return kept.length === route.length ? null : kept;
}

/** What `namedDealsRoute` reads from the stores. */
export interface NamedDealsLookups {
  /** The documents among `documentIds` whose passages hold `phrase` whole (`documentsHolding`). */
  holding: (phrase: string, documentIds: readonly string[]) => Promise<readonly string[]>;
  /** A document's transaction set, null when it is in none. */
  dealOf: (documentId: string) => Promise<string | null>;
}

/**
 * The route narrowed to the deals that hold a party name the question gives (`routeWithinNamed`), each
 * name looked up whole among the routed documents only: null when the route has one deal, the question
 * names no party, or the names do not tell its deals apart.
 */
export async function namedDealsRoute(
  ask: string,
  route: readonly RoutedDocument[],
  lookups: NamedDealsLookups,
): Promise<RoutedDocument[] | null> {
  const names = partyPhrases(ask)
    .flatMap((phrase) => phrase.split(/\s*[/–—]\s*/u))
    .map(possessiveless)
    .filter(namesADeal);
  if (names.length === 0 || route.length < 2) return null;
  const ids = route.map((h) => h.documentId);
  const deal = await dealsOf(ids, lookups.dealOf);
  if (new Set(ids.map(deal)).size < 2) return null;
  const holders = new Set<string>();
  for (const name of names) for (const id of await lookups.holding(name, ids)) holders.add(id);
  return routeWithinNamed(route, holders, deal);
}
