import { migrate, openPool, runner } from "@lexnav/catalog";
import type { EmbeddingCache } from "../ports/embedding-cache.ts";

/** Schema version of the embedding cache table, kept in `catalog_meta` under `stage_embedding_cache_schema`. */
export const POSTGRES_EMBEDDING_CACHE_SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS stage_embedding_cache (
  embedder_id text NOT NULL,
  text_hash text NOT NULL,
  document_id text NOT NULL,
  vector bytea NOT NULL,
  PRIMARY KEY (embedder_id, text_hash, document_id)
);
CREATE INDEX IF NOT EXISTS stage_embedding_cache_doc ON stage_embedding_cache(document_id);
`;

/** An embedding cache in PostgreSQL, with `close` for the pool it opened. */
export interface PostgresEmbeddingCache extends EmbeddingCache {
  close(): Promise<void>;
}

/**
 * The embedding cache in the catalog's PostgreSQL, beside the applied-change log: when the vector stage's
 * replicas run on several hosts (a server vector store, the log in PostgreSQL), the replica that applies a
 * version finds the vectors another prepared.
 */
export async function createPostgresEmbeddingCache(url: string): Promise<PostgresEmbeddingCache> {
  const { pool } = openPool(url);
  await migrate(pool, {
    what: "embedding cache",
    key: "stage_embedding_cache_schema",
    version: POSTGRES_EMBEDDING_CACHE_SCHEMA_VERSION,
    schema: SCHEMA,
  });
  const run = runner(pool);
  return {
    async get(embedderId, textHashes) {
      const found = new Map<string, Float32Array>();
      if (textHashes.length === 0) return found;
      const r = await run<{ text_hash: string; vector: Buffer }>(
        "SELECT DISTINCT ON (text_hash) text_hash, vector FROM stage_embedding_cache WHERE embedder_id = $1 AND text_hash = ANY($2::text[])",
        [embedderId, [...new Set(textHashes)]],
      );
      for (const row of r.rows)
        found.set(row.text_hash, new Float32Array(new Uint8Array(row.vector).buffer, 0, row.vector.byteLength / 4));
      return found;
    },
    async put(embedderId, documentId, vectors) {
      if (vectors.size === 0) return;
      const hashes = [...vectors.keys()];
      await run(
        `INSERT INTO stage_embedding_cache (embedder_id, text_hash, document_id, vector)
         SELECT $1, h, $2, v FROM unnest($3::text[], $4::bytea[]) AS t(h, v) ON CONFLICT DO NOTHING`,
        [
          embedderId,
          documentId,
          hashes,
          hashes.map((h) => {
            const v = vectors.get(h) as Float32Array;
            return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
          }),
        ],
      );
    },
    async drop(documentId) {
      return (await run("DELETE FROM stage_embedding_cache WHERE document_id = $1", [documentId])).rowCount ?? 0;
    },
    async close() {
      await pool.end();
    },
  };
}
