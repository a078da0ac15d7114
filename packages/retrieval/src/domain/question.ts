import { featureWords } from "../embedders/text-features.ts";
import { queryTerms } from "./query-terms.ts";
import { courtesiesSpelledOut, shorthandSpelledOut } from "./shorthand.ts";

/**
 * A question as asked about a contract. It may open with a part that names the instrument ("Consider
 * the Supply Agreement between X and Y;", "In the non-disclosure agreement N:", "Under the Acme credit
 * agreement: ..."), which is one way of naming it among others (a title, a party, a kind or a defined
 * name inside the sentence). Routing uses the whole text; ranking inside the named documents uses the
 * asking part, so party names, which occur everywhere in their own contract, do not drown the words
 * that carry the evidence. Clause references ("Section 8.1(b)") are kept in the ask and also read out
 * as `clauseRefs`, so a search can favour the provision they point at.
 */
export interface ParsedQuestion {
  full: string;
  /** The asking part; the whole question when it opens with no naming part. */
  ask: string;
  naming: string;
  /** The provisions the question points at by number, normalised as `clauseRefKey` writes them. */
  clauseRefs: string[];
}

// A leading part up to the first ";" or ": ", followed by at least three words.
const LEADING = /^([^;]{8,}?;|[^:]{8,}?:\s)\s*(\S(?:.*\S)?)\s*$/s;

// A question word or auxiliary that opens a sentence asking something: such a part asks, it does not name.
const ASKS =
  /^(?:what|when|where|which|who|whom|whose|why|how|is|are|was|were|does|do|did|can|could|may|might|must|shall|should|will|would|has|have|had|if|please|list|describe|explain|summari[sz]e|tell|give|find|show)\b/i;

// Nouns that name an instrument: a leading part naming none is not a naming part. Words for a whole deal
// or a pile of papers ("deal", "filing", "documents") name none: "Quick question for the deal team:" is a
// lead-in, not a name, and read as one it routed every question after it to one arbitrary document.
const NAMES_INSTRUMENT =
  /\b(?:agreements?|contracts?|amendments?|guarant(?:y|ee|ies|ees)|indentures?|leases?|licen[cs]es?|letters?|notes?|nda|waivers?|consents?|supplements?|joinders?|mortgages?|deeds?|plans?|warrants?|instruments?|addend(?:um|a)|exhibits?|schedules?)\b/i;

// A greeting before the question ("Hi team, ", "Hello all: ", "hi - ") and a thank-you or sign-off after it
// ("Thanks!", "Many thanks.", "Cheers", "Best, J") carry no evidence; their capitals read as names and their words
// as the ask's. A greeting ends at its first stop or spaced dash: "hi - under Harpoon/AbbVie, when …?" keeps the
// words that name the deal (a dash inside a name, "Hi Jean-Luc,", is no end). A sign-off's "best" is one only
// where a comma, a stop or the end follows it ("best efforts apply?" is no sign-off).
const GREETING = /^\s*(?:hi|hello|hey|dear)\b[^,:;.!?\n]{0,40}?(?:[,:;.!]|\s[-–—])\s+(?=\S)/i;
const THANKS =
  /(?<=[?.!])\s+(?:(?:many\s+)?thanks?(?:\s+you)?|thank\s+you|cheers|(?:kind\s+|best\s+)?regards|rgds|best(?=\s*[,.!-]|\s*$)|ty)\b[^?]{0,40}$/i;

// A lead-in before ": " ("Re the agreement: ", "Quick question for the deal team: ", "Indemnity: ") and a
// request for the answer's form after the question ("Please cite the section.", "Be brief.") ask nothing;
// read before the question, a lead-in hid its opening words from the rules that read them.
const LEAD_IN = /^([^:;?\n]{1,60}?):\s+(?=\S)/;
const FORM_REQUEST =
  /(?<=\?)\s+(?:please\s+)?(?:(?:cite|quote|give|include|show|reference|name)\s+(?:the\s+|your\s+|a\s+|any\s+)?(?:relevant\s+|exact\s+|specific\s+)?(?:sections?|clauses?|provisions?|sources?|pages?|references?|citations?|language|text|wording)|be\s+(?:brief|concise)|keep\s+it\s+(?:short|brief))\b[^?]{0,40}$/i;
