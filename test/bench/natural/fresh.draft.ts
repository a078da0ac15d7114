/**
 * The third natural half ("fresh"), as written: quotes, not offsets. Deals neither tune.json nor heldout.json
 * uses, labelled before anyone tuned on them: a second estimate on unseen questions.
 * `pnpm exec tsx test/bench/natural/locate.ts --build test/bench/natural/fresh.draft.ts test/bench/natural/fresh.json`
 */
import { type Deals, d, nid, q, s } from "./draft.ts";

const BA = {
  dev: "cuad/BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT (1).txt",
  amendments: "cuad/BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT - First Amendment.txt",
};

const NE = {
  dist: "cuad/NEONSYSTEMSINC_03_01_1999-EX-10.5-DISTRIBUTOR AGREEMENT_New.txt",
  am1: "cuad/NEONSYSTEMSINC_03_01_1999-EX-10.5-DISTRIBUTOR AGREEMENT_Amendment.txt",
};

const CE = {
  am1: "cuad/Cerus Corporation - FIRST AMEND TO SUPPLY AND MANUFACTURING AGREEMENT.txt",
};

const OD = {
  lgh: "edgar/0001683168-23-000003_2.html",
  note2021: "edgar/0001683168-23-000003_3.html",
  lutz: "edgar/0001683168-23-000003_4.html",
};

const NDA = {
  dbt: "contractnli/DBT%20Mutual%20NDA.txt",
  packeteer: "contractnli/1011344_0001193125-08-097987_dex99d5.htm.txt",
};

export const deals: Deals = {
  "cuad-bioamber-cargill-development": [BA.dev, BA.amendments],
  "cuad-cerus-porex-supply-amendment": [CE.am1],
  "cuad-neon-peregrine-distributor": [NE.dist, NE.am1],
  "edgar-0001683168-23-000003-odyssey-notes": [OD.lgh, OD.note2021, OD.lutz],
  "nda-data-boiler-mutual": [NDA.dbt],
  "nda-packeteer-blue-coat": [NDA.packeteer],
};

