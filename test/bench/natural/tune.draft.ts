/**
 * The tuning half of the natural-question bench, as written: quotes, not offsets.
 * `pnpm exec tsx test/bench/natural/locate.ts --build test/bench/natural/tune.draft.ts test/bench/natural/tune.json`
 */
import { type Deals, d, nid, q, s } from "./draft.ts";

const BR = {
  base: "cuad/BellringBrandsInc_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing Agreement1.txt",
  am1: "cuad/BellringBrandsInc_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing Agreement2.txt",
  am2: "cuad/BellringBrandsInc_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing Agreement3.txt",
  am3: "cuad/BellringBrandsInc_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing Agreement4.txt",
};

const PQ = {
  base: "cuad/PcquoteComInc_19990721_S-1A_EX-10.11_6377149_EX-10.11_Co-Branding Agreement1.txt",
  am1: "cuad/PcquoteComInc_19990721_S-1A_EX-10.11_6377149_EX-10.11_Co-Branding Agreement2.txt",
  am2: "cuad/PcquoteComInc_19990721_S-1A_EX-10.11_6377149_EX-10.11_Co-Branding Agreement3.txt",
};
const KB = {
  msa: "cuad/KUBIENT,INC_07_02_2020-EX-10.14-MASTER SERVICES AGREEMENT_Part1.txt",
  exB: "cuad/KUBIENT,INC_07_02_2020-EX-10.14-MASTER SERVICES AGREEMENT_Part2.txt",
};

const NDA = {
  urban: "contractnli/NDA-Urban_Wind_Turbines.txt",
  anton: "contractnli/ConfidentialityAgreement.txt",
};

const SC = {
  dist: "cuad/ScansourceInc_20190822_10-K_EX-10.38_11793958_EX-10.38_Distributor Agreement1.txt",
  eula: "cuad/ScansourceInc_20190822_10-K_EX-10.38_11793958_EX-10.38_Distributor Agreement2.txt",
};

const TB = {
  agency: "cuad/OLDAPIWIND-DOWNLTD_01_08_2016-EX-1.3-AGENCY AGREEMENT1.txt",
  certificate: "cuad/OLDAPIWIND-DOWNLTD_01_08_2016-EX-1.3-AGENCY AGREEMENT2.txt",
};

const BIRD = {
  holdcoNoteGuarantee: "edgar/0001861449-23-000002_5.html",
  emea: "edgar/0001861449-23-000002_14.html",
  amendment8: "edgar/0001861449-23-000002_12.html",
  all: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map((n) => `edgar/0001861449-23-000002_${n}.html`),
};

const AZ = {
  gma: "cuad/AzulSa_20170303_F-1A_EX-10.3_9943903_EX-10.3_Maintenance Agreement1.txt",
  am1: "cuad/AzulSa_20170303_F-1A_EX-10.3_9943903_EX-10.3_Maintenance Agreement2.txt",
};

const CL = {
  slcma: "cuad/CardlyticsInc_20180112_S-1_EX-10.16_11002987_EX-10.16_Maintenance Agreement1.txt",
  customization: "cuad/CardlyticsInc_20180112_S-1_EX-10.16_11002987_EX-10.16_Maintenance Agreement2.txt",
  addendum: "cuad/CardlyticsInc_20180112_S-1_EX-10.16_11002987_EX-10.16_Maintenance Agreement3.txt",
  scheduleA: "cuad/CardlyticsInc_20180112_S-1_EX-10.16_11002987_EX-10.16_Maintenance Agreement4.txt",
};

const PF = {
  franchise: "cuad/PfHospitalityGroupInc_20150923_10-12G_EX-10.1_9266710_EX-10.1_Franchise Agreement1.txt",
  appendixC: "cuad/PfHospitalityGroupInc_20150923_10-12G_EX-10.1_9266710_EX-10.1_Franchise Agreement3.txt",
};

export const deals: Deals = {
  "cuad-set-00-bellring-stremicks": [BR.base, BR.am1, BR.am2, BR.am3],
  "cuad-set-02-pcquote-abwatley": [PQ.base, PQ.am1, PQ.am2],
  "cuad-set-14-kubient-ap": [KB.msa, KB.exB],
  "nda-urban-wind-turbines": [NDA.urban],
  "nda-anton-paar": [NDA.anton],
  "cuad-set-12-scansource-cisco": [SC.dist, SC.eula],
  "cuad-set-08-tribute-agency": [TB.agency, TB.certificate],
  "edgar-0001861449-23-000002-bird-financing": BIRD.all,
  "cuad-set-04-azul-atr-maintenance": [AZ.gma, AZ.am1],
  "cuad-set-06-cardlytics-bofa": [CL.slcma, CL.customization, CL.addendum, CL.scheduleA],
  "cuad-set-10-pizza-fusion-franchise": [PF.franchise, PF.appendixC],
};

