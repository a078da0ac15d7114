/**
 * The Qdrant adapter's requests, checked with no server: no registry this machine reaches ships a
 * Qdrant server and docker has no engine here, so the adapter is given a recording double of the
 * client methods it calls (`QdrantCalls`). Each test scripts the few answers the adapter reads
 * (registry points, aliases, scroll pages) and asserts the requests it sends: filters, collection
 * and alias names, point ids, payloads and payload indexes. Whether Qdrant answers those requests as
 * the port requires is checked by test/contract/qdrant-vector-store.test.ts when QDRANT_URL is set.
 */
import { LexnavError } from "@lexnav/core";
import type { Access } from "@lexnav/document-model";
import { QdrantClientUnexpectedResponseError } from "@qdrant/js-client-rest";
import { describe, expect, it } from "vitest";
import {
  accessPayload,
  createQdrantVectorStore,
  PASSAGE_INDEXED_FIELDS,
  pointId,
  type QdrantCalls,
  readableFilter,
} from "./qdrant-vector-store.ts";

type Method = keyof QdrantCalls;
interface Call {
  method: Method;
  args: unknown[];
}
/** A scripted answer; parameters typed by each test for the requests it reads. */
type Answer = (...args: never[]) => unknown;
type Script = Partial<Record<Method, Answer>>;

const UPDATED = { operation_id: 1, status: "completed" };
const DEFAULTS: Record<Method, Answer> = {
  getAliases: () => ({ aliases: [] }),
  updateCollectionAliases: () => true,
  collectionExists: () => ({ exists: true }),
  createCollection: () => true,
  createPayloadIndex: () => UPDATED,
  deleteCollection: () => true,
  upsert: () => UPDATED,
  delete: () => UPDATED,
  setPayload: () => UPDATED,
  retrieve: () => [],
  scroll: () => ({ points: [], next_page_offset: null }),
  count: () => ({ count: 0 }),
  query: () => ({ points: [] }),
};

