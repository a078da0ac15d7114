import { describe, expect, it } from "vitest";
import { cardSearcher } from "../../../../test/support/card-searcher.ts";
import {
  COMMON_WORD_DOCUMENTS,
  type HeldName,
  MAX_NAMES,
  nameCandidates,
  RARE_NAME_CUT,
  type RareNameLookups,
  rareNameRoute,
  routeByRareNames,
  uncapitalisedNames,
  uncapitalisedRuns,
  writesAsNames,
} from "./rare-name-route.ts";

const CUT = { documents: 3, deals: 2 };
const hit = (documentId: string, score: number) => ({ documentId, score });
const alone = (id: string) => `document:${id}`;
const held = (name: string, ...documentIds: string[]): HeldName => ({ name, documentIds });

describe("nameCandidates", () => {
  it("looks up at most MAX_NAMES names, however many a long question gives", () => {
    const names = Array.from({ length: 60 }, (_, i) => `Zorblax${String.fromCharCode(65 + (i % 26))}${i} Holdings`);
    const got = nameCandidates(`Do ${names.join(", ")} each sign the agreement?`);
    expect(got).toHaveLength(MAX_NAMES);
    expect(got[0]).toContain("Zorblax");
  });

  it("reads parties, capitalised defined terms and hyphenated or all-caps names, without possessives", () => {
    expect(nameCandidates("How is the Eurodollar Rate on Milacron's loans determined?")).toEqual([
      "Eurodollar Rate",
      "Milacron",
    ]);
    expect(nameCandidates("What happens to the commitments if the D-M-E purchase hasn't closed?")).toEqual(["D-M-E"]);
    expect(nameCandidates("What is the Updated Supply Plan?")).toEqual(["Updated Supply Plan"]);
    expect(nameCandidates("Is the Parent Pledge still in place?")).toContain("Parent Pledge");
  });

  it("looks up a name without the instrument's abbreviation after it, and names joined by a dash each alone", () => {
    expect(nameCandidates("When does the confidentiality obligation under the Evelozcity NDA end?")).toEqual([
      "Evelozcity",
    ]);
    expect(nameCandidates("In which courts must a dispute under the Intel–DSP NDA be brought?")).toEqual([
      "Intel–DSP",
      "Intel",
      "DSP",
    ]);
  });

  it("reads a quoted term as a name only when it is capitalised, a single term word never", () => {
    expect(nameCandidates("What's the 'Winning Bid Price' under the agreement?")).toEqual(["Winning Bid Price"]);
    expect(nameCandidates("Which 'additional payments' is it excused from?")).toEqual([]);
    expect(nameCandidates("May Subsidiaries of a supply partner receive it?")).toEqual([]);
    expect(nameCandidates("Does the NDA survive termination of the Agreement?")).toEqual([]);
  });
});

describe("uncapitalisedNames", () => {
  it("reads the content words of a question typed without capitals, but for instruments' kinds", () => {
    expect(uncapitalisedNames("can fleet subcontract the manufacturing under the supply agreement?")).toEqual([
      "fleet",
      "subcontract",
      "manufacturing",
      "supply",
    ]);
    // a capital only at its start is no name either
    expect(uncapitalisedNames("Is ap exclusive to kubient under the msa?")).toEqual(["exclusive", "kubient"]);
  });

  it("reads nothing of a question that capitalises a word after its first letter: its capitals tell the names", () => {
    expect(uncapitalisedNames("Can Fleet subcontract the manufacturing?")).toEqual([]);
    expect(uncapitalisedNames("may the recipient share information with the CFO?")).toEqual([]);
  });
});

describe("uncapitalisedRuns", () => {
  it("reads the runs of two or three words of a question typed without capitals, longest first", () => {
    expect(uncapitalisedRuns("can the recipient share urban wind turbines information under the nda?")).toEqual([
      "recipient share urban",
      "share urban wind",
      "urban wind turbines",
      "wind turbines information",
      "recipient share",
      "share urban",
      "urban wind",
      "wind turbines",
      "turbines information",
    ]);
  });

  it("ends a run at a possessive, a stopword, punctuation or an instrument's kind, and reads nothing of a question with capitals", () => {
    expect(uncapitalisedRuns("is data boiler's information, when shared, covered by the nda?")).toEqual([
      "data boiler",
    ]);
    expect(uncapitalisedRuns("when does the stone point credit agreement mature?")).toEqual([
      "stone point credit",
      "stone point",
      "point credit",
    ]);
    expect(uncapitalisedRuns("Can Acme share urban wind data?")).toEqual([]);
  });
});