const bioamber = d("cuad-bioamber-cargill-development", "fr-bioamber", [
  q(
    "fact",
    "How much does BioAmber owe Cargill up front under the development agreement, and by when?",
    "US$250,000, payable within thirty days of execution of the Development Agreement (Section 2.1).",
    s(
      BA.dev,
      "2.1 Bioamber shall pay Cargill Two Hundred Fifty Thousand U.S. Dollars ($250,000.00) within thirty (30) days of the execution of this Development Agreement.",
    ),
  ),
  q(
    "fact",
    "What are the three CB1 milestones, their target dates and payments?",
    "Proof of Concept, 12 months after the Effective Date, US$250,000; CB1 Strain Development, 30 months, US$300,000; CB1 Strain Optimization, 42 months, US$500,000 (Section 2.3).",
    s(
      BA.dev,
      "Milestone 1: Proof of Concept   12 months after Effective Date   US $250,000.00 Milestone 2: CB1 Strain Development   30 months after Effective Date   US $300,000.00 Milestone 3: CB1 Strain Optimization   42 months after Effective Date   US $500,000.00",
    ),
  ),
  q(
    "amendment-precedence",
    "Can Cargill put more FTEs on the work plan than Section 2.2 originally allowed?",
    "Yes, for a limited period: the First Amendment (effective July 5, 2011) lets Cargill, at its sole discretion, apply additional (redacted) FTEs from July 5, 2011 through September 30, 2011, on the same compensation and expense terms as the original FTEs; otherwise Section 2.2's (redacted) cap of FTE persons per year applies.",
    s(
      BA.amendments,
      "1. Section 2.2 of the Development Agreement is hereby amended to allow Cargill at its sole discretion to apply [***] during the period of July 5,  2011, through September 30, 2011, to perform the Work Plan in addition to the [***] specified in the unamended Section 2.2.",
    ),
    s(
      BA.dev,
      "Cargill will make available up to [***] FTE persons per year to perform the work as outlined in  the Work Plan.",
    ),
  ),
  q(
    "amendment-precedence",
    "Is BioAmber still barred from funding the BRI methylotroph project by its non-compete?",
    "No, within limits: the October 2011 amendment added to Section 13.9 that BioAmber may fund the BRI Project until the methylotroph shows it can make succinic acid at a (redacted) concentration; within 30 days of that it must stop funding, and unspent funds must go to another project. The original Section 13.9 bars BioAmber from developing biocatalysts other than E. coli for succinic acid during the Term.",
    s(
      BA.amendments,
      '"Notwithstanding the above, Bioamber may fund the BRI Project up until the Methylotroph (or re-engineered Methylotroph) demonstrates  the ability to produce succinic acid (or salts thereof) from any feedstock at a concentration of [***] grams/liter succinic acid (or salts thereof).',
    ),
    s(
      BA.dev,
      "Bioamber will not itself or with or through third parties engage in the development of biocatalysts other than E. coli for the production of succinic acid or salts thereof, except for the development activities under the terms and conditions of this Development Agreement.",
    ),
  ),
  q(
    "amendment-precedence",
    "What does the new Section 13.10 require of BioAmber if it runs the Mitsubishi scale-up at Pomacle and Sarnia?",
    "It may conduct the Scale-up and Production Project only if it agrees to convert the Pomacle demonstration facility and the Sarnia Plant to use CB1 solely as the biocatalyst, under Section 5.9 of the Commercial License, and puts in place agreements with the Sarnia Plant's owners/operators enabling it to require that conversion.",
    s(
      BA.amendments,
      '"13.10 Notwithstanding the provisions of section 13.9, Bioamber may conduct the Scale-up and Production Project, subject to Bioamber hereby  agreeing to convert the demonstration-scale Pomacle France succinic acid production facility and the Sarnia Plant to solely utilize CB1 as the  biocatalyst for the production of succinic acid (and/or salts thereof).',
    ),
    s(
      BA.amendments,
      "In order to enable such conversion, Bioamber will put in place agreements with the owners/operators of the  Sarnia Plant that will enable Bioamber to require such conversion of the Sarnia Plant to solely use CB1 for the manufacture of succinic acid as  described above.",
    ),
  ),
  q(
    "definition",
    'What counts as an "Improvement" under the Cargill development agreement?',
    "Any invention or discovery relating to the Work Plan, in whole or in part, conceived during the term of the Development Agreement; its scope is limited to the CB1 strain itself and the (redacted) Field.",
    s(
      BA.dev,
      '5.2 Improvements. Any invention or discovery relating to the Work Plan, in whole or in part, that is conceived during the term of this  Development Agreement shall be an "Improvement".',
    ),
  ),
  q(
    "fact",
    "Who owns an improvement that has uses both inside and outside the succinic acid field?",
    "It is split: as it applies in the Field it is a BioAmber Improvement, and as it applies outside the Field it is a Cargill Improvement.",
    s(
      BA.dev,
      "Additionally, where an Improvement has applications both in the Field and outside the Field, then such  Improvement, as it applies to the Field, shall be a Bioamber Improvement and, as it applies outside the Field, such Improvement shall be a  Cargill Improvement.",
    ),
  ),
  q(
    "fact",
    "How long does the development agreement run?",
    "Four years from the Effective Date (April 15, 2010), unless terminated earlier under Section 10.2 or extended by mutual written agreement.",
    s(
      BA.dev,
      '10.1 This Development Agreement will begin on the Effective Date and continue for four (4) years unless earlier terminated pursuant to Section 10.2, or unless the parties extend the term by mutual written Development Agreement ("Term").',
    ),
  ),
  q(
    "cross-reference",
    "Which provisions survive the end of the BioAmber development agreement?",
    "Sections 4 (Confidentiality), 5 (Intellectual Property), 6 (WRF Patents), 7 (Warranties), 8 (Indemnification — in substance a mutual waiver of consequential and punitive damages), 13.2 (Governing Law) and 13.7 itself.",
    s(
      BA.dev,
      "13.7 Survivability. Sections 4 (Confidentiality), 5 (Intellectual Property), 6 (WRF Patents), 7 (Warranties), 8 (Indemnification), 13.2 (Governing Law), and 13.7 (Survivability) will survive the expiration or earlier termination of this Development Agreement.",
    ),
    s(
      BA.dev,
      '8. Indemnification. Bioamber and Cargill agree to waive any and all claims against each other for consequential, punitive, incidental, special, or other forms of "exemplary" losses whether arising in contract, warranty, tort (including negligence), strict liability, or otherwise, including any losses relating to lost use, lost profits, lost business, damage to reputation, or lost or diminished financing unless such claims are based on a Party\'s gross negligence or willful misconduct.',
    ),
  ),
  q(
    "cross-reference",
    "If Cargill misses a milestone and BioAmber goes ahead and commercializes Modified CB1, what does BioAmber have to pay?",
    "All outstanding milestone payments under Section 2.3 become due immediately, so that Cargill's total under the Development Agreement equals US$1,050,000 (Section 2.4.2) — the sum of the three milestone payments of $250,000, $300,000 and $500,000.",
    s(
      BA.dev,
      "2.4.2 In the event Cargill does not achieve a given Milestone provided in Section 2.3 by the Target Date listed in Section 2.3 or modified  Milestone and modified Target Date as agreed to by the Parties, and Bioamber decides to commercialize Modified CB1, any  outstanding milestone payments shall immediately become due such that the total payment due Cargill under this Development  Agreement equals One Million Fifty Thousand U.S. Dollars (US $1,050,000.00).",
    ),
    s(
      BA.dev,
      "Milestone 1: Proof of Concept   12 months after Effective Date   US $250,000.00 Milestone 2: CB1 Strain Development   30 months after Effective Date   US $300,000.00 Milestone 3: CB1 Strain Optimization   42 months after Effective Date   US $500,000.00",
    ),
  ),
  q(
    "multi-document",
    "When was the Cargill development agreement signed, when was it first amended, and what did the later amendments change in the Commercial License?",
    "It is dated April 15, 2010; the First Amendment is effective July 5, 2011 (extra FTEs under Section 2.2); the later amendments (signed October 2011) amended Section 13.9 and added Section 13.10 of the Development Agreement, and added to Section 5.9 of the Commercial License that BioAmber must use best efforts to obtain regulatory approvals for the CB1 Strain wherever it or a licensee uses another strain, and to scale up the CB1 Strain.",
    s(
      BA.amendments,
      "This First Amendment will be effective as of July 5, 2011, upon the signature of both Cargill and BioAmber.",
    ),
    s(
      BA.amendments,
      '"Bioamber shall use best efforts to obtain regulatory approvals for the use of the CB1 Strain in all countries where Bioamber and/or a Bioamber  licensee are using any strain other than the CB1 strain for the production of succinic acid and/or salts thereof.',
    ),
    s(
      BA.dev,
      'This Development Agreement ("Development Agreement") is entered into on April 15 , 2010 ("EffectiveDate") by and between Cargill,  Incorporated through its Bio Technology Development Center',
    ),
  ),
  nid("What does the development agreement say about force majeure events delaying Cargill's work?"),
  q(
    "cross-reference",
    "At what rate is Cargill paid for work on cellulosic feedstock if BioAmber takes up the alternative feedstock option?",
    "At an FTE rate equivalent to the Section 2.2 rate (a redacted amount per year per full-time equivalent person), adjusted for inflation when it takes effect, plus new up-front and milestone payments (Section 3).",
    s(
      BA.dev,
      "(ii) any development work performed under the Modified Work Plan will be at a FTE rate which will be equivalent to the FTE rate  provided in Section 2.2 above and further adjusted for inflation at the time it goes into effect",
    ),
    s(
      BA.dev,
      "Bioamber shall pay Cargill a total of [***] U.S. Dollars ($[***] per year per full-time equivalent  (FTE) person to perform the Work Plan",
    ),
  ),
  q(
    "cross-reference",
    "Apart from the payment adjustments, what else can BioAmber get if Cargill misses a milestone?",
    "Under Section 2.4.3 Cargill's only exposure (if it respected its Section 1.2 undertakings) is under Sections 2.4.1, 2.4.2 and 2.5; Section 2.5 gives BioAmber the option to take a research-use licence (the Research License) to the Exhibit B patents, the Exhibit C tool kit and Cargill Improvements, for additional consideration.",
    s(
      BA.dev,
      "2.4.3 Provided that Cargill has respected its undertakings set out in Section 1.2 of this Development Agreement, no other damages shall  accrue to Cargill for not achieving a given Milestone other than provided in Sections 2.4.1, 2.4.2, and 2.5.",
    ),
    s(
      BA.dev,
      "2.5 Option to Research License. In the event Cargill (i) is unable to achieve a given milestone described in Section 2.3 by the Target Date, or (ii)  terminates this Agreement pursuant to Section 10.2, Bioamber shall have the option to obtain a license during the term of this Development  Agreement to the patent applications and patents listed in Exhibit B",
    ),
  ),
  nid("What insurance does Cargill have to carry while performing the work plan?"),
]);

