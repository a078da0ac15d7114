import { contentWords, parseQuestion } from "@lexnav/retrieval";
import { citeInstead, samePassage } from "./cite-instead.ts";
import { BUILTIN_RELEVANCE } from "./evidence-decision.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { LAW_ASKED } from "./kind-asked.ts";
import type { AskDecision } from "./multi-ask.ts";
import { NUMBER_WORD } from "./number-words.ts";
import { isNotOperative } from "./operative-first.ts";
import { askedTopic, speaksOf, statesTopic } from "./states-asked.ts";

/**
 * The kinds of statement a question asks for: what a party may, must or must not do (a provision that
 * governs conduct), how long, how much, which law, a cap on a liability, where disputes are heard, what
 * survives the instrument's end.
 */
export type AskedKind = "provision" | "period" | "amount" | "law" | "cap" | "forum" | "survival";

/** How a question asks for each kind, by its asking words (never by a party's or an instrument's name). */
const ASKS: readonly [AskedKind, RegExp][] = [
  [
    "provision",
    new RegExp(
      [
        // a right: "Can X …", "Is X allowed to …", "What audit rights …", "What licenses are granted?"
        String.raw`^\s*(?:can|may|could)\b|\b(?:allowed|permitted|entitled|free)\s+to\b|\blets?\b|\brights?\b|\blicen[cs]es?\s+(?:are\s+|is\s+)?granted\b|\boption\b`,
        // a duty: "Must X …", "Does X have to …", "What insurance is required?", "Is there a minimum commitment?"
        String.raw`^\s*must\b|\b(?:must|ha(?:ve|s)\s+to|required|obliged|obligated|need\s+to|obligations?|commitments?|covenants?|responsible\s+for)\b`,
        // who carries a cost or a liability: "Who bears the transfer taxes?", "Who pays the escrow agent?", "Who
        // foots the bill for the audit?", "Who is on the hook if …?"
        String.raw`\bwho\s+(?:bears|pays|covers|absorbs|foots|picks\s+up|is\s+(?:liable|on\s+the\s+hook))\b`,
        // a bar: "Is X barred from …", "What restrictions apply …", "a covenant not to sue", "a non-compete"
        String.raw`\b(?:barred|prohibited|restricted|precluded|forbidden|prevented)\s+from\b|\b(?:restrict|stop|bar|prevent)s?\b[^?]{0,60}\bfrom\b|\brestrictions?\b|\bnot\s+to\b|\bnon-\w`,
        // whether the instrument has a provision at all, and what follows from an event under it
        String.raw`^\s*(?:is|are)\s+there\b|\bwhat\s+happens\b|\bwho\s+owns\b|\bownership\b`,
      ].join("|"),
      "i",
    ),
  ],
  ["period", /\bhow\s+long\b|\bfor\s+how\s+many\s+(?:days|weeks|months|years)\b|\buntil\s+when\b/i],
  ["amount", /\bhow\s+much\b/i],
  ["law", LAW_ASKED],
  // where disputes are heard: "Which courts hear a dispute …?", "Where are disputes arbitrated?", "What is the venue?",
  // "the seat of arbitration", "venue for disputes", "How are disputes between X and Y resolved?"
  [
    "forum",
    /\b(?:which|what)\s+courts?\b|\bwhere\b[^?]{0,80}\b(?:arbitrated|heard|litigated|brought|sued|tried)\b|\b(?:which|what)\s+(?:is\s+the\s+|\w+\s+and\s+)?(?:forum|venue)s?\b|\b(?:seat|place|situs|venue|location)\s+of\s+(?:the\s+|any\s+)?arbitrat|\b(?:forum|venue)\s+(?:for|of)\s+(?:the\s+|any\s+)?(?:disputes?|claims?|litigation|lawsuits?|suits?|actions?|proceedings?)\b|\bhow\s+(?:are|is|will|would|must|should)\b[^?]{0,80}\b(?:disputes?|claims?|controvers(?:y|ies))\b[^?]{0,80}\b(?:resolved|settled|decided|determined)\b/i,
  ],
  // a cap on liability: "Is X's liability capped?", "Is there a limit on Y's liability?", "What is the cap …"
  [
    "cap",
    /\bliabilit[^?]{0,60}\b(?:capped|limited)\b|\b(?:cap|limit|limitation|ceiling)\s+(?:on|of)\s+(?:[\w'’]+\s+){0,3}?liabilit/i,
  ],
  // what outlives the instrument: "Which provisions survive termination?", "Does the indemnity survive?"
  ["survival", /\bsurviv(?:e|es|al|ing)\b/i],
];

/**
 * A place as a clause set in capitals names it: "the State of …", "the County of …" (any name), a state of the
 * United States (after its city too: "CHICAGO, ILLINOIS"), or a place contracts often choose for their courts or
 * arbitration. In capitals the place test cannot be a capital letter: every word has one ("IN ANY SUCH COURT").
 */
const PLACES_IN_CAPITALS: readonly string[] = [
  ..."ALABAMA ALASKA ARIZONA ARKANSAS CALIFORNIA COLORADO CONNECTICUT DELAWARE FLORIDA GEORGIA HAWAII IDAHO".split(" "),
  ..."ILLINOIS INDIANA IOWA KANSAS KENTUCKY LOUISIANA MAINE MARYLAND MASSACHUSETTS MICHIGAN MINNESOTA".split(" "),
  ..."MISSISSIPPI MISSOURI MONTANA NEBRASKA NEVADA OHIO OKLAHOMA OREGON PENNSYLVANIA TENNESSEE TEXAS UTAH".split(" "),
  ..."VERMONT VIRGINIA WASHINGTON WISCONSIN WYOMING ENGLAND LONDON ONTARIO CANADA SINGAPORE GENEVA ZURICH".split(" "),
  "NEW HAMPSHIRE",
  "NEW JERSEY",
  "NEW MEXICO",
  "NEW YORK",
  "NORTH CAROLINA",
  "NORTH DAKOTA",
  "SOUTH CAROLINA",
  "SOUTH DAKOTA",
  "RHODE ISLAND",
  "WEST VIRGINIA",
  "HONG KONG",
];
const PLACE_IN_CAPITALS = String.raw`(?:(?:STATE|COMMONWEALTH|COUNTY|CITY|BOROUGH|DISTRICT|PROVINCE|REPUBLIC|KINGDOM)\s+OF\s+[A-Z]|(?:${PLACES_IN_CAPITALS.map((p) => p.replace(/ /g, String.raw`\s+`)).join("|")})\b)`;

/**
 * How drafting states each kind in an operative sentence: a provision by a modal of right, duty or bar
 * (may, shall, will, must, agrees (not) to, has the right to, is entitled to, hereby grants, in no event,
 * not without consent) or by title (owns, hereby assigns); a period by a number of days, months or years;
 * an amount by a sum, a rate or a redacted figure; a law by "the laws of" (an aside between them allowed) or a
 * place's name before "law"; a
 * cap by "limited to", "shall not exceed", "in no event … exceed".
 */
const STATES: Record<AskedKind, RegExp> = {
  provision:
    /\b(?:shall|will|may|must|can(?:not)?|agrees?|undertakes?|covenants?|(?:is|are)\s+(?:entitled|permitted|free|allowed|required|obligated|obliged|responsible)|(?:has|have)\s+the\s+(?:right|option)|hereby\s+(?:grants?|assigns?)|in\s+no\s+event|without\s+the\s+(?:prior\s+)?(?:written\s+)?consent|owns?|owned|owner|ownership|under\s+an\s+obligation)\b/i,
  period: new RegExp(
    String.raw`\b(?:\d+|${NUMBER_WORD})\s*(?:\(\d+\)\s*)?(?:calendar\s+|business\s+)?(?:days?|weeks?|months?|years?)\b`,
    "i",
  ),
  amount: /\$\s?\d|\bdollars?\b|\bUSD\b|\bEUR\b|\d\s?%|\bper\s?cent\b|\[\s*\*[\s*]*\]/i,
  // "the laws of"; past an aside, "the internal substantive laws, but not the conflicts of law rules, of the
  // State of …"; or a place's name before "law": "governed by Florida law", "construed under New York law"
  // (the place's capital is read as written, so "governed by this law" names none)
  law: /\b(?:[Ll]aws?|LAWS?),?\s+(?:of|OF)\b|\b(?:[Ll]aws?|LAWS?)\b[^.;]{0,80},\s+(?:of|OF)\s+(?:the\s+|THE\s+)?[A-Z]|\b(?:[Gg]overned|[Cc]onstrued|[Ii]nterpreted|GOVERNED|CONSTRUED)\s+(?:by|under|in\s+accordance\s+with|BY|UNDER)\s+(?:the\s+|THE\s+)?(?:[A-Z][\w.]*\s+){1,3}(?:[Ll]aws?|LAWS?)\b/,
  // a forum: the courts of or sitting in a place, arbitration in a place (not "in the English language") or under an
  // institution's rules ("in accordance with the Rules of Arbitration of the International Chamber of Commerce"), a
  // venue or seat (a place's capital is the test); in a clause set in capitals, where every word has one, courts or
  // arbitration in a place named as one (`PLACE_IN_CAPITALS`)
  forum: new RegExp(
    String.raw`\b[Cc]ourts?\b[^.;]{0,80}\b(?:of|in|located|sitting|for)\s+(?:the\s+)?[A-Z]|\b[Aa]rbitration\b[^.;]{0,200}\b(?:in|at)\s+(?:the\s+)?(?![A-Z][a-z]+\s+language\b)[A-Z]|\b[Aa]rbitration\b[^.;]{0,200}\b(?:[Rr]ules\s+of|administered\s+by)\s+(?:the\s+)?[A-Z]|\b(?:[Vv]enue|[Ff]orum|[Ss]eat)\b[^.;]{0,60}\b(?:in|at)\s+(?:the\s+)?[A-Z]|\b(?:COURTS?|ARBITRATION)\b[^.;]{0,120}\b(?:OF|IN|LOCATED|SITTING|FOR|AT)\s+(?:THE\s+)?(?:[A-Z]+(?:\s+[A-Z]+)?,\s+)?${PLACE_IN_CAPITALS}`,
  ),
  // a ceiling on an amount: "shall be limited to the amount …", "shall not exceed", "in no event … exceed"
  cap: /\b(?:limited\s+to|(?:shall|will|may)\s+not\s+exceed|in\s+no\s+event\b[^.;]{0,120}\bexceed|maximum\s+(?:aggregate\s+)?liability)/i,
  // a survival clause: "… shall survive the termination or expiration of this Agreement", "Survival."
  survival: /\bsurviv(?:e|es|ed|al|ing)\b/i,
};

/**
 * Words of a question that name the kind it asks for, not the provision it asks about ("restrictions",
 * "required", "rights"): the sentence states the kind by its modal, not by repeating them. Each entry is a
 * word as `askedTopic` forms it, or a stem ending in "-".
 */
const KIND_WORDS: readonly string[] = [
  "allow-",
  "permit-",
  "entitl-",
  "free",
  "let",
  "lets",
  "right",
  "option",
  "requir-",
  "oblig-",
  "must",
  "commitment",
  "commit",
  "covenant",
  "responsib-",
  "need",
  "barr-",
  "bar",
  "prohibit-",
  "restrict-",
  "prevent-",
  "stop",
  "forbid-",
  "preclud-",
  "not",
  "non",
  "owns",
  "own",
  "owner-",
  "ownership",
  "title",
  "long",
  "last",
  "until",
  "much",
  "govern-",
  "law",
  "cap",
  "capp-",
  "limit-",
  "ceiling",
  "bear",
  "borne",
  "absorb-",
  "state",
  "exist",
];

const isKindWord = (w: string) =>
  KIND_WORDS.some((k) => (k.endsWith("-") ? w.startsWith(k.slice(0, -1)) : w === k || w === `${k}s`));

/**
 * Words of a question asking what survives that name the instrument's end, which every survival clause is
 * about ("survive the end of the agreement" of "… shall survive termination or expiration").
 */
const SURVIVAL_WORDS = /^(?:surviv|end|termin|expir|cancel)/;

/** The kinds a question asks for (empty: none of `AskedKind`). */
export function askedKinds(question: string): AskedKind[] {
  const ask = parseQuestion(question).ask;
  return ASKS.filter(([, re]) => re.test(ask)).map(([k]) => k);
}

/** Whether `text` states one of `kinds` (`STATES`). */
export function statesKind(text: string, kinds: readonly AskedKind[]): boolean {
  return kinds.some((k) => STATES[k].test(text));
}

/** What a question asks about beyond the kind it asks for: its topic (`askedTopic`) less `KIND_WORDS`. */
export function topicBeyondKind(question: string): string[] {
  const kinds = askedKinds(question);
  const forum = kinds.includes("forum");
  const survival = kinds.includes("survival");
  // "choice of law" names the governing law asked, as "governing" does
  const law = kinds.includes("law");
  const disputants = forum ? betweenWords(question) : new Set<string>();
  return askedTopic(question).filter(
    (w) =>
      !isKindWord(w) &&
      !(forum && (FORUM_WORDS.test(w) || disputants.has(w))) &&
      !(survival && SURVIVAL_WORDS.test(w)) &&
      !(law && w === "choice"),
  );
}

/**
 * The words of "between A and B" in a question: whom a dispute is between names the instrument's parties, which
 * its forum clause calls "the parties" ("How are disputes between STAAR and its distributor resolved?").
 */
function betweenWords(question: string): Set<string> {
  const m =
    /\bbetween\s+([^?]{1,160}?)(?=\s+(?:be|are|is|get|gets)?\s*(?:resolved|settled|decided|determined|heard|arbitrated|litigated|brought|tried)\b|[?,;]|$)/i.exec(
      question,
    );
  return new Set(m ? contentWords(m[1] as string) : []);
}

/**
 * Words of a question asking where disputes are heard that name the forum, not what is asked about: every
 * forum clause is about disputes, claims or proceedings heard by courts or arbitrators, at a seat or place.
 */
const FORUM_WORDS =
  /^(?:disput|controvers|claim|proceed|court|hear|heard|arbitrat|litigat|forum|venue|brought|sue|sued|tried|resolv|settl|submit|jurisdict|lawsuit|suits?$|seat|situs|place$|location$)/;

/** How far down the decision's order a statement of a law or a forum is looked for. */
const PLACED_WINDOW = 3;

/** The kinds read below the decision's first sentence. */
const PLACED: readonly AskedKind[] = ["law", "forum"];

/**
 * A silence overruled where the decision's first sentence is a statement of the kind the question asks
 * for, about everything it asks about (issue #16, item 1).
 *
 * A lawyer asks in other words than the drafting's ("Can AP terminate …?" of "Either Party may terminate
 * …"; "Who owns the work product?" of "… will own exclusively all Work Product"), so the sentence that
 * answers has a low word coverage and its calibrated probability may fall under the bar. What the bar's
 * features do not read is whether the sentence is of the kind asked: a question asks for a right, a duty,
 * a bar, title, a period, an amount or a governing law (`askedKinds`), and an operative sentence states
 * it by its modal or its figure (`STATES`). The decision's first sentence is cited when it is operative
 * (not a recital, heading, lead-in, signature or address block), states a kind the question asks for,
 * and speaks of every word of what is asked beyond the kind (`topicBeyondKind`, read as `statesTopic`
 * reads it: the sentence, its heading, its answering unit). A near-topic sentence of a question the
 * documents do not answer fails the last test: "agrees not to solicit orders" is a bar on soliciting,
 * but not of employees. Nothing here is a fitted number; the decision's probability is returned
 * unchanged, so what the bar means is unchanged too.
 *
 * A question that asks for a governing law or a forum is read further down: the first of the decision's
 * first `PLACED_WINDOW` sentences that states a law or a forum in kind is cited. Those are stated in words no
 * other clause uses ("the laws of", "the courts of … located in"), so one below a litigation-costs sentence
 * still answers "In which courts must disputes be brought?". Any other kind is read in the first sentence
 * only: measured further down, a statement of a right, a duty, a period or an amount was on gold about 40 % of
 * the time (`docs/answers/evidence-decision.md`).
 *
 * A decision that already cites something is returned unchanged, and so is every decision under the
 * built-in relevance (`BUILTIN_RELEVANCE`), as for `answerOnAgreement`: the rule overrules the bar on an
 * embedder's ranking, not on a cosine of the question's own words.
 */
export function answerInKind(
  question: string,
  decided: AskDecision<ScoredCandidate>,
  scored: readonly ScoredCandidate[],
  relevanceOf: string,
  titles = true,
): AskDecision<ScoredCandidate> {
  if (decided.cited.length > 0 || relevanceOf === BUILTIN_RELEVANCE) return decided;
  // below the first sentence, only a statement of a law or a forum asked for
  const placed = askedKinds(question).some((k) => PLACED.includes(k));
  const first = scored
    .slice(0, placed ? PLACED_WINDOW : 1)
    .find((c) => inKind(question, c, titles) && (c === scored[0] || statesKind(c.text, PLACED)));
  return first ? { cited: [first], probability: decided.probability } : decided;
}

/**
 * Whether `c` is an operative statement of a kind `question` asks for, about all it asks beyond the kind.
 * `titles`: whether a law or forum question's instrument may be spoken of by the document's title (not when
 * the question names parties that no document of the extract names: routing then reached another deal, whose
 * instrument of the same kind has a title of the same words).
 */
export function inKind(question: string, c: ScoredCandidate, titles = true): boolean {
  const kinds = askedKinds(question);
  if (kinds.length === 0 || !statesKind(c.text, kinds)) return false;
  if (isNotOperative(c.text) || c.headingLine === true || /:\s*$/.test(c.text)) return false;
  const topic = topicBeyondKind(question);
  // a question that names nothing beyond the kind asks for the kind alone: only a governing law, a forum or what
  // survives is that plain, and the sentence must state that plain kind itself, not another the question also
  // reads ("must … be brought" a duty)
  if (topic.length === 0)
    return (["law", "forum", "survival"] as const).some((k) => kinds.includes(k) && STATES[k].test(c.text));
  // What a law governs or a forum hears is an instrument ("Which law governs the CEO's change of control and
  // severance agreement?"), which its governing-law clause calls "this Agreement": the instrument's own title
  // or filed name may speak of those words.
  const titled =
    titles && kinds.some((k) => k === "law" || k === "forum")
      ? contentWords(`${c.item.title ?? ""} ${c.item.docLabel}`)
      : [];
  return topic.every((w) => statesTopic([w], c) || titled.some((t) => speaksOf(w, t)));
}

/** The kinds a cited sentence is read for against its passage's other sentences: those drafting states by a figure or a place. */
const STATED_BY_FIGURE_OR_PLACE: readonly AskedKind[] = ["period", "amount", "law", "forum", "cap"];

/**
 * A cited sentence that does not state the kind the question asks for gives way to the sentence of its own
 * passage that does (issue #16, item 1). "Where would a dispute under the NDA be arbitrated?" was answered
 * with "… the dispute shall be referred to arbitration under the Indian Arbitration and Conciliation Act, 1995
 * by a panel of three arbitrators", whose passage goes on "Arbitration shall be held in Hyderabad, India.":
 * the decision ranks the sentence that shares the question's words above the one that states the place. Only
 * the kinds drafting states by a figure or a place (a period, an amount, a law, a forum, a cap), only within
 * the cited sentence's own passage (the same provision, so the same topic), and only to a sentence that
 * passes the in-kind test (`inKind`: operative, of the kind, about all the question asks beyond it); the
 * most probable such sentence. Otherwise the citation stays.
 */
export function citeInKindOfPassage<T extends ScoredCandidate>(
  question: string,
  cited: readonly T[],
  scored: readonly T[],
): T[] {
  const kinds = askedKinds(question).filter((k) => STATED_BY_FIGURE_OR_PLACE.includes(k));
  if (kinds.length === 0) return [...cited];
  return citeInstead(cited, scored, {
    gives: (c) => !statesKind(c.text, kinds),
    takes: (o, c) => samePassage(o, c) && statesKind(o.text, kinds) && inKind(question, o),
    staysAlone: true,
  });
}
