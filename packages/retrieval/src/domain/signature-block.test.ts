import type { NodeKind } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { documentCard } from "./passage-index-sink.ts";
import {
  asksOfClose,
  closeNames,
  inSignatureBlock,
  isClosePassage,
  isSignatureText,
  opensWithSignature,
} from "./signature-block.ts";

type Node = { kind: NodeKind; parentId: string | null };

// document > signature > table ("MAJORITY INVESTORS:") > table_row; document > section > table > table_row
const tree = new Map<string, Node>([
  ["doc", { kind: "document", parentId: null }],
  ["sig", { kind: "signature", parentId: "doc" }],
  ["sigTable", { kind: "table", parentId: "sig" }],
  ["sigRow", { kind: "table_row", parentId: "sigTable" }],
  ["s4", { kind: "section", parentId: "doc" }],
  ["feeTable", { kind: "table", parentId: "s4" }],
  ["feeRow", { kind: "table_row", parentId: "feeTable" }],
]);
const parentOf = (id: string) => tree.get(id);
const node = (id: string) => tree.get(id) as Node;

describe("inSignatureBlock", () => {
  it("holds for the signature node and every provision under it, a table of signature blocks included", () => {
    expect(inSignatureBlock(node("sig"), parentOf)).toBe(true);
    expect(inSignatureBlock(node("sigRow"), parentOf)).toBe(true);
  });

  it("does not hold for a table of the body, nor for the document", () => {
    expect(inSignatureBlock(node("feeRow"), parentOf)).toBe(false);
    expect(inSignatureBlock(node("doc"), parentOf)).toBe(false);
  });

  it("stops on a tree whose parents loop", () => {
    const loop = new Map<string, Node>([
      ["a", { kind: "table", parentId: "b" }],
      ["b", { kind: "table_row", parentId: "a" }],
    ]);
    expect(inSignatureBlock(loop.get("a") as Node, (id) => loop.get(id))).toBe(false);
  });
});

describe("isClosePassage", () => {
  it("holds for a signature line under the signature node, whatever it says", () => {
    expect(isClosePassage(node("sigRow"), "Title: Senior Managing Director", parentOf)).toBe(true);
  });

  it("holds for a passage of the body that opens with the testimonium or a name over a title", () => {
    const body = "IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written above.";
    expect(isClosePassage(node("s4"), body, parentOf)).toBe(true);
    expect(isClosePassage(node("s4"), "  Name: Jane Roe\nTitle: Chief Executive Officer", parentOf)).toBe(true);
  });

  it("does not hold for a clause that runs on into the testimonium, nor for a table row of the body", () => {
    const body =
      "The payment term provision above shall supersede the payment term provision set forth in Exhibit A. IN WITNESS WHEREOF, the parties hereto have caused this Exhibit A to be executed";
    expect(isClosePassage(node("s4"), body, parentOf)).toBe(false);
    expect(isClosePassage(node("feeRow"), "Annual fee | $10,000", parentOf)).toBe(false);
  });
});

describe("isSignatureText", () => {
  it("finds the testimonium, a signing line or a name over a title anywhere in a text", () => {
    expect(isSignatureText("… as set forth in Exhibit A. IN WITNESS WHEREOF, the parties …")).toBe(true);
    expect(isSignatureText("ACME CORP.\nBy: ______________")).toBe(true);
    expect(isSignatureText("Name: Jane Roe\n Title: President")).toBe(true);
    expect(isSignatureText("The Borrower shall repay the Loans on the Maturity Date.")).toBe(false);
  });
});

describe("opensWithSignature", () => {
  it("lets a party's name come first only when asked to, never a clause", () => {
    const block = "ACME CORP.\nBy: ______________\nName: Jane Roe";
    expect(opensWithSignature(block)).toBe(false);
    expect(opensWithSignature(block, 12)).toBe(true);
    expect(opensWithSignature("IN WITNESS WHEREOF, the parties have executed this Agreement.")).toBe(true);
    const clause =
      "This Agreement shall be governed by and construed in accordance with the laws of the State of New York without regard to conflicts of law. IN WITNESS WHEREOF, the parties have executed it.";
    expect(opensWithSignature(clause, 12)).toBe(false);
  });
});

