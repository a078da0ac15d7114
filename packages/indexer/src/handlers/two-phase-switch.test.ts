import { type Catalog, createSqliteCatalog, openSqliteDatabase, type StoredVersion } from "@lexnav/catalog";
import type { ProvisionNode } from "@lexnav/document-model";
import { createSqliteVectorStore, type Embedder } from "@lexnav/retrieval";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteAppliedChangeLog } from "../adapters/sqlite-applied-change-log.ts";
import { createSqliteEmbeddingCache } from "../adapters/sqlite-embedding-cache.ts";
import type { StageStore } from "../ports/stage-store.ts";
import { createVectorStageStore } from "../stores/vector-stage-store.ts";
import { applyLifecycleEvent } from "./apply-lifecycle-event.ts";

const NOW = "2026-01-01T00:00:00.000Z";
const BOTH = ["lexical", "vector"];
const ACCESS = { principals: [], groups: ["deal-team"] };

/** A deterministic embedder (words hashed into 16 dimensions) that counts the texts it was asked to embed. */
function countingEmbedder() {
  const embedded: string[] = [];
  const embedder: Embedder = {
    id: "test-hashed-words-16",
    dimensions: 16,
    async embed(texts) {
      embedded.push(...texts);
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
  return { embedder, embedded };
}

function section(text: string): ProvisionNode {
  return {
    id: "n1",
    documentId: "d1",
    parentId: null,
    kind: "section",
    clauseRef: "1.",
    fullRef: "1",
    title: "Payment",
    headingPath: [],
    start: 0,
    end: text.length,
    depth: 1,
    page: null,
    tokenCount: 12,
    flags: { isTocEntry: false },
    keywords: [],
    definesTerms: [],
    xrefs: [],
    termUses: [],
  } as unknown as ProvisionNode;
}

function stored(text: string, version: string): StoredVersion {
  return {
    documentId: "d1",
    version,
    byteLength: text.length,
    contentType: "text/plain",
    textLength: text.length,
    extractedAt: NOW,
    quality: { status: "ok", issues: [], pageCount: 1, charCount: text.length },
    text,
    blocks: [{ kind: "paragraph", start: 0, end: text.length }],
    pages: [{ page: 1, start: 0, end: text.length }],
    furniture: [],
  };
}

/** Ingests a version as the ingest service does on a catalog shared with the stages: pending, not served. */
async function ingestPending(catalog: Catalog, version: string, text: string) {
  await catalog.transaction(async (tx) => {
    await tx.putVersion("d1", stored(text, version));
    await tx.setPendingVersion("d1", version, NOW);
    await tx.replaceNodes("d1", version, [section(text)]);
    await tx.setLifecycle("d1", "indexed", null, NOW);
  });
}

/** A store that records what it was asked to do. */
function recordingStore(name: string) {
  const calls: string[] = [];
  const store: StageStore = {
    name,
    async prepare(d) {
      calls.push(`prepare ${d.documentId}@${d.version}`);
    },
    async upsert(d) {
      calls.push(`upsert ${d.documentId}@${d.version}`);
    },
    async remove(id) {
      calls.push(`remove ${id}`);
      return 1;
    },
    async setAccess(id) {
      calls.push(`access ${id}`);
    },
    async search() {
      return { hits: [], indexVersion: "" };
    },
  };
  return { store, calls };
}

/** The text hashes the embedding cache keeps for document d1 (what a delete must leave none of). */
const cachedHashes = (): string[] =>
  (
    db.prepare("SELECT text_hash FROM stage_embedding_cache WHERE document_id = 'd1'").all() as Array<{
      text_hash: string;
    }>
  ).map((r) => r.text_hash);

/** A vector stage with its embedding cache, over the test's file, and d1's version v1 pending in the catalog. */
async function vectorStageWithPending() {
  const { embedder, embedded } = countingEmbedder();
  const vectors = createSqliteVectorStore(db);
  const cache = createSqliteEmbeddingCache(db);
  const store = createVectorStageStore(embedder, vectors, vectors, { cache });
  const log = createSqliteAppliedChangeLog(db, { store: "vector", replicaId: "r1" });
  await ingestPending(catalog, "v1", "1. Payment. The buyer pays every invoice within thirty days of receipt.");
  return { embedder, embedded, vectors, cache, store, log, deps: { catalog, store, log, requiredStores: BOTH } };
}

const ref = (seq: number) => ({ eventKey: `EVT:${seq}`, publishedAt: NOW });
const indexed = (version: string) => ({ kind: "indexed", documentId: "d1", version, commandAt: null }) as const;
const served = (version: string) => ({ kind: "served", documentId: "d1", version, commandAt: null }) as const;

let catalog: Catalog;
let db: ReturnType<typeof openSqliteDatabase>;
beforeEach(async () => {
  catalog = createSqliteCatalog(":memory:");
  await catalog.upsertReceived({ id: "d1", source: "upload://msa.txt", fileName: "msa.txt", access: ACCESS }, NOW);
  db = openSqliteDatabase(":memory:");
});
afterEach(async () => {
  await catalog.close();
  db.close();
});

describe("the two-phase switch in a stage", () => {
  it("prepares and acknowledges a pending version without applying it, and applies only the served version", async () => {
    const { store, calls } = recordingStore("lexical");
    const log = createSqliteAppliedChangeLog(db, { store: "lexical", replicaId: "r1" });
    const deps = { catalog, store, log, requiredStores: BOTH };
    await ingestPending(catalog, "v1", "1. Payment. The buyer pays within thirty days.");

    expect(await applyLifecycleEvent(deps, indexed("v1"), ref(1))).toEqual({
      status: "prepared",
      documentId: "d1",
      version: "v1",
      served: false,
      waitingFor: ["vector"],
    });
    // Not served, so not applied: a version-served event for it now (out of order) changes nothing.
    expect((await applyLifecycleEvent(deps, served("v1"), ref(2))).status).toBe("skipped");
    expect((await catalog.getDocument("d1"))?.currentVersion).toBeNull();
    expect(await log.list()).toEqual([]);

    // The vector store acknowledges: the version is served; a redelivered indexed event finds it so.
    expect((await catalog.acknowledgeVersion("d1", "v1", "vector", BOTH, NOW)).status).toBe("served");
    expect((await applyLifecycleEvent(deps, served("v1"), ref(3))).status).toBe("applied");
    expect((await applyLifecycleEvent(deps, served("v1"), ref(3))).status).toBe("duplicate");
    expect((await applyLifecycleEvent(deps, indexed("v1"), ref(1))).status).toBe("skipped");
    expect(calls).toEqual(["prepare d1@v1", "upsert d1@v1"]);

    // Version 2 is prepared while v1 stays applied; the old served event redelivered changes nothing.
    await ingestPending(catalog, "v2", "1. Payment. The buyer pays within sixty days.");
    const second = await applyLifecycleEvent(deps, indexed("v2"), ref(4));
    expect(second).toMatchObject({ status: "prepared", served: false });
    expect((await applyLifecycleEvent(deps, served("v1"), ref(5))).status).toBe("skipped");
    expect((await applyLifecycleEvent(deps, served("v2"), ref(6))).status).toBe("skipped");
    expect(calls).toEqual(["prepare d1@v1", "upsert d1@v1", "prepare d1@v2"]);
    expect((await log.list()).map((c) => [c.version, c.changeKind])).toEqual([["v1", "upsert"]]);
  });

  it("says served when its own acknowledgement completes the set, and nothing once the version is superseded", async () => {
    const { store } = recordingStore("vector");
    const log = createSqliteAppliedChangeLog(db, { store: "vector", replicaId: "r1" });
    const deps = { catalog, store, log, requiredStores: BOTH };
    await ingestPending(catalog, "v1", "1. Payment. The buyer pays within thirty days.");
    await catalog.acknowledgeVersion("d1", "v1", "lexical", BOTH, NOW);
    expect(await applyLifecycleEvent(deps, indexed("v1"), ref(1))).toMatchObject({ status: "prepared", served: true });
    expect((await catalog.getDocument("d1"))?.currentVersion).toBe("v1");

    await ingestPending(catalog, "v2", "1. Payment. The buyer pays within sixty days.");
    await ingestPending(catalog, "v3", "1. Payment. The buyer pays within ninety days.");
    // v2 was overtaken before this stage saw its event: neither prepared nor acknowledged.
    expect((await applyLifecycleEvent(deps, indexed("v2"), ref(2))).status).toBe("skipped");
    expect((await catalog.getDocument("d1"))?.pendingVersion).toBe("v3");
  });

  it("the vector store embeds a version once when preparing; applying it then embeds nothing", async () => {
    const { embedder, embedded, vectors, cache, deps } = await vectorStageWithPending();

    await applyLifecycleEvent(deps, indexed("v1"), ref(1));
    const afterPrepare = embedded.length;
    expect(afterPrepare).toBeGreaterThan(0);
    // Idempotent: preparing again (a redelivery, another replica) finds the vectors in the cache.
    await applyLifecycleEvent(deps, indexed("v1"), ref(1));
    expect(embedded.length).toBe(afterPrepare);
    // Nothing searchable yet: the store holds no passage of the unserved version.
    expect(await vectors.activeVersion()).toBeNull();

    await catalog.acknowledgeVersion("d1", "v1", "lexical", BOTH, NOW);
    expect((await applyLifecycleEvent(deps, served("v1"), ref(2))).status).toBe("applied");
    expect(embedded.length).toBe(afterPrepare);
    const [query] = await embedder.embed(["buyer pays invoice"], "query");
    const active = await vectors.activeVersion();
    expect(active).not.toBeNull();
    const hits = await vectors.search({
      vector: query as Float32Array,
      principal: { id: "u", groups: ["deal-team"] },
      k: 5,
      indexVersion: active as string,
    });
    expect(hits.hits.map((h) => [h.documentId, h.version])).toContainEqual(["d1", "v1"]);
    // Applied: the vector store holds them now, and the cache keeps nothing for the document.
    expect(await cache.drop("d1")).toBe(0);
  });

  it("a document deleted before its version was served leaves no prepared vectors in the vector stage's cache", async () => {
    const { embedded, vectors, log, deps } = await vectorStageWithPending();
    await applyLifecycleEvent(deps, indexed("v1"), ref(1));
    expect(embedded.length).toBeGreaterThan(0);
    expect(cachedHashes().length).toBeGreaterThan(0);

    // The lexical stage never acknowledged it: the version was never served when the document was deleted.
    expect(await catalog.markDeleted("d1", NOW)).toBe(true);
    const deleted = { kind: "deleted", documentId: "d1", commandAt: null } as const;
    expect((await applyLifecycleEvent(deps, deleted, ref(2))).status).toBe("skipped");
    expect(cachedHashes()).toEqual([]);
    expect(await vectors.activeVersion()).toBeNull();
    expect(await log.list()).toEqual([]);
    // A redelivery finds nothing left to drop.
    expect((await applyLifecycleEvent(deps, deleted, ref(2))).status).toBe("skipped");
  });

  it("a document deleted while a replica prepared it: the vectors that replica kept are dropped too", async () => {
    const { embedder } = countingEmbedder();
    const vectors = createSqliteVectorStore(db);
    const vector = createVectorStageStore(embedder, vectors, vectors, { cache: createSqliteEmbeddingCache(db) });
    // The delete lands (and its event's discard runs elsewhere) while this replica embeds.
    const store: StageStore = {
      ...vector,
      async prepare(doc) {
        await vector.prepare?.(doc);
        await catalog.markDeleted("d1", NOW);
      },
    };
    const log = createSqliteAppliedChangeLog(db, { store: "vector", replicaId: "r1" });
    await ingestPending(catalog, "v1", "1. Payment. The buyer pays every invoice within thirty days of receipt.");
    expect(
      (await applyLifecycleEvent({ catalog, store, log, requiredStores: BOTH }, indexed("v1"), ref(1))).status,
    ).toBe("skipped");
    expect(cachedHashes()).toEqual([]);
  });
});
