import { contentWords, termKey } from "@lexnav/retrieval";
import { amendingClause, askedTerm, definesTerm, type ScoredCandidate, sameFamily } from "./evidence-model.ts";
import { instrumentModifiers, isFaceSentence } from "./states-asked.ts";

/**
 * Text of a contract that operates nothing, beside its face (`isFaceSentence`: recitals, signature and
 * address blocks): the words that close the recitals, the preamble that names the parties, a running
 * head or filing stamp repeated on each page, a signature line. It shares every word of its deal, so a
 * sentence embedder puts it near any question about the deal, but it never states a right, an
 * obligation, a date or an amount.
 */
const NOT_OPERATIVE: readonly RegExp[] = [
  /^\s*WHEREAS\b/i,
  /^\s*NOW,?\s+THEREFORE\b/i,
  /^\s*(?:RECITALS|W\s*I\s*T\s*N\s*E\s*S\s*S\s*E\s*T\s*H)\b/i,
  // the preamble's close that names the parties together: "… are each referred to herein as a "Party" and
  // collectively as the "Parties.""
  /["“]Party["”][^.;]{0,80}?\b(?:collectively|together|jointly)\b[^.;]{0,40}?["“]Parties\b/i,
  /\bPage\s+[A-Z]?-?\d+(?:\s*(?:\/|of)\s*\d+)?\s*$/i,
  /,\s*[A-Z0-9/-]{2,8},\s*\d{1,2}\/\d{1,2}\/\d{4}\s*$/,
  /\bBy:\s*$/,
  /^\s*(?:By|Name|Title):/,
];

/** Whether a sentence is a recital, preamble, page furniture or signature line (`NOT_OPERATIVE`). */
export function isNotOperative(text: string): boolean {
  return isFaceSentence(text) || isPreamble(text) || NOT_OPERATIVE.some((re) => re.test(text));
}

/** A word in lower case, in capitals or capitalised, as drafting writes it ("made", "MADE", "Made"). */
const anyCase = (...words: string[]) =>
  `(?:${words.flatMap((w) => [w, w.toUpperCase(), w.charAt(0).toUpperCase() + w.slice(1)]).join("|")})`;

/**
 * From the making verb to the parties: no modal between them (a clause that does something is no preamble;
 * "May" and "MAY" are read as the month), and "between" names parties, not a conflict between two texts.
 */
const TO_PARTIES = String.raw`(?:(?!\b(?:shall|will|may|must|SHALL|WILL|MUST)\b)[^;]){0,250}?\b(?:${anyCase("by")}\s+${anyCase("and")}\s+)?(?<!\b(?:conflicts?|inconsistenc(?:y|ies)|differences?|disputes?|as)\s+)${anyCase("between", "among")}\b`;
/** The word that names an instrument at the head of its preamble. */
const INSTRUMENT = anyCase(
  "agreement",
  "amendment",
  "contract",
  "lease",
  "licence",
  "license",
  "indenture",
  "deed",
  "addendum",
  "guaranty",
  "guarantee",
  "note",
);
/** "…, effective as of June 1, 2005 (the "Effective Date"), is made …": the date an instrument takes, before its making verb. */
const ASIDE = String.raw`(?:,?\s+(?:${anyCase("is")}\s+)?${anyCase("effective", "dated")}\b[^;]{0,160}?(?:,|\s+${anyCase("and")})?)`;
const MAKING = String.raw`${anyCase("made", "dated")}|${anyCase("entered")}\s+${anyCase("into")}`;

/**
 * The preamble that makes an instrument and names its parties: "THIS AGREEMENT is made and entered into
 * this 20th day of December 2018 …, by and between …", "This Amendment No. 1 (the "Amendment"), entered
 * into by and between …", "This Credit Agreement, dated as of …, among …", "AGREEMENT made as of the 1st
 * day of May, 2000, between …". The instrument is named right after "This" in capitalised words (a
 * number, "No.", "and", "of", "to", "the" between them: "This Sixth Amendment to the Bill Pay Service Reseller Agreement") or in a few words ending in an instrument's name, or
 * opens the sentence before "made"; then its date or effective date at most, then the making verb, then
 * the parties with no modal between. So "This Agreement supersedes the letter dated … between the parties"
 * and "The Credit Agreement dated … among … is hereby amended" are not preambles. Case is read word by
 * word (no `i` flag), so the name must be capitalised while "THIS AGREEMENT IS MADE" still reads.
 */
const PREAMBLE = new RegExp(
  [
    String.raw`^[\s\S]{0,120}?\b${anyCase("this")}\s+(?:[\w-]+(?:,?\s+(?:[A-Z0-9#][\w.'’&/-]*|and|of|to|for|the)){0,12}?|(?:[\w-]+\s+){0,2}?${INSTRUMENT})`,
    String.raw`(?:\s*\([^()]{0,120}\))?${ASIDE}?,?\s+(?:${anyCase("is", "was", "is being", "has been")}\s+)?(?:${anyCase("hereby")}\s+)?(?:${MAKING})\b${TO_PARTIES}`,
    String.raw`|^\W{0,3}(?!${anyCase("the", "that", "such")}\s)(?:[A-Z0-9][\w.'’&/-]*\s+){0,11}?${INSTRUMENT},?\s+${anyCase("made")}\b${TO_PARTIES}`,
  ].join(""),
);

/** How much of a sentence's opening a preamble is read from: the pattern is bounded, so is its work. */
const PREAMBLE_SPAN = 600;

/** Whether a sentence is an instrument's preamble (`PREAMBLE`). */
function isPreamble(text: string): boolean {
  return PREAMBLE.test(text.slice(0, PREAMBLE_SPAN));
}

/** A question that asks whether someone may do something: "Can X terminate …", "Is X allowed to …". */
const ASKS_PERMISSION =
  /^\s*(?:can|may|could)\b|^\s*(?:is|are)\b[^?]{0,80}?\b(?:allowed|permitted|entitled|free)\s+to\b/i;

/** How drafting grants a permission or a right to act. */
const GRANT =
  /\b(?:may|can|(?:is|are|shall be)\s+(?:entitled|permitted|free)\s+to|(?:has|have|shall have)\s+the\s+(?:right|option)\s+to)\b/gi;

/** Words of a permission question that frame it rather than name the act asked about. */
const FRAME = new Set("party agreement contract allow permit entitl free still also".split(" "));

/** Words after a grant that still belong to what it grants: to the end of its clause, at most a dozen. */
const GRANTED_SPAN = 12;

/**
 * The acts a permission question asks about: its content words as written in lower case (a party's or
 * an instrument's name is capitalised), less the frame and the words that say what kind of instrument
 * it names (`instrumentModifiers`: "Can BCGI assign the confidentiality agreement?" asks about assigning,
 * and a clause that lets a party disclose confidential information grants no assignment).
 */
export function askedActs(question: string): string[] {
  if (!ASKS_PERMISSION.test(question)) return [];
  const lower = new Set(contentWords(question.replace(/\b[A-Z][\w'’.-]*/g, " ")));
  const kind = new Set(contentWords(instrumentModifiers(question).join(" ")));
  return [...lower].filter((w) => w.length > 3 && !kind.has(w) && ![...FRAME].some((f) => sameFamily(f, w)));
}

/** How far an aside between a grant and its verb may run ("may, by written notice … prior to …, extend"). */
const ASIDE_SPAN = 240;
/** Words read where a grant resumes after its aside: the granted verb comes first. */
const RESUMED_SPAN = 3;

/**
 * Whether a sentence grants one of `acts`: a grant followed, within its clause, by a word of the act, or
 * resumed by one after an aside set off by commas or brackets ("Cisco may, by written notice given at
 * least thirty (30) days prior to expiry, extend …"; "may (at its option) extend …").
 */
export function grantsAct(text: string, acts: readonly string[]): boolean {
  if (acts.length === 0) return false;
  const ofAct = (w: string) => acts.some((a) => sameFamily(a, w));
  for (const m of text.matchAll(GRANT)) {
    const clause = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 4 * ASIDE_SPAN);
    const own = clause.split(/[;:]/)[0] ?? "";
    if (contentWords(own.split(/\s+/).slice(0, GRANTED_SPAN).join(" ")).some(ofAct)) return true;
    if (resumedAfterAside(own).some((words) => contentWords(words).some(ofAct))) return true;
  }
  return false;
}

/**
 * The first words after each place an aside opening `clause` may close (a comma or a closing bracket
 * outside any bracket, within `ASIDE_SPAN` characters): the grant's verb is among them. None when the
 * clause opens with no aside.
 */
function resumedAfterAside(clause: string): string[] {
  const opening = /^\s*[,(]/.exec(clause);
  if (!opening) return [];
  const out: string[] = [];
  let depth = 0;
  for (let i = opening[0].length - 1; i < Math.min(clause.length, ASIDE_SPAN); i++) {
    const ch = clause[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    const closes = (ch === "," && depth === 0 && i >= opening[0].length) || (ch === ")" && depth === 0);
    if (closes)
      out.push(
        clause
          .slice(i + 1, i + 1 + 80)
          .trim()
          .split(/\s+/)
          .slice(0, RESUMED_SPAN)
          .join(" "),
      );
  }
  return out;
}

/** A term a question quotes ("How is 'Revenue' measured?"), of one to five words. */
const QUOTED = /(?:^|[\s(])["“‘']([^"“”‘’']{2,60}?)["”’'](?=[\s?,.;:)]|$)/g;

/** The terms a question asks about by name: those it quotes, and the one a "what is …?" asks. */
export function namedTerms(question: string): string[] {
  const keys = [...question.matchAll(QUOTED)]
    .map((m) => m[1] as string)
    .filter((t) => t.split(/\s+/).length <= 5)
    .map(termKey);
  const asked = askedTerm(question);
  return [...new Set(asked ? [...keys, asked] : keys)];
}

/** Further drafting forms of a definition: “Term” shall refer to / is defined as; … shall be an “Term”. */
const REFERS_TO = /^\s*,?\s*(?:shall\s+refer\s+to|is\s+defined\s+as|shall\s+be\s+defined\s+as)\b/i;
const NAMED_AS =
  /\b(?:shall\s+be|is|are|(?:shall\s+be\s+)?(?:deemed|designated|referred\s+to)\s+as)\s+(?:an?\s+|the\s+)?$/i;

/** Whether a sentence defines the term `key` (`termKey`), in any of the forms drafting uses. */
export function definesNamedTerm(text: string, key: string): boolean {
  if (definesTerm(text, key)) return true;
  for (const m of text.matchAll(/[“"]([^”"]{2,80})[”"]/g)) {
    if (termKey(m[1] as string) !== key) continue;
    const after = text.slice((m.index ?? 0) + m[0].length);
    if (REFERS_TO.test(after) || NAMED_AS.test(text.slice(0, m.index))) return true;
  }
  return false;
}

/** Whether an amending clause names the term `key` in quotation marks: it restates what the term is now. */
function amendsNamedTerm(c: ScoredCandidate, key: string): boolean {
  return (
    amendingClause(c) && [...c.text.matchAll(/[“"]([^”"]{2,80})[”"]/g)].some((m) => termKey(m[1] as string) === key)
  );
}

/** How many of the decision's best candidates may change places: those a reader would see. */
export const RERANK_WINDOW = 8;

/**
 * The decision's best candidates re-ordered so the sentence that states what is asked comes above its
 * neighbours: a sentence that grants the act a permission question asks about, or defines the term a
 * question names, first; then operative
 * text, then recitals, preambles, page furniture and signature lines. Each slot keeps its probability
 * (only which sentence fills it moves), so whether the decision answers and how many sentences it cites
 * are unchanged: the bar keeps its calibrated meaning, the ranking decides what it cites.
 */
export function operativeFirst(question: string, scored: readonly ScoredCandidate[]): ScoredCandidate[] {
  const head = scored.slice(0, RERANK_WINDOW);
  const acts = askedActs(question);
  const terms = namedTerms(question);
  // An amendment's clause that names the term supersedes its first definition: it counts as one.
  const defines = (c: ScoredCandidate) => terms.some((t) => definesNamedTerm(c.text, t) || amendsNamedTerm(c, t));
  const states = head.map((c) => grantsAct(c.text, acts) || defines(c));
  const tier = (i: number) => (isNotOperative(head[i]?.text ?? "") ? 2 : states[i] ? 0 : 1);
  return inTiers(scored, tier);
}

/**
 * The decision's best `RERANK_WINDOW` candidates ordered by `tier` (lower first; equal tiers keep the decision's
 * order), each slot keeping the probability it had: a re-ranking moves which sentence stands first, never
 * whether the decision answers or how many sentences it cites. The re-rankers of the answer path
 * (`operativeFirst`, `kindAskedFirst`, `consequenceFirst`) share it.
 */
export function inTiers(scored: readonly ScoredCandidate[], tier: (i: number) => number): ScoredCandidate[] {
  const head = scored.slice(0, RERANK_WINDOW);
  const order = head.map((_, i) => i).sort((a, b) => tier(a) - tier(b) || a - b);
  if (order.every((k, i) => k === i)) return [...scored];
  const moved = order.map((k, i) => ({ ...(head[k] as ScoredCandidate), p: (head[i] as ScoredCandidate).p }));
  return [...moved, ...scored.slice(RERANK_WINDOW)];
}
