import { describe, expect, it } from "vitest";
import type { SourceText } from "./citations.ts";
import {
  DEFINITION_LOOKUP_K,
  lookedUpDefinitions,
  partyScopeBesideTermAsked,
  writtenAsDefinedTerm,
} from "./definition-lookup.ts";
import type { EvidenceItem } from "./evidence.ts";
import { evidenceItem } from "./test-support.ts";

const SIGNATURES = "MAJORITY INVESTORS:\nBy: /s/ Jeffrey Lightcap\nTitle: Senior Managing Director";
const NOTE = `The Notes may be amended with the consent of the Investors holding a majority in principal amount of the Notes outstanding as of such date (the "Majority Investors").`;
const OTHER_NOTE = `Any waiver requires the written consent of the holders of two thirds of the Notes (the "Majority Investors").`;
const USES = "Columbia may terminate this Agreement if the Ares Agreement is terminated.";

/** The text of each item by its document. */
const sourceOf = (items: readonly EvidenceItem[]): SourceText => {
  const texts = new Map(items.map((i) => [`${i.documentId}@${i.version}`, i.text]));
  return (documentId, version) => texts.get(`${documentId}@${version}`) ?? null;
};

/** The look-up over `extract`, its search finding `found`; records the queries asked. */
const lookUp = async (question: string, extract: EvidenceItem[], found: EvidenceItem[]) => {
  const queries: Array<{ query: string; k: number }> = [];
  const added = await lookedUpDefinitions(question, extract, {
    source: sourceOf(extract),
    sourceOf: async (items) => sourceOf(items),
    find: async (query, k) => {
      queries.push({ query, k });
      return found;
    },
  });
  return { added, queries };
};

describe("writtenAsDefinedTerm", () => {
  it("reads capitalised words, capitals and numbers, with joiners between them", () => {
    expect(writtenAsDefinedTerm("Majority Investors")).toBe(true);
    expect(writtenAsDefinedTerm("CITR")).toBe(true);
    expect(writtenAsDefinedTerm("Authorized Acquisition No. 2")).toBe(true);
    expect(writtenAsDefinedTerm("Change of Control")).toBe(true);
    expect(writtenAsDefinedTerm("conversion price")).toBe(false);
    expect(writtenAsDefinedTerm("Majority Investors under the replacement note")).toBe(false);
  });
});

describe("lookedUpDefinitions", () => {
  const signatures = evidenceItem("consent", SIGNATURES, { transactionSetId: "careview" });

  it("looks up a term the extract does not define and brings in the passage that defines it, as context", async () => {
    const note = evidenceItem("note", NOTE, { transactionSetId: "careview", id: "E1" });
    const { added, queries } = await lookUp(
      "Who are the Majority Investors under the replacement note?",
      [signatures],
      [note],
    );
    expect(queries).toEqual([{ query: `"Majority Investors"`, k: DEFINITION_LOOKUP_K }]);
    expect(added.map((i) => [i.documentId, i.linkedBy, i.id])).toEqual([["note", "definition", "E2"]]);
  });

  it("looks nothing up when the extract already defines the term, or the question asks no defined term", async () => {
    const note = evidenceItem("note", NOTE, { transactionSetId: "careview" });
    const defined = await lookUp("Who are the Majority Investors?", [note], [note]);
    expect(defined.queries).toEqual([]);
    const lowerCase = await lookUp("What's the conversion price on the note?", [signatures], [note]);
    expect(lowerCase.queries).toEqual([]);
    const noTerm = await lookUp("Can the Company assign the note?", [signatures], [note]);
    expect(noTerm.queries).toEqual([]);
  });

  it("brings in nothing the search found that only uses the term", async () => {
    const uses = evidenceItem("supply", USES, { transactionSetId: "columbia" });
    const { added, queries } = await lookUp("What is the Ares Agreement?", [signatures], [uses]);
    expect(queries).toHaveLength(1);
    expect(added).toEqual([]);
  });

  it("brings in nothing when several deals define the term: the question does not say which is meant", async () => {
    const note = evidenceItem("note", NOTE, { transactionSetId: "careview" });
    const other = evidenceItem("other", OTHER_NOTE, { transactionSetId: "another-deal" });
    const { added } = await lookUp("Who are the Majority Investors?", [signatures], [note, other]);
    expect(added).toEqual([]);
  });

  it("never brings in a passage the extract already holds", async () => {
    const note = evidenceItem("note", NOTE, { transactionSetId: "careview" });
    const usesOnly = evidenceItem("note", NOTE.replace(`(the "Majority Investors")`, ""), {
      transactionSetId: "careview",
    });
    const { added } = await lookUp("Who are the Majority Investors?", [usesOnly], [{ ...note }]);
    expect(added).toEqual([]);
  });
});

describe("partyScopeBesideTermAsked", () => {
  const retrieved = evidenceItem("whitesmoke", "Updated Versions. Google may request the latest version.");
  const lookedUp = {
    ...evidenceItem("adma", 'a supply plan (the "Updated Supply Plan")'),
    linkedBy: "definition" as const,
  };
  const scope = { parties: ["Updated Supply"], documents: new Set(["adma"]) };

  it("drops a scope whose party is words of the term asked, named only by a definition brought in", () => {
    expect(partyScopeBesideTermAsked("What is the Updated Supply Plan?", scope, [retrieved, lookedUp])).toBeNull();
  });

  it("keeps a scope whose party the question names beside the term, or whose deal retrieval found", () => {
    const acme = { parties: ["Acme"], documents: new Set(["adma"]) };
    expect(
      partyScopeBesideTermAsked("What is the Updated Supply Plan under the Acme agreement?", acme, [
        retrieved,
        lookedUp,
      ]),
    ).toBe(acme);
    const found = evidenceItem("adma", lookedUp.text);
    expect(partyScopeBesideTermAsked("What is the Updated Supply Plan?", scope, [retrieved, found])).toBe(scope);
    expect(partyScopeBesideTermAsked("What is the Updated Supply Plan?", null, [retrieved, lookedUp])).toBeNull();
  });
});
