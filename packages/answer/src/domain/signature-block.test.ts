import type { ProvisionNode } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { BUILTIN_DECISION_MODEL_PATH, loadDecisionModel } from "../adapters/decision-model-file.ts";
import { candidateSentences } from "./evidence-model.ts";
import { buildExtract } from "./extract.ts";
import { answerFromEvidence } from "./offline-answerer.ts";
import { apartFromClose, liesInClose } from "./signature-block.ts";
import { documentRecord, evidenceItem, nearTo, passageOf, silentDecision } from "./test-support.ts";

// A consent whose signature blocks sign under the role its Section 1 defines.
const CONSENT = `CONSENT AND AGREEMENT
Section 1 Definitions. "Majority Investors" means the Investors holding a majority in principal amount of the Notes.
Section 2 Governing Law. This Consent is governed by the laws of the State of New York.
IN WITNESS WHEREOF, each of the undersigned has duly executed this Consent as of the date first written above.
MAJORITY INVESTORS:
Northwind Partners Fund, L.P., one of the Majority Investors
Title: Managing Director of the Majority Investors`;

// document > s1, s2, signature > table > row (the tree an HTML filing's signature table gets)
const NODES: Record<string, Pick<ProvisionNode, "id" | "kind" | "parentId" | "clauseRef" | "fullRef">> = {
  doc: { id: "doc", kind: "document", parentId: null, clauseRef: null, fullRef: null },
  s1: { id: "s1", kind: "section", parentId: "doc", clauseRef: "Section 1", fullRef: "1" },
  s2: { id: "s2", kind: "section", parentId: "doc", clauseRef: "Section 2", fullRef: "2" },
  sig: { id: "sig", kind: "signature", parentId: "doc", clauseRef: null, fullRef: null },
  table: { id: "table", kind: "table", parentId: "sig", clauseRef: null, fullRef: null },
  row: { id: "row", kind: "table_row", parentId: "table", clauseRef: null, fullRef: null },
};
const nodeOf = (id: string) => (NODES[id] as ProvisionNode | undefined) ?? null;
const docs = new Map([["consent", documentRecord("consent", "base_agreement", null, "Consent.txt")]]);

const PASSAGES = [
  passageOf("consent", CONSENT, "Northwind", "one of the Majority Investors", "row"),
  passageOf("consent", CONSENT, "Title: Managing", undefined, "row"),
  passageOf("consent", CONSENT, "IN WITNESS", "written above.", "sig"),
  passageOf("consent", CONSENT, "Section 2", "New York.", "s2"),
  passageOf("consent", CONSENT, "Section 1", "the Notes.", "s1"),
];
/** The extract of the passages (all when `count` is absent), best first. */
const extract = (count = PASSAGES.length) =>
  buildExtract(PASSAGES.slice(0, count), {
    text: () => CONSENT,
    document: (d) => docs.get(d) ?? null,
    node: (_d, _v, n) => nodeOf(n),
  });

describe("liesInClose", () => {
  it("holds for a row of a table under the signature node, and for the testimonium", async () => {
    expect(await liesInClose(nodeOf("row") as ProvisionNode, "Title: Managing Director", nodeOf)).toBe(true);
    expect(await liesInClose(nodeOf("sig") as ProvisionNode, "IN WITNESS WHEREOF, …", nodeOf)).toBe(true);
  });

  it("does not hold for a section of the body, nor when an ancestor cannot be read", async () => {
    expect(await liesInClose(nodeOf("s1") as ProvisionNode, '"Majority Investors" means …', nodeOf)).toBe(false);
    expect(await liesInClose(nodeOf("row") as ProvisionNode, "Title: Managing Director", () => null)).toBe(false);
  });
});

describe("buildExtract marks the passages of the close", () => {
  it("marks the signature rows and the testimonium, not the sections", async () => {
    const items = await extract();
    expect(items.map((i) => [i.nodeId, i.signatureBlock === true])).toEqual([
      ["row", true],
      ["row", true],
      ["sig", true],
      ["s2", false],
      ["s1", false],
    ]);
  });
});

describe("apartFromClose", () => {
  it("leaves the close out for a question about a role the close signs under", async () => {
    const cs = candidateSentences([], await extract(), () => CONSENT);
    const kept = apartFromClose("Who are the Majority Investors?", cs);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((c) => c.item.nodeId === "s1" || c.item.nodeId === "s2")).toBe(true);
  });

  it("keeps it for a question about signing, capacity or the parties", async () => {
    const cs = candidateSentences([], await extract(), () => CONSENT);
    for (const q of ["Who signed for the Majority Investors?", "Who are the parties to the consent?"])
      expect(apartFromClose(q, cs), q).toHaveLength(cs.length);
  });

  it("leaves out a testimonium sentence of a passage that runs on into it, not the clause before it", () => {
    const text =
      "The payment term above shall supersede the payment term of the Services Agreement. IN WITNESS WHEREOF, the parties have executed this Exhibit.";
    const cs = candidateSentences([], [evidenceItem("x", text)], () => text);
    expect(cs).toHaveLength(2);
    expect(apartFromClose("Which payment term applies?", cs).map((c) => c.text)).toEqual([
      "The payment term above shall supersede the payment term of the Services Agreement.",
    ]);
  });

  it("keeps a clause the splitter ran on into the testimonium", () => {
    const text =
      "The payment term above shall supersede the payment term set forth in Exhibit A. IN WITNESS WHEREOF, the parties have executed this Exhibit.";
    const cs = candidateSentences([], [evidenceItem("x", text)], () => text);
    expect(apartFromClose("Which payment term applies?", cs)).toEqual(cs);
  });
});

describe("answerFromEvidence over a signature block that repeats the role asked about", () => {
  const decisions = () => [loadDecisionModel(BUILTIN_DECISION_MODEL_PATH), silentDecision("test-embedder@1")];
  const cites = async (question: string, count?: number) => {
    const out: string[][] = [];
    for (const decision of decisions()) {
      const a = await answerFromEvidence(question, await extract(count), () => CONSENT, {
        decision,
        relevance: nearTo("Majority Investors"),
      });
      out.push(a.claims.flatMap((c) => c.citations.map((x) => x.nodeId)));
    }
    return out;
  };

  it("does not cite the close for who the role is, the definition retrieved or not", async () => {
    for (const cited of [
      ...(await cites("Who are the Majority Investors?")),
      ...(await cites("Who are the Majority Investors?", 4)),
    ])
      expect(cited.filter((n) => n === "row" || n === "sig")).toEqual([]);
  });
});
