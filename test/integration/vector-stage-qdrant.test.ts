import type { StoredVersion } from "@lexnav/catalog";
import { openSqliteDatabase } from "@lexnav/catalog";
import type { Access, DocumentRecord, ProvisionNode } from "@lexnav/document-model";
import {
  applyLifecycleEvent,
  createSqliteAppliedChangeLog,
  createVectorStageStore,
  ensureActiveVectorVersion,
  type StageCatalog,
} from "@lexnav/indexer";
import { createQdrantVectorStore, type Embedder, type VectorStore } from "@lexnav/retrieval";
import { describe, expect, it } from "vitest";
import { dropQdrantPrefix, QDRANT_DID_NOT_RUN, qdrantUrl, uniqueQdrantPrefix } from "../support/qdrant.ts";
import { createQdrantModel } from "../support/qdrant-model.ts";

// The vector stage's store on Qdrant (services/vector with LEXNAV_QDRANT_URL): the version made at start,
// an indexed document searchable, a revoke and a delete reaching the store. Twice: on the in-memory model
// of Qdrant in test/support/qdrant-model.ts, a test DOUBLE that checks the wiring and the adapter's
// request flow only, and on a real Qdrant server when QDRANT_URL names one (none can run on this machine).
const url = qdrantUrl();
if (url === null) console.log(`vector stage on a live Qdrant: ${QDRANT_DID_NOT_RUN}`);

/** A deterministic embedder: words hashed into 16 dimensions, so a query finds the passage sharing its words. */
const embedder: Embedder = {
  id: "test-hashed-words-16",
  dimensions: 16,
  async embed(texts) {
    return texts.map((t) => {
      const v = new Float32Array(16);
      for (const w of t.toLowerCase().match(/[a-z]+/g) ?? []) {
        let h = 0;
        for (const ch of w) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
        v[h % 16] = (v[h % 16] ?? 0) + 1;
      }
      const norm = Math.hypot(...v) || 1;
      return v.map((x) => x / norm);
    });
  },
};

const TEXT = "1. Payment. The buyer pays every invoice within thirty days of receipt.";
const node = {
  id: "n1",
  documentId: "d1",
  parentId: null,
  kind: "section",
  clauseRef: "1.",
  fullRef: "1",
  title: "Payment",
  headingPath: [],
  start: 0,
  end: TEXT.length,
  depth: 1,
  page: null,
  tokenCount: 12,
  flags: { isTocEntry: false },
  keywords: [],
  definesTerms: [],
  xrefs: [],
  termUses: [],
} as unknown as ProvisionNode;

/** A catalog of one document whose state the scenario moves as the ingest service would. */
function oneDocumentCatalog() {
  const doc = {
    id: "d1",
    source: "upload://msa.txt",
    fileName: "msa.txt",
    access: { principals: [], groups: ["deal-team"] } as Access,
    lifecycle: "indexed",
    currentVersion: "v1",
  } as unknown as DocumentRecord & { access: Access; lifecycle: string };
  const catalog: StageCatalog = {
    getDocument: async (id) => (id === doc.id ? ({ ...doc } as DocumentRecord) : null),
    getVersion: async (_id, version) => ({ version, text: TEXT }) as unknown as StoredVersion,
    getNodes: async () => [node],

    // Every version here is current at once (the embedded stack's shape): nothing is acknowledged.
    acknowledgeVersion: async () => {
      throw new Error("a current version is applied, never acknowledged");
    },
  };
  return { doc, catalog };
}

async function scenario(vectors: VectorStore): Promise<void> {
  // At start: the model's version is created and active before any event, and found again after.
  const version = await ensureActiveVectorVersion(embedder, vectors);
  expect(await vectors.activeVersion()).toBe(version);
  expect((await vectors.describeVersion(version))?.embedderId).toBe(embedder.id);
  expect(await ensureActiveVectorVersion(embedder, vectors)).toBe(version);

  const { doc, catalog } = oneDocumentCatalog();
  const store = createVectorStageStore(embedder, vectors);
  const log = createSqliteAppliedChangeLog(openSqliteDatabase(":memory:"), { store: "vector", replicaId: "a" });
  const deps = { catalog, store, log };
  const ref = (seq: number) => ({ eventKey: `EVT:${seq}`, publishedAt: new Date().toISOString() });
  const find = async (principal: { id: string; groups: string[] }) =>
    (await store.search({ text: "invoice within thirty days", principal, k: 5 })).hits.map((h) => h.documentId);

  const indexed = { kind: "indexed", documentId: "d1", version: "v1", commandAt: null } as const;
  expect((await applyLifecycleEvent(deps, indexed, ref(1))).status).toBe("applied");
  expect((await applyLifecycleEvent(deps, indexed, ref(1))).status).toBe("duplicate");
  expect(await find({ id: "alice", groups: ["deal-team"] })).toContain("d1");
  expect(await find({ id: "mallory", groups: ["other"] })).toEqual([]);

  doc.access = { principals: ["bob"], groups: [] };
  const revoked = { kind: "access-changed", documentId: "d1", commandAt: null } as const;
  expect((await applyLifecycleEvent(deps, revoked, ref(2))).status).toBe("applied");
  expect(await find({ id: "alice", groups: ["deal-team"] })).toEqual([]);
  expect(await find({ id: "bob", groups: [] })).toContain("d1");

  doc.lifecycle = "deleted";
  const deleted = { kind: "deleted", documentId: "d1", commandAt: null } as const;
  expect((await applyLifecycleEvent(deps, deleted, ref(3))).status).toBe("applied");
  expect(await find({ id: "bob", groups: [] })).toEqual([]);
  expect((await log.list()).map((c) => c.changeKind)).toEqual(["upsert", "access", "delete"]);
}

describe("vector stage store on Qdrant", () => {
  it("on the in-memory Qdrant MODEL (a test double, not Qdrant): version at start, index, revoke, delete", async () => {
    await scenario(createQdrantVectorStore({ client: createQdrantModel(), prefix: "stage-vector" }));
  });

  it.skipIf(url === null)(
    `on a live Qdrant server${url === null ? ` (skipped: ${QDRANT_DID_NOT_RUN})` : ""}: version at start, index, revoke, delete`,
    async () => {
      const prefix = uniqueQdrantPrefix();
      const vectors = createQdrantVectorStore({ url: url as string, prefix, exactSearch: true });
      try {
        await scenario(vectors);
      } finally {
        await vectors.close();
        await dropQdrantPrefix(url as string, prefix);
      }
    },
  );
});