const bellring = d("cuad-set-00-bellring-stremicks", "tu-bellring", [
  q(
    "amendment-precedence",
    "When does the manufacturing agreement with Stremick's expire, taking the amendments into account?",
    "December 31, 2022: none of the amendments extends the agreement; the Second Amendment itself (bottled products) runs only to December 31, 2021, after which the agreement reverts to its prior terms.",
    s(
      BR.base,
      'The term of this Agreement will commence on the Commencement Date and will continue through December 31, 2022 or until this Agreement is otherwise terminated in accordance with its provisions ("Term").',
    ),
    s(
      BR.am2,
      "This Second Amendment shall be effective from The Second Amendment Effective Date and shall expire on December 31, 2021. Upon expiration, this Second Amendment shall be of no further force or effect, and the terms and conditions of the Agreement shall as they were before the Second Amendment Effective Date.",
    ),
  ),
  q(
    "amendment-precedence",
    "What's Premier's minimum annual order volume from Heritage after Amendment No. 1?",
    "Amendment No. 1 replaced Section 2(c): a (redacted) MAOV for July 1, 2018–June 30, 2019, then a (redacted) MAOV for each twelve-month period from July 1, 2019, contingent on aseptic production at Heritage's facility approved by January 1, 2019, and a (redacted) amount for July–December 2022.",
    s(
      BR.am1,
      'The Parties hereby agree to remove Section 2(c) in its entirety and replace it with the following: During the Term of this Agreement, Premier shall be required to purchase a Minimum Annual Order Volume ("MAOV") of [***] ("Units") for the twelve-month period commencing July 1, 2018 and ending June 30, 2019.',
    ),
    s(
      BR.base,
      'During the Term of this Agreement, Premier shall be required to purchase a Minimum Annual Order Volume ("MAOV") of [***] ("Units") for each twelve-month period commencing July 1, 2017',
    ),
  ),
  q(
    "amendment-precedence",
    "Where do notices to Premier go under the Stremick's agreement now?",
    "Premier Nutrition Corporation, VP Operations, 1222 67th Street, Suite 210, Emeryville, CA 94608 (with a copy to the General Counsel), as changed by Amendment No. 2 from the 188 Spear Street, San Francisco address.",
    s(
      BR.am2,
      'it is now required to: "Premier Nutrition Corporation VP Operations 1222 67th Street, Suite 210 Emeryville, CA 94608',
    ),
    s(
      BR.base,
      "Notice to PREMIER: VP Operations Premier Nutrition Corporation 188 Spear Street, Suite 600 San Francisco, CA 94608",
    ),
  ),
  q(
    "amendment-precedence",
    "Which Schedule C-1 applies to the bottled products — the one in the second amendment?",
    "No; Amendment No. 3 (July 3, 2019) removed Schedule C-1 in its entirety and replaced it with a new Schedule C-1 (contents redacted).",
    s(
      BR.am3,
      "The Parties hereby agree to remove Schedule C-1 in its entirety and replace it with the following: Schedule C-1.",
    ),
    s(BR.am2, "Schedule C-l. The following is attached to and incorporated into the Agreement as Schedule C-l:"),
  ),
  q(
    "amendment-precedence",
    "After the second amendment, what are the MAOV 'Units' in Section 2(c) called?",
    '"Tetra Units"; Amendment No. 2 renamed the term, and the final Tetra Unit quantities count toward the MAOV for Tetra Units.',
    s(
      BR.am2,
      'Section 2(c) of the Agreement is amended so that the term "Units" as defined therein is now referred to as "Tetra Units".',
    ),
  ),
  q(
    "multi-document",
    "What pricing schedule governs the aseptic plastic bottles, and how did it come into the agreement?",
    "Schedule C-1: Amendment No. 2 added Section 1(a)(xi) pointing to Schedule C-1 for aseptic plastic bottles and attached it; Amendment No. 3 replaced Schedule C-1.",
    s(
      BR.am2,
      'A new section, Section 1(a)(xi), is inserted to read "(xi) Pricing and Terms for Aseptic Plastic Bottles ........................... Schedule C-1"',
    ),
    s(BR.am3, "The Parties hereby agree to remove Schedule C-1 in its entirety and replace it with the following:"),
  ),
  q(
    "multi-document",
    "Where can Heritage make Premier's products after the bottle amendment?",
    "At Heritage's or its subsidiary Jasper's Facilities (locations redacted); Amendment No. 2 extended Section 2(a) to products on Schedule A-1 as well as Schedule A; any other facility needs Premier's prior written approval.",
    s(BR.am2, "Heritage shall produce the products described on Schedule A and Schedule A-1 attached hereto"),
    s(
      BR.base,
      "Any facility that Heritage wishes to use, other than [***] to manufacture the Products must be approved by Premier in writing, in advance.",
    ),
  ),
  q(
    "fact",
    "What law governs the Stremick's manufacturing agreement, and where would we litigate?",
    "California law; venue in a court of competent jurisdiction in San Francisco, California.",
    s(
      BR.base,
      "Venue for any litigation arising out of this Agreement shall be in any court of competent jurisdiction located in San Francisco, California.",
    ),
    s(
      BR.base,
      "All matters relating to this Agreement, the rights of the Parties hereunder and the construction of the terms hereof shall be governed by the laws of the State of California, without regard to conflicts of laws principles.",
    ),
  ),
  q(
    "fact",
    "Does Heritage have to carry product recall insurance?",
    "Yes; product recall insurance for products found unfit by the authorized government entity, with limits of $[***] per policy year.",
    s(
      BR.base,
      "Product Recall Insurance coverage for Products determined to be in violation of laws administered by the authorized government entity who classifies the Products as unfit for intended use with limits of $[***] per policy year.",
    ),
  ),
  q(
    "fact",
    "If one of Heritage's plants is hit by force majeure, does the other plant have to make up the volume?",
    "No; the unaffected facility need not produce the total quantities agreed for both, but must use commercially reasonable efforts to produce as much as possible.",
    s(
      BR.base,
      "Notwithstanding the foregoing, in the event there is a force majeure at either Heritage production facility, then the non-force majeure facility shall not be required to produce the total production quantities agreed upon for both facilities.",
    ),
  ),
  q(
    "definition",
    "What is the 'Due Date' in a Premier purchase order?",
    "The production start date requested by Premier.",
    s(BR.base, '"Due Date" shall mean the production start date requested by Premier.'),
  ),
  q(
    "definition",
    "What's a 'Contract Period' under the Heritage agreement?",
    "Each twelve-month MAOV period and the final six-month period from July 1 to December 31, 2022.",
    s(BR.base, '(the twelve-month periods and the six month period are each a "Contract Period")'),
  ),
  q(
    "cross-reference",
    "Does Premier's indemnity under Section 7 survive the end of the manufacturing agreement, and what does it cover?",
    "Yes; Section 11(a) lists Section 7 (Indemnification) among the surviving provisions; under 7(a) Premier indemnifies Heritage for trademark/copyright infringement claims and for losses from following Premier's specifications or instructions, among others.",
    s(
      BR.base,
      "The following provisions shall survive termination or expiration of this Agreement: 2(o) (warranties); 2(p)(q), 3(e) audit rights/access; Schedule B (records); 7 (Indemnification); and Section 8 (Risk of Loss and Insurance) Section 9 (Confidentiality).",
    ),
    s(
      BR.base,
      'Premier shall indemnify, defend and hold Heritage harmless from and against any and all loss, cost, expense, claim, suit, damage or liability (including reasonable attorneys\' fees and court costs) (collectively "Losses") arising out of or relating to an infringement or alleged infringement of any Trademarks or Copyrights in connection with the Products',
    ),
  ),
  q(
    "cross-reference",
    "If Heritage accepts a PO under Section 2(j) but doesn't fill it, what can Premier do?",
    "Use an alternate co-packer for the products, with Heritage (or Jasper) providing Premier-owned packaging to support that production; under 2(j) a PO is accepted by email confirmation or by failing to object in time.",
    s(
      BR.base,
      "If a PO is accepted by Heritage as described in Section 2(j) above but such PO is not filled in accordance with its terms",
    ),
    s(BR.base, "Premier shall have the right to use an alternate co-packer for the Products specified in the PO"),
    s(
      BR.base,
      "Heritage's failure to notify Premier, within the time specified herein, of an inability to meet a term of the PO shall constitute acceptance of such PO in its entirety.",
    ),
  ),
  nid("Is there an arbitration clause in the Stremick's manufacturing agreement?"),
  nid("Is Heritage barred from co-packing competing products for other brands?"),
  q(
    "fact",
    "Does the Premier–Heritage agreement renew automatically?",
    "No; it terminates automatically without notice on December 31, 2022 unless the parties agree in writing to extend it.",
    s(
      BR.base,
      "This Agreement shall commence on the Effective Date and shall terminate automatically without notice on December 31, 2022, unless the Parties agree in writing to extend the term of the Agreement",
    ),
  ),
  nid("Does Premier get most-favoured-customer pricing from Stremick's?"),
]);

const pcquote = d("cuad-set-02-pcquote-abwatley", "tu-pcquote", [
  q(
    "amendment-precedence",
    "What is the term of the PC Quote co-branding deal with A.B. Watley after the second amendment?",
    "The Second Amendment (effective February 23, 1998) deleted Section 2.A and 2.B (the term provisions, already amended in December 1996) and replaced them with new text, but that text is redacted ([***]) in the filing, so the new term cannot be read from the documents.",
    s(
      PQ.am2,
      "The text of Section 2. A. and B. of the Agreement is hereby deleted in its entirety and the following language is inserted in its stead: [***]",
    ),
    s(
      PQ.am1,
      'This amendment to Section 2 (titled "Term"), Part B of the Co-Branding Agreement is made effective December 9, 1996',
    ),
  ),
  q(
    "amendment-precedence",
    "If the second amendment and the original co-branding agreement conflict, which controls?",
    "The Second Amendment prevails and governs for all purposes; otherwise the agreement is ratified and confirmed.",
    s(
      PQ.am2,
      "To the extent, if any, that provision of this Agreement conflicts with or differs from any provision of the Agreement, such provision of this Second Amendment shall prevail and govern for all purposes and in all respects.",
    ),
  ),
  q(
    "multi-document",
    "How many times was the term section of the PC Quote–ABW agreement amended, and when?",
    "Twice: an amendment to Section 2, Part B effective December 9, 1996, and the Second Amendment effective February 23, 1998, which replaced Sections 2.A and 2.B.",
    s(
      PQ.am1,
      'This amendment to Section 2 (titled "Term"), Part B of the Co-Branding Agreement is made effective December 9, 1996',
    ),
    s(
      PQ.am2,
      "is made and entered into, effective for all purposes and in all respects as of the 23rd day of February, 1998",
    ),
  ),
  q(
    "fact",
    "What's the cure period for material breach under the PC Quote co-branding agreement?",
    "Thirty days: a party may terminate 30 days after notice of a material breach if it is not cured within 30 days of receipt of notice.",
    s(
      PQ.base,
      "should a party to this Agreement be in material breach of the Agreement, the other party may terminate the Agreement thirty (30) days after notice of said material breach is received, and only if such material breach is not cured within thirty (30) days of receipt of notice.",
    ),
  ),
  q(
    "fact",
    "Is there a late payment charge on PC Quote invoices?",
    "Yes; payments not received within 30 days of the invoice date bear a finance charge of 1.0% per month (12% APR).",
    s(
      PQ.base,
      "Any payments which have not been received by PCQ within thirty (30) days of the Invoice date shall be subject to a FINANCE CHARGE of 1.0% per month which is a corresponding ANNUAL PERCENTAGE RATE of 12% on the outstanding balance.",
    ),
  ),
  q(
    "fact",
    "How is liability capped in the PC Quote agreement?",
    "To general money damages not exceeding the total charges ABW paid for the services in the most recent twelve months; no lost profits or indirect, incidental or consequential damages.",
    s(
      PQ.base,
      "LIABILITY UNDER THIS AGREEMENT FROM ANY AND ALL CAUSES, INCLUDING, BUT NOT LIMITED TO, PROGRAM MALFUNCTION OR OPERATIONAL NEGLIGENCE, SHALL BE LIMITED TO GENERAL MONEY DAMAGES IN AN AMOUNT NOT TO EXCEED THE TOTAL CHARGES PAID BY ABW FOR THE SERVICES DURING THE MOST RECENT TWELVE (12) MONTHS OF THE AGREEMENT.",
    ),
  ),
  q(
    "fact",
    "Which state's law governs the co-branding agreement with A.B. Watley?",
    "Illinois, with consent to the state and federal courts in Illinois.",
    s(
      PQ.base,
      "This Agreement shall be interpreted, construed and enforced in all respects in accordance with the laws of the State of Illinois, except with regards to its rules regarding choice of law.",
    ),
  ),
  q(
    "definition",
    "What is the HYPERFEED in the PC Quote agreement?",
    "PC Quote's proprietary digital data feed (by satellite, land line or Internet, with compression) of financial market information from the listed exchanges and institutions: stock quotes, futures and options, commodities and related information.",
    s(
      PQ.base,
      "HYPERFEED The PC Quote proprietary digital data feed transmitted via satellite, land line, or Internet with advanced compression technology, containing financial market information obtained by PCQ from the institutions and exchanges listed in Section 5 of this Agreement.",
    ),
  ),
  q(
    "cross-reference",
    "ABW's indemnity covers any authority 'required of ABW pursuant to Section 6' — what does Section 6 say?",
    "Section 6 is Limitations of Liability and Remedies on Default (data accuracy disclaimers, force majeure, liability cap); the exchange authorizations ABW needs are actually in Section 5 (Exchange Authorization).",
    s(
      PQ.base,
      "including specifically, but not limited to, any authority required of ABW pursuant to Section 6 hereof",
    ),
    s(PQ.base, "6. Limitations of Liability, Remedies On Default"),
    s(
      PQ.base,
      "that the ABW's use of the service for internal or external redistribution of date is authorized and regulated by said agencies",
    ),
  ),
  q(
    "cross-reference",
    "The HYPERFEED definition points to the exchanges 'listed in Section 5' — which are they?",
    "Among others: NYSE, AMEX, Pacific, Midwest, CBOE, OPRA, the Consolidated Tape Association, CBOT, CME/IMM, Kansas City Board of Trade, Minneapolis Grain Exchange, Commodities Exchange Center, NY Futures Exchange, Mid-America Commodity Exchange and the Consolidated Canadian Group.",
    s(
      PQ.base,
      "containing financial market information obtained by PCQ from the institutions and exchanges listed in Section 5 of this Agreement",
    ),
    s(
      PQ.base,
      "including but not limited to, the New York Stock Exchange, American Stock Exchange, Pacific Stock Exchange, Midwest Stock Exchange, Chicago Board Options Exchange",
    ),
  ),
  nid("Is PC Quote barred from co-branding its software with other brokers?"),
  nid("Is there an arbitration clause in the PC Quote co-branding agreement?"),
]);

