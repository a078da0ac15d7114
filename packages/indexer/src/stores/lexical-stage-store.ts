import { createPassageIndexSink, type LexicalIndex } from "@lexnav/retrieval";
import type { StageQuery, StageStore } from "../ports/stage-store.ts";

/**
 * Makes sure the lexical index has an active version, creating and activating one when it has none, so a
 * stage on a fresh store (an empty OpenSearch cluster, a new embedded file) serves searches from its first
 * event and every replica writes into the version readers see. Run once at the stage's start, before it
 * consumes. The embedded index creates one on first use as well (`createPassageIndexSink`); a later
 * version becomes searchable only when whoever built it activates it (the alias moves then, not before).
 */
export async function ensureActiveLexicalVersion(index: LexicalIndex): Promise<string> {
  const active = await index.activeVersion();
  if (active !== null) return active;
  const created = await index.createVersion();
  await index.activate(created);
  return created;
}

/**
 * The lexical stage's store: passages cut by the same sink the embedded stack indexes with (same
 * passages, same card), into the lexical index port: the embedded FTS5 index, or OpenSearch when
 * configured (then `writer` and `reader` are the same client). `writer` is the connection the applied-change log writes on; `reader` serves searches.
 */
export function createLexicalStageStore(writer: LexicalIndex, reader: LexicalIndex = writer): StageStore {
  const holding = reader.documentsHolding?.bind(reader);
  return {
    name: "lexical",
    // both lexical adapters look phrases up; one that does not leaves DocumentsHolding unimplemented
    ...(holding
      ? {
          async documentsHolding(query: Omit<StageQuery, "k"> & { limit: number }) {
            return await holding({
              text: query.text,
              principal: query.principal,
              limit: query.limit,
              ...(query.documentIds ? { documentIds: query.documentIds } : {}),
            });
          },
        }
      : {}),
    async upsert(doc) {
      const sink = createPassageIndexSink(writer, undefined, { nameOf: async () => doc.name });
      await sink.putDocument(doc);
    },
    async remove(documentId) {
      return await writer.removeDocument(documentId);
    },
    async setAccess(documentId, access) {
      await writer.setAccess(documentId, access);
    },
    async search(query) {
      const r = await reader.search({
        text: query.text,
        principal: query.principal,
        k: query.k,
        ...(query.documentIds ? { documentIds: query.documentIds } : {}),
      });
      return { hits: r.hits, indexVersion: r.indexVersion };
    },
    async searchDocuments(query) {
      return await reader.searchDocuments({
        text: query.text,
        principal: query.principal,
        k: query.k,
        ...(query.documentIds ? { documentIds: query.documentIds } : {}),
      });
    },
    async listPassages(query) {
      return await reader.listPassages({
        principal: query.principal,
        ...(query.documentIds ? { documentIds: query.documentIds } : {}),
      });
    },
    async activeVersion() {
      return await reader.activeVersion();
    },
  };
}
