/**
 * The held-out half of the natural-question bench, as written: quotes, not offsets.
 * `pnpm exec tsx test/bench/natural/locate.ts --build test/bench/natural/heldout.draft.ts test/bench/natural/heldout.json`
 */
import { type Deals, d, nid, q, s } from "./draft.ts";

const NG = {
  dist: "cuad/NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT.txt",
  am1: "cuad/NETGEAR,INC_04_21_2003-EX-10.16-AMENDMENT TO THE DISTRIBUTOR AGREEMENT BETWEEN INGRAM MICRO AND NETGEAR.txt",
  am2: "cuad/NETGEAR,INC_04_21_2003-EX-10.16- AMENDMENT #2 TO THE DISTRIBUTION AGREEMENT.txt",
};
const FD = {
  base: "cuad/FEDERATEDGOVERNMENTINCOMESECURITIESINC_04_28_2020-EX-99.SERV AGREE-SERVICES AGREEMENT.txt",
  am1: "cuad/FEDERATEDGOVERNMENTINCOMESECURITIESINC_04_28_2020-EX-99.SERV AGREE-SERVICES AGREEMENT_AMENDMENT.txt",
  poa: "cuad/FEDERATEDGOVERNMENTINCOMESECURITIESINC_04_28_2020-EX-99.SERV AGREE-SERVICES AGREEMENT_POWEROF.txt",
  am2: "cuad/FEDERATEDGOVERNMENTINCOMESECURITIESINC_04_28_2020-EX-99.SERV AGREE-SERVICES AGREEMENT_SECONDAMENDMENT.txt",
};

const PD = {
  sow: "cuad/PelicanDeliversInc_20200211_S-1_EX-10.3_11975895_EX-10.3_Development Agreement1.txt",
  sda: "cuad/PelicanDeliversInc_20200211_S-1_EX-10.3_11975895_EX-10.3_Development Agreement2.txt",
};
const LJ = {
  lic: "cuad/LejuHoldingsLtd_20140121_DRS (on F-1)_EX-10.26_8473102_EX-10.26_Content License Agreement1.txt",
  term: "cuad/LejuHoldingsLtd_20140121_DRS (on F-1)_EX-10.26_8473102_EX-10.26_Content License Agreement2.txt",
};

const PB = {
  main: "cuad/PlayboyEnterprisesInc_20090220_10-QA_EX-10.2_4091580_EX-10.2_Content License Agreement_ Marketing Agreement_ Sales-Purchase Agreement1.txt",
  supplier:
    "cuad/PlayboyEnterprisesInc_20090220_10-QA_EX-10.2_4091580_EX-10.2_Content License Agreement_ Marketing Agreement_ Sales-Purchase Agreement2.txt",
};

const SM = {
  mfa: "cuad/SoupmanInc_20150814_8-K_EX-10.1_9230148_EX-10.1_Franchise Agreement1.txt",
  guarantee: "cuad/SoupmanInc_20150814_8-K_EX-10.1_9230148_EX-10.1_Franchise Agreement2.txt",
  california: "cuad/SoupmanInc_20150814_8-K_EX-10.1_9230148_EX-10.1_Franchise Agreement3.txt",
  newYork: "cuad/SoupmanInc_20150814_8-K_EX-10.1_9230148_EX-10.1_Franchise Agreement4.txt",
};

const GL = {
  base: "cuad/GluMobileInc_20070319_S-1A_EX-10.09_436630_EX-10.09_Content License Agreement1.txt",
  am1: "cuad/GluMobileInc_20070319_S-1A_EX-10.09_436630_EX-10.09_Content License Agreement2.txt",
  am2: "cuad/GluMobileInc_20070319_S-1A_EX-10.09_436630_EX-10.09_Content License Agreement3.txt",
  am3: "cuad/GluMobileInc_20070319_S-1A_EX-10.09_436630_EX-10.09_Content License Agreement4.txt",
};

const TR = {
  loan: "edgar/0001493152-23-000031_2.html",
  note: "edgar/0001493152-23-000031_3.html",
};
const KM = {
  amendment: "edgar/0001140361-23-000046_9.html",
  guarantee: "edgar/0001140361-23-000046_10.html",
};

const NDA = {
  bcg: "contractnli/BCG-Mutual-NDA.txt",
  oracle: "contractnli/1084817_0001193125-14-004957_d648340dex99e2.htm.txt",
};

export const deals: Deals = {
  "cuad-set-05-netgear-ingram": [NG.am2, NG.am1, NG.dist],
  "cuad-set-03-federated-services": [FD.base, FD.am1, FD.poa, FD.am2],
  "cuad-set-09-pelican-development": [PD.sow, PD.sda],
  "cuad-set-07-leju-domain-license": [LJ.lic, LJ.term],
  "cuad-set-11-playboy-efashion": [PB.main, PB.supplier],
  "cuad-set-13-soupman-master-franchise": [SM.mfa, SM.guarantee, SM.california, SM.newYork],
  "cuad-set-01-glu-fox-wireless": [GL.base, GL.am1, GL.am2, GL.am3],
  "edgar-0001493152-23-000031-tronco-loan": [TR.loan, TR.note],
  "edgar-0001140361-23-000046-kimco-credit": [KM.amendment, KM.guarantee],
  "nda-bcg-mutual": [NDA.bcg],
  "nda-oracle-responsys": [NDA.oracle],
};

const netgear = d("cuad-set-05-netgear-ingram", "ho-netgear", [
  q(
    "amendment-precedence",
    "What is Ingram's territory under the NETGEAR distributor agreement now, after the amendments?",
    "Amendment #2 (July 15, 1998) amends Section 2 so the Territory is the United States plus a region whose name is redacted ([*]); the original agreement limited it to the United States.",
    s(NG.am2, "1. Section 2, TERRITORY, is amended to be United States, [*]."),
    s(
      NG.dist,
      "Distributor may not distribute or re-export any Products outside of the Territory identified herein as the United States without the specific written consent of NETGEAR.",
    ),
  ),
  q(
    "amendment-precedence",
    "Is Ingram still NETGEAR's exclusive distributor once the October 1996 amendment kicks in?",
    "Only during the initial one-year period from the Amendment Date (October 1, 1996), as the only distributor appointed in the (redacted) [*] area and subject to agreed marketing activities; for any extension or renewal the appointment is non-exclusive.",
    s(
      NG.am2,
      "During the initial one year period beginning on the Amendment Date, Distributor shall be the only distributor appointed by NETGEAR in [*], subject to Distributor conducting mutually agreed to marketing activities",
    ),
    s(
      NG.am2,
      "Following the [*], for any extension or renewal term, Distributor's appointment as Distributor shall be non-exclusive and NETGEAR may appoint other distributors in [*] at its sole discretion.",
    ),
  ),
  q(
    "multi-document",
    "How many times was the territory in the Ingram Micro distribution deal changed, and by what?",
    "Twice: the amendment effective October 1, 1996 made it the United States and [*], and Amendment #2 of July 15, 1998 amended Section 2 again to the United States and [*]; the original agreement said the United States.",
    s(NG.dist, "Territory identified herein as the United States"),
    s(
      NG.am1,
      "1. Subject to the terms of this Amendment, the Territory listed in Section 2 of the Agreement is amended to be the United States and [*].",
    ),
    s(NG.am2, "1. Section 2, TERRITORY, is amended to be United States, [*]."),
  ),
  q(
    "fact",
    "How long is the initial term of the NETGEAR distributor agreement and does it auto-renew?",
    "One year from the Effective Date (March 1, 1996), renewing automatically for successive one-year periods unless terminated.",
    s(
      NG.dist,
      "This Agreement will be in effect for one year from the Effective Date and will automatically renew for successive one (1) year periods unless terminated as provided below.",
    ),
  ),
  q(
    "fact",
    "Can Ingram or NETGEAR terminate for convenience? On how much notice?",
    "Yes; either party may cancel at any time without cause on ninety (90) days' written notice.",
    s(
      NG.dist,
      "This Agreement may be canceled at any time without cause, by either party upon ninety (90) days written notice to the other party.",
    ),
  ),
  q(
    "fact",
    "What's the cure period for a material breach in the Ingram distribution agreement?",
    "Thirty (30) days after receipt of written notice of the breach; otherwise the other party may terminate immediately.",
    s(
      NG.dist,
      "the other party fails to cure a material breach of the Agreement within thirty (30) days after receipt of written notice of such breach from the party not in default",
    ),
  ),
  q(
    "fact",
    "Which state's law governs the NETGEAR–Ingram agreement?",
    "California, excluding its conflict-of-laws rules.",
    s(
      NG.dist,
      "is governed by the laws of the State of California except that body of law dealing with conflicts of law",
    ),
  ),
  q(
    "definition",
    "For the exclusivity language in the Ingram agreement, what does 'distributor' mean?",
    "A company acquiring products directly from NETGEAR for resale or license to dealers or other second-tier resellers which in turn resell or license them to end-use customers.",
    s(
      NG.dist,
      "For the purposes of this provision, distributor shall mean a company acquiring products directly from NETGEAR for resale or license to dealers or other second tier resellers which in turn resell or license the products to end use customers.",
    ),
  ),
  q(
    "definition",
    "What counts as Proprietary Information in the NETGEAR distributor agreement?",
    "Without limitation: diagnostics, the Software and its documentation, user manuals, and electronically and visually transmitted printed materials and information disclosed by either party (new product information, financial or technical data, information reported under the reports section, or anything marked proprietary or confidential).",
    s(
      NG.dist,
      '"Proprietary information includes, without limitation, diagnostics, the Software, all documentation for Software, other user manuals, as well as electronically and visually transmitted printed materials and information disclosed by Distributor or NETGEAR, such as new product information, financial or technical data, information reported under section II above or other information or data that is marked with a proprietary or confidential legend.',
    ),
  ),
  q(
    "cross-reference",
    "NETGEAR's liability cap carves out damages under two sections — what do those sections cover?",
    "Sections 14.A and 16.A: NETGEAR's defence and payment of third-party IP infringement claims against Ingram (14.A) and its indemnity for bodily injury, death or property damage claims caused by its negligence or a material product defect (16.A).",
    s(
      NG.dist,
      "EXCEPT FOR DAMAGES ARISING UNDER SECTIONS 14.A AND 16.A, IN NO EVENT WILL NETGEAR's OR BAY NETWORKS' TOTAL LIABILITY",
    ),
    s(
      NG.dist,
      "NETGEAR agrees to defend at its own expense any action brought against Distributor to the extent that it is based on a claim that any Product infringes a United States or Territory patent, copyright, trade mark, trade secret or other valid intellectual property right",
    ),
    s(
      NG.dist,
      "NETGEAR agrees to indemnify Distributor against any claim arising out of or resulting from the Products or the Agreement, provided that any such claim (i) is attributable to bodily injury, death, or to injury to or destruction of physical property (other than the Products), and (ii) is caused by the negligent act or omission of NETGEAR or a material defect in the Product.",
    ),
  ),
  q(
    "cross-reference",
    "To get price-protection credit, Ingram has to have sent its inventory report on time under Section 11 — what must that report contain?",
    "Under Section 11.B, a monthly report of Ingram's inventory of NETGEAR products as of the end of the previous month, with at least the part number, the number of units and the purchase value of inventory remaining by product.",
    s(NG.dist, "must have submitted its regular monthly inventory report on time, according to Section 11"),
    s(
      NG.dist,
      "Each month Distributor shall prepare and forward to NETGEAR a weekly report showing Distributor's inventory of the Products purchased and licensed from NETGEAR as of the end of the previous calendar month. The report may be submitted via BBS and shall include, at a minimum the part number and the number of units and purchase value of the inventory remaining by Product.",
    ),
  ),
  nid("Is there an arbitration clause in the Ingram Micro distribution agreement?"),
  nid("What minimum annual purchase volume does Ingram have to commit to NETGEAR?"),
]);

