/**
 * A tuning half of fact and multi-document questions (issues #15/#16: the largest pool of held-out misses), as
 * written: quotes, not offsets. Written 2026-12-03 (morning) before lexnav was run on it, over deals no other half
 * uses (checked against every half's scope files, heldout.json's and fresh3.json's included, without reading their
 * questions). Every CUAD transaction set is already in another half, so the CUAD deal is a single agreement (the
 * Signature Orthopaedics–CPM distributorship); four EDGAR filings with two instruments each (the Happiness
 * Development share purchase and its DMG Tech collaboration, CBL's consulting and separation agreements with its
 * former CFO, Immersion's CEO letter and change of control and severance agreement, Fision's two director
 * agreements) carry the multi-document questions; one ContractNLI NDA (XIUS–BCGI). So the bench spans
 * contractnli+cuad+edgar and is served by the whole-corpus store. The questions ask what a lawyer asks of a deal:
 * payment amounts and dates, notice and cure periods, termination triggers, exclusivity, territory, insurance,
 * governing law, forum and arbitration seat, assignment, term, severance, and facts that need both instruments.
 * Instruments are named by kind or party, or not at all.
 * `pnpm exec tsx test/bench/natural/locate.ts --build test/bench/natural/fact-tune.draft.ts test/bench/natural/fact-tune.json`
 */
import { type Deals, d, q, s } from "./draft.ts";

const HS = "edgar/0001213900-23-000005_2.html";
const HC = "edgar/0001213900-23-000005_3.html";
const KC = "edgar/0000950170-23-000026_2.html";
const KS = "edgar/0000950170-23-000026_3.html";
const IL = "edgar/0001628280-23-000023_2.html";
const IC = "edgar/0001628280-23-000023_3.html";
const FB = "edgar/0001477932-23-000012_2.html";
const FN = "edgar/0001477932-23-000012_3.html";
const FU = "cuad/FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_Distributor Agreement.txt";
const XI = "contractnli/1012887_0001193125-07-165503_dex99d6.htm.txt";

export const deals: Deals = {
  "edgar-0001213900-23-000005-happiness-dmg-collaboration": [HS, HC],
  "edgar-0000950170-23-000026-cbl-khaleel-separation": [KC, KS],
  "edgar-0001628280-23-000023-immersion-ceo": [IL, IC],
  "edgar-0001477932-23-000012-fision-directors": [FB, FN],
  "cuad-fuse-signature-distributor": [FU],
  "nda-xius-bcgi": [XI],
};

const FACT = "fact" as const;
const MULTI = "multi-document" as const;

