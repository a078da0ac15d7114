import { create } from "@bufbuild/protobuf";
import { type ServiceError, status } from "@grpc/grpc-js";
import { LexnavError, silentLogger } from "@lexnav/core";
import type { Access, DocumentRecord } from "@lexnav/document-model";
import { createLexicalStageClient, createStageSearchClient, withCallContext } from "@lexnav/grpc";
import { createStageSearchServer, STAGE_SEARCH_SERVICE, type StageQuery, type StageStore } from "@lexnav/indexer";
import { searchV1 } from "@lexnav/proto";
import { mayRead, type Principal } from "@lexnav/retrieval";
import { afterEach, describe, expect, it } from "vitest";
import { unaryClient } from "../support/grpc-client.ts";

const docs = [
  {
    id: "d1",
    access: { principals: [], groups: ["deal-team"] },
    lifecycle: "indexed",
    transactionSetId: null,
    currentVersion: "v1",
  },
  {
    id: "d2",
    access: { principals: [], groups: ["other"] },
    lifecycle: "indexed",
    transactionSetId: null,
    currentVersion: "v1",
  },
  // Ingested, its first version still waiting for the stores: served nowhere.
  {
    id: "d3",
    access: { principals: [], groups: ["deal-team"] },
    lifecycle: "indexed",
    transactionSetId: null,
    currentVersion: null,
    pendingVersion: "v1",
  },
] as unknown as DocumentRecord[];
const catalog = {
  getDocument: async (id: string) => docs.find((d) => d.id === id) ?? null,
  listDocuments: async () => docs,
  transactionSetNames: async () => new Map<string, string>(),
};

let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stop?.();
  stop = null;
});

/** A stage search server over `search` (and the store's other reads, when given), in process, and a client of it. */
async function serve(
  search: StageStore["search"],
  reads: Pick<StageStore, "searchDocuments" | "documentsHolding" | "listPassages" | "activeVersion"> = {},
  stageCatalog: typeof catalog = catalog,
) {
  const store: StageStore = {
    name: "lexical",
    upsert: async () => {},
    remove: async () => 0,
    setAccess: async () => {},
    search,
    ...reads,
  };
  const server = createStageSearchServer({
    store,
    mode: searchV1.SearchMode.LEXICAL,
    catalog: stageCatalog,
    logger: silentLogger,
  });
  const port = await server.listen("127.0.0.1:0");
  const client = unaryClient<searchV1.SearchRequest, searchV1.SearchResponse>(STAGE_SEARCH_SERVICE, "search", port);
  stop = async () => {
    client.close();
    await server.stop(1_000);
  };
  return Object.assign(client, { port, server });
}

const request = (extra: { documentIds?: string[]; topK?: number } = {}) =>
  create(searchV1.SearchRequestSchema, {
    query: "termination for convenience",
    principal: { id: "alice", groups: ["deal-team"] },
    mode: searchV1.SearchMode.LEXICAL,
    ...extra,
  });