const federated = d("cuad-set-03-federated-services", "ho-federated", [
  q(
    "fact",
    "How can the Federated services agreement between the Adviser and FASC be terminated?",
    "It continues until terminated by mutual agreement or by either party on not less than 60 days' written notice (with special rules for registered investment companies under Section 5(b)).",
    s(
      FD.base,
      "shall continue until terminated by mutual agreement of the parties hereto or by either party on not less than 60 days' written notice to the other party hereto",
    ),
  ),
  q(
    "fact",
    "What's the liability standard for FASC under the services agreement?",
    "FASC is not liable for errors of judgment, mistakes of law or losses, except losses from willful malfeasance, bad faith, gross negligence or reckless disregard of its duties.",
    s(
      FD.base,
      "FASC shall not be responsible for any error of judgment or mistake of law or for any loss suffered by the Advisor or any Account in connection with the matters to which this Agreement relates, except a loss resulting from willful malfeasance, bad faith or gross negligence on its part in the performance of its duties or from reckless disregard by it of its obligations and duties under this Agreement.",
    ),
  ),
  q(
    "definition",
    "What is the 'Applicable Margin' in the FASC fee formula?",
    "0.10.",
    s(FD.base, '"Applicable Margin" is 0.10.'),
  ),
  q(
    "definition",
    "How does the Federated services agreement define Cost of Services?",
    "FASC's total Operating Costs incurred in providing the applicable Category of Services during the month to all investment advisers for which FASC provides that Category.",
    s(
      FD.base,
      '"Cost of Services" is FASC\'s total Operating Costs incurred in providing the applicable Category of Services during the month to all investment advisers for which FASC provides that Category of Services.',
    ),
  ),
  q(
    "cross-reference",
    "Exhibit A says categories 1 and 2 are not investment advisory services for purposes of Section 5(b) — what would Section 5(b) otherwise require?",
    "For investment advisory services to a registered investment company, the agreement would not start until Board approval, would need annual Board (including independent) approval to continue, could be terminated by the Board or a shareholder vote on 60 days' notice, and would terminate automatically on assignment or termination of the Advisory Agreement.",
    s(
      FD.base,
      'Categories 1 and 2 above shall not be treated as "investment advisory services" for purposes of Section 5(b) of the Agreement.',
    ),
    s(
      FD.base,
      'shall not commence until the effective date of its approval by the board of directors or trustees ("Board") of such Account;',
    ),
    s(
      FD.base,
      "shall continue from year to year thereafter, subject to the provisions for termination and all other terms and conditions hereof, only if such continuation shall be specifically approved at least annually by a majority of the Board",
    ),
  ),
  q(
    "amendment-precedence",
    "After the 2009 amendment, does FASC's administration and risk management work include fixed income trade execution?",
    "Yes, but only for Accounts that are not registered investment companies: the 2009 amendment replaced the Administration and Risk Management description to add coordination of client portfolios and related fixed income trade execution implementation and administration; for registered funds the original description still applies.",
    s(
      FD.am1,
      'Solely with respect to Accounts that are not investment companies registered under the 1940 Act, the section of Exhibit A to the Services Agreement entitled "Administration and Risk Management" shall be, and hereby is, deleted in its entirety and replaced with the following:',
    ),
    s(
      FD.am1,
      "coordination of client portfolios and related fixed income trade execution implementation and administration",
      1,
    ),
    s(
      FD.am1,
      "The Services Agreement also shall remain in full force and effect without amendment with respect to Accounts that are investment companies under the 1940 Act.",
    ),
  ),
  q(
    "amendment-precedence",
    "Which service categories were added to Exhibit A by the second amendment, and for which accounts?",
    "Equity Trading and Transaction Settlement (3), Fundamental Analysis (4) and Quantitative Analysis (5), for Accounts in which the Adviser trades equity securities, equity derivatives and related equity investments.",
    s(
      FD.am2,
      'Exhibit A to the Services Agreement shall be, and here by is, supplemented with the following: "3. Equity Trading and Transaction Settlement.',
    ),
    s(FD.am2, "4. Fundamental Analysis."),
    s(FD.am2, "5. Quantitative Analysis."),
    s(
      FD.am2,
      "The Services Agreement, as amended by the Amendment and this Second Amendment with respect to Accounts for which the Adviser trades in equity securities, equity derivatives and other related equity investments as part of the investment strategy for the Account, shall remain in full force and effect.",
    ),
  ),
  q(
    "multi-document",
    "Are the new equity categories treated the same way as the original services for Section 5(b) purposes?",
    "No. The original categories 1 and 2 are not investment advisory services for Section 5(b); the second amendment says categories 3, 4 and 5 are investment advisory services for Section 5(b) where provided to a registered investment company.",
    s(
      FD.base,
      'Categories 1 and 2 above shall not be treated as "investment advisory services" for purposes of Section 5(b) of the Agreement.',
    ),
    s(
      FD.am2,
      'To the extent that such services are to be provided with respect to any Account which is a registered investment company, Categories 3, 4 and 5 above shall be treated as "investment advisory services" for purposes of Section 5(b) of the Agreement.',
    ),
  ),
  q(
    "multi-document",
    "Under what agreement does FASC act when it signs trade documents for the funds under the power of attorney, and is the Adviser indemnifying FASC?",
    "FASC acts as agent under the Services Agreement dated January 1, 2004; the Adviser indemnifies FASC both in the Services Agreement (Section 4(b)) and in the Limited Power of Attorney (except for gross negligence or willful misconduct).",
    s(
      FD.poa,
      "or FASC acting as agent for the Adviser pursuant to the Services Agreement dated as of January 1, 2004 between the Adviser and FASC",
    ),
    s(FD.poa, "The Adviser hereby agrees to indemnify and save harmless FASC and its trustees, officers and employees"),
    s(
      FD.base,
      "The Adviser shall indemnify FASC and shall hold FASC harmless from and against any liability to any Account or to any other person which may incurred by or asserted against FASC for any action taken or omitted by it in performing the Services in accordance with the above standards",
    ),
  ),
  q(
    "fact",
    "What governs the FASC services agreement?",
    "The laws of the Commonwealth of Pennsylvania.",
    s(
      FD.base,
      "This Agreement shall be governed by and construed in accordance with the laws of the Commonwealth of Pennsylvania.",
    ),
  ),
  nid("Is there a cap on the fees FASC can charge the Adviser in any year?"),
  nid("Can FASC subcontract the services to a third party under the Federated services agreement?"),
  nid("Does the services agreement with FASC have a non-solicitation of employees clause?"),
]);

