import { askedKinds, isOfKind } from "./asked-kind.ts";
import { capitalisedWords, partyPhrases, possessiveless, typedWithoutCapitals } from "./document-names.ts";
import { isInstrumentAbbreviation, isInstrumentWord } from "./instrument-kinds.ts";
import { mentionNames } from "./mention-names.ts";
import { dealsOf, namesADeal, type RoutedDocument } from "./party-route.ts";
import { queryTerms } from "./query-terms.ts";

/**
 * A name that few documents of a whole corpus hold identifies them: a party ("Milacron"), a hyphenated or
 * all-caps name ("D-M-E", "HealthCor"), or a defined term of one deal ("Updated Supply Plan"). Card BM25
 * weighs such a name as one word among the question's others, and a question whose asking words every
 * instrument of a kind repeats ("the Eurodollar Rate on the loans") goes to other deals of that kind, where
 * no passage can answer it. Looked up whole in the passages, a name that few documents hold picks them,
 * and only them; a name many documents hold (a party of many deals, a term of art, a regulator) says
 * nothing about which deal is asked, and the question keeps the route its words chose.
 */

/** How rare a name must be to route: the documents and the deals (transaction sets) that may hold it. */
export interface RareNameCut {
  /** Most documents holding a name that still route by it. */
  documents: number;
  /** Most deals those documents may belong to (a document in no set is a deal of its own). */
  deals: number;
}

/** The fewest-documents cut of the shipped route (`docs/retrieval.md`, "Names few documents hold"). */
export const RARE_NAME_CUT: RareNameCut = { documents: 6, deals: 2 };

/** Most words of a phrase looked up as a name: longer quotations are sentences, not names. */
const MAX_NAME_WORDS = 6;
/**
 * Most names looked up for one question, in the order read (party phrases first): each is one index
 * lookup, and a question of 4,000 characters of capitalised words must not become hundreds of them.
 */
export const MAX_NAMES = 24;

const wordCount = (phrase: string) => (phrase.match(/[\p{L}\p{N}]+/gu) ?? []).length;
/**
 * A phrase without the instruments' abbreviations at its ends ("the Evelozcity NDA" names the NDA of
 * Evelozcity, whose text says "Evelozcity" and seldom "Evelozcity NDA"). A kind spelt out stays: with a
 * capitalised word before it, it is most often a defined term ("the Updated Supply Plan", "the Ares Agreement").
 */
function withoutAbbreviations(phrase: string): string {
  const words = phrase.split(/\s+/).filter((w) => w.length > 0);
  while (words.length > 0 && isInstrumentAbbreviation(possessiveless(words.at(-1) as string))) words.pop();
  while (words.length > 0 && isInstrumentAbbreviation(words[0] as string)) words.shift();
  return words.join(" ");
}

/** Whether a phrase can name a deal: `namesADeal`, letters joined by dots or dashes read as one word ("D-M-E"). */
const canName = (phrase: string) => namesADeal(phrase) || namesADeal(phrase.replace(/(?<=\p{L})[.-](?=\p{L})/gu, ""));

/**
 * The phrases of a question that may name a deal, each once, as written without a possessive: its party
 * phrases and other capitalised names (`partyPhrases`: "Milacron", "D-M-E", "Updated Supply Plan") and its
 * capitalised terms, quoted ("the 'Winning Bid Price'") or of several words ("the Release Condition"). A
 * single word contracts capitalise as a term ("Subsidiaries") is no name unless quoted. A phrase
 * is looked up without the instruments' abbreviations at its ends; one made only of kinds names no deal.
 */
