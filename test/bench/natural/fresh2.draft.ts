/**
 * The fourth natural half ("fresh2"), as written: quotes, not offsets. Deals none of tune.json, fresh.json and
 * heldout.json uses, labelled from the documents alone before lexnav was run on them: an unseen estimate for the
 * rules chosen on the other halves.
 * `pnpm exec tsx test/bench/natural/locate.ts --build test/bench/natural/fresh2.draft.ts test/bench/natural/fresh2.json`
 */
import { type Deals, d, nid, q, s } from "./draft.ts";

const TILT = {
  psa: "edgar/0001558370-23-000007_2.html",
  note: "edgar/0001558370-23-000007_3.html",
};

const CV = {
  consent: "edgar/0001387131-23-000022_2.html",
  note: "edgar/0001387131-23-000022_3.html",
};

const MILACRON = "edgar/0000906318-96-000011_6.html";

const ADMA = "cuad/ADMA BioManufacturing, LLC -  Amendment #3 to Manufacturing Agreement .txt";

const FLEET = "cuad/Columbia Laboratories, (Bermuda) Ltd. - AMEND NO. 2 TO MANUFACTURING AND SUPPLY AGREEMENT.txt";

const NDA = {
  evelozcity: "contractnli/Evelozcity%20OESA%20NDA.txt",
  intel: "contractnli/934545_0000891618-99-004640_document_2.txt",
};

export const deals: Deals = {
  "edgar-0001558370-23-000007-tilt-white-haven": [TILT.psa, TILT.note],
  "edgar-0001387131-23-000022-careview-exchange": [CV.consent, CV.note],
  "edgar-0000906318-96-000011-milacron-revolver": [MILACRON],
  "cuad-adma-sanofi-amendment-3": [ADMA],
  "cuad-columbia-fleet-amendment-2": [FLEET],
  "nda-evelozcity-oesa": [NDA.evelozcity],
  "nda-intel-dsp-communications": [NDA.intel],
};