export const tests = [
  ...d("edgar-0001213900-23-000005-happiness-dmg-collaboration", "ft-happiness", [
    q(
      FACT,
      "How much does Happiness Development have to pay DMG Tech for the exclusive collaboration, and by when?",
      "$3,000,000, no later than December 31, 2022, in exchange for DMG Tech's negotiating with the licensor.",
      s(HC, "Develop hereby agrees to pay $3,000,000 to DMG Tech no later than December 31, 2022"),
    ),
    q(
      FACT,
      "Which courts hear a dispute with DMG Tech over the collaboration?",
      "It depends on who sues: the state or federal courts of Los Angeles if DMG Tech commences the action, those of New York, New York if Happiness Develop does.",
      s(
        HC,
        "any dispute arising herefrom or related hereto shall be resolved before the appropriate state or federal courts of Los Angeles, California if DMG Tech commences an action",
      ),
    ),
    q(
      FACT,
      "Is there a cap on what either side can recover from the other under the collaboration agreement?",
      "Yes: neither party's total liability to the other may exceed $100, except for indemnification obligations; indirect and consequential damages are excluded.",
      s(
        HC,
        "IN NO EVENT SHALL EITHER PARTY’S TOTAL LIABILITY TO THE OTHER UNDER THIS CONTRACT EXCEED ONE HUNDRED DOLLARS ($100).",
      ),
    ),
    q(
      FACT,
      "How long does DMG Tech have to cure a material breach before Happiness can walk away?",
      "Fifteen days from receipt of a reasonably detailed written notice of the breach (email is sufficient).",
      s(
        HC,
        "failure to cure such breach (to the extent curable) within fifteen (15) days of receipt of reasonably detailed written notice",
      ),
    ),
    q(
      MULTI,
      "What is the money raised in Happiness Development's December 2022 share placement going to be used for?",
      "$3,000,000 of the proceeds pays for the collaboration agreement with DMG Tech (the $3,000,000 payment due by December 31, 2022); the rest is for general corporate purposes.",
      s(
        HS,
        "$3,000,000 of the proceeds from the issuance of the Shares will be used by the Company for its payment under a certain collaboration agreement with DMG Tech Investment Ltd.",
      ),
      s(HC, "Develop hereby agrees to pay $3,000,000 to DMG Tech no later than December 31, 2022"),
    ),
    q(
      MULTI,
      "Which law governs the investors' share purchase and which governs the DMG collaboration?",
      "The securities purchase agreement is governed by New York law; the collaboration agreement by California law.",
      s(
        HS,
        "This Agreement shall be governed by and construed and enforced in accordance with the internal laws of the State of New York without giving effect to conflict of law provisions.",
      ),
      s(HC, "This Agreement shall be governed by California law"),
    ),
  ]),
  ...d("edgar-0000950170-23-000026-cbl-khaleel-separation", "ft-cbl", [
    q(
      FACT,
      "How much cash severance does Farzana Khaleel get on leaving CBL?",
      "$1,671,584, two times the sum of her 2022 annual base salary and her Retention Bonus, under the Employment Agreement.",
      s(KS, "Employee will receive a severance benefit in cash equal to $1,671,584"),
    ),
    q(
      FACT,
      "How long does the former CFO's consulting engagement last?",
      "From December 31, 2022 through March 31, 2023 (the Initial Term), continuing through June 30, 2023 (the Extended Term) unless the Company terminates it at the end of the Initial Term.",
      s(KC, "shall commence as of the date hereof, and shall continue through March 31, 2023"),
    ),
    q(
      FACT,
      "When is a notice sent by certified mail treated as given under the consulting agreement?",
      "On the day of actual delivery shown by the return receipt or 48 hours after mailing, whichever is earlier.",
      s(
        KC,
        "if mailed, on the day of actual delivery as shown by the addressee’s return receipt or the expiration of forty-eight (48) hours after the date mailed, whichever is earlier in time",
      ),
    ),
    q(
      FACT,
      "What can CBL end the consulting arrangement for, as cause?",
      "Fraud, theft, embezzlement or willful malfeasance; willful and continued refusal to perform after notice and ten days to cure; or breach of the confidentiality covenants.",
      s(
        KC,
        "fraud, theft, embezzlement or willful malfeasance by Khaleel with respect to the Company, its assets or its personnel",
      ),
    ),
    q(
      FACT,
      "Can Khaleel assign her consulting agreement?",
      "No: it is personal and not assignable by her; the Company may assign it to an entity it controls or under common control.",
      s(KC, "This Agreement is personal and shall in no way be subject to assignment by Khaleel."),
    ),
    q(
      MULTI,
      "Which state's law governs the CFO's separation and release and her consulting agreement?",
      "Tennessee law for both (federal law too for the release, where it applies).",
      s(KC, "This Agreement shall be governed by and construed in accordance with the laws of the State of Tennessee."),
      s(
        KS,
        "This Agreement will be interpreted and enforced in accordance with the laws of the State of Tennessee, to the extent state law applies",
      ),
    ),
    q(
      MULTI,
      "Does Khaleel's general release give up her right to the consulting fees?",
      "No: the release carves out claims under the Consulting Agreement, which pays her $75,000 a month plus incentives.",
      s(
        KS,
        "Except for any claims Employee may continue to have under the Consulting Agreement and the Indemnity Agreement",
      ),
      s(KC, "Khaleel shall be entitled to the following payments"),
    ),
  ]),
  ...d("edgar-0001628280-23-000023-immersion-ceo", "ft-immersion", [
    q(
      FACT,
      "What is Eric Singer's base salary as CEO?",
      "$795,000 a year, retroactive to October 1, 2022.",
      s(IL, "will be $795,000, retroactive to October 1, 2022"),
    ),
    q(
      FACT,
      "What is the CEO's target bonus for 2023?",
      "100% of his Base Salary.",
      s(IL, "Your annual bonus target for 2023 will be 100% of your Base Salary."),
    ),
    q(
      FACT,
      "Where are disputes under the severance agreement arbitrated?",
      "In Santa Clara, California, under the American Arbitration Association's rules; claims over confidential information obligations may go to court.",
      s(IC, "submitted to and settled by final and binding arbitration in Santa Clara, California"),
    ),
    q(
      FACT,
      "How quickly must the executive flag a good-reason condition for it to count as an involuntary termination?",
      "Within 90 days of the condition first existing; the Company then has 30 days to remedy it and the executive must resign within 180 days.",
      s(
        IC,
        "unless Executive provides notice to the Company of the existence of the condition described in subsections (i), (ii), (iii) or (iv) above within ninety (90) days of the initial existence of such condition",
      ),
    ),
    q(
      FACT,
      "How many months of health insurance premiums does Immersion cover after an involuntary termination?",
      "Up to 18 months of COBRA premiums for the executive and his eligible dependents.",
      s(
        IC,
        "payment (or reimbursement) of up to 18 months of premiums under the Consolidated Omnibus Budget Reconciliation Act of 1985",
      ),
    ),
    q(
      MULTI,
      "What multiple of base salary is Singer's severance on an involuntary termination, after his CEO letter?",
      "300%: the CEO letter amends clauses (a) and (b) of Section 5 of the Change of Control and Severance Agreement to replace 200% with 300%.",
      s(
        IL,
        "hereby amend clauses (a) and (b) of Section 5 of the Change of Control and Severance Agreement to replace",
      ),
      s(IC, "300% of Executive’s annual base salary"),
    ),
    q(
      MULTI,
      "Which law governs the CEO's employment letter and his change of control and severance agreement?",
      "Florida law for the letter (courts in Miami-Dade County); California law for the change of control and severance agreement.",
      s(IL, "will be governed by Florida law, excluding laws relating to conflicts or choice of law"),
      s(
        IC,
        "shall be governed by the internal substantive laws, but not the conflicts of law rules, of the State of California",
      ),
    ),
  ]),
  ...d("edgar-0001477932-23-000012-fision-directors", "ft-fision", [
    q(
      MULTI,
      "What stock compensation do Fision's directors get under their director agreements?",
      "$12,500 in restricted common stock (at the greater of the closing price or $0.05) or preferred stock: Mr. Bode for the four months from September 1 to December 31, Mr. Nagel each quarter.",
      s(FB, "For the four month period from September 1 to December 31, the Director shall receive $12,500"),
      s(
        FN,
        "On a quarterly basis, on March 31, June 30, September 30 and December 31, the Director shall receive $12,500",
      ),
    ),
    q(
      MULTI,
      "Where must a director sue Fision, and under which law?",
      "Minnesota law; actions are heard in a court in Hennepin County, Minnesota (both director agreements).",
      s(
        FB,
        "All actions and proceedings arising out of or relating to this Agreement shall be heard and determined in any court in Hennepin County, Minnesota",
      ),
      s(
        FN,
        "All actions and proceedings arising out of or relating to this Agreement shall be heard and determined in any court in Hennepin County, Minnesota",
      ),
    ),
    q(
      FACT,
      "For how long after leaving the board may Greg Nagel not entice away Fision's people?",
      "During the Directorship Term and for three years after it.",
      s(FN, "Non-Solicitation. During the Directorship Term and for a period of three (3) years thereafter"),
    ),
  ]),
  ...d("cuad-fuse-signature-distributor", "ft-fuse", [
    q(
      FACT,
      "Is CPM Medical the exclusive distributor of Signature Orthopaedics' products?",
      "No: it is appointed as a non-exclusive distributor in the Territory.",
      s(
        FU,
        "The Supplier appoints the Distributor as its non-exclusive distributor to distribute the Products in the Territory",
      ),
    ),
    q(
      FACT,
      "What territory does the distributorship cover?",
      "The USA (Schedule 2).",
      s(FU, "Schedule 2 Territory USA."),
    ),
    q(
      FACT,
      "When does the distributor have to pay the supplier's invoices?",
      "Within 45 days of the invoice date (written 'thirty (45)'), in US dollars.",
      s(
        FU,
        "The Distributor must pay the full amount invoiced to it by the Supplier in USD$'s within thirty (45) days of the date of invoice",
      ),
    ),
    q(
      FACT,
      "How much product liability cover must the supplier keep?",
      "No less than AU$10 million for any one occurrence, with a reputable insurer, during the Term.",
      s(
        FU,
        "During the Term, the Supplier shall maintain product liability insurance with a reputable insurer of no less than AU$10 million for any one occurrence",
      ),
    ),
    q(
      FACT,
      "After the first year, how much notice ends the distribution agreement?",
      "At least twelve months' prior written notice, expiring on or after the end of the one-year initial term.",
      s(
        FU,
        "shall continue for an initial term of one (1) years (Initial Term) and indefinitely after that until terminated by either party giving at least twelve (12) months' prior written notice",
      ),
    ),
    q(
      FACT,
      "If the distributor doesn't pay on time, when can the supplier terminate?",
      "Immediately by notice if the amount remains unpaid not less than 14 days after written notice to pay.",
      s(
        FU,
        "the other party fails to pay any amount due under this agreement on the due date for payment and remains in default not less than 14 days after being notified in writing to make such payment",
      ),
    ),
  ]),
  ...d("nda-xius-bcgi", "ft-xius", [
    q(
      FACT,
      "Where would a dispute under the XIUS–BCGI NDA be arbitrated?",
      "In Hyderabad, India, before three arbitrators under the Indian Arbitration and Conciliation Act, 1995, in English.",
      s(XI, "Arbitration shall be held in Hyderabad, India."),
    ),
    q(
      FACT,
      "How much notice does either side need to end the non-disclosure agreement with Boston Communications?",
      "Thirty days' written notice, without giving a reason.",
      s(
        XI,
        "This Agreement may be terminated by either party by giving thirty (30) days notice in writing to the other party without assigning any reason whatsoever.",
      ),
    ),
    q(
      FACT,
      "How long does the XIUS NDA stay in force?",
      "Three years from execution, extendable by mutual written consent; the obligations continue three years after termination or expiry (indefinitely for trade secrets).",
      s(
        XI,
        "This Agreement shall remain valid for a period of three (3) years from the date of execution of this Agreement",
      ),
    ),
    q(
      FACT,
      "Can BCGI assign the confidentiality agreement?",
      "Not without the other party's written consent.",
      s(
        XI,
        "This Agreement shall not be amended, assigned or transferred by either party without the written consent of the other party.",
      ),
    ),
  ]),
];
