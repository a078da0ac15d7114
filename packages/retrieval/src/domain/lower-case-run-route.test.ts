import { describe, expect, it } from "vitest";
import { type CardDocument, cardSearcher } from "../../../../test/support/card-searcher.ts";
import { COMMON_WORD_DOCUMENTS } from "./rare-name-route.ts";

const READER = { id: "reader", groups: ["g"] };

/**
 * A store of many NDAs whose every word of "blue coat" is common ("blue" of blue-chip, "coat" of a coat of
 * arms), one NDA signed with Blue Coat Systems (its party on record, or not), and a paint supply agreement
 * that says "blue coat" of paint in lower case.
 */
function blueCoatSearcher(options: { groups: string[]; partyOnRecord: boolean }) {
  const doc = (title: string, body: string, parties: string[] = [], groups = ["g"]): CardDocument => ({
    name: title,
    card: `${title} ${body}`,
    body,
    groups,
    record: { title, parties },
  });
  const docs: Record<string, CardDocument> = {};
  for (let i = 0; i <= COMMON_WORD_DOCUMENTS; i++)
    docs[`template-${i}`] = doc(
      "Mutual Non-Disclosure Agreement",
      `Information the recipient already knew is not covered. Blue-chip party ${i}; its coat of arms is its mark.`,
    );
  docs.packeteer = doc(
    "Two Way Non-Disclosure Agreement",
    "Made between Packeteer, Inc. and Blue Coat Systems, Inc. Information the recipient knew before disclosure is excluded.",
    options.partyOnRecord ? ["PACKETEER, INC.", "Blue Coat Systems, Inc."] : [],
    options.groups,
  );
  docs.paint = doc("Supply Agreement", "Each panel gets a primer and a blue coat of paint.");
  return cardSearcher(docs);
}

describe("a lower-case question routed by a run of its words a document writes as a name, through the searcher", () => {
  const query = "is information blue coat already knew covered by the nda?";

  it("routes to the documents holding the run, the one naming Blue Coat as a party first", async () => {
    const r = await (await blueCoatSearcher({ groups: ["g"], partyOnRecord: true })).route({
      query,
      principal: READER,
    });
    expect(r.documents.map((d) => d.documentId)).toEqual(["packeteer", "paint"]);
  });

  it("reads no run as a name when no document holding it names it", async () => {
    const r = await (await blueCoatSearcher({ groups: ["g"], partyOnRecord: false })).route({
      query,
      principal: READER,
    });
    expect(r.documents.map((d) => d.documentId)).not.toContain("paint");
  });

  it("never routes to a document the asker may not read", async () => {
    const r = await (await blueCoatSearcher({ groups: ["deal-team"], partyOnRecord: true })).route({
      query,
      principal: READER,
    });
    expect(r.documents.map((d) => d.documentId)).not.toContain("packeteer");
    expect(r.documents.map((d) => d.documentId)).not.toContain("paint");
  });
});
