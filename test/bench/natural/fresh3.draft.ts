/**
 * The fifth natural half ("fresh3"), as written: quotes, not offsets. Deals none of tune.json, fresh.json,
 * fresh2.json and heldout.json uses, labelled from the documents alone before lexnav was run on them: an unseen
 * estimate after tune, fresh and fresh2 had all been read while tuning.
 * `pnpm exec tsx test/bench/natural/locate.ts --build test/bench/natural/fresh3.draft.ts test/bench/natural/fresh3.json`
 */
import { type Deals, d, nid, q, s } from "./draft.ts";

const GLOBAL_MARINE = "edgar/0000041850-96-000001_5.html";

const ACER = "edgar/0001564590-23-000008_2.html";

const SPLASH = {
  spa: "edgar/0001731122-23-000006_3.html",
  note: "edgar/0001731122-23-000006_4.html",
};

const GOLF = {
  endorsement: "cuad/WOMENSGOLFUNLIMITEDINC_03_29_2000-EX-10.13-ENDORSEMENT AGREEMENT.txt",
  exhibitA:
    "cuad/WOMENSGOLFUNLIMITEDINC_03_29_2000-EX-10.13-ENDORSEMENT AGREEMENT - Intellectual Property Rights                 Confidentiality and Non-Use Obligations Agreement.txt",
};

const SAGEBRUSH = "cuad/ZONDWINDSYSTEMPARTNERSLTDSERIES85-B_04_03_2006-EX-10-MANAGEMENT AND MAINTENANCE AGREEMENT.txt";

const VEONEER = "cuad/VEONEER,INC_02_21_2020-EX-10.11-JOINT VENTURE AGREEMENT.txt";

const NDA = {
  ictsc: "contractnli/ICTSC-NDA-General-MandA-signed.txt",
  contractor: "contractnli/1043003_0000950170-98-000097_document_12.txt",
};

export const deals: Deals = {
  "edgar-0000041850-96-000001-global-marine-credit": [GLOBAL_MARINE],
  "edgar-0001564590-23-000008-acer-extension": [ACER],
  "edgar-0001731122-23-000006-splash-notes": [SPLASH.spa, SPLASH.note],
  "cuad-square-two-golf-whitworth-endorsement": [GOLF.endorsement, GOLF.exhibitA],
  "cuad-zond-sagebrush-management-amendment-1": [SAGEBRUSH],
  "cuad-veoneer-nissin-jv-termination": [VEONEER],
  "nda-ictsc-mna": [NDA.ictsc],
  "nda-independent-contractor-exhibit-b": [NDA.contractor],
};

const globalMarine = d("edgar-0000041850-96-000001-global-marine-credit", "f3-gmar", [
  q(
    "amendment-precedence",
    "When does the Societe Generale revolver for the Global Marine drilling subsidiaries mature now that Amendment No. 1 is signed?",
    'December 31, 1998: Amendment No. 1 (February 26, 1996) deleted "June 24, 1996" in the definition of "Maturity Date" and replaced it with "December 31, 1998".',
    s(
      GLOBAL_MARINE,
      'The date "June 24, 1996" in the definition of "Maturity Date" is deleted and replaced with the date "December 31, 1998".',
    ),
  ),
  q(
    "fact",
    "what did the Global Marine borrowers have to pay SocGen to get the 1996 amendment done",
    "A non-refundable facility fee of $75,000, paid to the Bank as one of the conditions to the amendment becoming effective (Section 5(e)).",
    s(GLOBAL_MARINE, "the Borrower shall have paid to the Bank a non-refundable facility fee of $75,000."),
  ),
  q(
    "definition",
    "Define Applicable Margin in the Global Marine facility.",
    "The percentages, per type of Advance (ABR, LIBOR, CD), set by the Guarantor's (Global Marine Inc.'s) actual or implied long-term secured senior Debt rating from S&P, from 1.0% / 2.25% / 2.25% at B+ or lower down to 0% / 1.25% / 1.25% at BBB- or higher; if the S&P rating disappears a new margin is to be agreed within 30 days, and it rises by .15% per annum on days when Advances exceed $10,000,000.",
    s(
      GLOBAL_MARINE,
      '"APPLICABLE MARGIN" means, at any time with respect to any Advance, the following percentages determined as a function of the Guarantor\'s actual or implied long-term secured senior Debt rating in effect from time-to-time and issued by S&P:',
    ),
  ),
  q(
    "fact",
    "We've just been cut to BB by S&P. What does that do to our LIBOR pricing with Societe Generale, and to ABR loans?",
    "At BB the Applicable Margin is 1.75% on LIBOR (and CD) advances and .50% on ABR advances (plus .15% on days when Advances exceed $10,000,000).",
    s(GLOBAL_MARINE, "BB .50% 1.75% 1.75%"),
  ),
  q(
    "fact",
    "What happens to the margin if S&P stops rating Global Marine altogether?",
    "Within 30 days a new Applicable Margin is to be agreed between the Guarantor and the Bank; until it is agreed, the margin in effect just before the rating disappeared continues to apply.",
    s(
      GLOBAL_MARINE,
      "if at any time an event occurs which results in there being no such S&P rating, not later than 30 days after such event occurs, a new Applicable Margin will be determined in a manner to be mutually agreed upon by the Guarantor and the Bank, and until such new Applicable Margin is agreed upon, the Applicable Margin shall be deemed to be the Applicable Margin in effect immediately prior to the date on which such event occurs;",
    ),
  ),
  q(
    "fact",
    "Does Global Marine's pricing go up when the line is heavily drawn?",
    "Yes: on each day of a period in which aggregate Advances exceed $10,000,000, the Applicable Margin is increased by .15% per annum.",
    s(
      GLOBAL_MARINE,
      "if the aggregate amount of the Advances during any period is greater than $10,000,000, the Applicable Margin on Advances for each day during such period shall be increased by .15% per annum.",
    ),
  ),
  q(
    "amendment-precedence",
    "After the amendment, what commitment fee runs on the undrawn part of the Global Marine facility, and when is it paid?",
    "Section 2.03(a) as replaced: .1875% per annum on the average daily amount by which the Commitment exceeds outstanding Advances plus Letter of Credit Exposure, until the Maturity Date, payable quarterly in arrears on the first day of January, April, July and October from April 1, 1996, and on the Maturity Date.",
    s(
      GLOBAL_MARINE,
      "Clauses (a) and (b) of Section 2.03 are deleted and replaced in their entirety with the following:",
    ),
    s(
      GLOBAL_MARINE,
      "The Borrowers agree to pay to the Bank a commitment fee on the average daily amount by which the Commitment exceeds the sum of the outstanding Advances and the Letter of Credit Exposure from the date of this Agreement until the Maturity Date at the rate of .1875% per annum.",
    ),
  ),
  q(
    "amendment-precedence",
    "The Eligible Accounts proviso in the Societe Generale credit agreement had a $6 million figure. Is that still the number?",
    'No: Amendment No. 1 replaced "$6,000,000" in the proviso of the "Eligible Accounts" definition with "$10,000,000".',
    s(
      GLOBAL_MARINE,
      'The amount "$6,000,000" in the proviso contained in the definition of "Eligible Accounts" is deleted and replaced with the amount of "$10,000,000".',
    ),
  ),
  q(
    "cross-reference",
    "Section 5(b) of the amendment makes it conditional on the Assumption Agreement. What is that agreement, and have the guarantors signed up to it?",
    "The Assumption Agreement dated February 26, 1996 among GMISC (Global Marine International Services Corporation), the Borrowers, the Guarantor, the Subsidiary Guarantors and the Bank adds GMISC as a Borrower. In Section 4 the Guarantor and the Subsidiary Guarantors consent to GMISC's addition and agree that their Guaranteed Obligations include GMISC's obligations; Section 5(b) requires the Assumption Agreement's conditions to be satisfied or waived in writing by the Bank.",
    s(
      GLOBAL_MARINE,
      "all of the conditions to the effectiveness of the Assumption Agreement shall have either been satisfied or waived in writing by the Bank;",
    ),
    s(
      GLOBAL_MARINE,
      'consents to the addition of Global Marine International Services Corporation ("GMISC") as a Borrower under the Credit Agreement (as amended by this Agreement) pursuant to the terms of the Assumption Agreement dated as of February 26, 1996 ("Assumption Agreement")',
    ),
  ),
  q(
    "amendment-precedence",
    "Under the letter of credit fee clause as Amendment No. 1 rewrote it, is the fee cheaper if the borrower cash collateralizes the LC?",
    "Yes: Section 2.03(b) as replaced sets the fee at .625% per annum on the face amount, but .25% per annum if the Borrower has deposited cash equal to that Letter of Credit's exposure into the Cash Collateral Account.",
    s(
      GLOBAL_MARINE,
      "Clauses (a) and (b) of Section 2.03 are deleted and replaced in their entirety with the following:",
    ),
    s(
      GLOBAL_MARINE,
      "agrees to pay to the Bank a fee for such Letter of Credit of .625% per annum on the face amount of such Letter of Credit;",
    ),
    s(
      GLOBAL_MARINE,
      "the fees payable hereunder with respect to such Letter of Credit shall be in an amount equal to .25% per annum.",
    ),
  ),
  q(
    "fact",
    "What rate applies to a prime rate advance under Societe Generale's facility to Global Marine that isn't repaid when due?",
    "From the due date until paid, payable on demand: the lesser of the Adjusted Prime Rate plus the Applicable Margin plus 2%, and the Maximum Rate.",
    s(
      GLOBAL_MARINE,
      "equal at all times to the lesser of (i) the Adjusted Prime Rate in effect from time-to-time PLUS the Applicable Margin PLUS 2% and (ii) the Maximum Rate.",
    ),
  ),
  nid("What is the total amount of the Commitment under Global Marine's credit agreement with Societe Generale?"),
  nid("Did the parties to the Global Marine amendment waive trial by jury?"),
]);