const kubient = d("cuad-set-14-kubient-ap", "tu-kubient", [
  q(
    "amendment-precedence",
    "Whose payment terms apply to the AP revenue share — the MSA's or Exhibit B's?",
    "Exhibit B's: revenue is reconciled within 10 days after each month and paid net 30 from month end; Exhibit B's payment term supersedes Exhibit A's, and Schedule 1 supersedes Exhibit A's flat fee and initial revenue share (the MSA itself has Kubient pay within seven days of receiving payment).",
    s(KB.exB, "The payment term provision above shall supersede the payment term provision set forth in Exhibit A."),
    s(
      KB.exB,
      "Subject to the doctrine of sequential liability, payment shall be made to the appropriate Party net 30 days from the end of the calendar month.",
    ),
    s(
      KB.msa,
      "payment from Kubient to Customer shall be made within seven (7) days from Kubient's receipt of payment, regardless of when Customer submits an invoice",
    ),
  ),
  q(
    "multi-document",
    "Does AP's deal with Kubient restrict hiring Kubient staff, and for how long is confidential information protected?",
    "Yes; Exhibit B bars AP from soliciting or hiring Kubient personnel during the term and for one year after; under the MSA, confidential information is protected for one year from disclosure.",
    s(
      KB.exB,
      "Customer shall not, without Kubient's prior written consent, directly or indirectly (i) solicit or encourage any person to leave the employment or other service of Kubient",
    ),
    s(KB.msa, "Recipient will protect the Confidential Information, for one (1) year from the date of disclosure"),
  ),
  q(
    "multi-document",
    "Is AP exclusive to Kubient, and can AP deal directly with advertisers Kubient introduced?",
    "Not exclusive: the MSA leaves AP free to sell Inventory through others; but under Exhibit B's non-circumvent AP may not work with third parties it came to know through Kubient during the term and for one year after without Kubient's consent and compensation.",
    s(
      KB.msa,
      "Nothing herein is intended nor shall be construed as creating an exclusive arrangement between Customer and Kubient.",
    ),
    s(
      KB.exB,
      "Customer agrees not to work with, directly or indirectly, any Third-Party that Customer comes to know through disclosure by Kubient as part of the Services, without the express written consent of Kubient and compensation to Kubient under the applicable exhibit and/or schedule.",
    ),
  ),
  q(
    "fact",
    "Can AP terminate the Kubient MSA in the first year?",
    "Only for material breach uncured after 30 days' notice, insolvency events, or as an Exhibit allows; after the one-year Initial Term either party may terminate for any reason on 90 days' notice.",
    s(
      KB.msa,
      "Neither Party may terminate this Agreement during the Initial Term except as set forth in paragraph 4(b) or any Exhibit. Either Party may terminate this Agreement for any reason following the Initial Term upon ninety (90) days written notice to the other Party.",
    ),
  ),
  q(
    "fact",
    "What's the split on programmatic revenue above the threshold?",
    "50% AP / 50% Kubient above the $300,000 monthly threshold (90/10 below it).",
    s(KB.exB, "Programmatic/Display $ 300,000.00 90% 10%** 50% 50%"),
  ),
  q(
    "fact",
    "What law governs the Kubient MSA and where are disputes heard?",
    "Delaware law; exclusive jurisdiction of the state and federal courts in New York, New York.",
    s(
      KB.msa,
      "This Agreement is governed in all respects by the laws of the State of Delaware without giving effect to its conflict of laws principles. Each Party hereby irrevocably submits for all disputes to the exclusive jurisdiction and venue of the state and federal courts located in New York, New York.",
    ),
  ),
  q(
    "definition",
    "What's the 'Winning Bid Price' under the Kubient agreement?",
    "The price at which the Auction Platform awards Impressions to a bidder, never less than the minimum price AP has agreed to accept.",
    s(
      KB.msa,
      '"Winning Bid Price" means the price at which the Auction Platform awards Impressions to a bidding party which shall be no less than the minimum price that Customer has agreed to accept.',
    ),
  ),
  q(
    "definition",
    "How is 'Revenue' measured for the AP revenue share?",
    "Gross revenue actually received by the collecting party less client credits and return allowances, with no deduction for costs, except Direct Deals, which use Net Revenue (less agreed costs such as production or media buying).",
    s(
      KB.exB,
      '*All "Revenue" calculations shall refer to gross revenue actually received by the collecting party less client credits and allowances for returns, but without any deduction or offset for costs incurred by either Party, except for "Direct Deals".',
    ),
  ),
  q(
    "cross-reference",
    "On termination 'the license granted under section 3' is revoked — what license is that?",
    "Section 3 only holds license definitions; the license itself is in Section 2: a limited, royalty-free, non-exclusive, non-transferable, revocable license to use Kubient's Auction Platform to serve Inventory.",
    s(KB.msa, "the license granted under section 3 shall be revoked"),
    s(
      KB.msa,
      "Kubient hereby grants to Customer a limited, royalty-free, non-exclusive, non-transferable, non-assignable, without right of sublicense, revocable license to access, participate in and use to the full extent the Auction Platform as hosted by Kubient",
    ),
  ),
  nid("What flat fee does AP pay Kubient under Exhibit A?"),
  nid("Can AP audit Kubient's revenue figures?"),
  nid("What insurance does Kubient have to carry under the AP agreement?"),
]);

const urban = d("nda-urban-wind-turbines", "tu-nda-urban", [
  q(
    "fact",
    "Can the recipient share Urban Wind Turbines information with its advisers under the NDA?",
    "Yes, with its officers, employees, professional advisers, insurers, agents and sub-contractors who need it for the Permitted Purpose and are bound by a written agreement or professional obligation of confidentiality.",
    s(
      NDA.urban,
      "the Recipient may disclose the Confidential Information to its [officers, employees, professional advisers, insurers, agents and sub-contractors]",
    ),
  ),
  q(
    "fact",
    "What happens to the confidential material when the MEB NDA is terminated?",
    "Within 5 working days the recipient must destroy or return (at the discloser's option) all media containing it and delete it from its systems; it must also stop using it.",
    s(
      NDA.urban,
      "Within [5] working days following the date of effective termination of this Agreement the Recipient will destroy or return to the Discloser (at the Discloser's option) all media containing Confidential Information, and will irrevocably delete and remove all Confidential Information from its computer systems.",
    ),
  ),
  q(
    "fact",
    "Which law governs the Urban Wind Turbines NDA?",
    "England and Wales, with the courts of England having exclusive jurisdiction.",
    s(
      NDA.urban,
      "This Agreement will be governed by and construed in accordance with the laws of [England and Wales];",
    ),
  ),
  q(
    "definition",
    "What counts as Confidential Information in the MEB Engineering NDA?",
    "Information the Discloser discloses that was marked confidential or should reasonably have been understood to be confidential, plus the terms of the agreement (and any other specified information).",
    s(
      NDA.urban,
      "any information disclosed by [or on behalf of] the Discloser to the Recipient [during the Term / before the end of the Term] (whether disclosed in writing, orally or otherwise) that at the time of disclosure: (i) was marked as “confidential”; or (ii) should have been reasonably understood by the Recipient to be confidential;]",
    ),
  ),
  q(
    "cross-reference",
    "Which clauses survive termination of the Urban Wind Turbines NDA, and do they include the confidentiality obligations?",
    "Clauses 1, 3, 5.2 to 5.4 and 6 survive; clause 3 is the confidentiality obligations, so they continue.",
    s(
      NDA.urban,
      "the following provisions of this Agreement will survive and continue to have effect (in accordance with their terms or otherwise indefinitely): Clauses [1, 3, 5.2 to 5.4, and 6].",
    ),
    s(
      NDA.urban,
      "that it will keep all Confidential Information strictly confidential and will not disclose any part of it to any other person without the Discloser's prior written consent",
    ),
  ),
  nid("Does the Urban Wind Turbines NDA include a non-solicitation of employees?"),
  nid("Is there a liquidated damages amount for breach of the MEB NDA?"),
]);

