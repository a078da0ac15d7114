import { LexnavError, sha256Hex } from "@lexnav/core";
import type { Access, ProvisionNode } from "@lexnav/document-model";
import {
  type BuiltinEmbedder,
  type BuiltinEmbedderOptions,
  DEFAULT_BUILTIN_OPTIONS,
  deserializeBuiltinEmbedder,
  fitBuiltinEmbedder,
} from "../embedders/builtin-embedder.ts";
import type { Embedder } from "../ports/embedder.ts";
import type { VectorItem, VectorStore } from "../ports/vector-store.ts";
import { type AccessScope, accessScopes } from "./access-scopes.ts";
import { buildPassages, DEFAULT_PASSAGE_OPTIONS, type Passage, type PassageOptions } from "./passages.ts";
import {
  addReconciled,
  catchUpAfterSwitch,
  type Reconciled,
  reconcileWritten,
  type WhileBuilding,
  writeOnce,
} from "./rebuild-reconcile.ts";
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
  /** Access scopes a model was fitted for (0 for a model embedder, which is fitted on nothing here). */
  scopes?: number;
  /** Texts a model embedder ran on; the other passages reused vectors the store held for the same text. */
  embeddedTexts?: number;
  /** Documents whose record changed after the build read them, set right before the switch (`reconcileWritten`). */
  reconciled?: Reconciled;
}

/**
 * What a built-in dense index version records as its embedder: one LSA model per access scope, each
 * scope's own id (`builtin-lsa-<d>d-<hash>`) kept with the scope. A version made by a model embedder
 * records that model's id instead, so a version is never queried with another model.
 */
export const SCOPED_BUILTIN_EMBEDDER_ID = "builtin-lsa-per-access-scope-1";

/** Options of the built-in dense index. */
export interface BuiltinDenseOptions extends WhileBuilding<IndexableDocument> {
  passages?: PassageOptions;
  embedder?: Partial<BuiltinEmbedderOptions>;
}

/** Below this many passages a scope's model keeps words seen twice: a small deal has few repeats. */
const SMALL_SCOPE_PASSAGES = 200;
/** Passages per fitted direction below `dimensions`: a deal of one contract has no 128 topics. */
const PASSAGES_PER_DIRECTION = 8;

interface Prepared {
  doc: IndexableDocument;
  passages: Passage[];
}

const prepare = (doc: IndexableDocument, options: BuiltinDenseOptions): Prepared => ({
  doc,
  passages: buildPassages(
    doc.documentId,
    doc.version,
    doc.nodes,
    doc.text,
    options.passages ?? DEFAULT_PASSAGE_OPTIONS,
  ),
});

// A scope's documents in an order of their own content, so a scope's model is the same whatever
// else the store holds (document ids are minted per store).
const byContent = (a: Prepared, b: Prepared) =>
  a.doc.version < b.doc.version ? -1 : a.doc.version > b.doc.version ? 1 : a.doc.documentId < b.doc.documentId ? -1 : 1;

/** The built-in embedder fitted on a scope's passages; null when they hold too few words to fit on. */
function fitScope(members: Prepared[], options: BuiltinDenseOptions): BuiltinEmbedder | null {
  const texts = members.flatMap((m) => m.passages.map(embeddingText));
  if (texts.length === 0) return null;
  const small = texts.length < SMALL_SCOPE_PASSAGES ? { minDocumentFrequency: 2 } : {};
  const rank = Math.max(16, Math.ceil(texts.length / PASSAGES_PER_DIRECTION));
  try {
    return fitBuiltinEmbedder(texts, { ...small, rank, ...options.embedder });
  } catch (e) {
    if (e instanceof LexnavError && e.code === "invalid_argument") return null;
    throw e;
  }
}

/** Fits one scope's model on its members only, stores it and the members' vectors in that scope. */
async function writeScope(
  vectors: VectorStore,
  indexVersion: string,
  scope: AccessScope,
  members: Prepared[],
  options: BuiltinDenseOptions,
): Promise<{ vectors: number; fitSeconds: number; embedSeconds: number }> {
  const t0 = performance.now();
  const sorted = [...members].sort(byContent);
  const embedder = fitScope(sorted, options);
  const t1 = performance.now();
  await vectors.putScope(
    indexVersion,
    scope,
    embedder ? { embedderId: embedder.id, bytes: embedder.serialize() } : null,
  );
  let count = 0;
  for (const { doc, passages } of sorted) {
    const items = embedder ? vectorItems(embedder, passages) : [];
    await vectors.putDocument(indexVersion, doc.documentId, doc.access, items, scope.key);
    count += items.length;
  }
  return { vectors: count, fitSeconds: (t1 - t0) / 1000, embedSeconds: (performance.now() - t1) / 1000 };
}