describe("a stage's search server (in process, on a loopback port)", () => {
  it("hands the store the request's principal and its scope, resolved against what the principal may read", async () => {
    const seen: StageQuery[] = [];
    const client = await serve(async (q) => {
      seen.push(q);
      return {
        hits: [{ passageId: "p1", documentId: "d1", version: "v1", nodeId: "n1", start: 0, end: 10, score: 2.5 }],
        indexVersion: "lex-1",
      };
    });
    const r = await client.call(request({ documentIds: ["d1"] }));
    expect(seen).toEqual([
      {
        text: "termination for convenience",
        principal: { id: "alice", groups: ["deal-team"] },
        k: 10,
        documentIds: ["d1"],
      },
    ]);
    expect(r.indexVersion).toBe("lex-1");
    expect(r.hits.map((h) => [h.documentId, h.score, h.stageScores[0]?.stage, h.stageScores[0]?.rank])).toEqual([
      ["d1", 2.5, "lexical", 1],
    ]);
    // A document the principal may not read is not found, as an unknown one is: the store is never asked.
    expect(((await client.refusal(request({ documentIds: ["d2"] }))) as ServiceError).code).toBe(status.NOT_FOUND);
    expect(((await client.refusal(request({ topK: 1000 }))) as ServiceError).code).toBe(status.INVALID_ARGUMENT);
    expect(seen).toHaveLength(1);
  });

  it("returns only hits of the version the catalog serves: a store between versions never mixes them", async () => {
    const hit = (documentId: string, version: string, score: number) => ({
      passageId: `${documentId}-${version}`,
      documentId,
      version,
      nodeId: "n1",
      start: 0,
      end: 10,
      score,
    });
    const client = await serve(async () => ({
      // d1 at the served v1 and at v2 (applied here, not yet served); d3 never served.
      hits: [hit("d1", "v2", 3), hit("d3", "v1", 2.8), hit("d1", "v1", 2.5)],
      indexVersion: "lex-1",
    }));
    const r = await client.call(request());
    expect(r.hits.map((h) => [h.documentId, h.version, h.stageScores[0]?.rank])).toEqual([["d1", "v1", 1]]);
  });

  it("answers every read under the catalog's current access while the store has not applied a change", async () => {
    // The store filters by the access it last applied; the catalog has since revoked alice's group from
    // `revoked`, walled alice off `walled`, and granted her `granted`, and the store has applied none of it.
    const applied: Record<string, Access> = {
      kept: { principals: [], groups: ["deal-team"] },
      revoked: { principals: [], groups: ["deal-team"] },
      walled: { principals: [], groups: ["deal-team"] },
      granted: { principals: ["bob"], groups: [] },
    };
    const current: Record<string, Access> = {
      kept: applied.kept as Access,
      revoked: { principals: ["bob"], groups: [] },
      walled: { principals: [], groups: ["deal-team"], deny: { principals: ["alice"], groups: [] } },
      granted: { principals: ["alice", "bob"], groups: [] },
    };
    const record = (id: string) =>
      current[id]
        ? ({
            id,
            access: current[id],
            lifecycle: "indexed",
            transactionSetId: null,
            currentVersion: "v1",
          } as DocumentRecord)
        : null;
    const stale = {
      getDocument: async (id: string) => record(id),
      listDocuments: async () => Object.keys(current).flatMap((id) => record(id) ?? []),
      transactionSetNames: async () => new Map<string, string>(),
    };
    const visible = (p: Principal) => Object.keys(applied).filter((id) => mayRead(p, applied[id] as Access));
    const passage = (documentId: string) => ({
      passageId: `${documentId}-p`,
      documentId,
      version: "v1",
      nodeId: "n1",
      start: 0,
      end: 10,
      score: 1,
    });
    const client = await serve(
      async (q) => ({ hits: visible(q.principal).map(passage), indexVersion: "lex-1" }),
      {
        searchDocuments: async (q) => ({
          hits: visible(q.principal).map((documentId) => ({ documentId, score: 1, named: false })),
          indexVersion: "lex-1",
        }),
        listPassages: async (q) => ({ hits: visible(q.principal).map(passage), indexVersion: "lex-1" }),
      },
      stale,
    );
    const alice = { id: "alice", groups: ["deal-team"] };
    // The store would have answered kept, revoked and walled; only kept is readable now, and granted
    // waits for the store: the store's filter stays the authority for what a grant adds.
    expect(visible(alice)).toEqual(["kept", "revoked", "walled"]);
    expect((await client.call(request())).hits.map((h) => h.documentId)).toEqual(["kept"]);
    const source = createLexicalStageClient({ target: `127.0.0.1:${client.port}` });
    try {
      const documents = await source.searchDocuments({ text: "master services", principal: alice, k: 5 });
      expect(documents.hits.map((h) => h.documentId)).toEqual(["kept"]);
      expect((await source.listPassages({ principal: alice })).hits.map((h) => h.documentId)).toEqual(["kept"]);
    } finally {
      source.close();
    }
  });

  it("maps errors to gRPC codes, and an internal error's message stays in the log", async () => {
    let fail: Error = new LexnavError("unavailable", "the lexical store is busy", { retryable: true });
    const client = await serve(async () => {
      throw fail;
    });
    const busy = (await client.refusal(request())) as ServiceError;
    expect([busy.code, busy.details]).toEqual([status.UNAVAILABLE, "the lexical store is busy"]);
    fail = new Error("SQLITE_CORRUPT: /srv/lexnav/lexical.sqlite page 4 of table lex_fts");
    const internal = (await client.refusal(request())) as ServiceError;
    expect(internal.code).toBe(status.INTERNAL);
    expect(internal.details).toBe("internal error; the lexical service log has the details");
  });
});

