/**
 * A small credit deal written as plain text: a base agreement with a definitions section, a first
 * amendment that restates the interest provision and a definition, and a side letter that defines a
 * term the base agreement uses. Each instrument other than the base has words of its own (`markers`),
 * so a test can tell whether anything of it reached an answer.
 */
export const TRUST_DEAL = {
  base: {
    fileName: "larkspur-credit-agreement.txt",
    title: "CREDIT AGREEMENT",
    text: [
      "CREDIT AGREEMENT",
      "",
      'This CREDIT AGREEMENT is dated as of March 3, 2022 between Larkspur Bank, N.A. (the "Lender") and Tessellate Foods Inc. (the "Borrower").',
      "",
      "ARTICLE I DEFINITIONS",
      "",
      "Section 1.1 Defined Terms. As used in this Agreement, the following terms have the following meanings:",
      "",
      '"Applicable Margin" means 2.25% per annum.',
      "",
      '"Maturity Date" means March 3, 2027.',
      "",
      "ARTICLE II THE LOANS",
      "",
      "Section 2.1 Commitment. The Lender agrees to make loans to the Borrower in an aggregate amount not to exceed $40,000,000.",
      "",
      "Section 2.2 Interest. Each loan bears interest at the Base Rate plus the Applicable Margin, payable quarterly in arrears on each payment date.",
      "",
      "Section 2.3 Commitment Fee. The Borrower shall pay a commitment fee on the unused commitment, except during the Fee Holiday (as defined in the letter agreement of even date between the Lender and the Borrower).",
      "",
      "ARTICLE III MISCELLANEOUS",
      "",
      "Section 3.1 Governing Law. This Agreement shall be governed by the laws of the State of New York.",
      "",
      "Section 3.2 Notices. All notices shall be given in writing to the addresses of the parties.",
      "",
    ].join("\n"),
    markers: [],
  },
  amendment: {
    fileName: "quorvant-first-amendment.txt",
    title: "FIRST AMENDMENT TO CREDIT AGREEMENT",
    text: [
      "FIRST AMENDMENT TO CREDIT AGREEMENT",
      "",
      'This FIRST AMENDMENT TO CREDIT AGREEMENT is dated as of September 1, 2023 between Larkspur Bank, N.A. (the "Lender") and Tessellate Foods Inc. (the "Borrower"), and amends the Credit Agreement dated as of March 3, 2022 between them.',
      "",
      'Section 1. Amendment to Section 2.2. Section 2.2 of the Credit Agreement is hereby amended and restated in its entirety to read as follows: "Each loan bears interest at the Base Rate plus the Applicable Margin, payable monthly into the Quorvant collection account."',
      "",
      'Section 2. Amendment to Definitions. The definition of "Applicable Margin" in Section 1.1 of the Credit Agreement is amended and restated to read as follows: ""Applicable Margin" means 3.75% per annum, the Brindlewick step-up rate."',
      "",
      "Section 3. Effect. Except as amended hereby, the Credit Agreement remains in full force and effect.",
      "",
    ].join("\n"),
    markers: ["quorvant", "brindlewick", "3.75%", "monthly"],
  },
  sideLetter: {
    fileName: "marrowgate-side-letter.txt",
    title: "SIDE LETTER",
    text: [
      "SIDE LETTER",
      "",
      "March 3, 2022",
      "",
      "Larkspur Bank, N.A. to Tessellate Foods Inc., in connection with the Credit Agreement dated as of March 3, 2022 between them.",
      "",
      "1. Definitions.",
      "",
      '"Fee Holiday" means the period of six months after the closing date during which no commitment fee accrues on the Marrowgate facility.',
      "",
      "2. Confidentiality. The terms of this letter are confidential and shall not be disclosed to any third party.",
      "",
    ].join("\n"),
    markers: ["marrowgate", "six months"],
  },
} as const;

/** One instrument of the deal. */
export type TrustInstrument = keyof typeof TRUST_DEAL;
