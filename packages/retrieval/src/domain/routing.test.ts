import { openSqliteDatabase } from "@lexnav/catalog";
import { describe, expect, it } from "vitest";
import { createSqliteLexicalIndex } from "../adapters/sqlite-lexical-index.ts";
import type { Passage } from "./passages.ts";
import { createSearcher, type TextOf } from "./search.ts";

// Three NDAs. The one filed as "MNDA" says least about confidentiality on its card; the others'
// cards repeat the words of the question, so card BM25 alone routes the question elsewhere.
const DOCS: Record<string, { name: string; card: string; body: string }> = {
  mnda: { name: "MNDA", card: "AGREEMENT between Acme and Beta", body: "Recipient shall return all materials." },
  other1: {
    name: "NDA-2019",
    card: "MUTUAL CONFIDENTIALITY AGREEMENT: confidential information, return of materials",
    body: "Recipient shall return or destroy confidential materials.",
  },
  other2: {
    name: "Confidentiality",
    card: "CONFIDENTIALITY AGREEMENT: return of confidential information",
    body: "Each party shall return confidential materials on request.",
  },
};
const text: TextOf = (id) => DOCS[id]?.body ?? null;
const READER = { id: "reader", groups: ["g"] };

function searcher() {
  const lexical = createSqliteLexicalIndex(openSqliteDatabase(":memory:"));
  const v = lexical.createVersion();
  lexical.activate(v);
  for (const [id, d] of Object.entries(DOCS)) {
    const passage: Passage = {
      id: `${id}-p0`,
      documentId: id,
      version: "v1",
      nodeId: `${id}-n0`,
      start: 0,
      end: d.body.length,
      heading: "",
      clauseRef: "",
      terms: "",
      body: d.body,
    };
    lexical.putDocument(v, id, { principals: [], groups: ["g"] }, [passage], { text: d.card, name: d.name });
  }
  return createSearcher({ lexical });
}

const routed = (query: string) => {
  const r = searcher().search({ query, principal: READER, mode: "hybrid", k: 3 }, text);
  return r.trace.stages.find((s) => s.stage === "route")?.candidates.map((c) => c.id);
};

describe("routing a question to the document it names", () => {
  it("goes to the document whose filed name the naming part quotes whole, over better-matching cards", () => {
    expect(routed("In the non-disclosure agreement MNDA: shall confidential materials be returned?")).toEqual(["mnda"]);
    expect(routed("In the non-disclosure agreement Confidentiality: shall materials be returned?")).toEqual(["other2"]);
  });

  it("reads a name met in a question without a naming part as a word, ranked by the cards", () => {
    const r = routed("must confidential information be returned under the MNDA");
    expect(r?.[0]).not.toBe("mnda");
  });
});
