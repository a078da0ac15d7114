/**
 * The benchmark's wordings as a lawyer might ask them in other words, two per wording, written on
 * 2026-11-30 before any code read them: `tune` may be looked at while changing how a question reaches
 * the evidence model, `heldOut` only counted afterwards. The asking part only; the contract is the
 * benchmark question's own (`pnpm bench:paraphrase` asks with the asker limited to it).
 */
export interface Paraphrase {
  /** The benchmark's asking part, exactly (after "Consider ...;" or "does the agreement provide that"). */
  wording: string;
  tune: string;
  heldOut: string;
}

export const CUAD_PARAPHRASES: Paraphrase[] = [
  {
    wording: "When does this contract expire?",
    tune: "What is the expiration date of the agreement?",
    heldOut: "How long does the agreement last before it expires?",
  },
  {
    wording: "What is the renewal term?",
    tune: "For how long does the agreement renew?",
    heldOut: "Does the term renew automatically, and for what period?",
  },
  {
    wording: "What notice is required to terminate renewal?",
    tune: "How much notice must be given to prevent renewal?",
    heldOut: "By when must a party give notice of non-renewal?",
  },
  {
    wording: "Which law governs this contract?",
    tune: "What is the governing law of the agreement?",
    heldOut: "Under which state's laws is the agreement construed?",
  },
  {
    wording: "What restrictions apply to assignment?",
    tune: "Can the agreement be assigned without consent?",
    heldOut: "Is assignment of the agreement restricted?",
  },
  {
    wording: "Is there a minimum commitment?",
    tune: "Is there a minimum purchase commitment?",
    heldOut: "Must the buyer order a minimum quantity?",
  },
  {
    wording: "What licenses are granted?",
    tune: "What license rights does the agreement grant?",
    heldOut: "Which licenses does the licensor grant?",
  },
  {
    wording: "What audit rights exist?",
    tune: "Does a party have the right to audit the books and records?",
    heldOut: "Can the other party audit the records?",
  },
  {
    wording: "Is there a cap on liability?",
    tune: "Is liability capped under the agreement?",
    heldOut: "What is the maximum liability of a party?",
  },
  {
    wording: "How long do the warranties last?",
    tune: "What is the warranty period?",
    heldOut: "For how long is the product warranted?",
  },
  {
    wording: "Is there an exclusivity commitment?",
    tune: "Is the arrangement exclusive?",
    heldOut: "Does either party grant exclusive rights?",
  },
  {
    wording: "Is there revenue or profit sharing?",
    tune: "Do the parties share revenue or profits?",
    heldOut: "Is a share of the revenues payable to the other party?",
  },
  {
    wording: "Do the licensee's affiliates receive license rights?",
    tune: "May the licensee's affiliates use the licensed rights?",
    heldOut: "Are affiliates of the licensee licensed too?",
  },
  {
    wording: "Is there a right of first refusal, first offer or first negotiation?",
    tune: "Does a party have a right of first refusal?",
    heldOut: "Is there a right of first negotiation or first offer?",
  },
  {
    wording: "Is any liability uncapped?",
    tune: "Which liabilities are not subject to the cap?",
    heldOut: "Is there unlimited liability for any claims?",
  },
  {
    wording: "What happens on a change of control?",
    tune: "What are the consequences of a change of control?",
    heldOut: "Can the agreement be terminated on a change in control of a party?",
  },
  {
    wording: "Is there a most-favored-nation provision?",
    tune: "Is there a most favored customer clause?",
    heldOut: "Must a party offer terms at least as favorable as those given to others?",
  },
  {
    wording: "Is there a volume restriction?",
    tune: "Are there limits on the volume that may be purchased?",
    heldOut: "Is the quantity restricted?",
  },
  {
    wording: "Is there joint IP ownership?",
    tune: "Do the parties jointly own any intellectual property?",
    heldOut: "Is intellectual property owned jointly?",
  },
  {
    wording: "Is there a covenant not to sue?",
    tune: "Does a party agree not to sue the other?",
    heldOut: "Is a party barred from challenging the other's intellectual property?",
  },
  {
    wording: "What exceptions apply to the competitive restrictions?",
    tune: "What exceptions are there to the non-compete?",
    heldOut: "When may a party compete despite the restrictions?",
  },
  {
    wording: "Is there a non-compete?",
    tune: "Is a party restricted from competing?",
    heldOut: "Does the agreement contain a covenant not to compete?",
  },
  {
    wording: "Who owns or is assigned the intellectual property?",
    tune: "Who owns the intellectual property created under the agreement?",
    heldOut: "Is intellectual property assigned to a party?",
  },
  {
    wording: "What services or obligations continue after termination?",
    tune: "Which obligations survive termination?",
    heldOut: "What must a party still do after the agreement ends?",
  },
  {
    wording: "What insurance is required?",
    tune: "What insurance must a party maintain?",
    heldOut: "Are there insurance coverage requirements?",
  },
  {
    wording: "Can a party terminate for convenience, and how?",
    tune: "May a party terminate the agreement without cause?",
    heldOut: "Can the agreement be terminated at will on notice?",
  },
  {
    wording: "Are the licenses non-transferable?",
    tune: "Can the licensee transfer the license?",
    heldOut: "Is the license transferable?",
  },
  {
    wording: "Are any licenses irrevocable or perpetual?",
    tune: "Is the license perpetual?",
    heldOut: "Can the license be revoked?",
  },
  {
    wording: "Is there a non-disparagement obligation?",
    tune: "Are the parties prohibited from disparaging each other?",
    heldOut: "Must a party refrain from making negative statements about the other?",
  },
  {
    wording: "Is there an unlimited / all-you-can-eat license?",
    tune: "Is the license unlimited in use?",
    heldOut: "May the licensee use the licensed product without limit?",
  },
  {
    wording: "Is there a restriction on soliciting or hiring employees?",
    tune: "Is there a non-solicitation of employees?",
    heldOut: "May a party hire the other party's employees?",
  },
  {
    wording: "Do the licensor's affiliates grant or hold license rights?",
    tune: "Do the licensor's affiliates grant licenses?",
    heldOut: "Are the licensor's affiliates bound to license their rights?",
  },
  {
    wording: "Are there price restrictions?",
    tune: "Are prices restricted or fixed?",
    heldOut: "Can the prices be increased?",
  },
  {
    wording: "Are there third-party beneficiaries?",
    tune: "Does the agreement have third party beneficiaries?",
    heldOut: "Can anyone other than the parties enforce the agreement?",
  },
  {
    wording: "Is there a restriction on soliciting customers?",
    tune: "Is there a non-solicitation of customers?",
    heldOut: "May a party solicit the other party's customers?",
  },
];

