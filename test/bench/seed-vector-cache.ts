/**
 * A measurement-side tool (docs/retrieval.md, "The whole shared corpus with MiniLM"): lets an eval
 * store's dense build reuse the vectors a store of OTHER data sets holds for the same model (the whole-CUAD
 * store's for the whole corpus), instead of embedding them again. An eval store of the same data sets is
 * reused without it (`openEvalStore`); both seed through `seedVectorCache` in @lexnav/retrieval. The product's own reuse path does the rest: `embedDocumentWith` asks the store
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
import { dropVectorSeeds, seedVectorCache } from "@lexnav/retrieval";

const [command, target, source] = process.argv.slice(2);
if (!target || (command === "seed" && !source) || (command !== "seed" && command !== "drop")) {
  console.error("usage: seed-vector-cache.ts seed <target.sqlite> <source.sqlite> | drop <target.sqlite>");
  process.exit(2);
}

const db = openSqliteDatabase(target);
if (command === "drop") {
  console.log(`dropped ${dropVectorSeeds(db)} seeded vectors from ${target}`);
} else {
  if (!existsSync(source as string)) throw new Error(`${source} does not exist`);
  db.prepare("ATTACH DATABASE ? AS src").run(source);
  const embedder = db.prepare("SELECT embedder_id FROM src.vec_versions WHERE active = 1").pluck().get() as
    | string
    | undefined;
  db.exec("DETACH DATABASE src");
  if (!embedder) throw new Error(`${source} has no active vector index version`);
  const seed = seedVectorCache(db, source as string, embedder);
  if (!seed) throw new Error(`${source}'s active version was not made by ${embedder}`);
  console.log(
    `seeded ${seed.vectors} vectors (distinct text hashes) made by ${embedder} into inactive version ${seed.version} of ${target}`,
  );
}
db.close();