/** A recording double of the client: every call is kept, and answered by the script or a default. */
function recordingClient(script: Script = {}) {
  const calls: Call[] = [];
  const client = Object.fromEntries(
    (Object.keys(DEFAULTS) as Method[]).map((method) => [
      method,
      async (...args: unknown[]) => {
        calls.push({ method, args });
        return ((script[method] ?? DEFAULTS[method]) as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as QdrantCalls;
  return { client, calls, of: (method: Method) => calls.filter((c) => c.method === method).map((c) => c.args) };
}

const version = (id: string, dimensions = 4, embedderId = "minilm") => ({
  id: pointId("version", id),
  payload: { kind: "version", indexVersion: id, dimensions, embedderId, createdAt: "2026-12-01T00:00:00Z" },
});
/** Registry retrieve answering for the given versions. */
const registryOf =
  (...versions: ReturnType<typeof version>[]) =>
  (_collection: string, req: { ids: string[] }) =>
    versions.filter((v) => req.ids.includes(v.id));
const DEAL: Access = { principals: [], groups: ["deal-team"] };
const alice = { id: "alice", groups: ["deal-team", "board"] };
const unit = (...xs: number[]) => Float32Array.from(xs.map((x) => x / Math.hypot(...xs)));

describe("Qdrant vector store requests (recording client double: no Qdrant server here)", () => {
  it("puts the permission filter, the wall, the scope and the documents inside the query's filter", async () => {
    const { client, of } = recordingClient({
      retrieve: registryOf(version("vec-1")),
      query: () => ({
        points: [
          {
            id: "x",
            version: 1,
            score: 0.93,
            payload: { passageId: "d1-n1:0", documentId: "d1", version: "v1", nodeId: "d1-n1", start: 100, end: 150 },
          },
        ],
      }),
    });
    const store = createQdrantVectorStore({ client, prefix: "lexnav" });
    const r = await store.search({
      vector: unit(1, 0, 0, 0),
      principal: alice,
      k: 7,
      indexVersion: "vec-1",
      documentIds: ["d1", "d2"],
      scope: "group:deal-team",
    });
    expect(r).toEqual({
      indexVersion: "vec-1",
      hits: [
        { passageId: "d1-n1:0", documentId: "d1", version: "v1", nodeId: "d1-n1", start: 100, end: 150, score: 0.93 },
      ],
    });
    const [[collection, request]] = of("query") as [[string, Record<string, unknown>]];
    expect(collection).toBe("lexnav-vec-1");
    expect(request).toMatchObject({ limit: 7, query: Array.from(unit(1, 0, 0, 0)) });
    expect(request.filter).toEqual({
      must: [
        { key: "scope", match: { value: "group:deal-team" } },
        {
          should: [
            { key: "readerPrincipals", match: { value: "alice" } },
            { key: "readerGroups", match: { any: ["deal-team", "board"] } },
          ],
        },
        { key: "documentId", match: { any: ["d1", "d2"] } },
      ],
      must_not: [
        { key: "denyPrincipals", match: { value: "alice" } },
        { key: "denyGroups", match: { any: ["deal-team", "board"] } },
      ],
    });
    expect(request.params).toBeUndefined();
  });

  it("asks for the unscoped vectors without a scope, sends no empty group list, and scans exactly when told", async () => {
    expect(readableFilter({ id: "gc", groups: [] }, "")).toEqual({
      must: [{ key: "scope", match: { value: "" } }, { should: [{ key: "readerPrincipals", match: { value: "gc" } }] }],
      must_not: [{ key: "denyPrincipals", match: { value: "gc" } }],
    });
    const { client, of } = recordingClient({ retrieve: registryOf(version("vec-1")) });
    const store = createQdrantVectorStore({ client, prefix: "lexnav", exactSearch: true });
    await store.search({ vector: unit(1, 1, 0, 0), principal: alice, k: 3, indexVersion: "vec-1" });
    const [[, request]] = of("query") as [[string, { filter: { must: unknown[] }; params: unknown }]];
    expect(request.filter.must[0]).toEqual({ key: "scope", match: { value: "" } });
    expect(request.filter.must).toHaveLength(2);
    expect(request.params).toEqual({ exact: true });
  });

  it("reads the active version from the alias and queries its collection by name", async () => {
    const { client, of } = recordingClient({
      retrieve: registryOf(version("vec-2")),
      getAliases: () => ({
        aliases: [
          { alias_name: "other", collection_name: "other-vec-9" },
          { alias_name: "lexnav", collection_name: "lexnav-vec-2" },
        ],
      }),
    });
    const store = createQdrantVectorStore({ client, prefix: "lexnav" });
    expect(await store.activeVersion()).toBe("vec-2");
    const r = await store.search({ vector: unit(1, 0, 0, 0), principal: alice, k: 3 });
    expect(r.indexVersion).toBe("vec-2");
    expect(of("query").map(([c]) => c)).toEqual(["lexnav-vec-2"]);
    expect(await store.describeVersion("vec-2")).toEqual({
      id: "vec-2",
      dimensions: 4,
      embedderId: "minilm",
      active: true,
    });
    expect(await store.describeVersion("vec-404")).toBeNull();
  });

  it("sends no query for the zero vector, an empty document list, an unknown version or k 0; refuses wrong dimensions", async () => {
    const { client, of } = recordingClient({ retrieve: registryOf(version("vec-1")) });
    const store = createQdrantVectorStore({ client, prefix: "lexnav" });
    const q = { principal: alice, k: 5, indexVersion: "vec-1" };
    expect((await store.search({ ...q, vector: new Float32Array(4) })).hits).toEqual([]);
    expect((await store.search({ ...q, vector: unit(1, 0, 0, 0), documentIds: [] })).hits).toEqual([]);
    expect((await store.search({ ...q, vector: unit(1, 0, 0, 0), k: 0 })).hits).toEqual([]);
    expect(await store.search({ ...q, vector: unit(1, 0, 0, 0), indexVersion: "vec-gone" })).toEqual({
      hits: [],
      indexVersion: "vec-gone",
    });
    await expect(store.search({ ...q, vector: unit(1, 0, 0) })).rejects.toThrow(/3 dimensions.*holds 4/);
    expect(of("query")).toEqual([]);
    await expect(store.search({ principal: alice, k: 5, vector: unit(1, 0, 0, 0) })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("reads a version's record once per process, and finds nothing in a version dropped since", async () => {
    let dropped = false;
    const { client, of } = recordingClient({
      retrieve: registryOf(version("vec-1")),
      query: () => {
        if (dropped)
          throw QdrantClientUnexpectedResponseError.forResponse({
            status: 404,
            statusText: "Not Found",
            data: null,
          } as never);
        return { points: [] };
      },
    });
    const store = createQdrantVectorStore({ client, prefix: "lexnav" });
    const q = { vector: unit(1, 0, 0, 0), principal: alice, k: 5, indexVersion: "vec-1" };
    await store.search(q);
    await store.search(q);
    expect(of("retrieve")).toHaveLength(1);
    dropped = true;
    expect(await store.search(q)).toEqual({ hits: [], indexVersion: "vec-1" });
    expect(of("query")).toHaveLength(3);
  });

  it("creates a version's collection with cosine vectors and keyword indexes before registering it", async () => {
    const { client, calls, of } = recordingClient({ collectionExists: () => ({ exists: false }) });
    const store = createQdrantVectorStore({ client, prefix: "lexnav" });
    const id = await store.createVersion(384, "minilm-int8");
    expect(id).toMatch(/^vec-\d{14}-[0-9a-f]{8}$/);
    expect(of("createCollection")).toEqual([
      ["lexnav-registry", { vectors: { size: 1, distance: "Dot" } }],
      [`lexnav-${id}`, { vectors: { size: 384, distance: "Cosine" } }],
    ]);
    const passageIndexes = of("createPayloadIndex").filter(([c]) => c === `lexnav-${id}`);
    expect(passageIndexes.map(([, r]) => r)).toEqual(
      PASSAGE_INDEXED_FIELDS.map((field_name) => ({ wait: true, field_name, field_schema: "keyword" })),
    );
    expect(PASSAGE_INDEXED_FIELDS).toEqual(
      expect.arrayContaining([
        "readerGroups",
        "readerPrincipals",
        "denyGroups",
        "denyPrincipals",
        "documentId",
        "scope",
      ]),
    );
    const registryIndexes = of("createPayloadIndex").filter(([c]) => c === "lexnav-registry");
    expect(registryIndexes.map(([, r]) => (r as { field_name: string }).field_name)).toContain("kind");
    // Registered after its collection and every index exist.
    const lastIndex = calls.findLastIndex((c) => c.method === "createPayloadIndex");
    const registered = calls.findIndex((c) => c.method === "upsert");
    expect(registered).toBeGreaterThan(lastIndex);
    expect(calls[registered]?.args).toEqual([
      "lexnav-registry",
      {
        wait: true,
        points: [
          {
            id: pointId("version", id),
            vector: [1],
            payload: {
              kind: "version",
              indexVersion: id,
              dimensions: 384,
              embedderId: "minilm-int8",
              createdAt: expect.any(String),
            },
          },
        ],
      },
    ]);
    await expect(store.createVersion(0, "x")).rejects.toThrow(/positive integer/);
  });

  it("switches the alias in one update of both actions, and only to a registered version", async () => {
    const { client, of } = recordingClient({ retrieve: registryOf(version("vec-2")) });
    const store = createQdrantVectorStore({ client, prefix: "firm-a" });
    await store.activate("vec-2");
    expect(of("updateCollectionAliases")).toEqual([
      [
        {
          actions: [
            { delete_alias: { alias_name: "firm-a" } },
            { create_alias: { collection_name: "firm-a-vec-2", alias_name: "firm-a" } },
          ],
        },
      ],
    ]);
    await expect(store.activate("vec-404")).rejects.toMatchObject({ code: "not_found" });
    expect(of("updateCollectionAliases")).toHaveLength(1);
  });

  it("derives point ids from version, scope, document and passage, so a redelivered put overwrites", async () => {
    const id = pointId("vec-1", "", "d1", "d1-n1:0");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(pointId("vec-1", "", "d1", "d1-n1:0")).toBe(id);
    expect(pointId("vec-2", "", "d1", "d1-n1:0")).not.toBe(id);
    expect(pointId("vec-1", "group:deal-team", "d1", "d1-n1:0")).not.toBe(id);
    // Parts are separated, not concatenated.
    expect(pointId("a", "bc")).not.toBe(pointId("ab", "c"));

    const { client, of } = recordingClient({
      retrieve: registryOf(version("vec-1"), version("vec-0")),
      scroll: (collection: string) =>
        collection === "lexnav-registry"
          ? { points: [version("vec-1"), version("vec-0")], next_page_offset: null }
          : { points: [], next_page_offset: null },
    });
    const store = createQdrantVectorStore({ client, prefix: "lexnav" });
    const walled: Access = { ...DEAL, deny: { principals: ["mallory"], groups: [] } };
    const items = [
      {
        passageId: "d1-n1:0",
        nodeId: "d1-n1",
        version: "v1",
        start: 0,
        end: 40,
        vector: unit(1, 0, 0, 0),
        textHash: "h1",
      },
      { passageId: "d1-n2:0", nodeId: "d1-n2", version: "v1", start: 40, end: 90, vector: unit(0, 1, 0, 0) },
    ];
    await store.putDocument("vec-1", "d1", walled, items);
    await store.putDocument("vec-1", "d1", walled, items);
    const upserts = of("upsert").filter(([c]) => c === "lexnav-vec-1") as Array<
      [string, { points: Array<{ id: string; payload: Record<string, unknown> }> }]
    >;
    expect(upserts).toHaveLength(2);
    expect(upserts[0]?.[1].points.map((p) => p.id)).toEqual([
      pointId("vec-1", "", "d1", "d1-n1:0"),
      pointId("vec-1", "", "d1", "d1-n2:0"),
    ]);
    expect(upserts[1]?.[1].points.map((p) => p.id)).toEqual(upserts[0]?.[1].points.map((p) => p.id));
    expect(upserts[0]?.[1].points[0]?.payload).toEqual({
      passageId: "d1-n1:0",
      documentId: "d1",
      version: "v1",
      nodeId: "d1-n1",
      start: 0,
      end: 40,
      scope: "",
      textHash: "h1",
      readerPrincipals: [],
      readerGroups: ["deal-team"],
      denyPrincipals: ["mallory"],
      denyGroups: [],
    });
    expect(upserts[0]?.[1].points[1]?.payload).not.toHaveProperty("textHash");
    // After the upsert, the document's other points in that scope go: there is no moment without it.
    const deletes = of("delete").filter(([c]) => c === "lexnav-vec-1");
    expect(deletes[0]?.[1]).toEqual({
      wait: true,
      filter: {
        must: [
          { key: "documentId", match: { value: "d1" } },
          { key: "scope", match: { value: "" } },
        ],
        must_not: [{ has_id: upserts[0]?.[1].points.map((p) => p.id) }],
      },
    });
    // The document's access is one across versions, as in the embedded store.
    expect(of("setPayload").slice(0, 2)).toEqual(
      ["lexnav-vec-1", "lexnav-vec-0"].map((c) => [
        c,
        {
          wait: true,
          payload: accessPayload(walled),
          filter: { must: [{ key: "documentId", match: { value: "d1" } }] },
        },
      ]),
    );
    await expect(store.putDocument("vec-1", "d1", DEAL, [{ ...items[0]!, vector: unit(1, 0, 0) }])).rejects.toThrow(
      /3 dimensions/,
    );
    await expect(store.putDocument("vec-404", "d1", DEAL, items)).rejects.toMatchObject({ code: "not_found" });
  });

  it("records a scoped put as a scope member, and keeps the scope's model as base64 in the registry", async () => {
    const scopePoint = {
      id: pointId("scope", "vec-1", "group:deal-team"),
      payload: { model: Buffer.from([1, 2, 250]).toString("base64") },
    };
    const { client, of } = recordingClient({
      retrieve: (_c: string, req: { ids: string[] }) =>
        [version("vec-1"), scopePoint].filter((p) => req.ids.includes(p.id)),
    });
    const store = createQdrantVectorStore({ client, prefix: "lexnav" });
    await store.putScope(
      "vec-1",
      { key: "group:deal-team", access: DEAL },
      { embedderId: "lsa-1", bytes: Uint8Array.from([1, 2, 250]) },
    );
    await store.putDocument("vec-1", "d1", DEAL, [], "group:deal-team");
    const registryWrites = of("upsert").filter(([c]) => c === "lexnav-registry") as Array<
      [string, { points: Array<{ id: string; payload: unknown }> }]
    >;
    expect(registryWrites.map(([, r]) => r.points[0])).toEqual([
      {
        id: pointId("scope", "vec-1", "group:deal-team"),
        vector: [1],
        payload: {
          kind: "scope",
          indexVersion: "vec-1",
          scopeKey: "group:deal-team",
          access: DEAL,
          embedderId: "lsa-1",
          model: "AQL6",
          stale: false,
        },
      },
      {
        id: pointId("member", "vec-1", "group:deal-team", "d1"),
        vector: [1],
        payload: { kind: "member", indexVersion: "vec-1", scopeKey: "group:deal-team", documentId: "d1" },
      },
    ]);
    // No points: the scope's old points of the document go, with no has_id exception.
    expect(of("delete").find(([c]) => c === "lexnav-vec-1")?.[1]).toEqual({
      wait: true,
      filter: {
        must: [
          { key: "documentId", match: { value: "d1" } },
          { key: "scope", match: { value: "group:deal-team" } },
        ],
      },
    });
    expect(Array.from((await store.getScopeModel("vec-1", "group:deal-team")) ?? [])).toEqual([1, 2, 250]);
    expect(await store.getScopeModel("vec-1", "group:board")).toBeNull();
  });

  it("removes a document by filter in every version, counts it first, and drops the scopes it was in", async () => {
    const member = {
      id: pointId("member", "vec-1", "group:deal-team", "d1"),
      payload: { kind: "member", indexVersion: "vec-1", scopeKey: "group:deal-team", documentId: "d1" },
    };
    const scope = {
      id: pointId("scope", "vec-1", "group:deal-team"),
      payload: {
        kind: "scope",
        indexVersion: "vec-1",
        scopeKey: "group:deal-team",
        access: DEAL,
        embedderId: "lsa",
        stale: false,
      },
    };
    const { client, calls, of } = recordingClient({
      retrieve: (_c: string, req: { ids: string[] }) => [version("vec-1"), scope].filter((p) => req.ids.includes(p.id)),
      scroll: (_c: string, req: { filter: { must: Array<{ match: { value: string } }> } }) => ({
        points: req.filter.must[0]?.match.value === "version" ? [version("vec-1"), version("vec-0")] : [member],
        next_page_offset: null,
      }),
      count: (collection: string) => ({ count: collection === "lexnav-vec-1" ? 3 : 2 }),
    });
    const store = createQdrantVectorStore({ client, prefix: "lexnav" });
    expect(await store.removeDocument("d1")).toBe(5);
    const byDocument = { must: [{ key: "documentId", match: { value: "d1" } }] };
    expect(of("count")).toEqual([
      ["lexnav-vec-1", { filter: byDocument, exact: true }],
      ["lexnav-vec-0", { filter: byDocument, exact: true }],
    ]);
    expect(of("delete")).toEqual(
      expect.arrayContaining([
        ["lexnav-vec-1", { wait: true, filter: { must: [{ key: "scope", match: { value: "group:deal-team" } }] } }],
        ["lexnav-vec-1", { wait: true, filter: byDocument }],
        ["lexnav-vec-0", { wait: true, filter: byDocument }],
        [
          "lexnav-registry",
          {
            wait: true,
            filter: {
              must: [
                { key: "kind", match: { value: "member" } },
                { key: "documentId", match: { value: "d1" } },
              ],
            },
          },
        ],
      ]),
    );
    const stale = of("upsert").find(([c]) => c === "lexnav-registry")?.[1] as { points: Array<{ payload: unknown }> };
    expect(stale.points[0]?.payload).toMatchObject({
      scopeKey: "group:deal-team",
      embedderId: null,
      model: null,
      stale: true,
    });
    // Counted before anything was deleted.
    expect(calls.findLastIndex((c) => c.method === "count")).toBeLessThan(
      calls.findIndex((c) => c.method === "delete"),
    );
  });

  it("changes access with set_payload by document in every version before it drops any scope model", async () => {
    const { client, calls, of } = recordingClient({
      scroll: (_c: string, req: { filter: { must: Array<{ match: { value: string } }> } }) => {
        const kind = req.filter.must[0]?.match.value;
        if (kind === "version") return { points: [version("vec-1"), version("vec-0")], next_page_offset: null };
        if (kind === "scope")
          return { points: [{ id: "s", payload: { indexVersion: "vec-1" } }], next_page_offset: null };
        return { points: [], next_page_offset: null };
      },
    });
    const store = createQdrantVectorStore({ client, prefix: "lexnav" });
    const narrowed: Access = { principals: ["gc"], groups: [] };
    await store.setAccess("d1", narrowed);
    expect(of("setPayload")).toEqual(
      ["lexnav-vec-1", "lexnav-vec-0"].map((c) => [
        c,
        {
          wait: true,
          payload: accessPayload(narrowed),
          filter: { must: [{ key: "documentId", match: { value: "d1" } }] },
        },
      ]),
    );
    expect(accessPayload(narrowed)).toEqual({
      readerPrincipals: ["gc"],
      readerGroups: [],
      denyPrincipals: [],
      denyGroups: [],
    });
    // The scope it joins in the scoped version is marked stale (its model never saw the document).
    const staled = of("upsert").map(
      ([, r]) => (r as { points: Array<{ payload: Record<string, unknown> }> }).points[0]?.payload,
    );
    expect(staled).toEqual([expect.objectContaining({ indexVersion: "vec-1", scopeKey: "principal:gc", stale: true })]);
    expect(calls.findLastIndex((c) => c.method === "setPayload")).toBeLessThan(
      calls.findIndex((c) => c.method === "upsert"),
    );
  });

  it("finds cached vectors by text hash only in versions of that embedder, in the order asked", async () => {
    const { client, of } = recordingClient({
      scroll: (collection: string) => {
        if (collection === "lexnav-registry")
          return {
            points: [version("vec-1", 4, "minilm"), version("vec-2", 4, "lsa"), version("vec-3", 4, "minilm")],
            next_page_offset: null,
          };
        if (collection === "lexnav-vec-1")
          return { points: [{ id: "p", payload: { textHash: "h2" }, vector: [0, 1, 0, 0] }], next_page_offset: null };
        return { points: [{ id: "q", payload: { textHash: "h1" }, vector: [1, 0, 0, 0] }], next_page_offset: null };
      },
    });
    const store = createQdrantVectorStore({ client, prefix: "lexnav" });
    const found = await store.cachedVectors("minilm", ["h1", "h2", "h9", "h1"]);
    expect([...found.keys()]).toEqual(["h1", "h2"]);
    expect(Array.from(found.get("h2") ?? [])).toEqual([0, 1, 0, 0]);
    const scrolls = of("scroll").filter(([c]) => c !== "lexnav-registry");
    expect(scrolls.map(([c]) => c)).toEqual(["lexnav-vec-1", "lexnav-vec-3"]);
    expect(scrolls[0]?.[1]).toMatchObject({
      filter: { must: [{ key: "textHash", match: { any: ["h1", "h2", "h9"] } }] },
      with_vector: true,
    });
    // The second version is asked only for what the first did not have.
    expect(scrolls[1]?.[1]).toMatchObject({ filter: { must: [{ key: "textHash", match: { any: ["h1", "h9"] } }] } });
  });

  it("follows scroll pages until the last, and stops paging a version once every text hash is found", async () => {
    const { client, of } = recordingClient({
      scroll: (collection: string, req: { offset?: string }) => {
        if (collection === "lexnav-registry")
          return req.offset === undefined
            ? { points: [version("vec-1")], next_page_offset: "page-2" }
            : { points: [version("vec-2")], next_page_offset: null };
        return req.offset === undefined
          ? { points: [{ id: "a", payload: { textHash: "h1" }, vector: [1, 0, 0, 0] }], next_page_offset: "more" }
          : { points: [{ id: "b", payload: { textHash: "h2" }, vector: [0, 1, 0, 0] }], next_page_offset: "more" };
      },
    });
    const store = createQdrantVectorStore({ client, prefix: "lexnav" });
    const found = await store.cachedVectors("minilm", ["h1", "h2"]);
    expect([...found.keys()]).toEqual(["h1", "h2"]);
    const offsets = of("scroll").map(([c, r]) => [c, (r as { offset?: string }).offset ?? null]);
    expect(offsets).toEqual([
      ["lexnav-registry", null],
      ["lexnav-registry", "page-2"],
      ["lexnav-vec-1", null],
      ["lexnav-vec-1", "more"],
    ]);
  });

  it("refuses to drop the active version, and drops another with its registry entries", async () => {
    const { client, of } = recordingClient({
      getAliases: () => ({ aliases: [{ alias_name: "lexnav", collection_name: "lexnav-vec-2" }] }),
    });
    const store = createQdrantVectorStore({ client, prefix: "lexnav" });
    await expect(store.dropVersion("vec-2")).rejects.toMatchObject({ code: "conflict" });
    expect(of("deleteCollection")).toEqual([]);
    await store.dropVersion("vec-1");
    expect(of("deleteCollection")).toEqual([["lexnav-vec-1"]]);
    expect(of("delete")).toEqual([
      ["lexnav-registry", { wait: true, filter: { must: [{ key: "indexVersion", match: { value: "vec-1" } }] } }],
    ]);
  });

  it("raises one error type: unreachable or a 5xx is retryable, a refused request is not, and names no payload", async () => {
    const refused = QdrantClientUnexpectedResponseError.forResponse({
      status: 400,
      statusText: "Bad Request",
      data: { status: { error: "secret words" } },
    } as never);
    const failing = (err: unknown) =>
      createQdrantVectorStore({
        client: recordingClient({ getAliases: () => Promise.reject(err) }).client,
        prefix: "p",
      });
    const down = await failing(new TypeError("fetch failed"))
      .activeVersion()
      .catch((e: unknown) => e);
    expect(down).toBeInstanceOf(LexnavError);
    expect(down).toMatchObject({ code: "unavailable", retryable: true });
    const bad = await failing(refused)
      .activeVersion()
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: "internal", retryable: false });
    expect((bad as Error).message).not.toContain("secret");
    expect((bad as Error).cause).toBe(refused);
    const busy = QdrantClientUnexpectedResponseError.forResponse({ status: 503, statusText: "", data: null } as never);
    expect(
      await failing(busy)
        .activeVersion()
        .catch((e: unknown) => e),
    ).toMatchObject({ code: "unavailable" });
    expect(() => createQdrantVectorStore({ prefix: "a/b", url: "http://q:6333" })).toThrow(/prefix/);
    expect(() => createQdrantVectorStore({ prefix: "a" })).toThrow(/url or a client/);
  });
});
