/**
 * A tuning half of amendment questions (issue #16 item 2: amendment-precedence rules that generalise), as written:
 * quotes, not offsets. Written 2026-12-02 (afternoon) before lexnav was run on it, over deals with amendments that
 * no other half uses (checked against every half's scope and snippet files, heldout.json's and fresh3.json's scope
 * lists included): six EDGAR amendments (a bill-pay reseller agreement, two securities purchase agreements, an
 * executive severance plan, two credit agreements with conformed copies), two CUAD amendments (the Tuniu cooperation
 * agreement as amended and restated in 2014, Vivint non-competition) and one ContractNLI amended and restated NDA, so the bench spans
 * contractnli+cuad+edgar and is served by the whole-corpus store. The asks are mixed on purpose: what a provision
 * says now, what an amendment changed, which version governs, a definition, date or amount as amended, whether a
 * later amendment undid an earlier one; the instrument is named by kind, party, number or date, or not at all.
 * Gold: the amending clause and, where the new text is in the deal, the text in force. Only the amending
 * instruments (a conformed copy, an amended and restated text) are in the corpus: the originals they amend are not.
 * `pnpm exec tsx test/bench/natural/locate.ts --build test/bench/natural/amend-tune.draft.ts test/bench/natural/amend-tune.json`
 */
import { type Deals, d, q, s } from "./draft.ts";

const AL = "edgar/0001529274-23-000002_2.html";
const MS = "edgar/0000893691-23-000003_2.html";
const BN = "edgar/0001214659-23-000066_2.html";
const ICU = "edgar/0000883984-23-000003_2.html";
const SP = "edgar/0001193125-23-000686_2.html";
const DN = "edgar/0001193125-23-000306_2.html";
const TU = "cuad/TUNIUCORP_03_06_2014-EX-10-COOPERATION AGREEMENT.txt";
const VV = "cuad/VIVINT SOLAR, INC. - NON-COMPETITION AGREEMENT.txt";
const FX = "contractnli/1095558_0000944209-00-000518_document_3.txt";

export const deals: Deals = {
  "edgar-0001529274-23-000002-alkami-bill-pay": [AL],
  "edgar-0000893691-23-000003-masonite-epi-spa": [MS],
  "edgar-0001214659-23-000066-bitnile-notes-spa": [BN],
  "edgar-0000883984-23-000003-icu-severance-plan": [ICU],
  "edgar-0001193125-23-000686-stone-point-revolver": [SP],
  "edgar-0001193125-23-000306-dnow-credit": [DN],
  "cuad-tuniu-cooperation-2014-amendment": [TU],
  "cuad-vivint-non-competition-amendment": [VV],
  "nda-fox-artisan-amended-restated": [FX],
};

const AP = "amendment-precedence" as const;

