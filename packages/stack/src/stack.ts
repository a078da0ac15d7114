import { readFile } from "node:fs/promises";
import { type AnswerStore, createSqliteAnswerStore } from "@lexnav/answer";
import type { AuditLog, Catalog, Control, ControlKey } from "@lexnav/catalog";
import { loadStoreKey, openCatalogStores, openSqliteDatabase, truncateWriteAheadLog } from "@lexnav/catalog";
import {
  hmacSha256Hex,
  type IngestLimits,
  LATE_INTERACTION_RERANKER_SETTING,
  type LexnavConfig,
  LexnavError,
  type Logger,
} from "@lexnav/core";
import type { Access, ProvisionNode } from "@lexnav/document-model";
import {
  changeControl,
  createIngestPipeline,
  createIsolatedPreparer,
  type DerivedArtefacts,
  type IngestPipeline,
  recordMissingCopies,
  walledSearchIndex,
} from "@lexnav/ingest";
import {
  accessScopes,
  buildDenseIndex,
  buildModelDenseIndex,
  type CurrentRecord,
  createBuiltinReranker,
  createEmbedderLookup,
  createPassageIndexSink,
  createSearcher,
  createSqliteLexicalIndex,
  createSqliteVectorStore,
  type DenseIndexReport,
  type Embedder,
  embedDocumentWith,
  type IndexableDocument,
  type LexicalIndex,
  type LexicalRebuildReport,
  loadLateInteractionReranker,
  loadOnnxCrossEncoder,
  loadOnnxEmbedder,
  parseRerankWeights,
  type Reranker,
  type RerankWeights,
  rebuildLexicalIndex,
  refitScope,
  SCOPED_BUILTIN_EMBEDDER_ID,
  type Searcher,
  type SearcherDeps,
  type SyncEmbedder,
  type VectorStore,
} from "@lexnav/retrieval";
import { createSqliteWrittenFiles, type WrittenFiles } from "./written-files.ts";

/**
 * The all-in-one wiring: catalog, lexical and dense indexes and pipeline on one embedded SQLite file; or,
 * with `catalogUrl`, the catalog and audit log on a PostgreSQL database that many processes share.
 */
/**
 * The answer records' part of a delete: every record in `answers` that drew on the document has its text
 * replaced by keyed hashes (HMAC-SHA256 under the store key beside `dbPath`) and says "document deleted";
 * resolves to how many records changed. Idempotent: a record already erased for the document is left as it
 * is. Run by the embedded delete (inside its transaction) and by the answer service when a delete reaches
 * it as an event (its records are in its own store, which the shared catalog's delete does not reach).
 */
export function createAnswerRecordErasure(
  answers: Pick<AnswerStore, "eraseDocument">,
  dbPath: string,
): (documentId: string) => Promise<number> {
  // Read when a delete first needs it, so a store that never deletes never creates a key file.
  let storeKey: Uint8Array | null = null;
  return async (documentId) => {
    storeKey ??= loadStoreKey(dbPath);
    const key = storeKey;
    return await answers.eraseDocument(documentId, new Date().toISOString(), (text) => hmacSha256Hex(key, text));
  };
}

export interface EmbeddedStack {
  catalog: Catalog;
  /** Whether the catalog is the shared PostgreSQL one (see `EmbeddedStackOptions.catalogUrl`). */
  sharedCatalog: boolean;
  /**
   * The models the stack was opened with: every wiring over it (the CLI's ask, the answer service's)
   * reads the evidence decision's relevance from the same `relevance` embedder.
   */
  models: StackModels;
  lexical: LexicalIndex;
  vectors: VectorStore;
  pipeline: IngestPipeline;
  searcher: Searcher;
  /** Files written from documents' text (navindex output): recorded so a delete removes them. */
  writtenFiles: WrittenFiles;
  /** Who asked what and who used an operator view (ids, never document text), in the same store. */
  audit: AuditLog;
  /**
   * Embeds every indexed document and activates a new dense index version: with the configured
   * model embedder when there is one, else by fitting the built-in embedder (`options.embedder`)
   * once per access scope, on that scope's documents only.
   */
  buildDenseIndex(
    options?: Parameters<typeof buildDenseIndex>[2] & { onDocument?: (documentId: string) => void },
  ): Promise<DenseIndexReport>;
  /**
   * Builds the lexical index again from every indexed document's stored text and tree, as ingestion
   * writes it now (`rebuildLexicalIndex`), activates it and drops the one it replaces. Only where this
   * process writes the index (not over a shared catalog, whose stage services index).
   */
  rebuildLexicalIndex(options?: { onDocument?: (documentId: string) => void }): Promise<LexicalRebuildReport>;
  /**
   * Places or lifts a law-firm control (wall, legal hold, external-model bar) on a document or a set;
   * a wall reaches every store's permission filter in the same transaction. False: nothing changed.
   */
  changeControl(change: { place: Control } | { lift: ControlKey }): Promise<boolean>;
  /** Closes the embedded file at once; resolves when the shared catalog's connections have ended too. */
  close(): Promise<void>;
}

