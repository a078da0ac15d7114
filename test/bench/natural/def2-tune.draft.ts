/**
 * A second tuning half of definition questions (stop 53: the held-out half's definition questions cite gold for
 * fewer than the tuning halves' do, and its rows are not read), as written: quotes, not offsets. Written 2026-12-06
 * (night) before lexnav was run on it, over deals no other half uses (checked against every half's scope and
 * snippet files without reading their questions): Amazon's 2023 term loan and SkyWater's loan and security
 * agreement with Siena (EDGAR), three CUAD agreements (Zogenix–Nippon Shinyaku distributorship, Harpoon–AbbVie
 * development and option, Antares–AMAG manufacturing) and one ContractNLI NDA (the ETI salt-cavern RfP
 * confidentiality agreement), so the bench spans contractnli+cuad+edgar and is served by the whole-corpus store.
 * Asked as a lawyer asks: mostly not "what does X mean" but the question a definition answers ("What margin does
 * Amazon pay over Term SOFR?", "Who can sign for SkyWater?"); a term defined by a parenthetical in an operative
 * section; the same term ("Fiscal Year") defined differently in two deals.
 * `pnpm exec tsx test/bench/natural/locate.ts --build test/bench/natural/def2-tune.draft.ts test/bench/natural/def2-tune.json`
 */
import { type Deals, d, q, s } from "./draft.ts";

const AMZ = "edgar/0001193125-23-000849_2.html";
const SKY = "edgar/0001819974-23-000003_2.html";
const ZOG = "cuad/ZogenixInc_20190509_10-Q_EX-10.2_11663313_EX-10.2_Distributor Agreement.txt";
const HAR = "cuad/HarpoonTherapeuticsInc_20200312_10-K_EX-10.18_12051356_EX-10.18_Development Agreement.txt";
const ANT = "cuad/Antares Pharma, Inc. - Manufacturing Agreement.txt";
const ETI = "contractnli/CCS-Salt-Cavern-RfP-NDA.txt";

export const deals: Deals = {
  "edgar-0001193125-23-000849-amazon-term-loan": [AMZ],
  "edgar-0001819974-23-000003-skywater-siena-loan": [SKY],
  "cuad-zogenix-nippon-shinyaku-distributorship": [ZOG],
  "cuad-harpoon-abbvie-development-option": [HAR],
  "cuad-antares-amag-manufacturing": [ANT],
  "nda-eti-salt-cavern-rfp": [ETI],
};

const DEF = "definition" as const;

