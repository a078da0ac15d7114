/**
 * The benchmark's wordings as a lawyer might ask them in other words, written on 2026-11-30 before any
 * code read them: `tune` may be looked at while changing how a question reaches the evidence model,
 * `heldOut` only counted afterwards (it was, once, for the nearest-wording rule), and `heldOut2`, written
 * after that count and before any further change, counted once for the same rule as a second check.
 * The next change to how questions reach the model needs paraphrases of its own, written before it. The asking part only; the contract is the
 * benchmark question's own (`pnpm bench:paraphrase` asks with the asker limited to it).
 */
export interface Paraphrase {
  /** The benchmark's asking part, exactly (after "Consider ...;" or "does the agreement provide that"). */
  wording: string;
  tune: string;
  heldOut: string;
  /** A third paraphrase, written after the first two had been counted, and counted once since. */
  heldOut2: string;
  /**
   * A fourth, written on 2026-11-30 after the third had been counted and before the rarity gate on one
   * shared word (`NEAREST_WORDING.minRarity`) was written; counted once after it (no reading moved).
   */
  heldOut3: string;
}

export const CUAD_PARAPHRASES: Paraphrase[] = [
  {
    wording: "When does this contract expire?",
    tune: "What is the expiration date of the agreement?",
    heldOut: "How long does the agreement last before it expires?",
    heldOut2: "What is the term of the agreement?",
    heldOut3: "When does the agreement end?",
  },
  {
    wording: "What is the renewal term?",
    tune: "For how long does the agreement renew?",
    heldOut: "Does the term renew automatically, and for what period?",
    heldOut2: "How long is each renewal period?",
    heldOut3: "Does the agreement renew, and for how long?",
  },
  {
    wording: "What notice is required to terminate renewal?",
    tune: "How much notice must be given to prevent renewal?",
    heldOut: "By when must a party give notice of non-renewal?",
    heldOut2: "How far in advance must notice be given to stop the agreement from renewing?",
    heldOut3: "What notice is needed to stop automatic renewal?",
  },
  {
    wording: "Which law governs this contract?",
    tune: "What is the governing law of the agreement?",
    heldOut: "Under which state's laws is the agreement construed?",
    heldOut2: "Which jurisdiction's law applies to the agreement?",
    heldOut3: "What state's law applies?",
  },
  {
    wording: "What restrictions apply to assignment?",
    tune: "Can the agreement be assigned without consent?",
    heldOut: "Is assignment of the agreement restricted?",
    heldOut2: "May either party assign its rights or delegate its obligations?",
    heldOut3: "Is consent needed to assign the contract?",
  },
  {
    wording: "Is there a minimum commitment?",
    tune: "Is there a minimum purchase commitment?",
    heldOut: "Must the buyer order a minimum quantity?",
    heldOut2: "Is a minimum annual purchase or payment required?",
    heldOut3: "Is there a minimum order requirement?",
  },
  {
    wording: "What licenses are granted?",
    tune: "What license rights does the agreement grant?",
    heldOut: "Which licenses does the licensor grant?",
    heldOut2: "What is the scope of the license grant?",
    heldOut3: "What rights are licensed?",
  },
  {
    wording: "What audit rights exist?",
    tune: "Does a party have the right to audit the books and records?",
    heldOut: "Can the other party audit the records?",
    heldOut2: "Is there a right to inspect and audit records?",
    heldOut3: "Can the books be audited?",
  },
  {
    wording: "Is there a cap on liability?",
    tune: "Is liability capped under the agreement?",
    heldOut: "What is the maximum liability of a party?",
    heldOut2: "Is there a limitation of liability?",
    heldOut3: "Is damages liability limited to an amount?",
  },
  {
    wording: "How long do the warranties last?",
    tune: "What is the warranty period?",
    heldOut: "For how long is the product warranted?",
    heldOut2: "When does the warranty expire?",
    heldOut3: "How long is the warranty?",
  },
  {
    wording: "Is there an exclusivity commitment?",
    tune: "Is the arrangement exclusive?",
    heldOut: "Does either party grant exclusive rights?",
    heldOut2: "Is the distributor appointed on an exclusive basis?",
    heldOut3: "Are the rights granted exclusively?",
  },
  {
    wording: "Is there revenue or profit sharing?",
    tune: "Do the parties share revenue or profits?",
    heldOut: "Is a share of the revenues payable to the other party?",
    heldOut2: "Does a party receive a percentage of the net sales or profits?",
    heldOut3: "Is either party paid a share of profits?",
  },
  {
    wording: "Do the licensee's affiliates receive license rights?",
    tune: "May the licensee's affiliates use the licensed rights?",
    heldOut: "Are affiliates of the licensee licensed too?",
    heldOut2: "Does the license extend to the licensee's affiliates?",
    heldOut3: "Can the licensee's affiliates exercise the license?",
  },
  {
    wording: "Is there a right of first refusal, first offer or first negotiation?",
    tune: "Does a party have a right of first refusal?",
    heldOut: "Is there a right of first negotiation or first offer?",
    heldOut2: "Must a party be offered the opportunity first before dealing with a third party?",
    heldOut3: "Does anyone have a first right to buy or negotiate?",
  },
  {
    wording: "Is any liability uncapped?",
    tune: "Which liabilities are not subject to the cap?",
    heldOut: "Is there unlimited liability for any claims?",
    heldOut2: "Are any claims excluded from the limitation of liability?",
    heldOut3: "Which claims are outside the liability cap?",
  },
  {
    wording: "What happens on a change of control?",
    tune: "What are the consequences of a change of control?",
    heldOut: "Can the agreement be terminated on a change in control of a party?",
    heldOut2: "What rights arise if a party is acquired or merges?",
    heldOut3: "What if a party undergoes a change in control?",
  },
  {
    wording: "Is there a most-favored-nation provision?",
    tune: "Is there a most favored customer clause?",
    heldOut: "Must a party offer terms at least as favorable as those given to others?",
    heldOut2: "Is the customer entitled to the best price offered to others?",
    heldOut3: "Is there a most favoured nation pricing clause?",
  },
  {
    wording: "Is there a volume restriction?",
    tune: "Are there limits on the volume that may be purchased?",
    heldOut: "Is the quantity restricted?",
    heldOut2: "Is there a maximum number of units or users?",
    heldOut3: "Is the volume of purchases capped?",
  },
  {
    wording: "Is there joint IP ownership?",
    tune: "Do the parties jointly own any intellectual property?",
    heldOut: "Is intellectual property owned jointly?",
    heldOut2: "Will jointly developed inventions be owned by both parties?",
    heldOut3: "Is any intellectual property jointly owned?",
  },
  {
    wording: "Is there a covenant not to sue?",
    tune: "Does a party agree not to sue the other?",
    heldOut: "Is a party barred from challenging the other's intellectual property?",
    heldOut2: "Does a party waive its right to challenge the validity of the patents?",
    heldOut3: "Has a party promised not to bring claims against the other?",
  },
  {
    wording: "What exceptions apply to the competitive restrictions?",
    tune: "What exceptions are there to the non-compete?",
    heldOut: "When may a party compete despite the restrictions?",
    heldOut2: "What carve-outs limit the non-compete?",
    heldOut3: "What exceptions does the non-compete have?",
  },
  {
    wording: "Is there a non-compete?",
    tune: "Is a party restricted from competing?",
    heldOut: "Does the agreement contain a covenant not to compete?",
    heldOut2: "Is either party prohibited from selling competing products?",
    heldOut3: "Does a non-competition covenant apply?",
  },
  {
    wording: "Who owns or is assigned the intellectual property?",
    tune: "Who owns the intellectual property created under the agreement?",
    heldOut: "Is intellectual property assigned to a party?",
    heldOut2: "Who holds title to the work product and inventions?",
    heldOut3: "Who owns the inventions?",
  },
  {
    wording: "What services or obligations continue after termination?",
    tune: "Which obligations survive termination?",
    heldOut: "What must a party still do after the agreement ends?",
    heldOut2: "What transition services are provided after termination?",
    heldOut3: "What continues after the agreement terminates?",
  },
  {
    wording: "What insurance is required?",
    tune: "What insurance must a party maintain?",
    heldOut: "Are there insurance coverage requirements?",
    heldOut2: "What insurance policies and limits must be carried?",
    heldOut3: "What insurance coverage must be kept?",
  },
  {
    wording: "Can a party terminate for convenience, and how?",
    tune: "May a party terminate the agreement without cause?",
    heldOut: "Can the agreement be terminated at will on notice?",
    heldOut2: "Can either party end the agreement for any reason on notice?",
    heldOut3: "Can the agreement be terminated for convenience?",
  },
  {
    wording: "Are the licenses non-transferable?",
    tune: "Can the licensee transfer the license?",
    heldOut: "Is the license transferable?",
    heldOut2: "May the licensee sublicense or assign the license?",
    heldOut3: "Can the license be assigned or transferred?",
  },
  {
    wording: "Are any licenses irrevocable or perpetual?",
    tune: "Is the license perpetual?",
    heldOut: "Can the license be revoked?",
    heldOut2: "Does the license continue indefinitely?",
    heldOut3: "Is the license irrevocable?",
  },
  {
    wording: "Is there a non-disparagement obligation?",
    tune: "Are the parties prohibited from disparaging each other?",
    heldOut: "Must a party refrain from making negative statements about the other?",
    heldOut2: "Is there a non-disparagement clause?",
    heldOut3: "May a party disparage the other?",
  },
  {
    wording: "Is there an unlimited / all-you-can-eat license?",
    tune: "Is the license unlimited in use?",
    heldOut: "May the licensee use the licensed product without limit?",
    heldOut2: "Is usage under the license unlimited?",
    heldOut3: "Is there an unlimited use license?",
  },
  {
    wording: "Is there a restriction on soliciting or hiring employees?",
    tune: "Is there a non-solicitation of employees?",
    heldOut: "May a party hire the other party's employees?",
    heldOut2: "Is there a no-hire or non-solicitation of personnel clause?",
    heldOut3: "May a party solicit the other's employees?",
  },
  {
    wording: "Do the licensor's affiliates grant or hold license rights?",
    tune: "Do the licensor's affiliates grant licenses?",
    heldOut: "Are the licensor's affiliates bound to license their rights?",
    heldOut2: "Does the license cover intellectual property held by the licensor's affiliates?",
    heldOut3: "Are rights of the licensor's affiliates licensed?",
  },
  {
    wording: "Are there price restrictions?",
    tune: "Are prices restricted or fixed?",
    heldOut: "Can the prices be increased?",
    heldOut2: "Is the price fixed or subject to a cap on increases?",
    heldOut3: "Are price increases restricted?",
  },
  {
    wording: "Are there third-party beneficiaries?",
    tune: "Does the agreement have third party beneficiaries?",
    heldOut: "Can anyone other than the parties enforce the agreement?",
    heldOut2: "Does the agreement confer rights on anyone who is not a party?",
    heldOut3: "Are there any third party beneficiaries?",
  },
  {
    wording: "Is there a restriction on soliciting customers?",
    tune: "Is there a non-solicitation of customers?",
    heldOut: "May a party solicit the other party's customers?",
    heldOut2: "Is a party barred from soliciting the other's clients?",
    heldOut3: "May a party solicit customers of the other?",
  },
];

