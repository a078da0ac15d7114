import { COMMON_CAPITALISED_WORDS } from "@lexnav/provisions";
import { INSTRUMENT_KIND_PATTERN, instrumentKind, kindSpellings } from "./instrument-kinds.ts";

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

/** Nouns that name a kind of instrument ("the pledge agreement", "the EMEA guaranty", "the side letter"). */
const INSTRUMENT = INSTRUMENT_KIND_PATTERN;

/** Words before an instrument noun that single out none ("the same agreement", "this amendment"). */
const NOT_A_NAME = new Set(
  "this that such same said above foregoing relevant applicable underlying other each any every new existing original our your their its".split(
    " ",
  ),
);

const FILLER = new Set("a an and or of to for in on by".split(" "));

// "the", up to four words that are not "the" (so "the effectiveness of the amendment" yields "the
// amendment"), and the noun, with the kind that may follow it ("the software license agreement").
// Qualifiers may be possessive or joined by a dash ("the Acme's agreement", "the Acme–Zenith agreement"),
// a year, date or amount ("the 1999 amendment", "the $25,000 December 2021 note").
const MENTION = new RegExp(
  `\\bthe\\s+((?:(?!the\\b)[A-Za-z0-9$][\\w'’,.\\u2013\\u2014-]*\\s+){0,4}?)(${INSTRUMENT})s?(?:\\s+(${INSTRUMENT})s?)?\\b`,
  "gi",
);
const INSTRUMENT_WORD = new RegExp(`^(?:${INSTRUMENT})s?$`);

/** Nouns every contract is named by: alone they single out nothing. */
const ANY_INSTRUMENT = new Set(["agreement", "contract", "instrument"]);

/** An instrument a question names by kind: the phrase as asked and the words a title must have. */
export interface InstrumentMention {
  phrase: string;
  words: string[];
}

/**
 * The instruments a question's asking part names by kind and qualifier ("Which law governs the pledge
 * agreement?" → "the pledge agreement": pledge, agreement; "the guaranty": guaranty). "The agreement"
 * or "the contract" alone, or a noun after words that single out nothing ("the same lease"), is no mention.
 */
export function instrumentMentions(ask: string): InstrumentMention[] {
  const out = new Map<string, InstrumentMention>();
  for (const m of ask.matchAll(MENTION)) {
    const mention = mentionOf(m[0], m[1] as string, m[2] as string, m[3]);
    if (mention) out.set(mention.words.join(" "), mention);
  }
  // A numbered instrument ("Amendment No. 3", "Supplement #2") is named by its number, "the" or not.
  for (const m of ask.matchAll(NUMBERED)) {
    const number = (m[2] as string).toLowerCase();
    const mention = { phrase: m[0].replace(/\s+/g, " "), words: [(m[1] as string).toLowerCase(), "no", number] };
    out.set(mention.words.join(" "), mention);
  }
  return [...out.values()];
}

