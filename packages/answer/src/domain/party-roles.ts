import { phrasePattern } from "@lexnav/core";
import { isInstrumentWord } from "@lexnav/retrieval";
import type { SourceText } from "./citations.ts";
import { citeInstead, samePassage } from "./cite-instead.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { FACE_OPENING_CHARS, namesPartyIn, nameWords, type PartyName, questionParties } from "./party-scope.ts";

/**
 * A provision that binds one party does not answer a question about the other (issue #16, item 1: silence
 * decided by evidence). "Is there a cap on Acme's total liability to Zenith?" is not answered by
 * "Licensor's total liability to Licensee shall be limited to …" when the preamble made Acme the Licensee:
 * that clause caps Zenith's liability, and the documents are silent on Acme's. The sentence shares every
 * word of the question but its subject, so nothing else in the answer path tells the two apart.
 *
 * Read from the document itself: its opening designates each party ("Acme Systems, Inc., a Delaware
 * corporation (the "Licensee")"), the question names whose right, duty or liability it asks about ("Can
 * Acme …", "Must Acme …", "Acme's liability"), and the cited sentence names whose it states (the
 * designation before its first modal: "Licensor's total liability … shall", "Licensee may …"). Only where
 * all three are read, and the sentence's party is another party the opening designates, is the sentence
 * dropped; "either party", "each party", a sentence naming no designation, a document whose opening does not
 * name the asked party, and a grant or appointment by the other party (it states the asked party's right) all
 * keep their citation.
 */