const tilt = d("edgar-0001558370-23-000007-tilt-white-haven", "f2-tilt", [
  q(
    "amendment-precedence",
    "What's the drop-dead date for closing the White Haven property sale now?",
    "February 28, 2023 (the Outside Closing Date), unless the parties agree otherwise in writing: the Fifth Amendment (December 30, 2022) restated the first sentence of Section 8.4 of the PSA so that Closing takes place five Business Days after Seller gives notice of its election to proceed to Closing, but in no event later than February 28, 2023.",
    s(
      TILT.psa,
      "The first sentence of Section 8.4 of the Existing PSA is hereby amended and restated in its entirety to read as follows:",
    ),
    s(
      TILT.psa,
      "provided that in no event shall the Closing Date extend beyond February 28, 2023 unless otherwise mutually agreed to by the Parties in writing (the “Outside Closing Date”).",
    ),
  ),
  q(
    "amendment-precedence",
    "After the fifth amendment, how long does IIP-PA 9 have to do its diligence on the property?",
    "Until Closing: the first sentence of Section 4.1 was restated so that the Investigation Period runs from the Effective Date of the Agreement until the Closing.",
    s(
      TILT.psa,
      "The first sentence of Section 4.1 of the Existing PSA is hereby amended and restated in its entirety to read as follows:",
    ),
    s(
      TILT.psa,
      "“During the time period commencing upon the Effective Date of this Agreement and terminating as of the Closing (the “Investigation Period”),",
    ),
  ),
  q(
    "fact",
    "What real estate is being sold under the White Haven RE purchase agreement?",
    "Seller's right, title and interest in the real property at 411 Susquehanna Street, White Haven, Pennsylvania 18661, as more particularly described in the PSA.",
    s(
      TILT.psa,
      "where Seller has agreed to sell to Buyer, and Buyer has agreed to purchase from Seller, Seller’s right, title and interest in certain real property located at 411 Susquehanna Street, White Haven, Pennsylvania 18661,",
    ),
  ),
  q(
    "definition",
    'Which documents make up the "Existing PSA"?',
    "The Purchase and Sale Agreement and Joint Escrow Instructions dated April 19, 2022, as amended by the First (May 24, 2022), Second (June 17, 2022), Third (September 30, 2022) and Fourth (October 24, 2022) Amendments.",
    s(
      TILT.psa,
      "Seller and Buyer are parties to that certain Purchase and Sale Agreement and Joint Escrow Instructions dated as of April 19, 2022, as amended by that certain First Amendment to Purchase and Sale Agreement and Joint Escrow Instructions dated May 24, 2022, as amended by that certain Second Amendment to Purchase and Sale Agreement and Joint Escrow Instructions dated June 17, 2022, as amended by that certain Third Amendment to Purchase and Sale Agreement dated as of September 30, 2022, and as amended by that certain Fourth Amendment to Purchase and Sale Agreement dated October 24, 2022 (collectively, the “Existing PSA”)",
    ),
  ),
  q(
    "cross-reference",
    "The note amendment overrides paragraph 3 of the notes for the year-end payoff. What order of application does paragraph 3 set, and what is changed?",
    "Paragraph 3 applies payments first to fees due to the Purchasers, then to reimbursement and indemnity obligations to the Noteholder Representative and the Purchasers (pro rata), then to the Noteholder Representative's fees, then to accrued interest, with the remainder to principal. Amendment No. 4 (Section 2) provides that, notwithstanding paragraph 3, the payment of the Repaid Notes on or before December 31, 2022 goes pro rata only to the holders of the Repaid Notes, and nothing is then paid to the Noteholders.",
    s(
      TILT.note,
      "Paragraph 3 of each of the Note provides that payments under the Note “will be credited first to fees payable to the Purchasers (if any) then due and payable, ten to reimbursement and indemnity obligations to the Noteholder Representative and the Purchasers (if any, and on a pro rata basis) then due and payable, then to fee obligations of the Noteholder Representative then due and payable, then to accrued interest due and payable, with any remainder applied to principal”;",
    ),
    s(
      TILT.note,
      "The Company and the Noteholder hereby agree that, notwithstanding the provisions of paragraph 3 of the Notes, the payment of the Repaid Notes under the Senior NPA on or before December 31, 2022 shall be made on a pro rata basis only to the holders of the Repaid Notes, and no such amounts at that time shall be paid to the Noteholders.",
    ),
  ),
  q(
    "amendment-precedence",
    "Is the 2019 senior secured note still due at the end of 2022?",
    "No: Amendment No. 4 (December 30, 2022) moved the Maturity Date from December 31, 2022 to February 28, 2023 (the Amended Maturity Date), at the request of the Noteholder, who did not want to be repaid then.",
    s(TILT.note, "The Maturity Date of the Note is hereby amended to be the Amended Maturity Date."),
    s(
      TILT.note,
      "the Company and the Noteholder wish to amend the Note to extend the Maturity Date from December 31, 2022 to February 28, 2023 (the “Amended Maturity Date”)",
    ),
  ),
  q(
    "fact",
    "Governing law of Amendment No. 4 to the promissory note?",
    "The internal laws of the Commonwealth of Massachusetts, without giving effect to conflict of laws rules that would apply another jurisdiction's law.",
    s(
      TILT.note,
      "This Amendment will be governed by and construed in accordance with the internal laws of the Commonwealth of Massachusetts,",
    ),
  ),
  q(
    "fact",
    "Who is the borrower under the Jimmy Jang note, and are the obligors jointly liable?",
    'The "Company" is Jimmy Jang, L.P., Baker Technologies, Inc., Jupiter Research, LLC and Commonwealth Alternative Care, Inc., together, jointly and severally.',
    s(
      TILT.note,
      "JIMMY JANG, L.P., a Delaware limited partnership and BAKER TECHNOLOGIES, INC., a Delaware corporation, JUPITER RESEARCH, LLC., an Arizona limited liability company, and COMMONWEALTH ALTERNATIVE CARE, INC., a Massachusetts corporation (together, joint and severally, the “Company”)",
    ),
  ),
  q(
    "multi-document",
    "Do the outside closing date for the property sale and the extended maturity of the note fall on the same day?",
    "Yes: both are February 28, 2023 — the Outside Closing Date under the PSA as amended by the Fifth Amendment, and the Amended Maturity Date under Amendment No. 4 to the Promissory Note.",
    s(
      TILT.psa,
      "provided that in no event shall the Closing Date extend beyond February 28, 2023 unless otherwise mutually agreed to by the Parties in writing (the “Outside Closing Date”).",
    ),
    s(
      TILT.note,
      "the Company and the Noteholder wish to amend the Note to extend the Maturity Date from December 31, 2022 to February 28, 2023 (the “Amended Maturity Date”)",
    ),
  ),
  q(
    "multi-document",
    "What earlier amendments have the purchase agreement and the promissory note each gone through?",
    "The PSA (April 19, 2022) had four earlier amendments: May 24, June 17, September 30 and October 24, 2022. The Promissory Note (November 1, 2019) had three: Amendment No. 1 (October 14, 2022), No. 2 (October 24, 2022) and No. 3 (November 14, 2022).",
    s(
      TILT.psa,
      "as amended by that certain First Amendment to Purchase and Sale Agreement and Joint Escrow Instructions dated May 24, 2022, as amended by that certain Second Amendment to Purchase and Sale Agreement and Joint Escrow Instructions dated June 17, 2022, as amended by that certain Third Amendment to Purchase and Sale Agreement dated as of September 30, 2022, and as amended by that certain Fourth Amendment to Purchase and Sale Agreement dated October 24, 2022",
    ),
    s(
      TILT.note,
      "which Promissory Note has been amended by Amendment No. 1 to Promissory Note dated as of October 14, 2022, Amendment No. 2 to Promissory Note dated as of October 24, 2022 and by Amendment No. 3 to Promissory Note dated as of November 14, 2022",
    ),
  ),
  q(
    "multi-document",
    "Apart from the changes made on December 30, 2022, do the PSA and the note stay as they were?",
    "Yes. The Fifth Amendment leaves the Existing PSA otherwise in full force, ratified and affirmed, and its terms control over the Existing PSA in a conflict. Amendment No. 4 leaves the Note otherwise in full force and has no effect on the other Senior Notes under the Senior NPA.",
    s(
      TILT.psa,
      "Except as modified by this Amendment, the Existing PSA and all the covenants, agreements, terms, provisions and conditions thereof shall remain in full force and effect and are hereby ratified and affirmed.",
    ),
    s(
      TILT.note,
      "Except as expressly set forth herein, the Note shall remain in full force and effect and this Amendment shall have no effect or impact on the other Senior Notes outstanding under the Senior NPA.",
    ),
  ),
  q(
    "multi-document",
    "Does Baker Technologies show up in both the property sale amendment and the note amendment, and in what role?",
    'It appears in both: Baker Technologies, Inc. signs the PSA amendment as the sole member of the Seller, White Haven RE, LLC, and it is one of the four obligors that together, jointly and severally, are the "Company" under the Promissory Note.',
    s(TILT.psa, "Baker Technologies, Inc., a Delaware corporation, its sole member"),
    s(
      TILT.note,
      "BAKER TECHNOLOGIES, INC., a Delaware corporation, JUPITER RESEARCH, LLC., an Arizona limited liability company, and COMMONWEALTH ALTERNATIVE CARE, INC., a Massachusetts corporation (together, joint and severally, the “Company”)",
    ),
  ),
  nid("What is the purchase price IIP-PA 9 pays for the White Haven property?"),
  nid("Which title or escrow company acts as Escrow Agent for the White Haven closing?"),
  nid("At what interest rate does the senior secured note accrue interest?"),
]);