describe("the stage-search client (the answer service's candidate source)", () => {
  const hit = { passageId: "p1", documentId: "d1", version: "v1", nodeId: "n1", start: 0, end: 10, score: 2.5 };
  const principal = { id: "alice", groups: ["deal-team"] };

  it("sends the principal, k and scope in the request and returns the hits by span", async () => {
    const seen: StageQuery[] = [];
    const { port } = await serve(async (q) => {
      seen.push(q);
      return { hits: [hit], indexVersion: "lex-1" };
    });
    const source = createStageSearchClient("lexical", { target: `127.0.0.1:${port}` });
    try {
      const r = await source.search({ text: "termination", principal, k: 7, documentIds: ["d1"] });
      expect(r).toEqual({
        indexVersion: "lex-1",
        hits: [{ documentId: "d1", version: "v1", nodeId: "n1", start: 0, end: 10, score: 2.5 }],
      });
      expect(seen).toEqual([{ text: "termination", principal, k: 7, documentIds: ["d1"] }]);
    } finally {
      source.close();
    }
  });

  it("gives each call what is left of the request's deadline: a slow stage is deadline_exceeded at the deadline", async () => {
    const { port } = await serve(async () => {
      await new Promise((r) => setTimeout(r, 2_000));
      return { hits: [hit], indexVersion: "lex-1" };
    });
    const source = createStageSearchClient("lexical", { target: `127.0.0.1:${port}` });
    try {
      const t0 = Date.now();
      const e = await withCallContext({ deadline: Date.now() + 300 }, () =>
        source.search({ text: "termination", principal, k: 5 }).then(
          () => null,
          (err: unknown) => err,
        ),
      );
      expect(e).toBeInstanceOf(LexnavError);
      expect((e as LexnavError).code).toBe("deadline_exceeded");
      expect(Date.now() - t0).toBeLessThan(1_500);
    } finally {
      source.close();
    }
  });

  it("a stage that is down is unavailable, naming the stage and not its address", async () => {
    const { port, server } = await serve(async () => ({ hits: [hit], indexVersion: "lex-1" }));
    await server.stop(1_000);
    const source = createStageSearchClient("vector", { target: `127.0.0.1:${port}`, timeoutMs: 5_000 });
    try {
      const e = (await source.search({ text: "termination", principal, k: 5 }).then(
        () => null,
        (err: unknown) => err,
      )) as LexnavError;
      expect(e.code).toBe("unavailable");
      expect(e.message).toBe("the vector service is unavailable");
    } finally {
      source.close();
    }
  });
});