const acer = d("edgar-0001564590-23-000008-acer-extension", "f3-acer", [
  q(
    "amendment-precedence",
    "Acer signed an extension with its lenders right before year-end 2022. Which date got pushed, and to when?",
    'The date in Section 2.2.1 of the March 4, 2022 Credit Agreement: its reference to "December 31, 2022" was replaced with "January 16, 2023".',
    s(
      ACER,
      "Section 2.2.1 of the Credit Agreement is hereby amended by replacing the reference to “December 31, 2022” in such section with “January 16, 2023”.",
    ),
  ),
  q(
    "amendment-precedence",
    "Is there now a floor on the Subsequent Commitment Fee Trigger Date?",
    "Yes: the Extension Agreement added to the end of Section 2.7(b) that the Subsequent Commitment Fee Trigger Date shall not be earlier than twelve Business Days following January 16, 2023.",
    s(
      ACER,
      "Section 2.7(b) of the Credit Agreement is hereby amended to add the following at the end of that section: “; provided that in any case, the Subsequent Commitment Fee Trigger Date shall not be earlier than twelve (12) Business Days following January 16, 2023.”",
    ),
  ),
  q(
    "fact",
    "who is agent for the lenders on Acer's loan",
    "MAM Aardvark, LLC, not individually but solely as administrative and collateral agent for the Lenders.",
    s(
      ACER,
      "MAM Aardvark, LLC, not individually, but solely in its capacity as administrative and collateral agent for the Lenders (the “Agent”)",
    ),
  ),
  q(
    "fact",
    "Who pays the lenders' counsel for papering the Acer extension?",
    "The Loan Parties: they pay the reasonable, documented out-of-pocket costs and expenses of the Agent and the Lenders, including their counsel's fees, in connection with the Extension Agreement.",
    s(
      ACER,
      "The Loan Parties agree to pay all reasonable out-of-pocket and documented costs and expenses of the Agent and the Lenders in connection with this Extension Agreement (including, without limitation, the reasonable fees and out-of-pocket expenses of counsel to the Agent and the Lenders",
    ),
  ),
  q(
    "fact",
    "By agreeing to the extension, did the lenders give up any defaults Acer was already in?",
    "No: the Agent and Lenders expressly do not waive any Defaults, Events of Default, breaches or other defaults that occurred before the date of the Extension Agreement or are continuing, and reserve all their rights.",
    s(
      ACER,
      "Neither the Borrower, the Administrative Agent nor the Lenders have waived, and are not hereby waiving, any Defaults, Events of Default, breaches or other defaults which may have occurred prior to the date hereof or which may be continuing on the date hereof,",
    ),
  ),
  q(
    "fact",
    "What has to happen for the Acer extension to take effect?",
    "It becomes effective when the Borrower, the Agent and the Lenders receive counterpart signatures duly executed and delivered by the Loan Parties, the Agent and each Lender.",
    s(
      ACER,
      "This Extension Agreement shall become effective on the date on which the Borrower, the Agent and the Lenders receive counterpart signatures to this Extension Agreement duly executed and delivered by the Loan Parties, the Agent and each Lender.",
    ),
  ),
  q(
    "definition",
    'Which agreement is the "Credit Agreement" that the extension amends?',
    "The Credit Agreement dated as of March 4, 2022 among Acer Therapeutics Inc. (Borrower), the Lenders and MAM Aardvark, LLC as Agent, under which the Lenders agreed to make loans to Acer.",
    s(ACER, "that certain Credit Agreement, dated as of March 4, 2022 (the “Credit Agreement”)"),
  ),
  nid("What interest rate do Acer's term loans under the MAM Aardvark credit agreement bear?"),
  nid("How large is the subsequent commitment fee Acer owes the lenders?"),
]);

