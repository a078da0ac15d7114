/**
 * A measurement-side one-off (docs/retrieval.md, "The whole shared corpus with MiniLM"): lets an eval
 * store's dense build reuse the vectors another store already holds for the same model, instead of
 * embedding them again. The product's own reuse path does the rest: `embedDocumentWith` asks the store
 * for a vector the same embedder made for a text of the same sha256 (`VectorStore.cachedVectors`, any
 * version still stored). This script only puts such vectors in the target store, as an inactive version
 * made by the source's embedder id, one row per distinct text hash; every text whose hash is not among
 * them is embedded by the build as usual. Nothing is matched by document, file or position: a vector is
 * reused only for a text whose sha256 equals that of the text the same model embedded.
 *
 *   tsx test/bench/seed-vector-cache.ts seed <target.sqlite> <source.sqlite>   # before the dense build
 *   tsx test/bench/seed-vector-cache.ts drop <target.sqlite>                   # after it: the seed goes
 *
 * The source is attached and only read (copy it first if anything else may write to it).
 */
import { existsSync } from "node:fs";
import { openSqliteDatabase } from "@lexnav/catalog";
import { createSqliteVectorStore } from "@lexnav/retrieval";

/** The seed version's rows name no document; this marks them (and the version) as the seed's. */
const SEED_DOCUMENT = "seed-vector-cache";

const [command, target, source] = process.argv.slice(2);
if (!target || (command === "seed" && !source) || (command !== "seed" && command !== "drop")) {
  console.error("usage: seed-vector-cache.ts seed <target.sqlite> <source.sqlite> | drop <target.sqlite>");
  process.exit(2);
}

const db = openSqliteDatabase(target);
const store = createSqliteVectorStore(db);
const seedVersions = () =>
  (
    db
      .prepare("SELECT DISTINCT index_version AS v FROM vec_passages WHERE document_id = ?")
      .all(SEED_DOCUMENT) as Array<{
      v: string;
    }>
  ).map((r) => r.v);

if (command === "drop") {
  for (const v of seedVersions()) {
    await store.dropVersion(v);
    console.log(`dropped seed version ${v}`);
  }
} else {
  if (seedVersions().length > 0) throw new Error(`${target} already holds a seed version; drop it first`);
  if (!existsSync(source as string)) throw new Error(`${source} does not exist`);
  db.prepare("ATTACH DATABASE ? AS src").run(source);
  const active = db.prepare("SELECT id, dimensions, embedder_id FROM src.vec_versions WHERE active = 1").get() as
    | { id: string; dimensions: number; embedder_id: string }
    | undefined;
  if (!active) throw new Error(`${source} has no active vector index version`);
  const rows = db
    .prepare(
      `SELECT text_sha256 AS hash, MIN(embedding) AS embedding FROM src.vec_passages
       WHERE index_version = ? AND text_sha256 IS NOT NULL GROUP BY text_sha256`,
    )
    .all(active.id) as Array<{ hash: string; embedding: Buffer }>;
  db.exec("DETACH DATABASE src");
  const version = await store.createVersion(active.dimensions, active.embedder_id);
  const insert = db.prepare(
    `INSERT INTO vec_passages (index_version, scope, passage_id, document_id, version, node_id, start, end, embedding, text_sha256)
     VALUES (?, '', ?, ?, '', '', 0, 0, ?, ?)`,
  );
  db.transaction(() => {
    for (const r of rows) {
      if (r.embedding.byteLength !== active.dimensions * 4)
        throw new Error(`vector of ${r.embedding.byteLength} bytes for ${r.hash}; expected ${active.dimensions * 4}`);
      insert.run(version, `seed:${r.hash}`, SEED_DOCUMENT, r.embedding, r.hash);
    }
  })();
  console.log(
    `seeded ${rows.length} vectors (distinct text hashes) made by ${active.embedder_id} into inactive version ${version} of ${target}`,
  );
}
db.close();