const pelican = d("cuad-set-09-pelican-development", "ho-pelican", [
  q(
    "fact",
    "How much is Pelican paying Seattle Software Developers for Phase 1, and how is it staged?",
    "$279,000, paid in five 20% instalments of $55,800: a deposit at the start and one on completion of each of Milestones #1 to #4.",
    s(
      PD.sow,
      "Fees: The Fees for the Project shall be $279,000.00 Payment Schedule: Client shall pay Developer: 20% Deposit ($55,800.00) to be paid at the start of the project.",
    ),
  ),
  q(
    "multi-document",
    "When are fees due under the Pelican development agreement, and what are the milestone dates?",
    "The agreement (5.2) makes fees due under the fee payment schedule in the SOW; the SOW sets 20% on signing and 20% on each milestone, with Milestones #1–#4 on January 1, February 1, March 1 and April 1, 2019.",
    s(
      PD.sda,
      "All Fees shall be due pursuant to the Fee payment schedule provided in a SOW hereto (the Fee Payment Schedule).",
    ),
    s(
      PD.sow,
      "Milestone #1 -January 1st, 2019 Milestone #2- February 1st, 2019. Milestone #3 - March 1st, 2019. Milestone #4 - April 1st, 2019.",
    ),
  ),
  q(
    "multi-document",
    "If the SOW and the software development agreement conflict, which wins, and what does the SOW say it is part of?",
    "The agreement controls over any SOW; the SOW (Appendix A) says it is issued under and made part of the Software Development Agreement.",
    s(
      PD.sda,
      "In the event of any conflict or inconsistency between the terms of this Agreement and any SOW, the terms of this Agreement will control.",
    ),
    s(
      PD.sow,
      "This Statement of Work is issued to and made part of that Software Development Agreement executed by and between Developer and Client on the Effective Date (the Agreement).",
    ),
  ),
  q(
    "fact",
    "Can Pelican end the development agreement without cause? What notice?",
    "Yes; either party may terminate at any time for any reason on two weeks' written notice.",
    s(
      PD.sda,
      "Either Party may terminate this Agreement at any time during the term of this Agreement for any reason upon two weeks written notice to the other Party.",
    ),
  ),
  q(
    "fact",
    "What cure period applies before terminating the Seattle Software Developers agreement for breach?",
    "Ten (10) calendar days after receipt of a notice of default (also ten days for unpaid undisputed fees).",
    s(
      PD.sda,
      "the other Party's material breach of this Agreement and fails to cure such default within ten (10) calendar days after receipt of a notice of default from the terminating Party",
    ),
  ),
  q(
    "fact",
    "Is there a non-disparagement clause in the Pelican app development deal?",
    "Yes, Section 10.3: both the Client and the Designer agree never to disparage the other or post negative comments online, and it is stated to be a material term.",
    s(
      PD.sda,
      "The Client and the Designer both agree to never to disparage or speak ill of the other party to anyone and or post negative or disparaging comments Online",
    ),
  ),
  q(
    "fact",
    "Which law and courts apply to disputes with Seattle Software Developers?",
    "Washington law; after negotiation and mediation, the state and federal courts in King County, Washington.",
    s(
      PD.sda,
      "This Agreement will be governed by the laws of the State of Washington without regards for its conflict of laws principle.",
    ),
    s(
      PD.sda,
      "Should mediation fail, each party consents to the personal jurisdiction of the state and federal courts located in King County, Washington.",
    ),
  ),
  q(
    "definition",
    "What is a 'Change Request' under the development agreement?",
    "Pelican's written notice, within ten days of a Milestone's Acceptance Test Date, of any failure of a Milestone Deliverable to meet the Specifications or of other objections, corrections, changes or amendments required.",
    s(
      PD.sda,
      "Client will notify Developer in writing of any failure of a Milestone Deliverable to comply with the Specifications, or of any other objections, corrections, changes or amendments required (a Change Request), within ten (10) days of such Milestone's Acceptance Test Date.",
    ),
  ),
  q(
    "definition",
    "What is 'Developer Technology' in the Pelican agreement and who owns it?",
    "The developer's proprietary information software used in providing the services and deliverables; the developer keeps full ownership of it.",
    s(
      PD.sda,
      "(a) Developer may use its proprietary information software (collectively, Developer Technology) in providing Services, and Deliverables, to Client; and (b) Developer shall retain full ownership over its Developer Technology.",
    ),
  ),
  q(
    "cross-reference",
    "Section 3.6 lets Pelican terminate 'pursuant to Section 8' if defects aren't fixed — what does Section 8 actually cover?",
    "Section 8 is the taxes clause (the developer is responsible for its own taxes as an independent contractor); termination is actually dealt with in Section 11.",
    s(PD.sda, "or (b) terminating this Agreement pursuant to Section 8 of this agreement."),
    s(
      PD.sda,
      "8. Taxes Developer acknowledges and agrees that as an independent contractor, developer is responsible for the payment of such taxes and withholding on its income and activities as may be due under federal, state and local law and regulations.",
    ),
  ),
  q(
    "cross-reference",
    "On termination the developer transfers the Works 'in compliance with Section 6.1' — what does 6.1 say about ownership?",
    "Section 6.1: the Works are work made for hire, Pelican (the Client) is the copyright author and owner, and the developer assigns all copyright and other IP in the Works to Pelican.",
    s(
      PD.sda,
      "in compliance with Section 6.1 of this Agreement, Developer will transfer all Works to Client as of the date of termination.",
    ),
    s(
      PD.sda,
      "Accordingly, Client will be the copyright author and owner of all of the Works. To the extent permissible, Developer hereby assigns and transfers to Client all copyright and other intellectual property ownership in the Works.",
    ),
  ),
  q(
    "fact",
    "What does termination assistance cost Pelican?",
    "It is billed: up to three months of fee-billable assistance, at an hourly rate of $125.00.",
    s(PD.sda, "Developer will provide Client Termination Assistance Services at an hourly rate of $[125.00 per hour]."),
    s(
      PD.sda,
      "provide up to three (3) months of Fee billable assistance (collectively, the Termination Assistance Services)",
    ),
  ),
  nid("What's the cap on the developer's liability in the Pelican software development agreement?"),
  nid("How long does Seattle Software Developers warrant the app against bugs after acceptance?"),
  nid("Does the developer have to carry professional liability insurance under the Pelican agreement?"),
]);

const leju = d("cuad-set-07-leju-domain-license", "ho-leju", [
  q(
    "fact",
    "How long does the SINA domain name and content license to Leju run?",
    "An Initial Term of ten years from the Effective Date (the Share Purchase Agreement closing), with good-faith negotiation of an extension starting twelve months before expiry.",
    s(
      LJ.lic,
      'The initial term of this Agreement (the "Initial Term") shall commence on the Effective Date and shall continue for a period of ten (10) years thereafter.',
    ),
  ),
  q(
    "fact",
    "Does Leju pay a fee for the licensed domain names?",
    "No; use of the Licensed Domain Names is free of fees, except as provided in Section 2.3 (fees to be negotiated if E-House starts charging for its data).",
    s(
      LJ.lic,
      "Except as provided in Section 2.3, Licensee's use of the Licensed Domain Names under the terms of this Agreement shall be free of any fees.",
    ),
  ),
  q(
    "fact",
    "How are disputes under the SINA–Leju domain license resolved?",
    "Friendly consultation, then, if unresolved after 60 days, CIETAC arbitration in Beijing in Mandarin Chinese before three arbitrators.",
    s(
      LJ.lic,
      'Any Dispute which remains unresolved within sixty (60) days after the date of such written notice shall be submitted to the China International Economic and Trade Arbitration Commission (the "Commission") to be finally settled by arbitration in Beijing, PRC',
    ),
    s(LJ.lic, "The arbitration tribunal shall consist of three (3) arbitrators."),
  ),
  q(
    "fact",
    "After the domain license is terminated, how long can Leju keep using the domains?",
    "Up to ninety (90) days after termination (not expiration), while it transitions to another solution.",
    s(
      LJ.lic,
      "Upon termination (but not expiration) of this Agreement for any reason, Licensee shall be entitled to use the Licensed Domain Names and Licensed Content for a limited period of time, not to exceed ninety (90) days, during which it shall diligently work to transition to another solution.",
    ),
  ),
  q(
    "definition",
    "Who is a 'Competitor' under the Leju domain name license?",
    "Any Person whose business includes an online portal.",
    s(LJ.lic, '"Competitor" means any Person whose business includes an online portal.'),
  ),
  q(
    "definition",
    "What is 'Licensed Content' in the SINA license?",
    "Content whose copyright SINA (Licensor) owns, or third-party content SINA can sublicense without extra fees or breaching its agreements, with all updates and substitutions.",
    s(
      LJ.lic,
      '"Licensed Content" shall mean all Content (i) whose copyright is owned by Licensor; or (ii) owned by a third party provider but is sublicensable by Licensor to Licensee without requiring the payment of any additional fee to any third party and without violating the terms of any agreement with such third party provider, together with all updates to and substitutions therefor as may be implemented by Licensor or such third party provider.',
    ),
  ),
  q(
    "cross-reference",
    "SINA can terminate under 6.4 on a Change of Control — what counts as one?",
    "A Competitor (anyone whose business includes an online portal) coming to own more CRIC ordinary shares than E-House and SINA together, or acquiring the right to nominate a CRIC director.",
    s(
      LJ.lic,
      "Licensor may terminate this Agreement by providing prior written notice to Licensee upon the occurrence of a Change of Control.",
    ),
    s(
      LJ.lic,
      '"Change of Control" means (i) the consummation of any acquisition or purchase, directly or indirectly, by any Person or related group of Persons, that results in a Competitor owning more ordinary shares in CRIC than E-House and SINA, and in each case, their respective controlled Affiliates, own in the aggregate or (ii) an event pursuant to which a Competitor acquires the right to nominate a member to the board of directors of CRIC.',
    ),
  ),
  q(
    "cross-reference",
    "Does the confidentiality obligation in the Leju license survive termination?",
    "Yes; Section 6.7 makes Articles IV, VI, VIII, IX (Confidentiality) and X and Section 7.2 survive termination or expiration.",
    s(
      LJ.lic,
      "The duties and obligations of the Parties under Articles IV, VI, VIII, IX and X and Section 7.2 of this Agreement shall survive any termination or expiration of this Agreement.",
    ),
    s(LJ.lic, "ARTICLE IX CONFIDENTIALITY"),
  ),
  q(
    "cross-reference",
    "The license of the domain names is non-transferable 'except as set forth in Section 10.7' — to whom can Leju assign?",
    "Without consent, only to SINA Leju or an Affiliate of the Licensee controlled by SINA Leju; otherwise the other party's written consent is needed.",
    s(
      LJ.lic,
      "an exclusive, non-transferable (except as set forth in Section 10.7) and non-sublicensable (except as provided in Section 2.1(c)) license to use the Licensed Domain Names in connection with the Business during the Term",
      0,
    ),
    s(
      LJ.lic,
      "Licensee may assign this Agreement without consent to SINA Leju or an Affiliate of Licensee that is controlled by SINA Leju.",
    ),
  ),
  q(
    "multi-document",
    "What happened to the 2008 domain name license between SINA and SINA Leju?",
    "It was terminated by the Mutual Termination Agreement attached as Exhibit B, effective on its execution, with no provisions surviving; the new license supersedes it.",
    s(
      LJ.lic,
      "Licensor and SINA Leju desire to terminate the Original Agreement pursuant to the Mutual Termination Agreement attached hereto as Exhibit B",
    ),
    s(
      LJ.term,
      "Beijing SINA and SINA Leju agree that, upon the date of execution of this Termination Agreement, the Agreement shall terminate and be of no further force or effect, and, for the avoidance of doubt, no provisions of the Original Agreement survive such termination.",
    ),
  ),
  q(
    "multi-document",
    "Which law governs the new domain license and the termination of the old one?",
    "PRC law for both, without regard to conflicts of law rules.",
    s(LJ.lic, "shall be governed by, and construed in accordance with, the laws of the People's Republic of China"),
    s(
      LJ.term,
      "This Termination Agreement shall be governed by the laws of the PRC, without regard to conflicts of law principles.",
    ),
  ),
  q(
    "definition",
    "Which domain names exactly are licensed to Leju?",
    "The Licensed Domain Names listed on Exhibit A: house.sina.com.cn, jiaju.sina.com.cn and construction.sina.com.cn.",
    s(LJ.lic, '"Licensed Domain Names" means the domain names listed on Exhibit A attached hereto.'),
    s(LJ.lic, "EXHIBIT A LICENSED DOMAIN NAMES house.sina.com.cn jiaju.sina.com.cn construction.sina.com.cn"),
  ),
  nid("Is there a cap on SINA's liability under the domain name license?"),
]);

