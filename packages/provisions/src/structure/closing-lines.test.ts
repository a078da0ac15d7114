import type { DocumentStructure } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { buildProvisionTree } from "./build-provision-tree.ts";
import { signatureAt } from "./closing-lines.ts";
import { textExtraction } from "./test-support.ts";
import type { Line } from "./toc.ts";

/** Lines as the tree builder splits them (offsets are not needed here). */
const linesOf = (text: string): Line[] =>
  text.split("\n").map((t) => ({ start: 0, end: t.length, text: t, indent: 0 }));

const build = (text: string): DocumentStructure =>
  buildProvisionTree(
    { documentId: "d", version: "v", extraction: textExtraction(text) },
    { countTokens: (s) => Math.ceil(s.length / 4) },
  );

const BODY = [
  "AMENDMENT TO SECURITIES PURCHASE AGREEMENT",
  "",
  "This amendment (the “Amendment”), dated as of December 29, 2022, is made by and between Alder Holdings, Inc. and the Majority Holder.",
  "",
  "1. Section 2.1 of the Agreement is hereby deleted and replaced in its entirety by the following text.",
  "",
  "2. Except as amended hereby, the Agreement shall remain unmodified and is hereby ratified in all respects.",
  "",
];

describe("signatureAt", () => {
  it("opens at a close without a testimonium when signatory rows follow, and ends at the last row", () => {
    const lines = linesOf(
      [
        "Agreed this 29nd day of December, 2022.",
        "",
        "ALDER HOLDINGS, INC.",
        "By: | By:",
        "Jane Roe",
        "Title: Chief Executive Officer",
        "",
        "2",
      ].join("\n"),
    );
    expect(signatureAt(lines, 0)).toEqual({ from: 0, to: 5 });
    for (const close of [
      "Accepted and agreed:",
      "AGREED AND ACCEPTED as of the date first written above",
      "Acknowledged and Agreed",
    ])
      expect(signatureAt(linesOf(`${close}\nBy: ______\nName: ______`), 0), close).toEqual({ from: 0, to: 2 });
  });

  it("opens no block at a close the body goes on after, nor at a sentence that starts with 'Agreed'", () => {
    const goesOn = linesOf(
      "Accepted and Agreed:\n\n9. Indemnification. Each party shall indemnify the other.\n\n10. Notices.",
    );
    expect(signatureAt(goesOn, 0)).toBeNull();
    const sentence = linesOf(
      "Agreed upon procedures under this Agreement shall be performed by the Auditor within thirty days of each Quarter End, and the results reported to the Board this day of each month.\nBy: ____\nName: ____",
    );
    expect(signatureAt(sentence, 0)).toBeNull();
  });

  it("opens at a run of By:/Name:/Title: rows, from the signatory's name in capitals above, and not at a lone 'By:'", () => {
    const lines = linesOf(
      [
        "5. Counterparts. This Amendment may be executed in counterparts.",
        "",
        "ACME CORP.",
        "By: /s/ Jane Roe",
        "Name: Jane Roe",
        "Title: CFO",
      ].join("\n"),
    );
    expect(signatureAt(lines, 3)).toEqual({ from: 2, to: 5 });
    const prose = linesOf(
      ["By: mail or courier, to the address below.", "Notices are effective on receipt.", "", "", ""].join("\n"),
    );
    expect(signatureAt(prose, 0)).toBeNull();
  });
});

describe("the tree's signature block without a testimonium", () => {
  it("takes the close and its rows out of the last clause, so they are no provision", () => {
    const text = [
      ...BODY,
      "Agreed this 29nd day of December, 2022.",
      "",
      "ALDER HOLDINGS, INC.",
      "By: | By:",
      "Jane Roe",
      "Title: Chief Executive Officer",
    ].join("\n");
    const s = build(text);
    const signature = s.nodes.find((n) => n.kind === "signature");
    expect(signature && text.slice(signature.start, signature.end)).toMatch(
      /^Agreed this 29nd day[\s\S]*Chief Executive Officer$/,
    );
    const last = s.nodes.filter((n) => n.kind === "section").pop();
    expect(last && text.slice(last.start, last.end)).not.toContain("Jane Roe");
  });

  it("leaves the body alone when the close is not followed by signatures, and the body's end before a testimonium", () => {
    const text = [
      ...BODY,
      "Accepted and Agreed:",
      "",
      "3. Indemnification. Each party shall indemnify the other against third-party claims.",
      "",
    ].join("\n");
    const s = build(text);
    expect(s.nodes.some((n) => n.kind === "signature")).toBe(false);
    expect(s.nodes.filter((n) => n.kind === "section").map((n) => n.clauseRef)).toEqual(["1.", "2.", "3."]);
  });

  it("ends the block at its last row: a long text after it that no heading claims is left to paragraphs", () => {
    const schedule = Array.from(
      { length: 30 },
      (_, i) => `Item ${i + 1} of the price list: forty units at the list price less the agreed discount.`,
    );
    const text = [
      ...BODY,
      "ACME CORP.",
      "By: /s/ Jane Roe",
      "Name: Jane Roe",
      "Title: CFO",
      "",
      "Pricing",
      "",
      ...schedule,
    ].join("\n\n");
    const s = build(text);
    const signature = s.nodes.find((n) => n.kind === "signature");
    expect(signature && text.slice(signature.start, signature.end)).toBe(
      "ACME CORP.\n\nBy: /s/ Jane Roe\n\nName: Jane Roe\n\nTitle: CFO",
    );
    const tail = text.indexOf("Item 30");
    expect(s.nodes.some((n) => n.kind === "paragraph" && n.start <= tail && tail < n.end)).toBe(true);
  });
});
