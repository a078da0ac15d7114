import { openSqliteDatabase } from "@lexnav/catalog";
import { describe, expect, it } from "vitest";
import { createSqliteLexicalIndex } from "../adapters/sqlite-lexical-index.ts";
import type { Passage } from "./passages.ts";
import { COMMON_WORD_DOCUMENTS } from "./rare-name-route.ts";
import { createSearcher } from "./search.ts";

const READER = { id: "reader", groups: ["g"] };
const OPEN = { principals: [], groups: ["g"] };
const RESTRICTED = { principals: [], groups: ["deal-team"] };

/**
 * A store of many NDAs whose every word of "blue coat" is common ("blue" of blue-chip, "coat" of a coat of
 * arms), one NDA signed with Blue Coat Systems (its party on record, or not), and a paint supply agreement
 * that says "blue coat" of paint in lower case.
 */
async function blueCoatSearcher(options: { access: typeof OPEN; partyOnRecord: boolean }) {
  const lexical = createSqliteLexicalIndex(openSqliteDatabase(":memory:"));
  const v = await lexical.createVersion();
  await lexical.activate(v);
  const passage = (documentId: string, body: string): Passage => ({
    id: `${documentId}-p0`,
    documentId,
    version: "v1",
    nodeId: `${documentId}-n0`,
    start: 0,
    end: body.length,
    heading: "",
    clauseRef: "",
    terms: "",
    body,
  });
  const docs: Record<string, { title: string; body: string; access: typeof OPEN; parties: string[] }> = {};
  for (let i = 0; i <= COMMON_WORD_DOCUMENTS; i++)
    docs[`template-${i}`] = {
      title: "Mutual Non-Disclosure Agreement",
      body: `Information the recipient already knew is not covered. Blue-chip party ${i}; its coat of arms is its mark.`,
      access: OPEN,
      parties: [],
    };
  docs.packeteer = {
    title: "Two Way Non-Disclosure Agreement",
    body: "Made between Packeteer, Inc. and Blue Coat Systems, Inc. Information the recipient knew before disclosure is excluded.",
    access: options.access,
    parties: options.partyOnRecord ? ["PACKETEER, INC.", "Blue Coat Systems, Inc."] : [],
  };
  docs.paint = {
    title: "Supply Agreement",
    body: "Each panel gets a primer and a blue coat of paint.",
    access: OPEN,
    parties: [],
  };
  for (const [id, d] of Object.entries(docs))
    await lexical.putDocument(v, id, d.access, [passage(id, d.body)], { text: `${d.title} ${d.body}`, name: id });
  const document = (id: string) => {
    const d = docs[id];
    return d
      ? {
          id,
          title: d.title,
          fileName: `${id}.txt`,
          role: "base_agreement" as const,
          effectiveDate: null,
          transactionSetId: null,
          access: d.access,
          lifecycle: "indexed" as const,
          facts: {
            parties: d.parties,
            definedParties: [],
            amendsAgreement: null,
            amendedShortName: null,
            ownNames: [],
            names: [],
          },
        }
      : null;
  };
  return createSearcher({ lexical, document });
}

describe("a lower-case question routed by a run of its words a document writes as a name, through the searcher", () => {
  const query = "is information blue coat already knew covered by the nda?";

  it("routes to the documents holding the run, the one naming Blue Coat as a party first", async () => {
    const r = await (await blueCoatSearcher({ access: OPEN, partyOnRecord: true })).route({ query, principal: READER });
    expect(r.documents.map((d) => d.documentId)).toEqual(["packeteer", "paint"]);
  });

  it("reads no run as a name when no document holding it names it", async () => {
    const r = await (await blueCoatSearcher({ access: OPEN, partyOnRecord: false })).route({
      query,
      principal: READER,
    });
    expect(r.documents.map((d) => d.documentId)).not.toContain("paint");
  });

  it("never routes to a document the asker may not read", async () => {
    const r = await (await blueCoatSearcher({ access: RESTRICTED, partyOnRecord: true })).route({
      query,
      principal: READER,
    });
    expect(r.documents.map((d) => d.documentId)).not.toContain("packeteer");
    expect(r.documents.map((d) => d.documentId)).not.toContain("paint");
  });
});