describe("writesAsNames", () => {
  it("reads a run as a name when a document writes each of its longer words among its names", () => {
    const packeteer = [
      "TWO WAY NON-DISCLOSURE AND CONFIDENTIALITY AGREEMENT",
      "PACKETEER, INC.",
      "Blue Coat Systems, Inc.",
    ];
    expect(writesAsNames("blue coat", packeteer)).toBe(true);
    expect(writesAsNames("capital one", ["Capital One, National Association"])).toBe(true);
    // a phrase of the text's running words, a name's word alone, or a run of short words only names nothing
    expect(writesAsNames("annual order volume", ["Manufacturing Agreement", "Heritage Foods, Inc.", "order"])).toBe(
      false,
    );
    expect(writesAsNames("blue sky", packeteer)).toBe(false);
    expect(writesAsNames("ap net", ["AP Net LLC"])).toBe(false);
    expect(writesAsNames("stone point credit", ["stone", "point", "credit", "revolving"])).toBe(true);
  });
});

describe("routeByRareNames", () => {
  it("routes to every document holding a name few documents hold, over the words' route", () => {
    expect(routeByRareNames([hit("other", 9)], [held("Milacron", "m")], alone, CUT)).toEqual([hit("m", 0)]);
    expect(
      routeByRareNames([hit("consent", 9)], [held("CareView", "consent", "note")], alone, CUT)?.map(
        (d) => d.documentId,
      ),
    ).toEqual(["consent", "note"]);
  });

  it("confirms the words' route when it is the documents holding the rare names, and drops those that hold none", () => {
    // the route is the names' as well as the words' (not null, which would leave it to a party lookup)
    expect(routeByRareNames([hit("n", 9), hit("m", 8)], [held("Milacron", "m", "n")], alone, CUT)).toEqual([
      hit("n", 9),
      hit("m", 8),
    ]);
    expect(routeByRareNames([hit("m", 9), hit("x", 8)], [held("Milacron", "m")], alone, CUT)).toEqual([hit("m", 9)]);
  });

  it("keeps the words' route when the names are held by none, or by more documents or deals than the cut", () => {
    expect(routeByRareNames([hit("w", 9)], [held("Zorblax")], alone, CUT)).toBeNull();
    expect(routeByRareNames([hit("w", 9)], [held("Fleet", "a", "b", "c", "d")], alone, CUT)).toBeNull();
    expect(routeByRareNames([hit("w", 9)], [held("Eurodollar Rate", "a", "b", "c")], alone, CUT)).toBeNull();
    // the same three documents in one deal are one deal's name
    const oneDeal = () => "set:s1";
    expect(routeByRareNames([hit("w", 9)], [held("Stremick", "a", "b", "c")], oneDeal, CUT)).toHaveLength(3);
  });

  it("puts first the documents holding more names, then those holding a rarer one, then the words' order", () => {
    const r = routeByRareNames(
      [hit("w", 9), hit("b", 8)],
      [held("Sanofi", "a", "b"), held("ADMA", "b"), held("Porex", "c"), held("Cerus", "d", "e")],
      alone,
      { documents: 3, deals: 3 },
    );
    expect(r?.map((d) => d.documentId)).toEqual(["b", "c", "a", "d", "e"]);
    expect(r?.[0]).toEqual(hit("b", 8));
  });
});

