/**
 * What the Qdrant vector store does beyond the VectorStore contract (which it runs in
 * vector-store.contract.test.ts): replicas on one prefix share versions, scopes and the active alias,
 * and a redelivered put changes nothing.
 *
 * Against a real Qdrant server when `QDRANT_URL` names one; skipped, and saying so, otherwise (no
 * Qdrant server can be installed on this machine: test/support/qdrant.ts). Always once more over
 * `createQdrantModel` (test/support/qdrant-model.ts), an in-memory model of the Qdrant semantics the
 * adapter relies on, which says nothing about Qdrant itself; its describe name says so.
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
const model = (embedderId: string, ...bytes: number[]) => ({ embedderId, bytes: Uint8Array.from(bytes) });
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
  describe(`Qdrant vector store replicas (${QDRANT_DID_NOT_RUN})`, () => {
    it.skip(QDRANT_DID_NOT_RUN, () => {});
  });
} else {
  describeQdrantChecks(`Qdrant vector store replicas, live at ${url}`, () => {
    const { store, prefix, drop } = makeQdrantVectorStore(url);
    return { store, replica: () => createQdrantVectorStore({ url, prefix }), drop };
  });
}

// Always: the adapter's flows over a model of Qdrant's semantics. This is not a Qdrant server.
describeQdrantChecks(
  "Qdrant vector store replicas: the adapter over an in-memory model of Qdrant (not a server)",
  () => {
    const server = createQdrantModel();
    const prefix = uniqueQdrantPrefix();
    return {
      store: createQdrantVectorStore({ client: server, prefix }),
      replica: () => createQdrantVectorStore({ client: server, prefix }),
      drop: async () => {},
    };
  },
);
