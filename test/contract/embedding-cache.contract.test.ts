import { openSqliteDatabase } from "@lexnav/catalog";
import { createPostgresEmbeddingCache, createSqliteEmbeddingCache, type EmbeddingCache } from "@lexnav/indexer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeOnPostgresCluster } from "./postgres-cluster.ts";

/**
 * The contract of the vector stage's embedding cache (vectors prepared ahead of a version's switch): the
 * stage's embedded file always, the catalog's PostgreSQL when a cluster can be had.
 */
function describeEmbeddingCacheContract(
  name: string,
  make: () => Promise<{ cache: EmbeddingCache; close: () => Promise<void> }>,
): void {
  describe(`EmbeddingCache contract: ${name}`, () => {
    let cache: EmbeddingCache;
    let close: () => Promise<void>;
    beforeEach(async () => {
      ({ cache, close } = await make());
    });
    afterEach(async () => {
      await close();
    });

    it("returns the vectors kept for a model's texts, whichever document they were prepared for", async () => {
      const a = new Float32Array([0.5, -0.25, 1, 0]);
      const b = new Float32Array([0, 0.75, -1, 0.125]);
      await cache.put("model-1", "d1", new Map([["h1", a]]));
      await cache.put("model-1", "d2", new Map([["h2", b]]));
      // A second put of a kept text changes nothing.
      await cache.put("model-1", "d1", new Map([["h1", b]]));
      const found = await cache.get("model-1", ["h1", "h2", "h9", "h1"]);
      expect([...found.keys()].sort()).toEqual(["h1", "h2"]);
      expect([...(found.get("h1") as Float32Array)]).toEqual([...a]);
      expect([...(found.get("h2") as Float32Array)]).toEqual([...b]);
      // Another model's vectors are not these.
      expect((await cache.get("model-2", ["h1"])).size).toBe(0);
      expect((await cache.get("model-1", [])).size).toBe(0);
    });

    it("drops what was kept for a document, and nothing of another's", async () => {
      await cache.put("model-1", "d1", new Map([["h1", new Float32Array([1, 0])]]));
      await cache.put("model-1", "d2", new Map([["h2", new Float32Array([0, 1])]]));
      expect(await cache.drop("d1")).toBe(1);
      expect(await cache.drop("d1")).toBe(0);
      expect([...(await cache.get("model-1", ["h1", "h2"])).keys()]).toEqual(["h2"]);
    });
  });
}

describeEmbeddingCacheContract("sqlite (the stage's file)", async () => {
  const db = openSqliteDatabase(":memory:");
  return {
    cache: createSqliteEmbeddingCache(db),
    close: async () => {
      db.close();
    },
  };
});

describeOnPostgresCluster("EmbeddingCache", (cluster) => {
  describeEmbeddingCacheContract("PostgreSQL", async () => {
    const cache = await createPostgresEmbeddingCache(await cluster().createDatabase());
    return { cache, close: () => cache.close() };
  });
});
