/**
 * The Qdrant vector store against a real Qdrant server, when `QDRANT_URL` names one; skipped, and
 * saying so, otherwise (no Qdrant server can be installed on this machine: test/support/qdrant.ts).
 *
 * These are the vector store contract's checks (vector-store-contract.ts), awaited: the shared
 * contract takes a synchronous store until the ports become asynchronous, and then this adapter
 * registers there through `makeQdrantVectorStore`. The last check is Qdrant's own: replicas on one
 * prefix share versions, scopes and the active alias, and a redelivered put changes nothing.
 *
 * The same checks always run once more over `createQdrantModel` (test/support/qdrant-model.ts), an
 * in-memory model of the Qdrant semantics the adapter relies on: that exercises the adapter's
 * multi-request flows (registry, scopes, staleness, replicas) with no server, and says nothing about
 * Qdrant itself; its describe name says so.
 */
import type { Async } from "@lexnav/core";
import type { Access } from "@lexnav/document-model";
import type { VectorItem, VectorStore } from "@lexnav/retrieval";
import { createQdrantVectorStore } from "@lexnav/retrieval";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeQdrantVectorStore, QDRANT_DID_NOT_RUN, qdrantUrl, uniqueQdrantPrefix } from "../support/qdrant.ts";
import { createQdrantModel } from "../support/qdrant-model.ts";

const DEAL: Access = { principals: [], groups: ["deal-team"] };
const DEAL_SCOPE = { key: "group:deal-team", access: { principals: [], groups: ["deal-team"] } };
const BOARD_SCOPE = { key: "group:board", access: { principals: [], groups: ["board"] } };
const model = (embedderId: string, ...bytes: number[]) => ({ embedderId, bytes: Uint8Array.from(bytes) });
const SECRET: Access = { principals: ["gc"], groups: [] };
const alice = { id: "alice", groups: ["deal-team"] };
const DIMS = 4;

function unit(...xs: number[]): Float32Array {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
}
function item(documentId: string, n: number, vector: Float32Array): VectorItem {
  return {
    passageId: `${documentId}-n${n}:0`,
    nodeId: `${documentId}-n${n}`,
    version: "v1",
    start: n * 100,
    end: n * 100 + 50,
    vector,
  };
}

interface Opened {
  store: Async<VectorStore>;
  /** Another store on the same server and prefix: a second replica of a service. */
  replica: () => Async<VectorStore>;
  drop: () => Promise<void>;
}

