/**
 * A third tuning half of fact questions (stop 54: the held-out half still meets many fact questions with silence,
 * and its rows are not read), as written: quotes, not offsets. Written 2026-12-07 before lexnav was run on it, over
 * deals no other half uses (checked against every half's scope files without reading their questions): Wag Labs'
 * asset purchase from Clicks and Traffic and Figgie International's credit agreement with GE Capital with its first
 * waiver and amendment in the same filing (EDGAR), STAAR Surgical's form of distributorship agreement (CUAD), and
 * the Taylor Capital–Financial Investments NDA (ContractNLI), so the bench spans contractnli+cuad+edgar and is
 * served by the whole-corpus store. Asked as a lawyer on the deal asks: the deal named by a party or its kind,
 * the provision by what it does, never by its heading.
 * `pnpm exec tsx test/bench/natural/locate.ts --build test/bench/natural/fact3-tune.draft.ts test/bench/natural/fact3-tune.json`
 */
import { type Deals, d, nid, q, s } from "./draft.ts";

const WAG = "edgar/0001628280-23-000074_2.html";
const FIGGIE = "edgar/0000720032-96-000002_2.html";
const STAAR = "cuad/StaarSurgicalCompany_20180801_10-Q_EX-10.37_11289449_EX-10.37_Distributor Agreement.txt";
const TAYLOR = "contractnli/1096147_0001193125-08-206038_dex4.htm.txt";

export const deals: Deals = {
  "edgar-0001628280-23-000074-wag-clicks-and-traffic-asset-purchase": [WAG],
  "edgar-0000720032-96-000002-figgie-ge-capital-credit-agreement": [FIGGIE],
  "cuad-staar-surgical-distributorship": [STAAR],
  "nda-taylor-capital-financial-investments": [TAYLOR],
};

const FACT = "fact" as const;