const playboy = d("cuad-set-11-playboy-efashion", "ho-playboy", [
  q(
    "fact",
    "When does the eFashion Solutions deal with Playboy.com expire, and can it renew?",
    "Five years after launch of the first Website, and no later than February 28, 2013; it renews automatically for three years if EFS reaches a (redacted) Net Merchandise Sales level in the fourth year after launch.",
    s(
      PB.main,
      'shall terminate five (5) years following the date of launch of the first Website, but in no event later than February 28, 2013 (the "Initial Term").',
    ),
    s(
      PB.main,
      'This Agreement shall automatically renew for an additional period of three (3) years (such renewal and each subsequent renewal shall be defined as a "Renewal Term") provided that EFS achieves Net Merchandise Sales of at least ***** during the fourth year following launch of the first Website.',
    ),
  ),
  q(
    "fact",
    "What uptime does EFS have to deliver on the Playboy stores?",
    "At least 99.5% availability per month, averaged over any one-month period, excluding scheduled maintenance and Force Majeure Events.",
    s(
      PB.main,
      "availability at least ninety-nine and one-half percent (99.5%) of the time per month as averaged over any one (1) month period, excepting scheduled maintenance or a Force Majeure Event",
    ),
  ),
  q(
    "fact",
    "How much general liability cover does eFashion have to carry for Playboy?",
    "Commercial general liability with a combined single limit of at least $1,000,000 per occurrence and $6,000,000 umbrella coverage (plus statutory workers' compensation and E&O/employer's liability of at least $1,000,000).",
    s(
      PB.main,
      "with a combined single limit of not less than $1,000,000 each occurrence and $6,000,000 umbrella coverage",
    ),
  ),
  q(
    "fact",
    "If EFS misses the Minimum Royalty in a year, when does it have to pay the shortfall?",
    "Within sixty (60) days of the end of that Year.",
    s(
      PB.main,
      "In the event the Minimum Royalty is not achieved in any Year based on the Royalty payments made in such Year, EFS shall pay the shortfall between the Royalty earned and the applicable Minimum Royalty due, if any, within sixty (60) days of the end of such Year.",
    ),
  ),
  q(
    "fact",
    "How long after the term can Playboy audit eFashion's books?",
    "During the Term and for two (2) years thereafter.",
    s(
      PB.main,
      "During the Term of this Agreement and for two (2) years thereafter, (a) EFS shall maintain complete and accurate books and records relating to revenue generated under this Agreement; and (b) Client and/or its authorized representative(s) shall have the right to examine, review, copy and audit EFS' books and records",
    ),
  ),
  q(
    "fact",
    "Which state's law governs the Playboy e-commerce license?",
    "Illinois, without regard to conflict-of-laws principles.",
    s(
      PB.main,
      "This Agreement shall be governed by and construed in accordance with the laws of the Illinois without giving effect to its conflict of laws principles.",
    ),
  ),
  q(
    "definition",
    "How is Net Merchandise Sales defined in the EFS agreement?",
    "Total Merchandise sales through the Playboy Commerce Business via any order channel, less actual Merchandise returns during the Calendar Quarter.",
    s(
      PB.main,
      '"Net Merchandise Sales" shall be defined as total Merchandise sales derived through the Playboy Commerce Business via any order channel less applicable, actual Merchandise returns, if any, during the applicable Calendar Quarter.',
    ),
  ),
  q(
    "definition",
    "What's 'Merchandise Gross Margin' for royalty purposes?",
    "Net Merchandise Sales for the period less (i) EFS's actual unit cost of goods (no overhead), (ii) markdowns, discounts and allowances, and (iii) actual inventory shrinkage (capped at a redacted level).",
    s(
      PB.main,
      '"Merchandise Gross Margin" shall be defined as the Net Merchandise Sales through the Playboy Commerce Business during the applicable Calendar Quarter or Year, less (i) the actual unit cost of goods sold paid by EFS for the manufacture of such goods, which shall not include expenses relating to overhead or allocations, (ii) reductions for markdowns, discounts and allowances, and (iii) actual Merchandise inventory shrinkage during the same period',
    ),
  ),
  q(
    "definition",
    "What's the 'Territory' for the Playboy websites and catalogs?",
    "The Website Territory (USA, Canada, UK and Australia) together with the Catalog Territory (USA and Canada).",
    s(
      PB.main,
      'Upon the launch of Websites, the exclusive territory for the Websites will include the USA, Canada, UK and Australia (collectively, the "Website Territory").',
    ),
    s(
      PB.main,
      'Upon the launch of the Catalogs, the exclusive territory for the Catalog will include the USA and Canada ("Catalog Territory"). The Website Territory and the Catalog Territory shall be collectively referred to as the "Territory."',
    ),
  ),
  q(
    "cross-reference",
    "The exclusion of consequential damages doesn't apply to a breach of Section 8 — what does Section 8 protect?",
    "Section 8 is Confidentiality: each party's proprietary or trade secret information (business affairs, property, methods of operation, processing systems) identified as or reasonably understood to be proprietary.",
    s(
      PB.main,
      "EXCEPT IN THE EVENT OF A BREACH OF SECTION 8 (CONFIDENTIALITY) OR LIABILITY ARISING UNDER A PARTY'S INDEMNIFICATION OBLIGATIONS UNDER SECTION 12",
    ),
    s(
      PB.main,
      'EFS and Client each acknowledge that during the Term of this Agreement each party may have access to the proprietary or trade secret information of the other concerning the other\'s business affairs, property, methods of operation, processing system or other information provided by the disclosing party to the receiving party that is identified as, or should reasonably be understood to be (given its content or the circumstance of its disclosure), proprietary (collectively, the "Confidential Information").',
    ),
  ),
  q(
    "cross-reference",
    "EFS's subcontracted manufacturers must sign the form in Exhibit 8 — what do they commit to in it?",
    "The Supplier/Subcontractor Contract: they acknowledge Playboy owns the Playboy Properties, will only sell or ship merchandise on the order of the Purchaser or Playboy, will never claim the Playboy Properties, and will indemnify Purchaser and Playboy for defects.",
    s(
      PB.main,
      "EFS obtains from each such supplier/subcontractor an executed written agreement in the form substantially identical to that attached hereto and made a part hereof as Exhibit 8",
    ),
    s(
      PB.supplier,
      'all images and/or trademarks, including, but not limited to PLAYBOY, (the "Playboy Properties") applied at the request of _______________ ("Purchaser") to merchandise covered by this Contract are owned by Playboy Enterprises International, Inc. ("Playboy")',
    ),
    s(
      PB.supplier,
      "Supplier will not sell, ship or otherwise dispose of any such merchandise except upon the order of Purchaser or Playboy",
    ),
  ),
  q(
    "multi-document",
    "Does Playboy have to approve EFS's suppliers and any change to their supplier contracts?",
    "Yes: the main agreement requires Playboy's prior written approval of each supplier/subcontractor (not unreasonably withheld), and the supplier contract cannot be modified or terminated without a writing signed by an authorized Playboy representative; Playboy is also an intended third-party beneficiary.",
    s(
      PB.main,
      "EFS notifies Client in advance of any intended supplier/subcontractor and obtains Client's prior written approval of such supplier/subcontractor, which shall not be unreasonably withheld",
    ),
    s(
      PB.supplier,
      "This Contract may not be modified or terminated except in writing, and no claimed modification, termination or waiver shall be binding unless also signed by an authorized representative of Playboy.",
    ),
    s(PB.supplier, "Playboy is an intended third-party beneficiary of this Contract."),
  ),
  q(
    "multi-document",
    "Who bears product defect liability for EFS-produced Playboy merchandise made by subcontractors?",
    "The supplier, under the Exhibit 8 contract, must defend and indemnify the Purchaser (EFS) and Playboy against liability from alleged defects in material or workmanship; the main agreement requires EFS to obtain that contract from each subcontractor.",
    s(
      PB.supplier,
      "Supplier will defend, indemnify and hold harmless Purchaser and Playboy and the distributors and dealers and the officers and employees of each of the foregoing against all liability whatsoever which may be incurred by them or any of them as a result of any alleged defects in material or workmanship in the merchandise covered by this Contract.",
    ),
    s(
      PB.main,
      "EFS obtains from each such supplier/subcontractor an executed written agreement in the form substantially identical to that attached hereto and made a part hereof as Exhibit 8",
    ),
  ),
  nid("Is there an arbitration clause in the Playboy.com / eFashion agreement?"),
  nid("Does the eFashion agreement stop either side from soliciting the other's employees?"),
  nid("Are there liquidated damages if EFS misses the website launch date?"),
]);