export const tests = [
  ...d("edgar-0001193125-23-000849-amazon-term-loan", "d2-amazon", [
    q(
      DEF,
      "What margin does Amazon pay over Term SOFR on its 2023 term loan?",
      "0.75% per annum on Term SOFR and Daily Simple SOFR Loans (0.00% on Base Rate Loans), under the Applicable Rate definition.",
      s(
        AMZ,
        "“Applicable Rate” means (a) with respect to Base Rate Loans, 0.00% per annum and (b) with respect to Term SOFR Loans and Daily Simple SOFR Loans, 0.75% per annum",
      ),
    ),
    q(
      DEF,
      "How small can a SOFR borrowing under Amazon's term loan be?",
      "The Borrowing Minimum for Term SOFR or Daily Simple SOFR Loans is US$5,000,000 (US$1,000,000 for Base Rate Loans).",
      s(
        AMZ,
        "“Borrowing Minimum” means (a) in the case of a Borrowing of Base Rate Loans, US$1,000,000 and (b) in the case of a Borrowing of Term SOFR Loans or Daily Simple SOFR Loans, US$5,000,000.",
      ),
    ),
    q(
      DEF,
      "Whose consent is needed as Required Lenders under the Amazon term loan?",
      "Lenders holding more than 50% of the outstanding Loans or Commitments, disregarding Defaulting Lenders' Commitments.",
      s(
        AMZ,
        "“Required Lenders” means, at any time, Lenders having Loans or Commitments representing more than 50% of the aggregate principal amount of all the Loans outstanding at such time or all the Commitments in effect at such time",
      ),
    ),
    q(
      DEF,
      "Does Amazon's founder and his family count as Permitted Holders under the term loan?",
      "Yes: Permitted Holders include the person who is Amazon's Chairman, CEO and President on the Closing Date, his family members and relatives, and trusts and similar entities for their benefit.",
      s(
        AMZ,
        "“Permitted Holder” means, as of any date of determination, (a) the person who is the Borrower’s Chairman, Chief Executive Officer and President on the Closing Date, (b) any family members or relatives of such person",
      ),
    ),
    q(
      DEF,
      "What is MNPI in Amazon's term loan?",
      "Material nonpublic information about Amazon or its securities for purposes of US securities laws, which the Borrower Materials may contain (Section 6.02).",
      s(
        AMZ,
        "all Borrower Materials will be treated as private and may contain material nonpublic information with respect to the Borrower or its securities for purposes of United States federal and state securities Laws (“MNPI”)",
      ),
    ),
  ]),
  ...d("edgar-0001819974-23-000003-skywater-siena-loan", "d2-skywater", [
    q(
      DEF,
      "Who can sign for SkyWater as an Authorized Officer under the Siena loan agreement?",
      "The chief executive officer, chief financial officer, president, vice president, treasurer or other Financial Officer of a Borrower, and anyone they designate by notice to the Agent.",
      s(
        SKY,
        "“Authorized Officer” means the chief executive officer, chief financial officer, president, vice president, or treasurer or other Financial Officer of any Borrower and each other Person designated from time to time by any of the foregoing officers of any Borrower in a notice to Agent",
      ),
    ),
    q(
      DEF,
      "When does the fiscal year end for SkyWater's Siena facility?",
      "On December 31st of each year.",
      s(SKY, "“Fiscal Year” means the fiscal year of Borrowers which ends on December 31st of each year."),
    ),
    q(
      DEF,
      "Which assets are carved out of the collateral SkyWater gave Siena?",
      "The Excluded Collateral listed in Section 3.1, ending with the Equity Interests of any Excluded Subsidiary and Excluded Equipment.",
      s(
        SKY,
        "(ix) the Equity Interests of any Excluded Subsidiary; and (x) Excluded Equipment (collectively, “Excluded Collateral”)",
      ),
    ),
    q(
      DEF,
      "What is the closing date of the SkyWater loan and security agreement?",
      "December 28, 2022.",
      s(SKY, "“Closing Date” means December 28, 2022."),
    ),
  ]),
  ...d("cuad-zogenix-nippon-shinyaku-distributorship", "d2-zogenix", [
    q(
      DEF,
      "Which product is Nippon Shinyaku distributing for Zogenix?",
      "Zogenix's fenfluramine product Fintepla®, or any drug product containing a salt, enantiomer or polymorph of fenfluramine.",
      s(
        ZOG,
        '"Product" means Zogenix\'s proprietary fenfluramine product, known as Fintepla®, or any drug product containing a salt, enantiomer, or polymorph of fenfluramine.',
      ),
    ),
    q(
      DEF,
      "How does the Zogenix distributorship count its fiscal year?",
      "From April 1st to March 31st.",
      s(ZOG, '"Fiscal Year" means a year that starts from April 1st and ends on March 31st.'),
    ),
    q(
      DEF,
      "Which earlier NDA between Zogenix and Nippon Shinyaku does the distributorship refer to?",
      'The Mutual Confidential Disclosure Agreement dated June 21, 2018 (the "Confidentiality Agreement").',
      s(
        ZOG,
        '"Confidentiality Agreement" means that certain Mutual Confidential Disclosure Agreement, dated June 21, 2018, between Zogenix and Distributor.',
      ),
    ),
    q(
      DEF,
      "Who are the Alliance Managers in the Zogenix deal, and what do they do?",
      "An individual each party appoints promptly after the Effective Date; they may attend JSC meetings without a vote and are the parties' primary contact for the activities under the agreement.",
      s(
        ZOG,
        'each Party shall appoint an individual to act as the alliance manager for such Party (the "Alliance Manager")',
      ),
    ),
  ]),
  ...d("cuad-harpoon-abbvie-development-option", "d2-harpoon", [
    q(
      DEF,
      "When is a licensed product a combination product under Harpoon's deal with AbbVie?",
      "When sold as a unit at a single price either combined with another therapeutically active product, or bundled with a diagnostic or another separately administered product, excluding any Delivery System.",
      s(
        HAR,
        '"Combination Product" means a Licensed Product that is: (a) sold in the form of a combination product containing both a Licensed Compound and one (1) or more other therapeutically active pharmaceutical or biologic products',
      ),
    ),
    q(
      DEF,
      "When does the first calendar year of the Harpoon–AbbVie agreement begin and end?",
      "On the Effective Date, ending December 31 of that year.",
      s(
        HAR,
        "except that the first Calendar Year of the Term shall commence on the Effective Date and end on December 31 of the year in which the Effective Date occurs",
      ),
    ),
    q(
      DEF,
      "Who is a third party under the AbbVie development and option agreement?",
      "Any Person other than Harpoon, AbbVie and their Affiliates.",
      s(HAR, '"Third Party" means any Person other than Harpoon, AbbVie and their respective Affiliates.'),
    ),
  ]),
  ...d("cuad-antares-amag-manufacturing", "d2-antares", [
    q(
      DEF,
      "What drug goes into the auto-injector Antares makes for AMAG?",
      "17-alpha hydroxyprogesterone caproate.",
      s(ANT, '"Drug" means 17-alpha hydroxyprogesterone caproate;'),
    ),
    q(
      DEF,
      "Which of AMAG's purchase orders are binding on Antares?",
      "Firm Orders: purchase orders Antares accepted under Section 3.2(b)(i) by an Order Acceptance, including Excess Orders it agreed to.",
      s(
        ANT,
        '"Firm Orders" means any Purchase Order accepted by Antares pursuant to Section 3.2(b)(i) (as evidenced by an Order Acceptance), including any Excess Orders agreed to by Antares in an Order Acceptance',
      ),
    ),
    q(
      DEF,
      "What device is Antares manufacturing under the AMAG agreement?",
      "The VIBEX® QS auto-injection system device, built from the Major Device Components to incorporate a Prefilled Syringe that delivers the Drug.",
      s(
        ANT,
        '"Device" means the VIBEX® QS auto-injection system device, consisting of the Major Device Components, designed and developed to incorporate a Prefilled Syringe for delivery of the Drug',
      ),
    ),
  ]),
  ...d("nda-eti-salt-cavern-rfp", "d2-eti", [
    q(
      DEF,
      "Which project is the ETI salt cavern confidentiality agreement about?",
      "The Salt Cavern Appraisal for Hydrogen and Gas Storage Project under the ETI's Carbon Capture and Storage Programme.",
      s(
        ETI,
        "“Project” means the proposed project under the ETI’s Carbon Capture and Storage Programme entitled the “Salt Cavern Appraisal for Hydrogen and Gas Storage Project”",
      ),
    ),
    q(
      DEF,
      "Who are ETI's affiliates under the salt cavern NDA?",
      "The Secretary of State for Business, Innovation and Skills (and successors), any entity entitled to appoint ETI's directors or direct its management, their affiliates, and their officers, employees, agents and consultants.",
      s(
        ETI,
        "“ETI Affiliates” means the Secretary of State for Business, Innovation and Skills (and any successor governmental department or agency from time to time) and any other entity which is entitled to appoint the directors or otherwise having the ability to direct management policies of the ETI",
      ),
    ),
  ]),
];