const antonPaar = d("nda-anton-paar", "tu-nda-antonpaar", [
  q(
    "fact",
    "Is there a penalty for breaching the Anton Paar confidentiality agreement?",
    "Yes; a contractual penalty of EUR 15,000 per breach, regardless of fault or proof of damage, without prejudice to further claims.",
    s(
      NDA.anton,
      "In addition and regardless of negligence or fault or proof of an actual damage, the parties agree to contractual penalty in the amount of EUR 15,000.00 for the event of a breach of this agreement.",
    ),
  ),
  q(
    "fact",
    "How quickly must we return Anton Paar's materials when asked?",
    "Within 30 days after the discloser's written request (or destroy them if the discloser so elects); immediately in case of breach.",
    s(
      NDA.anton,
      "Recipient will return any and all tangible Confidential Information provided to it by Discloser and copies thereof, to Discloser within 30 days after Discloser’s written request, provided, however, Recipient shall destroy such information if Discloser elects so.",
    ),
  ),
  q(
    "fact",
    "What law and courts govern the Anton Paar NDA?",
    "Austrian law, excluding conflict rules; the courts in Graz, Austria.",
    s(
      NDA.anton,
      "This agreement shall be governed by and construed in accordance with Austrian law, excluding its conflict of laws provisions and each party hereby irrevocably submits to the jurisdiction of the courts in Graz, Austria.",
    ),
  ),
  q(
    "fact",
    "How much notice do we have to give Anton Paar before a legally compelled disclosure?",
    "At least two business days before the disclosure.",
    s(
      NDA.anton,
      "Recipient may make such disclosure if it is required to do so by law, provided always that Recipient has informed Discloser about such disclosure at least two business days prior to the disclosure.",
    ),
  ),
  q(
    "definition",
    "Who are 'Subsidiaries' under the Anton Paar confidentiality agreement?",
    "Any subsidiary in which a party directly or indirectly holds 50% or more of the controlling or voting rights.",
    s(
      NDA.anton,
      "“Subsidiaries” shall mean any subsidiary, in which a party holds, directly or indirectly, fifty percent (50%) or more of the controlling or voting rights.",
    ),
  ),
  q(
    "definition",
    "What is the 'Purpose' for which Anton Paar information may be used?",
    "Discussions and negotiations about establishing a business relationship between the parties and, subsequently, activities in connection with that relationship.",
    s(
      NDA.anton,
      "“Purpose” means a) any discussions and negotiations between or within the parties with respect to or in connection with the establishment of a business relationship between the parties; and subsequently, b) any activities in connection with the business relationship between the parties.",
    ),
  ),
  q(
    "cross-reference",
    "Clause 2.2 lets us share with our Subsidiaries — as defined where, and under what condition?",
    "Subsidiaries are defined in clause 2.3 (50% or more of controlling or voting rights); disclosure to them without consent is allowed only to the extent required to fulfil the Purpose, and each party is liable for its Subsidiaries.",
    s(
      NDA.anton,
      "Recipient may disclose Confidential Information to its Subsidiaries without Discloser’s consent, if and to the extent such disclosure is required in order to fulfill the Purpose",
    ),
    s(
      NDA.anton,
      "“Subsidiaries” shall mean any subsidiary, in which a party holds, directly or indirectly, fifty percent (50%) or more of the controlling or voting rights.",
    ),
  ),
  nid("Can either party terminate the Anton Paar confidentiality agreement on notice?"),
  nid("Does the Anton Paar NDA include a non-compete?"),
]);

const scansource = d("cuad-set-12-scansource-cisco", "tu-scansource", [
  q(
    "fact",
    "How long does ScanSource's Cisco distributor agreement run, and can Cisco extend it?",
    "Two years from the Effective Date unless extended in writing or terminated; Cisco may extend by notice at least 30 days before the term ends, by up to one year beyond the then-current expiry.",
    s(
      SC.dist,
      "This Agreement shall commence on the Effective Date and continue thereafter for a period of two (2) years, unless extended by written agreement of both parties or sooner terminated as set forth below.",
    ),
    s(
      SC.dist,
      "Cisco may, by written notice to Distributor, given at least thirty (30) days prior to the end of the then-current term of the Agreement, extend the term of the Agreement for the period set forth in such notice, up to a maximum of one (1) year beyond the then- current expiration date.",
    ),
  ),
  q(
    "fact",
    "Is ScanSource an exclusive Cisco distributor?",
    "No; it is appointed as an authorized, non-exclusive distributor of Products and Services to Resellers in the Territory.",
    s(
      SC.dist,
      "Cisco makes, and Distributor accepts, the appointment of Distributor as an authorized, non-exclusive distributor of Products and Services to Resellers located in the Territory.",
    ),
  ),
  q(
    "fact",
    "What warranty does Cisco give on the software itself?",
    "From shipment, for the longer of 90 days or the warranty-card period: media free of defects and the Software substantially conforming to its published specifications; otherwise AS IS, with repair, replacement or refund as the sole remedy.",
    s(
      SC.eula,
      "continuing for a period of the longer of (a) ninety (90) days or (b) the software warranty period (if any) set forth in the warranty card accompanying the Product (if any): (a) the media on which the Software is furnished will be free of defects in materials and workmanship under normal use; and (b) the Software substantially conforms to its published specifications.",
    ),
  ),
  q(
    "definition",
    "Who is an 'End User' under the Cisco distributor agreement?",
    "The final purchaser or licensee acquiring Products for its own internal use, not for resale; entities that stock, spare, warehouse or procure for third parties are not End Users.",
    s(
      SC.dist,
      "End User is the final purchaser or licensee who has acquired Products for its own internal use and not for resale, remarketing or redistribution.",
    ),
  ),
  q(
    "definition",
    "What's a 'Cisco Quarter'?",
    "Cisco's fiscal quarters: August 1–October 31, November 1–January 31, February 1–April 30 and May 1–July 31.",
    s(
      SC.dist,
      "Cisco Quarter shall mean Cisco's fiscal quarters (August 1-October 31; November 1-January 31; February 1-April 30; and May 1-July 31).",
    ),
  ),
  q(
    "cross-reference",
    "What is ScanSource's Territory under the Cisco agreement?",
    "The Territory is whatever Exhibit A lists: the United States, excluding its territories.",
    s(SC.dist, "Territory is comprised of those regions or countries listed in Exhibit A."),
    s(SC.dist, "EXHIBIT A TERRITORY Territory: The United States, excluding its territories."),
  ),
  q(
    "cross-reference",
    "Section 9.1 says ScanSource's use of software is governed by Exhibit C — may it reverse engineer Cisco software?",
    "No; under Exhibit C's General Limitations the licensee may not decompile, decrypt, reverse engineer or disassemble the Software (Cisco provides interoperability information where the law requires).",
    s(
      SC.dist,
      'Distributor\'s use of Software is governed by the terms contained in Exhibit C (End User License Agreement ("EULA")).',
    ),
    s(
      SC.eula,
      "decompile, decrypt, reverse engineer, disassemble or otherwise reduce the Software to human- readable form",
    ),
  ),
  q(
    "cross-reference",
    "Cisco can terminate immediately for a breach of Section 19.0 — what does that section protect?",
    "Section 19.0 is Confidentiality; Cisco may also terminate immediately for breaches of Sections 9.0 (proprietary rights and software licensing), 11.0 (trademarks) and 20.0 (export restrictions).",
    s(
      SC.dist,
      "Notwithstanding the foregoing, Cisco may terminate this Agreement immediately upon written notice in the event of breach by Distributor of Section 9.0 (Proprietary Rights and Software Licensing), Section 11.0 (Trademarks), Section 19.0 (Confidentiality) or Section 20.0 (Export Restrictions) of this Agreement.",
    ),
    s(SC.dist, "19.0 CONFIDENTIALITY."),
  ),
  q(
    "multi-document",
    "Which law governs the ScanSource distributor agreement, and is the software license under the same law?",
    "No: the distributor agreement is under New York law (with California state and federal courts having jurisdiction), while the warranty and software license in Exhibit C are governed by California law.",
    s(
      SC.dist,
      "shall be controlled by and construed under the laws of the State of New York, United States of America, as if performed wholly within the state and without giving effect to the principles of conflicts of law, and the state and federal courts of California shall have jurisdiction over any claim arising under this Agreement.",
    ),
    s(
      SC.eula,
      "The Warranty and the Software License shall be governed by and construed in accordance with the laws of the State of California, without reference to principles of conflict of laws.",
    ),
  ),
  q(
    "multi-document",
    "Does the liability cap in the Cisco distributor agreement apply to breaches of the software license?",
    "No; the Section 22 cap and the Section 23 consequential-damages waiver exclude liability for Distributor's breach of Section 9 or Exhibit C; Exhibit C separately caps Cisco's liability to the licensee at the price paid for the Software (or the Product containing it).",
    s(
      SC.dist,
      "EXCEPT FOR LIABILITY ARISING OUT OF DISTRIBUTOR'S BREACH OF SECTION 9 (PROPRIETARY RIGHTS AND SOFTWARE LICENSING) OR EXHIBIT C (SOFTWARE LICENSE AGREEMENT)",
    ),
    s(
      SC.eula,
      "In no event shall Cisco's or its suppliers' or licensors' liability to Customer, whether in contract, tort (including negligence), or otherwise, exceed the price paid by Customer for the Software that gave rise to the claim or if the Software is part of another Product, the price paid for such other Product.",
    ),
  ),
  q(
    "multi-document",
    "If the distributor agreement and the software license exhibit conflict, which wins?",
    "The exhibit: the agreement says that where its terms conflict with an Exhibit, the Exhibit governs; Exhibit C in turn ranks a signed agreement, then a click-accept agreement, then itself.",
    s(
      SC.dist,
      "In the event of conflict between the terms of this Agreement and the terms of an Exhibit hereto, the terms of the Exhibit shall govern.",
    ),
    s(
      SC.eula,
      "To the extent of a conflict between the provisions of the foregoing documents, the order of precedence shall be (1) the signed agreement, (2) the click-accept agreement, and (3) this Software License Agreement.",
    ),
  ),
  nid("Are disputes under the Cisco–ScanSource agreement subject to arbitration?"),
  nid("Does Cisco promise ScanSource most-favoured pricing compared with other distributors?"),
  nid("Is ScanSource prohibited from soliciting Cisco employees?"),
]);