/** Local models the stack runs (loaded from folders, never downloaded); each absent: the built-in one. */
export interface StackModels {
  /** Embeds passages for `index dense` and the queries of every dense mode. */
  embedder?: Embedder;
  /** Reranks navembed-r4's pool (the built-in reranker without one). */
  reranker?: Reranker;
  /**
   * The sentence embedder the offline evidence decision reads relevance from (LEXNAV_RELEVANCE_MODEL_DIR,
   * else the embedder); absent: the built-in lexical relevance.
   */
  relevance?: Embedder;
}

/**
 * Loads the models the config names: the embedder (LEXNAV_EMBEDDER_MODEL_DIR, else the installed
 * pretrained one) and the reranker (LEXNAV_RERANKER_MODEL_DIR): a local cross-encoder folder, or
 * `late-interaction` for MaxSim over the embedder's token vectors (on request only: it measured below the
 * built-in reranker, docs/retrieval.md). Without one, navembed-r4 uses the
 * built-in reranker (`builtin-reranker.ts`: a linear scorer whose weights are fitted on gold).
 */
export async function loadStackModels(config: LexnavConfig): Promise<StackModels> {
  const [embedder, reranker] = await Promise.all([
    config.embedderModelDir ? loadOnnxEmbedder(config.embedderModelDir) : undefined,
    loadStackReranker(config),
  ]);
  const relevance = await loadRelevanceEmbedder(config, embedder);
  return { ...(embedder ? { embedder } : {}), ...(reranker ? { reranker } : {}), ...(relevance ? { relevance } : {}) };
}

/**
 * The sentence embedder of the offline evidence decision (`relevanceModelDir`): the loaded embedder
 * itself when it is the same folder, else loaded on its own; undefined when none is configured.
 */
export async function loadRelevanceEmbedder(config: LexnavConfig, embedder?: Embedder): Promise<Embedder | undefined> {
  if (!config.relevanceModelDir) return undefined;
  if (embedder && config.relevanceModelDir === config.embedderModelDir) return embedder;
  return loadOnnxEmbedder(config.relevanceModelDir);
}

/**
 * The model reranker the config names (LEXNAV_RERANKER_MODEL_DIR: a cross-encoder folder, or
 * `late-interaction` on the embedder's folder), without loading the embedder itself, or the built-in
 * reranker with the weights LEXNAV_RERANKER_WEIGHTS names; undefined when it names none (the built-in
 * reranker with its shipped weights serves).
 */
export async function loadStackReranker(config: LexnavConfig): Promise<Reranker | undefined> {
  if (config.rerankerWeightsPath !== undefined) {
    if (config.rerankerModelDir !== undefined)
      throw new LexnavError(
        "invalid_argument",
        "LEXNAV_RERANKER_WEIGHTS weighs the built-in reranker, and LEXNAV_RERANKER_MODEL_DIR names another: set one",
      );
    return createBuiltinReranker(await readRerankWeights(config.rerankerWeightsPath));
  }
  const lateInteraction = config.rerankerModelDir === LATE_INTERACTION_RERANKER_SETTING;
  if (lateInteraction && !config.embedderModelDir) {
    throw new LexnavError(
      "invalid_argument",
      `LEXNAV_RERANKER_MODEL_DIR=${LATE_INTERACTION_RERANKER_SETTING} reranks on the embedder's tokens, and no embedder model is configured (${config.embedderFallback ?? "none"})`,
    );
  }
  if (lateInteraction && config.embedderModelDir) return loadLateInteractionReranker(config.embedderModelDir);
  return config.rerankerModelDir ? loadOnnxCrossEncoder(config.rerankerModelDir) : undefined;
}