// Words of a message's lead-in that say what kind of message it is, or point at the papers in general, not
// what it is about.
const MESSAGE_WORDS = new Set(
  [
    "re regarding question questions quick query follow up followup team help note fyi ask request urgent one another",
    "client matter deal agreement agreements contract contracts document documents papers",
    "following per our earlier yesterday today call email thread chat conversation discussion meeting thanks thank hope well",
    "you me us please kindly check confirm tell know let advise look",
  ]
    .join(" ")
    .split(" "),
);

/**
 * Whether the part before ": " is a lead-in: short, it does not ask, it singles out no instrument
 * (`singlesOut`: a capitalised or numbered word after its first, or the kind of an instrument), and what
 * follows opens as a question does or ends as one ("Re the agreement: after Amendment No. 1, which terms
 * apply?"). "Re Fleet: can it subcontract?" and "Under the supply agreement: may
 * Fleet subcontract?" keep their leading part: it says whom or what is asked about.
 */
function isLeadIn(lead: string, rest: string): boolean {
  return (
    lead.split(/\s+/).length <= 8 &&
    (!ASKS.test(lead.trim()) || onlyMessageWords(lead)) &&
    !singlesOut(lead) &&
    (ASKS.test(rest.trimStart()) || /\?\s*$/.test(rest))
  );
}

// A sentence that ends in "." or "!" before the next one opens with a capital; not at an abbreviation's point
// ("Amendment No. 8", "Acme Inc.", "U.S.").
const ABBREVIATION = String.raw`(?<=(?:^|[\s(.])(?:no|nos|inc|co|corp|ltd|llc|mr|ms|mrs|dr|st|sec|art|para|cl|[a-z]))\.`;
// Each character of the sentence is read one way only (a point inside a word, or an abbreviation's point before a
// space): with two readings of "b." a run of "b.b.b." took exponential time.
const STATEMENT = new RegExp(
  String.raw`^((?:[^.!?\n]|\.(?=\w)|${ABBREVIATION}(?!\w))+?(?:(?!${ABBREVIATION})\.|!))\s+(?=\p{Lu})`,
  "iu",
);
/** The most sentences before the question read as saying only what kind of message it is. */
const MAX_LEADING_SENTENCES = 3;

/**
 * A question without what is around it that asks nothing: a greeting before it, a thanks or a request for
 * the answer's form after its last sentence, a question asked of the reader around it (`askedDirectly`), and
 * a lead-in ("Re the agreement: ") or sentences ("Following up on our call.") before it that say only what
 * kind of message it is. A lead-in with a word of its own ("Indemnity: does the cap apply to IP claims?")
 * follows the question instead, so the question opens as asked and loses no word. "Hi team, can Fleet
 * subcontract? Thanks!" → "can Fleet subcontract?". A message's shorthand is spelled out ("info", "agmt", "w/o":
 * `shorthandSpelledOut`, `shorthand.ts`). Nothing else changes.
 */
export function bareQuestion(query: string): string {
  // a message's courtesies written short ("pls", "thx") are read written out before any rule reads them
  const said = courtesiesSpelledOut(query);
  let out = askedDirectly(said.replace(GREETING, "").replace(THANKS, "").replace(FORM_REQUEST, ""));
  const lead = LEAD_IN.exec(out);
  if (lead && isLeadIn(lead[1] as string, out.slice(lead[0].length)))
    out = afterQuestion(lead[1] as string, out.slice(lead[0].length));
  // and a sentence before the question that only says what kind of message it is ("Following up on
  // yesterday's call with the client. Can Fleet …?"). One with words of its own stays where it is: the
  // question often points back to it ("Columbia can terminate if the Ares Agreement ends. What is the Ares
  // Agreement?"), and on fresh2 moving such sentences after the question lost two of five answers.
  for (
    let n = 0, said = STATEMENT.exec(out);
    said !== null && n < MAX_LEADING_SENTENCES;
    n++, said = STATEMENT.exec(out)
  ) {
    const rest = out.slice(said[0].length);
    if (!/\?\s*$/.test(rest) || ASKS.test(said[1] as string)) break;
    if (queryTerms(said[1] as string).some((w) => !MESSAGE_WORDS.has(w))) break;
    out = rest;
  }
  // nothing but a lead-in and a question mark ("Re the agreement: ?") is read as written; shorthand spelled out
  return fragmentAsked(shorthandSpelledOut(termForPronoun(/[\p{L}\p{N}]/u.test(out) ? out : said)));
}