const odyssey = d("edgar-0001683168-23-000003-odyssey-notes", "fr-odyssey", [
  q(
    "amendment-precedence",
    "What is the maturity date of the LGH Investments convertible note after Amendment #4?",
    "Amendment #4 (effective December 29, 2022) amends and extends the Maturity Date to March 31, 2022 as written (apparently meant as 2023, given the amendment's date).",
    s(OD.lgh, "The Maturity Date of the Note is amended and extended to March 31, 2022."),
  ),
  q(
    "fact",
    "What did Odyssey give LGH for extending the maturity of the convertible note?",
    "$50,000 is added to the principal outstanding on the Note as of the amendment's Effective Date.",
    s(
      OD.lgh,
      "In exchange for the extension of the Maturity Date, $50,000.00 shall be added to the principal amount outstanding on the Note between the Company and Holder as of the Effective Date hereof.",
    ),
  ),
  q(
    "fact",
    "Does Odyssey have to make a payment on the LGH note under the amendment?",
    "Yes: $35,000 on or before December 30, 2022, which reduces the Note balance by $35,000.",
    s(
      OD.lgh,
      "The Company shall pay to Holder $35,000 (thirty-five thousand) on or before December 30th, 2022. This payment will reduce the Note balance by $35,000 (thirty-five thousand).",
    ),
  ),
  q(
    "fact",
    "What was the original amount of the LGH convertible note and when was it issued?",
    "$1,050,000, under a Convertible Promissory Note dated April 5, 2021 between Odyssey Group Intl, Inc. and LGH Investments, LLC.",
    s(OD.lgh, "dated April 5, 2021 in the amount of $1,050,000.00"),
  ),
  q(
    "amendment-precedence",
    "When is Jonathan Lutz's loan to Odyssey Health now due?",
    "January 31, 2023: Amendment #1 (effective December 30, 2022) extended the Maturity Date of the $30,000 note dated September 21, 2022.",
    s(OD.lutz, "The Maturity Date of the Note is amended and extended to January 31, 2023."),
  ),
  q(
    "fact",
    "How many times had the $25,000 December 2021 note been amended before this latest amendment?",
    "Three times: April 20, 2022, June 3, 2022 and September 30, 2022; the filed amendment is Amendment #4 (effective December 30, 2022).",
    s(
      OD.note2021,
      "dated December 21, 2021, as amended April 20, 2022, June 3, 2022 and September 30, 2022 in the amount of $25,000.00",
    ),
  ),
  q(
    "multi-document",
    "If one of these note amendments conflicts with the underlying note, which controls?",
    "The amendment: each of the three amendments provides that, to the extent its terms conflict with the Note or documents referenced in it, the amendment's provisions control; otherwise the Note remains in full force.",
    s(
      OD.lgh,
      "To the extent the terms of this Amendment conflict with any provision of the Note or any of the documents referenced therein, then the provisions of this Amendment shall control.",
    ),
    s(
      OD.lutz,
      "To the extent the terms of this Amendment conflict with any provision of the Note or any of the documents referenced therein, then the provisions of this Amendment shall control.",
    ),
    s(
      OD.note2021,
      "To the extent the terms of this Amendment conflict with any provision of the Note or any of the documents referenced therein, then the provisions of this Amendment shall control.",
    ),
  ),
  q(
    "multi-document",
    "Across the three note amendments Odyssey filed, which notes mature latest?",
    "As written, the LGH convertible note and the $25,000 December 2021 note are both extended to March 31, 2022, and the Lutz note to January 31, 2023, so the Lutz note matures latest as the amendments are worded (the two March 31, 2022 dates precede the amendments' own effective dates and look like errors for 2023).",
    s(OD.lgh, "The Maturity Date of the Note is amended and extended to March 31, 2022."),
    s(OD.note2021, "The Maturity Date of the Note is amended and extended to March 31, 2022."),
    s(OD.lutz, "The Maturity Date of the Note is amended and extended to January 31, 2023."),
  ),
  nid("What interest rate applies to the LGH note after the extension?"),
  nid("What collateral secures the LGH convertible note?"),
  q(
    "multi-document",
    "What was the combined face amount of the three notes Odyssey amended at the end of 2022?",
    "$1,105,000: the $1,050,000 LGH convertible note (April 5, 2021), the $25,000 note (December 21, 2021) and the $30,000 Lutz note (September 21, 2022).",
    s(OD.lgh, "dated April 5, 2021 in the amount of $1,050,000.00"),
    s(
      OD.note2021,
      "dated December 21, 2021, as amended April 20, 2022, June 3, 2022 and September 30, 2022 in the amount of $25,000.00",
    ),
    s(OD.lutz, "dated September 21, 2022 in the amount of $30,000.00"),
  ),
]);