const tribute = d("cuad-set-08-tribute-agency", "tu-tribute", [
  q(
    "fact",
    "How big is the Tribute Pharmaceuticals private placement and at what price?",
    "Up to 13,043,695 common shares at $0.92 per share, for gross proceeds of up to $12,000,199.40.",
    s(
      TB.agency,
      'proposes to issue and sell up to 13,043,695 common shares of the Corporation (the "Offered Shares") at a price of $0.92 per Offered Share (the "Offering Price") for aggregate gross proceeds of up to $12,000,199.40.',
    ),
  ),
  q(
    "fact",
    "How is the Agents' Fee split between Dundee, Kes 7 and Bloom Burton?",
    "Dundee Securities 40%, Kes 7 Capital 30%, Bloom Burton 30% (the fee on Regulation D sales goes entirely to the Lead Agent).",
    s(
      TB.agency,
      "The Agents' Fee shall be apportioned among the Agents as follows: Dundee Securities Ltd. 40% Kes 7 Capital Inc. 30% Bloom Burton & Co. Ltd. 30% 100%",
    ),
  ),
  q(
    "fact",
    "What compensation options do the agents get on the Tribute offering?",
    "Compensation Options equal to 3.5% of the Offered Shares sold, exercisable for 24 months at the Offering Price.",
    s(
      TB.agency,
      'As additional consideration, the Corporation shall issue to the Agents that number of compensation options (the "Compensation Options") equal to 3.5% of the number of Offered Shares sold pursuant to the Offering. The Compensation Options will be exercisable for a period of 24 months at the Offering Price.',
    ),
  ),
  q(
    "fact",
    "Who pays the offering expenses under the Tribute agency agreement, and does it matter if the deal closes?",
    "The Corporation bears all expenses of the issue, sale and delivery and of the offering, whether or not the transactions are completed.",
    s(
      TB.agency,
      "Whether or not the transactions contemplated by this Agreement shall be completed, all expenses of or incidental to the issue, sale and delivery of the Offered Shares and all expenses of or incidental to all other matters in connection with the offering of the Offered Shares shall be borne by the Corporation",
    ),
  ),
  q(
    "fact",
    "What law governs the Dundee agency agreement?",
    "The laws of Ontario and the federal laws of Canada applicable there.",
    s(
      TB.agency,
      "This Agreement shall be governed by and construed in accordance with the laws of the Province of Ontario and the federal laws of Canada applicable in the Province of Ontario.",
    ),
  ),
  q(
    "fact",
    "Can an agent walk away before closing if markets collapse?",
    "Yes; under the disaster out, an agent may terminate its obligations by written notice at or before the Closing Time if an event of national or international consequence seriously adversely affects the financial markets or the Corporation's business.",
    s(
      TB.agency,
      "If prior to the Closing Time there should develop, occur or come into effect or existence any event, action, state, condition or major financial occurrence of national or international consequence or any law or regulation which, in the opinion of any of the Agents, seriously adversely affects, or involves, or will seriously adversely affect, or involve, the financial markets or the business, operations or affairs of the Corporation and its subsidiaries taken as a whole",
    ),
  ),
  q(
    "definition",
    "What are the 'Selling Jurisdictions' for the Tribute placement?",
    "All provinces of Canada, the United States and any other jurisdictions the Agents and the Corporation agree.",
    s(
      TB.agency,
      '"Selling Jurisdictions" means all of the provinces of Canada, the United States and such other jurisdictions as the Agents and the Corporation may agree;',
    ),
  ),
  q(
    "definition",
    "When is the Closing Date under the agency agreement?",
    "May 21, 2015, or another date the Corporation and Agents agree in writing or as changed under the agreement; Closing Time is 8:00 a.m. Toronto time.",
    s(
      TB.agency,
      '"Closing Date" means May 21, 2015 or such other date as the Corporation and the Agents may agree upon in writing, or as may be changed pursuant to this Agreement;',
    ),
  ),
  q(
    "cross-reference",
    "The agency agreement says the Agents' Fee is 'provided for in Section 1(1)(a)' — what is the fee?",
    "A cash fee of 7.0% of the gross proceeds, set out in the opening paragraphs of the letter (Section 1 is the definitions section); payable at the Closing Time and deductible from the proceeds.",
    s(TB.agency, "The Agents shall be entitled to the fee provided for in Section 1(1)(a)."),
    s(
      TB.agency,
      'the Corporation shall pay to the Agents a cash fee (the "Agents\' Fee") equal to 7.0% of the gross proceeds of the Offering.',
    ),
  ),
  q(
    "multi-document",
    "What does the Lead Agent have to certify at closing about the US sales?",
    "Schedule A requires the Lead Agent and its U.S. Affiliate to deliver a certificate in the form of Exhibit I; in it they certify, among other things, that the U.S. Affiliate is a registered broker-dealer and FINRA member, that offerees were believed to be Accredited Investors, and that no general solicitation or directed selling efforts were used.",
    s(
      TB.agency,
      "At the Closing Time, the Lead Agent, together with its U.S. Affiliate, will provide a certificate, substantially in the form of Exhibit I to this Schedule A relating to the manner of the offer of the Offered Shares in the United States",
    ),
    s(
      TB.certificate,
      "no form of Directed Selling Efforts, General Solicitation or General Advertising was used by us in connection with the offer of the Securities by us in the United States",
    ),
    s(
      TB.certificate,
      "we had reasonable grounds to believe and did believe that each such person was an Accredited Investor",
    ),
  ),
  q(
    "multi-document",
    "Who is the 'U.S. Affiliate' in the Tribute deal and what must it be?",
    "The U.S. registered broker-dealer affiliate of the Lead Agent; in the Exhibit I certificate it confirms it is registered as a broker-dealer under the Exchange Act and applicable state laws and is a FINRA member in good standing.",
    s(
      TB.agency,
      '"U.S. Affiliate" of any Lead Agent means the U.S. registered broker-dealer affiliate of the Lead Agent;',
    ),
    s(
      TB.certificate,
      "a duly registered as a broker-dealer under the U.S. Exchange Act and duly registered as a broker-dealer under the laws of each state where it made offers of Securities (unless exempt from such registration requirements); and (B) a member of and in good standing with the Financial Industry Regulatory Authority, Inc.;",
    ),
  ),
  nid("Is Tribute locked up from issuing more shares for a period after the closing?"),
  nid("Do the agents have an over-allotment option on the Tribute offering?"),
  nid("Is there a right of first refusal for Dundee on Tribute's future financings?"),
]);

