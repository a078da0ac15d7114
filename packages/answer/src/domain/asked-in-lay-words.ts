import { contentWords, LAY_PHRASES as LAY, parseQuestion } from "@lexnav/retrieval";
import { type AskedKind, askedKinds, statesKind, topicBeyondKind } from "./answer-in-kind.ts";
import { BUILTIN_RELEVANCE } from "./evidence-decision.ts";
import type { Candidate, ScoredCandidate } from "./evidence-model.ts";
import type { AskDecision } from "./multi-ask.ts";
import { isNotOperative } from "./operative-first.ts";
import { questionParties } from "./party-scope.ts";
import { statesTopic } from "./states-asked.ts";

/**
 * A lawyer asks about a right, a duty or an event in everyday verbs; the clause states it in the drafting's
 * ("Can the recipient share … with its advisers?" of "The Recipient may disclose … to its professional
 * advisers"; "Does X have to carry … insurance?" of "X shall maintain … insurance"; "Can a party walk away
 * …?" of "Either party may terminate …"). `answerInKind` asks the decision's first sentence to speak of
 * every word of the question's topic, so a silence stays where the only word it misses is the lay verb.
 * Each entry: when the question reads so (`when`), the asked word (as `contentWords` forms it) is met by a
 * sentence that speaks of one of the drafting's words (`speaksOf`: their families and stems), or, with no
 * drafting words, says nothing the sentence must repeat (a verb of holding insurance names no more than the
 * insurance; a verb of making in "Who owns the work product X creates?" names no more than the work).
 */
interface LayWord {
  asked: readonly string[];
  /** The question's own words that make it this sense of the word (tested on the whole question). */
  when: RegExp;
  /** The drafting's words for it; empty: the word says nothing a sentence must repeat. */
  drafted: readonly string[];
  /**
   * What the sentence must name itself for the word to be left out: the thing the verb takes. A verb of
   * holding insurance is left out only of a sentence that names insurance, coverage or a bond in its own
   * words; the field's table reads "policy" as insurance, and a privacy policy is none.
   */
  object?: RegExp;
}

const INSURANCE_ASKED = /\b(?:insurance|insured|cover|coverage|polic(?:y|ies)|bond)\b/i;
const INFORMATION_ASKED = /\b(?:information|data|materials?|documents?|secrets?|confidential|know-how)\b/i;
const OWNERSHIP_ASKED = /\b(?:owns?|owned|owner(?:ship)?|title)\b/i;

