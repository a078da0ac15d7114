import type { Access } from "@lexnav/document-model";
import type { VectorItem, VectorStore } from "@lexnav/retrieval";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

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

/**
 * The contract every VectorStore adapter meets: the embedded sqlite store (both scans), the Qdrant
 * adapter over an in-memory model of Qdrant, and over a real Qdrant when QDRANT_URL is set. `make`
 * opens a store on fresh, empty storage for each case; `dispose`, when given, removes that storage
 * after the store is closed (a server's collections outlive the client).
 */
export function describeVectorStoreContract(
  name: string,
  make: () => VectorStore | Promise<VectorStore>,
  dispose?: () => Promise<void>,
): void {
  describe(`VectorStore contract: ${name}`, () => {
    let store: VectorStore;
    let v: string;
    beforeEach(async () => {
      store = await make();
      v = await store.createVersion(DIMS, "test-embedder");
      await store.activate(v);
    });
    afterEach(async () => {
      await store.close();
      await dispose?.();
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
      // A later version of the same model finds them while the earlier one is still stored.
      const next = await store.createVersion(DIMS, "test-embedder");
      expect((await store.cachedVectors("test-embedder", ["h1"])).size).toBe(1);
      await store.dropVersion(next);
      // A removed document's vectors are no longer handed back.
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
      expect(r.hits).toHaveLength(3);
      expect(r.hits.map((h) => h.nodeId)).toEqual(["open-n1", "open-n2", "open-n3"]);
      expect(JSON.stringify(r)).not.toContain("secret");
      const gc = await store.search({ vector: q, principal: { id: "gc", groups: [] }, k: 5 });
      expect(gc.hits).toHaveLength(5);
      expect(gc.hits.every((h) => h.documentId === "secret")).toBe(true);
      const nobody = await store.search({ vector: q, principal: { id: "eve", groups: ["other"] }, k: 5 });
      expect(nobody.hits).toEqual([]);
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
      expect((await store.search(q)).hits.map((h) => h.documentId)).toEqual(["d2"]);
      await store.setAccess("d1", { ...DEAL, deny: { principals: ["alice"], groups: [] } });
      expect((await store.search(q)).hits.map((h) => h.documentId)).toEqual(["d2"]);
      expect(
        (await store.search({ ...q, principal: { id: "bob", groups: ["deal-team"] } })).hits.map((h) => h.documentId),
      ).toEqual(["d1", "d2"]);
      await store.setAccess("d1", DEAL);
      expect((await store.search(q)).hits.map((h) => h.documentId)).toEqual(["d1", "d2"]);
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
      expect(
        (await store.search({ vector: unit(1, 0, 0, 0), principal: alice, k: 5 })).hits.map((h) => h.nodeId),
      ).toEqual(["d1-n1"]);
      expect(
        (await store.search({ vector: unit(1, 0, 0), principal: alice, k: 5, indexVersion: next })).hits.map(
          (h) => h.nodeId,
        ),
      ).toEqual(["d1-n2"]);
      await expect(store.search({ vector: unit(1, 0, 0), principal: alice, k: 5 })).rejects.toThrow(/dimensions/);
      await store.activate(next);
      expect(await store.activeVersion()).toBe(next);
      expect((await store.search({ vector: unit(1, 0, 0), principal: alice, k: 5 })).hits.map((h) => h.nodeId)).toEqual(
        ["d1-n2"],
      );
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
      expect((await store.search({ ...q, scope: DEAL_SCOPE.key })).hits.map((h) => h.nodeId)).toEqual(["d1-n1"]);
      expect((await store.search({ ...q, scope: BOARD_SCOPE.key })).hits.map((h) => h.nodeId)).toEqual(["d1-n2"]);
      expect((await store.search(q)).hits).toEqual([]);
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
      // A scope the document was never in keeps its model.
      expect(states.find((s) => s.key === BOARD_SCOPE.key)).toMatchObject({ embedderId: "m-board", stale: false });
      // The other members' vectors came from the dropped model: they go too, until the scope is fitted again.
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
  });
}