/** A quoted term of a parenthesis: `(the "Licensee")`, `("Acme" or "Licensee")`, `(hereinafter "Buyer")`. */
const DESIGNATION = /\(([^()]{0,80}?["“][A-Z][^"”()]{0,40}["”][^()]{0,40})\)/g;
const QUOTED = /["“]([A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*){0,3})["”]/g;
/** A party's description before its designation: the name, then its form and seat, an address. */
const DESCRIPTION_CHARS = 240;
/** Words that say a party is described: its legal form, or a natural person. */
const PARTY_FORM =
  /\b(?:inc|incorporated|corp|corporation|company|co|llc|l\.l\.c|ltd|limited|lp|l\.p|llp|plc|gmbh|ag|s\.a|n\.v|b\.v|partnership|trust|bank|individual|resident|citizen|person|association|organi[sz]ation|entity|authority|university)\b/i;
/** The recitals, which follow the parties' designations: a term defined there ("… (collectively, the "Company")") is not one. */
const RECITALS =
  /\n\s*(?:WHEREAS|RECITALS?|W\s?I\s?T\s?N\s?E\s?S\s?S\s?E\s?T\s?H|BACKGROUND|PRELIMINARY\s+STATEMENTS?)\b/;
/** Defined terms that name a thing, not a party. */
const NOT_A_PARTY =
  /^(?:effective\s+date|closing(?:\s+date)?|parties|party|products?|territory|property|premises|services?)$/i;

/** A designation, the words of the description it closes, and that description as the opening words it. */
export interface Designation {
  term: string;
  words: string[];
  /** "CBL & Associates Management, Inc., a Delaware corporation": verbatim but for runs of whitespace. */
  party: string;
}

/** The longest a party's description is given as (its last characters: the name comes before its form). */
const PARTY_CHARS = 160;

/**
 * Whether a designation's description opens with the party's name ("Acme Systems, Inc., a Delaware
 * corporation"), not with words of the body the opening ran on into ("proposes to issue …", "…76102"):
 * what the model is told of the parties (`renderEvidence`) is only what was read cleanly.
 */
export const opensWithName = (d: Designation) => /^[A-Z0-9]/.test(d.party);

/** The most parties the model is told of per document. */
export const PARTIES_TOLD = 6;

/**
 * The party a description names, as the opening words it: from after "between", "among" or "by" (the
 * first party's) or a leading "and" (a later party's), to the designation.
 */
function describedParty(description: string): string {
  const flat = description.replace(/\s+/g, " ");
  const form = PARTY_FORM.exec(flat)?.index ?? flat.length;
  let from = 0;
  for (const m of flat.slice(0, form).matchAll(/\b(?:between|among|by)\s+/gi)) from = m.index + m[0].length;
  const party = flat
    .slice(from)
    .replace(/^[\s,;]*(?:and\s+)?/i, "")
    .replace(/[\s,;]+$/, "");
  return party.length <= PARTY_CHARS ? party : `…${party.slice(party.length - PARTY_CHARS).replace(/^\S*\s/, "")}`;
}

/**
 * The parties a document's opening designates: each quoted term of a parenthesis that closes a party's
 * description (a legal form, or "an individual", "a resident of", in the characters before it, back to the
 * previous parenthesis), up to the recitals. Terms that name the instrument or a thing are left out.
 */
export function partyDesignations(text: string): Designation[] {
  const opening = text.slice(0, FACE_OPENING_CHARS);
  const out: Designation[] = [];
  let from = 0;
  for (const m of opening.matchAll(DESIGNATION)) {
    // the recitals begin after the first designation: the parties are all designated
    if (out.length > 0 && opening.slice(from, m.index).search(RECITALS) >= 0) break;
    const description = opening.slice(Math.max(from, m.index - DESCRIPTION_CHARS), m.index);
    from = m.index + m[0].length;
    if (!PARTY_FORM.test(description)) continue;
    for (const q of (m[1] as string).matchAll(QUOTED)) {
      const term = q[1] as string;
      if (NOT_A_PARTY.test(term) || nameWords(term).every(isInstrumentWord)) continue;
      out.push({ term, words: nameWords(description), party: describedParty(description) });
    }
  }
  return out;
}

/**
 * The designations of a party the question names: those whose description names it last of the question's
 * parties (the description of the second party follows the first's designation, so the nearest name is its).
 */
export function rolesOf(
  party: PartyName,
  parties: readonly PartyName[],
  designations: readonly Designation[],
): string[] {
  const lastAt = (words: readonly string[], p: PartyName) => {
    for (let i = words.length - p.words.length; i >= 0; i--)
      if (namesPartyIn(words.slice(i, i + Math.max(p.words.length, 1)), p.words)) return i;
    return -1;
  };
  return designations
    .filter((d) => {
      const at = lastAt(d.words, party);
      return at >= 0 && parties.every((o) => o === party || lastAt(d.words, o) < at);
    })
    .map((d) => d.term);
}

/** After "Is / Are <party>": the words of a duty, a right or a liability ("Is Acme required to …"), not a status. */
const ASKED_AFTER_IS = String.raw`\s+(?:[\w-]+\s+)?(?:required|obliged|obligated|permitted|allowed|entitled|liable|responsible|bound|free)\b`;
/** "Can / Must / Does / Has <party> …" asks of its right or duty; "Is <party> …" only as `ASKED_AFTER_IS` says. */
const askedAt = (name: string) =>
  new RegExp(
    String.raw`^\s*(?:(?:can|may|must|could|should|will|shall|does|do|has|have)\s+(?:the\s+)?${name}\b|(?:is|are)\s+(?:the\s+)?${name}${ASKED_AFTER_IS})`,
    "i",
  );
/** "<party>'s liability (obligations, duties, indemnity, rights) …". */
const ASKED_POSSESSED = String.raw`['’]s?\s+(?:[\w-]+\s+){0,3}?(?:liabilit|obligation|dut(?:y|ies)|indemni|responsibilit|rights?\b)`;

/**
 * The party whose right, duty or liability a question asks about, by a name it gives: "Can Acme …", "Acme's
 * liability …". Undefined when the question asks of no one named party.
 */
export function askedParty(question: string, parties: readonly PartyName[]): PartyName | undefined {
  return parties.find((p) => {
    const name = phrasePattern(p.name);
    return askedAt(name).test(question) || new RegExp(String.raw`\b${name}${ASKED_POSSESSED}`, "i").test(question);
  });
}

/**
 * The word a question asks of a party by, when it names it by its role: "Can the licensee …", "the
 * licensor's liability" (a designation of the cited document's opening, or nothing).
 */
export function askedRoleWord(question: string): string | undefined {
  const m =
    askedAt(String.raw`([A-Za-z][\w-]+)`).exec(question) ??
    new RegExp(String.raw`\bthe\s+([A-Za-z][\w-]+)${ASKED_POSSESSED}`, "i").exec(question);
  return (m?.[1] ?? m?.[2])?.toLowerCase();
}

/** What opens a sentence before its subject: a condition or a concession up to its comma, "In no event shall". */
// A parenthesis inside the condition is read whole: "Subject to the consent of Columbia (such consent not to
// be unreasonably withheld, delayed or conditioned), Fleet may …".
const LEAD =
  /^\s*(?:(?:if|in\s+the\s+event|upon|where|unless|subject\s+to|notwithstanding|except|provided|without\s+limiting)\b(?:[^,()]|\([^()]{0,200}\)){0,200},\s*|(?:in\s+no\s+event|under\s+no\s+circumstances)\s+(?:shall|will)\s+)/i;
/**
 * What numbers a sentence before its words: "14.1", "(b)", "3.", "2.1 (d)", after the quotation mark that
 * opens the text an amendment inserts ("“2.1 (d) Subject to …").
 */
const NUMBER = /^\s*["“‘']?\s*(?:(?:\(?\d{1,3}(?:\.\d{1,3})*\)?\.?|\([a-z]{1,4}\)|[a-z]\))\s+)*/i;
const MODAL = /\b(?:shall|will|may|must|agrees?|undertakes?|covenants?|is|are|has|have|hereby|cannot|can|be)\b/i;

/** A sentence that gives the other party a right: a grant, a licence, an appointment, a consent. */
const GRANT =
  /\b(?:grants?|granted|appoints?|appointment|authori[sz]es?|licenses?\s+to|permits?|allows?|consents?\s+to|gives?|assigns?\s+to)\b/i;

/** The designation a sentence states a right, duty or liability of: the first before its first modal. */
export function sentenceParty(text: string, terms: readonly string[]): string | undefined {
  const body = text.replace(NUMBER, "").replace(LEAD, "");
  const modal = MODAL.exec(body);
  const end = modal ? modal.index : body.length;
  let best: { term: string; at: number } | undefined;
  for (const term of terms) {
    const m = new RegExp(String.raw`\b${phrasePattern(term)}\b`).exec(body.slice(0, end));
    if (m && (best === undefined || m.index < best.at)) best = { term, at: m.index };
  }
  return best?.term;
}

/** "… subject to assignment by Khaleel", "… may be terminated by the Licensee": the party the passive names as acting. */
const byAgent = (term: string) => new RegExp(String.raw`\bby\s+(?:the\s+)?${phrasePattern(term)}\b`);

/**
 * The cited sentences less those that state another party's right, duty or liability than the one the
 * question asks about, each read against its own document's designations. A sentence dropped so gives way
 * to the sentence of its own passage that states the asked party's (its subject, or the passive's agent:
 * "This Agreement is personal and shall in no way be subject to assignment by Khaleel" where "The Company
 * may assign this Agreement …" was cited for "Can Khaleel assign …?"), when one covers the question as
 * well as the dropped sentence did; otherwise nothing takes its place.
 */
export function citeForAskedParty<T extends ScoredCandidate>(
  question: string,
  cited: readonly T[],
  source: SourceText,
  pool: readonly T[] = [],
): T[] {
  const parties = questionParties(question);
  const asked = askedParty(question, parties);
  const role = asked === undefined ? askedRoleWord(question) : undefined;
  if (asked === undefined && role === undefined) return [...cited];
  const byDocument = new Map<string, Designation[]>();
  const read = (c: T) => {
    const key = `${c.item.documentId}@${c.item.version}`;
    let designations = byDocument.get(key);
    if (designations === undefined) {
      designations = partyDesignations(source(c.item.documentId, c.item.version) ?? "");
      byDocument.set(key, designations);
    }
    const own =
      asked !== undefined
        ? rolesOf(asked, parties, designations)
        : designations.filter((d) => d.term.toLowerCase() === role).map((d) => d.term);
    const party = sentenceParty(
      c.text,
      designations.map((d) => d.term),
    );
    return { own, party };
  };
  // a grant or appointment by the other party states the asked party's right ("Licensor hereby grants to
  // Licensee …", "Supplier makes … the appointment of Distributor …")
  const another = (c: T) => {
    const { own, party } = read(c);
    return own.length > 0 && party !== undefined && !own.includes(party) && !GRANT.test(c.text);
  };
  return citeInstead(cited, pool, {
    gives: another,
    takes: (o, c) => {
      if (!samePassage(o, c) || o.familyCoverage < c.familyCoverage) return false;
      const { own } = read(c);
      const theirs = read(o).party;
      const names = asked !== undefined ? [...own, asked.name] : own;
      return theirs !== undefined ? own.includes(theirs) : names.some((n) => byAgent(n).test(o.text));
    },
    staysAlone: false,
  });
}