/**
 * Builds a dense index version after a bulk ingest: fits one built-in embedder per access scope on the
 * passages of that scope's documents only (a model fitted on the whole corpus would answer, for any
 * reader, whether a word occurs in a document they may not read), keeps each model with its scope,
 * embeds each document into every scope it belongs to and activates the version (the previous one
 * keeps serving until then, and is dropped after).
 */
export async function buildDenseIndex(
  vectors: VectorStore,
  documents: AsyncIterable<IndexableDocument> | Iterable<IndexableDocument>,
  options: BuiltinDenseOptions = {},
): Promise<DenseIndexReport> {
  const all: Prepared[] = [];
  const scopes = new Map<string, { scope: AccessScope; members: Prepared[] }>();
  for await (const doc of documents) {
    const prepared = prepare(doc, options);
    all.push(prepared);
    for (const scope of accessScopes(doc.access)) {
      const entry = scopes.get(scope.key) ?? { scope, members: [] };
      entry.members.push(prepared);
      scopes.set(scope.key, entry);
    }
  }
  const previous = await vectors.activeVersion();
  const dimensions = options.embedder?.dimensions ?? DEFAULT_BUILTIN_OPTIONS.dimensions;
  const indexVersion = await vectors.createVersion(dimensions, SCOPED_BUILTIN_EMBEDDER_ID);
  let count = 0;
  let fitSeconds = 0;
  let embedSeconds = 0;
  let reconciled: Reconciled | undefined;
  // What was indexed while the scopes were fitted: its scopes are fitted again, with it, when next searched.
  const listed = new Set(all.map((p) => `${p.doc.documentId}@${p.doc.version}`));
  const unlisted = (id: string, version: string) => !listed.has(`${id}@${version}`);
  const staleLate = async () => {
    if (!options.meanwhile) return;
    for await (const doc of options.meanwhile(unlisted))
      if (unlisted(doc.documentId, doc.version)) {
        listed.add(`${doc.documentId}@${doc.version}`);
        await vectors.staleScopes(indexVersion, accessScopes(doc.access));
      }
  };
  try {
    for (const key of [...scopes.keys()].sort()) {
      const { scope, members } = scopes.get(key) as { scope: AccessScope; members: Prepared[] };
      const r = await writeScope(vectors, indexVersion, scope, members, options);
      count += r.vectors;
      fitSeconds += r.fitSeconds;
      embedSeconds += r.embedSeconds;
    }
    await staleLate();
    if (options.current) reconciled = await reconcileWritten(vectors, wroteAccess(all), options.current);
  } catch (e) {
    // A half-built version never serves: the previous one stays active.
    await vectors.dropVersion(indexVersion);
    throw e;
  }
  await vectors.activate(indexVersion);
  await catchUpAfterSwitch(vectors, { indexVersion, replaced: previous }, staleLate);
  return {
    indexVersion,
    ...(reconciled ? { reconciled } : {}),
    documents: all.length,
    passages: all.reduce((n, p) => n + p.passages.length, 0),
    vectors: count,
    fitSeconds,
    embedSeconds,
    scopes: scopes.size,
  };
}

/** The access each prepared document was written with, by document. */
const wroteAccess = (prepared: readonly Prepared[]) => new Map(prepared.map((p) => [p.doc.documentId, p.doc.access]));

/**
 * Fits a stale scope of a built-in version again, on the documents now in it (`documents` may hold
 * others: only those whose access puts them in the scope are read). Returns the vectors written.
 */
export async function refitScope(
  vectors: VectorStore,
  indexVersion: string,
  scope: AccessScope,
  documents: AsyncIterable<IndexableDocument> | Iterable<IndexableDocument>,
  options: BuiltinDenseOptions = {},
): Promise<number> {
  const members: Prepared[] = [];
  for await (const doc of documents) {
    if (accessScopes(doc.access).some((s) => s.key === scope.key)) members.push(prepare(doc, options));
  }
  return (await writeScope(vectors, indexVersion, scope, members, options)).vectors;
}

/**
 * Embeds one document version's passages with a model embedder into a dense index version
 * (replacing its earlier vectors there); returns how many passages and vectors it wrote, and how many
 * texts the model embedded (the rest were already in the store, made by the same model: `cachedVectors`).
 */