const soupman = d("cuad-set-13-soupman-master-franchise", "ho-soupman", [
  q(
    "fact",
    "How long is the Grilled Cheese Truck master franchise, and how many renewals does it get?",
    "Ten years from the Effective Date, with options to renew for four additional ten-year terms on 6–12 months' notice if the conditions are met.",
    s(
      SM.mfa,
      "The initial term of this Agreement shall commence upon the Effective Date and shall expire ten (10) years from the Effective Date, unless sooner terminated under the terms of this Agreement.",
    ),
    s(
      SM.mfa,
      "for four (4) additional ten (10) year terms, upon written notice given by you to us not less than six (6) months nor more than twelve (12) months prior to the scheduled expiration date of the term then in effect",
    ),
  ),
  q(
    "fact",
    "What does the master franchisee have to buy in soup each year to keep exclusivity?",
    "$170,000 in 2015, $1,600,00.00 (as written) in 2016, $3,200,000 in 2017, $5,000,000 in 2018, increasing 10% each year thereafter.",
    s(
      SM.mfa,
      "In order to keep your exclusivity, you agree to purchase a minimum of the following: $170,000.00 of soup from us in 2015 $1,600,00.00 of soup from us in 2016 $3,200,000.00 of soup from us in 2017 $5,000,000.00 of soup from us in 2018 and shall increase 10% each year thereafter.",
    ),
  ),
  q(
    "fact",
    "What royalty does Kiosk Concepts take on unit franchise royalties?",
    "The Unit Franchise Performance Royalty Fee: 25% of the aggregate royalty fees unit franchisees pay the master franchisee in the Master Territory, paid monthly by the 15th (plus 25% of each unit's initial franchise fee as the Franchise Sales Royalty Fee).",
    s(
      SM.mfa,
      'You shall pay to us a royalty fee based on revenue generated by Unit Franchisees (the "Unit Franchise Performance Royalty Fee") equal to twenty-five percent (25%) of aggregate royalty fees paid to you by Unit Franchisees in the Master Territory pursuant to their Unit Franchise Agreements.',
    ),
  ),
  q(
    "fact",
    "What interest runs on late payments under the Soupman master franchise?",
    "1.5% per month (or the maximum lawful rate, if less) from the original due date, for payments not received by the 15th of the month.",
    s(
      SM.mfa,
      "interest on such overdue amount at the rate of one and one-half percent (1.5%) per month or the maximum rate permitted by law, whichever is less",
    ),
  ),
  q(
    "fact",
    "What's the master territory for the Grilled Cheese Truck?",
    "North America (Attachment A); commencement upon approval of the State of New York.",
    s(SM.mfa, "MASTER TERRITORY: North America COMMENCEMENT DATE: Upon approval of the State of New York."),
  ),
  q(
    "definition",
    "What does 'Minimum Development Quota' refer to in the master franchise agreement?",
    "The minimum number of The Original Soupman businesses the master franchisee must sell and have open by the dates in Attachment E, besides the one it must own and operate.",
    s(
      SM.mfa,
      'In addition to The Original Soupman business you must own and continuously operate, you must sell and have open the minimum number of The Original Soupman businesses as set forth on Attachment E hereto (the "Minimum Development Quota") by the dates set forth on such Attachment.',
    ),
  ),
  q(
    "definition",
    "What's the 'Franchise Sales Royalty Fee'?",
    "25% of the initial franchise fee collected from each Unit Franchisee when its Unit Franchise Agreement is signed, computed on the full fee even if discounted.",
    s(
      SM.mfa,
      'You shall pay to us a franchise sales royalty fee (the "Franchise Sales Royalty Fee") for each Unit Franchise you sell in the Master Territory as follows: twenty-five percent (25%) of the initial franchise fee collected from each Unit Franchisee upon execution of the Unit Franchisee\'s Franchise Agreement (a "Unit Franchise Agreement")',
    ),
  ),
  q(
    "cross-reference",
    "The liquidated damages in 11.4.2 apply on termination for cause 'as described in Section 10' — how much are they, and what is the cure period under Section 10 before Kiosk Concepts can terminate?",
    "Average monthly Unit Franchise Performance and Franchise Sales Royalty Fees over the prior 12 months times the lower of 24 or the months remaining, payable within 15 days; Section 10.3 gives 30 days after written notice of default to cure (except for the defaults in 10.1 and 10.2).",
    s(
      SM.mfa,
      "upon termination of this Agreement by us for cause as described in Section 10, you agree to pay to us within fifteen (15) days after the effective date of this Agreement's termination, in addition to the amounts owed hereunder, liquidated damages equal to the average monthly Unit Franchise Performance Royalty Fee and Franchise Sales Royalty Fee you paid during the twelve (12) months of operation preceding the effective date of termination multiplied by (a) twenty-four (24) (being the number of months in two (2) full years), or (b) the number of months remaining in the Agreement had it not been terminated, whichever is lower.",
    ),
    s(
      SM.mfa,
      "Except as otherwise provided in Sections 10.1 and 10.2 of this Agreement, you shall have thirty (30) days after your receipt from us of a written notice of default within which to remedy any default under this Agreement and to provide evidence thereof to us.",
    ),
  ),
  q(
    "cross-reference",
    "Section 3.1 says there's no right to extend except under Section 3.2 — what does 3.2 require, including any fee?",
    "Written notice 6–12 months before expiry, no default, and other conditions, including a $10,000 renewal fee and a general release.",
    s(
      SM.mfa,
      "You shall have no right or option to extend or renew the term of this Agreement except as provided in Section 3.2 of this Agreement.",
    ),
    s(
      SM.mfa,
      "You shall pay us a renewal fee in the sum of Ten Thousand Dollars ($10,000) for the right to renew this Agreement.",
    ),
  ),
  q(
    "multi-document",
    "Is the post-term non-compete in the Soupman master franchise enforceable if California law applies?",
    "The agreement imposes a non-compete during the term and for three years after expiry or termination; the California appendix warns that covenants not to compete extending beyond termination may not be enforceable under California law.",
    s(
      SM.mfa,
      "you and your principals agree that during the term of this Agreement, and for a continuous uninterrupted period commencing upon expiration or termination of this Agreement, regardless of the cause for termination, and continuing for a period of three (3) years thereafter",
    ),
    s(
      SM.california,
      "The Master Franchise Agreement contains covenants not to compete which extend beyond the termination of the agreement. These provisions may not be enforceable under California law.",
    ),
  ),
  q(
    "multi-document",
    "What law governs the master franchise, and what does the California addendum say about that?",
    "New York law (Section 17.1); the California appendix says the New York choice-of-law provision may not be enforceable under California law.",
    s(SM.mfa, "This Agreement shall be interpreted and construed under the laws of the State of New York."),
    s(
      SM.california,
      "The Master Franchise Agreement requires application of the laws of New York. This provision may not be enforceable under California law.",
    ),
  ),
  q(
    "multi-document",
    "Where does mediation happen under the Soupman franchise, and who pays?",
    "At a mutually agreeable location, failing which Staten Island, New York, before one mediator under the AAA Commercial Mediation Rules; the California appendix adds that mediation occurs in New York with costs borne equally.",
    s(
      SM.mfa,
      "If Franchisor and Franchisee cannot agree on a location, the mediation will be conducted in Staten Island, New York.",
    ),
    s(
      SM.california,
      "The Master Franchise Agreement requires non-binding mediation. The mediation will occur in New York with the costs being borne by equally by the parties.",
    ),
  ),
  q(
    "multi-document",
    "Can Kiosk Concepts go straight after the guarantors, and what do they guarantee?",
    "Yes; the guarantors jointly and severally guarantee payment and performance of all of the master franchisee's obligations under the Master Franchise Agreement, and the franchisor need not first proceed against the master franchisee or exhaust security.",
    s(
      SM.guarantee,
      "Guarantors shall unconditionally guarantee full performance and discharge by Master Franchisee of all the obligations of Master Franchisee under the Master Franchise Agreement at the times and in the manner therein provided.",
    ),
    s(
      SM.guarantee,
      "Franchisor shall not be obligated to proceed against Master Franchisee or exhaust any security from Master Franchisee or pursue or exhaust any remedy",
    ),
    s(SM.mfa, "B - Guarantees of Master Franchise Agreement"),
  ),
  q(
    "fact",
    "Does the Soupman master franchise restrict hiring the franchisor's staff?",
    "Yes; during the term and for three years after, the master franchisee and its principals may not employ or seek to employ anyone then employed by the franchisor or another franchisee in the System, or induce them to leave, without written consent.",
    s(
      SM.mfa,
      "Employ or seek to employ any person who is at that time employed by us or by any other master franchisee or unit franchisee in the System, or otherwise directly or indirectly induce such person to leave his or her employment without our written consent.",
    ),
  ),
  nid("What initial franchise fee does the Grilled Cheese Truck pay Kiosk Concepts for the master franchise?"),
  nid("How many Soupman units must the Grilled Cheese Truck have open by the end of 2016?"),
  nid("Is there a force majeure clause excusing delays in the Soupman master franchise?"),
]);