const splash = d("edgar-0001731122-23-000006-splash-notes", "f3-splash", [
  q(
    "fact",
    "How much is Splash Beverage trying to raise with these convertible notes?",
    "Up to $4,000,000 in aggregate (the Maximum Offering Amount) of convertible promissory notes.",
    s(SPLASH.spa, "an aggregate of up to 4 Million ($4,000,000) (the “Maximum Offering Amount”)"),
  ),
  q(
    "multi-document",
    "Do Splash's purchase agreement and the note itself agree on the interest rate and the conversion price?",
    "Yes: the Securities Purchase Agreement (Section 2.1) gives the notes 12% interest and a fixed conversion price of $1.00 per share, and the note sets the Interest Rate at 12% per annum (actual/365) and the Conversion Price at $1.00 per share, subject to adjustment under Section 5(d).",
    s(
      SPLASH.spa,
      "bear an interest rate of 12% per annum and can be converted into Conversion Shares at a fixed conversion price of $1.00 per share,",
    ),
    s(
      SPLASH.note,
      "Interest shall accrue on the unpaid principal balance of this Note at the rate of Twelve (12%) per annum (the “Interest Rate”).",
    ),
    s(SPLASH.note, "at a conversion price (the “Conversion Price”) of $1.00 per share,"),
  ),
  q(
    "multi-document",
    "When do the Splash notes come due? Check the term in the SPA against the date in the note.",
    "The SPA gives the notes an eighteen-month term, and the note defines the Maturity Date as June 27, 2024, eighteen months after its December 27, 2022 Issuance Date.",
    s(SPLASH.spa, "such Note shall have a term of Eighteen (18) months,"),
    s(SPLASH.note, "“Maturity Date” shall mean June 27, 2024."),
  ),
  q(
    "fact",
    "What rate does the Splash note carry after an event of default?",
    "Simple interest of 7.00% per annum on the unpaid principal, from the Event of Default until it is cured or the whole balance is repaid (lower than the 12% regular rate).",
    s(
      SPLASH.note,
      "Upon the occurrence of an Event of Default, the unpaid portion of the Principal Amount will bear simple interest from the date of the Event of Default at a rate equal to seven percent (7.00%) per annum,",
    ),
  ),
  q(
    "fact",
    "If Splash misses a payment on a note, how long before that's an event of default?",
    "Ten days after the Holder gives written notice of the missed payment, if it remains uncured; but once the Holder has delivered three such notices, any later failure to pay is an immediate Event of Default, with or without notice.",
    s(
      SPLASH.note,
      "in which case only if such failure remains uncured for a period of at least ten (10) days from the date when a written notice from the Holder regarding the failure to pay Interest and/or Principal is given by the Holder of the Note, provided however, after Holder has delivered three notices of failure to pay, any subsequent failure to pay shall constitute an immediate Event of Default with or without notice;",
    ),
  ),
  q(
    "cross-reference",
    "Section 5(d) of the Splash note ratchets the conversion price down on a dilutive issuance. Which issuances don't trigger it?",
    "Exempt Issuances (Section 21(d)): shares or options to employees, officers, directors, advisors or contractors approved by a majority of the board; shares, warrants or options to advisors or contractors for compensation; securities issued on exercise, exchange or conversion of securities outstanding on the date of the note (if not amended to increase their number or lower their price); securities under anti-dilution obligations in effect on that date; and securities issued in acquisitions or strategic transactions approved by a majority of the disinterested directors (not primarily to raise capital).",
    s(
      SPLASH.note,
      "Notwithstanding the foregoing, no adjustments shall be made, paid or issued under this Section in respect of an Exempt Issuance.",
    ),
    s(
      SPLASH.note,
      "“Exempt Issuance” means the issuance of (a) shares of Common Stock or options to employees, officers, directors, advisors or independent contractors of the Company; provided, however, that such issuance is approved by a majority of the board of directors of the Company,",
    ),
  ),
  q(
    "fact",
    "Does a Splash note convert on its own at maturity if nobody does anything?",
    "Yes: on the Maturity Date principal, interest and other amounts convert automatically unless, at least one business day before, the Holder and/or the Company have said in writing that it shall not (the Automatic Conversion).",
    s(
      SPLASH.note,
      "on the Maturity Date the principal and interest and any amounts due on this Note shall automatically convert unless at least one Business Date prior to such date, the Holder and/or the Company have indicated in writing that the Note shall not automatically Convert (the “Automatic Conversion”).",
    ),
  ),
  q(
    "fact",
    "What warrant coverage comes with a Splash Beverage note, and at what strike?",
    "A warrant for shares equal to 100% of the shares issuable on conversion of the note as of the agreement date, at an exercise price of $.25 (subject to adjustment), valid for 5 years from the date of the agreement.",
    s(
      SPLASH.spa,
      "to purchase such number of shares of Common Stock equal to 100% of the shares of Common Stock issuable upon conversion as of the date hereof of the Note.",
    ),
    s(
      SPLASH.spa,
      "The exercise price of the Investor Warrant shall be $.25 subject to adjustment as provided in the Investor Warrant and shall be valid for 5 years from the date of this agreement.",
    ),
  ),
  q(
    "multi-document",
    "Can an investor sell its Splash note to someone else?",
    "Only with Splash's explicit written consent, which it may grant or withhold at its sole discretion (note, Section 9); and under the SPA (Section 6.1) the investor must first give the Company, at its own cost, a customary opinion of counsel that the transfer is exempt from registration.",
    s(
      SPLASH.note,
      "This Note may not be offered, sold, assigned or transferred by the Holder without the explicit written consent of the Company, which may be granted or withheld at the sole discretion of the Company.",
    ),
    s(
      SPLASH.spa,
      "all or any portion of the Transaction Securities may not be transferred unless the Investor shall have delivered to the Company, at its own cost, a customary opinion of counsel",
    ),
  ),
  q(
    "multi-document",
    "Is 'Transaction Documents' defined the same way in Splash's SPA and in its 12% note?",
    'No: the SPA defines them as the SPA, the Promissory Notes and the Investor Warrant; the note defines them as the note, the Securities Purchase Agreement dated December __, 2022, and the other agreements and instruments delivered in connection with the transactions (referring to an "APA"), as amended from time to time.',
    s(SPLASH.spa, "“Transaction Documents” shall mean this Agreement, the Promissory Notes and the Investor Warrant."),
    s(
      SPLASH.note,
      "“Transaction Documents” means, collectively, this Note, the Securities Purchase Agreement, between the Company and the Holder dated December _ __, 2022 and the other agreements and instruments entered into or delivered by any of the parties hereto in connection with the transactions contemplated by the APA,",
    ),
  ),
  q(
    "fact",
    "Where would a fight over the Splash note purchase have to be litigated?",
    "In the state and federal courts sitting in the City of New York, Borough of Manhattan (the New York Courts), to whose exclusive jurisdiction each party submits; New York law governs the SPA and the Notes.",
    s(
      SPLASH.spa,
      'shall be commenced in the state and federal courts sitting in the City of New York, Borough of Manhattan (the "New York Courts").',
    ),
  ),
  q(
    "fact",
    "By when does Splash have to file a resale registration statement, and what does it cover?",
    "Within 45 calendar days after receiving the investor's purchase price, at the Company's cost, registering the resale of the Warrant Shares, and use commercially reasonable efforts to have it declared effective as soon as practicable.",
    s(
      SPLASH.spa,
      "within forty-five (45) calendar days after the Company has received the purchase price of the Convertible Promissory Note from the Investor that the Company will file with the SEC (at the Company’s sole cost and expense) a registration statement registering the resale of the Warrant Shares",
    ),
  ),
  q(
    "cross-reference",
    "Splash's SPA says conversion is limited by the terms of the note in Exhibit A. What cap on selling the shares does the note impose?",
    "In any trading day the Holder may not sell more than 10% of the daily trading volume on NYSE American of the shares issuable on conversion of the note and on exercise of the related warrant.",
    s(
      SPLASH.spa,
      "Conversion is limited to the terms and conditions set forth in section 2.1 and limited to the terms and conditions within the Convertible Promissory Note in Exhibit A.",
    ),
    s(
      SPLASH.note,
      "In any trading day, the Holder will not sell more than the total of 10% of the daily trading volume on NYSE American of the shares issuable upon conversion of this Note and the shares issuable upon exercise of the Warrant issued in connection with this Note.",
    ),
  ),
  q(
    "fact",
    "Until when can Splash keep selling notes in this offering?",
    "The recitals say until the sooner of selling the $4,000,000 Maximum Offering Amount or January 31, 2023, which the Company may extend to March 31, 2023; Section 2.1 says the Offering ends on the sooner of the Maximum Offering Amount being sold, termination by the Company in its sole discretion, or March 31, 2023.",
    s(
      SPLASH.spa,
      "shall terminate on the sooner of the sale of the Maximum Offering Amount or January 31, 2023, but the Company may, in its sole discretion, extend this Offering to March 31, 2023;",
    ),
    s(
      SPLASH.spa,
      "The Offering shall terminate on the sooner of i) the sale of the Maximum Offering Amount, ii) the termination by the Company at its sole discretion, or iii) March 31, 2023.",
    ),
  ),
  q(
    "definition",
    "What's a Material Adverse Effect under the Splash purchase agreement?",
    "The SPA defines it twice. Section 1: a material adverse effect on (i) the assets, liabilities, results of operations, condition, business or prospects of the Company and its Subsidiaries taken as a whole, (ii) the transactions under the Transaction Documents or (iii) the Company's ability to perform its obligations under them. Section 4.13: any event, occurrence, fact, condition or change materially adverse to the Company's business, results of operations, financial condition or assets, or to its ability to consummate the transactions, excluding general economic or political conditions, industry conditions, market changes, war or terrorism, actions required by the agreement or consented to by the Investor, matters the Investor knows of, changes in law or accounting rules, disasters, and missed projections.",
    s(
      SPLASH.spa,
      "“Material Adverse Effect” means a material adverse effect on (i) the assets, liabilities, results of operations, condition (financial or otherwise), business, or prospects of the Company and its Subsidiaries taken as a whole,",
    ),
    s(
      SPLASH.spa,
      "“Material Adverse Effect” shall mean any event, occurrence, fact, condition or change that is materially adverse to (a) the business, results of operations, financial condition or assets of the Company, taken as a whole, or (b) the ability of the Company to consummate the transactions contemplated hereby;",
    ),
  ),
  nid("Who is the Broker on the Splash note offering, and what commission does it earn?"),
  nid("What liquidated damages does Splash owe investors if the registration statement is filed late?"),
]);

