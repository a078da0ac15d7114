import { openSqliteDatabase } from "@lexnav/catalog";
import { beforeAll, describe, expect, it } from "vitest";
import { createSqliteLexicalIndex } from "../adapters/sqlite-lexical-index.ts";
import type { LexicalIndex } from "../ports/lexical-index.ts";
import type { Passage } from "./passages.ts";
import { createSearcher, type LexicalSource, SEARCH_MODES, type SearchMode, type TextOf } from "./search.ts";

// A Searcher whose own lexical index is empty scratch (a process on the shared catalog) and a lexical
// source over another process's index: every mode must read the source, never its own index.
const BODIES: Record<string, string> = {
  loan: "LOAN AGREEMENT\nThe Borrower shall repay the Loans on the Maturity Date.\nThis Agreement is governed by New York law.\nNotices to the Borrower go to Acme Widgets at its office.",
  lease: "LEASE\nThe Tenant shall pay rent monthly.\nThis Lease is governed by English law.",
};
const GROUPS: Record<string, string> = { loan: "deal", lease: "other" };
const text: TextOf = (documentId) => BODIES[documentId] ?? null;
const DEAL = { id: "dana", groups: ["deal"] };
const OTHER = { id: "olga", groups: ["other"] };

const passagesOf = (documentId: string): Passage[] => {
  const body = BODIES[documentId] as string;
  return body.split("\n").map((line, i) => {
    const start = body.indexOf(line);
    return {
      id: `${documentId}-p${i}`,
      documentId,
      version: "v1",
      nodeId: `${documentId}-n${i}`,
      start,
      end: start + line.length,
      heading: "",
      clauseRef: "",
      terms: "",
      body: line,
    };
  });
};

/** An index no call may reach: the Searcher's own, which the source stands in for. */
const unreachable = new Proxy({} as LexicalIndex, {
  get: (_, method) => () => Promise.reject(new Error(`the Searcher read its own lexical index (${String(method)})`)),
});

let stage: LexicalIndex;
const calls: string[] = [];
let source: LexicalSource;

beforeAll(async () => {
  stage = createSqliteLexicalIndex(openSqliteDatabase(":memory:"));
  const version = await stage.createVersion();
  for (const id of Object.keys(BODIES))
    await stage.putDocument(version, id, { principals: [], groups: [GROUPS[id] as string] }, passagesOf(id), {
      text: (BODIES[id] as string).split("\n")[0] as string,
      name: id,
    });
  await stage.activate(version);
  // The source as the lexical stage client is: the principal and scope passed on, no pinned version.
  source = {
    search: async (q) => {
      calls.push("search");
      return await stage.search({
        text: q.text,
        principal: q.principal,
        k: q.k,
        ...(q.documentIds ? { documentIds: q.documentIds } : {}),
      });
    },
    searchDocuments: async (q) => {
      calls.push("searchDocuments");
      return await stage.searchDocuments({
        text: q.text,
        principal: q.principal,
        k: q.k,
        ...(q.documentIds ? { documentIds: q.documentIds } : {}),
      });
    },
    documentsHolding: async (q) => {
      calls.push("documentsHolding");
      const held = await stage.documentsHolding?.({
        text: q.text,
        principal: q.principal,
        limit: q.limit,
        ...(q.documentIds ? { documentIds: q.documentIds } : {}),
      });
      return held ?? { documentIds: [], indexVersion: "" };
    },
    listPassages: async (q) => {
      calls.push("listPassages");
      return await stage.listPassages({
        principal: q.principal,
        ...(q.documentIds ? { documentIds: q.documentIds } : {}),
      });
    },
    activeVersion: async () => {
      calls.push("activeVersion");
      return await stage.activeVersion();
    },
  };
});

describe("a Searcher with a lexical source reads the source for every lexical read", () => {
  const searcher = () => createSearcher({ lexical: unreachable, sources: { lexical: source } });
  const documents = (ps: ReadonlyArray<{ documentId: string }>) => [...new Set(ps.map((p) => p.documentId))];

  it("every mode: the source's passages of what the principal may read, and the source's version", async () => {
    const version = await stage.activeVersion();
    for (const mode of SEARCH_MODES) {
      const r = await searcher().search(
        { query: "When must the Borrower repay the Loans?", principal: DEAL, mode, k: 5 },
        text,
      );
      expect(r.trace.indexVersion, mode).toBe(version);
      // Dense has no dense source or store here: no passages, and its version read from the source.
      if (mode === ("dense" satisfies SearchMode)) expect(r.passages, mode).toEqual([]);
      else expect(documents(r.passages), mode).toEqual(["loan"]);
      const other = await searcher().search(
        { query: "When must the Borrower repay the Loans?", principal: OTHER, mode, k: 5 },
        text,
      );
      expect(documents(other.passages), mode).not.toContain("loan");
    }
    // Routing, inject and the version went to the source too, not only passage search.
    expect(new Set(calls)).toEqual(new Set(["search", "searchDocuments", "listPassages", "activeVersion"]));
  });

  it("routes by a name few documents hold through the source's phrase lookup, as over its own index", async () => {
    calls.length = 0;
    const query = "Where do notices for Acme Widgets go?";
    const r = await searcher().route({ query, principal: DEAL });
    expect(calls).toContain("documentsHolding");
    expect(r.documents.map((d) => d.documentId)).toEqual(["loan"]);
    // the same Searcher over the index itself routes the same way
    const own = await createSearcher({ lexical: stage }).route({ query, principal: DEAL });
    expect(own.documents).toEqual(r.documents);
    expect(own.routedBy).toBe(r.routedBy);
    // and the lookup runs for the asker: another's document is never routed to
    const other = await searcher().route({ query, principal: OTHER });
    expect(other.documents.map((d) => d.documentId)).not.toContain("loan");
  });

  it("route reads the documents' cards from the source, permission-filtered", async () => {
    const r = await searcher().route({ query: "Under the loan agreement, when is repayment due?", principal: DEAL });
    expect(r.documents.map((d) => d.documentId)).toEqual(["loan"]);
    const other = await searcher().route({
      query: "Under the loan agreement, when is repayment due?",
      principal: OTHER,
    });
    expect(other.documents.map((d) => d.documentId)).not.toContain("loan");
  });
});
