/**
 * Words a lawyer asks about a provision with, and the words a clause states it in instead. A question
 * names a provision by what it does ("What restrictions apply to assignment?", "Is there revenue
 * sharing?", "When does it expire?"); the clause says it ("may not be assigned without the prior written
 * consent", "a royalty of five percent of Net Sales", "shall remain in effect until …"). Each entry: the
 * asking words, then the drafting words; a word as `contentWords` forms it, or a stem ending in "-".
 * Payment words are left out on purpose: every commercial clause has them, so "fee" read as "payment"
 * would let any payment clause answer for a fee the documents do not name.
 */
export const DRAFTED_AS: readonly (readonly [readonly string[], readonly string[]])[] = [
  // when an agreement expires is stated as what it remains in effect until, or for its term
  [
    ["expir-", "expiry"],
    ["term", "remain", "until", "continu-", "period", "perpetu-"],
  ],
  // how long something lasts is stated as a period of so many years, months or days
  [
    ["long", "duration", "last"],
    ["term", "period", "year", "month", "day", "until", "perpetu-"],
  ],
  // staying in force (or "in effect", as a lawyer asks it too) is stated as remaining valid or in effect (not as
  // any period: "for one year following termination" is an audit or survival clause, not how long the instrument
  // lasts); "effective" is another word, a date
  [
    ["force", "valid-", "effect"],
    ["valid-", "effect", "remain", "force"],
  ],
  // the seat, situs, venue or forum asked is stated as the courts, the jurisdiction or the arbitration it names
  [
    ["seat", "situs", "venue", "forum"],
    ["seat", "situs", "venue", "forum", "court-", "jurisdiction", "arbitrat-"],
  ],
  // rights of first refusal, first offer and first negotiation are one family of rights
  [["refusal"], ["refusal", "negotiat-", "offer"]],
  // a renewal is an extension for further periods
  [["renew-"], ["extend-", "extension", "successive", "additional", "period"]],
  // a restriction is stated as a prohibition or a consent needed ("not" alone is in every other clause)
  [
    ["restrict-", "prohibit-", "limitation"],
    ["restrict-", "prohibit-", "consent", "approv-"],
  ],
  // sharing revenue or profit is stated as a royalty, a percentage or a split of proceeds
  [
    ["revenue", "profit-", "shar-"],
    ["royalt-", "percent-", "proceed-", "commission-", "split", "revenue", "profit-", "net"],
  ],
  // a minimum commitment: at least so many, a minimum purchase
  [
    ["minimum", "commitment", "commit-"],
    ["minimum", "least", "purchas-", "order-"],
  ],
  // who owns what is created: title vests in, is assigned to, is the property of
  [
    ["own-", "owns", "ownership"],
    ["own-", "title", "vest-", "assign-", "property", "proprietary"],
  ],
  // a change of control: a merger, an acquisition, a sale of substantially all assets
  [["control"], ["merger", "merg-", "acqui-", "consolidat-", "substantially", "reorganiz-"]],
  // termination for convenience: without cause, for any reason, at its discretion, on notice
  [
    ["convenience", "cause", "reason"],
    ["convenience", "cause", "reason", "discretion", "notice"],
  ],
  // a covenant not to sue: not contest or challenge, bring no claim or action
  [
    ["sue", "sues", "sued", "suing", "suit"],
    ["sue", "suit", "contest-", "challeng-", "claim", "action", "proceeding"],
  ],
  [["disparag-"], ["disparag-", "derogatory", "defam-", "reputation", "negative"]],
  // a rival is drafted as a competitor or a competing business
  [["rival", "rivals"], ["compet-"]],
  // what continues after termination survives it
  [
    ["surviv-", "continu-"],
    ["surviv-", "continu-", "remain", "thereafter", "following"],
  ],
  // liability not capped: excepted from the limitation or exclusion
  [
    ["uncapp-", "unlimit-"],
    ["except-", "exclud-", "exclusion", "limit-", "cap", "exceed-", "notwithstanding"],
  ],
  // required insurance is drafted as insurance, coverage or what is insured or underwritten; a party
  // "maintains" books, "carries" on business and has "policies" of every kind, so those verbs and that
  // noun alone state no insurance
  [
    ["insurance", "insur-"],
    ["insur-", "coverage", "underwrit-", "premium-"],
  ],
  // hiring is hiring or recruiting someone away, not any mention of employment
  [
    ["employee", "employ-"],
    ["employ-", "personnel", "staff"],
  ],
  [
    ["hir-", "poach-"],
    ["hir-", "recruit-", "solicit-"],
  ],
  // a company's executives are drafted among its officers, directors and employees
  [
    ["executive-", "officer-"],
    ["executive-", "officer-", "director-", "employ-", "personnel", "management"],
  ],
  [
    ["volume", "quantit-"],
    ["volume", "quantit-", "unit", "maximum", "exceed-"],
  ],
  [["beneficiar-"], ["beneficiar-", "third", "enforce-"]],
  [
    ["irrevocabl-", "perpetu-"],
    ["irrevocabl-", "perpetu-", "fully", "paid"],
  ],
  [
    ["transferabl-", "transfer-"],
    ["transfer-", "assign-", "sublicens-"],
  ],
  // the provisions' own names that share no stem
  [
    ["law", "govern-"],
    ["law", "govern-", "jurisdiction"],
  ],
  [["assign-"], ["assign-", "transfer-", "delegat-", "novat-"]],
  [["terminat-"], ["terminat-", "cancel-", "rescind-", "rescission"]],
  [
    ["cap", "capp-"],
    ["cap", "capp-", "limit-", "maximum", "exceed-", "aggregate"],
  ],
  [["audit-"], ["audit-", "inspect-", "examin-", "book", "books", "record", "records"]],
  [["solicit-"], ["solicit-", "hire", "hir-", "recruit-", "employ-"]],
  // calling or approaching a customer, supplier or employee is contacting or soliciting them
  [
    ["call", "calls", "calling", "phone", "approach-"],
    ["contact-", "solicit-", "approach-", "communicat-"],
  ],
  // a seller's debts are its liabilities and obligations; a buyer takes them on by assuming them
  [
    ["debt", "debts"],
    ["debt", "debts", "liabilit-", "obligation-", "indebted-"],
  ],
  [
    ["take", "takes", "taking", "took"],
    ["take", "takes", "taking", "assum-", "acquir-"],
  ],
  // unsold stock is a distributor's inventory
  [
    ["unsold", "stock"],
    ["inventor-", "stock", "resal-"],
  ],
  [["indemni-"], ["indemni-", "harmless"]],
  // a party's lawyers are its attorneys or counsel, and what they cost its legal fees
  [["lawyer-"], ["attorney-", "counsel", "legal", "lawyer-"]],
  // firing someone is terminating or dismissing them ("fire" alone is also a fire: insurance, damage, force majeure)
  [
    ["fired", "firing"],
    ["terminat-", "dismiss-", "discharg-"],
  ],
  // going bust is bankruptcy, insolvency, a receiver or a winding up ("broke" is also a breach: "broke the agreement")
  [
    ["bankrupt-", "bust"],
    ["bankrupt-", "insolven-", "receiver-", "liquidat-", "winding", "creditors"],
  ],
  // keeping a thing secret is keeping it confidential
  [["secret-"], ["secret-", "confidential-", "proprietary"]],
  // paying late leaves an overdue, delinquent or late amount (not any amount "due": every payment clause has one)
  [
    ["late", "lateness"],
    ["overdue", "delinquen-", "late-", "arrear-"],
  ],
  // a penalty for ending or repaying early is drafted as a fee or a premium payable on it
  [["penalt-"], ["penalt-", "fee", "premium", "liquidated"]],
  // a buyer's due diligence runs for an investigation, inspection, feasibility or study period
  [["diligence"], ["diligence", "investigat-", "inspect-", "feasibilit-", "study"]],
  [
    ["compet-", "compete"],
    ["compet-", "noncompet-"],
  ],
];

const matches = (w: string, entry: string) => (entry.endsWith("-") ? w.startsWith(entry.slice(0, -1)) : w === entry);

/** Whether a sentence's word drafts an asked word in the field's vocabulary (`DRAFTED_AS`). */
export function draftedAs(asked: string, word: string): boolean {
  return DRAFTED_AS.some(
    ([asking, drafted]) => asking.some((e) => matches(asked, e)) && drafted.some((e) => matches(word, e)),
  );
}
