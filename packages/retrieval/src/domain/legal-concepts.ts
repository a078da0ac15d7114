import * as LAY from "./lay-phrases.ts";
import { contentWords } from "./question.ts";
import { otherSpelling } from "./shorthand.ts";

/**
 * A small thesaurus of contract concepts: the words a question uses for a concept, and the words the
 * clauses that carry it tend to use instead ("When does it expire?" is answered by "shall continue for
 * a term of three years"). Keys are the names lawyers and clause catalogues give these provisions
 * (governing law, assignment, cap on liability, most favoured nation, ...) and the ways a lawyer asks
 * for them ("how long", "after the amendment"); values are how commercial contracts and loan documents
 * phrase them. No key repeats a benchmark question's wording (test/generalisation). The first keys were
 * chosen while reading CUAD dev questions, so CUAD dev figures flatter them somewhat: docs/retrieval.md
 * says so next to the numbers, and the natural-question bench measures them on other wordings.
 */
const CONCEPTS: Array<[RegExp, string, ("whole ask" | "lay words")?]> = [
  [
    /\bexpir\w*|\bhow long\b|\bduration\b/i,
    "term expiration continue until years period remain force effect terminate",
  ],
  [/\brenew\w*/i, "renewal renew renewed automatically successive additional extend term"],
  // "which governs" of two instruments that conflict asks their order of precedence, not the governing law
  [
    /^(?![\s\S]*\b(?:inconsisten\w*|conflict\w*)\b)[\s\S]*(?:\bgovern\w*|\blaws?\b)/i,
    "governed governing laws construed state jurisdiction",
  ],
  [
    /\binconsisten\w*|\bconflict\w*|\bprevails?\b|\bprecedence\b/i,
    "conflict inconsistent inconsistency prevail control govern supersede precedence",
  ],
  [/\bassign\w*/i, "assign assigned assignment transfer consent delegate successors"],
  [/\bminimum\b|\bcommitment\b/i, "minimum purchase least quantity commitment annual"],
  [/\blicens\w*/i, "license licenses grant grants hereby right rights royalty exclusive"],
  [/\baudit\w*/i, "audit inspect examine books records accountant access"],
  [/\bcap\b|\bliabilit\w*/i, "liability exceed aggregate limited amounts paid damages consequential"],
  [/\bwarrant\w*/i, "warranty warrants warranted period months defects free"],
  [/\bexclusiv\w*/i, "exclusive exclusively sole solely only"],
  [/\brevenue\b|\bprofit\w*/i, "revenue profit share percent royalty net sales proceeds"],
  [/\buncapped\b/i, "unlimited exclusion indemnification gross negligence willful misconduct"],
  [/\bchange of control\b/i, "merger acquisition control acquire majority voting"],
  [/\bcompet\w*/i, "compete competing competitive engage similar business territory"],
  [/\binsurance\b/i, "insurance insured coverage policy policies insurer"],
  [/\bconvenience\b/i, "terminate without cause reason convenience notice days"],
  [/\bdisparag\w*/i, "disparage disparaging negative statements reputation"],
  [/\bsolicit\w*|\bhiring\b/i, "solicit hire employ employees induce"],
  // A lawyer's own words for what the drafting calls otherwise. No clause uses them, so a question of any
  // length that asks in them has no word of the clause to find it by: these are read in long asks too. A
  // phrase the answer's lay-word table reads as well is one pattern of `lay-phrases.ts`.
  [/\blawyers?\b|\blegal\s+(?:fees|costs)\b/i, "attorneys fees costs expenses prevailing party", "lay words"],
  [
    /\bfired\b|\bfiring\b|\bfire\s+(?:the|an?|his|her|its|their)\s+(?!insur|damage|loss)/i,
    "terminate termination dismiss discharge employment cause",
    "lay words",
  ],
  [
    /\bbankrupt\w*|\binsolven\w*|\bgo(?:es)?\s+bust\b/i,
    "bankruptcy insolvency insolvent receiver liquidation creditors petition",
  ],
  [/\bkicks?\s+in\b/i, "effective date commence begin apply", "lay words"],
  [/\bpenalt\w*/i, "fee premium prepayment termination liquidated damages"],
  [/\bsign(?:s|ed)?\s+off\b/i, "approve approval consent prior written", "lay words"],
  [/\bbuys?\s+(?:[\w'’]+\s+){0,3}out\b/i, "purchase option repurchase acquire price", "lay words"],
  [LAY.PAID_BACK, "repay repayment reimburse refund", "lay words"],
  [/\bup\s*front\b/i, "upfront initial signing execution payment fee", "lay words"],
  // walking away from, backing or pulling out of a deal is terminating it
  [
    /\bwalk(?:s|ing)?\s+away\b|\b(?:back|pull|opt|get)s?\s+out\b|\bquit\b/i,
    "terminate termination withdraw cancel notice",
    "lay words",
  ],
  // hiring, luring or poaching someone away is soliciting them for employment
  [/\b(?:hir|lur|recruit)\w*\b[^?.]{0,40}\baway\b|\bpoach\w*/i, "solicit employ hire employees induce", "lay words"],
  // the talks are the discussions or negotiations of the possible transaction
  [/\btalks\b/i, "discussions negotiations transaction evaluation", "lay words"],
  // a regulator is a governmental authority; what it demands, disclosure required by law
  [/\bregulators?\b/i, "governmental authority regulatory agency required law", "lay words"],
  // carrying or taking out insurance is maintaining it
  [/\b(?:carry|carries|take\s+out|takes\s+out)\b(?=[^?]*\binsur)/i, "maintain insurance policy coverage", "lay words"],
  // a rival is a competitor; being on the hook is being liable; pulling the plug is terminating
  [/\brivals?\b/i, "competing competitive competitor compete", "lay words"],
  [LAY.ON_THE_HOOK, "liable liability responsible indemnify", "lay words"],
  [LAY.PULL_THE_PLUG, "terminate termination", "lay words"],
  // footing the bill or picking up the tab is bearing the costs
  [LAY.FOOT_THE_BILL, "bear borne costs expenses", "lay words"],
  // badmouthing is disparaging; a heads-up is notice
  [LAY.BADMOUTH, "disparage disparaging negative statements reputation", "lay words"],
  [LAY.HEADS_UP, "notice notify prior written", "lay words"],
  // moonlighting is other employment or business activity
  [LAY.MOONLIGHTING, "outside employment business activities engage consent", "lay words"],
  // a partner cashing out withdraws or is redeemed; one kicked or booted out is removed
  [LAY.CASH_OUT, "withdraw withdrawal redeem redemption transfer interest", "lay words"],
  [LAY.KICKED_OUT, "remove removal expel cause vote", "lay words"],
  // sitting on the board is holding a director's seat
  [LAY.SIT_ON_THE_BOARD, "director board seat designate appoint nominate", "lay words"],
  // clawing money back is recouping or recovering it
  [LAY.CLAW_BACK, "clawback recoup recover repay forfeit", "lay words"],
  // asking for a thing back is requesting its return
  [LAY.ASKED_BACK, "request return returned deliver destroy", "lay words"],
  // stepping in to buy what another would: a right of first refusal (or offer), drafted as a right to purchase
  [
    /\bstep\s+in\s+and\s+(?:buy|purchase|acquire)\b|\b(?:buy|purchase|acquire)\s+(?:it\s+|them\s+)?(?:instead|first)\b|\bmatch\s+(?:the|an?|any|that)\s+(?:third[- ]party\s+)?(?:offer|bid|price)\b/i,
    "first refusal offer purchase same terms notice transfer",
    "lay words",
  ],
  [/\bfirst refusal\b|\bfirst offer\b|\bfirst negotiation\b/i, "first refusal offer negotiate notice right"],
  [/\bmost.favou?red\b/i, "favorable terms pricing prices customer no less"],
  [/\bvolume\b/i, "volume units quantity exceed maximum"],
  [/\bcovenant not to sue\b/i, "sue challenge contest validity claim"],
  [/\bintellectual property\b|\bip\b/i, "intellectual property ownership owns title rights patents"],
  [/\bpost.?termination\b|\bafter termination\b/i, "survive surviving expiration termination continue obligations"],
  [/\bthird.party beneficiar\w*/i, "third party beneficiary beneficiaries enforce"],
  [/\birrevocable\b|\bperpetual\b/i, "irrevocable perpetual fully paid royalty free"],
  [/\btransferable\b/i, "transferable sublicensable assignable transfer"],
  [/\bprice\w*/i, "price prices pricing increase adjust"],
  // credit agreements: how loan documents phrase what a lawyer asks first
  [/\bmatur\w*/i, "maturity date due payable repay repaid final termination"],
  [/\bprepa\w*/i, "prepay prepayment prepaid optional voluntary voluntarily prior notice notification business days"],
  [/\binterest rates?\b|\bbears? interest\b/i, "interest rate per annum applicable margin bear accrue base"],
  [
    /\bfinancial covenants?\b/i,
    "financial covenant ratio leverage coverage net worth liquidity minimum maximum maintain",
  ],
  [
    /\bconditions? (?:precedent|to)\b|\beffectiveness\b/i,
    "conditions precedent effective satisfied received delivered",
  ],
  [/\bguarant\w*/i, "guarantee guarantees guarantor guaranteed obligations unconditionally irrevocably"],
  // "What does the amendment change?", "What is the term after the second amendment?": what is in force
  // after an amendment is in its operative clauses, which amend, delete and replace text. The instrument
  // is part of the concept: it is read in the whole ask, also where the words that name the instrument
  // were set aside to rank inside it.
  [
    /\bamendments?\b|\bas amended\b/i,
    "amended hereby delete deleting stricken replace replacing restated inserting added",
    "whole ask",
  ],
];

/** Questions with more content words than this carry their own clause vocabulary and are left alone. */
export const CONCEPT_EXPANSION_MAX_WORDS = 6;

/**
 * The question's asking part with the clause words of the concepts it names appended. Only short
 * questions ("Is there a cap on liability?") are expanded: a long statement of what a clause should
 * say already uses the clause's words, and extra words would only blur it. `whole` is the asking part
 * before the words naming an instrument were set aside from `ask` (`withoutMentions`): a concept that
 * is about the instrument ("What does the second amendment change?") is read there.
 */
export function expandConcepts(ask: string, whole: string = ask): string {
  const long = contentWords(ask).length > CONCEPT_EXPANSION_MAX_WORDS;
  const extra = CONCEPTS.filter(
    ([re, , on]) => (!long || on === "lay words") && re.test(on === "whole ask" ? whole : ask),
  ).map(([, words]) => words);
  // and each word's other spelling: a question's "advisors" finds the clause's "advisers" (`shorthand.ts`)
  for (const w of new Set(ask.toLowerCase().match(/[a-z]+/g) ?? [])) {
    const other = otherSpelling(w);
    if (other !== null) extra.push(other);
  }
  return extra.length === 0 ? ask : `${ask} ${extra.join(" ")}`;
}