const careview = d("edgar-0001387131-23-000022-careview-exchange", "f2-careview", [
  q(
    "fact",
    "When do CareView's replacement notes mature?",
    "December 31, 2023, when the Holder surrenders the Note and CareView pays all outstanding Principal and accrued unpaid Late Charges in cash.",
    s(CV.note, "The “Maturity Date” shall be December 31, 2023."),
  ),
  q(
    "fact",
    "Do the new senior secured convertible notes bear interest?",
    "No interest accrues. Amounts not paid when due incur a Late Charge equal to interest at 5 % a year from the due date until paid.",
    s(CV.note, "(a) No interest shall accrue on this Note."),
    s(
      CV.note,
      "shall result in a late charge being incurred and payable by the Company in an amount equal to interest on such amount at the rate of five percent (5%) per annum from the date such amount was due until the same is paid in full (“Late Charge”).",
    ),
  ),
  q(
    "definition",
    "What's the conversion price on the replacement note?",
    "$0.10, subject to adjustment under the note (including Section 6).",
    s(
      CV.note,
      "“Conversion Price” means $0.10, subject to adjustment as provided herein (including, without limitation, adjustment pursuant to Section 6).",
    ),
  ),
  q(
    "definition",
    'What counts as "Material Indebtedness" in the note\'s events of default?',
    "Any Indebtedness of CareView or a Subsidiary in excess of $500,000; failing to pay it when due (after any grace period) is an Event of Default.",
    s(
      CV.note,
      "the Company or any Subsidiary shall fail to make any payment in respect of any Indebtedness in excess of $500,000 (“Material Indebtedness”),",
    ),
  ),
  q(
    "cross-reference",
    "Which defaults accelerate the notes automatically, without an acceleration notice from the majority holders?",
    "The Events of Default in Sections 4(a)(iv) and 4(a)(v): CareView or a Subsidiary commencing a voluntary bankruptcy case, consenting to an order for relief or a custodian, making a general assignment for creditors or admitting it cannot pay its debts; or a court order for relief, appointing a custodian or ordering liquidation under Bankruptcy Law that is not vacated within 60 days.",
    s(
      CV.note,
      "provided that upon the occurrence of an Event of Default described in Sections 4(a)(iv) and 4(a)(v) above, such Acceleration shall occur automatically without requiring the delivery of an Event of Default Acceleration Notice,",
    ),
    s(
      CV.note,
      "(iv) the Company or any of its Subsidiaries, pursuant to or within the meaning of Title 11, U.S. Code, or any similar Federal, foreign or state law for the relief of debtors (collectively, “Bankruptcy Law”), (A) commences a voluntary case,",
    ),
    s(
      CV.note,
      "(v) a court of competent jurisdiction enters an order or decree under any Bankruptcy Law that is not vacated, set aside or reversed within sixty (60) days that",
    ),
  ),
  q(
    "cross-reference",
    "What is a Change of Control for purposes of the CareView note?",
    'A transaction described in clauses (i) to (v) of the definition of "Major Event": a definitive agreement to sell or license all or substantially all assets or capital securities, a merger or a stock acquisition after which another person owns 35 % or more of a class of capital securities, a tender or exchange offer for 35 % or more of the Common Stock, or a person or group becoming beneficial owner of 35 % or more of the voting power.',
    s(
      CV.note,
      "“Change of Control” means the consummation of any transaction described in clauses (i) through (v) of the definition of “Major Event”.",
    ),
    s(
      CV.note,
      "“Major Event” shall mean the occurrence of (i) the signing of a definitive agreement or a series of agreements for the transfer, sale, lease or license of all or substantially all of the Company’s assets or capital securities;",
    ),
  ),
  q(
    "fact",
    "What do the HealthCor funds get for releasing their second-lien position?",
    "An additional $5,000,000 in value in the Replacement Notes, as reflected on Exhibit A.",
    s(
      CV.consent,
      "in exchange for releasing its second senior secured position they hold in connection with the 2011 Notes and 2012 Notes, the HealthCor Parties will receive an additional $5,000,000 in value in the Replacement Notes as reflected on Exhibit A;",
    ),
  ),
  q(
    "fact",
    "Could the majority holders agree with CareView to push out the maturity of my note without asking me?",
    "No. The note can be amended or waived with the written consent of CareView and the Majority Investors, but no amendment or waiver may extend the Maturity Date, lower the Conversion Price or Conversion Rate, or reduce the percentage of Notes needed to consent, without that Holder's consent.",
    s(
      CV.note,
      "Any provision of this Note may be amended, waived or modified only upon the written consent of both the Company and the Majority Investors; provided, that no amendment or waiver may (a) extend the Maturity Date of this Note, (b) decrease the Conversion Price or Conversion Rate of this Note, or (c) reduce the percentage of Notes required for consent to any modifications of the Notes, without the consent of the Holder of this Note.",
    ),
  ),
  q(
    "fact",
    "What is the holder's remedy if CareView is late delivering conversion shares?",
    "A Conversion Failure (shares not credited or issued within seven Business Days after the Conversion Date) entitles the Holder to damages for each day of 1.5 % of the number of shares not issued by the Share Delivery Date times the Closing Sale Price on that date, and the Holder may void its Conversion Notice for the unconverted part.",
    s(
      CV.note,
      "upon conversion of any Conversion Amount on or prior to the date which is seven (7) Business Days after the Conversion Date (a “Conversion Failure”), then (A) the Company shall pay damages to the Holder for each day of such Conversion Failure in an amount equal to 1.5% of the product of",
    ),
  ),
  q(
    "definition",
    "Who are the Majority Investors under the replacement note?",
    "The Investors holding a majority in principal amount of the Notes issued and outstanding at the time.",
    s(
      CV.note,
      "the Investors holding a majority in principal amount of the Notes issued and outstanding as of such date (the “Majority Investors”)",
    ),
  ),
  q(
    "multi-document",
    "Which law governs the exchange consent, and which governs the replacement notes?",
    "Different laws: the Consent Agreement is governed by Delaware law; the Senior Secured Convertible Note by the internal laws of New York.",
    s(
      CV.consent,
      "shall be governed by and construed and enforced in accordance with the domestic laws of the State of Delaware",
    ),
    s(
      CV.note,
      "the internal laws of the State of New York, without giving effect to any choice of law or conflict of law provision or rule",
    ),
  ),
  q(
    "multi-document",
    "Do the replacement notes still get the benefit of the 2011 note and warrant purchase agreement and its security?",
    'Yes. The Consent Agreement confirms the Replacement Notes are "Notes" and "Closing Securities" under the Purchase Agreement, their conversion shares are "Note Shares" and "Registrable Securities", and CareView\'s obligations under them are "Obligations" under the Security Agreement; the note itself says it is entitled to the benefits of the Consent Agreement and the Purchase Agreement.',
    s(
      CV.consent,
      "the Replacement Notes shall be considered “Notes” and “Closing Securities” under the Purchase Agreement, any shares of Common Stock issuable upon conversion of the Replacement Notes shall be considered “Note Shares” under the Purchase Agreement and “Registrable Securities” under the Registration Rights Agreement, and the obligations of the Company under the Replacement Notes shall be “Obligations” within the meaning of the Security Agreement.",
    ),
    s(
      CV.note,
      "is entitled to the benefits of, and evidences obligations incurred under, the Agreement and the Purchase Agreement,",
    ),
  ),
  q(
    "multi-document",
    "What becomes of the old notes, the interest accrued on them and the investors' warrants?",
    "The Existing Notes are cancelled and exchanged for Replacement Notes (which replace the listed debt instruments in their entirety), the investors waive all accrued but unpaid interest on them, and the Warrants are cancelled and the investors' rights in them forfeited.",
    s(
      CV.consent,
      "The Existing Investors each hereby consent to the cancellation of his/hers/its respective Existing Note(s) and the issue to him/her/it of a Replacement Note(s)",
    ),
    s(
      CV.consent,
      "the Existing Investors have agreed to waive any and all interest that has accrued, but remains unpaid on the Existing Notes held by the Existing Investors;",
    ),
    s(
      CV.consent,
      "the Existing Investors agree to the cancellation by the Company and the forfeiting of their respective rights in and to the Warrants.",
    ),
    s(
      CV.note,
      "This Note represents a full recourse obligation of the Company, and replaces in their entirety the debt instruments listed on Exhibit II attached hereto.",
    ),
  ),
  q(
    "multi-document",
    "Where do the replacement notes rank: are they subordinated, and what security did HealthCor give up in the exchange?",
    "The note and the Agent's lien securing it are subject to the Subordination and Intercreditor Agreement of June 26, 2015 with PDL Investment Holdings, which governs in a conflict; in the exchange the HealthCor Parties released their second senior secured position tied to the 2011 and 2012 Notes in return for an additional $5,000,000 in Replacement Notes.",
    s(
      CV.note,
      "THE LIEN AND SECURITY INTEREST GRANTED TO THE AGENT SECURING THIS NOTE AND THE EXERCISE OF ANY RIGHT OR REMEDY BY THE HOLDER OR AGENT RELATING TO THIS NOTE ARE SUBJECT TO THE PROVISIONS OF THE SUBORDINATION AND INTERCREDITOR AGREEMENT DATED AS OF JUNE 26, 2015",
    ),
    s(
      CV.consent,
      "in exchange for releasing its second senior secured position they hold in connection with the 2011 Notes and 2012 Notes,",
    ),
  ),
  nid("Who is currently the Noteholder Director on CareView's board?"),
  nid("How many authorized but unissued shares of common stock does CareView have?"),
]);

