import type { Catalog } from "@lexnav/catalog";
import { createSqliteCatalog, openSqliteDatabase } from "@lexnav/catalog";
import type { IngestLimits, Logger } from "@lexnav/core";
import type { ProvisionNode } from "@lexnav/document-model";
import { createIngestPipeline, type IngestPipeline } from "@lexnav/ingest";
import {
  buildDenseIndex,
  createBuiltinReranker,
  createEmbedderLookup,
  createPassageIndexSink,
  createSearcher,
  createSqliteLexicalIndex,
  createSqliteVectorStore,
  type DenseIndexReport,
  type IndexableDocument,
  type LexicalIndex,
  type Searcher,
  type VectorStore,
} from "@lexnav/retrieval";

/** The all-in-one wiring: catalog, lexical and dense indexes and pipeline on one embedded SQLite file. */
export interface EmbeddedStack {
  catalog: Catalog;
  lexical: LexicalIndex;
  vectors: VectorStore;
  pipeline: IngestPipeline;
  searcher: Searcher;
  /** Fits the built-in embedder on every indexed document and activates a new dense index version. */
  buildDenseIndex(options?: Parameters<typeof buildDenseIndex>[2]): DenseIndexReport;
  close(): void;
}

/** The name a document is filed under: its file name without the extension. */
function filedName(catalog: Catalog, documentId: string): string | null {
  const doc = catalog.getDocument(documentId);
  return doc ? doc.fileName.replace(/\.[A-Za-z0-9]+$/, "") : null;
}

export function createEmbeddedStack(dbPath: string, limits: IngestLimits, logger: Logger): EmbeddedStack {
  const db = openSqliteDatabase(dbPath);
  const catalog = createSqliteCatalog(db);
  const lexical = createSqliteLexicalIndex(db);
  const vectors = createSqliteVectorStore(db);
  const embedderFor = createEmbedderLookup(vectors);
  const searchIndex = createPassageIndexSink(lexical, undefined, {
    vectors,
    embedderFor,
    nameOf: (id) => filedName(catalog, id),
  });
  const pipeline = createIngestPipeline({ catalog, limits, logger, searchIndex });
  // The planner and expansion read the few routed documents' trees many times: keep the last ones.
  const trees = new Map<string, ProvisionNode[]>();
  const structure = (documentId: string, version: string) => {
    const key = `${documentId}@${version}`;
    let nodes = trees.get(key);
    if (!nodes) {
      nodes = catalog.getNodes(documentId, version);
      trees.set(key, nodes);
      if (trees.size > 64) trees.delete(trees.keys().next().value as string);
    }
    return nodes;
  };
  function* indexable(): Generator<IndexableDocument> {
    for (const doc of catalog.listDocuments({ lifecycle: ["indexed"] })) {
      if (doc.currentVersion === null) continue;
      const version = catalog.getVersion(doc.id, doc.currentVersion);
      if (!version) continue;
      yield {
        documentId: doc.id,
        version: doc.currentVersion,
        access: doc.access,
        nodes: catalog.getNodes(doc.id, doc.currentVersion),
        text: version.text,
      };
    }
  }
  return {
    catalog,
    lexical,
    vectors,
    pipeline,
    searcher: createSearcher({
      lexical,
      vectors,
      embedderFor,
      reranker: createBuiltinReranker(),
      structure,
      // Records and set members let context assembly cite titles and flag superseded clauses.
      document: (documentId) => catalog.getDocument(documentId),
      setMembers: (setId) =>
        catalog
          .listDocuments({ lifecycle: ["indexed"], transactionSetId: setId })
          .flatMap((d) => (d.currentVersion ? [{ documentId: d.id, version: d.currentVersion }] : [])),
    }),
    buildDenseIndex: (options) => buildDenseIndex(vectors, indexable(), options),
    close: () => db.close(),
  };
}