export const tests = [
  ...d("edgar-0001529274-23-000002-alkami-bill-pay", "am-alkami", [
    q(
      AP,
      "When does the current renewal term of Alkami's bill pay reseller deal with CO-OP end now?",
      "December 31, 2026: the Sixth Amendment extended the current Renewal Term (which would have ended June 28, 2025) until December 31, 2026.",
      s(
        AL,
        "Notwithstanding Section 7 (“Term”) of the Agreement, the parties agree that commencing the Amendment Effective Date, the current Renewal Term of the Agreement shall be extended until December 31, 2026.",
      ),
    ),
    q(
      AP,
      "What replaced the special provisions section that the Fifth Amendment had put into the CO-OP reseller agreement?",
      "The Sixth Amendment deleted Section 16 (Special Provisions), as amended by the Fifth Amendment, and replaced it with Minimum Annual Commitments for Monthly Transaction Fees for 2022 to 2026, subject to a customer condition, with a yearly true-up.",
      s(
        AL,
        "Section 16 (“Special Provisions”) of the Agreement, as amended by the Fifth Amendment, is hereby deleted in its entirety and replaced with the following language:",
      ),
    ),
    q(
      AP,
      "Does the old tiered transaction pricing still apply to Alkami's existing bill pay clients?",
      "No. The Sixth Amendment replaced the Monthly Transaction Fees chart in Exhibit E with flat fees effective January 1, 2023, and its pricing replaces all previous transaction pricing for existing and future clients.",
      s(
        AL,
        "The pricing in this Amendment replaces all previous transaction pricing for existing and future clients of Reseller.",
      ),
      s(
        AL,
        "Exhibit E to the Agreement is hereby amended by deleting the chart entitled “Monthly Transaction Fees” set forth in Section 5 (“Fees”) therein and replacing it with the following:",
      ),
    ),
    q(
      AP,
      "Which service description and fee schedule controls under the bill pay reseller agreement: the October 2013 revised Exhibit A or the later Exhibit E?",
      "Revised Exhibit E from the Third Amendment (March 7, 2017): it replaced the October 2, 2013 Revised Exhibit A and is the controlling Service Description and Bill Payment Services Fees.",
      s(
        AL,
        "the Revised Exhibit A Service Description and Bill Payment Services Fees dated October 2, 2013 was replaced by Revised Exhibit E from the Third Amendment effective March 7, 2017 and is the controlling Service Description and Bill Payment Services Fees",
      ),
    ),
    q(
      AP,
      "What happened to Alkami's Year 3 minimum commitment for June through December 2022?",
      "In lieu of the Year 3 Minimum Annual Commitment set by the Fifth Amendment, Alkami makes a one-time payment (redacted) for June–December 2022 on signing the Sixth Amendment; with normal fees it satisfies the first half of the Year 3 commitment.",
      s(
        AL,
        "In lieu of the Minimum Annual Commitment for Year 3 as defined in the Fifth Amendment, Reseller shall make a one-time payment of [* * *] for the period of June through December 2022 upon execution of this Sixth Amendment.",
      ),
    ),
  ]),
  ...d("edgar-0000893691-23-000003-masonite-epi-spa", "am-masonite", [
    q(
      AP,
      "What is the outside date for terminating the Masonite–EPI purchase agreement now?",
      "January 4, 2023: Amendment No. 1 replaced “December 31, 2022” in Section 9.1(a)(iv) with “January 4, 2023”.",
      s(
        MS,
        "Section 9.1(a)(iv) of the Agreement is hereby amended by replacing reference to “December 31, 2022” with “January 4, 2023”.",
      ),
    ),
    q(
      AP,
      "How big a capital contribution does Procton have to make for the employee bonuses under the SPA as amended?",
      "Enough for the Company to pay bonuses of $1,597,600 in total, plus the employer's payroll taxes on them (Section 1.4(a)(x) as amended and restated by Amendment No. 1).",
      s(MS, "Section 1.4(a)(x) of the Agreement is hereby amended and restated in its entirety"),
      s(MS, "in a total amount of (A) One Million Five Hundred Ninety-Seven Thousand Six Hundred dollars ($1,597,600)"),
    ),
    q(
      AP,
      "Following the December 2022 amendment, when does the Section 2.2(a)(vii) information have to be handed over to Masonite?",
      "Only on the date the Allocation Schedule is delivered (the restated Section 2.2(b)).",
      s(MS, "Section 2.2(b) of the Agreement is hereby amended and restated in its entirety"),
      s(
        MS,
        "Notwithstanding the foregoing or anything to the contrary herein, the information required to be provided under Section 2.2(a)(vii) shall be provided only on the date of delivery of the Allocation Schedule.",
      ),
    ),
    q(
      AP,
      "Apart from the changes it lists, does Amendment No. 1 leave the rest of the EPI securities purchase agreement in force?",
      "Yes: except as expressly amended, the Agreement remains in full force and effect, and references to it mean the Agreement as amended.",
      s(
        MS,
        "Except as expressly amended by this Amendment, the Agreement remains in full force and effect and nothing in this Amendment shall otherwise affect any other provision of the Agreement",
      ),
    ),
  ]),
  ...d("edgar-0001214659-23-000066-bitnile-notes-spa", "am-bitnile", [
    q(
      AP,
      "What is the Funding Amount under BitNile's note purchase agreement after the amendment?",
      "$16,081,870.50: $13,322,940 in cash, $972,056 of forgiven warrant-exercise debt and a $1,786,874.50 non-reimbursable expense allocation (the definition as replaced by the amended and restated amendment).",
      s(
        BN,
        "The definition of “Funding Amount” in Section I is hereby deleted and replaced in its entirely by the following:",
      ),
      s(
        BN,
        "“Funding Amount” means an amount equal to Sixteen Million Eighty-One Thousand Eight Hundred Seventy Dollars and Fifty Cents ($16,081,870.50)",
      ),
    ),
    q(
      AP,
      "What aggregate principal amount of notes does BitNile sell under the SPA as it now stands?",
      "$17,511,370.10, subject to adjustment under the Note (Section 2.1 as replaced).",
      s(BN, "Section 2.1 is hereby deleted and replaced in its entirety by the following:"),
      s(
        BN,
        "in the aggregate principal amount of Seventeen Million Five Hundred Eleven Thousand Three Hundred Seventy Dollars and Ten Cents ($17,511,370.10)",
      ),
    ),
    q(
      AP,
      "Can the BitNile notes now be sold in more than one closing?",
      "Yes: the replaced Section 2.2 lets the Notes be sold in one or more Closings on one or more Closing Dates.",
      s(BN, "Section 2.2 is hereby deleted and replaced in its entirety by the following:"),
      s(BN, "the sale of the Notes may be made in one or more Closings and on one or more Closing Dates"),
    ),
  ]),
  ...d("edgar-0000883984-23-000003-icu-severance-plan", "am-icu", [
    q(
      AP,
      "If there is no change in control, when does ICU Medical's executive severance plan end?",
      "It terminates automatically if no Change in Control occurs on or before December 31, 2025 (Section 2 as restated by the Second Amendment).",
      s(
        ICU,
        "The second and third sentences of Section 2 of the Plan are hereby amended and restated in their entirety as follows:",
      ),
      s(
        ICU,
        "In the event that a Change in Control does not occur on or prior to December 31, 2025, the Plan shall thereupon automatically terminate and have no force or effect.",
      ),
    ),
    q(
      AP,
      "Is the December 31, 2022 end date in the severance plan still good?",
      "No. The Second Amendment (December 30, 2022) extended the term of the Plan from December 31, 2022 to December 31, 2025 by restating the second and third sentences of Section 2.",
      s(
        ICU,
        "The second and third sentences of Section 2 of the Plan are hereby amended and restated in their entirety as follows:",
      ),
      s(
        ICU,
        "the Corporation desires to amend the Plan to extend the term of the Plan from December 31, 2022 to December 31, 2025",
      ),
    ),
  ]),
  ...d("edgar-0001193125-23-000686-stone-point-revolver", "am-stonepoint", [
    q(
      AP,
      "When does Stone Point Credit's Capital One revolver mature after the second amendment?",
      "The Stated Maturity Date is December 28, 2023 (the conformed credit agreement in Annex A to the Second Amendment); the Maturity Date is the earliest of that and the other listed dates.",
      s(SP, "“Stated Maturity Date” means December 28, 2023."),
      s(SP, "certain sections of the Credit Agreement are hereby amended as set forth on Annex A to this Amendment"),
    ),
    q(
      "fact",
      "What extension fee did the lenders get for the December 2022 amendment to the Stone Point credit facility?",
      "35 basis points (0.35%) on the Maximum Commitment, paid to the Administrative Agent for the extending Lenders (a condition precedent).",
      s(
        SP,
        "payment of an Extension Fee equal to thirty-five (35) basis points (0.35%) on the amount of the Maximum Commitment",
      ),
    ),
  ]),
  ...d("edgar-0001193125-23-000306-dnow-credit", "am-dnow", [
    q(
      AP,
      "What is the maturity date of DNOW's Wells Fargo credit facility as amended in December 2022?",
      "December 14, 2026 (the conformed Credit Agreement attached as Exhibit A to the Second Amendment).",
      s(DN, "“Maturity Date” means December 14, 2026."),
      s(DN, "the Credit Agreement is hereby amended to delete red or green stricken text"),
    ),
    q(
      AP,
      "If the second amendment and the DNOW credit agreement are inconsistent, which one governs?",
      "The Second Amendment: its terms modify and supersede all inconsistent terms of the Credit Agreement; otherwise the Credit Agreement and Loan Documents are ratified and confirmed.",
      s(
        DN,
        "The terms and provisions set forth in this Agreement shall modify and supersede all inconsistent terms and provisions of the Credit Agreement",
      ),
    ),
  ]),
  ...d("cuad-tuniu-cooperation-2014-amendment", "am-tuniu", [
    q(
      AP,
      "Does the 2008 cooperation agreement between the two Tuniu companies still apply alongside the 2014 version?",
      "No. The Cooperation Agreement (2014 Amendment) of January 24, 2014 amends and restates the Original Cooperation Agreement of September 17, 2008 and supersedes it in all respects.",
      s(
        TU,
        "This Agreement shall be taken as an amendment and restatement of the Original Cooperation Agreement and supersede the Original Cooperation Agreement in all respects.",
      ),
      s(TU, "the Original Cooperation Agreement is amended and restated as follows:"),
    ),
    q(
      AP,
      "How is Beijing Tuniu's service fee worked out under the restated cooperation agreement?",
      "Charged quarterly, the total Service Fee equals the profits of Nanjing Tuniu (Party A) or its subsidiaries that received the services; Beijing Tuniu may adjust it.",
      s(
        TU,
        "The total sum of Service Fee shall be equal to the amount of profits gained by Party A or its subsidiaries who have accepted Party B's Services.",
      ),
    ),
    q(
      AP,
      "How long does the cooperation run under the amended and restated Tuniu agreement?",
      "From the date it is signed until the expiry of Beijing Tuniu's (Party B's) operation term.",
      s(
        TU,
        'the term of cooperation under this Agreement shall commence from the execution date hereof and end on the expiration date of the operation term of Party B ("Term of Cooperation")',
      ),
    ),
    q(
      AP,
      "Under the current version of the Tuniu cooperation agreement, can Nanjing Tuniu end it early?",
      "No: before the Term of Cooperation ends, only Beijing Tuniu (Party B) may terminate by written notice; Party A may not terminate or rescind (other grounds are bankruptcy of the other party and force majeure).",
      s(
        TU,
        "Party B shall have the right to terminate this Agreement in advance without the prior written consent from Party A, bysending a written notice to Party A but Party A may not terminate or rescind this Agreement",
      ),
    ),
  ]),
  ...d("cuad-vivint-non-competition-amendment", "am-vivint", [
    q(
      AP,
      "Is Vivint Solar still bound by the non-compete in its 2014 agreement with Vivint?",
      "No. Amendment No. 1 (August 16, 2017) deleted Section 2 (Non-Competition) in its entirety, with the references to it in the other sections.",
      s(VV, "Section 2 of the Non-Competition Agreement shall be deleted in its entirety"),
    ),
    q(
      AP,
      "How long does the non-solicit between Vivint and Vivint Solar last now?",
      "Until the Sales Term under the Sales Dealer Agreement of August 16, 2017 expires: Section 4 was deleted and replaced by that term.",
      s(
        VV,
        "Section 4 of the Non-Competition Agreement is hereby deleted in its entirety and replaced with the following:",
      ),
      s(
        VV,
        'will continue until the expiration of the "Sales Term" as that term is defined in the Sales Dealer Agreement dated as of August 16, 2017',
      ),
    ),
    q(
      AP,
      "Apart from what the 2017 amendment changed, does the rest of the Vivint non-competition agreement continue?",
      "Yes: the amendment applies only to the provisions it names; otherwise the Non-Competition Agreement continues in full force and effect.",
      s(
        VV,
        "Except as otherwise set forth in this Amendment, the Non-Competition Agreement will continue in full force and effect in accordance with its terms.",
      ),
    ),
  ]),
  ...d("nda-fox-artisan-amended-restated", "am-fox", [
    q(
      AP,
      "Is the earlier mutual NDA between Fox Home Entertainment and Artisan still what governs?",
      "No: the Amended and Restated Mutual Confidentiality and Non-Disclosure Agreement of March 1, 1998 amends and restates the earlier one in its entirety.",
      s(
        FX,
        "This Agreement amends and restates in its entirety the Mutual Confidentiality and Non-Disclosure Agreement previously entered into by the Parties.",
      ),
    ),
  ]),
];