export const CONTRACTNLI_PARAPHRASES: Paraphrase[] = [
  {
    wording:
      "receiving Party shall not reverse engineer any objects which embody Disclosing Party's Confidential Information",
    tune: "Is the receiving party prohibited from reverse engineering the disclosing party's products?",
    heldOut: "Can the recipient reverse engineer prototypes or samples it receives?",
  },
  {
    wording: "receiving Party shall destroy or return some Confidential Information upon the termination of Agreement",
    tune: "Must the receiving party return or destroy confidential information when the agreement ends?",
    heldOut: "What happens to the confidential information on termination?",
  },
  {
    wording: "agreement shall not grant Receiving Party any right to Confidential Information",
    tune: "Does the agreement grant the receiving party any rights in the confidential information?",
    heldOut: "Is any license to the confidential information granted?",
  },
  {
    wording: "receiving Party shall not disclose the fact that Agreement was agreed or negotiated",
    tune: "Must the existence of the agreement and the negotiations be kept confidential?",
    heldOut: "May the receiving party disclose that discussions are taking place?",
  },
  {
    wording: "confidential Information shall only include technical information",
    tune: "Is confidential information limited to technical information?",
    heldOut: "Does the definition of confidential information cover only technical data?",
  },
  {
    wording: "all Confidential Information shall be expressly identified by the Disclosing Party",
    tune: "Must confidential information be marked or identified as confidential by the disclosing party?",
    heldOut: "Is information protected only if it is labeled confidential?",
  },
  {
    wording: "some obligations of Agreement may survive termination of Agreement",
    tune: "Do the confidentiality obligations survive termination of the agreement?",
    heldOut: "How long do the obligations last after the agreement ends?",
  },
  {
    wording: "receiving Party may independently develop information similar to Confidential Information",
    tune: "May the receiving party independently develop similar information?",
    heldOut: "Is independently developed information excluded?",
  },
  {
    wording:
      "receiving Party may retain some Confidential Information even after the return or destruction of Confidential Information",
    tune: "May the receiving party keep copies of confidential information after returning or destroying it?",
    heldOut: "Can archival or backup copies be retained?",
  },
  {
    wording: "confidential Information may include verbally conveyed information",
    tune: "Does confidential information include information disclosed orally?",
    heldOut: "Are verbal disclosures protected?",
  },
  {
    wording: "receiving Party shall not solicit some of Disclosing Party's representatives",
    tune: "Is the receiving party prohibited from soliciting the disclosing party's employees?",
    heldOut: "May the recipient hire the discloser's staff?",
  },
  {
    wording:
      "receiving Party may share some Confidential Information with some third-parties (including consultants, agents and professional advisors)",
    tune: "May the receiving party share confidential information with its consultants and advisors?",
    heldOut: "Can confidential information be disclosed to the recipient's lawyers and accountants?",
  },
  {
    wording: "receiving Party may create a copy of some Confidential Information in some circumstances",
    tune: "May the receiving party make copies of confidential information?",
    heldOut: "Is copying of the confidential information allowed?",
  },
  {
    wording:
      "receiving Party shall notify Disclosing Party in case Receiving Party is required by law, regulation or judicial process to disclose any Confidential Information",
    tune: "Must the receiving party notify the disclosing party before disclosing confidential information required by law?",
    heldOut: "What must the recipient do if a court orders it to disclose confidential information?",
  },
  {
    wording: "receiving Party may acquire information similar to Confidential Information from a third party",
    tune: "May the receiving party receive similar information from a third party?",
    heldOut: "Is information obtained from another source excluded?",
  },
  {
    wording: "receiving Party may share some Confidential Information with some of Receiving Party's employees",
    tune: "May the receiving party share confidential information with its employees?",
    heldOut: "Can the recipient's staff see the confidential information?",
  },
  {
    wording:
      "receiving Party shall not use any Confidential Information for any purpose other than the purposes stated in Agreement",
    tune: "Is the use of confidential information limited to the stated purpose?",
    heldOut: "May the receiving party use the confidential information for other purposes?",
  },
];
