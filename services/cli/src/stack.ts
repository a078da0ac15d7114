import type { Catalog } from "@lexnav/catalog";
import { createSqliteCatalog, openSqliteDatabase } from "@lexnav/catalog";
import type { IngestLimits, Logger } from "@lexnav/core";
import { createIngestPipeline, type IngestPipeline } from "@lexnav/ingest";
import {
  createPassageIndexSink,
  createSearcher,
  createSqliteLexicalIndex,
  type LexicalIndex,
  type Searcher,
} from "@lexnav/retrieval";

/** The all-in-one wiring: catalog, lexical index and pipeline on one embedded SQLite file. */
export interface EmbeddedStack {
  catalog: Catalog;
  lexical: LexicalIndex;
  pipeline: IngestPipeline;
  searcher: Searcher;
  close(): void;
}

export function createEmbeddedStack(dbPath: string, limits: IngestLimits, logger: Logger): EmbeddedStack {
  const db = openSqliteDatabase(dbPath);
  const catalog = createSqliteCatalog(db);
  const lexical = createSqliteLexicalIndex(db);
  const pipeline = createIngestPipeline({ catalog, limits, logger, searchIndex: createPassageIndexSink(lexical) });
  return {
    catalog,
    lexical,
    pipeline,
    searcher: createSearcher({ lexical }),
    close: () => db.close(),
  };
}