const NUMBERED =
  /\b(amendment|supplement|waiver|joinder|addendum|modification)\s+(?:no\.?|number|#)\s*(\d{1,2}|[ivx]{1,5})\b/gi;

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
const ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"];

/** Kinds titles may call by another kind's word: an addendum is often titled an amendment. */
const ALSO_TITLED = new Map([["addendum", ["amendment"]]]);

/**
 * The words a mention is looked up by among document titles and cards: its own, every spelling of its
 * kind ("guaranty" → guarantee guaranty), and a number said the other ways titles say it ("Amendment
 * No. 3" → third, iii).
 */
export function mentionLookupText(mention: InstrumentMention): string {
  const extra: string[] = [];
  for (const w of mention.words) {
    const kind = instrumentKind(w);
    if (kind !== null) {
      const spellings = [...kindSpellings(kind), ...(ALSO_TITLED.get(kind) ?? [])];
      if (spellings.length > 1) extra.push(spellings.join(" "));
    }
    const n = /^\d+$/.test(w) ? Number(w) : ROMAN.indexOf(w) + 1;
    if (n >= 1 && n <= ORDINALS.length) extra.push(ORDINALS[n - 1] as string, String(n), ROMAN[n - 1] as string);
  }
  return [mention.phrase, ...new Set(extra)].join(" ");
}

/** Words that make "the X of Agreement" a thing about an instrument, not an instrument's name. */
const RELATION = new Set("of to for in on by under with from between among stated".split(" "));

/** A match of MENTION as a mention, or null when its words single out nothing. */
function mentionOf(whole: string, before: string, kind: string, then?: string): InstrumentMention | null {
  const noun = then ?? kind;
  const all = words(then === undefined ? before : `${before} ${kind}`);
  // "the termination of Agreement", "the purposes stated in Agreement": about an instrument. After the
  // relation, qualifiers name one again: "the Bank of America software agreement" is an America …
  // software agreement, its party's name split at "of".
  const related = all.findLastIndex((w) => RELATION.has(w));
  const raw = all.slice(related + 1);
  const named = raw.filter((w) => !FILLER.has(w));
  if (related >= 0 && named.every((w) => NOT_A_NAME.has(w))) return null;
  // "the same lease", "the underlying note" single out nothing; "the original co-branding agreement" is
  // the co-branding agreement, said against its amendments.
  if (named.length > 0 && named.every((w) => NOT_A_NAME.has(w))) return null;
  const qualifiers = named.filter((w) => !NOT_A_NAME.has(w));
  if (qualifiers.length === 0 && ANY_INSTRUMENT.has(noun.toLowerCase())) return null;
  // "the licenses", "the notes": a bare plural means the rights or securities more often than documents
  if (qualifiers.length === 0 && /s$/i.test(whole.trim()) && !/s$/i.test(noun)) return null;
  return { phrase: whole.replace(/\s+/g, " "), words: [...qualifiers, noun.toLowerCase()] };
}

/**
 * Parties and subjects that belong to one kind of instrument, and that kind's words as titles spell it:
 * "the guarantor's liability" is asked of a guarantee, "the loans" of a loan or credit agreement. One
 * spelling each where titles vary: with both spellings, the rarer one would weigh more, and a single
 * instrument spelt that way would outrank every other of its kind.
 */
const ROLE_INSTRUMENTS: Array<[RegExp, string]> = [
  [/\bguarantors?\b/i, "guarantee"],
  [/\bborrowers?\b|\blenders?\b|\bloans\b|\bcredit facility\b/i, "loan credit"],
  [/\bpledgors?\b|\bpledged\b|\bpledgees?\b/i, "pledge"],
  [/\blessees?\b|\blessors?\b|\btenants?\b|\blandlords?\b/i, "lease"],
  [/\blicensees?\b|\blicensors?\b/i, "license licence"],
  [/\bemployees?\b|\bexecutives?\b/i, "employment"],
];

/**
 * The words of the kinds of instrument a question's parties and subjects imply ("Is the guarantor's
 * liability limited?" → guarantee), for routing a question that names no document and no
 * instrument. Empty when it implies none.
 */
export function impliedInstruments(ask: string): string {
  return ROLE_INSTRUMENTS.filter(([re]) => re.test(ask))
    .map(([, words]) => words)
    .join(" ");
}

/** Words a question opens with that are no name (question words, auxiliaries, articles, pronouns). */
const SENTENCE_OPENERS = new Set(
  (
    "what what's when where which who whom whose why how is are was were does do did can could may might must " +
    "shall should will would has have had if the a an this that these those there it its we our us they their " +
    "in under after before for on to of by from with any each all no please list describe explain until since " +
    "during as at upon whether once also then so and or but not give tell show summarise summarize " +
    "across between among within without against beyond through throughout regarding concerning apart except"
  ).split(" "),
);

/** Words contracts capitalise as defined terms or headings: capitalised, they still name no party. */
const NOT_A_PARTY = new Set(
  (
    "agreement agreements section sections clause clauses article articles exhibit exhibits schedule schedules " +
    "appendix annex addendum amendment party parties confidential information effective date term territory " +
    "product products services service company affiliate affiliates agent agents lender lenders borrower " +
    "licensee licensor franchisee franchisor distributor customer supplier recipient discloser disclosing " +
    "receiving purpose closing notes note loan loans obligations i ip"
  ).split(" "),
);

/**
 * Common nouns and adjectives contracts capitalise as defined terms and headings ("the Collateral",
 * "Gross Revenues", "Release Condition", "Mediation/Arbitration"), beside those of `NOT_A_PARTY` and the
 * capitalised words common to contracts of any deal (`COMMON_CAPITALISED_WORDS`). A capitalised phrase
 * made only of these is a term of the contract, not a name of a party.
 */
const TERM_WORDS = new Set(
  (
    "subsidiary subsidiaries parent contribution contributions gross net revenues fee fees royalty royalties " +
    "collateral mediation arbitration release condition conditions precedent commitment commitments lead " +
    "pledge pledges pledged secured permitted excluded restricted designated approved side letter letters guaranty guarantee guarantor security interest lien liens default " +
    "defaults event events maturity termination expiration renewal initial additional minimum maximum " +
    "advertising marketing fund funds deposit deposits escrow account accounts budget plan capital stock " +
    "shares share units unit period periods quarter year years month months day days business " +
    "competitive competing confidential proprietary transfer assignment change control sale sales " +
    "order orders forecast forecasts specifications specification deliverables deliverable work statement " +
    "premises property properties equipment assets asset liabilities indemnified indemnifying losses claims " +
    "claim notice notices payment payments invoice invoices price prices cost costs expenses taxes tax " +
    "holder holders investor investors purchaser purchasers seller sellers buyer buyers owner owners " +
    "employee employees executive contractor consultant member members manager managers officer officers " +
    "director directors board trustee us u.s. united states " +
    // an office a person holds names the person by role, not a party: "the former CFO's consulting engagement"
    "chief president vice chairman chairwoman chairperson chair secretary treasurer controller founder " +
    "ceo cfo coo cto cio cmo clo cao"
  ).split(" "),
);

/** Words that make a capitalised phrase the name of an entity, whatever its other words are. */
const ENTITY_MARKERS = new Set(
  (
    "inc inc. incorporated llc l.l.c. ltd ltd. limited plc lp l.p. llp n.a. corp corp. corporation co co. " +
    "company bank gmbh ag s.a. sa b.v. bv n.v. nv holdings holdco trust partners"
  ).split(" "),
);

/** Words after which a capitalised token is a reference ("Exhibit C", "Amendment No. 8", "Schedule C-1"). */
const REFERENCE_HEADS =
  /^(?:section|sections|clause|article|exhibit|schedule|appendix|annex|attachment|amendment|supplement|no\.?|part|paragraph)$/i;

const bare = (token: string) =>
  token
    .toLowerCase()
    .replace(/['’]s?$/, "")
    .replace(/[.&'’-]+$/, "");

/** Whether a word is one contracts capitalise as a defined term or heading, not a name. */
function isTermWord(token: string): boolean {
  const w = bare(token);
  const singular = w.replace(/s$/, "");
  return [w, singular].some((x) => NOT_A_PARTY.has(x) || TERM_WORDS.has(x) || COMMON_CAPITALISED_WORDS.has(x));
}

/** How a name starts: a capital, or a capital or digit after a short lowercase prefix ("iMine", "eBay", "i3"). */
const NAME_START = /^(?:\p{Lu}|\p{Ll}{1,3}[\p{Lu}\p{N}])/u;

interface Span {
  start: number;
  end: number;
  tokens: string[];
}

/**
 * The capitalised phrases of a question that name a party, as spans. A phrase is a run of capitalised
 * tokens (joined by "of", "and", "&", a dash or a slash: "Bank of America", "Mediation/Arbitration").
 * It names a party when it has a word of an entity ("Inc.", "LLC", "Bank") or a word that is no term
 * contracts capitalise ("Heritage", "Pizza Fusion"). It names none when it is quoted (a defined term asked
 * about: "'Due Date'"), a reference ("Exhibit C", "Amendment No. 8") or made only of legal vocabulary
 * ("Advertising Contributions", "Subsidiaries"). The first word counts only when it is no function word.
 */
function partySpans(ask: string): Span[] {
  const quoted: Array<[number, number]> = [];
  for (const m of ask.matchAll(/(?:^|[\s(])['‘"“]([^'’"”]+)['’"”]/g))
    quoted.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
  const inQuotes = (at: number) => quoted.some(([a, b]) => at >= a && at < b);
  const tokens = [...ask.matchAll(/[\p{L}][\p{L}\p{N}'’.&-]*/gu)].map((m) => ({ t: m[0], at: m.index ?? 0 }));
  const phrases: Array<Array<{ t: string; at: number }>> = [];
  let run: Array<{ t: string; at: number }> = [];
  tokens.forEach((tok, i) => {
    const capital = NAME_START.test(tok.t) && !(i === 0 && SENTENCE_OPENERS.has(tok.t.toLowerCase()));
    const prev = tokens[i - 1];
    const reference =
      prev !== undefined && REFERENCE_HEADS.test(prev.t) && /^(?:[A-Z]{1,2}(?:-\d+)?(?:['’]s)?|No\.?)$/.test(tok.t);
    if (capital && !reference && !inQuotes(tok.at)) {
      const gap = prev ? ask.slice(prev.at + prev.t.length, tok.at) : "";
      // A possessive ends its phrase: "ScanSource's Territory" is a party's term, not a longer name.
      const possessive = /['’]s?$/.test(run.at(-1)?.t ?? "");
      if (run.length > 0 && (possessive || !/^\s*[/&–—-]?\s*$/.test(gap))) {
        phrases.push(run);
        run = [];
      }
      run.push(tok);
    } else if (run.length > 0 && /^(?:of|and)$/.test(tok.t) && /^\p{Lu}/u.test(tokens[i + 1]?.t ?? "")) {
      // "Bank of America": a joining word stays inside the phrase without counting as one of its words
    } else if (run.length > 0) {
      phrases.push(run);
      run = [];
    }
  });
  if (run.length > 0) phrases.push(run);
  return phrases
    .filter((p) => p.some((x) => ENTITY_MARKERS.has(x.t.toLowerCase())) || p.some((x) => !isTermWord(x.t)))
    .map((p) => ({
      start: (p[0] as { at: number }).at,
      end: (p.at(-1) as { at: number }).at + (p.at(-1) as { t: string }).t.length,
      tokens: p.map((x) => x.t),
    }));
}

/**
 * The parties and other proper names a question names, in order ("the co-branding agreement with A.B.
 * Watley" → ["A.B.", "Watley"]), without its defined terms, headings and references (`partySpans`).
 */
export function partyNames(ask: string): string[] {
  return partySpans(ask).flatMap((s) => s.tokens);
}

/** A phrase as a name is looked up: without a possessive or a stop at its end ("Fleet's" → "Fleet"). */
export const possessiveless = (phrase: string) => phrase.replace(/['’]s?$/u, "").replace(/[.,;:]+$/u, "");

/**
 * The parties and other proper names a question names, one phrase each, as written ("Is there a cap in
 * the Bank of America–Cardlytics agreement?" → ["Bank of America–Cardlytics"]): `partyNames` without
 * losing which words belong to one name.
 */
export function partyPhrases(ask: string): string[] {
  return partySpans(ask).map((s) => ask.slice(s.start, s.end));
}

/**
 * Whether a question is typed without capitals after its first letter ("can fleet subcontract?"): its
 * capitals cannot tell its names from its other words.
 */
export function typedWithoutCapitals(ask: string): boolean {
  return !/\p{Lu}/u.test(ask.trimStart().slice(1));
}

/**
 * Every capitalised word of a question after its first function word, parties, defined terms and
 * references alike, but for the words every contract capitalises (`NOT_A_PARTY`): "What is the 'Due
 * Date' in a Premier purchase order?" → ["Due", "Date'", "Premier"]. The words that rank a deal's
 * documents among themselves: a defined term is in the documents that define it.
 */
export function capitalisedWords(ask: string): string[] {
  const tokens = ask.match(/[\p{L}][\p{L}\p{N}'’.&-]*/gu) ?? [];
  const from = SENTENCE_OPENERS.has(tokens[0]?.toLowerCase() ?? "") ? 1 : 0;
  return tokens
    .slice(from)
    .filter((t) => /^\p{Lu}/u.test(t) && !NOT_A_PARTY.has(bare(t)) && !NOT_A_PARTY.has(bare(t).replace(/s$/, "")));
}

/**
 * Whether a question names a party or another proper name (a capitalised phrase, after the first word,
 * that is not a term contracts capitalise): "Does Acme have to carry insurance?" names the deal it asks about
 * by a party.
 */
export function namesParty(ask: string): boolean {
  return partySpans(ask).length > 0;
}

/**
 * The asking part without the parties it names ("Does Acme have to carry insurance?" → "Does have to
 * carry insurance?"): routing has taken them to their deal, inside which they occur everywhere and
 * outrank the words that ask for a provision. Defined terms, headings and quoted words are kept.
 */
export function withoutParties(ask: string): string {
  let out = ask;
  for (const s of partySpans(ask).reverse()) out = `${out.slice(0, s.start)} ${out.slice(s.end)}`;
  return out;
}

/**
 * The asking part without any capitalised word that is not a term contracts capitalise (`NOT_A_PARTY`):
 * parties, and capitalised defined terms and headings too ("How much can the Borrower borrow in Revolving
 * Loans?" → "How much can the Borrower borrow in ?"). Quoted words are kept. The evidence decision reads
 * a question this way (`plainAsk`): its weights were fitted on this reading, and a defined term the
 * question shares with the superseded clause and with the amendment that replaced it must not tip it to
 * the superseded one. Retrieval ranks by `withoutParties`, which keeps defined terms.
 */
export function withoutCapitalisedNames(ask: string): string {
  const quoted: Array<[number, number]> = [];
  for (const m of ask.matchAll(/(?:^|[\s(])['‘"“]([^'’"”]+)['’"”]/g))
    quoted.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
  let first = true;
  return ask.replace(/[\p{L}][\p{L}\p{N}'’.&-]*/gu, (t, at: number) => {
    const opener = first && SENTENCE_OPENERS.has(t.toLowerCase());
    first = false;
    if (opener || !NAME_START.test(t) || quoted.some(([a, b]) => at >= a && at < b)) return t;
    const w = t
      .toLowerCase()
      .replace(/['’]s?$/, "")
      .replace(/[.&'’-]+$/, "");
    return NOT_A_PARTY.has(w) || NOT_A_PARTY.has(w.replace(/s$/, "")) ? t : " ";
  });
}

/**
 * The asking part without the instruments it names by kind ("How can the voting agreement be
 * terminated?" → "How can  be terminated?"). Routing has already taken those words to the documents
 * they name; inside them the words are in the title and in every heading path, and outrank the ones
 * that ask for a provision.
 */
export function withoutMentions(ask: string): string {
  // A date or amount that singles the instrument out stays: the passage that identifies the instrument
  // states it ("the $25,000 December 2021 note": "dated December 21, 2021 … in the amount of $25,000").
  return ask.replace(MENTION, (whole: string, before: string, noun: string, then?: string) =>
    mentionOf(whole, before, noun, then)
      ? ` ${before
          .split(/\s+/)
          .filter((w) => /\d/.test(w))
          .join(" ")} `
      : whole,
  );
}

/**
 * The asking part with the contract it is about said as "this contract": an instrument it names by kind
 * ("Which law governs the VERSO intellectual property agreement?"), and "the agreement", "this
 * agreement" or "the contract" alone. Benchmark wordings ask about "this contract"; a lawyer names it.
 */
export function asThisContract(ask: string): string {
  return ask
    .replace(MENTION, (whole: string, before: string, noun: string, then?: string) => {
      if (mentionOf(whole, before, noun, then)) return " this contract ";
      const qualified = words(before).some((w) => !FILLER.has(w));
      return !qualified && then === undefined && ANY_INSTRUMENT.has(noun.toLowerCase()) ? " this contract " : whole;
    })
    .replace(/\bthis\s+(?:agreement|contract|instrument)\b/gi, "this contract");
}

/**
 * The asking part with the contract it is about not said at all (`asThisContract`, then "this contract"
 * and the word placing something in it dropped): "Is there a cap on liability in the supply agreement?"
 * → "Is there a cap on liability ?", as wordings that never name the contract ask it.
 */
export function withoutThisContract(ask: string): string {
  return asThisContract(ask).replace(/(?:\b(?:in|under|of|to|by|for|from)\s+)?\bthis contract\b/gi, " ");
}

/** A word of a title or a mention as they are compared: lowercase letters and digits, singular. */
export function mentionWord(token: string): string {
  const w = token.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  // One kind, several spellings: compared as one word.
  return instrumentKind(w) ?? w.replace(/s$/, "");
}

/**
 * Whether a document's title names an instrument of the mention's kind: it has every word of the mention
 * (plural or singular alike), and they do not follow another instrument's "to" or "under" ("AMENDMENT
 * NO. 4 TO MASTER SCOOTER OPERATING LEASE AGREEMENT" is an amendment, not a lease).
 */
export function titleMentions(title: string | null, mention: InstrumentMention): boolean {
  if (!title) return false;
  const raw = words(title);
  const tokens = raw.map(mentionWord);
  const have = new Set(tokens);
  if (!mention.words.every((w) => have.has(mentionWord(w)))) return false;
  const first = tokens.indexOf(mentionWord(mention.words[0] as string));
  const to = tokens.slice(0, first).findLastIndex((w) => w === "to" || w === "under");
  return to < 0 || !raw.slice(0, to).some((w) => INSTRUMENT_WORD.test(w));
}
