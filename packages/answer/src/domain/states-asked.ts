import { askedDefinedTerms, contentWords, isInstrumentWord } from "@lexnav/retrieval";
import { answeringUnit } from "./answering-unit.ts";
import { askedHead } from "./asked-head.ts";
import { definitionStrength } from "./definition-answer.ts";
import { draftedAs } from "./drafted-as.ts";
import {
  amendingClause,
  type Candidate,
  oppositeSides,
  plainAsk,
  provisionTerms,
  questionTerms,
  type ScoredCandidate,
  sameFamily,
} from "./evidence-model.ts";
import { beyondUnits, leavesAskedRoleBlank, statesTheAsk } from "./states-the-ask.ts";

/**
 * Words of a plain ask that frame it rather than name the provision asked about: the verbs of an
 * existence question ("Does the agreement include …", "Is there …"), the instrument and its parties as
 * such, the words that place a clause ("under Section 9") or the ask in time ("after", "once it ends"). Every
 * clause of the instrument could carry them, so a sentence that has only these says nothing of what is asked.
 */
const FRAME = new Set(
  (
    "include contain have get give say provid provide apply happen there under section clause provision " +
    "agreement contract amendment amend deal party either both same any now after before once still also exist place mean " +
    // "the non-solicit between Vivint and Vivint Solar": whom it is between names the parties, not the provision
    "between among " +
    "defin refer " +
    // a lawyer's frame: "What are the consequences of …", "Is the arrangement exclusive?", "How much notice
    // must be given …" ("agree" is not: "the fee for agreeing to the amendment" asks of that agreement)
    "consequence arrangement given " +
    // a preposition the question's topic runs on with ("call its customers about the deal")
    "about"
  ).split(" "),
);

/** Prefixes a hyphen splits off ("non-compete", "co-branding", "lock-up"): no word of a topic on their own. */
const AFFIXES = new Set("non co pre re sub anti over up self multi cross".split(" "));

/**
 * Provisions drafting names, each with the words it goes by that share no stem: the governing law is
 * "the laws of the State of …", a term "expires", an assignment is a "transfer". One field list, kept
 * small: each entry is a word (as `contentWords` forms it, a plural's "s" dropped) or a stem ending in "-".
 */
export const PROVISION_NAMES: readonly (readonly string[])[] = [
  ["law", "govern-", "jurisdiction"],
  ["expir-", "term", "duration", "last", "renew-"],
  ["assign-", "transfer-", "delegat-"],
  ["terminat-", "cancel-", "rescind-", "rescission"],
  ["cap", "capp-", "limit-", "maximum", "exceed-", "aggregate"],
  ["fee", "pric-", "price", "pay", "payment", "compensat-", "royalt-", "charge", "cost"],
  ["audit-", "inspect-", "examin-", "books", "book", "record"],
  ["favour-", "favor-"],
  ["solicit-", "hire", "hir-", "recruit-", "poach-"],
  ["insur-", "coverage", "policy", "polici-"],
  ["indemni-", "harmless"],
  ["confidential-", "disclos-", "nondisclosure"],
  ["compet-", "noncompet-"],
  ["arbitrat-", "arbitral", "arbitrator"],
  ["exclusiv-"],
  ["warrant-"],
  ["refusal"],
  ["liquidat-"],
  ["majeure"],
];

/** A word's form for the equivalents: a short word's plural "s" dropped ("laws", "fees"). */
export const singular = (w: string) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w);

const inEntry = (w: string, entry: string) =>
  entry.endsWith("-") ? w.startsWith(entry.slice(0, -1)) : singular(w) === entry;

/** The provisions of `PROVISION_NAMES` a word is one of the words of. */
function groupsOf(w: string): number[] {
  const out: number[] = [];
  PROVISION_NAMES.forEach((group, i) => {
    if (group.some((e) => inEntry(w, e))) out.push(i);
  });
  return out;
}

/** The length of the longest first part two words share. */
function sharedStem(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let p = 0;
  while (p < n && a[p] === b[p]) p++;
  return p;
}

/**
 * Whether a word of a text speaks of a topic word: the word itself, one of its family (`sameFamily`,
 * or a shared stem of six letters or more: "indemnity" and "indemnification"), or a word a
 * provision goes by besides its own (`PROVISION_NAMES`).
 */
