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

export const deals: Deals = {
  "cuad-set-00-bellring-stremicks": [BR.base, BR.am1, BR.am2, BR.am3],
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

export const tests = [...bellring];
