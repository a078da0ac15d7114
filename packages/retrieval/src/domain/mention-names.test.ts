import { describe, expect, it } from "vitest";
import { mentionNames } from "./mention-names.ts";
import { type RareNameLookups, rareNameRoute } from "./rare-name-route.ts";

describe("mentionNames", () => {
  it("reads an instrument named in lower case by its qualifier, without the words that single out nothing", () => {
    expect(mentionNames("What's the conversion price on the replacement note?")).toEqual(["replacement note"]);
    expect(mentionNames("Do the new senior secured convertible notes bear interest?")).toEqual([
      "senior secured convertible notes",
    ]);
    expect(mentionNames("Is the manufacturing and supply agreement still in force?")).toEqual([
      "manufacturing and supply agreement",
    ]);
  });

  it("reads no name from a kind alone, a number and a kind, a relation, or a capitalised mention", () => {
    expect(mentionNames("Which law governs the agreement?")).toEqual([]);
    expect(mentionNames("Who may terminate the license agreement?")).toEqual([]);
    expect(mentionNames("Is the 2011 note secured?")).toEqual([]);
    expect(mentionNames("Can the majority push out the maturity of my note?")).toEqual([]);
    expect(mentionNames("Is the same lease still in force?")).toEqual([]);
    expect(mentionNames("Do the licensee's affiliates receive a license?")).toEqual([]);
    // A party or defined term is `nameCandidates`' to read.
    expect(mentionNames("Does the Acme supply agreement renew?")).toEqual([]);
  });

  it("reads each mention once", () => {
    expect(mentionNames("Does the replacement note amend the replacement note?")).toEqual(["replacement note"]);
  });
});

describe("a lower-case instrument name few documents hold routes", () => {
  const lookups = (holders: Record<string, string[]>): RareNameLookups => ({
    holding: async (phrase) => holders[phrase] ?? [],
    dealOf: async () => null,
    cut: { documents: 3, deals: 2 },
  });

  it("to the documents holding it, over the card route the kind's word chose", async () => {
    const r = await rareNameRoute(
      "What's the conversion price on the replacement note?",
      [{ documentId: "other-note", score: 9 }],
      lookups({ "replacement note": ["consent", "note"] }),
    );
    expect(r?.map((d) => d.documentId)).toEqual(["consent", "note"]);
  });

  it("not when many documents hold it", async () => {
    const r = await rareNameRoute(
      "What did the second amendment change?",
      [{ documentId: "w", score: 1 }],
      lookups({ "second amendment": ["a", "b", "c", "d"] }),
    );
    expect(r).toBeNull();
  });

  it("only when the question names no party: a party's name routes alone, rare or not", async () => {
    const asked: string[] = [];
    const holders: Record<string, string[]> = { Acme: ["acme-note"], "replacement note": ["acme-note", "zenith-note"] };
    const spy: RareNameLookups = {
      ...lookups(holders),
      holding: async (phrase) => {
        asked.push(phrase);
        return holders[phrase] ?? [];
      },
    };
    const r = await rareNameRoute("Does Acme's replacement note bear interest?", [{ documentId: "w", score: 1 }], spy);
    expect(r?.map((d) => d.documentId)).toEqual(["acme-note"]);
    expect(asked).toEqual(["Acme"]);
  });

  it("not beside a party's name that no passage holds", async () => {
    const asked: string[] = [];
    const spy: RareNameLookups = {
      ...lookups({ "content license agreement": ["other-license"] }),
      holding: async (phrase) => {
        asked.push(phrase);
        return phrase === "content license agreement" ? ["other-license"] : [];
      },
    };
    const r = await rareNameRoute(
      "When does the content license agreement with Glu expire?",
      [{ documentId: "glu", score: 3 }],
      spy,
    );
    expect(r).toBeNull();
    expect(asked).not.toContain("content license agreement");
  });
});