const cerus = d("cuad-cerus-porex-supply-amendment", "fr-cerus", [
  q(
    "fact",
    "What price applies to Porex's platelet wafers while the EPP-029-886 protocol is running?",
    "From April 1, 2018 until Cerus decides in its sole discretion that Protocol EPP-029-886 can be discontinued, the prices in the new Exhibit D-1 (redacted).",
    s(
      CE.am1,
      "As of April 1, 2018 and continuing until Cerus determines, in its sole discretion, that the Protocol EPP-029-886 under which Porex is currently operating can be discontinued, the price for Platelet Wafers shall be the prices set forth in Exhibit D-1.",
    ),
  ),
  q(
    "amendment-precedence",
    "Once Cerus ends the protocol, which wafer pricing comes back?",
    "The Exhibit D 'Pricing' table for Platelet Wafers as it stood immediately before the amendment, for wafers produced under the New Pricing PO after Cerus's written notice.",
    s(
      CE.am1,
      'On and after the date of such notice, the "Pricing" table for Platelet Wafers in Exhibit D, as of the date immediately preceding the date of this Amendment, shall be reinstated and apply to Platelet Wafers that are produced pursuant to the New Pricing PO and were also produced after the date of the written notice.',
    ),
  ),
  q(
    "amendment-precedence",
    "What does Section 1.3 now say about the most a purchase order can ask Porex to deliver?",
    'The amendment replaced the penultimate sentence of Section 1.3: no Purchase Order may require delivery of more than (redacted) units of each component in any (redacted) period — the "Porex Capacity Limitations".',
    s(
      CE.am1,
      '3. The penultimate sentence in Section 1.3 shall be deleted in its entirety and replaced with the following: "In no event shall any Purchase Order: require delivery of more than [*] units of [*] and [*] units of [*] in any [*] (the "Porex Capacity Limitations")."',
    ),
  ),
  q(
    "definition",
    'What are "Services" in the Cerus–Porex amendment?',
    "Under new Section 3a, non-production work Cerus asks Porex to perform by written work order (development, engineering analysis, part, material or fixture design and development, or other activities not necessary for the then-current manufacture of Components), as defined in each work order.",
    s(
      CE.am1,
      'From time to time, Cerus may submit to Porex written work orders substantially in the form of Schedule 3 that specify development activities, engineering analysis, part, material and/or fixture design and development, or other services or activities that Cerus requests Porex to perform that are not activities or services that are necessary for the then-current manufacture and production of Components for Cerus under the Agreement (collectively, as defined in each work order, the "Services").',
    ),
  ),
  q(
    "fact",
    "Who bears the cost if Porex starts non-production work before the work order is signed?",
    "Porex: it bears the costs of any expenses incurred before the Statement of Work is formally agreed in writing.",
    s(
      CE.am1,
      "If Porex begins to perform services under a work order that has not been formally agreed in writing, then Porex shall bear the costs of any expenses incurred prior to formal written agreement of the Statement of Work.",
    ),
  ),
  q(
    "fact",
    "If a statement of work conflicts with the supply agreement, which wins?",
    "The Agreement controls, unless the Statement of Work expressly refers to the parties' intent to alter the Agreement's terms for that Statement of Work.",
    s(
      CE.am1,
      "In the event of any conflict between the Agreement and a Statement of Work, the Agreement shall control unless the Statement of Work expressly refers to the Parties' intent to alter the terms of the Agreement with respect to that Statement of Work",
    ),
  ),
  q(
    "cross-reference",
    "How is non-production work under Section 3a priced?",
    "By the new section 'Pricing for Non-Production Related Work Orders from Cerus' added to Exhibit D (Schedule 2), which applies on mutual agreement to Statements of Work under Section 3a; each work order also sets its own fees. The pricing itself is redacted.",
    s(
      CE.am1,
      '6. A new section titled "Pricing for Non-Production Related Work Orders from Cerus" is added to Exhibit D as set forth in Schedule 2 attached. Such pricing, upon mutual agreement of the Parties, shall apply to any Statement of Work mutually agreed by the Parties pursuant to Section 3a.',
    ),
    s(
      CE.am1,
      "Each work order shall set forth the terms and conditions (including specifications (if applicable), delivery and performance schedules, and fees) pursuant to which Porex will perform the Services.",
    ),
  ),
  nid("Which state's law governs the Cerus–Porex supply agreement?"),
]);