describe("rareNameRoute", () => {
  const lookups = (holders: Record<string, string[]>, sets: Record<string, string> = {}): RareNameLookups => ({
    holding: async (phrase, limit) => (holders[phrase] ?? []).slice(0, limit),
    dealOf: async (id) => sets[id] ?? null,
    cut: CUT,
  });

  it("looks each name up whole and routes to the documents of the rare ones", async () => {
    const r = await rareNameRoute(
      "How is the Eurodollar Rate on Milacron's loans determined?",
      [hit("looksmart", 12)],
      lookups({ "Eurodollar Rate": ["a", "b", "c", "d"], Milacron: ["milacron"] }),
    );
    expect(r).toEqual([hit("milacron", 0)]);
  });

  it("narrows a name held in too many deals to the documents of the kind the question names", async () => {
    // three documents of three deals hold the name (the cut: 3 documents, 2 deals)
    const holders = { DSP: ["alliance", "nda", "license"] };
    const titles: Record<string, string[]> = {
      alliance: ["Strategic Alliance Agreement"],
      nda: ["AGREEMENT DATE: JUNE 2, 1999 EXHIBIT 1", "Corporate Non-Disclosure Agreement"],
      license: ["Software License and Maintenance Agreement"],
    };
    const withNames = { ...lookups(holders), ownNames: async (id: string) => titles[id] ?? [] };
    const ask = "Can DSP walk away from the NDA, and what survives if it does?";
    expect(await rareNameRoute(ask, [hit("alliance", 9)], withNames)).toEqual([hit("nda", 0)]);
    // without the kind, or without the documents' names, the name is in too many deals to route
    expect(await rareNameRoute("Can DSP walk away?", [hit("alliance", 9)], withNames)).toBeNull();
    expect(await rareNameRoute(ask, [hit("alliance", 9)], lookups(holders))).toBeNull();
    // a kind none of them is narrows nothing
    expect(await rareNameRoute("Can DSP end the lease?", [hit("alliance", 9)], withNames)).toBeNull();
    // the words' route that holds it already stands
    expect(await rareNameRoute(ask, [hit("nda", 9), hit("alliance", 8)], withNames)).toBeNull();
    // nor one two deals' documents share
    const twoNdas = {
      ...withNames,
      ownNames: async (id: string) => (id === "license" ? ["Mutual NDA"] : (titles[id] ?? [])),
    };
    expect(await rareNameRoute(ask, [hit("alliance", 9)], twoNdas)).toBeNull();
    // nor does a kind every instrument is
    expect(await rareNameRoute("Can DSP end the DSP agreement?", [hit("alliance", 9)], withNames)).toBeNull();
  });

  it("counts a name's documents by deal: a deal's exhibits are one deal", async () => {
    const holders = { Bird: ["a", "b", "c"] };
    expect(await rareNameRoute("Are Bird's notes subordinated?", [hit("w", 1)], lookups(holders))).toBeNull();
    const sets = { a: "bird", b: "bird", c: "bird" };
    expect((await rareNameRoute("Are Bird's notes subordinated?", [hit("w", 1)], lookups(holders, sets)))?.length).toBe(
      3,
    );
  });

  it("asks for one document more than the cut, and keeps the words' route for a question without a name", async () => {
    const limits: number[] = [];
    const spy: RareNameLookups = {
      ...lookups({}),
      holding: async (_, limit) => {
        limits.push(limit);
        return [];
      },
    };
    expect(await rareNameRoute("Does Acme have to carry insurance?", [hit("w", 1)], spy)).toBeNull();
    expect(limits).toEqual([CUT.documents + 1]);
    expect(await rareNameRoute("may the recipient share information?", [hit("w", 1)], lookups({}))).toBeNull();
  });

  it("routes a lower-case question by a run of its words few documents hold and one writes as names", async () => {
    const many = Array.from({ length: COMMON_WORD_DOCUMENTS + 1 }, (_, i) => `nda-${i}`);
    // every word of "blue coat" is in many documents; the phrase is in two, one of which names Blue Coat
    const holders = { blue: many, coat: many, information: many, "blue coat": ["packeteer", "paint"] };
    const names: Record<string, string[]> = {
      packeteer: ["Two Way Non-Disclosure Agreement", "Blue Coat Systems, Inc."],
      paint: ["Supply Agreement", "Sherwin Coatings"],
    };
    const ask = "is information blue coat already knew covered by the nda?";
    const withNames = {
      ...lookups(holders),
      writtenNames: async (id: string) => ({ own: names[id] ?? [], opening: [] }),
    };
    const read: string[][] = [];
    const r = await rareNameRoute(ask, [hit("template", 12)], { ...withNames, readAsNames: (n) => read.push([...n]) });
    expect(r?.map((d) => d.documentId)).toEqual(["packeteer", "paint"]);
    expect(read).toEqual([["blue coat"]]);
    // no document writing it as a name, or no records to read: the run names nothing
    const unnamed = { ...withNames, writtenNames: async () => ({ own: ["Supply Agreement"], opening: ["supply"] }) };
    expect(await rareNameRoute(ask, [hit("template", 12)], unnamed)).toBeNull();
    expect(await rareNameRoute(ask, [hit("template", 12)], lookups(holders))).toBeNull();
  });

  it("routes by a run its documents write as a term of their text, and ranks inside by it still", async () => {
    const many = Array.from({ length: COMMON_WORD_DOCUMENTS + 1 }, (_, i) => `loan-${i}`);
    const holders = { parent: many, pledge: many, place: many, "parent pledge": ["bird-amendment", "bird-loan"] };
    const ask = "is the parent pledge still in place?";
    const read: string[][] = [];
    const r = await rareNameRoute(ask, [hit("other", 9)], {
      ...lookups(holders, { "bird-amendment": "bird", "bird-loan": "bird" }),
      // capitalised in their openings ("the Parent Pledge"), a name of no party
      writtenNames: async () => ({ own: ["Amendment No. 8", "Bird Global, Inc."], opening: ["parent", "pledge"] }),
      readAsNames: (n) => read.push([...n]),
    });
    expect(r?.map((d) => d.documentId)).toEqual(["bird-amendment", "bird-loan"]);
    expect(read).toEqual([]);
  });

  it("looks up the words of a question typed in lower case, and routes by those few documents hold", async () => {
    const many = Array.from({ length: COMMON_WORD_DOCUMENTS + 1 }, (_, i) => `loan-${i}`);
    const holders = { milacron: ["milacron"], eurodollar: ["a", "b", "c", "d"], loans: many };
    const ask = "how is the eurodollar rate on milacron's loans determined?";
    expect(await rareNameRoute(ask, [hit("looksmart", 12)], lookups(holders))).toEqual([hit("milacron", 0)]);
    // no word few documents hold: the words' route stands
    expect(await rareNameRoute(ask, [hit("looksmart", 12)], lookups({ ...holders, milacron: many }))).toBeNull();
    // a store where no word of the question is in many documents: rarity tells no name
    const small = { ...holders, loans: many.slice(0, COMMON_WORD_DOCUMENTS) };
    expect(await rareNameRoute(ask, [hit("looksmart", 12)], lookups(small))).toBeNull();
  });
});