describe("asksOfClose", () => {
  it("holds for questions about signing, the signatories' capacity, the parties, an address or notices", () => {
    for (const q of [
      "Who signed the consent on behalf of HealthCor?",
      "When was the development agreement executed?",
      "Who are the parties to the license?",
      "Does Baker Technologies show up in both amendments, and in what role?",
      "What is the licensee's address?",
      "Where do notices to Premier go under the agreement now?",
      "Which officer countersigned the note?",
    ])
      expect(asksOfClose(q), q).toBe(true);
  });

  it("does not hold for questions about a provision, a defined role or a party's rights", () => {
    for (const q of [
      "Who are the Majority Investors under the replacement note?",
      "What real estate is being sold under the purchase agreement?",
      "Can either party terminate for convenience, and how?",
      "How does the agreement address data breaches?",
      "How much notice must be given to prevent renewal?",
      "Is there a cap on liability?",
    ])
      expect(asksOfClose(q), q).toBe(false);
  });
});

// A form NDA whose participant is named only where it signs (as ContractNLI's corporate NDAs are).
const FORM =
  'CORPORATE NON-DISCLOSURE AGREEMENT\nThis Agreement is made by and between Intel Corporation ("Intel") and the Participant identified below ("Participant").\n' +
  "1. Confidential Information. The receiving party will hold information in confidence. ".repeat(40) +
  "\n(d) This Agreement will be governed by the laws of the State of Delaware.\nAGREED:\nINTEL CORPORATION\n2200 Mission College Blvd.\nPARTICIPANT: DSP Communications\n/s/ DAVIDI GILO\nSignature of Authorized Representative\nPrinted Name\nChairman\n";

describe("closeNames", () => {
  it("gives the names a signature page adds to what the opening names, each once, without its labels", () => {
    const names = closeNames(FORM, FORM.slice(0, 400)).split(" ");
    expect(names).toContain("DSP");
    expect(names).toContain("Communications");
    expect(names).toContain("GILO");
    // Named in the opening already, or a label a signature page prints.
    for (const word of ["INTEL", "CORPORATION", "Participant", "PARTICIPANT", "Signature", "Printed", "Name", "AGREED"])
      expect(names).not.toContain(word);
    expect(new Set(names).size).toBe(names.length);
  });

  it("reads no close in the first half of a text, and none where there is no mark of one", () => {
    const early = `AGREED: Zorblax Ltd\n${"The parties agree to the terms below. ".repeat(40)}`;
    expect(closeNames(early, "")).toBe("");
    expect(closeNames("The parties agree. ".repeat(200), "")).toBe("");
  });

  it("takes no word the text writes in lower case, no office a signatory holds, nothing of an annex after the close", () => {
    const body = "The supplier shall deliver each part on the form the buyer sends. ".repeat(40);
    const close =
      "IN WITNESS WHEREOF the parties have signed.\nFLEET LABORATORIES LIMITED\nBy: /s/ Tom Horner\nName: Tom Horner\nTitle: Managing Director, Chief Executive Officer\nPart B-2 Form\n";
    const annex = "\nEXHIBIT A\nShipper's Request Form, Cornerstone Origins\n";
    const names = closeNames(`${body}${close}${annex}`, "").split(" ");
    expect(names).toEqual(expect.arrayContaining(["FLEET", "LABORATORIES", "LIMITED", "Tom", "Horner"]));
    for (const word of [
      "Part",
      "Form",
      "Managing",
      "Director",
      "Chief",
      "Executive",
      "Officer",
      "Cornerstone",
      "Origins",
    ])
      expect(names).not.toContain(word);
  });

  it("finds the close by its testimonium, a conformed signature or a signing line", () => {
    const body = "The supplier shall deliver the goods. ".repeat(60);
    expect(closeNames(`${body}IN WITNESS WHEREOF the parties have signed.\nORION LTD`, "")).toContain("ORION");
    expect(closeNames(`${body}\n/s/ Jane Vega\nVega Holdings`, "")).toContain("Vega");
    expect(closeNames(`${body}\nBy: ______\nAcme Widgets`, "")).toContain("Acme");
  });
});

describe("documentCard", () => {
  it("is the filed name and the opening, then the names only the close gives", () => {
    const card = documentCard(FORM, "intel-nda");
    expect(card.startsWith("intel-nda\nCORPORATE NON-DISCLOSURE AGREEMENT")).toBe(true);
    expect(card).toContain("DSP Communications");
    expect(card.length).toBeLessThan(2000 + 200);
  });

  it("is the whole text of a text no longer than the opening it keeps", () => {
    const short = "NDA between Acme and Beta.\nAGREED: Acme";
    expect(documentCard(short)).toBe(short);
  });
});
