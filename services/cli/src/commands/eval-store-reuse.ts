import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { openSqliteDatabase } from "@lexnav/catalog";
import { dropVectorSeeds, seedVectorCache, vectorSeedVersions } from "@lexnav/retrieval";

/**
 * A new eval store (new code, so a new fingerprint) over the same data sets as an older one beside it
 * reuses the older store's vectors: only texts the same model has not embedded there are embedded
 * again. A model's dense build over a whole corpus takes most of an hour; a change of ingest changes
 * only some passages.
 */

const STORE_NAME = /^(.+)-(full|mini)-[0-9a-f]{16}\.sqlite$/;

/**
 * The newest other eval store in `storeDir` over the same data sets (either protocol) whose dense
 * index was completed; null when there is none.
 */
export function olderEvalStore(storeDir: string, dataset: string, dbPath: string): string | null {
  const candidates = readdirSync(storeDir)
    .filter((f) => STORE_NAME.exec(f)?.[1] === dataset && f !== basename(dbPath))
    .map((f) => join(storeDir, f))
    .filter((p) => existsSync(`${p}.dense-complete`))
    .map((p) => ({ p, at: statSync(p).mtimeMs }))
    .sort((a, b) => b.at - a.at || a.p.localeCompare(b.p));
  return candidates[0]?.p ?? null;
}

/**
 * Seeds the store at `dbPath` (already open, vector tables made) with the vectors `embedderId` made in
 * the older store, for its coming dense build. Returns what to say, null when nothing is reused.
 */
export function seedFromOlderStore(
  dbPath: string,
  storeDir: string,
  dataset: string,
  embedderId: string,
): string | null {
  const db = openSqliteDatabase(dbPath);
  try {
    const held = vectorSeedVersions(db).length > 0;
    const older = olderEvalStore(storeDir, dataset, dbPath);
    if (!held && older === null) return null;
    const seed = seedVectorCache(db, older ?? "", embedderId);
    if (seed === null) return null;
    return held
      ? `reusing the ${seed.vectors} vectors already seeded into this store (version ${seed.version})`
      : `reusing ${seed.vectors} vectors (distinct passage texts) ${embedderId} made in ${older}: only other texts are embedded`;
  } finally {
    db.close();
  }
}

/** Drops the seed after the dense build; returns how many seeded vectors went. */
export function dropSeed(dbPath: string): number {
  const db = openSqliteDatabase(dbPath);
  try {
    return dropVectorSeeds(db);
  } finally {
    db.close();
  }
}
