import { createPassageIndexSink, type LexicalIndex } from "@lexnav/retrieval";
import type { StageStore } from "../ports/stage-store.ts";

/**
 * The lexical stage's store: passages cut by the same sink the embedded stack indexes with (same
 * passages, same card), into the lexical index port: the embedded FTS5 index today, OpenSearch when its
 * adapter is wired. `writer` is the connection the applied-change log writes on; `reader` serves searches.
 */
export function createLexicalStageStore(writer: LexicalIndex, reader: LexicalIndex = writer): StageStore {
  return {
    name: "lexical",
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
  };
}
