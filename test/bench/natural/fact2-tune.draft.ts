/**
 * A second tuning half of fact questions (stop 53: held-out fact questions are met with silence for 15 of 43, and its
 * rows are not read), as written: quotes, not offsets. Written 2026-12-06 (night) before lexnav was run on it, over
 * deals no other half uses (checked against every half's scope files without reading their questions): the InSite
 * Vision–Sun Pharma mutual NDA (ContractNLI), Bloom Energy's master operation and maintenance agreement with Diamond
 * State Generation (CUAD), Landsea Homes' sixth amendment to its Western Alliance credit agreement and Cactus
 * Wellhead's second amended and restated operating agreement (EDGAR), so the bench spans contractnli+cuad+edgar and
 * is served by the whole-corpus store. Asked as a lawyer on the deal asks, naming the deal by a party or its kind.
 * `pnpm exec tsx test/bench/natural/locate.ts --build test/bench/natural/fact2-tune.draft.ts test/bench/natural/fact2-tune.json`
 */
import { type Deals, d, q, s } from "./draft.ts";

const SUN = "contractnli/802724_0001193125-15-331613_d96542dex99d5.htm.txt";
const BLOOM = "cuad/BloomEnergyCorp_20180321_DRSA (on S-1)_EX-10_11240356_EX-10_Maintenance Agreement.txt";
const LANDSEA = "edgar/0001731122-23-000003_2.html";
const CACTUS = "edgar/0001699136-23-000003_3.html";

export const deals: Deals = {
  "nda-insite-vision-sun-pharma": [SUN],
  "cuad-bloom-diamond-state-operation-maintenance": [BLOOM],
  "edgar-0001731122-23-000003-landsea-sixth-amendment": [LANDSEA],
  "edgar-0001699136-23-000003-cactus-wellhead-llc-agreement": [CACTUS],
};

const FACT = "fact" as const;

export const tests = [
  ...d("nda-insite-vision-sun-pharma", "f2t-sun", [
    q(
      FACT,
      "How long is Sun Pharma's standstill under its NDA with InSite Vision?",
      "Six months from the date of the agreement (the Standstill Period).",
      s(SUN, "“Standstill Period” means the six months period commencing on the date of this Agreement."),
    ),
    q(
      FACT,
      "Which state's law governs the InSite Vision–Sun Pharma NDA?",
      "Delaware law, without regard to conflict-of-law rules.",
      s(SUN, "This Agreement shall be governed by and construed in accordance with the laws of the State of Delaware"),
    ),
    q(
      FACT,
      "Can InSite Vision recruit Sun Pharma employees it met during the talks?",
      "Not for six months from the date of the agreement: neither party may solicit for employment officers or employees of the other it had contact with during the evaluation.",
      s(
        SUN,
        "for a period of six months from the date of this Agreement, such Party will not, directly or indirectly, solicit for employment with such Party or any of its Affiliates, any of the officers or employees of the other Party",
      ),
    ),
    q(
      FACT,
      "If the talks end, what does Sun Pharma have to do with InSite Vision's materials?",
      "As the disclosing party directs, promptly deliver back at its own expense or destroy all the Confidential Information furnished to it and its Representatives.",
      s(
        SUN,
        "the Receiving Party will as directed by the Disclosing Party promptly deliver, at the Receiving Party’s expense, to the Disclosing Party or destroy all Confidential Information furnished to the Receiving Party",
      ),
    ),
    q(
      FACT,
      "Who pays the lawyers if InSite Vision sues Sun Pharma over a breach of the NDA?",
      "The party a court finds in breach pays the other's reasonable legal fees; if neither breached, each pays its own.",
      s(
        SUN,
        "then such Party will be liable and pay to the other Party the reasonable legal fees incurred by the other Party in connection with such litigation",
      ),
    ),
  ]),
  ...d("cuad-bloom-diamond-state-operation-maintenance", "f2t-bloom", [
    q(
      FACT,
      "When does Bloom's operation and maintenance agreement with Diamond State start and end?",
      "It starts on the first day of the Warranty Period of the first Bloom System to reach Commencement of Operation and ends on the last day of the Warranty Period of the last one, unless terminated earlier or extended.",
      s(
        BLOOM,
        'The term of this Agreement (the "Term") (a) shall commence on the first day of the Warranty Period for the first Bloom System to achieve Commencement of Operation',
      ),
    ),
    q(
      FACT,
      "Which law governs the Bloom Energy maintenance agreement?",
      "New York law, without regard to conflicts principles (other than Section 5-1401 of the New York General Obligations Law).",
      s(
        BLOOM,
        "THIS AGREEMENT SHALL BE GOVERNED BY AND INTERPRETED IN ACCORDANCE WITH THE LAWS OF THE STATE OF NEW YORK",
      ),
    ),
    q(
      FACT,
      "When are Bloom's service fees invoiced and when must Diamond State pay them?",
      "Invoiced no later than thirty days before the end of the month of each Commencement of Operations anniversary, and payable within thirty days of invoice.",
      s(
        BLOOM,
        "the Service Fees shall be invoiced not later than thirty (30) days prior to the end of the calendar month in which the anniversary of the date of Commencement of Operations for such Bloom System occurred, and shall be payable within thirty (30) days of invoice",
      ),
    ),
    q(
      FACT,
      "What interest runs on Bloom service fees paid late?",
      "Interest accrues daily at the lesser of 1.5% a month and the highest rate the law permits, on the unpaid balance.",
      s(
        BLOOM,
        "Interest shall accrue daily on the Service Fees not paid when due, at the lesser of the monthly rate of one and five-tenths percent (1.5%)",
      ),
    ),
    q(
      FACT,
      "Can Diamond State end the maintenance agreement if Bloom defaults as operator?",
      "Yes: for an Operator Default under Section 4.1(a)(i) or (iii) the Owner may terminate by written notice; for one under Section 4.1(a)(ii), only for the Bloom Systems affected.",
      s(
        BLOOM,
        "If an Operator Default has occurred under Section 4.1(a)(i) or (a)(iii), Owner may terminate this Agreement by written notice",
      ),
    ),
  ]),
  ...d("edgar-0001731122-23-000003-landsea-sixth-amendment", "f2t-landsea", [
    q(
      FACT,
      "Which state's law governs Landsea's sixth amendment with Western Alliance?",
      "Arizona law.",
      s(LANDSEA, "shall be governed by, and construed in accordance with, the laws of the State of Arizona"),
    ),
    q(
      FACT,
      "When did Landsea's sixth amendment become effective?",
      "On the date the conditions precedent in the amendment were satisfied (the Amendment Effective Date).",
      s(
        LANDSEA,
        "This Amendment shall become effective as of the date on which the following conditions precedent are satisfied (such date, the “Amendment Effective Date”)",
      ),
    ),
  ]),
  ...d("edgar-0001699136-23-000003-cactus-wellhead-llc-agreement", "f2t-cactus", [
    q(
      FACT,
      "Which operating agreement did Cactus Wellhead's December 2022 LLC agreement replace?",
      "The First Amended and Restated Limited Liability Company Operating Agreement, effective February 12, 2018 (the Existing LLC Agreement).",
      s(
        CACTUS,
        "the Company was governed by the First Amended and Restated Limited Liability Company Operating Agreement of the Company (the “Existing LLC Agreement”), which was effective as of February 12, 2018",
      ),
    ),
  ]),
];