const golf = d("cuad-square-two-golf-whitworth-endorsement", "f3-golf", [
  q(
    "fact",
    "How long is Kathy Whitworth signed up with Square Two Golf?",
    "From January 1, 2000 for an initial five years, unless terminated earlier under Section 7; the Company may renew for one further five-year period (2005–2009) under Section 8.",
    s(
      GOLF.endorsement,
      "The term of this Agreement shall begin on January 1, 2000 and continue for an initial period of five (5) years unless earlier terminated in accordance with Section 7 hereof, and may be renewed under Section 8 hereof",
    ),
  ),
  q(
    "fact",
    "what's Whitworth's guaranteed money each year and when does it get paid",
    "A Base Fee of $36,000 a year, paid in four equal installments of $9,000 on March 15, June 15, September 15 and December 15 of each year of the Term; it is the only minimum amount due.",
    s(
      GOLF.endorsement,
      'The Company will pay the Professional a base fee of thirty-six thousand dollars ($36,000) per year (the "Base Fee") for Services performed during the Term. The Company shall pay the Base Fee in four (4) equal installments of nine thousand dollars ($9,000) each on March 15, June 15, September 15 and December 15 of each year during the Term',
    ),
  ),
  q(
    "definition",
    "Kathy Whitworth's royalty is 2% of the Royalty Base. What goes into the Royalty Base?",
    "If the Company makes and markets the Products, the royalty is 2% of the Royalty Base — the wholesale selling price of Products for which the Company actually receives the proceeds, net of returns, allowances, discounts, shipping, taxes, insurance and credits — paid quarterly within 30 days after the quarter.",
    s(
      GOLF.endorsement,
      'of two percent (2%) of the "Royalty Base," which Royalty Base shall be calculated as the wholesale selling price of all Products for which the Company actually receives the proceeds of such net of returns, allowances, discounts, shipping, taxes, insurance and credits.',
    ),
  ),
  q(
    "cross-reference",
    "If S2 Golf doesn't renew under Section 8, what extra payment does she get, and what's the renewal deadline in Section 8?",
    "Under Section 4.2, if the Company decides not to renew, it pays her 2% of the net book value of its unsold inventory of Products on December 31, 2004. Section 8.1 lets the Company renew for one five-year period (January 1, 2005 – December 31, 2009) by written notice by November 30, 2004.",
    s(
      GOLF.endorsement,
      "If the Company decides not to renew this Agreement in accordance with the provisions of Section 8 below, the Company shall pay the Professional an amount equal to two percent (2%) of the net book value of its unsold inventory of Products on December 31, 2004.",
    ),
    s(
      GOLF.endorsement,
      "The Company may renew this Agreement on the same terms and conditions for one (1) additional five year period that shall begin on January 1, 2005 and end on December 31, 2009, by providing a written notice of its intent to effect such renewal to the Professional by November 30, 2004.",
    ),
  ),
  q(
    "multi-document",
    "Which of Whitworth's obligations outlive the endorsement deal?",
    "Her Section 9 non-competition obligations and her obligations under Exhibit A (intellectual property, confidentiality and non-use) survive termination for their periods (Section 7.4); Exhibit A's confidentiality and non-use obligations stay in effect after all work for the Company is completed.",
    s(
      GOLF.endorsement,
      "The Professional's obligations under (i) Section 9 hereof and (ii) Exhibit A shall survive a termination of this Agreement for the applicable periods set forth therein.",
    ),
    s(
      GOLF.exhibitA,
      "The confidentiality and non-use obligations of Recipient will remain in effect after all work for the Company has been completed.",
    ),
    s(
      GOLF.endorsement,
      "The confidentiality and non-use obligations of Recipient will remain in effect after all work for the Company has been completed.",
    ),
  ),
  q(
    "multi-document",
    "Who owns the ads and any club designs Kathy Whitworth comes up with while working with the company?",
    "The Company: it owns the advertisement materials and all intellectual property rights in them in perpetuity (Section 2.4), and under Exhibit A anything she develops during her work for the Company (discoveries, designs, works of authorship, trademarks and so on) is the Company's exclusive property and a work for hire, assigned to it.",
    s(
      GOLF.endorsement,
      "The Professional agrees that the Company shall own all such materials and all intellectual property rights",
    ),
    s(
      GOLF.exhibitA,
      "that may be developed, conceived, or made by Recipient, alone or jointly with others during her work for the Company, shall be the exclusive property of the Company and shall be deemed a work for hire.",
    ),
    s(
      GOLF.endorsement,
      "that may be developed, conceived, or made by Recipient, alone or jointly with others during her work for the Company, shall be the exclusive property of the Company and shall be deemed a work for hire.",
    ),
  ),
  q(
    "multi-document",
    "If Whitworth breaches, can Square Two get an injunction, and in which courts?",
    "Yes: Section 10.1 entitles the Company to an injunction restraining any violation or threatened violation of the Section 9 covenants, and in Exhibit A she consents to the jurisdiction of the Federal and County Courts in Essex County, New Jersey, where the Company may seek temporary restraining orders or other extraordinary relief to protect its Information.",
    s(
      GOLF.endorsement,
      "The Company shall, therefore, be entitled to obtain an injunction against the Professional restraining any violation, further violation, or threatened violation of Section 9 above,",
    ),
    s(
      GOLF.exhibitA,
      "Recipient hereby consents to the jurisdiction of the Federal and County Courts in Essex County, New Jersey and agrees that the Company may seek temporary restraining orders against it or other extraordinary relief necessary to protect the Information.",
    ),
    s(
      GOLF.endorsement,
      "Recipient hereby consents to the jurisdiction of the Federal and County Courts in Essex County, New Jersey and agrees that the Company may seek temporary restraining orders against it or other extraordinary relief necessary to protect the Information.",
    ),
  ),
  q(
    "fact",
    "Once the Whitworth endorsement ends, can she put her name on another company's golf apparel?",
    "Not for two years: she may not endorse, license or authorize use of her name, likeness or image with another company's golf clubs or golf-related clothing or equipment during the Term and for two years after.",
    s(
      GOLF.endorsement,
      "the Professional agrees not to endorse, license or otherwise authorize the use of her name, likeness or image in connection with another company's golf clubs or golf-related clothing or equipment during the Term and for a period of two (2) years thereafter.",
    ),
  ),
  q(
    "definition",
    'What is "Information" under the confidentiality exhibit to the Whitworth agreement?',
    "The Company's proprietary, confidential and trade secret information and materials disclosed, observed or displayed to her, including golf equipment marketing plans, research, development and designs, software, screens, user interfaces, systems designs and documentation, processes, methods, fees, charges, know-how, results of work, new discoveries, Intellectual Property and improvements to the Company's products, whether or not labelled confidential.",
    s(
      GOLF.exhibitA,
      'which include, but are not limited to, golf equipment marketing plans, research, development and designs, computer software, screens, user interfaces, systems designs and documentation, processes, methods, fees, charges, know-how and any result from the work performed by Recipient or the Company, new discoveries, Intellectual Property (as defined below) and improvements to the Company\'s products made for or on behalf of the Company (all of which, singly and collectively, "Information").',
    ),
    s(
      GOLF.endorsement,
      'which include, but are not limited to, golf equipment marketing plans, research, development and designs, computer software, screens, user interfaces, systems designs and documentation, processes, methods, fees, charges, know-how and any result from the work performed by Recipient or the Company, new discoveries, Intellectual Property (as defined below) and improvements to the Company\'s products made for or on behalf of the Company (all of which, singly and collectively, "Information").',
    ),
  ),
  q(
    "fact",
    "After termination, how long can the company keep selling Whitworth-branded inventory?",
    "The agreement gives two periods: Section 2.8 lets the Company dispose of existing inventory using her name, a right that expires six months after termination or expiration; Section 9.1 grants it the right to fill orders and sell inventory existing at expiration or termination for up to two years after the original term ends.",
    s(
      GOLF.endorsement,
      "The right granted in this section shall expire six (6) months after the termination or expiration of this Agreement.",
    ),
    s(
      GOLF.endorsement,
      "sell any inventory of Products in its inventory existing at the expiration or termination of this Agreement, for a period not to exceed two (2) years after such expiration or termination of the original term.",
    ),
  ),
  q(
    "cross-reference",
    "Section 3.1 of the Whitworth endorsement deal lets the company stop paying if she can't endorse the clubs. Which payments does that cover?",
    "Its obligations under Sections 4.1, 4.2 and 4.3: the $36,000 Base Fee, the 2% Royalty Fee and the quarterly stock option grants; the Company may also terminate without further obligation.",
    s(
      GOLF.endorsement,
      "If the Professional is unable at any time during the Term to provide such endorsement of the Products, the Company shall be released from any of its obligations under Sections 4.1, 4.2, and 4.3 hereof to pay any fees or royalties or to provide any stock options to the Professional",
    ),
    s(
      GOLF.endorsement,
      'The Company will pay the Professional a base fee of thirty-six thousand dollars ($36,000) per year (the "Base Fee")',
    ),
    s(
      GOLF.endorsement,
      "If the Company elects to create and market the Products, the Company will grant to the Professional options to purchase shares of the Company's capital stock",
    ),
  ),
  q(
    "fact",
    "Is there a ceiling on the stock options Whitworth can receive in a year?",
    "Yes: the Quarterly Grant Numbers in any calendar year may not exceed 15,000 options in total (each grant is 0.5% of the Royalty Base divided by the closing price; options expire five years after grant).",
    s(
      GOLF.endorsement,
      "The sum of the Quarterly Grant Numbers in each calendar year of the Term shall not exceed fifteen thousand (15,000).",
    ),
  ),
  nid("Can Whitworth audit the Company's books to check her royalty statements?"),
]);