const milacron = d("edgar-0000906318-96-000011-milacron-revolver", "f2-milacron", [
  q(
    "amendment-precedence",
    "How large is Cincinnati Milacron's revolving facility after Amendment Number Two?",
    '$300,000,000: Amendment No. 2 (January 23, 1996) replaced "$150,000,000" with "$300,000,000" as the Total Revolving Loan Commitment in Section 2.1(a), subject to the new mandatory reductions in Section 3.1(b).',
    s(
      MILACRON,
      'Section 2.1(a) shall be amended by deleting "$150,000,000" immediately following the words "the Total Revolving Loan Commitment is" and substituting "$300,000,000" therefor.',
    ),
  ),
  q(
    "amendment-precedence",
    "When does the Milacron credit facility mature now, and can the borrower extend it?",
    "January 31, 2000. The Company may extend the Final Maturity Date by one year by written notice to the Agent no later than January 15, 1999, subject to the consent of each Lender (other than a Defaulting Lender).",
    s(
      MILACRON,
      '"Final Maturity Date" shall be amended by deleting the definition thereof and replacing it with the following:',
    ),
    s(
      MILACRON,
      "'Final Maturity Date' means January 31, 2000; provided, however, that the Company may extend the Final Maturity Date for an additional year by giving the Agent written notice no later than January 15, 1999 of its desire to extend the Final Maturity Date, which extension shall be subject to the consent of each Lender (other than a Defaulting Lender)",
    ),
  ),
  q(
    "fact",
    "What happens to the commitments if the D-M-E purchase hasn't closed by mid-April 1996?",
    "The Total Revolving Loan Commitments are reduced by $150,000,000 if Authorized Acquisition No. 2 has not been consummated by April 15, 1996.",
    s(
      MILACRON,
      "If Authorized Acquisition No. 2 has not been consummated by April 15, 1996, the Total Revolving Loan Commitments shall be reduced by $150,000,000.",
    ),
  ),
  q(
    "definition",
    'What is "Authorized Acquisition No. 2"?',
    "The Company's acquisition, after the Amendment Effective Date, of D-M-E Company from the Fairchild Corporation for an aggregate purchase price of $240,000,000, subject to an adjustment of no more than 5 % on and after closing.",
    s(
      MILACRON,
      "'Authorized Acquisition No. 2' shall mean the acquisition by the Company after the Amendment Effective Date of the D-M-E Company (\"D-M-E\") from the Fairchild Corporation for an aggregate purchase price of $240,000,000, subject to adjustment, no greater than 5%, upon and after the consummation of such acquisition.",
    ),
  ),
  q(
    "definition",
    "How is Consolidated EBITDA calculated for the leverage grid?",
    "For any four consecutive fiscal quarters: Consolidated Net Income excluding extraordinary nonrecurring gains or losses, plus income taxes, Interest Expense and depreciation and amortization, on a consolidated GAAP basis. For periods including 1995 the fiscal 1995 Widia restructuring charges (up to $25,000,000) are excluded, and after the D-M-E Acquisition Date $5,000,000 is added for each quarter of fiscal 1994 and 1995 in the period.",
    s(
      MILACRON,
      "'Consolidated EBITDA' means, without duplication, for any consecutive four fiscal quarter period, the sum of the amounts for such period of (i) the Company's Consolidated Net Income, excluding therefrom any extraordinary nonrecurring items of gain or loss,",
    ),
    s(
      MILACRON,
      "following the D-M-E Acquisition Date, Consolidated EBITDA shall be calculated by adding $5,000,000 to the Consolidated EBITDA for each quarter of fiscal 1995 and fiscal 1994 included in the period for which Consolidated EBITDA is calculated.",
    ),
  ),
  q(
    "fact",
    "If Milacron's debt-to-EBITDA is 2.0x, what margin do its Eurodollar loans pay?",
    "0.75 % a year: the Applicable Borrowing Margin for Eurodollar and Alternate Currency Loans is .75 % when Consolidated Total Indebtedness to Consolidated EBITDA is at most 2.25 to 1.0 but above 1.75 to 1.0.",
    s(
      MILACRON,
      "with respect to Eurodollar Loans and Alternate Currency Loans, if the ratio of Consolidated Total Indebtedness to Consolidated EBITDA,",
    ),
    s(MILACRON, "(z) equal to or less than 2.25 to 1.0 but greater than 1.75 to 1.0, .75% per annum,"),
  ),
  q(
    "cross-reference",
    "Until the Section 5.14 certificate is delivered, what pricing applies, and what is that certificate?",
    "Until then the margins are fixed at 1.125 % for Eurodollar and Alternate Currency Loans, 1.375 % for Fixed CD Rate Loans and .25 % for Base Rate Loans, with a .25 % fee percentage. Section 5.14 requires a pro forma Compliance Certificate, within 10 Business Days after the D-M-E Acquisition Date, for the period ending October 7, 1995, calculating Consolidated Total Indebtedness to Consolidated EBITDA.",
    s(
      MILACRON,
      "The Applicable Borrowing Margin, as of the Amendment Effective Date until receipt of the Compliance Certificate required by Section 5.14 shall be as follows:",
    ),
    s(
      MILACRON,
      "The Company will promptly, and in any event within 10 Business Days after the D-M-E Acquisition Date, provide the Agent with a pro forma Compliance Certificate of the Company, in form and substance reasonably satisfactory to the Agent, for the period ending October 7, 1995 calculating the ratio of Consolidated Total Indebtedness to Consolidated EBITDA.",
    ),
  ),
  q(
    "amendment-precedence",
    "What net worth does Milacron have to keep under the covenant as it now reads?",
    "Section 5.6 as amended: Consolidated Tangible Net Worth of at least $210,000,000 plus 50 % of Consolidated Net Income (no reduction for losses) from December 30, 1995, plus 100 % of the net proceeds of stock issued on or after December 31, 1995.",
    s(MILACRON, "Section 5.6 shall be amended to read as follows:"),
    s(
      MILACRON,
      "The Company shall maintain, at all times, Consolidated Tangible Net Worth of at least $210,000,000 plus an amount equal to 50% of Consolidated Net Income, with no reduction for losses,",
    ),
  ),
  q(
    "fact",
    "What can borrowings over $150 million be used for?",
    "Only Authorized Acquisition No. 2 (the D-M-E acquisition); the same applies to Letter of Credit Usage above $20,000,000.",
    s(
      MILACRON,
      "All Borrowings in excess of $150,000,000 and all Letters of Credit Usage in excess of $20,000,000 shall be used solely for Authorized Acquisition No. 2.",
    ),
  ),
  q(
    "fact",
    "What fee do the banks get for agreeing to the second amendment?",
    "Each Lender gets, in cash in Dollars, 1/20 % of its Commitment in effect at the opening of business on the Amendment Effective Date and again on its first anniversary.",
    s(
      MILACRON,
      "The Company shall pay to each Lender in cash in Dollars a fee equal to 1/20% of such Lender's Commitment in effect at the opening of business (i) on the Amendment Effective Date and (ii) on the first anniversary of the Amendment Effective Date.",
    ),
  ),
  q(
    "amendment-precedence",
    "What interest coverage ratio applies to Milacron after Amendment No. 2?",
    "Section 6.3 as amended: EBIT to Interest Expense may at no time be less than 2.50 to 1.0.",
    s(MILACRON, "Section 6.3 shall be amended to read as follows:"),
    s(
      MILACRON,
      "The Company shall not permit at any time during the period indicated the ratio of (i) EBIT of the Company to (ii) Interest Expense of the Company to be less than 2.50 to 1.0.",
    ),
  ),
  nid("How is the Eurodollar Rate on Milacron's loans determined?"),
  nid("How much of the $300 million does each bank commit?"),
  nid("Does the Milacron revolver require the company to hedge its interest rate exposure?"),
]);