export function nameCandidates(ask: string): string[] {
  const out: string[] = [];
  const add = (phrase: string) => {
    const p = withoutAbbreviations(possessiveless(phrase.trim()));
    const n = wordCount(p);
    if (n === 0 || n > MAX_NAME_WORDS || !canName(p) || out.includes(p)) return;
    out.push(p);
  };
  // Parties joined by a dash, a slash or "and" ("the Intel–DSP NDA") are looked up together and each alone.
  for (const p of partyPhrases(ask)) for (const part of [p, ...p.split(/\s*[–—/]\s*|\s+and\s+/u)]) add(part);
  // A run of two or more capitalised words is a defined term of some deal ("the Parent Pledge"), even when
  // each word alone is one every contract capitalises ("Subsidiaries" names no deal).
  const capital = new Set(capitalisedWords(ask));
  let run: Array<{ t: string; at: number }> = [];
  const flush = () => {
    const first = run[0];
    const last = run.at(-1);
    if (first && last && run.length > 1) add(ask.slice(first.at, last.at + last.t.length));
    run = [];
  };
  for (const m of ask.matchAll(/[\p{L}][\p{L}\p{N}'’.&-]*/gu)) {
    const tok = { t: m[0], at: m.index ?? 0 };
    const prev = run.at(-1);
    if (!capital.has(tok.t)) flush();
    else {
      if (prev && (/['’]s?$/u.test(prev.t) || ask.slice(prev.at + prev.t.length, tok.at) !== " ")) flush();
      run.push(tok);
    }
  }
  flush();
  // A quoted term is a defined term when capitalised; a quoted clause of the contract is not a name.
  for (const m of ask.matchAll(/(?:^|[\s(])['‘"“](\p{Lu}[^'’"”\n]{1,80})['’"”]/gu)) add(m[1] ?? "");
  return out.slice(0, MAX_NAMES);
}

/**
 * The words of a question written without capitals that may be names: its content words of three letters or
 * more that are no instrument's kind, each looked up on its own. A lawyer typing "can fleet subcontract the
 * manufacturing?" or "is ap exclusive to kubient?" names the deal as surely as with capitals, but no
 * capitalised phrase tells which words are names; a word few documents hold is one, as a capitalised name
 * few documents hold is (`routeByRareNames`), and a word many hold says nothing and changes nothing. In a
 * store so small that every word is in few documents, rarity tells no name: `rareNameRoute` reads these
 * words only where another word of the question is in many documents (`COMMON_WORD_DOCUMENTS`). Empty
 * when the question capitalises any word after its first letter: its capitals say which words are names.
 */
export function uncapitalisedNames(ask: string): string[] {
  if (!typedWithoutCapitals(ask)) return [];
  return queryTerms(ask)
    .filter((w) => w.length >= 3 && /^\p{L}/u.test(w) && !isInstrumentWord(w) && !isInstrumentAbbreviation(w))
    .slice(0, MAX_NAMES);
}

/** Most words of a run of a lower-case question looked up as one name (`uncapitalisedRuns`). */
const MAX_RUN_WORDS = 3;

/**
 * The runs of two or three words of a question written without capitals that may be one name: words side
 * by side with only a space between (a possessive ends a run after its word), none a stopword or an
 * instrument's kind, longest first. "can the recipient share urban wind turbines information" gives "urban
 * wind turbines", "urban wind", "wind turbines", …: a name whose every word many documents hold ("blue
 * coat", "data boiler", "stone point") is rare only as a phrase. A run is a name only where a document
 * holding it writes its words as names (`writesAsNames`); empty when the question has capitals.
 */
export function uncapitalisedRuns(ask: string): string[] {
  if (!typedWithoutCapitals(ask)) return [];
  const tokens = [...ask.matchAll(/[\p{L}\p{N}]+(?:['’]s?)?/gu)].map((m) => ({ t: m[0], at: m.index ?? 0 }));
  const content = (w: string) =>
    queryTerms(w).length > 0 && /^\p{L}/u.test(w) && !isInstrumentWord(w) && !isInstrumentAbbreviation(w);
  const runs: string[][] = [];
  let run: string[] = [];
  tokens.forEach((tok, i) => {
    const word = possessiveless(tok.t).toLowerCase();
    const prev = tokens[i - 1];
    const joined = prev !== undefined && ask.slice(prev.at + prev.t.length, tok.at) === " " && !/['’]s?$/u.test(prev.t);
    if (!joined || !content(word)) {
      if (run.length > 1) runs.push(run);
      run = [];
    }
    if (content(word)) run.push(word);
  });
  if (run.length > 1) runs.push(run);
  const out: string[] = [];
  for (let n = MAX_RUN_WORDS; n >= 2; n--)
    for (const r of runs)
      for (let i = 0; i + n <= r.length; i++) {
        const phrase = r.slice(i, i + n).join(" ");
        if (!out.includes(phrase)) out.push(phrase);
      }
  return out.slice(0, MAX_NAMES);
}

/**
 * Whether a document writes a run's words as names (`uncapitalisedRuns`): each of its words is among the words
 * of the names the document gives (`names`: its title, own names, parties and the capitalised words of its
 * opening), and one of them has four letters or more (a run of short words is too often an abbreviation's).
 * "blue coat" is Blue Coat Systems' in Packeteer's NDA; "minimum annual order", rare as a phrase, is written in
 * lower case and names nothing.
 */
export function writesAsNames(run: string, names: readonly string[]): boolean {
  const written = new Set(names.flatMap((n) => n.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []));
  const words = run.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.some((w) => w.length >= 4) && words.every((w) => written.has(w));
}

/**
 * The words of a question written without capitals that name a party of the documents it was routed to: a run
 * of its words that is a run of a party's name as the documents' openings give it ("pizza fusion" of "Pizza
 * Fusion Holding, Inc."), two words or more, or one word that opens the name and few documents hold (`rare`:
 * "cardlytics", "heritage" of "Heritage Foods, Inc.", not "bank" of "Bank of America, N.A."). Each passage of
 * those documents may say it, so, as a capitalised question's parties are, they are left out of the words that
 * rank passages inside the route.
 */
export function partyWordsAsked(ask: string, parties: readonly string[], rare: ReadonlySet<string>): string[] {
  if (uncapitalisedNames(ask).length === 0) return [];
  const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w !== "s");
  const asked = words(ask);
  const out = new Set<string>();
  for (const party of parties) {
    const name = words(party);
    for (let i = 0; i < asked.length; i++) {
      for (let j = 0; j < name.length; j++) {
        let k = 0;
        while (i + k < asked.length && j + k < name.length && asked[i + k] === name[j + k]) k++;
        const first = asked[i] as string;
        const counts = k >= 2 || (k === 1 && j === 0 && rare.has(first));
        if (counts) for (const w of asked.slice(i, i + k)) if (queryTerms(w).length > 0) out.add(w);
      }
    }
  }
  return [...out];
}

/**
 * `partyWordsAsked` with the words that open a party's name looked up: one counts alone when between one and
 * `COMMON_WORD_DOCUMENTS` documents the asker may read hold it (`holding`), at most `COMMON_WORD_LOOKUPS`
 * lookups. Empty, with no lookup, for a question with capitals or documents with no parties on record.
 */
export async function partyWordsRead(
  ask: string,
  parties: readonly string[],
  holding: (phrase: string, limit: number) => Promise<readonly string[]>,
): Promise<string[]> {
  if (parties.length === 0 || uncapitalisedNames(ask).length === 0) return [];
  const opening = new Set(parties.map((p) => p.toLowerCase().match(/[\p{L}\p{N}]+/u)?.[0] ?? ""));
  const rare = new Set<string>();
  for (const w of uncapitalisedNames(ask)
    .filter((w) => opening.has(w))
    .slice(0, COMMON_WORD_LOOKUPS)) {
    const held = await holding(w, COMMON_WORD_DOCUMENTS + 1);
    if (held.length > 0 && held.length <= COMMON_WORD_DOCUMENTS) rare.add(w);
  }
  return partyWordsAsked(ask, parties, rare);
}

/** Fewest documents holding a word of a lower-case question for the store to tell names by rarity (`uncapitalisedNames`). */
export const COMMON_WORD_DOCUMENTS = 40;

/** A name of the question and the documents that hold it. */
export interface HeldName {
  name: string;
  documentIds: readonly string[];
  /**
   * A run of a lower-case question's words that its documents write as a term of their text, not as a party's
   * or their own name ("parent pledge"): it routes, and the passages inside are still ranked by it.
   */
  term?: true;
}

/**
 * The documents a question's rare names route it to, over the words' route (`byWords`): null when it has
 * no rare name; the words' route itself when the words chose exactly the documents that hold one. A name is rare when between one and
 * `cut.documents` documents hold it, of at most `cut.deals` deals (`dealOf`). Every document that holds
 * a rare name is routed to: those holding more of them first, then those holding a rarer one, then in
 * the words' order.
 */
export function routeByRareNames(
  byWords: readonly RoutedDocument[],
  held: readonly HeldName[],
  dealOf: (documentId: string) => string,
  cut: RareNameCut,
): RoutedDocument[] | null {
  const rare = held.filter(
    (h) =>
      h.documentIds.length > 0 &&
      h.documentIds.length <= cut.documents &&
      new Set(h.documentIds.map(dealOf)).size <= cut.deals,
  );
  if (rare.length === 0) return null;
  // Per document: how many rare names it holds, and how few documents hold the rarest of them.
  const count = new Map<string, number>();
  const rarest = new Map<string, number>();
  for (const h of rare)
    for (const id of new Set(h.documentIds)) {
      count.set(id, (count.get(id) ?? 0) + 1);
      rarest.set(id, Math.min(rarest.get(id) ?? Number.POSITIVE_INFINITY, h.documentIds.length));
    }
  // The words chose exactly the documents holding the names: the names confirm that route, and it is
  // theirs as much as the words' (a party lookup of the same question does not overturn it).
  if (byWords.length === count.size && byWords.every((d) => count.has(d.documentId))) return [...byWords];
  const wordsRank = (id: string) => {
    const i = byWords.findIndex((d) => d.documentId === id);
    return i < 0 ? byWords.length : i;
  };
  const score = (id: string) => byWords.find((d) => d.documentId === id)?.score ?? 0;
  return [...count.keys()]
    .sort(
      (a, b) =>
        (count.get(b) ?? 0) - (count.get(a) ?? 0) ||
        (rarest.get(a) ?? 0) - (rarest.get(b) ?? 0) ||
        wordsRank(a) - wordsRank(b) ||
        (a < b ? -1 : 1),
    )
    .map((documentId) => ({ documentId, score: score(documentId) }));
}

/** Most words of a lower-case question looked up again to find one many documents hold (`manyHoldOne`). */
const COMMON_WORD_LOOKUPS = 3;

/**
 * Whether a word of a lower-case question is in more than `COMMON_WORD_DOCUMENTS` documents: the store is
 * large enough for a word few documents hold to be a name (a small store's every word is in few of them).
 * The words more documents hold than the cut are looked up again, at most `COMMON_WORD_LOOKUPS` of them.
 */
async function manyHoldOne(words: readonly HeldName[], lookups: RareNameLookups): Promise<boolean> {
  const capped = words.filter((h) => h.documentIds.length > lookups.cut.documents).slice(0, COMMON_WORD_LOOKUPS);
  for (const h of capped)
    if ((await lookups.holding(h.name, COMMON_WORD_DOCUMENTS + 1)).length > COMMON_WORD_DOCUMENTS) return true;
  return false;
}

/** What `rareNameRoute` reads from the stores. */
export interface RareNameLookups {
  /** At most `limit` documents whose passages hold `phrase` (the lexical index's `documentsHolding`). */
  holding: (phrase: string, limit: number) => Promise<readonly string[]>;
  /** A document's transaction set, null when it is in none. */
  dealOf: (documentId: string) => Promise<string | null>;
  cut: RareNameCut;
  /** Told the words of a question typed without capitals that the route read as names, the rarest (`uncapitalisedNames`). */
  readAsNames?: (names: readonly string[]) => void;
  /** The names a document calls itself (its title and the names of its opening); absent: the kind asked narrows nothing. */
  ownNames?: (documentId: string) => Promise<readonly string[]>;
  /**
   * The names a document writes, for `writesAsNames`: `own`, its title, own names and parties; `opening`, the
   * capitalised words of its opening (parties and defined terms alike). Absent: no run of a lower-case
   * question's words is read as a name.
   */
  writtenNames?: (documentId: string) => Promise<{ own: readonly string[]; opening: readonly string[] }>;
}

/**
 * The runs of a lower-case question's words (`uncapitalisedRuns`) that few documents hold and one of them
 * writes as names (`writesAsNames`), with the documents holding each; empty without `writtenNames`.
 */
async function namedRuns(
  ask: string,
  lookUp: (names: readonly string[]) => Promise<HeldName[]>,
  fewHold: (h: HeldName) => boolean,
  lookups: RareNameLookups,
): Promise<HeldName[]> {
  const writtenNames = lookups.writtenNames;
  const runs = writtenNames ? uncapitalisedRuns(ask) : [];
  if (!writtenNames || runs.length === 0) return [];
  const out: HeldName[] = [];
  for (const h of (await lookUp(runs)).filter(fewHold)) {
    let read: HeldName | null = null;
    for (const id of h.documentIds) {
      const { own, opening } = await writtenNames(id);
      if (writesAsNames(h.name, own)) {
        read = h;
        break;
      }
      if (!read && writesAsNames(h.name, [...own, ...opening])) read = { ...h, term: true };
    }
    if (read) out.push(read);
  }
  return out;
}

/**
 * The route of a question by the names of it that few documents hold (`nameCandidates`, each looked up
 * whole), over the words' route `byWords`: null when no rare name speaks, the words' route when the names
 * confirm it (`routeByRareNames`).
 */
export async function rareNameRoute(
  ask: string,
  byWords: readonly RoutedDocument[],
  lookups: RareNameLookups,
): Promise<RoutedDocument[] | null> {
  // One more than the cut: a name held by more documents than that is not rare, however many more. The
  // lookups are independent (at most `MAX_NAMES`), so they run together rather than one after another.
  const lookUp = (names: readonly string[]): Promise<HeldName[]> =>
    Promise.all(
      names.map(async (name) => ({ name, documentIds: await lookups.holding(name, lookups.cut.documents + 1) })),
    );
  const fewHold = (h: HeldName) => h.documentIds.length > 0 && h.documentIds.length <= lookups.cut.documents;
  let held = await lookUp(nameCandidates(ask));
  // An instrument named in lower case by its qualifier ("the replacement note", `mention-names.ts`) routes
  // only a question that names no party or term: beside a name, the kind's phrase that another deal's text
  // holds (while the named deal's title says it only on its cover) would route away from the name.
  if (held.length === 0) held = await lookUp(mentionNames(ask).slice(0, MAX_NAMES));
  // A question typed without capitals gives no names to look up: its words are, where the store is large
  // enough for a word few documents hold to be a name (`uncapitalisedNames`).
  if (!held.some(fewHold)) {
    // the runs and the words are independent lookups: they run together
    const [runs, single] = await Promise.all([
      namedRuns(ask, lookUp, fewHold, lookups),
      lookUp(uncapitalisedNames(ask)),
    ]);
    const words = [...runs, ...single];
    if (words.some(fewHold) && (await manyHoldOne(words, lookups))) {
      held = [...held, ...words];
      // the names the passages inside are ranked without: a term of the text is not one of them
      const named = words.filter((h) => fewHold(h) && !h.term);
      const fewest = Math.min(...named.map((h) => h.documentIds.length));
      if (named.length > 0)
        lookups.readAsNames?.(named.filter((h) => h.documentIds.length === fewest).map((h) => h.name));
    }
  }
  if (!held.some(fewHold)) return null;
  const deal = await dealsOf(
    [...held.flatMap((h) => h.documentIds), ...byWords.map((d) => d.documentId)],
    lookups.dealOf,
  );
  // A name held in more deals than the cut, by documents of which only one deal's are of the kind of instrument
  // the question names, names that deal's: "Can DSP walk away from the NDA?" of "DSP" in four deals' documents,
  // the one NDA among them a party's, the others' a product's (`askedKinds`).
  const kinds = askedKinds(ask);
  const ownNames = lookups.ownNames;
  if (kinds.length > 0 && ownNames)
    held = await Promise.all(
      held.map(async (h) => {
        if (!fewHold(h) || new Set(h.documentIds.map(deal)).size <= lookups.cut.deals) return h;
        const ofKind: string[] = [];
        for (const id of h.documentIds)
          if ((await ownNames(id)).some((n) => kinds.some((k) => isOfKind(n, k)))) ofKind.push(id);
        // one deal's: a kind two deals' documents holding the name share tells neither ("the Dundee agency
        // agreement" of two agency agreements that say "Dundee"); and one the words did not route to already
        const deals = new Set(ofKind.map(deal));
        const chosen = byWords.some((d) => deals.has(deal(d.documentId)));
        return deals.size === 1 && !chosen ? { ...h, documentIds: ofKind } : h;
      }),
    );
  return routeByRareNames(byWords, held, deal, lookups.cut);
}
