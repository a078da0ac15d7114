import { describe, expect, it } from "vitest";
import type { SourceText } from "./citations.ts";
import { lookedUpInRetrieved, RETRIEVED_LOOKUP_K } from "./definition-in-retrieved.ts";
import type { EvidenceItem } from "./evidence.ts";
import { evidenceItem } from "./test-support.ts";

const USES = "Company shall deliver the Deliverables to the Development Committee for approval.";
const DEFINES = `(c) "Deliverables" means (a) any Recipe, (b) documentation, samples and prototypes.`;
const OTHER_DEFINES = `"Deliverables" means the software and documentation listed in Exhibit A.`;

/** Each document's text with its items at their offsets (spaces between). */
const sourceOf = (items: readonly EvidenceItem[]): SourceText => {
  const texts = new Map<string, string>();
  for (const i of items) {
    const key = `${i.documentId}@${i.version}`;
    const text = (texts.get(key) ?? "").padEnd(i.start, " ");
    texts.set(key, text.slice(0, i.start) + i.text + text.slice(i.start + i.text.length));
  }
  return (documentId, version) => texts.get(`${documentId}@${version}`) ?? null;
};

/** The look-up over `extract`, its search finding `found` (filtered to the documents asked); records the calls. */
const lookUp = async (question: string, extract: EvidenceItem[], found: EvidenceItem[]) => {
  const calls: Array<{ query: string; k: number; documentIds: readonly string[] }> = [];
  const added = await lookedUpInRetrieved(question, extract, {
    source: sourceOf(extract),
    sourceOf: async (items) => sourceOf(items),
    find: async (query, k, documentIds) => {
      calls.push({ query, k, documentIds });
      return found.filter((i) => documentIds.includes(i.documentId));
    },
  });
  return { added, calls };
};

describe("lookedUpInRetrieved", () => {
  const uses = evidenceItem("reeds", USES, { transactionSetId: "reeds", id: "E1" });

  it("looks up a term asked in lower case within the retrieved documents and brings in its definition", async () => {
    const def = evidenceItem("reeds", DEFINES, { transactionSetId: "reeds", start: 500, end: 500 + DEFINES.length });
    const { added, calls } = await lookUp(
      "What are the deliverables under Reed's development agreement?",
      [uses],
      [def],
    );
    expect(calls[0]).toEqual({ query: `"deliverables"`, k: RETRIEVED_LOOKUP_K, documentIds: ["reeds"] });
    expect(added.map((i) => [i.documentId, i.linkedBy, i.id])).toEqual([["reeds", "definition", "E2"]]);
  });

  it("searches only the documents retrieval found: another deal's definition is never brought in", async () => {
    const other = evidenceItem("other", OTHER_DEFINES, { transactionSetId: "other" });
    const { added } = await lookUp("What are the deliverables under the development agreement?", [uses], [other]);
    expect(added).toEqual([]);
  });

  it("brings in nothing when two retrieved deals define the term", async () => {
    const otherUses = evidenceItem("other", "The Deliverables are accepted on delivery.", {
      transactionSetId: "other",
    });
    const def = evidenceItem("reeds", DEFINES, { transactionSetId: "reeds", start: 500, end: 500 + DEFINES.length });
    const other = evidenceItem("other", OTHER_DEFINES, {
      transactionSetId: "other",
      start: 900,
      end: 900 + OTHER_DEFINES.length,
    });
    const { added } = await lookUp("What are the deliverables?", [uses, otherUses], [def, other]);
    expect(added).toEqual([]);
  });

  it("does not search when the retrieved passages define the term, or when no term is asked", async () => {
    const def = evidenceItem("reeds", DEFINES, { transactionSetId: "reeds" });
    expect((await lookUp("What are the deliverables?", [def], [def])).calls).toEqual([]);
    expect((await lookUp("Can Reed's terminate for convenience?", [uses], [def])).calls).toEqual([]);
  });

  it("does not count another deal's definition the library-wide look-up brought in", async () => {
    const linked = {
      ...evidenceItem("other", OTHER_DEFINES, { transactionSetId: "other" }),
      linkedBy: "definition" as const,
    };
    const def = evidenceItem("reeds", DEFINES, { transactionSetId: "reeds", start: 500, end: 500 + DEFINES.length });
    const { added } = await lookUp("What are the deliverables?", [uses, linked], [def]);
    expect(added.map((i) => i.documentId)).toEqual(["reeds"]);
  });

  it("reads no mixed-case phrase as a term", async () => {
    const { calls } = await lookUp("What are the Costs Medica has to document?", [uses], []);
    expect(calls.map((c) => c.query)).not.toContain(`"Costs Medica has"`);
  });
});