const adma = d("cuad-adma-sanofi-amendment-3", "f2-adma", [
  q(
    "fact",
    "How much is Sanofi paying ADMA for cutting back the volumes, and on what schedule?",
    "A Compensation Fee of USD 7,000,000 in five installments (amounts redacted): on execution of Amendment #3 (due no later than December 31, 2017), March 1, June 1, September 1 and December 1, 2018.",
    s(
      ADMA,
      'Sanofi Pasteur agrees to pay ADMA an amount of seven million (7,000,000 USD) (the "Compensation Fee") in five installments and will be invoiced as follows:',
    ),
  ),
  q(
    "amendment-precedence",
    "What is ADMA's cap on damages under the manufacturing agreement after Amendment #3?",
    "Section 6.5 was replaced: neither party is liable for incidental, indirect, special, consequential or punitive damages; except for the Section 6.1(c) indemnity for third-party personal injury, illness or death, ADMA's aggregate damages to Sanofi Pasteur may not exceed a redacted amount (the cap was changed from one redacted figure to another); claims must be brought within a redacted number of years; the limitation does not apply to gross negligence or wilful misconduct.",
    s(
      ADMA,
      '(a) The liability cap set forth under section 6.5 is hereby amended to adapt to the provisions of this Amendment #3 and is therefore set at "[***]" instead of "[***]".',
    ),
    s(
      ADMA,
      "aggregate damages for which ADMA shall be liable to Sanofi Pasteur hereunder, including without limitation costs of Source Plasma yield loss and/or rejected Batches, shall not exceed [***].",
    ),
  ),
  q(
    "amendment-precedence",
    "Are the supply terms agreed in Amendment #2 still in force?",
    "No. Amendment #3 deleted the supply terms of Section 1 of Amendment #2; instead Sanofi Pasteur buys and ADMA manufactures a (redacted) number of Batches produced from Q3 2018 to Q3 2019 on the timing of the Updated Supply Plan (Exhibit A), at prices under Section 3.2 of the Agreement as amended by Amendment #2.",
    s(
      ADMA,
      'The supply terms set forth in Section 1 of Amendment #2 (the "Prior Supply Terms") are hereby deleted in their entirety.',
    ),
    s(
      ADMA,
      "Sanofi Pasteur agrees to purchase and ADMA to manufacture [***] Batches of Product, which Batches will be produced over a period from Q3 2018 to Q3 2019.",
    ),
  ),
  q(
    "fact",
    "What does ADMA owe if it doesn't hit the minimum number of batches?",
    "Liquidated damages of a (redacted) US dollar amount for failing to supply the Minimum Volume in the period; and if it supplies the Minimum Volume but misses the Updated Supply Plan, a (redacted) amount per Batch short of Exhibit A, also as liquidated damages.",
    s(
      ADMA,
      'Should ADMA fail to supply a minimum of [***] Batches of Product (the "Minimum Volume") of Product during the time period as specified in this Amendment #3, ADMA agrees that Sanofi Pasteur shall be entitled to obtain from ADMA as liquidated damages, and not a penalty, amounting to $[***] ([***]) USD.',
    ),
    s(
      ADMA,
      "then it is agreed upon by the Parties that ADMA shall pay to Sanofi Pasteur an amount equal to $[***] ([***]) USD for each Batch of Product that is less than the agreed upon quantity in Exhibit A, as liquidated damages, and not as a penalty.",
    ),
  ),
  q(
    "fact",
    "At what point does ADMA take the risk of loss on Sanofi's source plasma?",
    "When the Source Plasma is delivered to ADMA's loading dock at 5800 Park of Commerce Blvd NW, Boca Raton; until then Sanofi Pasteur bears the risk while it is stored at BPC's warehouse (save BPC's negligence or wilful misconduct). ADMA then bears the risk and reimburses Sanofi Pasteur the value of damaged or lost plasma.",
    s(
      ADMA,
      "At such time that the Source Plasma is delivered to the ADMA loading dock located at 5800 Park of Commerce Blvd NW, Boca Raton, FL 33487, risk of loss for such delivered Source Plasma shall, as between Sanofi Pasteur and ADMA, transfer to ADMA.",
      0,
    ),
    s(
      ADMA,
      "At such time that the Source Plasma is delivered to the ADMA loading dock located at 5800 Park of Commerce Blvd NW, Boca Raton, FL 33487, risk of loss for such delivered Source Plasma shall, as between Sanofi Pasteur and ADMA, transfer to ADMA.",
      1,
    ),
  ),
  q(
    "cross-reference",
    "If Sanofi terminates over the FDA warning letter, which 'additional payments' is it excused from?",
    "The payments outlined in Section 5, i.e. the remaining installments of the USD 7,000,000 Compensation Fee, and payment for unproduced batches; Sanofi Pasteur may terminate immediately on written notice if an escalation of ADMA's FDA Warning Letter status limits its ability to supply, or if ADMA fails to supply any Batch.",
    s(
      ADMA,
      "Sanofi Pasteur shall be entitled to terminate immediately this Agreement upon written notice to ADMA and Sanofi Pasteur shall not be obligated to provide any additional payments (as outlined in Section 5 below and payments for any of the unproduced or delivered production batches) to ADMA from the date of such termination.",
    ),
    s(
      ADMA,
      'Sanofi Pasteur agrees to pay ADMA an amount of seven million (7,000,000 USD) (the "Compensation Fee") in five installments and will be invoiced as follows:',
    ),
  ),
  q(
    "cross-reference",
    "Section 3 of Amendment #3 says the Quality Agreement is to be amended as contemplated in Section 9. What does that provision require?",
    "The pointer is off by one: Section 9 only keeps the other terms of the Agreement in force. The Quality Agreement amendment is in Section 8: the parties will amend the Quality and Technical Agreement (effective September 15, 2015) to change the address where Source Plasma is stocked and related conditions, using best efforts to do so within 60 days after the Amendment Effective Date.",
    s(ADMA, "to be further amended by the Parties as contemplated in Section 9 below."),
    s(
      ADMA,
      '8. The Parties further agree to amend that certain Quality and Technical Agreement between Sanofi Pasteur and ADMA (as successor to BPC) effective as of September 15, 2015 (the "Quality Agreement") to modify the address where the Source Plasma shall be stocked and the conditions associated therewith,',
    ),
    s(
      ADMA,
      "The Parties shall use best efforts to complete such amendment to the Quality Agreement within 60 days after the Amendment Effective Date.",
    ),
    s(
      ADMA,
      "9. All other terms of the Agreement shall remain in full force and effect except to the extent superseded by the terms of this Amendment #3.",
    ),
  ),
  q(
    "fact",
    "When do the parties' releases under the amendment kick in, and what do they cover?",
    "On full payment of the Compensation Fee; each party releases the other (and its Affiliates, employees, directors, shareholders, successors and assigns) from all claims arising directly out of or relating to the Updated Supply Plan and/or the amount of the Compensation Fee.",
    s(
      ADMA,
      "Upon full payment of the Compensation Fee, each Party, with the intention of binding itself, its Affiliates, shareholders, successors and assigns, hereby releases, remises and forever discharges the other Party,",
    ),
  ),
  q(
    "definition",
    "What is the Updated Supply Plan?",
    "The detailed supply plan Sanofi Pasteur provided to ADMA, attached as Exhibit A (redacted in the filing), describing the agreed timing for production of the Batches; it is an integral, binding part of Amendment #3.",
    s(
      ADMA,
      'Attached hereto as Exhibit A is a detailed supply plan provided to ADMA by Sanofi Pasteur (the "Updated Supply Plan") that describes the agreed-upon timing for production of such Batches of Product, which supply plan is made an integral part hereof and shall be binding on the Parties.',
    ),
  ),
  nid("Which country's courts hear disputes between ADMA and Sanofi Pasteur?"),
]);

