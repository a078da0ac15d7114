import { describe, expect, it } from "vitest";
import {
  PAIRED_TERM_MAX_DOCUMENTS,
  type SectionNameLookups,
  sectionNameRoute,
  sectionReferences,
} from "./section-name-route.ts";

const CUT = { documents: 3, deals: 2 };

/** A store of documents as their texts: a phrase is held when a text holds it, compared without case. */
function store(
  texts: Record<string, string>,
  sets: Record<string, string> = {},
): SectionNameLookups & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    cut: CUT,
    dealOf: async (id) => sets[id] ?? null,
    holding: async (phrase, limit, documentIds) => {
      calls.push(phrase);
      const p = phrase.toLowerCase();
      return Object.entries(texts)
        .filter(([id, t]) => (!documentIds || documentIds.includes(id)) && t.toLowerCase().includes(p))
        .map(([id]) => id)
        .slice(0, limit);
    },
  };
}

describe("sectionReferences", () => {
  it("reads a numbered provision as its number when dotted or lettered, else with its kind", () => {
    expect(sectionReferences("until a Release Condition under Section 8.6 occurs")).toEqual(["8.6"]);
    expect(sectionReferences("How is work under Section 3a priced?")).toEqual(["3a"]);
    expect(sectionReferences("What does Clause 11.2(b) require, and clause 11?")).toEqual(["11.2(b)", "clause 11"]);
    expect(sectionReferences("Does section 9 survive? And Sections 9?")).toEqual(["section 9"]);
    expect(sectionReferences("What is the notice period?")).toEqual([]);
  });

  it("reads no number of another kind (an amount, a date) as a provision", () => {
    expect(sectionReferences("Is the fee $8.6 million, due in 2019?")).toEqual([]);
  });
});

describe("sectionNameRoute", () => {
  // Four escrow clauses use "Release Condition"; only one says it is defined in Section 8.6.
  const texts = {
    ours: "Until a Release Condition (as defined in Section 8.6) occurs, the Bank shall not use the source code.",
    theirs: "If a Release Condition (as defined in Section 12.2) occurs, the Escrow Agent releases the code.",
    third: "Each Release Condition is listed in Section 4.1.",
    fourth: "A Release Condition occurs on insolvency. Section 8.6 Notices.",
    other: "Section 8.6 Assignment. Neither party may assign this Agreement.",
  };
  const q =
    "BofA can't use the escrowed source code until a Release Condition under Section 8.6 occurs — what are those?";

  it("routes to the documents holding the term and the section number together, when they are few", async () => {
    const r = await sectionNameRoute(q, [{ documentId: "theirs", score: 9 }], store(texts));
    expect(r?.map((d) => d.documentId).sort()).toEqual(["fourth", "ours"]);
  });

  it("keeps the words' route when the question names no provision or no term, or when nothing holds both", async () => {
    const words = [{ documentId: "theirs", score: 9 }];
    expect(
      await sectionNameRoute("Until a Release Condition occurs, what may the bank do?", words, store(texts)),
    ).toBeNull();
    expect(await sectionNameRoute("What does section 8.6 say about assignment?", words, store(texts))).toBeNull();
    expect(
      await sectionNameRoute("When does a Release Condition under Section 9.9 occur?", words, store(texts)),
    ).toBeNull();
  });

  it("pairs no term more documents hold than a term of one deal, and no more documents than the cut", async () => {
    const common: Record<string, string> = {};
    for (let i = 0; i <= PAIRED_TERM_MAX_DOCUMENTS; i++)
      common[`d${i}`] = "The Confidential Information under Section 8.6 is kept.";
    expect(
      await sectionNameRoute("Is the Confidential Information under Section 8.6 kept?", [], store(common)),
    ).toBeNull();
    const four: Record<string, string> = {};
    for (let i = 0; i < 4; i++) four[`d${i}`] = "The Release Condition is in Section 8.6.";
    expect(await sectionNameRoute(q, [], store(four))).toBeNull();
    // the same four documents in one deal are that deal's
    const oneDeal = { ...store(four, { d0: "s", d1: "s", d2: "s", d3: "s" }), cut: { documents: 4, deals: 1 } };
    expect(await sectionNameRoute(q, [], oneDeal)).toHaveLength(4);
  });
});