// A term written as a defined term (capitalised words, "of", "and" or "the" between them) set before a dash or a colon,
// then a question that points back at it by "it", "that" or "this".
const TERM_THEN_QUESTION =
  /^\s*(?!(?:[Rr][Ee]|[Rr]egarding|[Ss]ubject|[Ff][Ww][Dd]?)\b)((?:\p{Lu}[\p{L}\p{N}'’-]*)(?:\s+(?:(?:of|and|the)\s+)?\p{Lu}[\p{L}\p{N}'’-]*){0,4})\s*(?:\s[-–—]|:)\s+((?:what|which|how|when|where|who|whom|can|could|does|do|did|is|are|was|were|will|would|may|must|shall)\b.*)$/su;
const POINTS_BACK = /\b(?:it|that|this)\b/gi;

/**
 * A message may name a defined term, then ask about it by pointing back: "Columbia Equipment — what does that
 * cover?". Read as asked of the term itself ("what does Columbia Equipment cover?"), which is what the rules that
 * read a term asked about need. Only a term written as one (capitalised, at most five words; not a subject line's
 * "Re") and a question with exactly one "it", "that" or "this"; anything else is left as written.
 */
function termForPronoun(question: string): string {
  const m = TERM_THEN_QUESTION.exec(question);
  const term = m?.[1];
  const asked = m?.[2];
  if (term === undefined || asked === undefined) return question;
  const back = [...asked.matchAll(POINTS_BACK)];
  const only = back.length === 1 ? back[0] : undefined;
  if (only?.index === undefined) return question;
  return `${asked.slice(0, only.index)}${term}${asked.slice(only.index + only[0].length)}`;
}

// A word that makes a sentence of its own: a form of "be", "do" or "have", a modal, "need", a participle
// ("allowed", "capped"), a negation, a verb contracts are asked about in its "-s" form ("The NDA covers oral
// disclosures?"), or a question word further in ("after Amendment No. 1, which terms apply?"). A question with
// one is asked as written.
const VERB_OF_ITS_OWN = new RegExp(
  [
    String.raw`\b(?:is|are|was|were|be|been|being|do|does|did|can|could|may|might|must|shall|should|will|would|has|have|had|need|needs|get|gets|got)\b`,
    String.raw`\b\p{L}{3,}ed\b|n['’]t\b`,
    String.raw`\b(?:covers|applies|includes|requires|permits|allows|governs|survives|owns|pays|bears|owes|restricts|prohibits|provides|contains|says|states|mentions|extends|renews|expires|terminates|ends|begins|starts|continues|excludes|grants|means|counts|qualifies|triggers|happens|apply|happen)\b`,
    String.raw`\b(?:what|when|where|which|who|whom|whose|why|how|whether)\b`,
  ].join("|"),
  "iu",
);
// An English word that joins a phrase: a question named by its thing alone is read so only in English ("Welches
// Recht gilt für den Vertrag?" opens with no English question word, and is no English fragment).
const ENGLISH_JOINER =
  /\b(?:of|the|a|an|as|on|in|for|to|under|with|any|by|at|from|per|and|or|its|their|our|my|your)\b/i;
/** The most words a question asked by naming its thing alone is read to have ("Eric Singer's base salary as CEO?"). */
const FRAGMENT_WORDS = 14;

/**
 * A message may ask by naming the thing alone, as a lawyer types it: "Eric Singer's base salary as CEO?",
 * "Any late fee on PC Quote invoices?". Read as the question it stands for ("What is …?", "Is there any
 * …?"), which is what the relevance of a sentence to it is measured against: asked bare, a sentence that
 * says the words ("the Base Salary will be payable …") outranked the one that states the figure. Only a short
 * English question (`ENGLISH_JOINER`) that opens with no question word and has no verb of its own
 * (`VERB_OF_ITS_OWN`), and no dash, colon, semicolon or comma that sets a topic apart ("governing law - the
 * distributor agreement?"), which reads well as written.
 */
function fragmentAsked(question: string): string {
  const text = question.trim();
  // an opening question word is `ASKS`'s, one further in (and "whether") `VERB_OF_ITS_OWN`'s
  if (!text.endsWith("?") || ASKS.test(text) || /^(?:and|or|but|so|then|also)\b/i.test(text)) return question;
  if (VERB_OF_ITS_OWN.test(text) || /\s[-–—]|[-–—]\s|[:;,]/.test(text)) return question;
  const words = text.split(/\s+/);
  if (words.length > FRAGMENT_WORDS || !ENGLISH_JOINER.test(text)) return question;
  return /^any\b/i.test(text) ? `Is there any${text.slice(3)}` : `What is ${text}`;
}