const fleet = d("cuad-columbia-fleet-amendment-2", "f2-fleet", [
  q(
    "amendment-precedence",
    "When does the Fleet supply agreement run out now?",
    "31 December 2024 (the Initial Term), unless terminated earlier under Section 12.2 or extended by written agreement: Amendment No. 2 replaced Section 12.1.",
    s(FLEET, "16. Section 12.1 of the Existing Agreement (Term) shall be deleted and replaced by the following:"),
    s(
      FLEET,
      'the initial term of this Agreement shall expire on 31 December 2024 (the "Initial Term") unless the Parties mutually agree in writing any extension to the Initial Term.',
    ),
  ),
  q(
    "amendment-precedence",
    "May Fleet hand off part of the manufacturing to a subcontractor?",
    "Yes, since Amendment No. 2 added Section 2.1(d), but only with Columbia's prior written consent (not to be unreasonably withheld, delayed or conditioned), and Fleet remains solely liable for its obligations; Columbia may subcontract without Fleet's consent.",
    s(
      FLEET,
      "3. The following shall be added to Section 2.1 of the Existing Agreement (Regulatory Requirements) as a new Section 2.1 (d):",
    ),
    s(
      FLEET,
      "Subject to the prior written consent of Columbia (such consent not to be unreasonably withheld, delayed or conditioned), Fleet may subcontract all or part of the activities to be performed by it under this Agreement to any subcontractor provided that the subcontracting of any activities shall not relieve Fleet of, and Fleet shall remain solely liable for, its obligations under this Agreement.",
    ),
  ),
  q(
    "definition",
    'What is "Columbia Equipment"?',
    "The machinery, equipment and materials listed in Exhibit B that Columbia provided to Fleet to manufacture Products, plus any further machinery, equipment and materials Columbia provides during the Term unless otherwise agreed in writing.",
    s(
      FLEET,
      'Columbia has provided Fleet with the machinery, equipment and materials listed in Exhibit B, which Fleet uses to manufacture Products ("Columbia Equipment"). Any additional machinery, equipment and materials provided by Columbia to Fleet during the Term shall be Columbia Equipment unless otherwise agreed in writing by both Parties.',
    ),
  ),
  q(
    "cross-reference",
    "If Columbia ends the contract because Fleet can't supply at a Competitive Price, what does Columbia have to reimburse?",
    "That is termination under Section 12.2(b)(iii); under the new Section 12.3(c) Columbia reimburses Fleet for (redacted) items Fleet purchased in a (redacted) period before termination that Fleet uses only to manufacture the Products.",
    s(FLEET, "(iii) Fleet cannot supply product at a Competitive Price; or"),
    s(
      FLEET,
      '"12.3 (c) If Columbia terminates this Agreement under Section 12.2 (b)(ii) or (iii), Columbia shall reimburse Fleet for [***] purchased by Fleet under this Agreement in the period of [***] prior to the date of termination that are only used by Fleet in the manufacture of the Products."',
    ),
  ),
  q(
    "cross-reference",
    "Columbia can terminate if the Ares Agreement ends. What is the Ares Agreement?",
    "The supply agreement between Columbia and Ares Trading S.A. (a subsidiary of Merck Serono S.A.) dated 7 January 2018; under the new Section 12.2(b)(iv) its termination lets Columbia terminate on (redacted) notice.",
    s(FLEET, '(iv) the Ares Agreement is terminated."'),
    s(
      FLEET,
      '"Ares Agreement" means the supply agreement entered into between Columbia and Ares Trading S.A. (a subsidiary of Merck Serono S.A.) dated 7 January 2018."',
    ),
  ),
  q(
    "fact",
    "On what terms is product delivered to Columbia, and when does risk pass?",
    "EXW Fleet's Watford, UK facility; risk of loss passes to Columbia when Columbia's designated carrier receives the Product at Fleet's facility.",
    s(
      FLEET,
      "All Product supplied under this Agreement shall be delivered EXW Fleet's Watford, UK facility. All risk of loss in the Product shall pass to Columbia upon receipt of the Product at Fleet's facility by the carrier designated by Columbia.",
    ),
  ),
  q(
    "fact",
    "How long after the agreement ends must each side keep the other's confidential information secret?",
    "Five years: neither party may use or disclose the other's Confidential Information, other than as the Agreement provides, during the Agreement and for five years after it.",
    s(
      FLEET,
      "Neither party shall, during the period of this Agreement nor for five (5) years thereafter, without the other party's express prior written consent, other than as provided under this Agreement, use or disclose any such Confidential Information for any purpose other than to carry out its obligations hereunder.",
    ),
  ),
  q(
    "fact",
    "What law and forum apply to Amendment No. 2?",
    "The laws of England; the English courts have sole and exclusive jurisdiction over disputes arising out of or in connection with the Amendment.",
    s(
      FLEET,
      "shall be governed by and construed in accordance with the laws of England. Each Party irrevocably agrees that the English courts shall have sole and exclusive jurisdiction",
    ),
  ),
  q(
    "amendment-precedence",
    "How much notice does Fleet get of a for-cause audit under the amended audit clause?",
    "Three business days' prior written notice, during normal business hours (Section 4.1 as replaced by Amendment No. 2); audits by Columbia QA or its appointee are at Columbia's cost.",
    s(FLEET, "10. Section 4.1 of the Existing Agreement (Audits) shall be deleted and replaced by the following:"),
    s(
      FLEET,
      'may conduct a "For Cause" audit during normal business hours upon three (3) business days prior written notice to Fleet.',
    ),
  ),
  nid("Does Columbia have a right of first refusal if Fleet wants to sell its Watford plant?"),
]);