const glu = d("cuad-set-01-glu-fox-wireless", "ho-glu", [
  q(
    "amendment-precedence",
    "When do Glu's rights under the Fox wireless content license end, taking the amendments into account?",
    "Amendment No. 3 (February 19, 2007) replaced the term paragraph: the Term expires December 31, 2006, but rights for each listed Property (Robots, Kingdom of Heaven, Mr. and Mrs. Smith, In Her Shoes, Idiocracy, Ice Age II) continue until March 31, 2008; originally each Property ran 18 months after its theatrical release.",
    s(
      GL.am3,
      "The first paragraph of Section 4 of the Agreement is hereby deleted in its entirety and replaced with the following:",
    ),
    s(
      GL.am3,
      'provided, however, that with respect to each Property, including Robots, Kingdom of Heaven, Mr. and Mrs. Smith, In Her Shoes, Idiocracy (Oww My Balls) and Ice Age II, all right and licenses granted herein will continue in full force and effect until March 31, 2008."',
    ),
    s(
      GL.base,
      "provided, however, that with respect to each Property, all rights and licenses granted herein will continue in full force and effect for a period of eighteen (18) months after the initial theatrical release of that Property.",
    ),
  ),
  q(
    "amendment-precedence",
    "To whose attention do notices to Glu go under the Fox license now?",
    '"General Counsel" at Glu: Amendment No. 3 replaced "Paul Zuzelo" in Section 17(a) and deleted his email address.',
    s(
      GL.am3,
      'The notice information for Licensee in Section 17(a) of the Agreement shall be amended such that "Paul Zuzelo" is deleted and replaced with "General Counsel", and such that the email address for Paul Zuzelo is deleted.',
    ),
    s(GL.base, "Attention: Paul Zuzelo E-mail: pzuzelo@sorrent.com"),
  ),
  q(
    "amendment-precedence",
    "Which Fox entity is the licensor under the Glu wireless deal after the 2005 amendment?",
    'Fox Mobile Entertainment, Inc., substituted by Amendment No. 1 for Twentieth Century Fox Licensing & Merchandising (the original "Fox").',
    s(
      GL.am1,
      'Fox Mobile Entertainment, Inc. is hereby substituted for Twentieth Century Fox Licensing and Merchandising as "Fox" under the Agreement.',
    ),
    s(
      GL.base,
      'by and between TWENTIETH CENTURY FOX LICENSING & MERCHANDISING, a division of Fox Entertainment Group, Inc. ("Fox")',
    ),
  ),
  q(
    "amendment-precedence",
    "Is Glu's Ice Age 2 game license exclusive today?",
    "No longer: Amendment No. 1 made the Ice Age 2 game exclusive only until December 31, 2006, after which it is non-exclusive (other Ice Age 2 products were non-exclusive from the start), overriding the generally exclusive grant of the base agreement.",
    s(
      GL.am1,
      "Licensee shall have the non-exclusive right and license to develop and distribute ICE AGE 2 Wireless Products during the Term of the Agreement for all Wireless Products set forth in this Paragraph 2(c) except the Game, for which Licensee shall have the exclusive right and license to develop and distribute until December 31, 2006.",
    ),
    s(
      GL.am1,
      'For the avoidance of doubt, Licensee\'s right and license to develop and distribute the Game in connection with the Property "ICE AGE 2" shall become non-exclusive after December 31, 2006.',
    ),
  ),
  q(
    "amendment-precedence",
    "What happened to the 'Untitled Ridley Scott Film' property in the Fox license?",
    'Amendment No. 1 replaced it in Exhibits A and C with "Kingdom of Heaven" and added an exclusive licence to distribute KOH video clips.',
    s(GL.am1, 'Exhibits A and C are amended to replace "Untitled Ridley Scott Film" with "KINGDOM OF HEAVEN."'),
    s(GL.base, 'Major Releases: "Robots" Untitled Ridley Scott Film "Ice Age 2" "Eragon"'),
  ),
  q(
    "multi-document",
    "Can Glu recoup the Ice Age 2 guarantee through sales of the Scrat voicetones and premium videos?",
    "No. Amendment No. 1 created the Ice Age 2 Guarantee; Amendment No. 2 says none of it may be recouped through the IA2 audio and video products, which carry their own royalty from the first unit.",
    s(
      GL.am1,
      'Licensee shall pay to Fox a minimum recoupable guarantee of ***** dollars (US$*****) on or before ***** ("ICE AGE 2 Guarantee")',
    ),
    s(
      GL.am2,
      "For the avoidance of doubt, Licensee may not recoup any portion of the Ice Age 2 Guarantee (as defined in Amendment 1) through its sale and distribution of the IA2 Audio and Video Wireless Products.",
    ),
  ),
  q(
    "multi-document",
    "Which titles were added to the Glu–Fox license as Targeted Releases, and until when do Glu's rights in them run?",
    "In Her Shoes and Idiocracy were added as Targeted Releases by Amendment No. 1; under Amendment No. 3 rights in them continue until March 31, 2008.",
    s(GL.am1, 'Exhibit A is amended to include the Property "In Her Shoes" as a Targeted Release.'),
    s(GL.am1, 'Exhibit A is amended to include the Property "Idiocracy" as a Targeted Release.'),
    s(
      GL.am3,
      "Kingdom of Heaven, Mr. and Mrs. Smith, In Her Shoes, Idiocracy (Oww My Balls) and Ice Age II, all right and licenses granted herein will continue in full force and effect until March 31, 2008.",
    ),
  ),
  q(
    "multi-document",
    "Does Glu get anything when Fox sells the Ice Age voicetones direct to consumers?",
    "Not for the IA2 audio and video products: Amendment No. 2 gives Glu no share of Fox's direct-to-consumer revenues for them; for other Wireless Products Amendment No. 1 lets Fox keep a Distribution Fee and remit the remainder to Glu.",
    s(
      GL.am2,
      "Licensee shall not be entitled to receive a share of any revenues and shall have no claim to any revenues earned and collected by Fox, or a third-party Fox designates, for the IA2 Audio and Video Wireless Products which Fox distributes through its and its assigns' direct-to-consumer distribution channels.",
    ),
    s(GL.am1, "After Fox or its assigns deducts its Distribution Fee, it shall remit the remainder to Licensee"),
  ),
  q(
    "cross-reference",
    "Amendment No. 1 says Glu forfeits its guarantee 'consistent with paragraph 15(c)' — what does 15(c) provide?",
    "Guarantee Forfeiture on termination: in the first year Glu forfeits any Guarantee paid and pays the remainder up to a (redacted) cap; in the second year it forfeits what was paid and pays any unpaid remainder up to a (redacted) amount; forfeited amounts set off Fox's other damages.",
    s(GL.am1, "Consistent with paragraph 15(c) of the Agreement, Licensee shall forfeit the Guarantee paid to date"),
    s(
      GL.base,
      "(c) Guarantee Forfeiture: In the event of termination of this Agreement and without limitation of Fox's rights and remedies all of which are expressly reserved, the following payment penalties shall apply:",
    ),
  ),
  q(
    "cross-reference",
    "The In Her Shoes music belongs to Fox 'consistent with Paragraph 11(b)' — what does 11(b) say Fox owns?",
    "All Intellectual Property Rights in derivative works made from the Properties (design documents, graphics, animation, music, packaging, artwork, look and feel), excluding Licensee Materials, as works made for hire.",
    s(
      GL.am1,
      'Consistent with Paragraph 11(b) of the Agreement all music developed and used in connection with the "IN HER SHOES" Wireless Product shall be owned exclusively by Fox.',
    ),
    s(
      GL.base,
      'Fox shall own all Intellectual Property Rights in and to any derivative works made from the Properties, whether or not used in the Wireless Products, including without limitation design documents, graphics, animation, music, packaging, advertising, promotional and other artwork used in connection with the development and distribution of the Wireless Products but at all times excluding the Licensee Materials as defined in Paragraph 11(c) below (collectively, the "Fox Intellectual Property").',
    ),
  ),
  q(
    "definition",
    "How are Gross Receipts defined in the Glu wireless license?",
    "All monies received by or credited to the Licensee for end-user downloads of the Wireless Products, less only monies actually retained by the CSPs (the Deductions).",
    s(
      GL.base,
      '"Gross Receipts" shall mean all monies received by or credited to Licensee for download of the Wireless Products by end users less only monies actually retained by the CSPs (the "Deductions").',
    ),
  ),
  q(
    "definition",
    "What's a 'Realtone' in the Fox–Glu glossary?",
    "A digital audio file with an excerpt of a master recording of a musical composition, no more than 45 seconds, formatted to play when a wireless device receives a call (also Trutone or Master Tone).",
    s(
      GL.base,
      '"Realtone" or "Trutone" (also referred to as Master Tone) shall mean a digital, audio file containing an excerpt of a master recording of a musical composition, no more than 45 seconds in length, formatted for playback by a wireless device when such wireless device receives an incoming call.',
    ),
  ),
  q(
    "fact",
    "What cure period does Glu get for late royalty payments under the Fox license?",
    "A one-time fifteen (15) day cure period; a second such breach, or failure to cure, lets Fox terminate without a cure period.",
    s(
      GL.base,
      "in the event that either party (A) fails to pay Royalties or other amounts when due, or (B) fails to make Royalty or other accountings in accordance with the terms of this Agreement, then the breaching party shall be subject to a one-time cure period of fifteen (15) days for such breach.",
    ),
  ),
  q(
    "fact",
    "Which law and courts govern the Fox wireless license?",
    "California law; suits go to the U.S. District Court for the Central District of California or a competent California state court.",
    s(
      GL.base,
      "This Agreement shall be construed in accordance with the laws of the State of California applicable to agreements executed and to be wholly performed therein. The parties hereto agree that any suit, action or proceeding arising out of or relating to this Agreement shall be instituted and prosecuted in the United States District Court for the Central District of California or in any court of competent jurisdiction of the State of California.",
    ),
  ),
  q(
    "fact",
    "How long does Glu have to bid under its right of first negotiation on new Fox films?",
    "Ten business days from Fox's request, followed by up to ten more business days of good-faith negotiation.",
    s(
      GL.base,
      "If Licensee intends to exercise its Right of First Negotiation, it must submit a bid in response to Fox's request within 10 business days.",
    ),
  ),
  nid("Is there an arbitration clause in the Glu wireless content license with Fox?"),
  nid("Does Fox give Glu most-favoured-nation royalty terms?"),
]);

