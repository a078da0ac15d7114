// An edit that names one definition targets that definition's entry only, wherever the definitions sit.
import { describe, expect, it } from "vitest";
import { amendmentEdits, provisionsInForce } from "./amendment-edits.ts";
import { transactionMemberFromText } from "./text-member.ts";

const OPENING =
  'This CREDIT AGREEMENT is dated as of March 3, 2022 between Larkspur Bank, N.A. (the "Lender") and Tessellate Foods Inc. (the "Borrower").';

const base = (definitions: string[]) =>
  [
    "CREDIT AGREEMENT",
    "",
    OPENING,
    "",
    "ARTICLE I DEFINITIONS",
    "",
    ...definitions,
    "",
    "ARTICLE II THE LOANS",
    "",
    "Section 2.1 Interest. Each loan bears interest at the Base Rate plus the Applicable Margin.",
    "",
    "Section 2.2 Notices. All notices shall be given in writing.",
    "",
  ].join("\n");

const AMENDMENT = [
  "FIRST AMENDMENT TO CREDIT AGREEMENT",
  "",
  'This FIRST AMENDMENT TO CREDIT AGREEMENT is dated as of September 1, 2023 between Larkspur Bank, N.A. (the "Lender") and Tessellate Foods Inc. (the "Borrower"), and amends the Credit Agreement dated as of March 3, 2022 between them.',
  "",
  'Section 1. Amendment to Definitions. The definition of "Applicable Margin" in Section 1.1 of the Credit Agreement is amended and restated to read as follows: ""Applicable Margin" means 3.75% per annum."',
  "",
  "Section 2. Effect. Except as amended hereby, the Credit Agreement remains in full force and effect.",
  "",
].join("\n");

/** The base's text the amendment's edit targets, and what stays in force beside it. */
function targeted(baseText: string) {
  const members = [transactionMemberFromText("base", baseText), transactionMemberFromText("amendment", AMENDMENT)];
  const edits = amendmentEdits(members);
  expect(edits).toHaveLength(1);
  const edit = edits[0] as (typeof edits)[number];
  expect(edit.target.term).toBe("Applicable Margin");
  expect(edit.targetDocumentId).toBe("base");
  const node = members[0]?.structure.nodes.find((n) => n.id === edit.targetNodeId);
  const span = edit.targetSpan ?? node ?? null;
  const nodeSpan = (_: string, id: string) => members[0]?.structure.nodes.find((n) => n.id === id) ?? null;
  const [inForce] = provisionsInForce(edits, "2024-01-01", nodeSpan, (id) =>
    id === "base" ? baseText : id === "amendment" ? AMENDMENT : null,
  );
  return { text: span ? baseText.slice(span.start, span.end) : null, inForce: inForce?.text ?? null };
}

describe("an amendment of one definition", () => {
  it("targets that definition only when the definitions sit inline in one paragraph", () => {
    const got = targeted(
      base([
        'Section 1.1 Defined Terms. As used herein: "Applicable Margin" means 2.25% per annum. "Fee Holiday" means the six months after closing. "Maturity Date" means March 3, 2027.',
      ]),
    );
    expect(got.text).toBe('"Applicable Margin" means 2.25% per annum.');
    expect(got.inForce).toBe('"Applicable Margin" means 3.75% per annum.');
  });

  it("targets that definition only when each definition has a paragraph of its own", () => {
    const got = targeted(
      base([
        "Section 1.1 Defined Terms. As used in this Agreement, the following terms have the following meanings:",
        "",
        '"Applicable Margin" means 2.25% per annum.',
        "",
        '"Fee Holiday" means the six months after closing.',
      ]),
    );
    expect(got.text).toBe('"Applicable Margin" means 2.25% per annum.');
  });

  it("targets the definition's entry when it sits in the middle of a list, not the next one", () => {
    const got = targeted(
      base([
        "Section 1.1 Defined Terms.",
        '(a) "Fee Holiday" means the six months after closing;',
        '(b) "Applicable Margin" shall mean 2.25% per annum;',
        '(c) "Maturity Date" means March 3, 2027.',
      ]),
    );
    expect(got.text).toMatch(/"Applicable Margin" shall mean 2\.25% per annum;$/);
    expect(got.text).not.toMatch(/Maturity|Fee Holiday/);
  });

  it("targets nothing when the named definition is not in the agreement", () => {
    const text = base(['Section 1.1 Defined Terms. "Fee Holiday" means the six months after closing.']);
    const edits = amendmentEdits([
      transactionMemberFromText("base", text),
      transactionMemberFromText("amendment", AMENDMENT),
    ]);
    expect(edits.map((e) => [e.targetNodeId, e.targetSpan])).toEqual([[null, null]]);
  });
});