const sagebrush = d("cuad-zond-sagebrush-management-amendment-1", "f3-sage", [
  q(
    "amendment-precedence",
    "Does the Sagebrush management and maintenance agreement still end in September 2003?",
    'No: the First Amendment (December 1, 1990) deleted "September 30, 2003" in Section 6.1 and inserted "July 20, 2006", extending the term.',
    s(
      SAGEBRUSH,
      'Section 6.1 of the Agreement shall be, and hereby is, amended by deleting the date "September 30, 2003" where it appears therein, and inserting in its place the date "July 20, 2006".',
    ),
  ),
  q(
    "definition",
    "Who are the LIFO Partners?",
    "Alpha Willow, SP11, SP12, SP13, SP14 and SP21, together with their Partner Affiliates, whose Projects the Manager must disconnect or curtail in the circumstances of new Section 7.4.",
    s(
      SAGEBRUSH,
      'Manager shall disconnect the Projects of Alpha Willow, SP11, SP12, SP13, SP14 and SP21 (together with their Partner Affiliates, the "LIFO Partners") in the following circumstances.',
    ),
  ),
  q(
    "fact",
    "At what level of line losses does ToyoWest have to start curtailing the last-in projects?",
    "When Transmission Line losses exceed 1.14%, the excess adversely affects the Projects of Alpha Mariah, Alpha Mariah (Prime), Beta Mariah, Beta Mariah (Prime) or Gamma Mariah (or their Partner Affiliates), and curtailing the LIFO Partners' Projects would reduce or eliminate it (other triggers: the line cannot deliver its designed capacity, availability or voltage, or losses on the Desert Winds I or III contracts exceed their earlier levels).",
    s(
      SAGEBRUSH,
      "the Transmission Line line losses exceed 1.14%, the excess line losses have an adverse effect on the Projects of Alpha Mariah, Alpha Mariah (Prime), Beta Mariah, Beta Mariah (Prime), or Gamma Mariah or their Partner Affiliates, and curtailment of the Projects of the LIFO Partners would reduce or eliminate such excess line losses,",
    ),
  ),
  q(
    "fact",
    "Who pays when the manager works with the LIFO partners to fix what caused a curtailment?",
    "The LIFO Partners pay any expenses of that cooperation.",
    s(
      SAGEBRUSH,
      "The Manager shall cooperate with the LIFO Partners to attempt to eliminate the cause of any curtailment under this provision, provided that any expenses in connection with such cooperation shall be paid by the LIFO Partners.",
    ),
  ),
  q(
    "fact",
    "If the LIFO partners never agree among themselves on curtailment priority, who picks which project goes offline?",
    "The Manager, in its discretion.",
    s(
      SAGEBRUSH,
      "If the LIFO Partners fail to so inform the Manager, the Manager shall in its discretion determine which of the Projects of the LIFO Partners to curtail.",
    ),
  ),
  q(
    "amendment-precedence",
    "What happened to the old Section 7.4 of the Sagebrush agreement?",
    "It was renumbered Section 7.5; a new Section 7.4 (Disconnection of LIFO Partners) was added in its place.",
    s(SAGEBRUSH, "Existing Section 7.4 shall be renumbered as Section 7.5."),
    s(SAGEBRUSH, "A new Section 7.4 is hereby added to the Agreement, as follows:"),
  ),
  q(
    "amendment-precedence",
    'The management agreement calls the manager "ToyoWest Management Company". Is that its name?',
    'No: the First Amendment provides that references to "ToyoWest Management Company" are to be read as "ToyoWest Management Inc.", the Manager\'s correct name.',
    s(
      SAGEBRUSH,
      'All references in the Agreement to Manager as "ToyoWest Management Company" shall be interpreted as referring to "ToyoWest Management Inc.," the correct name of Manager.',
    ),
  ),
  q(
    "fact",
    "Can the Sagebrush transmission line be modified to fix a curtailment problem without everyone signing off?",
    "No: no change to the Transmission Line may be made without the prior unanimous consent of the Partners other than the LIFO Partners, which may not be unreasonably withheld.",
    s(
      SAGEBRUSH,
      "no change to the Transmission Line shall be made without the prior unanimous consent of the Partners (excluding the LIFO Partners), which consent shall not be unreasonably withheld.",
    ),
  ),
  q(
    "cross-reference",
    "Section 2 keeps the agreement in force except as modified by Section 1. Does the new curtailment right in Section 1 cut back the manager's rights under the partners' Technical Use Agreements?",
    "No: new Section 7.4 says nothing in its curtailment sentence affects the Manager's right to curtail or disconnect a Partner's Project under Section 4 of that Partner's Technical Use Agreement; otherwise all terms of the Agreement remain in full force and effect.",
    s(SAGEBRUSH, "all of the terms and conditions of the Agreement shall remain in full force and effect."),
    s(
      SAGEBRUSH,
      "Nothing contained in the preceding sentence shall affect the rights of the Manager to curtail or disconnect the Project of a Partner under Section 4 of that Partner's Technical Use Agreement.",
    ),
  ),
  q(
    "fact",
    "Are the two Mariah (Prime) companies bound by the management agreement?",
    "Yes: by executing the First Amendment, Alpha Mariah (Prime), Inc. and Beta Mariah (Prime), Inc. become parties to the Agreement and agree to be bound by it and the Amendment.",
    s(
      SAGEBRUSH,
      "By execution of this Amendment, Alpha Mariah (Prime), Inc. and Beta Mariah (Prime), Inc. hereby become parties to the Agreement and agree to be bound by all of the terms of the Agreement and this Amendment.",
    ),
  ),
  nid("How much notice must the Manager give a LIFO Partner before curtailing its project?"),
  nid("What fee does ToyoWest Management Inc. earn for managing and maintaining the Sagebrush projects?"),
]);