const evelozcity = d("nda-evelozcity-oesa", "f2-evelozcity", [
  q(
    "fact",
    "Can people at the OESA town hall photograph Evelozcity's prototypes?",
    "No: the Recipient agrees not to videotape, photograph or otherwise record any Confidential Information, which includes non-public information about the prototype vehicles shown at the Meeting.",
    s(
      NDA.evelozcity,
      "The Recipient agrees not to videotape, photograph or otherwise record any Confidential Information.",
    ),
  ),
  q(
    "definition",
    "What may the recipient use Evelozcity's information for?",
    'Only the "Permitted Use": evaluating or pursuing a potential business relationship with the Disclosing Party or its affiliates.',
    s(
      NDA.evelozcity,
      "who have a need to know the Confidential Information for use in evaluating or pursuing a potential business relationship with Disclosing Party or its affiliates (“Permitted Use.”)",
    ),
  ),
  q(
    "fact",
    "When does the confidentiality obligation under the Evelozcity NDA end?",
    "Five years from the last date Confidential Information was disclosed under the Agreement.",
    s(
      NDA.evelozcity,
      "The confidentiality obligations contained in this Agreement expire and are of no further force or effect five (5) years from last date that Confidential Information was disclosed under this Agreement.",
    ),
  ),
  q(
    "cross-reference",
    "The exclusions in section 3 switch off the obligations 'specified in Section 2'. Which obligations are those?",
    "Not to record Confidential Information; not to disclose it except to Representatives with a need to know for the Permitted Use; to hold it in strict confidence with at least reasonable care; and to use it only for the Permitted Use. Section 3 lifts them for information that is public, already lawfully held, received from an unaffiliated third party, or independently developed.",
    s(
      NDA.evelozcity,
      "The obligations of the Recipient specified in Section 2 above shall not apply with respect to Confidential Information to the extent that such Confidential Information:",
    ),
    s(
      NDA.evelozcity,
      "The Recipient shall not disclose any Confidential Information to any third parties other than to its affiliates, and its and their respective officers, directors, employees, consultants or professional advisers (collectively, “Representatives”)",
    ),
    s(
      NDA.evelozcity,
      "Recipient will, and will cause its Representatives to (i) hold the Confidential Information in strict confidence,",
    ),
  ),
  q(
    "fact",
    "If the recipient gets a subpoena for the information, what must it do?",
    "It may disclose if required by law or in a judicial, arbitral or governmental proceeding, provided Evelozcity gets reasonable prior notice so it can protect its interest (with the Recipient cooperating, e.g. on protective orders), and the Recipient discloses only the portion required, with a full copy to Evelozcity.",
    s(
      NDA.evelozcity,
      "It shall not be a breach of this Agreement for the Recipient to disclose Confidential Information if required to do so under law or in a judicial, arbitral, or governmental proceeding or investigation, provided, (i) the Disclosing Party has been given reasonable prior notice",
    ),
  ),
  q(
    "fact",
    "Is the attendee company responsible if its consultants leak Evelozcity's information?",
    "Yes: consultants are among its Representatives, and the Recipient remains liable for any failure by its Representatives to comply with the Agreement.",
    s(
      NDA.evelozcity,
      "Recipient shall remain liable for any failure by its Representatives to comply with the terms of this Agreement.",
    ),
  ),
  q(
    "definition",
    "Does information have to be marked confidential to be protected under the Evelozcity NDA?",
    "No: Confidential Information is any non-public information Evelozcity discloses, directly or indirectly, in writing, orally, visually or by inspection, in connection with the Meeting and related discussions or the Permitted Use, whether or not designated confidential when disclosed.",
    s(
      NDA.evelozcity,
      "“Confidential Information” means any non-public information disclosed by Disclosing Party to Recipient, either directly or indirectly in writing, orally, visually or by inspection of tangible objects in connection with the Meeting and related discussions or the Permitted Use (including, without limitation, research, product plans, products, services, equipment, customers, markets, software, inventions, discoveries, ideas, processes, designs, drawings, hardware, formulations, specifications, product configuration information, product components, marketing and finance documents, prototypes, samples, data sets, and equipment), whether or not designated as “confidential” at the time of disclosure.",
    ),
  ),
  nid("Must the recipient return or destroy Evelozcity's materials after the meeting?"),
  nid("Does the Evelozcity NDA bar the recipient from hiring Evelozcity's engineers?"),
]);