export function speaksOf(topic: string, word: string): boolean {
  // the other side of the relation asked of is not spoken of (`oppositeSides`)
  if (oppositeSides(topic, word)) return false;
  if (topic === word || sameFamily(topic, word) || sharedStem(topic, word) >= 6) return true;
  // or in the words a clause drafts it in (`drafted-as.ts`)
  if (draftedAs(topic, word)) return true;
  const groups = groupsOf(topic);
  return groups.length > 0 && groupsOf(word).some((g) => groups.includes(g));
}

/**
 * The topic of a question's plain ask: its provision terms (`provisionTerms`: without the instrument it
 * names and its parties), without the words that frame an ask and the prefixes a hyphen splits off.
 * "Does the Acme NDA include a non-solicitation of employees?" → solicitation, employee. Empty when
 * the ask names nothing but its frame ("What happened under the amendment?").
 */
export function askedTopic(question: string): string[] {
  const describesInstrument = new Set(
    contentWords([...instrumentModifiers(question), ...dealNamedByItsDeal(question)].join(" ")),
  );
  return provisionTerms(question, questionTerms(question)).filter(
    (w) => !FRAME.has(w) && !AFFIXES.has(w) && w.length > 1 && !describesInstrument.has(w),
  );
}

/**
 * The words that say what kind of instrument a question names, not what it asks of it: the one or two
 * lower-case words before a kind ("Oracle's confidentiality agreement", "the manufacturing agreement",
 * "the software license"). "Does the confidentiality agreement include a standstill?" asks about a
 * standstill; every clause of a confidentiality agreement speaks of confidentiality.
 */