describe("the lexical stage's other reads (routing, inject, version), through createLexicalStageClient", () => {
  const principal = { id: "alice", groups: ["deal-team"] };
  const passage = { passageId: "p1", documentId: "d1", version: "v1", nodeId: "n1", start: 0, end: 10, score: 0 };
  const noSearch = async () => ({ hits: [], indexVersion: "lex-1" });

  it("hands the store the principal and the scope, and returns its documents, passages and version", async () => {
    const seen: unknown[] = [];
    let version: string | null = null;
    const { port } = await serve(noSearch, {
      searchDocuments: async (q) => {
        seen.push(["documents", q]);
        return { hits: [{ documentId: "d1", score: 3.5, named: true }], indexVersion: "lex-1" };
      },
      listPassages: async (q) => {
        seen.push(["passages", q]);
        return { hits: [passage], indexVersion: "lex-1" };
      },
      activeVersion: async () => version,
    });
    const source = createLexicalStageClient({ target: `127.0.0.1:${port}` });
    try {
      expect(await source.searchDocuments({ text: "master services", principal, k: 5, documentIds: ["d1"] })).toEqual({
        hits: [{ documentId: "d1", score: 3.5, named: true }],
        indexVersion: "lex-1",
      });
      expect(await source.listPassages({ principal })).toEqual({
        hits: [{ documentId: "d1", version: "v1", nodeId: "n1", start: 0, end: 10, score: 0 }],
        indexVersion: "lex-1",
      });
      expect(seen).toEqual([
        ["documents", { text: "master services", principal, k: 5, documentIds: ["d1"] }],
        ["passages", { principal }],
      ]);
      // No active version yet is null, not an empty string.
      expect(await source.activeVersion()).toBeNull();
      version = "lex-2";
      expect(await source.activeVersion()).toBe("lex-2");
      // A document the principal may not read is not found, as an unknown one is: the store is never asked.
      for (const call of [
        () => source.searchDocuments({ text: "master services", principal, k: 5, documentIds: ["d2"] }),
        () => source.listPassages({ principal, documentIds: ["d2"] }),
      ]) {
        const e = await call().then(
          () => null,
          (err: unknown) => err,
        );
        expect((e as LexnavError).code).toBe("not_found");
      }
      expect(seen).toHaveLength(2);
    } finally {
      source.close();
    }
  });

  it("looks a phrase up for the principal, in the scope, and returns only documents the catalog serves (rare-name routing)", async () => {
    const seen: unknown[] = [];
    const { port } = await serve(noSearch, {
      // the store answers with d1, d2 (another's: a store behind an access change) and d3 (not yet served)
      documentsHolding: async (q) => {
        seen.push(q);
        return { documentIds: ["d1", "d2", "d3"], indexVersion: "lex-1" };
      },
    });
    const source = createLexicalStageClient({ target: `127.0.0.1:${port}` });
    try {
      expect(await source.documentsHolding({ text: "Acme Widgets", principal, limit: 7 })).toEqual({
        documentIds: ["d1"],
        indexVersion: "lex-1",
      });
      expect(await source.documentsHolding({ text: "Acme Widgets", principal, limit: 7, documentIds: ["d1"] })).toEqual(
        { documentIds: ["d1"], indexVersion: "lex-1" },
      );
      expect(seen).toEqual([
        { text: "Acme Widgets", principal, limit: 7 },
        { text: "Acme Widgets", principal, limit: 7, documentIds: ["d1"] },
      ]);
      // a scope the principal may not read is not found, and the store is never asked
      const e = await source.documentsHolding({ text: "Acme Widgets", principal, limit: 7, documentIds: ["d2"] }).then(
        () => null,
        (err: unknown) => err,
      );
      expect((e as LexnavError).code).toBe("not_found");
      // an empty phrase is refused, never a lookup of everything
      const empty = await source.documentsHolding({ text: " ", principal, limit: 7 }).then(
        () => null,
        (err: unknown) => err,
      );
      expect((empty as LexnavError).code).toBe("invalid_argument");
      expect(seen).toHaveLength(2);
    } finally {
      source.close();
    }
  });

  it("lists only passages of the version the catalog serves, as Search returns them (inject reads their text by version)", async () => {
    const at = (documentId: string, version: string) => ({
      ...passage,
      passageId: `${documentId}-${version}`,
      documentId,
      version,
    });
    const { port } = await serve(noSearch, {
      // d1 at the served v1 and at v2 (applied here, not yet served); d3 never served.
      listPassages: async () => ({ hits: [at("d1", "v1"), at("d1", "v2"), at("d3", "v1")], indexVersion: "lex-1" }),
    });
    const source = createLexicalStageClient({ target: `127.0.0.1:${port}` });
    try {
      const listed = await source.listPassages({ principal });
      expect(listed.hits.map((h) => [h.documentId, h.version])).toEqual([["d1", "v1"]]);
    } finally {
      source.close();
    }
  });

  it("refuses a read without a principal, and a store without the reads (the vector stage's) leaves them unimplemented", async () => {
    const withReads = await serve(noSearch, { activeVersion: async () => "lex-1" });
    const documents = unaryClient<searchV1.SearchDocumentsRequest, searchV1.SearchDocumentsResponse>(
      STAGE_SEARCH_SERVICE,
      "searchDocuments",
      withReads.port,
    );
    const passages = unaryClient<searchV1.ListPassagesRequest, searchV1.ListPassagesResponse>(
      STAGE_SEARCH_SERVICE,
      "listPassages",
      withReads.port,
    );
    try {
      // This store serves the version only: its other reads are unimplemented, whoever asks.
      const refused = (await documents.refusal(
        create(searchV1.SearchDocumentsRequestSchema, { query: "master services", principal }),
      )) as ServiceError;
      expect(refused.code).toBe(status.UNIMPLEMENTED);
      expect(
        ((await passages.refusal(create(searchV1.ListPassagesRequestSchema, { principal }))) as ServiceError).code,
      ).toBe(status.UNIMPLEMENTED);
    } finally {
      documents.close();
      passages.close();
    }
    await stop?.();
    const full = await serve(noSearch, {
      searchDocuments: async () => ({ hits: [], indexVersion: "lex-1" }),
      listPassages: async () => ({ hits: [], indexVersion: "lex-1" }),
    });
    const documents2 = unaryClient<searchV1.SearchDocumentsRequest, searchV1.SearchDocumentsResponse>(
      STAGE_SEARCH_SERVICE,
      "searchDocuments",
      full.port,
    );
    const passages2 = unaryClient<searchV1.ListPassagesRequest, searchV1.ListPassagesResponse>(
      STAGE_SEARCH_SERVICE,
      "listPassages",
      full.port,
    );
    try {
      const noPrincipal = (await documents2.refusal(
        create(searchV1.SearchDocumentsRequestSchema, { query: "master services" }),
      )) as ServiceError;
      expect(noPrincipal.code).toBe(status.INVALID_ARGUMENT);
      expect(((await passages2.refusal(create(searchV1.ListPassagesRequestSchema, {}))) as ServiceError).code).toBe(
        status.INVALID_ARGUMENT,
      );
      expect(
        (
          (await documents2.refusal(
            create(searchV1.SearchDocumentsRequestSchema, { query: "master services", principal, topK: 1000 }),
          )) as ServiceError
        ).code,
      ).toBe(status.INVALID_ARGUMENT);
    } finally {
      documents2.close();
      passages2.close();
    }
  });
});