const veoneer = d("cuad-veoneer-nissin-jv-termination", "f3-veon", [
  q(
    "fact",
    "When does Veoneer drop out of the brake joint venture agreement with Nissin?",
    "Effective as of the later of the VNBJ Closing and the VNBZ Closing, the JV Agreement terminates entirely as to the Veoneer Parties, who then cease to be parties and have no further obligations.",
    s(
      VEONEER,
      "effective as of the later of the VNBJ Closing and the VNBZ Closing, the JV Agreement shall terminate in its entirety with respect to the Veoneer Parties",
    ),
  ),
  q(
    "amendment-precedence",
    'Once the VNBJ sale closes, what do "Company" and "Companies" in the JV agreement refer to?',
    "VNBZ and/or ANRA, except as the context otherwise requires; the JV Agreement ceases to apply to VNBJ and all rights and obligations regarding VNBJ terminate.",
    s(
      VEONEER,
      'all references to "Company" or "Companies" in the JV Agreement (either in the body of the JV Agreement or its schedules and other attachments) shall read and be interpreted to mean VNBZ and/or ANRA except as the context otherwise requires.',
    ),
  ),
  q(
    "cross-reference",
    "Article 4 makes Article 1.1 effective on the VNBJ Closing. Article 1 is lettered a to d, so what does Article 1.1 actually do?",
    'Article 1.1 is paragraph a of Article 1: as of the VNBJ Closing the JV Agreement ceases to apply to VNBJ, all rights and obligations regarding VNBJ terminate, and "Company"/"Companies" mean VNBZ and/or ANRA. Article 4 makes it effective only on the VNBJ Closing (and Article 1.2, paragraph b, on the VNBZ Closing).',
    s(
      VEONEER,
      "This Amendment shall only become effective upon the VNBJ Closing with respect to Article 1.1 and the VNBZ Closing with respect to Article 1.2,",
    ),
    s(
      VEONEER,
      "As of the VNBJ Closing, except as expressly set forth in this Amendment, the JV Agreement shall immediately cease to have any application or effect with respect to VNBJ, all rights and obligations with respect to VNBJ under the JV Agreement shall terminate",
    ),
  ),
  q(
    "fact",
    "Does the Veoneer–Nissin JV termination let either side off the hook for breaches before the closings?",
    "No: termination as to VNBJ, VNBZ or the Veoneer Parties does not release any Veoneer Party or Nissin Party from liability for breaches of its representations, warranties, covenants or agreements in the JV Agreement arising before the VNBJ or VNBZ Closing.",
    s(
      VEONEER,
      "the termination of the JV Agreement with respect to VNBJ, VNBZ or the Veoneer Parties shall not release any Veoneer Party or any Nissin Party from liability for the breach of any of its representations, warranties, covenants or agreements set forth in the JV Agreement that arise prior to the VNBJ Closing or the VNBZ Closing, as applicable.",
    ),
  ),
  q(
    "fact",
    "After the VNBJ and VNBZ closings, is anyone still party to the JV agreement?",
    "Yes: it stays in force solely between the Nissin Parties and Autoliv AB, for the liquidation proceedings of ANRA.",
    s(
      VEONEER,
      "the JV Agreement will remain in full force and effect in accordance with the terms thereof solely between the Nissin Parties and Autoliv AB with respect to the liquidation proceedings of ANRA.",
    ),
  ),
  q(
    "fact",
    "what law governs the Veoneer/Nissin amendment and termination",
    "The laws of Japan.",
    s(VEONEER, "This Amendment shall be governed by and construed in accordance with the laws of Japan."),
  ),
  q(
    "cross-reference",
    "Which JV agreement sections must the Nissin side still make VNBJ and VNBZ honour for the directors and officers?",
    "Sections 4.3.2 and 4.3.3 of the JV Agreement (indemnification or reimbursement of Directors and Officers), for Liabilities arising before the VNBJ or VNBZ Closing, except those resigning under Section 6.2.6 of the VNBJ SPA and VNBZ SPA; the Nissin Parties must cause VNBJ and VNBZ to comply notwithstanding Article 1. The JV Agreement itself is not in the documents.",
    s(
      VEONEER,
      "the Nissin Parties agree to cause each of VNBJ and VNBZ to comply with Sections 4.3.2 and 4.3.3 of the JV Agreement with respect to the indemnification or reimbursement, as applicable, of all Directors and Officers",
    ),
  ),
  q(
    "fact",
    "What becomes of this amendment if the share sales to Honda and Nissin fall through?",
    "It terminates without any force or effect if the VNBJ SPA and the VNBZ SPA are terminated in accordance with their terms.",
    s(
      VEONEER,
      "shall terminate without any force or effect in the event that the VNBJ SPA and the VNBZ SPA are terminated in accordance with the terms thereof.",
    ),
  ),
  q(
    "definition",
    'Who are the "Nissin Parties"?',
    'Nissin Kogyo Co., Ltd. (Japan), Nissin Kogyo Holdings USA, Inc. (Ohio) and Zhongshan Nissin Industry Co., Ltd. (PRC, "NBZ").',
    s(
      VEONEER,
      'Nissin Kogyo Co., Ltd., a Japanese corporation ("Nissin"), Nissin Kogyo Holdings USA, Inc., an Ohio corporation ("Nissin Holding") and Zhongshan Nissin Industry Co., Ltd., a Peoples\' Republic of China company ("NBZ" and together with Nissin and Nissin Holding, the "Nissin Parties")',
    ),
  ),
  q(
    "amendment-precedence",
    "Does the JV agreement still cover the US brake company, VNBA?",
    "No: under the Amendment to Joint Venture Agreement of June 28, 2019, the JV Agreement ceased to have any application or effect to VNBA as of that date (after Nissin Holding sold its VNBA membership interests to Veoneer Roadscape Automotive).",
    s(
      VEONEER,
      "The Veoneer Parties and the Nissin Parties entered into that certain Amendment to Joint Venture Agreement as of June 28, 2019 pursuant to which, among other things, the JV Agreement ceased to have any application or effect to VNBA as of June 28, 2019;",
    ),
  ),
  q(
    "definition",
    "What is the VNBJ Closing?",
    "The consummation of the transactions under the VNBJ Share Purchase Agreement (entered into as of the Effective Date among Honda, Nissin and Veoneer AB), under which Veoneer AB sells all its outstanding shares in Veoneer Nissin Brake Systems Japan (VNBJ) to Honda and Nissin.",
    s(
      VEONEER,
      'VNBJ Share Purchase Agreement, pursuant to which Veoneer AB is selling, and Honda and Nissin are purchasing, all of Veoneer AB\'s outstanding shares in VNBJ (the "VNBJ SPA," and the consummation of the transactions pursuant to the terms of the VNBJ SPA, the "VNBJ Closing")',
    ),
  ),
  nid("What price are Honda and Nissin paying Veoneer AB for its VNBJ shares?"),
  nid("Are disputes between Veoneer and the Nissin parties over the termination to be arbitrated?"),
]);