const tronco = d("edgar-0001493152-23-000031-tronco-loan", "ho-tronco", [
  q(
    "amendment-precedence",
    "When does Tronco's loan from Superior Drilling mature now that the loan agreement has been amended?",
    "January 31, 2023: the First Amendment (December 31, 2022) deleted the Maturity Date term in Section 1.4 and rewrote it so the Note and all obligations mature on January 31, 2023.",
    s(
      TR.loan,
      "The defined term “Maturity Date” contained in Section 1.4 of the Existing Loan Agreement shall be deleted in its entirety and Section 1.4 shall be rewritten to read as follows: “Section 1.4 Term. The Note and any and all obligations of Borrower under this Agreement shall mature on January 31, 2023.”",
    ),
  ),
  q(
    "amendment-precedence",
    "What maturity date does the Tronco promissory note carry after the first amendment, and what was it before?",
    "January 31, 2023, substituted for the earlier Maturity Date of December 31, 2022.",
    s(
      TR.note,
      "The defined term “Maturity Date” contained in the Existing Note that provides for a Maturity Date of December 31, 2022 shall be deleted from the Existing Note and substituted therefore shall be a Maturity Date of January 31, 2023.",
    ),
  ),
  q(
    "multi-document",
    "Do the Tronco loan agreement amendment and the note amendment line up on maturity?",
    "Yes; both, made as of December 31, 2022, move maturity to January 31, 2023.",
    s(
      TR.loan,
      "The Note and any and all obligations of Borrower under this Agreement shall mature on January 31, 2023.",
    ),
    s(TR.note, "substituted therefore shall be a Maturity Date of January 31, 2023"),
  ),
  q(
    "fact",
    "What was the original principal amount of Tronco's note to Superior Drilling?",
    "$7,091,162.00.",
    s(TR.note, "dated July 6, 2020 in the original principal amount of $7,091,162.00 (the “Existing Note”)"),
  ),
  q(
    "definition",
    "What does 'Existing Loan Agreement' refer to in the Tronco first amendment?",
    "The Third Amended and Restated Loan Agreement between Tronco Energy Corporation (Borrower) and Superior Drilling Products, Inc. (Lender) dated July 6, 2020.",
    s(
      TR.loan,
      "Reference is made to that certain Third Amended and Restated Loan Agreement executed by Tronco Energy Corporation, a Delaware corporation (“Borrower”) and Superior Drilling Products, Inc., a Utah corporation or its assigns (“Lender”) dated July 6, 2020 (the “Existing Loan Agreement”).",
    ),
  ),
  nid("What interest rate does the Tronco loan bear?"),
  nid("What collateral secures Tronco's loan from Superior Drilling?"),
]);

const kimco = d("edgar-0001140361-23-000046-kimco-credit", "ho-kimco", [
  q(
    "amendment-precedence",
    "Who is the borrower under Kimco's revolving credit agreement after Amendment No. 3?",
    "Kimco Realty OP, LLC (Old Kimco, converted into an LLC on January 3, 2023); from the Amendment Effective Date the Borrower is Kimco OP instead of Kimco Realty Corporation.",
    s(
      KM.amendment,
      "For the avoidance of doubt, from and after the Amendment Effective Date, the “Borrower” under the Credit Agreement will be Kimco OP and the “Guarantor” under the Credit Agreement will be New Kimco.",
    ),
    s(
      KM.amendment,
      "then converted on January 3, 2023 to a Delaware limited liability company named Kimco Realty OP, LLC (“Kimco OP”)",
    ),
  ),
  q(
    "amendment-precedence",
    "Is the compliance certificate form in the Kimco credit agreement still the old Exhibit F after Amendment No. 3?",
    "No; Amendment No. 3 deems Exhibit F (the form of compliance certificate) amended to incorporate the changes in the Amended Credit Agreement; other Exhibits and Schedules are excluded from the Exhibit A markup.",
    s(
      KM.amendment,
      "In addition, as of the Amendment Effective Date, Exhibit F to the Credit Agreement (the form of compliance certificate) is deemed amended to incorporate the changes set forth in the Amended Credit Agreement (as defined below).",
    ),
  ),
  q(
    "amendment-precedence",
    "How were the changes to the Kimco credit agreement made in Amendment No. 3 — what text controls?",
    "The credit agreement (excluding exhibits and schedules) is amended as shown in Exhibit A: double-underlined text is inserted and stricken text deleted, effective on the Amendment Effective Date; otherwise the credit agreement stays in force.",
    s(
      KM.amendment,
      "the Credit Agreement (excluding the Exhibits and Schedules) is hereby amended as set forth on Exhibit A attached hereto",
    ),
    s(
      KM.amendment,
      "Except as specifically amended by this Amendment No. 3, the Credit Agreement and the other Loan Documents shall remain in full force and effect and are hereby ratified and confirmed.",
    ),
  ),
  q(
    "multi-document",
    "Who guarantees the Kimco revolver after the UPREIT reorganisation, and on what terms?",
    "New Kimco (Kimco Realty Corporation, the Ultimate Parent) becomes Guarantor under Amendment No. 3 and, by the Parent Guarantee, irrevocably and unconditionally guarantees as primary obligor the payment of all Obligations of Kimco and the Subsidiary Borrowers.",
    s(KM.amendment, "the “Guarantor” under the Credit Agreement will be New Kimco"),
    s(
      KM.guarantee,
      "Ultimate Parent hereby irrevocably and unconditionally guarantees to the Administrative Agent for the benefit of the Lender Parties and the Administrative Agent, as a primary obligor and not merely as a surety, the due and punctual payment of all Obligations of Kimco and each of the Subsidiary Borrowers (collectively, the “Guaranteed Obligations”).",
    ),
  ),
  q(
    "multi-document",
    "Amendment No. 3 requires New Kimco to deliver a guarantee as a condition — was that guarantee delivered, and is it capped?",
    "Condition F requires New Kimco's guarantee of all Obligations under Section 7.2; the Parent Guarantee dated January 1, 2023 provides it, extending to all Guaranteed Obligations without limitation of amount.",
    s(
      KM.amendment,
      "New Kimco shall have delivered a guarantee of all Obligations of Kimco OP and the Subsidiary Borrowers (if any) in accordance with Section 7.2 of the Credit Agreement;",
    ),
    s(KM.guarantee, "shall extend to all Guaranteed Obligations without limitation of amount"),
  ),
  q(
    "fact",
    "What ownership tests did Amendment No. 3 require right after the Kimco UPREIT?",
    "No person or group owning more than 35% of New Kimco's voting power; New Kimco owning and controlling at least 90% of Kimco OP; and New Kimco being an equity-oriented REIT.",
    s(
      KM.amendment,
      "no Person or group (within the meaning of the Securities Exchange Act of 1934, as amended, and the rules of the Securities Exchange Commission thereunder as in effect as of the date hereof) owned, beneficially or of record, Capital Stock of New Kimco representing more than 35% of the aggregate ordinary voting power",
    ),
    s(
      KM.amendment,
      "New Kimco directly or indirectly owned and Controlled, beneficially and of record, at least 90% of the Capital Stock of Kimco OP",
    ),
  ),
  q(
    "fact",
    "Is Kimco's parent guarantee a guarantee of payment or of collection?",
    "Of payment when due, not of collection; it can be enforced during an Event of Default without first pursuing other guarantors or security.",
    s(
      KM.guarantee,
      "Ultimate Parent agrees that its guarantee hereunder constitutes a guarantee of payment when due and not of collection",
    ),
  ),
  q(
    "definition",
    "What is the Maturity Date of the Kimco revolving credit facility?",
    "March 17, 2024, or, if extended under Section 10.9, the First or Second Extended Maturity Date.",
    s(
      KM.amendment,
      "“Maturity Date”: (i) March 17, 2024 or (ii) if the term of the Revolving Credit Facility is extended pursuant to Section 10.9, the First Extended Maturity Date or the Second Extended Maturity Date, as applicable",
    ),
  ),
  q(
    "definition",
    "How large is the L/C Commitment under the Kimco credit agreement?",
    "$100,000,000, which may be increased under Section 3.11.",
    s(KM.amendment, "“L/C Commitment”: $100,000,000, as such amount may be increased in accordance with Section 3.11."),
  ),
  q(
    "cross-reference",
    "The Kimco Maturity Date can be extended 'pursuant to Section 10.9' — how does that extension work?",
    "Kimco may, by a Maturity Extension Notice given 12 to 1 months before the Original Maturity Date, extend by six months (First Extension Option) and then by another six months (Second Extension Option), each subject to the Extension Conditions.",
    s(KM.amendment, "if the term of the Revolving Credit Facility is extended pursuant to Section 10.9"),
    s(
      KM.amendment,
      "Kimco may extend the Maturity Date for the Revolving Credit Facility (the “First Extension Option”) to the date six (6) months after the Original Maturity Date (the “First Extended Maturity Date”) subject to the satisfaction on the applicable extension date of each of the applicable Extension Conditions.",
    ),
  ),
  q(
    "cross-reference",
    "Amendment No. 3 makes the borrower responsible for the agent's costs 'pursuant to Section 10.5 of the Credit Agreement' — what costs are those here?",
    "The Administrative Agent's reasonable out-of-pocket costs and expenses, including reasonable fees and expenses of its legal counsel, incurred in connection with Amendment No. 3 and invoiced; receiving them is a condition to effectiveness.",
    s(
      KM.amendment,
      "The Administrative Agent shall have received all reasonable out-of-pocket costs and expenses for which Kimco OP (as the Borrower) is responsible pursuant to Section 10.5 of the Credit Agreement and for which invoices have been presented (including the reasonable fees and expenses of legal counsel to the Administrative Agent for which Kimco OP (as the Borrower) agrees it is responsible pursuant to Section 10.5 of the Credit Agreement), incurred in connection with this Amendment No. 3;",
    ),
  ),
  q(
    "fact",
    "What law governs Amendment No. 3 and the Kimco parent guarantee?",
    "New York law for both.",
    s(
      KM.amendment,
      "THIS AMENDMENT NO. 3 AND THE RIGHTS AND OBLIGATIONS OF THE PARTIES HEREUNDER SHALL BE GOVERNED BY, AND CONSTRUED AND INTERPRETED IN ACCORDANCE WITH, THE LAW OF THE STATE OF NEW YORK.",
    ),
    s(
      KM.guarantee,
      "This Parent Guarantee shall be governed by, and construed and interpreted in accordance with, the laws of the State of New York.",
    ),
  ),
]);

