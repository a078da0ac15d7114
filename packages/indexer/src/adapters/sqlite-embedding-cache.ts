import type Database from "better-sqlite3";
import type { EmbeddingCache } from "../ports/embedding-cache.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS stage_embedding_cache (
  embedder_id TEXT NOT NULL,
  text_hash TEXT NOT NULL,
  document_id TEXT NOT NULL,
  vector BLOB NOT NULL,
  PRIMARY KEY (embedder_id, text_hash, document_id)
);
CREATE INDEX IF NOT EXISTS stage_embedding_cache_doc ON stage_embedding_cache(document_id);
`;

const blob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

/**
 * The embedding cache in the stage's own embedded file, beside its vectors and applied-change log: every
 * replica sharing the file (one host) finds what another prepared.
 */
export function createSqliteEmbeddingCache(db: Database.Database): EmbeddingCache {
  db.exec(SCHEMA);
  const insert = db.prepare(
    "INSERT OR IGNORE INTO stage_embedding_cache (embedder_id, text_hash, document_id, vector) VALUES (?, ?, ?, ?)",
  );
  const drop = db.prepare("DELETE FROM stage_embedding_cache WHERE document_id = ?");
  return {
    async get(embedderId, textHashes) {
      const found = new Map<string, Float32Array>();
      const unique = [...new Set(textHashes)];
      // In chunks: SQLite bounds the parameters of one statement.
      for (let i = 0; i < unique.length; i += 500) {
        const chunk = unique.slice(i, i + 500);
        const rows = db
          .prepare(
            `SELECT text_hash, vector FROM stage_embedding_cache
             WHERE embedder_id = ? AND text_hash IN (${chunk.map(() => "?").join(",")})`,
          )
          .all(embedderId, ...chunk) as Array<{ text_hash: string; vector: Buffer }>;
        for (const r of rows)
          found.set(r.text_hash, new Float32Array(new Uint8Array(r.vector).buffer, 0, r.vector.byteLength / 4));
      }
      return found;
    },
    async put(embedderId, documentId, vectors) {
      db.transaction(() => {
        for (const [hash, v] of vectors) insert.run(embedderId, hash, documentId, blob(v));
      })();
    },
    async drop(documentId) {
      return drop.run(documentId).changes;
    },
  };
}
