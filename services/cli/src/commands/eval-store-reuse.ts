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

/** What seeding did: what to say, and whether a seed is in the store to drop after the build. */
export interface SeedOutcome {
  say: string;
  seeded: boolean;
}

/**
 * Seeds the store at `dbPath` (already open, vector tables made) with the vectors `embedderId` made in
 * the older store, for its coming dense build; null when there is nothing to reuse. An older store that
 * cannot be read (truncated, not a database) is passed over with its reason: the build embeds every text.
 */
export function seedFromOlderStore(
  dbPath: string,
  storeDir: string,
  dataset: string,
  embedderId: string,
): SeedOutcome | null {
  const db = openSqliteDatabase(dbPath);
  try {
    const held = vectorSeedVersions(db).length > 0;
    const older = olderEvalStore(storeDir, dataset, dbPath);
    if (!held && older === null) return null;
    let seed: ReturnType<typeof seedVectorCache>;
    try {
      seed = seedVectorCache(db, older ?? "", embedderId);
    } catch (e) {
      return { say: `no vectors reused from ${older}: ${(e as Error).message}`, seeded: false };
    }
    if (seed === null) return null;
    return {
      say: held
        ? `reusing the ${seed.vectors} vectors already seeded into this store (version ${seed.version})`
        : `reusing ${seed.vectors} vectors (distinct passage texts) ${embedderId} made in ${older}: only other texts are embedded`,
      seeded: true,
    };
  } finally {
    db.close();
  }
}

/**
 * Drops the seed after the dense build and gives its pages back to the file system (a whole-corpus
 * seed left about 200 MB of free pages in a store every evaluation copies); returns how many seeded
 * vectors went.
 */
export function dropSeed(dbPath: string): number {
  const db = openSqliteDatabase(dbPath);
  try {
    const dropped = dropVectorSeeds(db);
    if (dropped > 0) db.exec("VACUUM");
    return dropped;
  } finally {
    db.close();
  }
}
