import type { Access, ProvisionNode } from "@lexnav/document-model";
import {
  type BuiltinEmbedderOptions,
  deserializeBuiltinEmbedder,
  fitBuiltinEmbedder,
} from "../embedders/builtin-embedder.ts";
import type { Embedder } from "../ports/embedder.ts";
import type { VectorItem, VectorStore } from "../ports/vector-store.ts";
import { buildPassages, DEFAULT_PASSAGE_OPTIONS, type Passage, type PassageOptions } from "./passages.ts";
import type { SyncEmbedder } from "./search.ts";

/** A document version as the index builders need it. */
export interface IndexableDocument {
  documentId: string;
  version: string;
  access: Access;
  nodes: ProvisionNode[];
  text: string;
}

/** What the built-in embedder reads of a passage: its heading path, then its words. */
export function embeddingText(p: Passage): string {
  return p.heading ? `${p.heading}\n${p.body}` : p.body;
}

/** Vectors of a document's passages; passages without a known word (zero vectors) are left out. */
export function vectorItems(embedder: SyncEmbedder, passages: Passage[]): VectorItem[] {
  const vectors = embedder.embedSync(passages.map(embeddingText));
  const items: VectorItem[] = [];
  passages.forEach((p, i) => {
    const vector = vectors[i];
    if (!vector?.some((x) => x !== 0)) return;
    items.push({ passageId: p.id, nodeId: p.nodeId, version: p.version, start: p.start, end: p.end, vector });
  });
  return items;
}

export interface DenseIndexReport {
  indexVersion: string;
  documents: number;
  passages: number;
  vectors: number;
  fitSeconds: number;
  embedSeconds: number;
}

/**
 * Builds a dense index version after a bulk ingest: fits the built-in embedder on every passage of the
 * corpus, keeps the model with the version, embeds each document with its access and activates the
 * version (the previous one keeps serving until then, and is dropped after).
 */
export function buildDenseIndex(
  vectors: VectorStore,
  documents: Iterable<IndexableDocument>,
  options: { passages?: PassageOptions; embedder?: Partial<BuiltinEmbedderOptions> } = {},
): DenseIndexReport {
  const t0 = performance.now();
  const all: Array<{ doc: IndexableDocument; passages: Passage[] }> = [];
  for (const doc of documents) {
    all.push({
      doc,
      passages: buildPassages(
        doc.documentId,
        doc.version,
        doc.nodes,
        doc.text,
        options.passages ?? DEFAULT_PASSAGE_OPTIONS,
      ),
    });
  }
  const embedder = fitBuiltinEmbedder(
    all.flatMap((d) => d.passages.map(embeddingText)),
    options.embedder,
  );
  const t1 = performance.now();
  const previous = vectors.activeVersion();
  const indexVersion = vectors.createVersion(embedder.dimensions, embedder.id);
  vectors.putModel(indexVersion, embedder.serialize());
  let count = 0;
  let passages = 0;
  for (const { doc, passages: ps } of all) {
    const items = vectorItems(embedder, ps);
    vectors.putDocument(indexVersion, doc.documentId, doc.access, items);
    count += items.length;
    passages += ps.length;
  }
  vectors.activate(indexVersion);
  if (previous !== null) vectors.dropVersion(previous);
  return {
    indexVersion,
    documents: all.length,
    passages,
    vectors: count,
    fitSeconds: (t1 - t0) / 1000,
    embedSeconds: (performance.now() - t1) / 1000,
  };
}

/**
 * Embeds one document version's passages with a model embedder into a dense index version
 * (replacing its earlier vectors there); returns how many passages and vectors it wrote.
 */
export async function embedDocumentWith(
  vectors: VectorStore,
  indexVersion: string,
  doc: IndexableDocument,
  embedder: Embedder,
  options: { passages?: PassageOptions } = {},
): Promise<{ passages: number; vectors: number }> {
  const ps = buildPassages(
    doc.documentId,
    doc.version,
    doc.nodes,
    doc.text,
    options.passages ?? DEFAULT_PASSAGE_OPTIONS,
  );
  const vs = ps.length > 0 ? await embedder.embed(ps.map(embeddingText), "passage") : [];
  const items = vectorItems({ id: embedder.id, embedSync: () => vs }, ps);
  vectors.putDocument(indexVersion, doc.documentId, doc.access, items);
  return { passages: ps.length, vectors: items.length };
}

/**
 * Builds a dense index version with a model embedder (a local ONNX sentence encoder): nothing is
 * fitted, the version records the model's id (queries must embed with the same model) and keeps no
 * model bytes. Passages are embedded as `passage`, one document at a time; the version is activated
 * only once every document is in, and the previous one is dropped after.
 */
export async function buildModelDenseIndex(
  vectors: VectorStore,
  documents: Iterable<IndexableDocument>,
  embedder: Embedder,
  options: { passages?: PassageOptions } = {},
): Promise<DenseIndexReport> {
  const t0 = performance.now();
  const previous = vectors.activeVersion();
  const indexVersion = vectors.createVersion(embedder.dimensions, embedder.id);
  let count = 0;
  let passages = 0;
  let docs = 0;
  try {
    for (const doc of documents) {
      const r = await embedDocumentWith(vectors, indexVersion, doc, embedder, options);
      docs += 1;
      count += r.vectors;
      passages += r.passages;
    }
  } catch (e) {
    // A half-built version never serves: the previous one stays active.
    vectors.dropVersion(indexVersion);
    throw e;
  }
  vectors.activate(indexVersion);
  if (previous !== null) vectors.dropVersion(previous);
  return {
    indexVersion,
    documents: docs,
    passages,
    vectors: count,
    fitSeconds: 0,
    embedSeconds: (performance.now() - t0) / 1000,
  };
}

/** Loads (and keeps) the built-in embedder a vector index version was built with; null when it has none. */
export function createEmbedderLookup(vectors: VectorStore): (indexVersion: string) => SyncEmbedder | null {
  const cache = new Map<string, SyncEmbedder | null>();
  return (indexVersion) => {
    if (!cache.has(indexVersion)) {
      const model = vectors.getModel(indexVersion);
      cache.set(indexVersion, model ? deserializeBuiltinEmbedder(model) : null);
    }
    return cache.get(indexVersion) ?? null;
  };
}