/** A `lexnav train reranker --out` file's weights; an unreadable or mismatched file fails with its reason. */
async function readRerankWeights(path: string): Promise<RerankWeights> {
  let json: string;
  try {
    json = await readFile(path, "utf8");
  } catch (e) {
    throw new LexnavError("invalid_argument", `LEXNAV_RERANKER_WEIGHTS: cannot read ${path}: ${(e as Error).message}`);
  }
  return parseRerankWeights(json, `the reranker weights in ${path}`);
}

/**
 * What the stack falls back to in the roles a command uses, said to a person: null when a model serves
 * each of them, else which built-in stands in and why.
 */
export function modelFallbackNotice(
  config: LexnavConfig,
  models: StackModels,
  uses: { embeds: boolean; reranks: boolean },
): string | null {
  const parts: string[] = [];
  if (uses.embeds && !models.embedder)
    parts.push(`the built-in LSA embedder (${config.embedderFallback ?? "no embedder model"})`);
  if (uses.reranks && !models.reranker)
    parts.push(
      "the built-in reranker (a linear scorer fitted on gold by lexnav train reranker; no registry package ships a cross-encoder; LEXNAV_RERANKER_MODEL_DIR names one, or late-interaction)",
    );
  return parts.length === 0 ? null : `using ${parts.join(" and ")}`;
}

/** How a process wires the stack beyond its store and models. */
export interface EmbeddedStackOptions {
  /**
   * Folders an ingest request's path may be read from (`IngestPipelineDeps.sourceRoots`). Absent: any
   * path (the CLI); the ingest service passes LEXNAV_INGEST_ROOTS, empty meaning inline bytes only.
   */
  sourceRoots?: readonly string[];
  /**
   * The first document indexed into a store with no dense index creates one (the configured model's,
   * embedding every indexed document; else the built-in embedder fitted per access scope), and later
   * ones are embedded into it as they are indexed. The ingest service sets this: nothing else builds a
   * dense index there, so dense and hybrid search would be lexical or empty. Absent: the CLI's
   * behaviour, where `lexnav index dense` builds it and ingests stay fast until then.
   */
  denseOnIngest?: boolean;
  /**
   * The searcher's lexical and dense candidate stages from stage services (the answer service over the
   * lexical and vector services, `createStageSearchClient`); absent: the embedded index and vectors.
   */
  sources?: SearcherDeps["sources"];
  /**
   * The PostgreSQL catalog shared by many processes (LEXNAV_CATALOG_URL, `openCatalogStores`); absent: the
   * catalog in the embedded file.
   */
  catalogUrl?: string;
  /**
   * Whether the pipeline writes the embedded lexical and dense indexes in the catalog's transaction (the
   * embedded shape: an indexed, deleted or re-permissioned document reaches search atomically). Default:
   * on with the embedded catalog, off with the shared one, where the ingest service writes the catalog and
   * publishes events and the stage services index (packages/indexer). On is refused with the shared
   * catalog: its transaction cannot include an embedded file, so the one-transaction rule would not hold.
   */
  indexSink?: boolean;
  /** The navindex planner served by the planner service (`createPlannerClient`); absent: planned in process. */
  planner?: SearcherDeps["planner"];
  /** The searcher's tuning beyond its defaults (`DEFAULT_SEARCH_OPTIONS`): the config's `searchOptionsOf`. */
  search?: SearcherDeps["options"];
}

/** The search options a config sets (LEXNAV_FUSION), for `EmbeddedStackOptions.search`. */
export const searchOptionsOf = (config: { fusion?: "reciprocal-rank" | "relative-score" }): SearcherDeps["options"] =>
  config.fusion ? { fusion: config.fusion } : {};

/** Whether a document with `access` belongs to the access scope `key`. */
const inScope = (access: Access, key: string) => accessScopes(access).some((s) => s.key === key);

/** The name a document is filed under: its file name without the extension. */
async function filedName(catalog: Catalog, documentId: string): Promise<string | null> {
  const doc = await catalog.getDocument(documentId);
  return doc ? doc.fileName.replace(/\.[A-Za-z0-9]+$/, "") : null;
}

