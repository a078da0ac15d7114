import { describe, expect, it } from "vitest";
import { cardSearcher } from "../../../../test/support/card-searcher.ts";
import {
  cutRoute,
  namedDealsRoute,
  namesADeal,
  type PartyRouteLookups,
  partyRoute,
  routeByNames,
  routeWithinNamed,
} from "./party-route.ts";

const CUT = { ratio: 0.8, max: 2 };
const hit = (documentId: string, score: number) => ({ documentId, score });
const alone = (id: string) => `document:${id}`;

describe("cutRoute", () => {
  it("keeps the best document and those within the ratio of it, at most max, never a zero score", () => {
    expect(cutRoute([hit("a", 10), hit("b", 8.5), hit("c", 8.4)], CUT)).toEqual([hit("a", 10), hit("b", 8.5)]);
    expect(cutRoute([hit("a", 10), hit("b", 7)], CUT)).toEqual([hit("a", 10)]);
    expect(cutRoute([hit("a", 0)], CUT)).toEqual([]);
  });
});

describe("namesADeal", () => {
  it("reads a party phrase as a name unless it is only an instrument's kind", () => {
    expect(namesADeal("Zorblax Technologies'")).toBe(true);
    expect(namesADeal("Acme’s")).toBe(true);
    expect(namesADeal("Orion/Vega")).toBe(true);
    expect(namesADeal("NDA")).toBe(false);
    expect(namesADeal("MSA")).toBe(false);
  });
});

describe("routeByNames", () => {
  it("routes to what the names find when it is no deal the words chose", () => {
    const r = routeByNames(
      [hit("other-nda", 11), hit("template", 10.9)],
      [[hit("named", 8.7), hit("x", 5)]],
      alone,
      CUT,
    );
    expect(r).toEqual([hit("named", 8.7)]);
  });

  it("keeps the words' route when a name finds a deal they chose, in any of its documents", () => {
    // a common name finds another deal first, and the one the words chose close behind
    expect(routeByNames([hit("deal", 10)], [[hit("elsewhere", 9.6), hit("deal", 9.5)]], alone, CUT)).toBeNull();
    // the name finds the deal's amendment, the words its main agreement: one deal
    const dealOf = (id: string) => (id === "main" || id === "amendment" ? "set:s1" : alone(id));
    expect(routeByNames([hit("main", 10)], [[hit("amendment", 6)]], dealOf, CUT)).toBeNull();
  });

  it("keeps the words' route when no name finds a document", () => {
    expect(routeByNames([hit("a", 3)], [[], [hit("z", 0)]], alone, CUT)).toBeNull();
  });

  it("puts first the documents more names find", () => {
    const r = routeByNames([hit("w", 20)], [[hit("a", 9), hit("b", 8)], [hit("b", 4)]], alone, CUT);
    expect(r?.map((h) => h.documentId)).toEqual(["b", "a"]);
  });
});

describe("partyRoute", () => {
  const lookups = (cards: Record<string, Array<{ documentId: string; score: number }>>): PartyRouteLookups => ({
    documents: async (text) => cards[text] ?? [],
    dealOf: async () => null,
    cut: CUT,
  });

  it("looks each party phrase up on its own, the possessive as written", async () => {
    const asked: string[] = [];
    const r = await partyRoute("Can the recipient share Zorblax Labs's information?", [hit("other", 11)], {
      ...lookups({}),
      documents: async (text) => {
        asked.push(text);
        return [hit("zorblax", 8.7)];
      },
    });
    expect(asked).toEqual(["Zorblax Labs's"]);
    expect(r).toEqual([hit("zorblax", 8.7)]);
  });

  it("does not look up a phrase that is only an instrument's kind", async () => {
    const r = await partyRoute(
      "What does Acme’s NDA say about residuals?",
      [hit("other", 5)],
      lookups({ NDA: [hit("nda", 9)] }),
    );
    expect(r).toBeNull();
  });
});