export function instrumentModifiers(question: string): string[] {
  const words = question.slice(0, 2_000).match(/[A-Za-z][A-Za-z'-]*/g) ?? [];
  const out: string[] = [];
  words.forEach((w, i) => {
    if (!isInstrumentWord(w)) return;
    for (let j = i - 1; j >= Math.max(0, i - 2); j--) {
      const before = words[j] as string;
      if (!/^[a-z][a-z-]*$/.test(before) || STOP_BEFORE_KIND.has(before) || isInstrumentWord(before)) break;
      out.push(...before.split("-"));
    }
  });
  return out;
}

/**
 * The words of a deal named by what it does rather than by its instrument: "Wag's purchase of the Clicks and
 * Traffic business", "Acme's acquisition of Beta". Every clause of the
 * instrument that effects it is about that purchase, which its clauses call "this Agreement" or "the
 * transactions contemplated hereby", so the words say which deal is asked about, not what of it.
 */
export function dealNamedByItsDeal(question: string): string[] {
  const m = DEAL_NAMED.exec(question.slice(0, 2_000));
  return m ? [m[1] as string, ...(m[2] ? [m[2]] : [])] : [];
}

/** A party's transaction of a named business: see `dealNamedByItsDeal`. */
const DEAL_NAMED =
  /\b[A-Z][\w&.-]*['’]s\s+(purchase|sale|acquisition|merger|financing|investment|buyout)\s+(?:of|from|by|with)\s+(?:the\s+)?(?:[A-Z][\w&.-]*(?:\s+(?:and|&|of))?(?:\s+|\b))+(business|company|division)?/;

/** Words that end the description of an instrument reading backwards from its kind. */
const STOP_BEFORE_KIND = new Set(
  "the a an this that its their our your his her any each every and or of to in under by".split(" "),
);

/**
 * A sentence of an instrument's face or frame: a signature block ("IN WITNESS WHEREOF", "By: … Name: …
 * Title: …"), a party, address or title block of labelled fields ("DATE: … PARTIES: …", "Attention: …
 * Email: …"), a recital ("WHEREAS, …"). It states no operative provision.
 */
export function isFaceSentence(text: string): boolean {
  if (/\bIN WITNESS WHEREOF\b/i.test(text) || /^\s*(?:\(?[A-Z0-9]{1,3}[.)]\s*)?WHEREAS\b/.test(text)) return true;
  // the sentence splitter ends a sentence at a label's colon: "By: /s/ Jane Roe Name:", "Jane Roe Title:"
  const labels = text.match(FIELD_LABEL) ?? [];
  return labels.length >= 2 || new RegExp(`${FIELD_LABEL.source}\\s*$`, "i").test(text);
}

/** A form's field label: "By:", "Name:", "Title:", "Date:", "Parties:", "Address:", "Attention:", "Email:". */
const FIELD_LABEL =
  /\b(?:By|Name|Title|Its|Date|Dated|Parties|Between|Address|Attention|Attn|Telephone|Tel|Phone|Facsimile|Fax|E-?mail|Signature)\s*:/gi;

/**
 * The role a question names a party by ("the franchisee", "the recipient", "the executive"). A franchise
 * agreement, a letter agreement or an offer letter calls its parties "you" and "we" instead ("you must pay us a
 * royalty", "we have the right to charge interest"), so a sentence that speaks to or for a party in the
 * first or second person speaks of the role the question names. Contracts drafted in the third person use
 * neither pronoun for anything else.
 */
const PARTY_ROLE =
  /^(?:franchis(?:ee|or)|licens(?:ee|or)|recipient|discloser|employee|employer|executive|consultant|contractor|distributor|supplier|customer|client|borrower|lender|investor|buyer|seller|purchaser|tenant|landlord|lessee|lessor|dealer|reseller|manufacturer|company)s?$/;
/** "you", "your", "we", "us", "our" as a party: lower case but for a sentence's first word ("US" is a country). */
const PARTY_PRONOUN = /\b(?:[Yy]ou|[Yy]our|[Yy]ours|[Ww]e|us|[Oo]ur|[Oo]urs)\b/;

/**
 * Whether a cited sentence states what the question asks: one of the topic's words (`askedTopic`) is
 * spoken of (`speaksOf`) by the sentence, the heading of its passage, the lead-in it reads on from ("…
 * the following:"), or its answering unit. A sentence of the instrument's face (`isFaceSentence`) is read by its own words
 * alone: the provision around a signature or address block lends it no topic, though a question about
 * notices or signing is still answered by one. An operative amending clause passes: it changes a
 * provision the question names, which its own words need not repeat. A question with no topic beyond
 * its frame ("Who are the parties?") passes every sentence.
 */
export function statesTopic(topic: readonly string[], c: Candidate, context: readonly string[] = []): boolean {
  if (topic.length === 0 || amendingClause(c)) return true;
  // a party's role, asked alone, is spoken of by "you" or "we" (not a whole topic: any sentence of a letter has them)
  if (topic.length === 1 && PARTY_ROLE.test(topic[0] as string) && PARTY_PRONOUN.test(c.text.slice(0, 4_000)))
    return true;
  const face = isFaceSentence(c.text);
  const unit = answeringUnit(c.item, c.start, c.end);
  // a list item reads on from its lead-in ("… shall maintain the following insurance:"), no other sentence does
  // (read from the sentence back: `/:\s*$/` over the item's text before it rescans every run of spaces in it)
  const leadIn = c.item.text
    .slice(0, c.start - c.item.start)
    .trimEnd()
    .endsWith(":")
    ? [...c.previous]
    : [];
  const around = face
    ? []
    : [
        ...c.heading,
        ...contentWords(c.item.provisionHeading ?? ""),
        ...leadIn,
        ...contentWords(c.item.text.slice(unit.start - c.item.start, unit.end - c.item.start)),
      ];
  const words = [...new Set([...c.words, ...around])];
  // a word of the ask's context speaks of the named provision only as itself (`contextOfNamedProvision`)
  const ofContext = (w: string) => context.some((o) => ownWord(o, w));
  return topic.some((t) => words.some((w) => speaksOf(t, w) && (ownWord(t, w) || !ofContext(w))));
}

/** A word as itself or of its family (`speaksOf` without the words a provision is drafted in or goes by). */
const ownWord = (topic: string, word: string) =>
  topic === word || sameFamily(topic, word) || sharedStem(topic, word) >= 6;

/**
 * Words that name the kind of a provision, not what it is about: a restriction, a right, an obligation, a
 * permission. Every clause of that kind states them (by "may not", "shall", "may"), so where the question
 * also names what the provision is about, that is what an answer must speak of.
 */
const KIND_OF_PROVISION = /^(?:restrict|prohibit|limitation|right|obligat|requir|permi[st]|allow|entitl)/;

/** An ask answered yes or no: "Is there …", "Does the agreement include …", "Can either party …". */
const YES_NO = /^\s*(?:is|are|was|were|does|do|did|can|could|may|might|must|shall|should|will|would|has|have)\b/i;

/**
 * The words a cited sentence must speak of: the topic (`askedTopic`); for a question asked yes or no
 * that names a provision (`PROVISION_NAMES`: "Are disputes subject to arbitration?"), that provision's
 * words alone. Whether there is an arbitration clause is not shown by a clause on disputes, nor whether
 * employees may be solicited by one on employees.
 */
export function wordsToState(question: string): string[] {
  const topic = askedTopic(question);
  if (!YES_NO.test(plainAsk(question))) return topic;
  const named = topic.filter((w) => groupsOf(w).length > 0);
  return named.length > 0 ? named : topic;
}

/**
 * The words of a yes-or-no ask that only set the provision it names in context (`wordsToState`: "Is Acme
 * prohibited from soliciting Beta's employees?" names a non-solicitation; "employees" is whom it would protect).
 * In a sentence, such a word speaks of the named provision only as itself, not as one of the words the provision
 * is drafted in: a non-solicitation is drafted on employees ("shall not employ"), but an anti-bribery clause that
 * mentions a party's officers and employees is no non-solicitation. Empty for any other ask.
 */
export function contextOfNamedProvision(question: string): string[] {
  const topic = askedTopic(question);
  const named = wordsToState(question);
  if (named.length >= topic.length) return [];
  // "a right of first refusal, first offer or first negotiation": what the ask lists beside the named provision,
  // after a comma or an "or", is the provision as much as the word it names it by
  const ask = plainAsk(question).toLowerCase();
  return topic.filter((w) => !named.includes(w) && !listedBeside(ask, named, w));
}

/** Whether an ask lists a word as an alternative to a named word: "refusal, first offer or first negotiation". */
function listedBeside(ask: string, named: readonly string[], word: string): boolean {
  const words = ask.match(/[a-z][a-z'-]*|[,;]/g) ?? [];
  const at = (test: (w: string) => boolean) => words.flatMap((w, i) => (test(w) ? [i] : []));
  const namedAt = at((w) => named.some((n) => ownWord(n, w)));
  const wordAt = at((w) => ownWord(word, w));
  return namedAt.some((i) =>
    wordAt.some((j) => {
      const between = words.slice(Math.min(i, j) + 1, Math.max(i, j));
      return between.length <= 5 && between.some((w) => w === "," || w === "or");
    }),
  );
}

/**
 * The picked sentences that state what the question asks (`statesTopic` of `wordsToState`). A sentence
 * that shares the deal's vocabulary but not the provision asked about (a signature block for an
 * arbitration question, an insurance schedule for an audit question) is no answer: when none is left
 * the answer is a silence that names the nearest passages. A sentence that defines a term the question asks the
 * meaning of (`definitionStrength`) states what is asked: a definitions list may head an entry with its term
 * ("HYPERFEED" over "The proprietary digital data feed …"), which the sentence itself never repeats.
 */
export function statesAsked(question: string, picked: ScoredCandidate[]): ScoredCandidate[] {
  // a "what …" ask names the value it asks for first: an answer states that (`asked-head.ts`)
  const head = askedHead(question);
  const asked = head.length > 0 ? head : wordsToState(question);
  // "What restrictions apply to sublicensing?": any bar states a restriction; the answer must speak of sublicensing
  const beyondKind = asked.filter((w) => !KIND_OF_PROVISION.test(w));
  const words = beyondKind.length > 0 ? beyondKind : asked;
  // a definition of the term asked states it, though its term may stand only in the heading line above it
  const terms = askedDefinedTerms(question);
  // and states what is asked of it, not a neighbour's kind (`states-the-ask.ts`); the unit of an answer is no topic
  const topic = beyondUnits(words);
  // a yes-or-no ask's context words do not stand for the provision it names (`contextOfNamedProvision`)
  const context = head.length > 0 ? [] : contextOfNamedProvision(question);
  return picked.filter(
    (c) =>
      !leavesAskedRoleBlank(question, c) &&
      ((statesTopic(topic, c, context) && statesTheAsk(question, c)) ||
        terms.some((t) => definitionStrength(c, t) !== null)),
  );
}
