import { LexnavError, sha256Hex } from "@lexnav/core";
import {
  buildPassages,
  DEFAULT_PASSAGE_OPTIONS,
  type Embedder,
  embedDocumentWith,
  embeddingText,
  type VectorStore,
} from "@lexnav/retrieval";
import type { EmbeddingCache } from "../ports/embedding-cache.ts";
import type { StageStore } from "../ports/stage-store.ts";

/** The vector store as `embedDocumentWith` sees it: the vectors it holds, and those prepared ahead. */
function withPrepared(store: VectorStore, cache: EmbeddingCache): VectorStore {
  return Object.assign(Object.create(store) as VectorStore, {
    async cachedVectors(embedderId: string, textHashes: string[]) {
      const found = await store.cachedVectors(embedderId, textHashes);
      const missing = textHashes.filter((h) => !found.has(h));
      if (missing.length > 0) for (const [h, v] of await cache.get(embedderId, missing)) found.set(h, v);
      return found;
    },
  });
}

/**
 * Makes sure the vector store's active version was embedded with `embedder`, creating and activating one
 * when there is none or the active one is another model's. Run at the stage's start, before it consumes,
 * so every replica writes into the version readers see; each upsert checks again (a version built by
 * another model since is replaced the same way).
 */
export async function ensureActiveVectorVersion(embedder: Embedder, store: VectorStore): Promise<string> {
  const active = await store.activeVersion();
  if (active !== null && (await store.describeVersion(active))?.embedderId === embedder.id) return active;
  const created = await store.createVersion(embedder.dimensions, embedder.id);
  await store.activate(created);
  return created;
}

/**
 * The vector stage's store: each version's passages (cut as the embedded stack cuts them) embedded by a
 * model embedder into the vector store port's active version for that model (created on first use).
 * Only a model embedder: the built-in one is fitted per access scope on the whole corpus, which a stage
 * applying one document at a time cannot do. `writer` is the connection the applied-change log writes
 * on; `reader` serves searches (one Qdrant client serves as both).
 */
export function createVectorStageStore(
  embedder: Embedder,
  writer: VectorStore,
  reader: VectorStore = writer,
  options: { cache?: EmbeddingCache } = {},
): StageStore {
  const { cache } = options;
  return {
    name: "vector",
    ...(cache
      ? {
          // The expensive half of the switch, done before it: the passages' vectors, into the cache.
          async prepare(doc) {
            const texts = buildPassages(doc.documentId, doc.version, doc.nodes, doc.text, DEFAULT_PASSAGE_OPTIONS).map(
              embeddingText,
            );
            const textOf = new Map(texts.map((t) => [sha256Hex(t), t]));
            const hashes = [...textOf.keys()];
            const known = await withPrepared(writer, cache).cachedVectors(embedder.id, hashes);
            const missing = hashes.filter((h) => !known.has(h));
            if (missing.length === 0) return;
            const made = await embedder.embed(
              missing.map((h) => textOf.get(h) as string),
              "passage",
            );
            await cache.put(embedder.id, doc.documentId, new Map(missing.map((h, i) => [h, made[i] as Float32Array])));
          },
          // A document deleted before its version was served: its text's vectors leave the cache too.
          discard: (documentId: string) => cache.drop(documentId),
        }
      : {}),
    async upsert(doc) {
      const store = cache ? withPrepared(writer, cache) : writer;
      await embedDocumentWith(store, await ensureActiveVectorVersion(embedder, writer), doc, embedder);
      // The store holds them now: the cache keeps only what is prepared and not yet applied.
      await cache?.drop(doc.documentId);
    },
    async remove(documentId) {
      await cache?.drop(documentId);
      return await writer.removeDocument(documentId);
    },
    async setAccess(documentId, access) {
      await writer.setAccess(documentId, access);
    },
    async search(query) {
      const active = await reader.activeVersion();
      if (active === null) return { hits: [], indexVersion: "" };
      if ((await reader.describeVersion(active))?.embedderId !== embedder.id)
        throw new LexnavError("conflict", `the active vector index was not embedded with ${embedder.id}`);
      const [vector] = await embedder.embed([query.text], "query");
      if (!vector) throw new LexnavError("internal", "the embedder returned no vector for the query");
      const r = await reader.search({
        vector,
        principal: query.principal,
        k: query.k,
        indexVersion: active,
        ...(query.documentIds ? { documentIds: query.documentIds } : {}),
      });
      return { hits: r.hits, indexVersion: r.indexVersion };
    },
  };
}