// Three NDAs: two whose cards repeat the words every NDA question asks, and one whose card names its
// parties and little else. Card BM25 over the whole question routes a question about that one elsewhere.
const NDAS: Record<string, { name: string; card: string; body: string }> = {
  template: {
    name: "NDA-template",
    card: "NON-DISCLOSURE AGREEMENT. The recipient may share confidential information with its contractors and consultants; on request the recipient shall return or destroy all materials.",
    body: "The recipient may share confidential information with contractors and consultants who need to know it.",
  },
  generic: {
    name: "Generic-NDA",
    card: "CONFIDENTIALITY AGREEMENT. Information, recipient, contractors, consultants: materials to be returned or destroyed on request.",
    body: "Recipient shall return or destroy materials on request.",
  },
  zorblax: {
    name: "ZT Mutual NDA",
    card: "MUTUAL NON-DISCLOSURE AGREEMENT between Acme Corp and Zorblax Technologies, LLC (ZT)",
    body: "Neither party shall disclose the other's Confidential Information to its advisers without consent.",
  },
  orion: {
    name: "license-ex-4",
    card: "SOFTWARE LICENSE AGREEMENT between Orion Ltd and Vega Inc",
    body: "Orion grants Vega a licence to use the software.",
  },
};
// Other deals, so that the words NDAs share are not in most cards (as in any corpus of several kinds).
const KINDS = ["LEASE", "LOAN AGREEMENT", "SUPPLY AGREEMENT", "EMPLOYMENT AGREEMENT", "PLEDGE AGREEMENT"];
const OTHERS = Object.fromEntries(
  KINDS.flatMap((kind, i) =>
    [1, 2].map((n) => [
      `other-${i}-${n}`,
      { name: `ex-${i}-${n}`, card: `${kind} No. ${n}: term, payment and notices`, body: "Payment is due monthly." },
    ]),
  ),
);
const READER = { id: "reader", groups: ["g"] };

const ndaSearcher = () => cardSearcher({ ...NDAS, ...OTHERS });

describe("routing a question by the party it names", () => {
  it("goes to the deal a party names in the possessive, over cards that repeat the asking words", async () => {
    const s = await ndaSearcher();
    const route = async (query: string) =>
      (await s.route({ query, principal: READER })).documents.map((d) => d.documentId);
    // the asking words alone lead elsewhere: the fixture is the case the rule is for
    expect((await route("Can the recipient share information with contractors or consultants?"))[0]).not.toBe(
      "zorblax",
    );
    for (const query of [
      "Can the recipient share Zorblax's information with contractors or consultants?",
      "Can the recipient share Zorblax’s information with contractors or consultants?",
      "Can the recipient share Zorblax Technologies' information with contractors or consultants?",
      "On request, must the recipient return Zorblax's materials or may it destroy them?",
    ])
      expect(await route(query)).toEqual(["zorblax"]);
    // a name joined to its counterparty by a slash is each of them
    expect(await route("May the recipient share Orion/Vega information with contractors or consultants?")).toEqual([
      "orion",
    ]);
  });

  it("keeps the route unsettled, so the whole corpus is searched beside the named deal", async () => {
    const s = await ndaSearcher();
    const query = "Can the recipient share Zorblax's information with contractors or consultants?";
    expect((await s.route({ query, principal: READER })).settled).toBe(false);
    const r = await s.search({ query, principal: READER, mode: "hybrid", k: 3 }, (id) => NDAS[id]?.body ?? null);
    expect(r.trace.stages.map((t) => t.stage)).toContain("corpus");
    expect(r.trace.stages.find((t) => t.stage === "route")?.candidates.map((c) => c.id)).toEqual(["zorblax"]);
  });

  it("keeps the words' route for a short form no card has", async () => {
    const s = await ndaSearcher();
    const words = await s.route({
      query: "Can the recipient share information with contractors or consultants?",
      principal: READER,
    });
    const short = await s.route({
      query: "Can the recipient share QRX's information with contractors or consultants?",
      principal: READER,
    });
    expect(short.documents.map((d) => d.documentId)).toEqual(words.documents.map((d) => d.documentId));
  });
});