const bird = d("edgar-0001861449-23-000002-bird-financing", "tu-bird", [
  q(
    "amendment-precedence",
    "Is the Parent Pledge still in place after Amendment No. 8 to Bird's loan and security agreement?",
    "No; on the Amendment No. 8 Effective Date it terminates automatically (except provisions that expressly survive) and all liens on Parent's assets under it are released.",
    s(
      BIRD.amendment8,
      "On the Amendment No. 8 Effective Date, the Parent Pledge (as defined in the Loan Agreement) shall, without further action, automatically terminate and be of no further force or effect, except for those provisions of the Parent Pledge that by their terms expressly survive such termination.",
    ),
  ),
  q(
    "amendment-precedence",
    "What happened to the Lender Side Letter under Bird's Amendment No. 8?",
    "It terminates automatically in whole on the Amendment No. 8 Effective Date (under its Section 4.4(b)), with no continuing rights or obligations.",
    s(
      BIRD.amendment8,
      "On the Amendment No. 8 Effective Date, the Lender Side Letter (as defined in the Loan Agreement) shall, without further action from the Administrative Agent or any of the Lenders signatory thereto, automatically terminate in whole in accordance with Section 4.4(b) thereof",
    ),
  ),
  q(
    "amendment-precedence",
    "Can the Commitment Termination Date under the Bird loan agreement move after Amendment No. 8?",
    "Yes; from January 1, 2024 the Lenders may have the Agent send a Commitment Notice extending additional Commitments, and on receipt the Commitment Termination Date automatically becomes July 12, 2024 (Schedule I is updated with the new amount).",
    s(
      BIRD.amendment8,
      "On or after January 1, 2024, the Lenders, in their sole discretion, may direct the Administrative Agent to deliver a written notice (the “Commitment Notice”) to the Borrower (which notice may be via e-mail) to extend additional Commitments under the Loan Agreement to the Borrower.",
    ),
    s(
      BIRD.amendment8,
      "the defined term “Commitment Termination Date” in the Amended Loan Agreement shall automatically, without further action of any party, be amended to be July 12, 2024.",
    ),
  ),
  q(
    "amendment-precedence",
    "Which EMEA guaranty is in force for the MidCap loan now?",
    "The Third Amended and Restated EMEA Guaranty and Pledge Agreement of December 30, 2022 by Bird Rides International Holding, which amends and restates the Second Amended and Restated EMEA Guaranty of October 7, 2022.",
    s(
      BIRD.emea,
      "The EMEA Guarantor previously entered into that certain Second Amended and Restated EMEA Guaranty and Pledge Agreement dated as of October 7, 2022 in favor of the Beneficiaries under the Credit Agreement (the “Existing EMEA Guaranty”), and desires to amend and restate the Existing EMEA Guaranty.",
    ),
  ),
  q(
    "amendment-precedence",
    "How was Exhibit F to Bird's loan agreement changed by Amendment No. 8?",
    "It was amended and restated in its entirety, replaced by the exhibit attached as Exhibit C to Amendment No. 8, effective on the Amendment No. 8 Effective Date.",
    s(
      BIRD.amendment8,
      "Exhibit F to the Loan Agreement is hereby amended and restated by deleting such exhibit in its entirety and replacing such exhibit with the exhibit set forth on Exhibit C hereto.",
    ),
  ),
  q(
    "multi-document",
    "Was the amended EMEA guaranty a condition to Bird's Amendment No. 8, and who gave it?",
    "Yes; Section 9(a) requires the executed Third Amended and Restated EMEA Guaranty and Pledge Agreement by Bird Rides International Holding, Inc., and the guaranty recites it is delivered to satisfy that requirement.",
    s(
      BIRD.amendment8,
      "the Third Amended and Restated EMEA Guaranty and Pledge Agreement by Bird Rides International Holding, Inc. in favor of the Beneficiaries (as defined therein) (the “Amended EMEA Guaranty”)",
    ),
    s(
      BIRD.emea,
      "the Borrower is required to provide the Beneficiaries with an amended guarantee duly executed by the EMEA Guarantor, and this EMEA Guaranty is being delivered in satisfaction of such requirement.",
    ),
  ),
  q(
    "multi-document",
    "Does Bird US Holdco guarantee both the MidCap loan and the new notes?",
    "Yes: under Amendment No. 8 Holdco reaffirms its guarantee under the Holdco Guarantee for the loan, and by a separate Guarantee of December 30, 2022 it guarantees the Issuer's obligations under the Note Purchase Agreement (limited to the amount not avoidable under Section 548 of the Bankruptcy Code).",
    s(
      BIRD.amendment8,
      "the Holdco Guarantor hereby confirms, reaffirms, and ratifies its continuing unconditional obligations as a guarantor under the Holdco Guarantee to which it is a party",
    ),
    s(
      BIRD.holdcoNoteGuarantee,
      "This GUARANTEE (the “Guarantee”), dated as of December 30, 2022, made by Bird US Holdco, LLC (the “Guarantor”), is in favor of U.S. Bank Trust Company, National Association, as Collateral Agent",
    ),
  ),
  q(
    "multi-document",
    "Are Bird's new note obligations subordinated to the MidCap loan?",
    "They are subject to the Subordination and Intercreditor Agreement of December 30, 2022 among MidCap (as Administrative Agent) and U.S. Bank Trust Company (as note collateral agent); each note document carries that legend, and the loan agreement defines the Intercreditor Agreement.",
    s(
      BIRD.holdcoNoteGuarantee,
      "THE INDEBTEDNESS EVIDENCED BY THIS INSTRUMENT OR AGREEMENT IS SUBJECT TO THE SUBORDINATION AND INTERCREDITOR AGREEMENT, DATED AS OF DECEMBER 30, 2022, BY AND AMONG, INTER ALIA, MIDCAP FINANCIAL TRUST AND U.S. BANK TRUST COMPANY, NATIONAL ASSOCIATION",
    ),
    s(
      BIRD.amendment8,
      "“Intercreditor Agreement” means the Subordination and Intercreditor Agreement, dated as of the Amendment No. 8 Effective Date, among the several purchasers from time to time party to the Note Purchase Agreement, the Note Collateral Agent, and the Administrative Agent",
    ),
  ),
  q(
    "fact",
    "Is Bird US Holdco's guarantee of the notes capped?",
    "Only by a savings clause: it is limited to the largest amount that would not make it avoidable under Section 548 of the Bankruptcy Code or similar law.",
    s(
      BIRD.holdcoNoteGuarantee,
      "the Guaranteed Obligations of the Guarantor shall be limited to an aggregate amount equal to the largest amount that would not render this Guarantee subject to avoidance under Section 548 of the Bankruptcy Code or any comparable provisions of applicable law.",
    ),
  ),
  q(
    "definition",
    "What does 'Amended Loan Agreement' mean in Bird's Amendment No. 8?",
    "The Loan and Security Agreement as amended by Amendment No. 8.",
    s(BIRD.amendment8, "“Amended Loan Agreement” shall mean the Loan Agreement, as amended by this Agreement."),
  ),
  q(
    "cross-reference",
    "Amendment No. 8 refers to its 'Amendment No. 8 Effective Date' as defined in Section 9 — what has to happen for it?",
    "The date when Section 9's conditions are satisfied or waived, starting with delivery of the executed Amendment Documents: Amendment No. 8, Amendment No. 4 to the Lease Agreement, the Intercreditor Agreement, the Amended EMEA Guaranty and the Note Documents (then organizational documents and the other listed items).",
    s(BIRD.amendment8, "“Amendment No. 8 Effective Date” shall have the meaning provided in Section 9 hereof."),
    s(
      BIRD.amendment8,
      "This Agreement shall become effective on the date (the “Amendment No. 8 Effective Date”) when each of the following conditions shall have been satisfied (or waived, as applicable)",
    ),
  ),
]);

