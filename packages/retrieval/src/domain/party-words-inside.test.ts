import { openSqliteDatabase } from "@lexnav/catalog";
import { describe, expect, it } from "vitest";
import { createSqliteLexicalIndex } from "../adapters/sqlite-lexical-index.ts";
import type { Passage } from "./passages.ts";
import { COMMON_WORD_DOCUMENTS, partyWordsAsked, partyWordsRead } from "./rare-name-route.ts";
import { createSearcher, type TextOf } from "./search.ts";

const READER = { id: "reader", groups: ["g"] };
const OPENING =
  "Pizza Fusion Holdings, Inc. Franchise Agreement between Pizza Fusion Holding, Inc. and the Franchisee named on the cover page of the Pizza Fusion franchise.";
const DISPUTES = "Any dispute shall first be mediated in Broward County and then litigated in the courts of Florida.";

/** One franchise agreement with an opening and a disputes clause, and a lease beside it. */
async function franchiseSearcher(parties: string[] | null) {
  const lexical = createSqliteLexicalIndex(openSqliteDatabase(":memory:"));
  const v = await lexical.createVersion();
  await lexical.activate(v);
  const passage = (documentId: string, n: number, start: number, body: string): Passage => ({
    id: `${documentId}-p${n}`,
    documentId,
    version: "v1",
    nodeId: `${documentId}-n${n}`,
    start,
    end: start + body.length,
    heading: "",
    clauseRef: "",
    terms: "",
    body,
  });
  const access = { principals: [], groups: ["g"] };
  await lexical.putDocument(
    v,
    "franchise",
    access,
    [passage("franchise", 0, 0, OPENING), passage("franchise", 1, 1000, DISPUTES)],
    { text: "PIZZA FUSION FRANCHISE AGREEMENT", name: "franchise" },
  );
  await lexical.putDocument(v, "lease", access, [passage("lease", 0, 0, "The tenant pays rent monthly.")], {
    text: "OFFICE LEASE",
    name: "lease",
  });
  const document = (id: string) =>
    id === "franchise" && parties
      ? {
          id,
          title: "Franchise Agreement",
          fileName: "franchise.txt",
          role: "base_agreement" as const,
          effectiveDate: null,
          transactionSetId: null,
          access,
          lifecycle: "indexed" as const,
          facts: { parties, definedParties: [], amendsAgreement: null, amendedShortName: null },
        }
      : null;
  return createSearcher({ lexical, document });
}

const text: TextOf = () => null;

describe("a lower-case question's party words inside its route", () => {
  it("reads the run of a question's words that is a run of a party's name, and a single word only when rare", () => {
    const ask = "where are pizza fusion franchise disputes mediated?";
    expect(partyWordsAsked(ask, ["Pizza Fusion Holding, Inc."], new Set())).toEqual(["pizza", "fusion"]);
    expect(partyWordsAsked("which bank is the agent?", ["Bank of America, N.A."], new Set())).toEqual([]);
    expect(partyWordsAsked("is heritage bound?", ["Heritage Foods, Inc."], new Set(["heritage"]))).toEqual([
      "heritage",
    ]);
    // a question with capitals has its parties read from them
    expect(
      partyWordsAsked("Where are Pizza Fusion disputes mediated?", ["Pizza Fusion Holding, Inc."], new Set()),
    ).toEqual([]);
  });

  it("looks up a word that opens a party's name, and reads it alone only when few documents hold it", async () => {
    const asked: string[] = [];
    const holding = (count: number) => async (phrase: string, limit: number) => {
      asked.push(phrase);
      return Array.from({ length: Math.min(count, limit) }, (_, i) => `d${i}`);
    };
    const parties = ["Heritage Foods, Inc.", "Premier Nutrition Corporation"];
    expect(await partyWordsRead("is heritage bound to premier?", parties, holding(3))).toEqual(["heritage", "premier"]);
    expect(await partyWordsRead("is heritage bound?", parties, holding(COMMON_WORD_DOCUMENTS + 1))).toEqual([]);
    // a word no document the asker may read holds is no name of theirs
    expect(await partyWordsRead("is heritage bound?", parties, holding(0))).toEqual([]);
    asked.length = 0;
    expect(await partyWordsRead("Is Heritage bound?", parties, holding(3))).toEqual([]);
    expect(await partyWordsRead("is heritage bound?", [], holding(3))).toEqual([]);
    expect(asked).toEqual([]);
  });

  it("ranks the clause asked about above the opening that only names the parties", async () => {
    const query = "where are pizza fusion franchise disputes mediated and litigated?";
    const first = async (parties: string[] | null) =>
      (await (await franchiseSearcher(parties)).search({ query, principal: READER, mode: "hybrid", k: 2 }, text))
        .passages[0]?.start;
    expect(await first(["Pizza Fusion Holding, Inc.", "Franchisee"])).toBe(1000);
    // without the parties on record, the party's words rank the opening first
    expect(await first(null)).toBe(0);
  });

  it("names in the trace the words it left out of the ranking, and none when it left none out", async () => {
    const query = "where are pizza fusion franchise disputes mediated and litigated?";
    const trace = async (parties: string[] | null) =>
      (await (await franchiseSearcher(parties)).search({ query, principal: READER, mode: "hybrid", k: 2 }, text)).trace;
    expect((await trace(["Pizza Fusion Holding, Inc.", "Franchisee"])).namesRead).toEqual(["pizza", "fusion"]);
    expect((await trace(null)).namesRead).toBeUndefined();
  });
});