const LAY_WORDS: readonly LayWord[] = [
  // holding a policy: "carry", "keep", "have", "take out", "buy" insurance, by drafting "maintain", "procure"
  {
    asked: ["carry", "carries", "hold", "holds", "keep", "keeps", "buy", "buys", "purchase", "obtain", "take"],
    when: INSURANCE_ASKED,
    drafted: [],
    object: /\binsur|\bcoverage\b|\bbonds?\b/i,
  },
  // insurance "cover" is drafted as coverage or insurance
  { asked: ["cover"], when: INSURANCE_ASKED, drafted: ["coverage", "insurance"] },
  // passing on information: "share", "tell", "pass", "show", "give", "hand", "leak" is to disclose it
  {
    asked: ["share", "shares", "tell", "tells", "pass", "show", "shows", "give", "gives", "hand", "leak", "leaks"],
    when: INFORMATION_ASKED,
    drafted: ["disclose", "disclosure", "communicate", "furnish", "reveal", "divulge"],
  },
  // an adviser is drafted among a party's representatives, consultants, counsel, accountants
  {
    asked: ["adviser", "advisor"],
    when: /./,
    drafted: [
      "adviser",
      "advisor",
      "consultant",
      "representative",
      "counsel",
      "attorney",
      "accountant",
      "professional",
    ],
  },
  // a regulator's demand is drafted as disclosure required by law, a court or a governmental authority
  {
    asked: ["regulator"],
    when: /./,
    drafted: ["regulatory", "regulation", "governmental", "government", "authority", "agency", "court", "law"],
  },
  {
    asked: ["demand", "demands"],
    when: INFORMATION_ASKED,
    drafted: ["demand", "request", "require", "order", "compel", "subpoena", "process"],
  },
  // walking away, backing or pulling out of a deal is terminating it
  {
    asked: ["walk", "exit", "quit"],
    when: /\b(?:walk(?:s|ing)?\s+away|exit|quit)\b/i,
    drafted: ["terminate", "withdraw", "cancel"],
  },
  { asked: ["away", "out"], when: /\b(?:walk|back|pull|get|opt)s?\s+(?:away|out)\b/i, drafted: [] },
  { asked: ["back", "pull", "opt"], when: /\b(?:back|pull|opt)s?\s+out\b/i, drafted: ["terminate", "withdraw"] },
  // hiring, luring or poaching someone away is soliciting them for employment; "away" says nothing more
  { asked: ["away"], when: /\b(?:hir|lur|poach|recruit)\w*\b[^?.]{0,40}\baway\b/i, drafted: [] },
  // the people a party met or dealt with during the talks: a non-solicitation's reach, not its words
  {
    asked: ["meet", "meets", "met", "deal", "deals", "dealt"],
    when: /\b(?:employees?|executives?|officers?|staff|personnel)\b/i,
    drafted: [],
  },
  // the talks, or the negotiations, are the discussions of the possible transaction
  {
    asked: ["talk", "talks"],
    when: /./,
    drafted: ["discussion", "negotiation", "negotiate", "transaction", "evaluation"],
  },
  // when a release, a right or a price "kicks in" is when it takes effect or begins to apply
  {
    asked: ["kick", "kicks"],
    when: /\bkicks?\s+in\b/i,
    drafted: ["effective", "effect", "commence", "begin", "apply", "date"],
  },
  // signing off on something is approving or consenting to it
  {
    asked: ["sign", "signs", "signed", "off"],
    when: /\bsign(?:s|ed)?\s+off\b/i,
    drafted: ["approve", "approval", "consent"],
  },
  // buying a party out is purchasing its interest
  {
    asked: ["buy", "buys", "out"],
    when: /\bbuys?\s+(?:\w+\s+){0,3}out\b/i,
    drafted: ["purchase", "acquire", "repurchase"],
  },
  // paying money back is repaying or reimbursing it
  {
    asked: ["pay", "pays", "paid", "back"],
    when: LAY.PAID_BACK,
    drafted: ["repay", "repaid", "repayment", "reimburse", "refund"],
  },
  // being on the hook is being liable or responsible; pulling the plug is terminating
  {
    asked: ["hook"],
    when: LAY.ON_THE_HOOK,
    drafted: ["liable", "liability", "responsible", "indemnify"],
  },
  { asked: ["pull", "pulls", "plug"], when: LAY.PULL_THE_PLUG, drafted: ["terminate", "termination"] },
  // footing the bill or picking up the tab is bearing the costs
  {
    asked: ["foot", "foots", "pick", "picks", "bill", "tab"],
    when: LAY.FOOT_THE_BILL,
    drafted: ["cost", "expense", "bear", "borne"],
  },
  // badmouthing is disparaging; a heads-up is notice
  {
    asked: ["badmouth", "badmouths", "badmouthing"],
    when: LAY.BADMOUTH,
    drafted: ["disparage", "derogatory", "negative"],
  },
  { asked: ["heads", "head"], when: LAY.HEADS_UP, drafted: ["notice", "notify", "notification"] },
  // moonlighting is other employment or business activity
  {
    asked: ["moonlight", "moonlighting", "side", "job", "gig"],
    when: LAY.MOONLIGHTING,
    drafted: ["employment", "employ", "engage", "business", "outside"],
  },
  // a partner cashing out withdraws or is redeemed; one kicked or booted out is removed
  {
    asked: ["cash", "out"],
    when: LAY.CASH_OUT,
    drafted: ["withdraw", "withdrawal", "redeem", "redemption", "transfer"],
  },
  {
    asked: ["kick", "kicks", "kicked", "boot", "boots", "booted", "out"],
    when: LAY.KICKED_OUT,
    drafted: ["remove", "removal", "expel", "expulsion"],
  },
  // sitting on the board is holding a seat on it: the board itself must still be named
  { asked: ["sit", "sits"], when: LAY.SIT_ON_THE_BOARD, drafted: [] },
  // clawing money back is recouping, recovering or forfeiting it
  {
    asked: ["claw", "claws", "clawed", "back"],
    when: LAY.CLAW_BACK,
    drafted: ["clawback", "recoup", "recover", "repay", "forfeit"],
  },
  // asking for a thing back is requesting its return: "if they ask for their materials back"
  {
    asked: ["ask", "asks", "asked", "want", "wants", "wanted", "demand", "demands", "back"],
    when: LAY.ASKED_BACK,
    drafted: ["request", "return", "demand"],
  },
  // what is paid up front is paid on signing, at execution or as an initial or upfront payment
  {
    asked: ["up", "front"],
    when: /\bup\s+front\b/i,
    drafted: ["upfront", "initial", "signing", "execution", "advance"],
  },
  // how long an agreement "runs" is its term
  {
    asked: ["run", "runs"],
    when: /\bhow\s+long\b/i,
    drafted: ["term", "period", "continue", "remain", "perpetual"],
  },
  // "in the first year" of an agreement is its initial term
  { asked: ["first"], when: /\bfirst\s+year\b/i, drafted: ["initial"] },
  { asked: ["year"], when: /\bfirst\s+year\b/i, drafted: ["term", "anniversary"] },
  // in "Who owns the work product X creates?" the making only describes the work
  {
    asked: ["create", "creates", "make", "makes", "develop", "develops", "produce", "produces", "generate", "invent"],
    when: OWNERSHIP_ASKED,
    drafted: [],
  },
  // "get", "gets": a light verb ("If the recipient gets a subpoena …")
  { asked: ["get", "gets", "got", "receive", "receives"], when: /./, drafted: [] },
];