export async function embedDocumentWith(
  vectors: VectorStore,
  indexVersion: string,
  doc: IndexableDocument,
  embedder: Embedder,
  options: { passages?: PassageOptions } = {},
): Promise<{ passages: number; vectors: number; embedded: number }> {
  const ps = buildPassages(
    doc.documentId,
    doc.version,
    doc.nodes,
    doc.text,
    options.passages ?? DEFAULT_PASSAGE_OPTIONS,
  );
  const texts = ps.map(embeddingText);
  const hashes = texts.map((t) => sha256Hex(t));
  const known = await vectors.cachedVectors(embedder.id, hashes);
  // Each new text once, even when a document repeats it.
  const missing = [...new Set(hashes.filter((h) => !known.has(h)))];
  const textOf = new Map(hashes.map((h, i) => [h, texts[i] as string]));
  const made =
    missing.length > 0
      ? await embedder.embed(
          missing.map((h) => textOf.get(h) as string),
          "passage",
        )
      : [];
  missing.forEach((h, i) => {
    known.set(h, made[i] as Float32Array);
  });
  const items: VectorItem[] = [];
  ps.forEach((p, i) => {
    const hash = hashes[i] as string;
    const vector = known.get(hash);
    if (!vector?.some((x) => x !== 0)) return;
    items.push({
      passageId: p.id,
      nodeId: p.nodeId,
      version: p.version,
      start: p.start,
      end: p.end,
      vector,
      textHash: hash,
    });
  });
  await vectors.putDocument(indexVersion, doc.documentId, doc.access, items);
  return { passages: ps.length, vectors: items.length, embedded: missing.length };
}

/** Options of a dense index built with a model embedder. */
export interface ModelDenseOptions extends WhileBuilding<IndexableDocument> {
  passages?: PassageOptions;
  /** Called after each document is embedded (a progress bar's tick). */
  onDocument?: (documentId: string) => void;
}

/**
 * Builds a dense index version with a model embedder (a local ONNX sentence encoder): nothing is
 * fitted, the version records the model's id (queries must embed with the same model) and keeps no
 * model bytes. Passages are embedded as `passage`, one document at a time; the version is activated
 * only once every document is in, and the previous one is dropped after.
 */
export async function buildModelDenseIndex(
  vectors: VectorStore,
  documents: AsyncIterable<IndexableDocument> | Iterable<IndexableDocument>,
  embedder: Embedder,
  options: ModelDenseOptions = {},
): Promise<DenseIndexReport> {
  const t0 = performance.now();
  const previous = await vectors.activeVersion();
  const indexVersion = await vectors.createVersion(embedder.dimensions, embedder.id);
  let count = 0;
  let passages = 0;
  let docs = 0;
  let embedded = 0;
  const reconciled: Reconciled = { removed: 0, accessSet: 0 };
  const { pass, unwritten } = writeOnce<IndexableDocument>(async (doc, progress) => {
    const r = await embedDocumentWith(vectors, indexVersion, doc, embedder, options);
    docs += 1;
    count += r.vectors;
    passages += r.passages;
    embedded += r.embedded;
    if (progress) options.onDocument?.(doc.documentId);
  });
  // What was indexed into the old version while the new one was built: a listing of those alone.
  const late = async () => (options.meanwhile ? pass(options.meanwhile(unwritten), false) : new Map<string, Access>());
  const reconcile = async (wrote: ReadonlyMap<string, Access>) => {
    if (options.current) addReconciled(reconciled, await reconcileWritten(vectors, wrote, options.current));
  };
  try {
    const built = await pass(documents, true);
    for (const [id, access] of await late()) built.set(id, access);
    await reconcile(built);
  } catch (e) {
    // A half-built version never serves: the previous one stays active.
    await vectors.dropVersion(indexVersion);
    throw e;
  }
  await vectors.activate(indexVersion);
  await catchUpAfterSwitch(vectors, { indexVersion, replaced: previous }, async () => reconcile(await late()));
  return {
    indexVersion,
    ...(options.current ? { reconciled } : {}),
    documents: docs,
    passages,
    vectors: count,
    embeddedTexts: embedded,
    fitSeconds: 0,
    embedSeconds: (performance.now() - t0) / 1000,
  };
}

/**
 * Loads (and keeps, while the scope's model is the same) the built-in embedder of one access scope of
 * a vector index version; null when the scope has no model (or the version is unscoped).
 */
export function createEmbedderLookup(
  vectors: VectorStore,
): (indexVersion: string, scope?: string) => Promise<SyncEmbedder | null> {
  const cache = new Map<string, { embedderId: string; embedder: SyncEmbedder }>();
  return async (indexVersion, scope) => {
    if (scope === undefined) return null;
    const state = await vectors.scope(indexVersion, scope);
    const key = `${indexVersion}\u0000${scope}`;
    if (!state?.embedderId) {
      cache.delete(key);
      return null;
    }
    const cached = cache.get(key);
    if (cached?.embedderId === state.embedderId) return cached.embedder;
    const model = await vectors.getScopeModel(indexVersion, scope);
    if (!model) return null;
    const embedder = deserializeBuiltinEmbedder(model);
    cache.set(key, { embedderId: state.embedderId, embedder });
    return embedder;
  };
}