/** Whether every word of a text says what kind of message it is or asks the reader to look ("Could you check"). */
const onlyMessageWords = (text: string) => queryTerms(text).every((w) => MESSAGE_WORDS.has(w));

// A question asked of the reader around the one asked of the documents: "Can you tell me whether Fleet may
// subcontract?", "Could you confirm what the cap is?", "I'd like to know when the term ends."
const INDIRECT =
  /^\s*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:tell\s+me|let\s+me\s+know|check|confirm|advise(?:\s+me)?|find\s+out)|(?:please\s+)?(?:tell\s+me|let\s+me\s+know|confirm|check|advise)|i(?:'d|’d|\s+would)\s+like\s+to\s+know|i\s+(?:need|want)\s+to\s+know|i(?:'m|’m|\s+am)\s+wondering|i\s+wonder|do\s+you\s+know)\s+(?=(?:what|when|where|which|who|whom|whose|why|how|whether|if)\b)/i;
// A word that is inverted before the subject when the question is asked directly.
const AUXILIARIES = new Set("is are was were may might can could must shall should will would has have had".split(" "));

/**
 * The question asked of the documents inside one asked of the reader: "Can you tell me what the cap is?" →
 * "What the cap is?", and "… whether Fleet may subcontract?" → "May Fleet subcontract?" (the first auxiliary
 * within the next eight words goes before them); "… whether the NDA covers oral disclosures?" → "The NDA
 * covers oral disclosures?". The words are the same; the question opens as one asked directly does.
 */
function askedDirectly(query: string): string {
  const m = INDIRECT.exec(query);
  if (!m) return query;
  const rest = query.slice(m[0].length);
  const capital = (t: string) => `${t.charAt(0).toUpperCase()}${t.slice(1)}`;
  const clause = /^(?:whether|if)\s+/i.exec(rest);
  if (!clause) return capital(rest);
  const body = rest.slice(clause[0].length);
  const words = body.split(/\s+/);
  const at = words.slice(1, 9).findIndex((w) => AUXILIARIES.has(w.toLowerCase()));
  if (at < 0) return capital(body);
  const aux = words[at + 1] as string;
  return [capital(aux.toLowerCase()), ...words.slice(0, at + 1), ...words.slice(at + 2)].join(" ");
}

/** The question, then what was said before it if it has a word of its own: as "(…)" after it, else nothing. */
function afterQuestion(before: string, question: string): string {
  const own = queryTerms(before).filter((w) => !MESSAGE_WORDS.has(w));
  return own.length === 0 ? question : `${question.trimEnd()} (${before.trim()})`;
}

/**
 * Whether a leading part singles out an instrument, not only says there is one: a word after its first that
 * begins with a capital or a digit ("the Acme credit agreement", "the non-disclosure agreement 09-24-2019",
 * "the MARKETING AFFILIATE AGREEMENT"), or a content word just before an instrument's noun ("the credit
 * agreement"). "Re the agreement:" singles out nothing; taken as a naming part it routed the question after
 * it to whichever card its two words ranked first, and searched that document alone.
 */
function singlesOut(lead: string): boolean {
  const words = lead.match(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu) ?? [];
  return words.some(
    (w, i) =>
      (i > 0 && /^[\p{Lu}\p{N}]/u.test(w)) ||
      (i + 1 < words.length && NAMES_INSTRUMENT.test(words[i + 1] as string) && queryTerms(w).length > 0),
  );
}

/**
 * Splits a question into the part that names an instrument and the part that asks. A leading part
 * ending at ";" or ": " is a naming part only when it names an instrument and does not itself ask:
 * "What is the notice period under Section 8.1(b): 30 or 60 days?" is one question, asked whole.
 */
export function parseQuestion(query: string): ParsedQuestion {
  const clauseRefs = clauseReferences(query);
  const m = LEADING.exec(query);
  if (m && (m[2] as string).split(/\s+/).length >= 3) {
    const lead = (m[1] as string).trim();
    const body = lead.slice(0, -1);
    if (!ASKS.test(body.trim()) && !/\?/.test(body) && NAMES_INSTRUMENT.test(body) && singlesOut(body))
      return { full: query, naming: lead, ask: m[2] as string, clauseRefs };
  }
  return { full: query, naming: "", ask: query, clauseRefs };
}