const intel = d("nda-intel-dsp-communications", "f2-intel", [
  q(
    "fact",
    "Is what Intel tells DSP orally covered?",
    "Only if it is identified as confidential before disclosure and then produced in writing, marked confidential or proprietary, and delivered to the receiving party within thirty days of the original disclosure.",
    s(
      NDA.intel,
      "To be considered Confidential Information, non-tangible disclosures must be identified as confidential prior to disclosure and produced in writing, marked as provided above and delivered to the receiving party within thirty (30) days of the original date of disclosure.",
    ),
  ),
  q(
    "definition",
    'What are "Residuals" under the Intel corporate NDA?',
    "Information retained in the unaided memories of the receiving party's employees who had access to the Confidential Information; a memory is unaided if the employee did not intentionally memorize the information to retain and later use or disclose it. Either party may use Residuals for any purpose, but that is no licence under the discloser's IP rights.",
    s(
      NDA.intel,
      "The term \"Residuals\" means any information retained in the unaided memories of the receiving party's employees who have had access to the disclosing party's Confidential Information pursuant to the terms of this Agreement.",
    ),
    s(
      NDA.intel,
      "An employee's memory is unaided if the employee has not intentionally memorized the Confidential Information for the purpose of retaining and subsequently using or disclosing it.",
    ),
  ),
  q(
    "fact",
    "How long after a disclosure can the discloser still bring a claim for breach?",
    "Five years from the date of the CITR under which the information was disclosed, unless the CITR sets a shorter period: the disclosing party will not assert claims for disclosures made after that.",
    s(
      NDA.intel,
      "Unless a shorter period is indicated in the applicable CITR, the disclosing party will not insert any claims of breach of this Agreement or misappropriation of trade secrets against the receiving party arising from the receiving party's disclosure of the disclosing party's Confidential Information made more than five (5) years from the date of the CITR under which such information was disclosed.",
    ),
  ),
  q(
    "cross-reference",
    "After the non-assertion period the receiving party still has to treat the information as confidential unless one of the Section 4 exceptions has occurred. What are they?",
    "Information rightfully in the public domain other than by breach; rightfully received from a third party without an obligation of confidentiality; rightfully known to the recipient without restriction before receipt; independently developed by the recipient's employees; or generally made available to third parties by the discloser without restriction.",
    s(
      NDA.intel,
      "However, unless at least one of the exceptions set for in Section 4 below has occurred, the receiving party will continue to treat such confidential Information as the confidential information of the disclosing party",
    ),
    s(
      NDA.intel,
      "The receiving party will not be liable for the disclosure of any Confidential Information which is: (a) rightfully in public domain other than by a breach of duty to the disclosing party (b) rightfully received from a third party without any obligation of confidentiality (c) rightfully known to the receiving party without any limitation on use or disclosure prior to its receipt from the disclosing party (d) independently developed by employees of the receiving party; or (e) generally made available to third parties by the disclosing party without restriction on disclosure.",
    ),
  ),
  q(
    "fact",
    "Can DSP walk away from the NDA, and what survives if it does?",
    "Either party may terminate at any time without cause on written notice; obligations on Confidential Information disclosed during the term survive termination.",
    s(
      NDA.intel,
      "Either party may terminate this Agreement at any time without cause upon written notice to the other party: provided that each party's obligations with respect to Confidential Information disclosed during the term of this Agreement will survive any such termination.",
    ),
  ),
  q(
    "definition",
    "What's a CITR?",
    "A Confidential Information Transmittal Record: executed in writing or electronically before disclosure, it describes the Confidential Information disclosed and indicates the disclosing party, the names of the parties' representatives and the dates the disclosure began. Confidential Information is information described in a CITR and marked confidential or proprietary.",
    s(
      NDA.intel,
      'is described in the Confidential Information Transmittal Record ("CITR") executed from time to time hereafter',
    ),
    s(
      NDA.intel,
      "The CITR will indicate the disclosing party, a description of the Confidential Information disclosed, the names of the representatives of the parties and the dates when the disclosure covered by the CITR commenced.",
    ),
  ),
  q(
    "fact",
    "Does the NDA bind all of DSP Communications or only one division?",
    "The Participant's entire company, unless the Participant indicates that it applies only to a specific division or location.",
    s(
      NDA.intel,
      "Unless the Participant indicates that this Agreement will apply only to the specific division or location, this Agreement will apply to the Participant's entire Company.",
    ),
  ),
  nid("Can Intel get an injunction without posting a bond if DSP breaches the NDA?"),
  nid("In which courts must a dispute under the Intel–DSP NDA be brought?"),
]);

export const tests = [...tilt, ...careview, ...milacron, ...adma, ...fleet, ...evelozcity, ...intel];
