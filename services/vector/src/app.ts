import { LexnavError } from "@lexnav/core";
import {
  createPostgresEmbeddingCache,
  createSqliteEmbeddingCache,
  createVectorStageStore,
  defineStageProcess,
  ensureActiveVectorVersion,
} from "@lexnav/indexer";
import { INGEST_EVENT_NAMES } from "@lexnav/ingest-service";
import { searchV1 } from "@lexnav/proto";
import { createQdrantVectorStore, createSqliteVectorStore, loadOnnxEmbedder } from "@lexnav/retrieval";

/**
 * The vector stage: passages embedded by a model (LEXNAV_EMBEDDER_MODEL_DIR, else the installed pretrained
 * one) into the embedded sqlite-vec store of its own file (LEXNAV_VECTOR_DB), or into Qdrant when
 * LEXNAV_QDRANT_URL is set, serving DENSE search. Without a Qdrant server, replicas on one host share the
 * file: one indexing replica and reading replicas.
 */
export const VECTOR_STAGE = defineStageProcess({
  name: "vector",
  mode: searchV1.SearchMode.DENSE,
  events: INGEST_EVENT_NAMES,
  dbPath: (config) => config.stages.vectorDbPath,
  address: (config) => config.stages.vectorAddress,
  async openStore({ config, writer, reader }) {
    // A model embedder only: the built-in one is fitted per access scope on the whole corpus, which a stage
    // applying one document at a time cannot do.
    if (!config.embedderModelDir)
      throw new LexnavError(
        "invalid_argument",
        `the vector stage embeds with a model, and none is configured: ${config.embedderFallback ?? "set LEXNAV_EMBEDDER_MODEL_DIR"}`,
      );
    const embedder = await loadOnnxEmbedder(config.embedderModelDir);
    const ready = { embedder: embedder.id };
    if (!config.qdrant) {
      // Vectors embedded ahead of a version's switch, in the stage's file (its replicas on this host share it).
      const cache = createSqliteEmbeddingCache(writer);
      return {
        store: createVectorStageStore(embedder, createSqliteVectorStore(writer), createSqliteVectorStore(reader), {
          cache,
        }),
        ready,
      };
    }
    const vectors = createQdrantVectorStore({ url: config.qdrant.url, prefix: config.qdrant.prefix });
    // Beside the applied-change log: in the catalog's PostgreSQL when replicas may run on any host.
    const shared = config.catalogUrl ? await createPostgresEmbeddingCache(config.catalogUrl) : null;
    const cache = shared ?? createSqliteEmbeddingCache(writer);
    return {
      store: createVectorStageStore(embedder, vectors, vectors, { cache }),
      server: {
        ensureActive: () => ensureActiveVectorVersion(embedder, vectors),
        ping: async () => {
          await vectors.activeVersion();
        },
        close: async () => {
          await vectors.close();
          await shared?.close();
        },
      },
      ready,
    };
  },
});

/** The durable consumer every replica of the vector stage shares. */
export const VECTOR_CONSUMER = VECTOR_STAGE.durable;

/** The durable consumer of the stages' `version-served` events every replica of the vector stage shares. */
export const VECTOR_SERVED_CONSUMER = VECTOR_STAGE.servedDurable;

/** The store's name in its applied-change log. */
export const VECTOR_STORE = VECTOR_STAGE.storeName;
