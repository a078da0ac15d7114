import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Two groups' contracts written as plain text, for the tests that check what one principal sees with and
 * without the other group's documents stored. Beta's look like alpha's on purpose: the same kinds (a
 * credit agreement and its amendment), the same file names in another folder, the same clause headings
 * and most of the same words; each side also has words of its own (`markers`), which the other side must
 * never find, directly or through ids, counts or messages. Deterministic: one seed, one corpus.
 */
export interface TwoPrincipalCorpus {
  alphaDir: string;
  betaDir: string;
  /** Words that occur in alpha's documents only, and in beta's only. */
  markers: { alpha: string[]; beta: string[] };
  /** Words both sides use. */
  shared: string[];
}

/** A small seeded generator (mulberry32): the same seed gives the same corpus and the same questions. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

const SHARED = [
  "borrower",
  "lender",
  "interest",
  "termination",
  "notice",
  "collateral",
  "covenant",
  "default",
  "indemnification",
  "confidential",
  "payment",
  "maturity",
];

interface Party {
  lender: string;
  borrower: string;
  law: string;
  /** Words only this side's documents use. */
  markers: string[];
}

const ALPHA: Party = {
  lender: "Northwind Bank",
  borrower: "Harbor Foods Inc.",
  law: "New York",
  markers: ["zephyrine", "quillmoor", "brackenfell", "ostravine"],
};
const BETA: Party = {
  lender: "Eastgate Capital",
  borrower: "Pinecrest Mining Corp.",
  law: "Delaware",
  markers: ["vantorium", "glimmerset", "oxbowline", "tarrowind"],
};

function creditAgreement(p: Party, random: () => number): string {
  const m = (i: number) => p.markers[i % p.markers.length] as string;
  const amount = `$${(10 + Math.floor(random() * 80)) * 1_000_000}`.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return [
    "CREDIT AGREEMENT",
    "",
    `This CREDIT AGREEMENT is dated as of January 15, 2020 between ${p.lender} (the "Lender") and ${p.borrower} (the "Borrower").`,
    "",
    "ARTICLE I DEFINITIONS",
    "",
    `Section 1.1 Defined Terms. "Commitment" means the obligation of the Lender to make loans up to ${amount}. "Collateral" means the ${m(0)} assets pledged by the Borrower.`,
    "",
    "ARTICLE II THE LOANS",
    "",
    `Section 2.1 Commitment. The Lender agrees to make loans to the Borrower in an aggregate amount not to exceed ${amount}, secured by the ${m(1)} collateral.`,
    "",
    `Section 2.2 Interest. Each loan bears interest at a rate of ${3 + Math.floor(random() * 5)}.25% per annum, payable quarterly on each payment date.`,
    "",
    `Section 2.3 Maturity. All loans mature on the fifth anniversary of the closing date, when payment in full of the ${m(2)} obligations is due.`,
    "",
    "ARTICLE III COVENANTS",
    "",
    `Section 3.1 Notice. The Borrower shall give the Lender written notice of any default within ten days, delivered to the ${m(3)} office.`,
    "",
    "Section 3.2 Confidential Information. Each party shall keep confidential all information received from the other party, except as required by law.",
    "",
    "ARTICLE IV MISCELLANEOUS",
    "",
    "Section 4.1 Termination. The Lender may terminate the commitment upon an event of default under Section 3.1.",
    "",
    `Section 4.2 Governing Law. This Agreement shall be governed by the laws of the State of ${p.law}.`,
    "",
    `Section 4.3 Indemnification. The Borrower shall indemnify the Lender against all losses arising from the ${m(0)} collateral.`,
    "",
  ].join("\n");
}

function amendment(p: Party, random: () => number): string {
  const m = (i: number) => p.markers[i % p.markers.length] as string;
  return [
    "FIRST AMENDMENT TO CREDIT AGREEMENT",
    "",
    `This FIRST AMENDMENT TO CREDIT AGREEMENT is dated as of June 1, 2021 between ${p.lender} (the "Lender") and ${p.borrower} (the "Borrower"), and amends the Credit Agreement dated as of January 15, 2020 between them.`,
    "",
    `Section 1. Amendment to Section 2.2. Section 2.2 of the Credit Agreement is amended so that each loan bears interest at a rate of ${6 + Math.floor(random() * 3)}.50% per annum, payable monthly on the ${m(1)} payment date.`,
    "",
    `Section 2. Amendment to Section 3.1. Section 3.1 of the Credit Agreement is amended so that notice of any default is given within five days, delivered to the ${m(2)} office.`,
    "",
    `Section 3. Effect. Except as amended hereby, the Credit Agreement remains in full force and effect. The ${m(3)} covenant is unchanged.`,
    "",
  ].join("\n");
}

function sideDocument(p: Party, kind: "supply" | "license"): string {
  const m = (i: number) => p.markers[i % p.markers.length] as string;
  const title = kind === "supply" ? "SUPPLY AGREEMENT" : "LICENSE AGREEMENT";
  return [
    title,
    "",
    `This ${title} is made between ${p.borrower} (the "Company") and ${p.lender} (the "Counterparty").`,
    "",
    `Section 1. Scope. The Company shall deliver the ${m(0)} goods described in the schedule, subject to payment within thirty days.`,
    "",
    `Section 2. Term and Termination. This agreement runs for three years; either party may terminate it on ninety days' notice delivered to the ${m(3)} office.`,
    "",
    `Section 3. Confidentiality. The ${m(1)} specifications are confidential and shall not be disclosed to any third party.`,
    "",
    `Section 4. Governing Law. This agreement is governed by the laws of the State of ${p.law}.`,
    "",
  ].join("\n");
}

/**
 * Writes alpha's corpus (a credit agreement, its first amendment, a supply agreement) under
 * `root/alpha` and beta's (a credit agreement and its amendment under the same file names, a license
 * agreement) under `root/beta`.
 */
export function writeTwoPrincipalCorpus(root: string, seed: number): TwoPrincipalCorpus {
  const random = seededRandom(seed);
  const alphaDir = join(root, "alpha");
  const betaDir = join(root, "beta");
  mkdirSync(alphaDir, { recursive: true });
  mkdirSync(betaDir, { recursive: true });
  writeFileSync(join(alphaDir, "credit-agreement.txt"), creditAgreement(ALPHA, random));
  writeFileSync(join(alphaDir, "credit-agreement-amendment.txt"), amendment(ALPHA, random));
  writeFileSync(join(alphaDir, "supply-agreement.txt"), sideDocument(ALPHA, "supply"));
  writeFileSync(join(betaDir, "credit-agreement.txt"), creditAgreement(BETA, random));
  writeFileSync(join(betaDir, "credit-agreement-amendment.txt"), amendment(BETA, random));
  writeFileSync(join(betaDir, "license-agreement.txt"), sideDocument(BETA, "license"));
  return { alphaDir, betaDir, markers: { alpha: [...ALPHA.markers], beta: [...BETA.markers] }, shared: SHARED };
}