const azul = d("cuad-set-04-azul-atr-maintenance", "tu-azul", [
  q(
    "amendment-precedence",
    "After Amendment No. 1 to the ATR global maintenance agreement, which invoicing terms apply to Azul?",
    "Clause 12.1(ii) of the GMA was cancelled and substituted by the amendment (new text redacted); the rest of Clause 12 continues, and the amendment prevails over any inconsistent GMA term.",
    s(AZ.am1, "Clause 12.1(ii) of the GMA shall be cancelled and substituted as follow:"),
    s(
      AZ.am1,
      "In case of any inconsistency between the terms of the GMA and this Amendment regarding the subject-matter, the latter shall prevail.",
    ),
  ),
  q(
    "amendment-precedence",
    "Was the price adjustment clause in Exhibit 14 of the Azul–ATR GMA changed?",
    "Yes; Amendment No. 1 cancelled and replaced Clause 3.2 of Exhibit 14 (prices modified 'every [*****]' at the Clause 11 reconciliation if Standard Operations move beyond a redacted band); the original Clause 3.2 said prices are modified '[*****]' on the same basis.",
    s(
      AZ.am1,
      'Clause 3.2 of the Exhibit 14 of the GMA shall be cancelled and substituted as follow: "3.2 Technical conditions for prices adjustment The prices set out in this Exhibit 14 shall be modified every [*****] at the occasion of the invoicing reconciliation pursuant to Clause 11 ("Reconciliation")',
    ),
    s(
      AZ.gma,
      '3.2 Technical conditions for prices adjustment The prices set out in this Exhibit 14 shall be modified [*****] at the occasion of the invoicing reconciliation pursuant to Clause 11 ("Reconciliation")',
    ),
  ),
  q(
    "multi-document",
    "How long does Amendment No. 1 to Azul's maintenance agreement stay in force, and when does the GMA's Term end?",
    "From signature by both parties for the term of the GMA (unless changed by a later amendment); the GMA's Term runs from the Signing Date to the End Date.",
    s(
      AZ.am1,
      "This Amendment shall enter into force on the date of its signature by both Parties and, unless otherwise agreed upon in writing by the Parties through a subsequent amendment to the GMA, shall remain in force for the term of the referenced GMA.",
    ),
    s(AZ.gma, '"Term" means the period of time starting from the Signing Date and ending on the End Date;'),
  ),
  q(
    "multi-document",
    "How are disputes with ATR resolved under the maintenance agreement and its amendment?",
    "Both apply New York law (under GOL 5-1401) and, after an amicable settlement committee, ICC arbitration before three arbitrators seated in New York, in English.",
    s(
      AZ.gma,
      "shall be governed by, and construed in accordance with, the laws of the State of New York, U.S.A. as applied to contracts to be performed wholly within the State of New York (Exclusive of Section 7-101 of the New York General Obligations Law which is inapplicable to this Agreement).",
    ),
    s(
      AZ.am1,
      'the Dispute shall be exclusively and finally settled under the Rules and Conciliation of Arbitration of the International Chamber of Commerce (the "ICC") by an arbitral tribunal composed of three (3) arbitrators',
    ),
    s(
      AZ.am1,
      "shall take place in New York, U.S.A, and the language to be used in the arbitral proceedings shall be English",
    ),
  ),
  q(
    "fact",
    "Can Azul terminate the ATR maintenance agreement for convenience?",
    "Yes, if not in breach, by notice of termination, after a (redacted) notice period; ATR then invoices an early termination fee (amount redacted).",
    s(
      AZ.gma,
      "subject to not being in breach of any of its obligation under the Agreement, the Company may terminate this Agreement for convenience by way of Notice of termination",
    ),
  ),
  q(
    "fact",
    "How long does the confidentiality clause in the ATR amendment survive?",
    "Five years after termination or expiry (the End Date).",
    s(
      AZ.am1,
      "This Clause 4 shall survive termination or expiry of this Amendment for a period of five (5) years following such End Date.",
    ),
  ),
  q(
    "definition",
    "Which aircraft does the Azul–ATR maintenance agreement cover?",
    "The 'Aircraft': the ATR aircraft listed in Exhibit 1, as amended from time to time by notice from the Repairer to cover further ATR aircraft.",
    s(
      AZ.gma,
      '"Aircraft" means collectively or individually as the context requires the ATR aircraft listed in Exhibit 1 ("List of ATR Aircraft covered under this Agreement"), amended from time to time by way of notice sent to the Company , as relevant, by Repairer',
    ),
  ),
  q(
    "cross-reference",
    "The price adjustment happens at the reconciliation under Clause 11 — what is reconciled there?",
    "Periodically (interval redacted) the parties record actual flight hours and cycles and reconcile the amount due to ATR against what Azul already paid under Clause 12.1(ii), with an additional invoice or credit for the difference.",
    s(AZ.am1, 'at the occasion of the invoicing reconciliation pursuant to Clause 11 ("Reconciliation")'),
    s(
      AZ.gma,
      "the Parties will record the actual number of FH and Cycles [*****] of the preceding [*****] period, in order to reconcile (i) the amount effectively due to the Repairer with (ii) the total amount already paid by the Company",
    ),
  ),
  nid("Does the ATR maintenance agreement stop either side from poaching the other's staff?"),
  nid("Does ATR give Azul most-favoured-customer pricing?"),
]);

const cardlytics = d("cuad-set-06-cardlytics-bofa", "tu-cardlytics", [
  q(
    "multi-document",
    "Which Cardlytics software did the March 2011 addendum bring under the Bank of America agreement, and what does BofA pay for it?",
    "The Supplier Offer Placement System (Cardlytics OPS version 3.0), added by the March 3, 2011 schedule incorporating Schedule A; under Schedule A the software license and maintenance are provided at no charge.",
    s(CL.addendum, "WHEREAS, the parties desire to add to the SLCMA the Supplier Offer Placement System Software;"),
    s(CL.scheduleA, "Cardlytics OPS (Offer Placement System) Version 3.0"),
    s(CL.scheduleA, "The Software License and Maintenance will be provided at no charge."),
  ),
  q(
    "multi-document",
    "Can Bank of America stop paid maintenance on the Cardlytics software, and what does restarting it cost?",
    "Yes; Schedule A lets BofA terminate Maintenance Services for convenience at any time under the agreement's Termination section and reinstate them without a reinstatement fee; the agreement lets BofA terminate an Order for convenience on 45 days' notice.",
    s(
      CL.scheduleA,
      "If Bank of America terminates the Maintenance Services, Bank of America shall have the right to reinstate the Maintenance Services without paying any reinstatement fee.",
    ),
    s(
      CL.slcma,
      "Bank of America may terminate this Agreement, an Order and/or any Customization Schedule(s) for its convenience, without cause, at any time without further charge or expense upon at least forty-five (45) calendar days prior written notice to Supplier.",
    ),
  ),
  q(
    "fact",
    "How long does the Bank of America software license agreement with Cardlytics last?",
    "Perpetually from the Effective Date unless terminated under the Termination section.",
    s(
      CL.slcma,
      'This Agreement shall apply and remain in effect from the Effective Date and perpetually thereafter unless terminated pursuant to the Section entitled "Termination."',
    ),
  ),
  q(
    "fact",
    "What governing law and courts apply to the Cardlytics SLCMA?",
    "North Carolina law, with exclusive jurisdiction of North Carolina courts (subject to the mediation/arbitration section).",
    s(
      CL.slcma,
      "This Agreement shall be governed by the internal laws, and not by the laws regarding conflicts of laws, of the State of North Carolina.",
    ),
  ),
  q(
    "fact",
    "What fidelity bond does Cardlytics have to carry for Bank of America?",
    "Fidelity bond or crime coverage for employee dishonesty of at least $5,000,000, with BofA named as loss payee.",
    s(
      CL.slcma,
      "shall maintain Fidelity Bond or Crime coverage for the dishonest acts of its employees in a minimum amount of $5,000,000",
    ),
  ),
  q(
    "fact",
    "Who owns the work product Cardlytics creates for Bank of America?",
    "Bank of America, exclusively; Cardlytics assigns all rights and the work product is deemed work made for hire to the extent permitted.",
    s(
      CL.slcma,
      "Bank of America will own exclusively all Work Product and Supplier hereby assigns to Bank of America all right, title and interest (including all Intellectual Property Rights) in the Work Product.",
    ),
  ),
  q(
    "definition",
    "How is 'Affiliate' defined in the Bank of America–Cardlytics agreement?",
    "An entity now or later controlled by, controlling or under common control with a party, control meaning ownership of 50% or more of the voting equity.",
    s(
      CL.slcma,
      "Affiliate - a business entity now or hereafter controlled by, controlling or under common control with a Party. Control exists when an entity owns or controls directly or indirectly 50% or more of the outstanding equity representing the right to vote for the election of directors or other managing authority of another entity.",
    ),
  ),
  q(
    "cross-reference",
    "BofA can't use the escrowed source code until a Release Condition under Section 8.6 occurs — what are those?",
    "Cardlytics defaulting on maintenance, ceasing to maintain the Software, ceasing business or insolvency/bankruptcy/receivership, or BofA terminating the agreement for cause.",
    s(
      CL.slcma,
      "Until a Release Condition (as defined in Section 8.6) occurs and the conditions of Section 8.7 have been satisfied, Bank of America shall not permit access to or use of the Source Code, except as expressly provided herein.",
    ),
    s(
      CL.slcma,
      "(a) Supplier defaults on any of its maintenance obligations herein; (b) Supplier ceases to provide maintenance for the Software; (c) Supplier ceases doing business in the ordinary course, files or has filed against it a petition under bankruptcy Code, becomes insolvent or has a receiver appointed for all or a substantial part of its business; or (d) Bank of America terminates this Agreement for cause pursuant to the terms hereof.",
    ),
  ),
  q(
    "cross-reference",
    "The governing law clause defers to the 'Mediation/Arbitration' section — what does that require?",
    "Non-binding mediation in Charlotte, N.C. before an attorney or retired judge in banking/IT law, then arbitration by one independent arbitrator at a party's request; IP infringement and confidentiality disputes are excluded.",
    s(
      CL.slcma,
      'This provision shall not be construed to conflict with the provisions of the Section entitled "Mediation/Arbitration."',
    ),
    s(CL.slcma, "the Parties will in good faith attempt to resolve such dispute through non-binding mediation."),
    s(
      CL.slcma,
      "Any controversy or claim, other than those specifically excluded, between or among the Parties not resolved through mediation under the preceding provision, shall at the request of a Party be determined by arbitration.",
    ),
  ),
  nid("What are the fees for customizations under the Cardlytics customization schedule?"),
  nid("Is there a dollar cap on Cardlytics' total liability to Bank of America?"),
]);