const neon = d("cuad-neon-peregrine-distributor", "fr-neon", [
  q(
    "amendment-precedence",
    "Until when does NEON's distributorship with Peregrine/Bridge run after the 1999 amendment?",
    "Through March 31, 2004, then renewing automatically for one-year terms unless either party gives written notice of termination at least 60 days before the end of the term (the First Amendment, January 1, 1999, replaced Section 14.1, which had run two years from the date of the agreement with one-year renewals).",
    s(
      NE.am1,
      "Section 14.1 TERM. This Agreement shall be effective through and including March 31, 2004. Upon the expiration of such term, this Agreement will renew automatically for successive terms of one (1) year each unless either party to this Agreement delivers written notice of termination to the other party to this Agreement at least sixty (60) days prior to the end of the original or any renewal term.",
    ),
    s(
      NE.dist,
      "Section 14.1 TERM. This Agreement shall be effective until the earlier of (a) its termination in accordance with the provisions of this Article 14 or (b) the date that is two (2) years after the date of this Agreement",
    ),
  ),
  q(
    "amendment-precedence",
    "Is NEON's right to sublicense the Peregrine products exclusive?",
    "Yes, since the First Amendment: it changed the distributorship from non-exclusive to exclusive, and every reference to non-exclusive rights (Sections 2.1, 2.2, 2.8) now reads exclusive — except that Licensor may also license its Partitioned Database Facility product to IBM for sublicensing and distribution.",
    s(
      NE.am1,
      "Licensor and Licensee do hereby agree that this Amendment shall effect a change in the nature of the distributorship granted to Licensee pursuant to the Distributor Agreement from a non-exclusive to an exclusive distributorship (provided, however, that with respect to Licensor's Partitioned Database Facility product, Licensor also may license such product to International Business Machines Corporation for sublicensing and distribution).",
    ),
    s(
      NE.dist,
      "Licensor hereby grants to Licensee a non- exclusive, worldwide right to use and reproduce the Master Copy of each Licensed Product",
    ),
  ),
  q(
    "amendment-precedence",
    "What share of its sublicense revenue does NEON now pay to the licensor?",
    "The 'Specified Royalty Percentage' under amended Section 3.1: 50%, dropping to 40% for the rest of a fiscal quarter once the outstanding Royalty Advances have been credited against earned royalties (a Satisfaction Date); the original Section 3.1 fee was a flat 50%.",
    s(
      NE.am1,
      "Licensee shall pay to Licensor for each Licensed Product licensed to a Redistributor or a Customer a royalty equal to the Specified Royalty Percentage of all revenues received",
    ),
    s(
      NE.am1,
      "and (ii) forty percent (40%) from and after a Satisfaction Date through and including the last day of the fiscal quarter in which such Satisfaction Date occurs.",
    ),
    s(
      NE.dist,
      "Licensee shall pay to Licensor for each Licensed Product licensed to a Redistributor or a Customer a licensee fee equal to 50% of all revenues received",
    ),
  ),
  q(
    "cross-reference",
    "How much is each quarterly royalty advance for NEON's fiscal year beginning April 1, 2001?",
    "$750,000: each quarter's Royalty Advance is 25% of the Annual Royalty Advance Requirement (Section 3.2), which is $3,000,000 for the fiscal year beginning April 1, 2001 (Section 1.11).",
    s(
      NE.am1,
      'Licensee shall pay to Licensor, as an advance (a "Royalty Advance") of royalties anticipated to be paid hereunder during such fiscal year, an amount equal to twenty-five percent (25%) of the Annual Royalty Advance Requirement for such fiscal year.',
    ),
    s(
      NE.am1,
      "1.11 \"Annual Royalty Advance Requirement\" shall mean (i) $1,000,000 in respect of Licensee's fiscal year beginning April 1, 1999, (ii) $2,000,000 in respect of Licensee's fiscal year beginning April 1, 2000, (iii) $3,000,000 in respect of Licensee's fiscal year beginning April 1, 2001, (iv) $4,000,000 in respect of Licensee's fiscal year beginning April 1, 2002 and (v) $5,000,000 in respect of Licensee's fiscal year beginning April 1, 2003.",
    ),
  ),
  q(
    "cross-reference",
    "Does the licensor's liability cap apply to a claim that the products infringe a third party's IP?",
    "No: the First Amendment added to Section 13.1 that the cap (the amount paid for the Licensed Product giving rise to the liability) does not apply to liability for misrepresentation in or breach of Section 6.2, the licensor's warranty of title and non-infringement, nor to its obligation to repay Royalty Advances.",
    s(
      NE.am1,
      "Notwithstanding the foregoing, the foregoing limitation on liability shall not be applicable in respect of any liability of Licensor to Licensee resulting from any misrepresentation in, or breach of, the terms of Section 6.2 hereof or in respect of Licensor's obligation to repay Royalty Advances pursuant to Section 3.2 hereof.",
    ),
    s(
      NE.dist,
      "Licensor represents and warrants that it possesses all right, title and interest in and to the Licensed Products and the Documentation and that the use of each of the Licensed Products and the Documentation by Licensee, a Redistributor or a Customer will not in any way constitute an infringement or other violation of any copyright, trade secret, trademark, patent or other intellectual property fights or any proprietary information or nondisclosure or other rights of any third party.",
    ),
    s(
      NE.dist,
      "Licensor's total liability to Licensee under any provision of this Agreement shall be limited to the amount actually paid by Licensee to Licensor for the Licensed Product giving rise to the liability.",
    ),
  ),
  q(
    "fact",
    "When can NEON exercise its option to buy Peregrine/Bridge?",
    "During the Option Period: from the earlier of the date NEON has paid $10,000,000 in royalties in a single fiscal year or January 1, 2002, until the agreement expires or is terminated.",
    s(
      NE.am1,
      'Such option shall be exercisable during a period (the "Option Period") commencing on and including the earlier of (i) the date upon which Licensee shall have paid to Licensor, in any single fiscal year of Licensee, royalty payments hereunder in the aggregate amount of $10,000,000 or (ii) January 1, 2002, and ending upon the expiration or sooner termination of this Agreement.',
    ),
  ),
  nid("What insurance must NEON carry as distributor of the Peregrine products?"),
]);