// "Section 8.1(b)", "Sections 2.3 and 4", "Article IV", "clause 12.3", "paragraph 3(a)", "§ 5.02".
const CLAUSE_REF =
  /(?:\b(?:sections?|articles?|clauses?|paragraphs?|subsections?|sub-clauses?|paras?\.?|secs?\.)|§§?)\s*((?:[0-9]+[A-Za-z]?|[IVXLC]+\b)(?:\.[0-9A-Za-z]+)*(?:\s*\([0-9A-Za-z]{1,4}\))*)/gi;

/**
 * The clause references of a text, normalised (`clauseRefKey`): "under Section 8.1(b) and Article IV"
 * → ["8.1(b)", "iv"]. Exhibits and schedules are documents or attachments, not clauses: left out.
 */
export function clauseReferences(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(CLAUSE_REF)) {
    const key = clauseRefKey(m[1] as string);
    if (key) out.add(key);
  }
  return [...out];
}

/**
 * A clause number as references are compared: lowercase, no spaces, no trailing dot ("8.1 (b)" and
 * "8.1(b)." → "8.1(b)"), a whole number's ".0" dropped ("19.0" → "19"); null when nothing is left.
 */
export function clauseRefKey(ref: string): string | null {
  const key = ref
    .toLowerCase()
    .replace(/^(?:sections?|articles?|clauses?|paragraphs?|subsections?|§+)\s*/, "")
    .replace(/\s+/g, "")
    .replace(/\.+$/, "")
    // "Section 19.0" is how some contracts number Section 19.
    .replace(/^(\d+)\.0$/, "$1");
  return key.length > 0 ? key : null;
}

/**
 * Whether a provision is the one a clause reference points at, or inside it: its normalised full
 * reference equals the key or starts with it followed by a sub-level ("8.1" holds "8.1(b)" and "8.1.2").
 */
export function clauseRefMatches(fullRef: string | null, key: string): boolean {
  const own = fullRef === null ? null : clauseRefKey(fullRef);
  if (own === null) return false;
  if (own === key) return true;
  return own.startsWith(key) && /^[.(]/.test(own.slice(key.length));
}

/** Flags of the provision tree a question's wording points at. */
export type FlagIntent =
  | "hasMoney"
  | "hasDate"
  | "hasPercentage"
  | "hasLiabilityLimit"
  | "isDefinition"
  | "hasCondition";

const INTENT_WORDS: Array<[FlagIntent, RegExp]> = [
  [
    "hasMoney",
    /\b(amount|amounts|fee|fees|price|prices|pay|payment|payments|paid|royalt\w*|cost|costs|compensation|dollars?|purchase|minimum|revenue|profit)\b|\$/i,
  ],
  [
    "hasDate",
    /\b(when|date|dates|deadline|expire\w*|expiration|term|renewal|renew|days|months|years|period|duration|until|effective)\b/i,
  ],
  ["hasPercentage", /\b(rate|rates|percent\w*|interest|share|sharing|%)\b/i],
  ["hasLiabilityLimit", /\b(cap|caps|capped|uncapped|liability|liable|limitation|limit|damages)\b/i],
  ["isDefinition", /\b(defined|definition|define|means|meaning)\b/i],
  ["hasCondition", /\b(if|unless|condition\w*|provided|subject to|in the event)\b/i],
];

/** The flag intents of a question (amount → hasMoney, deadline → hasDate, rate → hasPercentage, ...). */
export function flagIntents(ask: string): FlagIntent[] {
  return INTENT_WORDS.filter(([, re]) => re.test(ask)).map(([f]) => f);
}

/** The content words of a text, lightly stemmed, unique, in order. */
export function contentWords(text: string): string[] {
  return [...new Set(featureWords(text))];
}

/**
 * The passages of a contract a question quotes ("is revoked under 'the license granted under
 * section 3'"), as written between quotation marks, of at least two words: a single quoted word is
 * a defined term asked about, found in most contracts. An apostrophe inside a word ("Agents'",
 * "don't") opens or closes nothing.
 */
export function quotations(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|[\s(—–-])['‘"“]([^'’"”‘“]+?)['’"”](?=$|[\s.,;:?!)—–-])/g)) {
    const quoted = (m[1] as string).trim();
    if ((quoted.match(/[\p{L}\p{N}]+/gu) ?? []).length >= 2) out.push(quoted);
  }
  return out;
}

/** A text as a quotation of it is compared: lowercase, runs of white space and quote marks made one. */
export function quotationKey(text: string): string {
  return text.toLowerCase().replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, " ").trim();
}
