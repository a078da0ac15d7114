import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { LexnavError } from "@lexnav/core";
import type Database from "better-sqlite3";

/**
 * Seeding a store's vector cache from an older store file, so a dense build embeds only the texts the
 * older store has no vector for. The build's own reuse does the rest: `embedDocumentWith` asks
 * `VectorStore.cachedVectors` for a vector the same embedder made for a text of the same sha256, in any
 * version the store holds. The seed is one inactive version made by that embedder, one row per
 * distinct text hash of the source's active version, naming no document; it is dropped after the build.
 * Nothing is matched by document, file or position: a vector is reused only for a text whose sha256
 * equals that of the text the same model embedded.
 */

/** The document id of a seed's rows (no real document has it): it marks the seed's versions. */
export const VECTOR_SEED_DOCUMENT = "vector-cache-seed";

export interface VectorSeed {
  /** The inactive version holding the seeded vectors. */
  version: string;
  /** Distinct text hashes seeded. */
  vectors: number;
}

/** The seed versions a store holds (left by an interrupted build, or being used by one). */
export function vectorSeedVersions(db: Database.Database): string[] {
  return db
    .prepare("SELECT DISTINCT index_version FROM vec_passages WHERE document_id = ?")
    .pluck()
    .all(VECTOR_SEED_DOCUMENT) as string[];
}

/**
 * Copies into `db` (a store whose vector tables exist) the vectors `embedderId` made in `sourcePath`'s
 * active version, as a new inactive seed version. Returns null when the source has no active version
 * made by that embedder (its vectors would not be the ones a build with `embedderId` makes). A store
 * that already holds a seed keeps it (a build interrupted after seeding resumes with it).
 * The source is attached and only read.
 */
export function seedVectorCache(db: Database.Database, sourcePath: string, embedderId: string): VectorSeed | null {
  const held = vectorSeedVersions(db)[0];
  if (held !== undefined) {
    const n = db.prepare("SELECT count(*) FROM vec_passages WHERE index_version = ?").pluck().get(held) as number;
    return { version: held, vectors: n };
  }
  if (!existsSync(sourcePath))
    throw new LexnavError("not_found", `no store file at ${sourcePath} to reuse vectors from`);
  db.prepare("ATTACH DATABASE ? AS seed_src").run(sourcePath);
  try {
    const hasTable = db
      .prepare("SELECT 1 FROM seed_src.sqlite_master WHERE type = 'table' AND name = 'vec_versions'")
      .get();
    const active = hasTable
      ? (db.prepare("SELECT id, dimensions, embedder_id FROM seed_src.vec_versions WHERE active = 1").get() as
          | { id: string; dimensions: number; embedder_id: string }
          | undefined)
      : undefined;
    if (!active || active.embedder_id !== embedderId) return null;
    const version = `vec-seed-${randomUUID().slice(0, 8)}`;
    const bytes = active.dimensions * 4;
    return db.transaction(() => {
      db.prepare(
        "INSERT INTO vec_versions (id, dimensions, embedder_id, created_at, active) VALUES (?, ?, ?, ?, 0)",
      ).run(version, active.dimensions, embedderId, new Date().toISOString());
      // One row per distinct text (the lowest rowid's vector: the same model made them all alike);
      // a vector of another length than the version's is not copied.
      const copied = db
        .prepare(
          `INSERT INTO vec_passages (index_version, scope, passage_id, document_id, version, node_id, start, end, embedding, text_sha256)
           SELECT ?, '', 'seed:' || p.text_sha256, ?, '', '', 0, 0, p.embedding, p.text_sha256
           FROM seed_src.vec_passages p
           WHERE p.rowid IN (SELECT MIN(rowid) FROM seed_src.vec_passages
                             WHERE index_version = ? AND text_sha256 IS NOT NULL GROUP BY text_sha256)
             AND length(p.embedding) = ?`,
        )
        .run(version, VECTOR_SEED_DOCUMENT, active.id, bytes).changes;
      return { version, vectors: copied };
    })();
  } finally {
    db.exec("DETACH DATABASE seed_src");
  }
}

/** Drops every seed version of `db` (after the build that used it); returns how many rows went. */
export function dropVectorSeeds(db: Database.Database): number {
  let rows = 0;
  for (const v of vectorSeedVersions(db)) {
    const active = db.prepare("SELECT active FROM vec_versions WHERE id = ?").pluck().get(v) as number | undefined;
    if (active === 1) throw new LexnavError("conflict", `the seed version ${v} is active; it is not an index`);
    db.transaction(() => {
      rows += db.prepare("DELETE FROM vec_passages WHERE index_version = ?").run(v).changes;
      db.prepare("DELETE FROM vec_scopes WHERE index_version = ?").run(v);
      db.prepare("DELETE FROM vec_scope_members WHERE index_version = ?").run(v);
      db.prepare("DELETE FROM vec_versions WHERE id = ?").run(v);
    })();
  }
  return rows;
}