const ictsc = d("nda-ictsc-mna", "f3-ictsc", [
  q(
    "fact",
    "What deal are the parties looking at under the ICT Strategic Consulting NDA?",
    "A potential investment, sale or acquisition of ICT businesses in Australia (the Purpose).",
    s(NDA.ictsc, "Potential investment, sale or acquisition of ICT businesses in Australia."),
  ),
  q(
    "definition",
    "Unauthorised Persons in the ICTSC NDA — who is that?",
    "The Recipient's officers, employees or advisers who do not need access to the Confidential Information for the Purpose, and anyone else who is not a party to the agreement.",
    s(
      NDA.ictsc,
      '"Unauthorised Persons" means officers, employees or advisers of the Recipient who are not required to have access to the Confidential Information for the Purpose, and any other person who is not a party to this agreement.',
    ),
  ),
  q(
    "fact",
    "If ICTSC asks for its material back, how long do we have?",
    "Seven days from the Discloser's written request: the Recipient must return all Confidential Information and give a signed certificate that all of it in its possession or control has been returned.",
    s(
      NDA.ictsc,
      "Within 7 days of a written request by the Discloser, the Recipient must return all Confidential Information, and provide a signed certificate stating that all Confidential Information in the Recipient's possession or control has been returned.",
    ),
  ),
  q(
    "fact",
    "Under the ICTSC NDA, can either side put out a press release about the talks?",
    "Not without the other party's prior written consent.",
    s(
      NDA.ictsc,
      "Neither party may make any public announcement or press release concerning the purpose or this agreement without the prior written consent of the other party.",
    ),
  ),
  q(
    "cross-reference",
    "In the ICT Strategic Consulting NDA, the definition of Confidential Information points to Schedule 1. Does that make the mere fact that we're talking confidential?",
    "Yes: Confidential Information includes the information in Schedule 1, which lists the fact that the parties are discussing a Project or Opportunity (and the status of the Project and the fact that they have exchanged information).",
    s(NDA.ictsc, "including but not limited to, the information specified in Schedule 1;"),
    s(NDA.ictsc, "the fact that the parties are discussing a Project or Opportunity;"),
  ),
  q(
    "fact",
    "Under the ICTSC confidentiality agreement, do we need to warn our people about trading in listed shares?",
    "Yes: people to whom the information is given must be warned that it may include insider information about publicly listed shares that may preclude them from trading in those shares.",
    s(
      NDA.ictsc,
      "Parties to whom the information is imparted must be warned that included ‘insider information,’ regarding publicly listed and traded shares may preclude them from such trade in those shares.",
    ),
  ),
  q(
    "fact",
    "Is the NSW courts' jurisdiction under the ICTSC agreement exclusive?",
    "No: the agreement is governed by the laws of New South Wales, Australia, and the parties submit to the non-exclusive jurisdiction of that State's courts.",
    s(
      NDA.ictsc,
      "This agreement is governed by the laws of New South Wales, Australia. The parties submit to the non-exclusive jurisdiction of the courts of that State.",
    ),
  ),
  nid("Does the ICTSC NDA stop either side from hiring away the other's employees?"),
  nid(
    "Is there a standstill in the ICTSC NDA stopping the recipient from buying the other party's shares during the talks?",
  ),
]);