describe("routeWithinNamed", () => {
  const deal = (id: string) => (id.startsWith("fleet") ? "set:fleet" : `document:${id}`);
  it("keeps the deals that hold a name, a deal's other documents with them", () => {
    const route = [hit("zounds", 9), hit("fleet-amendment", 8), hit("fleet-main", 7)];
    expect(routeWithinNamed(route, new Set(["fleet-amendment"]), deal)).toEqual([
      hit("fleet-amendment", 8),
      hit("fleet-main", 7),
    ]);
  });

  it("leaves the route when no routed document holds a name, or every deal does", () => {
    const route = [hit("zounds", 9), hit("fleet-main", 7)];
    expect(routeWithinNamed(route, new Set(), deal)).toBeNull();
    expect(routeWithinNamed(route, new Set(["zounds", "fleet-main"]), deal)).toBeNull();
  });
});

describe("namedDealsRoute", () => {
  const lookups = (held: Record<string, string[]>, asked: string[] = []) => ({
    holding: async (phrase: string, ids: readonly string[]) => {
      asked.push(phrase);
      return (held[phrase] ?? []).filter((id) => ids.includes(id));
    },
    dealOf: async () => null,
  });

  it("looks each name up whole among the routed documents, without its possessive, each of a slashed pair", async () => {
    const asked: string[] = [];
    const route = [hit("zounds", 9), hit("fleet", 8), hit("vega", 7)];
    const r = await namedDealsRoute(
      "May Fleet's contractor or Orion/Vega hand off the manufacturing?",
      route,
      lookups({ Fleet: ["fleet"], Vega: ["vega", "elsewhere"] }, asked),
    );
    expect(asked).toEqual(["Fleet", "Orion", "Vega"]);
    expect(r).toEqual([hit("fleet", 8), hit("vega", 7)]);
  });

  it("does nothing for one deal, or a question that names no party", async () => {
    expect(
      await namedDealsRoute("May Fleet subcontract?", [hit("fleet", 8)], lookups({ Fleet: ["fleet"] })),
    ).toBeNull();
    expect(await namedDealsRoute("May the supplier subcontract?", [hit("a", 8), hit("b", 7)], lookups({}))).toBeNull();
  });
});

// Two manufacturing agreements: one between named companies, and one whose parties are defined by their
// roles, "Manufacturer" and "Subcontractor", so that its text is full of a question's asking words.
const MAKERS: Record<string, { name: string; card: string; body: string }> = {
  fleet: {
    name: "Columbia - Manufacturing and Supply Agreement",
    card: "MANUFACTURING AGREEMENT between Columbia and Fleet: part of the manufacturing to a subcontractor",
    body: "Fleet shall not subcontract any part of the manufacturing of the Product without Columbia's prior written consent.",
  },
  zounds: {
    name: "Manufacturing Design Marketing Agreement",
    card: "MANUFACTURING AGREEMENT between Manufacturer and Subcontractor: part of the manufacturing",
    body: "Subcontractor as the Manufacturer's subcontractor will provide manufacturing services; the Subcontractor may hand off manufacturing to its affiliates.",
  },
};

// Loans whose lender is a bank of the same name: the name is in too many deals to route on its own
// (`rare-name-route.ts`), as a party's name often is in a whole corpus.
const LOANS = Object.fromEntries(
  [1, 2, 3, 4].map((n) => [
    `loan-${n}`,
    { name: `loan-${n}`, card: `LOAN AGREEMENT No. ${n}: interest`, body: "Fleet National Bank shall lend the sums." },
  ]),
);

describe("a route of several deals, settled by a party the question names", () => {
  it("leaves out the deal that never names the party", async () => {
    const s = await cardSearcher({ ...MAKERS, ...OTHERS, ...LOANS });
    const route = async (query: string) =>
      (await s.route({ query, principal: READER })).documents.map((d) => d.documentId).sort();
    // the asking words route to both agreements: the fixture is the case the rule is for
    expect(await route("May it hand off part of the manufacturing to a subcontractor?")).toEqual(["fleet", "zounds"]);
    expect(await route("May Fleet hand off part of the manufacturing to a subcontractor?")).toEqual(["fleet"]);
  });
});