export async function createEmbeddedStack(
  dbPath: string,
  limits: IngestLimits,
  logger: Logger,
  models: StackModels = {},
  options: EmbeddedStackOptions = {},
): Promise<EmbeddedStack> {
  const shared = options.catalogUrl !== undefined;
  const indexSink = options.indexSink ?? !shared;
  if (indexSink && shared)
    throw new LexnavError(
      "invalid_argument",
      "the passage index cannot be written in the transaction of a shared PostgreSQL catalog (LEXNAV_CATALOG_URL): the stage services index",
    );
  const db = openSqliteDatabase(dbPath);
  const stores = await openCatalogStores({ ...options, dbPath }, db).catch((e: unknown) => {
    db.close();
    throw e;
  });
  const { catalog, audit } = stores;
  const lexical = createSqliteLexicalIndex(db);
  const vectors = createSqliteVectorStore(db);
  const scopeModel = createEmbedderLookup(vectors);
  // The options the active built-in version was fitted with, so a stale scope is fitted alike.
  let denseOptions: Parameters<typeof buildDenseIndex>[2] = {};
  // A scope a delete or access change left stale (its model and vectors already dropped) is fitted
  // again on its current documents when it is next needed: one fit after a batch, not one per change.
  const embedderFor = async (version: string, scope?: string): Promise<SyncEmbedder | null> => {
    if (scope === undefined) return null;
    const state = await vectors.scope(version, scope);
    if (state?.stale) {
      const dimensions = (await vectors.describeVersion(version))?.dimensions ?? 0;
      await catalog.transaction(() =>
        refitScope(
          vectors,
          version,
          state,
          indexable((d) => inScope(d.access, state.key)),
          {
            ...denseOptions,
            embedder: { ...denseOptions?.embedder, dimensions },
          },
        ),
      );
    }
    return scopeModel(version, scope);
  };
  // Query and passage vectors are only comparable from one model: refuse a version made by another.
  const queryEmbedderFor = async (version: string): Promise<Embedder | null> => {
    const made = (await vectors.describeVersion(version))?.embedderId ?? null;
    const configured = models.embedder;
    if (configured) {
      if (made === configured.id) return configured;
      throw new LexnavError(
        "conflict",
        `the dense index version ${version} was embedded with ${made ?? "no embedder"}, not the configured model ${configured.id} (LEXNAV_EMBEDDER_MODEL_DIR): run "lexnav index dense" to re-embed, or unset LEXNAV_EMBEDDER_MODEL_DIR`,
      );
    }
    if (made !== null && made !== SCOPED_BUILTIN_EMBEDDER_ID) {
      throw new LexnavError(
        "conflict",
        `the dense index version ${version} was embedded with the model ${made}: set LEXNAV_EMBEDDER_MODEL_DIR to that model's folder, or run "lexnav index dense" to rebuild with the built-in embedder`,
      );
    }
    return null;
  };
  // Cards written before they kept the filed name get it now, so a question quoting it routes there.
  const unnamed = await lexical.unnamedDocuments();
  if (unnamed.length > 0)
    await catalog.transaction(async (tx) => {
      for (const id of unnamed) await lexical.setDocumentName(id, await filedName(tx, id));
    });
  // Versions stored before copies were recorded at ingest are keyed now, from their stored text.
  const keyed = await recordMissingCopies(catalog);
  if (keyed > 0) logger.info("copies of one agreement recorded for versions stored before", { versions: keyed });
  const searchIndex = createPassageIndexSink(lexical, undefined, {
    vectors,
    embedderFor,
    nameOf: (id) => filedName(catalog, id),
  });
  const writtenFiles = createSqliteWrittenFiles(db);
  const eraseAnswerRecords = createAnswerRecordErasure(createSqliteAnswerStore(db), dbPath);
  const derived: DerivedArtefacts = {
    async eraseDocument(documentId) {
      const answerRecords = await eraseAnswerRecords(documentId);
      // A deleted document's audited questions go too (a question may quote it); their ids stay.
      await audit.redactDocument(documentId);
      return { answerRecords, files: writtenFiles.eraseDocument(documentId) };
    },
    async compact() {
      await lexical.compact();
      return { lexicalCompacted: true, walTruncated: truncateWriteAheadLog(db) };
    },
  };
  // Every file is read and structured inside its memory and time budget, so one hostile file fails alone.
  const preparer = createIsolatedPreparer();
  const ingestPipeline = createIngestPipeline({
    catalog,
    limits,
    logger,
    // Without the sink the stages index: a version is served when every store acknowledged it.
    ...(indexSink ? { searchIndex } : { servedOnAcknowledgement: true }),
    derived,
    preparer,
    ...(options.sourceRoots !== undefined ? { sourceRoots: options.sourceRoots } : {}),
  });
  // The index sink embeds synchronously (the built-in embedder); a model-built active version gets
  // a newly indexed document's vectors here, once the ingest has put it in the catalog.
  const embedder = models.embedder;
  /** Marks stale the access scopes of documents with `accesses` in a built-in version (see `keepDense`). */
  const staleScopesOf = async (version: string, accesses: Access[]) => {
    const scopes = new Map(accesses.flatMap((a) => accessScopes(a)).map((s) => [s.key, s]));
    if (scopes.size > 0) await vectors.staleScopes(version, [...scopes.values()]);
  };
  /**
   * Creates the dense index when the store has none (`denseOnIngest`). Checked and created in one
   * immediate transaction, so replicas sharing the store create one between them. The built-in one is
   * created empty with the scopes of every indexed document stale; a model's version is created empty
   * and then given every indexed document's vectors (a replica indexing meanwhile embeds its own
   * document into it).
   */
  const ensureDenseIndex = async (): Promise<void> => {
    if ((await vectors.activeVersion()) !== null) return;
    if (!embedder) {
      await catalog.transaction(async (tx) => {
        if ((await vectors.activeVersion()) !== null) return;
        const { indexVersion } = await buildDenseIndex(vectors, [], denseOptions);
        await staleScopesOf(
          indexVersion,
          (await tx.listDocuments({ lifecycle: ["indexed"] })).map((d) => d.access),
        );
      });
      return;
    }
    const created = await catalog.transaction(async () => {
      if ((await vectors.activeVersion()) !== null) return null;
      const version = await vectors.createVersion(embedder.dimensions, embedder.id);
      await vectors.activate(version);
      return version;
    });
    if (created === null) return;
    for await (const doc of indexable()) await embedDocumentWith(vectors, created, doc, embedder);
  };
  /**
   * Keeps the dense index in step with a document just indexed (`denseOnIngest`): creates the index
   * when there is none and, in a built-in version, marks the document's access scopes stale, so each is
   * fitted again on all its documents when next searched (one fit after a batch, not one per document):
   * a scope's model fitted before the document arrived does not know its words. Returns the active version.
   */
  const keepDense = async (documentId: string): Promise<string | null> => {
    await ensureDenseIndex();
    const active = await vectors.activeVersion();
    const doc = await catalog.getDocument(documentId);
    if (
      !embedder &&
      active !== null &&
      doc &&
      (await vectors.describeVersion(active))?.embedderId === SCOPED_BUILTIN_EMBEDDER_ID
    )
      await catalog.transaction(() => staleScopesOf(active, [doc.access]));
    return active;
  };
  // Without the index sink the stages embed (the vector stage): nothing is embedded here.
  const pipeline: IngestPipeline =
    indexSink && (embedder || options.denseOnIngest)
      ? {
          ...ingestPipeline,
          ingest: async (request) => {
            const r = await ingestPipeline.ingest(request);
            if (r.status !== "indexed" || r.version === null) return r;
            const active = options.denseOnIngest ? await keepDense(r.documentId) : await vectors.activeVersion();
            if (!embedder || active === null || (await vectors.describeVersion(active))?.embedderId !== embedder.id)
              return r;
            const doc = await catalog.getDocument(r.documentId);
            const version = await catalog.getVersion(r.documentId, r.version);
            if (!doc || !version) return r;
            await embedDocumentWith(
              vectors,
              active,
              {
                documentId: r.documentId,
                version: r.version,
                access: doc.access,
                nodes: await catalog.getNodes(r.documentId, r.version),
                text: version.text,
              },
              embedder,
            );
            return r;
          },
        }
      : ingestPipeline;
  // The planner and expansion read the few routed documents' trees many times: keep the last ones.
  const trees = new Map<string, Promise<ProvisionNode[]>>();
  const structure = (documentId: string, version: string) => {
    const key = `${documentId}@${version}`;
    let nodes = trees.get(key);
    if (!nodes) {
      nodes = catalog.getNodes(documentId, version);
      trees.set(key, nodes);
      // A failed read is not kept: the next question reads again.
      nodes.catch(() => trees.delete(key));
      if (trees.size > 64) trees.delete(trees.keys().next().value as string);
    }
    return nodes;
  };
  // A document's record now, as an index build checks what it wrote: a delete or an access change made
  // while the build read and wrote a document is not undone by it (`reconcileWritten`).
  const currentRecord: CurrentRecord = async (id) => {
    const record = await catalog.getDocument(id);
    return record === null || record.lifecycle === "deleted" ? null : { access: record.access };
  };
  // One document at a time, so a corpus is never held whole in memory.
  // `wanted` is asked before a document's text is read: a later listing of a build reads only what it has not written.
  async function* indexable(
    wanted: (doc: { documentId: string; version: string; access: Access }) => boolean = () => true,
  ): AsyncGenerator<IndexableDocument> {
    for (const doc of await catalog.listDocuments({ lifecycle: ["indexed"] })) {
      if (
        doc.currentVersion === null ||
        !wanted({ documentId: doc.id, version: doc.currentVersion, access: doc.access })
      )
        continue;
      const version = await catalog.getVersion(doc.id, doc.currentVersion);
      if (!version) continue;
      yield {
        documentId: doc.id,
        version: doc.currentVersion,
        access: doc.access,
        nodes: await catalog.getNodes(doc.id, doc.currentVersion),
        text: version.text,
      };
    }
  }
  // A build's later listing: only the documents it has not written, asked before their text is read.
  const unwrittenListing = (wanted: (documentId: string, version: string) => boolean) =>
    indexable((d) => wanted(d.documentId, d.version));
  return {
    catalog,
    sharedCatalog: stores.shared,
    models,
    lexical,
    vectors,
    pipeline,
    writtenFiles,
    audit,
    searcher: createSearcher({
      lexical,
      vectors,
      embedderFor,
      queryEmbedderFor,
      reranker: models.reranker ?? createBuiltinReranker(),
      ...(options.sources ? { sources: options.sources } : {}),
      ...(options.planner ? { planner: options.planner } : {}),
      ...(options.search ? { options: options.search } : {}),
      structure,
      // Records and set members let context assembly cite titles and flag superseded clauses.
      document: (documentId) => catalog.getDocument(documentId),
      setMembers: async (setId) =>
        (await catalog.listDocuments({ lifecycle: ["indexed"], transactionSetId: setId })).flatMap((d) =>
          d.currentVersion ? [{ documentId: d.id, version: d.currentVersion }] : [],
        ),
    }),
    buildDenseIndex: async (options) => {
      if (models.embedder)
        return buildModelDenseIndex(vectors, indexable(), models.embedder, {
          ...(options?.passages ? { passages: options.passages } : {}),
          ...(options?.onDocument ? { onDocument: options.onDocument } : {}),
          current: currentRecord,
          meanwhile: unwrittenListing,
        });
      const { onDocument: _progress, ...builtin } = options ?? {};
      denseOptions = builtin;
      return buildDenseIndex(vectors, indexable(), {
        ...denseOptions,
        current: currentRecord,
        meanwhile: unwrittenListing,
      });
    },
    rebuildLexicalIndex: async (options) => {
      if (!indexSink)
        throw new LexnavError(
          "invalid_argument",
          "this process does not write the lexical index (a shared catalog's stage services index): rebuild it where the lexical service runs",
        );
      return rebuildLexicalIndex(lexical, (wanted) => (wanted ? unwrittenListing(wanted) : indexable()), {
        nameOf: (id) => filedName(catalog, id),
        current: currentRecord,
        ...(options?.onDocument ? { onDocument: options.onDocument } : {}),
      });
    },
    changeControl: (change) =>
      changeControl(catalog, indexSink ? walledSearchIndex(searchIndex, catalog) : undefined, change),
    close: () => {
      // The worker's exit is not awaited (close is synchronous for every caller); a failure is logged, never unhandled.
      preparer.close().catch((e: unknown) => logger.warn("ingest worker did not close", { error: String(e) }));
      db.close();
      return stores.close();
    },
  };
}