const pizzaFusion = d("cuad-set-10-pizza-fusion-franchise", "tu-pizzafusion", [
  q(
    "fact",
    "What are the up-front fee and the royalty under the Pizza Fusion franchise agreement?",
    "A $30,000 initial franchise fee, fully earned and non-refundable, and a royalty of 6% of Gross Revenues paid weekly.",
    s(PF.franchise, "You must pay us an initial franchise fee of $30,000 when you sign this Agreement."),
    s(PF.franchise, 'You must pay us a royalty fee ("Royalty") equal to six percent (6%) of your Gross Revenues.'),
  ),
  q(
    "fact",
    "How long is a Pizza Fusion franchise and can the franchisee continue after it ends?",
    "Ten years from the Agreement Date, with an option for two further ten-year terms under the then-current Successor Franchise Agreement, on notice 9 to 12 months before expiry.",
    s(
      PF.franchise,
      'This Agreement expires ten (10) years from the Agreement Date (the "Term"), unless it is terminated sooner as provided in other sections of this Agreement.',
    ),
    s(
      PF.franchise,
      "When this Agreement expires, you will have the option to continue the franchise relationship with us for two (2) additional terms of ten (10) years each.",
    ),
  ),
  q(
    "fact",
    "What does a Pizza Fusion franchisee owe if the franchise is terminated for its default?",
    "Liquidated damages: the average monthly Royalty and Advertising Contributions over the last 60 months before the default notice (or months operated, if fewer) times the lesser of 60 or the months left in the term.",
    s(
      PF.franchise,
      "If this Agreement is terminated due to your default, you must, upon written demand, pay us a lump-sum payment in an amount calculated as follows: (a) the average of your Royalty fees and Advertising Contributions due for the last 60 months before our delivery of notice of default (or, if lesser, the months you had been operating before our delivery of notice of default), (b) multiplied by the lesser of 60 or the number of months remaining in the term of this Agreement.",
    ),
  ),
  q(
    "fact",
    "Where are Pizza Fusion franchise disputes mediated and litigated, and under which law?",
    "Florida law; non-binding mediation first, in the city of the franchisor's principal offices, then suit in the federal or state court where the franchisor's principal office is.",
    s(
      PF.franchise,
      "This Agreement and the relationship between the parties is governed by and will be construed exclusively in accordance with the laws of the State of Florida",
    ),
    s(
      PF.franchise,
      "The mediation will take place in the city where our principal offices are located at the time the demand for mediation is filed.",
    ),
  ),
  q(
    "fact",
    "By when must a Pizza Fusion franchisee open?",
    "By the Opening Deadline in Appendix A, which is nine months after the Agreement Date unless otherwise agreed.",
    s(
      PF.franchise,
      "[Unless, otherwise agreed upon, the Opening Deadline will be nine months after the Agreement Date]",
    ),
  ),
  q(
    "definition",
    "What counts as Gross Revenues for Pizza Fusion royalties?",
    "All revenue and other income from the Franchised Business, including business interruption insurance proceeds, cash or credit, excluding coupon sales, customer refunds and sales taxes collected and remitted.",
    s(
      PF.franchise,
      '"Gross Revenues" means all revenue from the sale of all services and products and all other income of every kind and nature related to, derived from, or originating from the Franchised Business, including proceeds of any business interruption insurance policies, whether for cash or credit, and regardless of collection in the case of credit;',
    ),
  ),
  q(
    "definition",
    "What is a 'Competitive Business' under the Pizza Fusion agreement?",
    "A business that operates, or franchises or licenses others to operate, a restaurant featuring pizza and related food specialties, or that offers products or services substantially similar to those of Pizza Fusion Restaurants.",
    s(
      PF.franchise,
      'a restaurant featuring pizza and related food specialties or that offers products or services substantially similar to those then offered by Restaurants ("Competitive Business")',
    ),
  ),
  q(
    "cross-reference",
    "Section 17.3 says the employee covenants must be in the form in Appendix C — what does that form bind an employee to after they leave?",
    "Under Appendix C, for a two-year Post-Term Period the employee may not be involved in a Competitive Business within three miles of the franchised premises or any operating or planned Pizza Fusion restaurant, and must keep the franchisor's Confidential Information confidential.",
    s(
      PF.franchise,
      "The covenants required by this Section 17.3 [Owners and Employees] shall be in the form provided in Appendix C to this Agreement.",
    ),
    s(
      PF.appendixC,
      "Member covenants and agrees that during the Post-Term Period (defined below), except as otherwise approved in writing by Franchisor, Member shall not, either directly or indirectly, own, manage, engage in, be employed by, advise, make loans to, consult for, or have any other interest in any Competitive Business that is, or intends to operate, within a three (3) mile radius of the premises of your Franchised Business",
    ),
  ),
  q(
    "cross-reference",
    "Advertising Contributions are 'as described in Section 9.1' — what does 9.1 say, and how much do we contribute?",
    "Section 9.1 lets the franchisor establish a Marketing Fund (it need not) and points back to Section 3.3 for the contribution, which is 3% of Gross Revenues for the preceding Period while the fund is in effect.",
    s(
      PF.franchise,
      "During any Period that the Marketing Fund (as defined in Section 9.1 [Pizza Fusion Marketing Fund] below) is in effect, you must make a contribution as described in Section 9.1 [Pizza Fusion Marketing Fund] below equal to three percent (3%) of your Gross Revenues for the preceding Period.",
    ),
    s(
      PF.franchise,
      'We have the right, but not the obligation, to establish, maintain, and administer a fund for the marketing of the "Pizza Fusion" brand and Restaurants (the "Marketing Fund"). You must contribute each Period (commencing from the time we establish the Marketing Fund) to the Marketing Fund as provided in Section 3.3 [Advertising Contributions].',
    ),
  ),
  q(
    "multi-document",
    "Do the franchisee and its employees have the same post-term non-compete in the Pizza Fusion system?",
    "Essentially yes: the franchisee is barred for two years after expiry, termination or transfer from Competitive Businesses within three miles of its premises or any Pizza Fusion restaurant (Section 17.2); the Appendix C employee agreement imposes a two-year Post-Term Period with the same three-mile radius.",
    s(
      PF.franchise,
      "For two (2) years after the expiration or termination of this Agreement or an approved Transfer to a new franchisee, you may not directly or indirectly own, manage, engage in, be employed by, advise, make loans to, consult for, or have any other interest in any Competitive Business that is, or intends to operate, within three (3) mile radius of the Premises of your Franchised Business",
    ),
    s(
      PF.appendixC,
      'the term "Post-Term Period" shall mean a continuous uninterrupted period of two (2) years from the date of:',
    ),
  ),
  q(
    "multi-document",
    "Can Pizza Fusion itself enforce the non-compete signed by a franchisee's employee?",
    "Yes; Appendix C makes the franchisor an intended third-party beneficiary with the right to enforce it, and the franchise agreement requires the franchisee to obtain those covenants (failure is a default without cure).",
    s(
      PF.appendixC,
      "Member hereby acknowledges and agrees that Franchisor is an intended third-party beneficiary of this Agreement with the right to enforce it, independently or jointly with Franchisee.",
    ),
    s(
      PF.franchise,
      "Failure by Franchisee to obtain execution of a covenant required by this Section 17.3 [Owners and Employees] shall constitute a default under Section 15.2.13 [Termination By Us Without A Cure Period] above.",
    ),
  ),
  q(
    "fact",
    "If a Pizza Fusion franchisee finds a buyer, can the franchisor step in and buy instead?",
    "Yes; under its right of first refusal (Section 14.8) the franchisor may, within 30 days after the transfer notice, elect to purchase the interest on the same terms, and may assign that right.",
    s(
      PF.franchise,
      "14.8. Our Right of First Refusal. We have the right, exercisable within thirty (30) days after receipt of the notice specified in Section 14.2 [No Transfer without Our Prior Written Consent], to send written notice to you that we intend to purchase the interest proposed to be Transferred.",
    ),
  ),
  q(
    "fact",
    "Does a Pizza Fusion franchisee get an exclusive territory?",
    "No; the rights granted are not exclusive, and the franchisor and its affiliates reserve the right to do business anywhere, subject to the limits in Section 1.3.",
    s(
      PF.franchise,
      "1.3. Our Limitations and Our Reserved Rights. The rights granted to you under this Agreement are not exclusive.",
    ),
  ),
  q(
    "fact",
    "What general liability cover must a Pizza Fusion franchisee carry?",
    "At least $1,000,000 per person/per occurrence for bodily injury and property damage combined, with a $3,000,000 general aggregate, naming the franchisor as additional insured.",
    s(
      PF.franchise,
      "commercial general liability insurance, completed-operations and independent-contractors coverage in the amount of $1,000,000, per person/per occurrence for bodily injury and property damage combined with a general aggregate of $3,000,000.",
    ),
  ),
  nid("Is there a minimum annual sales quota for a Pizza Fusion franchisee?"),
]);

export const tests = [
  ...bellring,
  ...pcquote,
  ...kubient,
  ...urban,
  ...antonPaar,
  ...scansource,
  ...tribute,
  ...bird,
  ...azul,
  ...cardlytics,
  ...pizzaFusion,
];