describe("routing a whole corpus by a name few documents hold", () => {
  // Credit agreements whose cards repeat the question's words, and the one amendment that names the borrower.
  const loans = (n: number) =>
    Object.fromEntries(
      Array.from({ length: n }, (_, i) => [
        `credit-${i}`,
        {
          name: `ex-${i}`,
          card: "CREDIT AGREEMENT: Eurodollar Rate loans, how the Eurodollar Rate is determined",
          body: "The Eurodollar Rate for each Interest Period is determined by the Agent.",
        },
      ]),
    );
  const corpus = {
    ...loans(4),
    amendment: {
      name: "ex-10",
      card: "AMENDMENT NUMBER TWO",
      body: "Cincinnati Milacron Inc. and the Banks amend the facility; the Eurodollar Rate is LIBOR.",
    },
  };
  const READER = { id: "reader", groups: ["g"] };

  it("routes to the one document that holds the party's name, not to the cards the words rank first", async () => {
    const s = await cardSearcher(corpus);
    const r = await s.route({ query: "How is the Eurodollar Rate on Milacron's loans determined?", principal: READER });
    expect(r.documents.map((d) => d.documentId)).toEqual(["amendment"]);
    // a name no card answers to is a term of the text: the whole corpus still votes beside the route
    expect(r.settled).toBe(false);
    // without the name, the words' route stands
    const plain = await s.route({ query: "How is the Eurodollar Rate on the loans determined?", principal: READER });
    expect(plain.documents.map((d) => d.documentId)).not.toContain("amendment");
  });

  it("routes a question typed in lower case by the name in it that few documents hold, in a store of many documents", async () => {
    const query = "how is the eurodollar rate on milacron's loans determined?";
    // a small store: every word is in few documents, and none is read as a name
    const small = await cardSearcher(corpus);
    expect((await small.route({ query, principal: READER })).documents.map((d) => d.documentId)).not.toEqual([
      "amendment",
    ]);
    const leases = Object.fromEntries(
      Array.from({ length: COMMON_WORD_DOCUMENTS + 1 }, (_, i) => [
        `lease-${i}`,
        { name: `l-${i}`, card: "EQUIPMENT LEASE", body: "No loans are made under this lease." },
      ]),
    );
    const s = await cardSearcher({ ...corpus, ...leases });
    const routed = await s.route({ query, principal: READER });
    expect(routed.documents.map((d) => d.documentId)).toEqual(["amendment"]);
    // the word that routed it is a name: inside the route, passages are ranked without it
    expect(routed.namesRead).toEqual(["milacron"]);
    expect((await small.route({ query, principal: READER })).namesRead).toBeUndefined();
  });

  it("settles the route when the name is a party's, on the card of a document it routes to", async () => {
    const s = await cardSearcher({
      ...corpus,
      amendment: {
        ...corpus.amendment,
        card: "AMENDMENT NUMBER TWO to the Credit Agreement of Cincinnati Milacron Inc.",
      },
    });
    const r = await s.route({ query: "How is the Eurodollar Rate set on loans to Milacron?", principal: READER });
    expect(r.documents.map((d) => d.documentId)).toEqual(["amendment"]);
    expect(r.settled).toBe(true);
  });

  it("settles the route of a question typed in lower case when its words find a routed document's card first", async () => {
    const leases = Object.fromEntries(
      Array.from({ length: COMMON_WORD_DOCUMENTS + 1 }, (_, i) => [
        `lease-${i}`,
        { name: `l-${i}`, card: "EQUIPMENT LEASE", body: "The rate of rent is fixed under this lease." },
      ]),
    );
    const amendment = {
      ...corpus.amendment,
      card: "AMENDMENT NUMBER TWO to the Credit Agreement of Cincinnati Milacron Inc.",
    };
    const query = "how is the eurodollar rate set for milacron?";
    const named = await (await cardSearcher({ ...corpus, ...leases, amendment })).route({ query, principal: READER });
    expect(named.documents.map((d) => d.documentId)).toEqual(["amendment"]);
    expect(named.settled).toBe(true);
    // the card does not name it: the route is a guess, and the whole corpus is searched beside it
    const unnamed = await (await cardSearcher({ ...corpus, ...leases })).route({ query, principal: READER });
    expect(unnamed.documents.map((d) => d.documentId)).toEqual(["amendment"]);
    expect(unnamed.settled).toBe(false);
  });

  it("does not route by a name more documents hold than the cut", async () => {
    const many = Object.fromEntries(
      Array.from({ length: RARE_NAME_CUT.documents + 1 }, (_, i) => [
        `fleet-${i}`,
        { name: `f-${i}`, card: "LEASE of vehicles", body: "Fleet vehicles are leased monthly." },
      ]),
    );
    const s = await cardSearcher({ ...many, ...loans(2) });
    const r = await s.route({ query: "How is the Eurodollar Rate on Fleet's loans determined?", principal: READER });
    expect(r.documents.map((d) => d.documentId).every((id) => id.startsWith("credit-"))).toBe(true);
  });

  it("finds a word of a lower-case question only in documents the asker may read", async () => {
    const leases = Object.fromEntries(
      Array.from({ length: COMMON_WORD_DOCUMENTS + 1 }, (_, i) => [
        `lease-${i}`,
        { name: `l-${i}`, card: "EQUIPMENT LEASE", body: "No loans are made under this lease." },
      ]),
    );
    const query = "how is the eurodollar rate on milacron's loans determined?";
    const open = await cardSearcher({ ...corpus, ...leases });
    expect((await open.route({ query, principal: READER })).documents.map((d) => d.documentId)).toEqual(["amendment"]);
    const walled = await cardSearcher({ ...corpus, ...leases, amendment: { ...corpus.amendment, groups: ["board"] } });
    expect((await walled.route({ query, principal: READER })).documents.map((d) => d.documentId)).not.toContain(
      "amendment",
    );
  });

  it("finds a name only in documents the asker may read", async () => {
    const s = await cardSearcher({ ...corpus, amendment: { ...corpus.amendment, groups: ["board"] } });
    const r = await s.route({ query: "How is the Eurodollar Rate on Milacron's loans determined?", principal: READER });
    expect(r.documents.map((d) => d.documentId)).not.toContain("amendment");
  });
});