const bcg = d("nda-bcg-mutual", "ho-nda-bcg", [
  q(
    "fact",
    "How long do the confidentiality obligations last under the Bleecker Consulting mutual NDA?",
    "Three years after receipt of the information (longer if applicable law requires); the agreement itself runs until terminated on 60 days' written notice.",
    s(
      NDA.bcg,
      "Except as permitted above, neither of us will use nor disclose the other's confidential information for three years after we receive it.",
    ),
    s(
      NDA.bcg,
      "Either of us may terminate this agreement for any reason by providing the other with 60 days' advance written notice.",
    ),
  ),
  q(
    "fact",
    "Is there a non-solicit of employees in the NDA with BCG? For how long?",
    "Yes; during the term and for twelve months after, neither party may solicit or recruit the other's employees without prior written consent.",
    s(
      NDA.bcg,
      "During the term of the agreement and for a period of twelve (12) months thereafter, each party agrees not to solicit or recruit any employee of each other without the prior written consent of that party.",
    ),
  ),
  q(
    "fact",
    "Which law governs the Bleecker NDA and where would we sue?",
    "Florida law; exclusive venue in the federal courts in Broward County, Florida if federal jurisdiction exists, otherwise the Superior Court of Broward County.",
    s(
      NDA.bcg,
      "The laws of the State of Florida govern this agreement. If federal jurisdiction exists, we each consent to exclusive jurisdiction and venue in the federal courts in Broward County, Florida.",
    ),
  ),
  q(
    "fact",
    "Can information our people just remember from BCG's disclosures be used freely?",
    "Yes; use of information in representatives' unaided memories in developing or deploying products or services creates no liability under the agreement or trade secret law.",
    s(
      NDA.bcg,
      "We agree that use of information in representatives' unaided memories in the development or deployment of our respective products or services does not create liability under this agreement or trade secret law",
    ),
  ),
  q(
    "definition",
    "Who counts as an 'affiliate' under the BCG NDA?",
    "Any legal entity one party owns, that owns it, or that is under common control with it, where control/ownership means a 50% or greater interest or the right to direct management.",
    s(
      NDA.bcg,
      'An "affiliate" is any legal entity that one of us owns, that owns one of us or that is under common control with one of us. "Control" and "own" mean possessing a 50% or greater Interest in an entity or the right to direct the management of the entity.',
    ),
  ),
  q(
    "definition",
    "What is a 'representative' in the Bleecker Consulting NDA?",
    "An employee, contractor, advisor or consultant of a party or of one of its affiliates.",
    s(
      NDA.bcg,
      'A "representative" is an employee, contractor, advisor or consultant of one of us or one of our respective affiliates.',
    ),
  ),
  nid("Does the BCG mutual NDA require return or destruction of confidential information when it ends?"),
  nid("Is there a non-compete in the NDA with Bleecker Consulting?"),
  nid("Are disputes under the Bleecker NDA sent to arbitration?"),
]);

const oracle = d("nda-oracle-responsys", "ho-nda-oracle", [
  q(
    "fact",
    "When does the Oracle confidentiality agreement with Responsys expire?",
    "On the second anniversary of the Effective Date (December 5, 2013), with sections 4, 5 and 7 through 12 surviving.",
    s(
      NDA.oracle,
      "This Agreement and all rights and obligations hereunder shall terminate on the second anniversary of the Effective Date; provided, however, that sections 4, 5 and 7 through 12 shall survive any termination of this Agreement.",
    ),
    s(NDA.oracle, "Effective Date: 12/5/2013"),
  ),
  q(
    "fact",
    "Does Responsys have to give back Oracle's materials if asked? Can it keep anything?",
    "On written request it must return or destroy (its option) all copies, with only commercially reasonable efforts for backups; it and its Representatives may keep one copy to show compliance or comply with law, and confidentiality continues.",
    s(
      NDA.oracle,
      "Promptly upon written request from the other party, each party shall return or destroy (at the receiving party’s option) all copies of the Evaluation Material (including all documents based thereon) in its or its Representatives’ possession",
    ),
    s(
      NDA.oracle,
      "the receiving party and each of its Representatives may each retain one copy of the Evaluation Material to show compliance with this Agreement or to comply with applicable law, rule or regulation",
    ),
  ),
  q(
    "fact",
    "What law and forum apply to the Oracle–Responsys NDA?",
    "Delaware law, with exclusive jurisdiction in the state or federal courts in Delaware.",
    s(
      NDA.oracle,
      "All matters arising out of, or relating to this Agreement shall be governed by the procedural and substantive laws of the State of Delaware without regard to any conflicts of law principles.",
    ),
    s(
      NDA.oracle,
      "that any action or proceeding relating to this Agreement shall be instituted exclusively in any state or federal court in Delaware",
    ),
  ),
  q(
    "definition",
    "What are 'residuals' in the Oracle NDA?",
    "Information in or relating to the Evaluation Material retained in the memories of Representatives who had access to it, including ideas, know-how or techniques, but not through deliberate memorisation.",
    s(
      NDA.oracle,
      "The term “residuals” shall mean information of any kind included in or relating to the Evaluation Material which is retained in the memories of Representatives of either party who have had access to the Evaluation Material, including ideas, know-how, or techniques contained therein, but not as a result of any deliberate effort to memorize the information.",
    ),
  ),
  q(
    "definition",
    "Does 'Evaluation Material' in the Oracle NDA cover our own analyses based on their data?",
    "Yes; it also includes notes, studies, analyses, compilations, plans, interpretations or other documents the receiving party or its Representatives prepare to the extent they contain or are based on the Evaluation Material.",
    s(
      NDA.oracle,
      "“Evaluation Material” also includes notes, studies analyses, compilations, plans, interpretations or other documents prepared by the receiving party or its Representatives to the extent that they contain or are based upon the Evaluation Material furnished to such party hereunder.",
    ),
  ),
  q(
    "cross-reference",
    "Does the residuals clause in the Oracle–Responsys NDA survive the two-year term?",
    "Yes; the residuals clause is section 4, and section 7 makes sections 4, 5 and 7 through 12 survive termination.",
    s(
      NDA.oracle,
      "provided, however, that sections 4, 5 and 7 through 12 shall survive any termination of this Agreement",
    ),
    s(
      NDA.oracle,
      "4. Residuals. Nothing in this Agreement shall be construed to limit the ability of either party or any of its Representatives to use “residuals” relating to the Evaluation Material of the other party.",
    ),
  ),
  q(
    "cross-reference",
    "The compelled-disclosure clause also covers 'the other information referred to in section 2' — what is that?",
    "The fact that discussions about the Transaction are taking place and any terms or other facts relating to the Transaction.",
    s(
      NDA.oracle,
      "to disclose any of the other party’s Evaluation Material or any of the other information referred to in section 2 hereof",
    ),
    s(
      NDA.oracle,
      "the fact that discussions between the parties are taking place concerning the Transaction, or any terms or other facts relating to the Transaction",
    ),
  ),
  nid("Is there a standstill in Oracle's confidentiality agreement with Responsys?"),
  nid("Does the Oracle–Responsys NDA stop either side from hiring the other's employees?"),
]);

export const tests = [
  ...netgear,
  ...federated,
  ...pelican,
  ...leju,
  ...playboy,
  ...soupman,
  ...glu,
  ...tronco,
  ...kimco,
  ...bcg,
  ...oracle,
];
