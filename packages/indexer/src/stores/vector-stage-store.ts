import { LexnavError } from "@lexnav/core";
import { type Embedder, embedDocumentWith, type VectorStore } from "@lexnav/retrieval";
import type { StageStore } from "../ports/stage-store.ts";

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
): StageStore {
  return {
    name: "vector",
    async upsert(doc) {
      await embedDocumentWith(writer, await ensureActiveVectorVersion(embedder, writer), doc, embedder);
    },
    async remove(documentId) {
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