const contractor = d("nda-independent-contractor-exhibit-b", "f3-exb", [
  q(
    "fact",
    "Under the Exhibit B non-disclosure requirements, how carefully does the independent contractor have to guard the company's confidential information?",
    "With at least the standard of care it uses for its own information of a similar kind, and never less than a reasonable standard of care.",
    s(
      NDA.contractor,
      "Independent Contractor shall use at least the same standard of care it uses to protect its own information of similar kind, but not less than a reasonable standard of care.",
    ),
  ),
  q(
    "fact",
    "When an independent contractor's engagement under the Exhibit B non-disclosure terms ends, what does it do with our materials and its own notes?",
    "It must redeliver all tangible Confidential Information and destroy all material it prepared that is based on or reflects Confidential Information, unless counsel advises in writing that destruction is prohibited by law; anything not returned or destroyed stays confidential.",
    s(
      NDA.contractor,
      "Upon termination of the Agreement, Independent Contractor shall redeliver all tangible Confidential Information furnished by the Company.",
    ),
    s(
      NDA.contractor,
      "Independent Contractor will also destroy all written material, memoranda, notes, and other writings or recordings whatsoever prepared by it based upon, containing, or otherwise reflecting any Confidential Information.",
    ),
  ),
  q(
    "fact",
    "who pays the company's lawyers if it has to enforce the contractor's Exhibit B non-disclosure requirements",
    "The Independent Contractor reimburses the Company's costs and expenses, including attorneys' fees, of enforcing Exhibit B.",
    s(
      NDA.contractor,
      "Independent Contractor agrees to reimburse the Company for costs and expenses (including without limitation attorneys' fees) incurred by the Company in connection with the enforcement of this Exhibit B.",
    ),
  ),
  q(
    "cross-reference",
    "Section 1 of the contractor's non-disclosure exhibit bars disclosure except as Section 3 permits. What does Section 3 let the contractor do?",
    "If legally required (interrogatories, requests, subpoena, Civil Investigative Demand or similar process) to disclose, the contractor must give the Company prompt prior written notice so it can seek a protective order; absent one, if counsel advises in writing that disclosure is compelled, it may disclose only the portion counsel says is legally compelled and must use best efforts to obtain confidential treatment.",
    s(
      NDA.contractor,
      "Except to the extent permitted by Section 3 below, Independent Contractor will not disclose the Confidential Information, in whole or in part, to any other party.",
    ),
    s(
      NDA.contractor,
      "Independent Contractor will provide the Company with prompt prior written notice of such request or requirement so that the Company may seek an appropriate protective order.",
    ),
    s(
      NDA.contractor,
      "Independent Contractor may disclose only that portion of the Confidential Information or other information which it is advised in writing by its counsel (which shall be forwarded to the Company upon request) is so legally compelled",
    ),
  ),
  q(
    "definition",
    "Are the terms of the independent contractor agreement themselves confidential under its Exhibit B?",
    'Yes: "Confidential Information" is defined to include the Agreement itself, along with the business plans, development plans, reports, financial information, design documents, specifications, programmer notes, software and other information the Company discloses, and notes or analyses reflecting it.',
    s(NDA.contractor, 'the "Confidential Information," which shall include this Agreement)'),
  ),
  q(
    "fact",
    "Is something the independent contractor built on its own, without our information, still covered by the Exhibit B non-disclosure requirements?",
    "No: Confidential Information does not include information independently developed by the Independent Contractor without benefit of the Confidential Information.",
    s(
      NDA.contractor,
      "is independently developed by Independent Contractor without benefit of the Confidential Information.",
    ),
  ),
  nid("Which state's law governs the contractor's confidentiality obligations under Exhibit B?"),
  nid("Does Exhibit B bar the contractor from soliciting the company's employees?"),
]);

export const tests = [...globalMarine, ...acer, ...splash, ...golf, ...sagebrush, ...veoneer, ...ictsc, ...contractor];