export const tests = [
  ...d("edgar-0001628280-23-000074-wag-clicks-and-traffic-asset-purchase", "f3t-wag", [
    q(
      FACT,
      "What is Wag paying for the Clicks and Traffic assets, and how much does it keep back?",
      "$9,000,000; Wag retains $900,000 (the Holdback Amount) for 12 months after closing as security for the seller's indemnity.",
      s(WAG, "The aggregate purchase price for the Purchased Assets shall be $9,000,000"),
      s(
        WAG,
        "An amount in cash equal to $900,000 (the “Holdback Amount”) shall be retained by the Buyer for a period of 12 months following the Closing Date",
      ),
    ),
    q(
      FACT,
      "For how long after closing is Clicks and Traffic barred from competing with Wag?",
      "Until the fourth anniversary of the Closing Date (the Restricted Period).",
      s(WAG, "Seller agrees that from the Closing Date until the fourth anniversary of the Closing Date"),
    ),
    q(
      FACT,
      "Who bears the transfer taxes on Wag's purchase of the Clicks and Traffic business?",
      "The seller, when due, and it files the returns at its own expense.",
      s(WAG, "shall be borne and paid by Seller when due"),
    ),
    q(
      FACT,
      "Which courts would hear a lawsuit over Wag's asset purchase from Clicks and Traffic?",
      "The federal courts or the Florida state courts located in Collier County, exclusively.",
      s(
        WAG,
        "may be instituted in the federal courts of the United States of America or the courts of the State of Florida in each case located in Collier county",
      ),
    ),
    q(
      FACT,
      "If Clicks and Traffic is slow to pay an agreed indemnity claim, does Wag get interest?",
      "Yes: unpaid after 15 Business Days, the amount accrues interest at 10% a year from the date the loss was agreed until paid.",
      s(
        WAG,
        "any amount payable shall accrue interest from and including the date of agreement of the Indemnifying Party to but excluding the date such payment has been made at a rate per annum equal to 10%",
      ),
    ),
    q(
      FACT,
      "Is Wag taking on any of the seller's debts in the asset deal?",
      "No: the buyer assumes no liabilities or obligations of the seller of any kind.",
      s(WAG, "Buyer shall not assume any liabilities or obligations of Seller of any kind"),
    ),
    nid("What is the cap on Clicks and Traffic's indemnification liability to Wag?"),
  ]),
  ...d("edgar-0000720032-96-000002-figgie-ge-capital-credit-agreement", "f3t-figgie", [
    q(
      FACT,
      "What unused line fee does Figgie pay on its GE Capital revolver?",
      "0.5% a year on the average unused daily balance of the revolving credit commitments, paid monthly in arrears (the Non-use Fee).",
      s(
        FIGGIE,
        "equal to one-half of one percent (0.5%) per annum on the average unused daily balance of the Lenders' Revolving Credit Commitments",
      ),
    ),
    q(
      FACT,
      "Is there a penalty if Figgie terminates the GE Capital facility early?",
      "A Termination Fee of 0.5% of the Maximum Revolving Credit Commitment if it is terminated before the first anniversary of the Closing Date (also on acceleration after an Intentional Default).",
      s(
        FIGGIE,
        "in an amount equal to one-half of one percent (0.5%) of the Maximum Revolving Credit Commitment, payable on the date of any termination of the Maximum Revolving Credit Commitment prior to the first anniversary of the Closing Date",
      ),
    ),
    q(
      FACT,
      "How much can Figgie and its subsidiaries spend on capital expenditures in a year?",
      "No more than $8,000,000 in any Fiscal Year, plus up to $5,000,000 over the term for a new headquarters in Chagrin Highlands if not prohibited.",
      s(FIGGIE, "in any Fiscal Year in excess of $8,000,000"),
    ),
    q(
      "amendment-precedence",
      "After the January 1996 waiver, what current ratio does Figgie have to keep for the first three quarters of 1996?",
      "At least 1.5 to 1.0 at the end of each of the quarters ending March 31, June 30 and September 30, 1996 (the waiver of Section 6.10(e), which otherwise required 1.6 to 1.0).",
      s(
        FIGGIE,
        "a ratio of Current Assets to Current Liabilities of not less than 1.5 to 1.0 for each such Fiscal Quarter",
      ),
      s(
        FIGGIE,
        "Borrower shall maintain, as at the end of each Fiscal Quarter set forth below, a ratio of Current Assets to Current Liabilities of not less than the amount for such Fiscal Quarter",
      ),
    ),
    q(
      FACT,
      "What does Figgie pay the lenders for letters of credit issued under the facility?",
      "A Letter of Credit Fee of 1.5% a year on the face amount, adjusted down by coverage ratios after 1995 (and up 2% in default), plus the issuer's costs.",
      s(FIGGIE, 'a letter of credit fee (the "Letter of Credit Fee") of one and one-half percent (1.5%) per annum'),
    ),
    q(
      "definition",
      "What margin over LIBOR does Figgie pay on its GE Capital loans?",
      "2.5% a year on LIBO Rate Advances (0% on Index Rate Advances), adjustable under Section 1.4.",
      s(FIGGIE, "with respect to LIBO Rate Advances, 2.5% per annum"),
    ),
    q(
      FACT,
      "Which courts does Figgie submit to under its GE Capital credit agreement?",
      "The state or federal courts in New York City have exclusive jurisdiction.",
      s(FIGGIE, "THE STATE OR FEDERAL COURTS LOCATED IN NEW YORK CITY SHALL HAVE EXCLUSIVE JURISDICTION"),
    ),
    nid("What maximum leverage ratio does Figgie's credit agreement with GE Capital allow?"),
  ]),
  ...d("cuad-staar-surgical-distributorship", "f3t-staar", [
    q(
      FACT,
      "What interest does a STAAR distributor owe when it pays late?",
      "1% a month, or the legal maximum if less; invoices are due within 30 days.",
      s(
        STAAR,
        "Late payments shall be subject to an interest charge of 1% per month or the maximum amount permitted by applicable law, whichever is less.",
      ),
    ),
    q(
      FACT,
      "If the distributor walks away from the STAAR distributorship, can it sell competing products afterwards?",
      "Not in the Territory for one year after a termination by the distributor.",
      s(
        STAAR,
        "In the event that Distributor terminates this Agreement, then for one year thereafter, Distributor shall not sell, promote, advertise or market in the Territory products which are competitive with the Products.",
      ),
    ),
    q(
      FACT,
      "How long does STAAR warrant the products it sells to the distributor?",
      "Twelve months from delivery to the distributor; the remedy is repair or replacement.",
      s(
        STAAR,
        "STAAR warrants that, for the period of twelve (12) months from the date of delivery to Distributor hereunder",
      ),
    ),
    q(
      FACT,
      "How much liability insurance does STAAR's distributor have to carry?",
      "General and product liability cover in the Territory of at least US$2 million per occurrence and US$5 million in the aggregate, naming STAAR as additional insured.",
      s(
        STAAR,
        "maintain at a minimum general and product liability coverage in the Territory of at least US$2 million per occurrence, US$5 million in the aggregate",
      ),
    ),
    q(
      FACT,
      "Can the distributor get out of the STAAR agreement without a reason?",
      "Yes: either party may terminate without cause on at least 90 days' prior written notice.",
      s(
        STAAR,
        "either party shall have the right to terminate this Agreement, without cause, upon no less than ninety (90) days' prior written notice to the other party",
      ),
    ),
    q(
      FACT,
      "How are disputes between STAAR and its distributor resolved?",
      "By binding ICC arbitration in Los Angeles (except claims for an injunction or other equitable relief), under California law.",
      s(
        STAAR,
        "shall be resolved exclusively through binding arbitration conducted in accordance with the Rules of Conciliation and Arbitration of the International Chamber of Commerce",
      ),
    ),
    q(
      FACT,
      "What happens to the distributor's unsold STAAR stock when the distributorship ends?",
      "STAAR may buy back current, resalable products at 80% of the distributor's original net purchase price.",
      s(
        STAAR,
        "STAAR shall have the option to repurchase any or all current and resalable Products in Distributor's inventory at eighty percent (80%) of Distributor's original net purchase price",
      ),
    ),
    q(
      FACT,
      "How quickly must the distributor tell STAAR about a complaint involving serious injury?",
      "Within one calendar day of receipt (other complaints within five).",
      s(
        STAAR,
        "Distributor will forward to STAAR any Complaint involving significant bodily injury, illness or death resulting from use of Products within one (1) calendar day of receipt",
      ),
    ),
    nid("What minimum quantities must STAAR's distributor buy in its first contract year?"),
  ]),
  ...d("nda-taylor-capital-financial-investments", "f3t-taylor", [
    q(
      FACT,
      "How long is Financial Investments under a standstill on Taylor Capital?",
      "Eighteen months from the date of the agreement, except in connection with the Transaction.",
      s(
        TAYLOR,
        "For a period of eighteen months from the date of this Agreement, and except in connection with the Transaction, Investor will not",
      ),
    ),
    q(
      FACT,
      "Can the investor hire away Taylor Capital's executives it meets in the talks?",
      "Not for eighteen months without consent: it may not solicit or offer to hire executive officers it had contact with, though general advertising and people the Company let go are allowed.",
      s(
        TAYLOR,
        "For a period of eighteen months from the date of this Agreement, Investor will not, without the Company’s prior written consent, directly or indirectly, solicit for purposes of employment",
      ),
    ),
    q(
      FACT,
      "May the investor call Taylor Capital's customers or suppliers about the deal?",
      "Not knowingly, without the Company's prior written consent.",
      s(
        TAYLOR,
        "Neither Investor nor any of its Representatives shall knowingly contact any employee (other than the officers of the Company and other employees designated by such officers in the manner contemplated by this Agreement), supplier or customer of the Company regarding the Transaction",
      ),
    ),
    q(
      FACT,
      "Would Taylor Capital have to post a bond to get an injunction against the investor?",
      "No: the investor agrees to waive any requirement to secure or post a bond.",
      s(
        TAYLOR,
        "Investor further agrees to waive, and to use its reasonable efforts to cause its Representatives to waive, any requirement for the securing or posting of any bond",
      ),
    ),
    q(
      FACT,
      "Where do disputes under the Taylor Capital NDA have to be brought?",
      "The state or federal courts in Cook County, Illinois, the sole venue; Illinois law; jury trial waived.",
      s(
        TAYLOR,
        "Each party consents to the jurisdiction of the state or federal courts in Cook County, Illinois, which will be the sole venue for resolution of all disputes related to this Agreement.",
      ),
    ),
    q(
      "definition",
      "Can the investor share Taylor Capital's information with a co-investor?",
      "Not as a Representative: the term excludes any potential principal, co-investor or source of equity financing that is not a party.",
      s(
        TAYLOR,
        "For the avoidance of doubt, the term “Representatives” as applied to Investor shall not include any potential principal, co-investor or source of equity financing that is not a party to this Agreement.",
      ),
    ),
    nid("How many years does the investor's confidentiality obligation under the Taylor Capital NDA last?"),
  ]),
];