const dataBoiler = d("nda-data-boiler-mutual", "fr-dbt", [
  q(
    "definition",
    "What information is confidential under the Data Boiler mutual NDA?",
    "Nonpublic information the Disclosing Party designates as confidential, or that the Receiving Party should know under the circumstances is treated as confidential by the Disclosing Party (including software product, marketing, business, financial and technical information).",
    s(
      NDA.dbt,
      "“Confidential Information” means nonpublic information that disclosing party (“Disclosing Party”) designates as being confidential or which, under the circumstances surrounding disclosure the receiving party (“Receiving Party”) should know is treated as confidential by the Disclosing Party.",
    ),
  ),
  q(
    "fact",
    "Can the recipient share Data Boiler's information with contractors or consultants?",
    "The NDA only allows disclosure to employees who need to know and who have agreed to be bound by substantially similar terms; it makes no provision for contractors or consultants, and otherwise bars disclosure except as necessary for the Transaction.",
    s(
      NDA.dbt,
      "The Receiving Party agrees disclose Confidential Information only to those employees who need to know such information and certifies that such employees have previously agreed, either as a condition to employment or in order to obtain the Confidential Information, to be bound by terms and conditions substantially similar to those of this Agreement.",
    ),
  ),
  q(
    "fact",
    "Does the NDA let the receiving party disclose information a regulator demands?",
    "Yes: information required to be disclosed by a governmental agency or law is excluded from Confidential Information, provided the other party is notified of the requirement before disclosure.",
    s(
      NDA.dbt,
      "(v) the Confidential Information is required to be disclosed pursuant to a requirement of a governmental agency or law so long as the other party is provided notice of such requirement prior to any such disclosure.",
    ),
  ),
  q(
    "fact",
    "On request, must the recipient return Data Boiler's materials or may it destroy them?",
    "On request it must return all originals, copies, reproductions and summaries, or, at the Disclosing Party's option (not the recipient's), certify their destruction.",
    s(
      NDA.dbt,
      "Upon the request of the Disclosing Party, Receiving Party shall return all originals, copies, reproductions and summaries of Confidential Information at Disclosing Party’s request, or at Disclosing Party’s option, certify destruction of the same.",
    ),
  ),
  q(
    "fact",
    "Does a party seeking an injunction under the DBT NDA have to post a bond?",
    "No: the Disclosing Party is entitled to injunctive and other equitable relief without bond and without showing actual monetary damages.",
    s(
      NDA.dbt,
      "Disclosing Party shall be entitled, without waiving any other rights or remedies, to such injunctive and other equitable relief (without bond and without the necessity of showing actual monetary damages) as may be deemed proper by a court.",
    ),
  ),
  q(
    "fact",
    "Where would a dispute under the Data Boiler NDA be heard, and under what law?",
    "Massachusetts law; the parties consent to the jurisdiction of the state and federal courts sitting in Boston.",
    s(
      NDA.dbt,
      "This Agreement shall be construed and controlled by the laws of the State of Massachusetts and both parties further consent to jurisdiction by the state and federal courts sitting in Boston, Massachusetts.",
    ),
  ),
  q(
    "fact",
    "Are the parties allowed to talk to other potential partners while negotiating with Data Boiler?",
    "Yes: nothing prevents either party from pursuing similar discussions with third parties, and neither is obliged to continue discussions.",
    s(
      NDA.dbt,
      "The parties expressly agree that the provision of Information hereunder and discussions held in connection with the Transaction shall not prevent either party from pursuing similar discussions with third parties or obligate either party to continue discussions with the other or to take, continue or forego any action relating to the Transaction.",
    ),
  ),
  nid("For how many years after disclosure do the Data Boiler NDA's confidentiality obligations last?"),
  nid("Does the Data Boiler NDA restrict either party from hiring the other's employees?"),
]);

