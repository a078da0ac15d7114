import { isInstrumentAbbreviation, isInstrumentPartWord, isInstrumentWord, partyPhrases } from "@lexnav/retrieval";
import type { SourceText } from "./citations.ts";
import type { EvidenceItem } from "./evidence.ts";
import { isShortForm, shortFormIn } from "./party-abbreviation.ts";

/**
 * The instrument a question names by its parties ("the Acme–Zenith agreement", "Zorblax's loan
 * agreement", "Can Acme audit Zenith?") can only be answered from that instrument or a document of its
 * transaction set. A document is taken to be of the named deal when its face names one of the parties:
 * its filed name, or the opening (title, preamble, recitals) or the close (signature blocks) of its
 * text. An amendment or exhibit that names the parties only by defined role ("the Company") belongs
 * with them through its transaction set. Another deal's clause on the same topic (someone else's
 * arbitration clause) is no answer to a question about this deal, however well it matches the words.
 */

/** How much of a document's opening and close is read as its face (title, preamble, signature blocks). */
export const FACE_OPENING_CHARS = 5000;
export const FACE_CLOSE_CHARS = 3000;

/**
 * A word that names a document, not a party: an instrument's kind, spelled out or abbreviated ("the Acme
 * lease", "the MSA"), as retrieval reads kinds, or a part of an instrument ("the Acme exhibit").
 */
function namesDocument(word: string): boolean {
  return isInstrumentWord(word) || isInstrumentPartWord(word);
}

/** Lowercase words of letters and digits, a possessive dropped ("Zorblax's" → zorblax). */
export function nameWords(text: string): string[] {
  return (text
    .replace(/['’]s?\b/g, "")
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? []) as string[];
}

/**
 * The names a question gives its parties, each as its words: one name per phrase, and a phrase that
 * joins two names by a dash or slash ("Acme–Zenith") read as each of them. Names that are only an
 * instrument's kind ("NDA") are left out.
 */
export function questionParties(question: string): PartyName[] {
  const out = new Map<string, PartyName>();
  for (const phrase of partyPhrases(question)) {
    for (const part of phrase.split(/\s*[–—/]\s*|(?<=\p{L})-(?=\p{Lu})/u)) {
      const tokens = part.trim().split(/\s+/);
      const kind = (t: string) => nameWords(t).every(namesDocument);
      // "the Acme NDA", "the Acme lease": the kind after a name is no part of it. Before a name only an
      // abbreviation is ("the NDA Acme signed"): a kind's word spelled out at the head of a name is the
      // name's own ("Note Holdings LLC", "Guaranty Bank", "Charter Communications").
      while (tokens.length > 0 && kind(tokens.at(-1) as string)) tokens.pop();
      while (tokens.length > 0 && nameWords(tokens[0] as string).every(isInstrumentAbbreviation)) tokens.shift();
      const words = tokens.flatMap(nameWords);
      if (words.length === 0) continue;
      out.set(words.join(" "), { name: tokens.join(" ").replace(/['’]s?$/, ""), words });
    }
  }
  return [...out.values()];
}

/** A party as a question names it, and the words it is matched by. */
export interface PartyName {
  name: string;
  words: string[];
}

/**
 * Whether a text names a party: the name's words in a row, or run together into one word ("PC Quote"
 * as "PCQUOTE", "PCQuote.com").
 */
export function namesPartyIn(textWords: readonly string[], party: readonly string[]): boolean {
  if (party.length === 0) return false;
  const joined = party.join("");
  for (let i = 0; i < textWords.length; i++) {
    if (party.length > 1 && (textWords[i] as string).startsWith(joined)) return true;
    let k = 0;
    while (k < party.length && textWords[i + k] === party[k]) k++;
    if (k === party.length) return true;
  }
  return false;
}

/** The words of a document's face: its filed name, and the opening and close of its text. */
export function faceWords(label: string, text: string | null): string[] {
  const t = text ?? "";
  const close = t.length > FACE_OPENING_CHARS ? t.slice(Math.max(FACE_OPENING_CHARS, t.length - FACE_CLOSE_CHARS)) : "";
  return [label, t.slice(0, FACE_OPENING_CHARS), close].flatMap(nameWords);
}

/** The documents of an extract that are of the deal a question names by its parties. */
export interface PartyScope {
  /** The party names, as asked, that some document of the extract names on its face. */
  parties: string[];
  /** Documents whose face names one of them, and the other documents of their transaction sets. */
  documents: ReadonlySet<string>;
}

/**
 * The scope of a question that names parties: the documents of the extract that may answer it. Null
 * when the question names no party, or none that any document of the extract names on its face (an
 * abbreviation or a term the documents do not spell so): the names then say nothing about which of the
 * extract's documents are the deal's, and nothing is ruled out.
 */
export function partyScope(question: string, extract: readonly EvidenceItem[], source: SourceText): PartyScope | null {
  const parties = questionParties(question);
  if (parties.length === 0) return null;
  const faces = new Map<string, { item: EvidenceItem; words: string[] }>();
  for (const item of extract) {
    if (faces.has(item.documentId)) continue;
    faces.set(item.documentId, { item, words: faceWords(item.docLabel, source(item.documentId, item.version)) });
  }
  const namedBy = new Map<string, string[]>();
  for (const [id, face] of faces) {
    // or by its short form ("BofA" for Bank of America: `party-abbreviation.ts`)
    const names = parties
      .filter((p) => namesPartyIn(face.words, p.words) || (isShortForm(p.name) && shortFormIn(face.words, p.name)))
      .map((p) => p.name);
    if (names.length > 0) namedBy.set(id, names);
  }
  if (namedBy.size === 0) return null;
  // A question that names both parties of its deal ("the Acme–Zenith NDA") is not answered from another deal
  // of one of them (Acme's NDA with someone else): the documents that name the most of its parties are its deal's.
  const most = Math.max(...[...namedBy.values()].map((n) => n.length));
  const named = new Set([...namedBy].filter(([, n]) => n.length === most).map(([id]) => id));
  const found = new Set([...named].flatMap((id) => namedBy.get(id) ?? []));
  const sets = new Set(
    [...named].map((id) => faces.get(id)?.item.transactionSetId).filter((s): s is string => typeof s === "string"),
  );
  const documents = new Set(named);
  for (const [id, face] of faces)
    if (face.item.transactionSetId !== null && sets.has(face.item.transactionSetId)) documents.add(id);
  return { parties: [...found], documents };
}

/**
 * The reason of a silence when no passage of the extract comes from the deal the question names: the
 * nearest passages (`nearest`, as the silence names them), and that they are other deals' documents.
 */
export function outsideNamedDeal(parties: readonly string[], nearest: string): string {
  return `${nearest}; none of the passages is from a document of ${parties.join(" or ")}, the parties the question names`;
}