/** The entry that reads `word` of `question` as a lay word, if any. */
function layWord(question: string, word: string): LayWord | undefined {
  return LAY_WORDS.find((e) => e.asked.includes(word) && e.when.test(question));
}

/**
 * A yes-or-no question whether an event happens or a provision holds ("Does the agreement renew
 * automatically?", "Will the licence end on a change of control?"): a provision answers it, stated by its
 * modal ("shall terminate automatically … unless …"), as `answerInKind` reads a right or a duty. Asked of an
 * event by its verb ("does … renew") only: "Is X's liability capped?" asks of a state, and a carve-out from a
 * limitation ("This limitation of liability will not apply for …") states a modal about it all the same.
 */
const WHETHER_ASKED = /^\s*(?:does|do|will|would)\b/i;

/** The kinds `question` asks for: `askedKinds`, and a provision for a yes-or-no question of an event. */
export function kindsAskedPlainly(question: string): AskedKind[] {
  const kinds = askedKinds(question);
  if (kinds.length > 0) return kinds;
  return WHETHER_ASKED.test(parseQuestion(question).ask) ? ["provision"] : [];
}

/**
 * Whether every word of the question's topic beyond its kind (`topicBeyondKind`) is spoken of by `c`, a lay
 * word by one of its drafting words (`LAY_WORDS`). False when a lay word is all the topic holds: what is
 * asked about must still be named.
 */
export function statesTopicInLayWords(question: string, c: Candidate): boolean {
  const topic = topicBeyondKind(question);
  let named = 0;
  for (const word of topic) {
    if (statesTopic([word], c)) {
      if (layWord(question, word)?.drafted.length !== 0) named++;
      continue;
    }
    const lay = layWord(question, word);
    if (lay === undefined) return false;
    if (lay.drafted.length === 0) {
      if (lay.object !== undefined && !lay.object.test(c.text.slice(0, 4_000))) return false;
      continue;
    }
    if (!lay.drafted.some((d) => statesTopic(contentWords(d), c))) return false;
    named++;
  }
  return named > 0;
}

/** Whether `c` is an operative statement of a kind asked, about all `question` asks read in the drafting's words. */
export function inKindInLayWords(question: string, c: ScoredCandidate): boolean {
  const kinds = kindsAskedPlainly(question);
  if (kinds.length === 0 || !statesKind(c.text, kinds)) return false;
  if (isNotOperative(c.text) || c.headingLine === true || /:\s*$/.test(c.text)) return false;
  return statesTopicInLayWords(question, c);
}

/**
 * A silence overruled, as `answerInKind` does, where the decision's first sentence states the kind asked
 * about what the question asks once its lay words are read as the drafting's (issue #16, item 1). The
 * decision's probability is returned unchanged; a decision that cites something, and every decision under
 * the built-in relevance, is returned unchanged.
 *
 * Below the first sentence, down to `LAY_WINDOW`, a sentence is cited only where it meets a word of the
 * question through a lay word's drafting words ("hire away … executives" of "solicit … officers or
 * employees"): a sentence under another that shares the question's words is read for what the lay words
 * ask, not for the kind alone (which `answerInKind` measured on gold about 40 % of the time). The answerer
 * reads on so, too, where `statesAsked` sets aside every sentence the decision cited: "Can the investor hire
 * away Taylor Capital's executives it meets in the talks?" cited a standstill sentence that shares "Taylor
 * Capital" and the talks, and its non-solicitation sentence stood second.
 *
 * A question that names its parties where no deal of theirs was found among the documents (`scoped` false:
 * `party-scope.ts` found none) is left silent: a lay word read broadly ("carry" insurance met by any clause
 * that maintains a policy) would let another deal's clause answer for the one asked about.
 */
export function answerInLayWords(
  question: string,
  decided: AskDecision<ScoredCandidate>,
  scored: readonly ScoredCandidate[],
  relevanceOf: string,
  scoped: boolean,
): AskDecision<ScoredCandidate> {
  if (decided.cited.length > 0 || relevanceOf === BUILTIN_RELEVANCE) return decided;
  if (!scoped && questionParties(question).length > 0) return decided;
  const found = scored
    .slice(0, LAY_WINDOW)
    .find((c) => inKindInLayWords(question, c) && (c === scored[0] || readInLayWords(question, c)));
  return found ? { cited: [found], probability: decided.probability } : decided;
}

/** How far down the decision's order a statement of what a lay word asks is looked for. */
const LAY_WINDOW = 3;

/** Whether `c` meets a word of the question's topic only through a lay word's drafting words. */
function readInLayWords(question: string, c: Candidate): boolean {
  return topicBeyondKind(question).some((w) => !statesTopic([w], c) && (layWord(question, w)?.drafted.length ?? 0) > 0);
}
