import { createLexicalStageStore, defineStageProcess, ensureActiveLexicalVersion } from "@lexnav/indexer";
import { INGEST_EVENT_NAMES } from "@lexnav/ingest-service";
import { searchV1 } from "@lexnav/proto";
import { createOpenSearchLexicalIndex, createSqliteLexicalIndex } from "@lexnav/retrieval";

/**
 * The lexical stage: the embedded FTS5 index of its own file (LEXNAV_LEXICAL_DB), or the OpenSearch index
 * every replica shares when LEXNAV_OPENSEARCH_URL is set (the handlers stay the same), serving LEXICAL search.
 */
export const LEXICAL_STAGE = defineStageProcess({
  name: "lexical",
  mode: searchV1.SearchMode.LEXICAL,
  events: INGEST_EVENT_NAMES,
  dbPath: (config) => config.stages.lexicalDbPath,
  address: (config) => config.stages.lexicalAddress,
  async openStore({ config, writer, reader }) {
    if (!config.opensearch)
      return { store: createLexicalStageStore(createSqliteLexicalIndex(writer), createSqliteLexicalIndex(reader)) };
    const index = createOpenSearchLexicalIndex({ node: config.opensearch.url, prefix: config.opensearch.prefix });
    return {
      store: createLexicalStageStore(index),
      server: {
        ensureActive: () => ensureActiveLexicalVersion(index),
        ping: async () => {
          await index.activeVersion();
        },
        close: () => index.close(),
      },
    };
  },
});

/** The durable consumer every replica of the lexical stage shares: they split the events between them. */
export const LEXICAL_CONSUMER = LEXICAL_STAGE.durable;

/** The durable consumer of the stages' `version-served` events every replica of the lexical stage shares. */
export const LEXICAL_SERVED_CONSUMER = LEXICAL_STAGE.servedDurable;

/** The store's name in its applied-change log. */
export const LEXICAL_STORE = LEXICAL_STAGE.storeName;