const packeteer = d("nda-packeteer-blue-coat", "fr-packeteer", [
  q(
    "definition",
    "What is the permitted purpose of disclosures between Packeteer and Blue Coat?",
    'Solely evaluating the possibility of entering into a business relationship between the parties (the "Purpose").',
    s(
      NDA.packeteer,
      "Each party will disclose such information solely for the purpose of evaluating the possibility of entering into a business relationship between the parties hereto (the “Purpose”).",
    ),
  ),
  q(
    "fact",
    "Is orally disclosed information protected under the Packeteer NDA?",
    "Only if the Discloser identifies it as confidential when disclosed and then summarizes it in writing and sends the summary to the Recipient within thirty days.",
    s(
      NDA.packeteer,
      "If Confidential Information is disclosed in oral form, the Discloser shall identify it as confidential at the time of disclosure and thereafter summarize it in writing and transmit such summary to the Recipient within thirty (30) days of the oral disclosure.",
    ),
  ),
  q(
    "definition",
    'What are "residuals" and can the recipient use them?',
    "Information in intangible form retained in the unaided memory of people who had access to the Confidential Information, without reference to it in tangible form; subject to its non-disclosure obligations, the Recipient is free to use them.",
    s(
      NDA.packeteer,
      "Subject to Recipient’s obligations of non-disclosure, Recipient shall be free to use the residuals resulting from the use or access to the Confidential Information of Discloser.",
    ),
    s(
      NDA.packeteer,
      "The term “residuals” means information in intangible form which is retained in the unaided memory of persons who have had access to the Confidential Information, without reference to such information in tangible or fixed form.",
    ),
  ),
  q(
    "fact",
    "How long do the obligations last for non-technical information?",
    "One year from the date of disclosure of that non-technical Confidential Information (Section 3).",
    s(
      NDA.packeteer,
      "Solely with respect to non-technical Confidential Information, Recipient’s obligations under this Section 3 shall expire one (1) year from the date of disclosure of such non-technical Confidential Information.",
    ),
  ),
  q(
    "cross-reference",
    "Is information Blue Coat already knew before Packeteer disclosed it covered by the NDA?",
    "No: the Section 1 definition of Confidential Information is subject to the Section 2 exclusions, and Section 2(b) excludes information the Recipient independently knows at the time it receives it.",
    s(
      NDA.packeteer,
      "Subject to the limitations set forth in Section 2, all information (including but not limited to ideas, techniques, works of authorship, models, inventions, know-how, processes, equipment, algorithms, software source documents and formulae related to the current, future, and proposed products and services of each of the parties and information concerning research, development, financial information, procurement requirements, purchasing, manufacturing, customer lists, business forecasts, sales and merchandising, and marketing plans), disclosed by one party (the “Discloser”) to the other party (the “Recipient”) which is labeled or marked “Confidential” or with some other similar proprietary legend, or which, in the context of the disclosure, the Recipient has reason to believe is confidential, shall be deemed to be “Confidential Information.”",
    ),
    s(NDA.packeteer, "(b) Recipient independently knows at the time of receiving such information;"),
  ),
  q(
    "fact",
    "How long is the Packeteer–Blue Coat confidentiality agreement in force, and what survives if either side ends it early?",
    "Three years unless terminated sooner; either party may terminate on thirty days' written notice, and Paragraphs 3 (restrictions and obligations), 4 (ownership and return), 5 (rights) and 7 (miscellaneous) survive termination.",
    s(
      NDA.packeteer,
      "This Agreement shall remain in full force and effect for a period of three (3) years unless terminated sooner as set forth below.",
    ),
    s(
      NDA.packeteer,
      "This Agreement may be terminated by either party upon thirty (30) days written notice, provided however, that Paragraphs 3, 4, 5, and 7 shall survive any termination of this Agreement.",
    ),
  ),
  q(
    "fact",
    "May the recipient reverse engineer software Packeteer discloses?",
    "No: the Recipient must not reverse engineer, decompile or disassemble any software disclosed by the Discloser.",
    s(NDA.packeteer, "(e) not reverse engineer, decompile, or disassemble any software disclosed by the Discloser;"),
  ),
  q(
    "fact",
    "When the discloser asks for its materials back, who chooses between return and destruction?",
    "The Recipient: at its option it either returns the materials or certifies their destruction.",
    s(
      NDA.packeteer,
      "Upon the request of Discloser, Recipient shall, at Recipient’s option, either (a) return such materials to Discloser, or (b) certify the destruction thereof.",
    ),
  ),
  nid("Does the Packeteer–Blue Coat NDA stop either side from soliciting the other's employees?"),
  nid("Is Blue Coat under a standstill on buying Packeteer shares while the NDA is in force?"),
]);

export const tests = [...bioamber, ...odyssey, ...cerus, ...neon, ...dataBoiler, ...packeteer];