function describeQdrantChecks(name: string, open: () => Opened): void {
  describe(name, () => {
    let store: Async<VectorStore>;
    let replica: () => Async<VectorStore>;
    let drop: () => Promise<void>;
    let v: string;
    beforeEach(async () => {
      ({ store, replica, drop } = open());
      v = await store.createVersion(DIMS, "test-embedder");
      await store.activate(v);
    });
    afterEach(async () => {
      await store.close();
      await drop();
    });

    it("ranks by cosine similarity and reports the index version", async () => {
      await store.putDocument(v, "d1", DEAL, [
        item("d1", 1, unit(1, 0, 0, 0)),
        item("d1", 2, unit(0.6, 0.8, 0, 0)),
        item("d1", 3, unit(0, 0, 1, 0)),
      ]);
      const r = await store.search({ vector: unit(1, 0.1, 0, 0), principal: alice, k: 2 });
      expect(r.hits.map((h) => h.nodeId)).toEqual(["d1-n1", "d1-n2"]);
      expect(r.hits[0]?.score).toBeGreaterThan(r.hits[1]?.score ?? 1);
      expect(r.hits[0]?.score).toBeCloseTo(0.995, 2);
      expect(r.hits[0]).toMatchObject({ documentId: "d1", version: "v1", start: 100, end: 150, passageId: "d1-n1:0" });
      expect(r.indexVersion).toBe(v);
      expect(await store.describeVersion(v)).toEqual({
        id: v,
        dimensions: DIMS,
        embedderId: "test-embedder",
        active: true,
      });
    });

    it("hands back the vectors it holds for a text, by the text's hash and the model that made them, until the text is gone", async () => {
      await store.putDocument(v, "d1", DEAL, [
        { ...item("d1", 1, unit(1, 0, 0, 0)), textHash: "h1" },
        { ...item("d1", 2, unit(0, 1, 0, 0)), textHash: "h2" },
      ]);
      const other = await store.createVersion(DIMS, "other-embedder");
      await store.putDocument(other, "d2", DEAL, [{ ...item("d2", 1, unit(0, 0, 1, 0)), textHash: "h3" }]);
      const found = await store.cachedVectors("test-embedder", ["h2", "h3", "h9", "h2"]);
      expect([...found.keys()]).toEqual(["h2"]);
      expect(Array.from(found.get("h2") ?? [])).toEqual(Array.from(unit(0, 1, 0, 0)));
      expect([...(await store.cachedVectors("other-embedder", ["h3"])).keys()]).toEqual(["h3"]);
      const next = await store.createVersion(DIMS, "test-embedder");
      expect((await store.cachedVectors("test-embedder", ["h1"])).size).toBe(1);
      await store.dropVersion(next);
      await store.removeDocument("d1");
      expect((await store.cachedVectors("test-embedder", ["h1", "h2"])).size).toBe(0);
    });

    it("filters inside the nearest-neighbour query: restricted best matches never crowd out permitted ones", async () => {
      const q = unit(1, 0, 0, 0);
      await store.putDocument(
        v,
        "secret",
        SECRET,
        Array.from({ length: 30 }, (_, i) => item("secret", i, unit(1, 0.001 * i, 0, 0))),
      );
      await store.putDocument(v, "open", DEAL, [
        item("open", 1, unit(0.5, 0.5, 0, 0)),
        item("open", 2, unit(0, 1, 0, 0)),
        item("open", 3, unit(-1, 0, 0, 0)),
      ]);
      const r = await store.search({ vector: q, principal: alice, k: 3 });
      expect(r.hits.map((h) => h.nodeId)).toEqual(["open-n1", "open-n2", "open-n3"]);
      expect(JSON.stringify(r)).not.toContain("secret");
      const gc = await store.search({ vector: q, principal: { id: "gc", groups: [] }, k: 5 });
      expect(gc.hits).toHaveLength(5);
      expect(gc.hits.every((h) => h.documentId === "secret")).toBe(true);
      expect((await store.search({ vector: q, principal: { id: "eve", groups: ["other"] }, k: 5 })).hits).toEqual([]);
    });

    it("restricts to given documents on top of the permission filter, never instead of it", async () => {
      await store.putDocument(v, "a", DEAL, [item("a", 1, unit(1, 0, 0, 0))]);
      await store.putDocument(v, "b", DEAL, [item("b", 1, unit(0, 1, 0, 0))]);
      await store.putDocument(v, "secret", SECRET, [item("secret", 1, unit(1, 0, 0, 0))]);
      const r = await store.search({ vector: unit(1, 0, 0, 0), principal: alice, k: 5, documentIds: ["b", "secret"] });
      expect(r.hits.map((h) => h.documentId)).toEqual(["b"]);
    });

    it("keeps a walled principal or group out inside the nearest-neighbour query, whatever its grants", async () => {
      await store.putDocument(v, "d1", { ...DEAL, deny: { principals: [], groups: ["deal-team"] } }, [
        item("d1", 1, unit(1, 0, 0, 0)),
      ]);
      await store.putDocument(v, "d2", DEAL, [item("d2", 1, unit(0, 1, 0, 0))]);
      const q = { vector: unit(1, 0, 0, 0), principal: alice, k: 5 };
      const docs = async (query: typeof q) => (await store.search(query)).hits.map((h) => h.documentId);
      expect(await docs(q)).toEqual(["d2"]);
      await store.setAccess("d1", { ...DEAL, deny: { principals: ["alice"], groups: [] } });
      expect(await docs(q)).toEqual(["d2"]);
      expect(await docs({ ...q, principal: { id: "bob", groups: ["deal-team"] } })).toEqual(["d1", "d2"]);
      await store.setAccess("d1", DEAL);
      expect(await docs(q)).toEqual(["d1", "d2"]);
    });

    it("applies permission changes and deletes immediately", async () => {
      await store.putDocument(v, "d1", DEAL, [item("d1", 1, unit(1, 1, 0, 0))]);
      const q = { vector: unit(1, 0, 0, 0), principal: alice, k: 5 };
      expect((await store.search(q)).hits).toHaveLength(1);
      await store.setAccess("d1", SECRET);
      expect((await store.search(q)).hits).toHaveLength(0);
      await store.setAccess("d1", DEAL);
      expect((await store.search(q)).hits).toHaveLength(1);
      expect(await store.removeDocument("d1")).toBe(1);
      expect((await store.search(q)).hits).toHaveLength(0);
      await store.putDocument(v, "d2", DEAL, [item("d2", 1, unit(1, 0, 0, 0)), item("d2", 2, unit(0, 1, 0, 0))]);
      await store.putDocument(v, "d2", DEAL, [item("d2", 3, unit(0, 0, 1, 0))]);
      expect((await store.search(q)).hits.map((h) => h.nodeId)).toEqual(["d2-n3"]);
    });

    it("keeps the previous index version queryable until the new one is switched in, with its own model", async () => {
      await store.putDocument(v, "d1", DEAL, [item("d1", 1, unit(1, 0, 0, 0))]);
      await store.putScope(v, DEAL_SCOPE, model("m-v", 1, 2, 3));
      const next = await store.createVersion(3, "other-embedder");
      await store.putDocument(next, "d1", DEAL, [item("d1", 2, unit(1, 0, 0))]);
      await store.putScope(next, DEAL_SCOPE, model("m-next", 9));
      const nodes = async (q: Parameters<typeof store.search>[0]) => (await store.search(q)).hits.map((h) => h.nodeId);
      expect(await nodes({ vector: unit(1, 0, 0, 0), principal: alice, k: 5 })).toEqual(["d1-n1"]);
      expect(await nodes({ vector: unit(1, 0, 0), principal: alice, k: 5, indexVersion: next })).toEqual(["d1-n2"]);
      await expect(store.search({ vector: unit(1, 0, 0), principal: alice, k: 5 })).rejects.toThrow(/dimensions/);
      await store.activate(next);
      expect(await store.activeVersion()).toBe(next);
      expect(await nodes({ vector: unit(1, 0, 0), principal: alice, k: 5 })).toEqual(["d1-n2"]);
      expect(Array.from((await store.getScopeModel(next, DEAL_SCOPE.key)) ?? [])).toEqual([9]);
      expect(await store.scopes(next)).toEqual([{ ...DEAL_SCOPE, embedderId: "m-next", stale: false }]);
      expect(await store.scope(next, DEAL_SCOPE.key)).toEqual({ ...DEAL_SCOPE, embedderId: "m-next", stale: false });
      expect(await store.scope(next, BOARD_SCOPE.key)).toBeNull();
      await expect(store.dropVersion(next)).rejects.toThrow(/active/);
      await store.dropVersion(v);
      expect(await store.getScopeModel(v, DEAL_SCOPE.key)).toBeNull();
      expect(await store.scopes(v)).toEqual([]);
      expect((await store.search({ vector: unit(1, 0, 0, 0), principal: alice, k: 5, indexVersion: v })).hits).toEqual(
        [],
      );
    });

    it("ranks a scope's vectors apart from another scope's and from the unscoped ones", async () => {
      const both: Access = { principals: [], groups: ["deal-team", "board"] };
      await store.putScope(v, DEAL_SCOPE, model("m-deal", 1));
      await store.putScope(v, BOARD_SCOPE, model("m-board", 2));
      await store.putDocument(v, "d1", both, [item("d1", 1, unit(1, 0, 0, 0))], DEAL_SCOPE.key);
      await store.putDocument(v, "d1", both, [item("d1", 2, unit(0, 1, 0, 0))], BOARD_SCOPE.key);
      const q = { vector: unit(1, 1, 0, 0), principal: alice, k: 5 };
      const nodes = async (scope?: string) =>
        (await store.search(scope === undefined ? q : { ...q, scope })).hits.map((h) => h.nodeId);
      expect(await nodes(DEAL_SCOPE.key)).toEqual(["d1-n1"]);
      expect(await nodes(BOARD_SCOPE.key)).toEqual(["d1-n2"]);
      expect(await nodes()).toEqual([]);
    });

    it("drops the model and vectors of every scope a removed document was in, and marks them stale", async () => {
      await store.putScope(v, DEAL_SCOPE, model("m-deal", 1));
      await store.putScope(v, BOARD_SCOPE, model("m-board", 2));
      await store.putDocument(v, "d1", DEAL, [item("d1", 1, unit(1, 0, 0, 0))], DEAL_SCOPE.key);
      await store.putDocument(v, "d2", DEAL, [item("d2", 1, unit(1, 0, 0, 0))], DEAL_SCOPE.key);
      await store.removeDocument("d1");
      expect(await store.getScopeModel(v, DEAL_SCOPE.key)).toBeNull();
      const states = await store.scopes(v);
      expect(states.find((s) => s.key === DEAL_SCOPE.key)).toMatchObject({ embedderId: null, stale: true });
      expect(states.find((s) => s.key === BOARD_SCOPE.key)).toMatchObject({ embedderId: "m-board", stale: false });
      expect(
        (await store.search({ vector: unit(1, 0, 0, 0), principal: alice, k: 5, scope: DEAL_SCOPE.key })).hits,
      ).toEqual([]);
    });

    it("marks stale the scopes a document leaves and joins when its access changes, not the ones it stays in", async () => {
      const both: Access = { principals: [], groups: ["deal-team", "board"] };
      await store.putScope(v, DEAL_SCOPE, model("m-deal", 1));
      await store.putScope(v, BOARD_SCOPE, model("m-board", 2));
      await store.putDocument(v, "d1", both, [item("d1", 1, unit(1, 0, 0, 0))], DEAL_SCOPE.key);
      await store.putDocument(v, "d1", both, [item("d1", 1, unit(1, 0, 0, 0))], BOARD_SCOPE.key);
      await store.setAccess("d1", { principals: ["gc"], groups: ["deal-team"] });
      const states = new Map((await store.scopes(v)).map((s) => [s.key, s]));
      expect(states.get(DEAL_SCOPE.key)).toMatchObject({ embedderId: "m-deal", stale: false });
      expect(states.get(BOARD_SCOPE.key)).toMatchObject({ embedderId: null, stale: true });
      expect(states.get("principal:gc")).toMatchObject({
        access: { principals: ["gc"], groups: [] },
        embedderId: null,
        stale: true,
      });
    });

    it("refuses vectors of the wrong size and finds nothing for the zero vector", async () => {
      await expect(store.putDocument(v, "d1", DEAL, [item("d1", 1, unit(1, 0, 0))])).rejects.toThrow(/dimensions/);
      await store.putDocument(v, "d1", DEAL, [item("d1", 1, unit(1, 0, 0, 0))]);
      expect((await store.search({ vector: new Float32Array(DIMS), principal: alice, k: 5 })).hits).toEqual([]);
    });

    it("shares versions, scopes and the active alias between replicas on one prefix; a redelivered put changes nothing", async () => {
      const other = replica();
      await store.putDocument(v, "d1", DEAL, [item("d1", 1, unit(1, 0, 0, 0)), item("d1", 2, unit(0, 1, 0, 0))]);
      await other.putDocument(v, "d1", DEAL, [item("d1", 1, unit(1, 0, 0, 0)), item("d1", 2, unit(0, 1, 0, 0))]);
      expect(await other.activeVersion()).toBe(v);
      const hits = (await other.search({ vector: unit(1, 1, 0, 0), principal: alice, k: 10 })).hits;
      expect(hits.map((h) => h.passageId).sort()).toEqual(["d1-n1:0", "d1-n2:0"]);
      await store.putScope(v, DEAL_SCOPE, model("m", 7));
      expect(Array.from((await other.getScopeModel(v, DEAL_SCOPE.key)) ?? [])).toEqual([7]);
      expect(await other.removeDocument("d1")).toBe(2);
    });
  });
}

const url = qdrantUrl();
if (url === null) {
  console.log(QDRANT_DID_NOT_RUN);
  describe(`VectorStore contract: Qdrant (${QDRANT_DID_NOT_RUN})`, () => {
    it.skip(QDRANT_DID_NOT_RUN, () => {});
  });
} else {
  describeQdrantChecks(`VectorStore contract: Qdrant at ${url}`, () => {
    const { store, prefix, drop } = makeQdrantVectorStore(url);
    return { store, replica: () => createQdrantVectorStore({ url, prefix }), drop };
  });
}

// Always: the adapter's flows over a model of Qdrant's semantics. This is not a Qdrant server.
describeQdrantChecks("Qdrant adapter flows over an in-memory model of Qdrant's semantics (not a Qdrant server)", () => {
  const server = createQdrantModel();
  const prefix = uniqueQdrantPrefix();
  return {
    store: createQdrantVectorStore({ client: server, prefix }),
    replica: () => createQdrantVectorStore({ client: server, prefix }),
    drop: async () => {},
  };
});
