import { type Catalog, createSqliteCatalog } from "@lexnav/catalog";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { describe, expect, it } from "vitest";
import { createIngestPipeline } from "./create-ingest-pipeline.ts";

const NOW = "2026-12-01T00:00:00.000Z";
const BASE = { fileName: "x.txt", access: { principals: [], groups: ["g"] } };

/**
 * A catalog on which another process acts right after this one lists the documents: `meanwhile` runs
 * once, between the list and whatever this process reads next.
 */
function withActionAfterList(catalog: Catalog, meanwhile: (c: Catalog) => Promise<void>): Catalog {
  let pending: ((c: Catalog) => Promise<void>) | null = meanwhile;
  return {
    ...catalog,
    async listDocuments(filter) {
      const listed = await catalog.listDocuments(filter);
      const act = pending;
      pending = null;
      if (act) await act(catalog);
      return listed;
    },
  };
}

describe("recoverInterrupted on a catalog other processes write", () => {
  it("leaves alone a document a live process finished after the list was read (its claim ended with it)", async () => {
    const catalog = createSqliteCatalog(":memory:");
    await catalog.upsertReceived({ id: "doc_done", source: "/done", ...BASE }, NOW);
    await catalog.claimIngest("doc_done", { pid: 4242, host: "here", since: NOW });
    const shared = withActionAfterList(catalog, (c) =>
      c.transaction(async (tx) => {
        await tx.setLifecycle("doc_done", "indexed", null, NOW);
      }),
    );
    const pipeline = createIngestPipeline({
      catalog: shared,
      limits: DEFAULT_LIMITS,
      logger: silentLogger,
      owner: { pid: 1, host: "here" },
      isAlive: (pid) => pid === 4242,
    });
    expect(await pipeline.recoverInterrupted()).toEqual([]);
    expect((await catalog.getDocument("doc_done"))?.lifecycle).toBe("indexed");
    await catalog.close();
  });

  it("leaves alone a dead process's document a live one took over after the list was read", async () => {
    const catalog = createSqliteCatalog(":memory:");
    await catalog.upsertReceived({ id: "doc_taken", source: "/taken", ...BASE }, NOW);
    await catalog.claimIngest("doc_taken", { pid: 4343, host: "here", since: NOW });
    const shared = withActionAfterList(catalog, (c) =>
      c.transaction(async (tx) => {
        await tx.upsertReceived({ id: "doc_taken", source: "/taken", ...BASE }, NOW);
        await tx.claimIngest("doc_taken", { pid: 4242, host: "here", since: NOW });
      }),
    );
    const pipeline = createIngestPipeline({
      catalog: shared,
      limits: DEFAULT_LIMITS,
      logger: silentLogger,
      owner: { pid: 1, host: "here" },
      isAlive: (pid) => pid === 4242,
    });
    expect(await pipeline.recoverInterrupted()).toEqual([]);
    expect((await catalog.getDocument("doc_taken"))?.lifecycle).toBe("received");
    expect((await catalog.ingestClaim("doc_taken"))?.pid).toBe(4242);
    await catalog.close();
  });

  it("still fails a document whose claiming process is dead, and one nobody claimed", async () => {
    const catalog = createSqliteCatalog(":memory:");
    await catalog.upsertReceived({ id: "doc_dead", source: "/dead", ...BASE }, NOW);
    await catalog.claimIngest("doc_dead", { pid: 4343, host: "here", since: NOW });
    await catalog.upsertReceived({ id: "doc_unclaimed", source: "/unclaimed", ...BASE }, NOW);
    const pipeline = createIngestPipeline({
      catalog,
      limits: DEFAULT_LIMITS,
      logger: silentLogger,
      owner: { pid: 1, host: "here" },
      isAlive: () => false,
    });
    const recovered = await pipeline.recoverInterrupted();
    expect(recovered.map((r) => [r.documentId, r.status, r.failure?.code]).sort()).toEqual([
      ["doc_dead", "failed", "unavailable"],
      ["doc_unclaimed", "failed", "unavailable"],
    ]);
    expect((await catalog.getDocument("doc_dead"))?.lifecycle).toBe("failed");
    expect(await catalog.ingestClaim("doc_dead")).toBeNull();
    await catalog.close();
  });
});