export const CONTRACTNLI_PARAPHRASES: Paraphrase[] = [
  {
    wording:
      "receiving Party shall not reverse engineer any objects which embody Disclosing Party's Confidential Information",
    tune: "Is the receiving party prohibited from reverse engineering the disclosing party's products?",
    heldOut: "Can the recipient reverse engineer prototypes or samples it receives?",
    heldOut2: "Is decompiling or disassembling the disclosed materials forbidden?",
    heldOut3: "Is reverse engineering prohibited?",
  },
  {
    wording: "receiving Party shall destroy or return some Confidential Information upon the termination of Agreement",
    tune: "Must the receiving party return or destroy confidential information when the agreement ends?",
    heldOut: "What happens to the confidential information on termination?",
    heldOut2: "Must confidential materials be returned at the end of the relationship?",
    heldOut3: "Must confidential information be destroyed on request?",
  },
  {
    wording: "agreement shall not grant Receiving Party any right to Confidential Information",
    tune: "Does the agreement grant the receiving party any rights in the confidential information?",
    heldOut: "Is any license to the confidential information granted?",
    heldOut2: "Does disclosure give the recipient any license or ownership of the information?",
    heldOut3: "Does the recipient get any rights in the information?",
  },
  {
    wording: "receiving Party shall not disclose the fact that Agreement was agreed or negotiated",
    tune: "Must the existence of the agreement and the negotiations be kept confidential?",
    heldOut: "May the receiving party disclose that discussions are taking place?",
    heldOut2: "Must the parties keep the existence of their discussions confidential?",
    heldOut3: "Is the existence of the agreement confidential?",
  },
  {
    wording: "confidential Information shall only include technical information",
    tune: "Is confidential information limited to technical information?",
    heldOut: "Does the definition of confidential information cover only technical data?",
    heldOut2: "Is confidential information restricted to technical data?",
    heldOut3: "Does confidential information cover only technical matters?",
  },
  {
    wording: "all Confidential Information shall be expressly identified by the Disclosing Party",
    tune: "Must confidential information be marked or identified as confidential by the disclosing party?",
    heldOut: "Is information protected only if it is labeled confidential?",
    heldOut2: "Must information be marked confidential to be protected?",
    heldOut3: "Must the discloser designate information as confidential?",
  },
  {
    wording: "some obligations of Agreement may survive termination of Agreement",
    tune: "Do the confidentiality obligations survive termination of the agreement?",
    heldOut: "How long do the obligations last after the agreement ends?",
    heldOut2: "Does the confidentiality obligation continue after termination?",
    heldOut3: "Do any obligations survive the end of the agreement?",
  },
  {
    wording: "receiving Party may independently develop information similar to Confidential Information",
    tune: "May the receiving party independently develop similar information?",
    heldOut: "Is independently developed information excluded?",
    heldOut2: "Is information the recipient develops independently excluded from confidential information?",
    heldOut3: "Can the recipient develop similar technology on its own?",
  },
  {
    wording:
      "receiving Party may retain some Confidential Information even after the return or destruction of Confidential Information",
    tune: "May the receiving party keep copies of confidential information after returning or destroying it?",
    heldOut: "Can archival or backup copies be retained?",
    heldOut2: "May one archival copy be retained after return of the information?",
    heldOut3: "May the recipient keep a copy for its records?",
  },
  {
    wording: "confidential Information may include verbally conveyed information",
    tune: "Does confidential information include information disclosed orally?",
    heldOut: "Are verbal disclosures protected?",
    heldOut2: "Is orally disclosed information covered?",
    heldOut3: "Is information given orally confidential?",
  },
  {
    wording: "receiving Party shall not solicit some of Disclosing Party's representatives",
    tune: "Is the receiving party prohibited from soliciting the disclosing party's employees?",
    heldOut: "May the recipient hire the discloser's staff?",
    heldOut2: "Is there a non-solicitation of the disclosing party's employees?",
    heldOut3: "May the recipient solicit the discloser's employees?",
  },
  {
    wording:
      "receiving Party may share some Confidential Information with some third-parties (including consultants, agents and professional advisors)",
    tune: "May the receiving party share confidential information with its consultants and advisors?",
    heldOut: "Can confidential information be disclosed to the recipient's lawyers and accountants?",
    heldOut2: "May confidential information be disclosed to the receiving party's advisors and agents?",
    heldOut3: "Can the recipient share information with its advisors?",
  },
  {
    wording: "receiving Party may create a copy of some Confidential Information in some circumstances",
    tune: "May the receiving party make copies of confidential information?",
    heldOut: "Is copying of the confidential information allowed?",
    heldOut2: "Can the receiving party reproduce the confidential information?",
    heldOut3: "Are copies of confidential information permitted?",
  },
  {
    wording:
      "receiving Party shall notify Disclosing Party in case Receiving Party is required by law, regulation or judicial process to disclose any Confidential Information",
    tune: "Must the receiving party notify the disclosing party before disclosing confidential information required by law?",
    heldOut: "What must the recipient do if a court orders it to disclose confidential information?",
    heldOut2: "Is prompt notice required before a compelled disclosure?",
    heldOut3: "Must the discloser be notified of a legally required disclosure?",
  },
  {
    wording: "receiving Party may acquire information similar to Confidential Information from a third party",
    tune: "May the receiving party receive similar information from a third party?",
    heldOut: "Is information obtained from another source excluded?",
    heldOut2: "Is information lawfully received from a third party excluded?",
    heldOut3: "Is information received from third parties confidential?",
  },
  {
    wording: "receiving Party may share some Confidential Information with some of Receiving Party's employees",
    tune: "May the receiving party share confidential information with its employees?",
    heldOut: "Can the recipient's staff see the confidential information?",
    heldOut2: "May the receiving party disclose information to its employees who need to know it?",
    heldOut3: "Can confidential information be shared with employees?",
  },
  {
    wording:
      "receiving Party shall not use any Confidential Information for any purpose other than the purposes stated in Agreement",
    tune: "Is the use of confidential information limited to the stated purpose?",
    heldOut: "May the receiving party use the confidential information for other purposes?",
    heldOut2: "Is the confidential information to be used solely for evaluating the transaction?",
    heldOut3: "Is use of the information restricted to the purpose?",
  },
];
