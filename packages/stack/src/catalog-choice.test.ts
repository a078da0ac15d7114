import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { describe, expect, it } from "vitest";
import { createEmbeddedStack, type EmbeddedStackOptions } from "./stack.ts";

const READER = { id: "r", groups: ["deals"] };
const AGREEMENT = new TextEncoder().encode(
  "SUPPLY AGREEMENT\n\n1. TERM\n\nThis Agreement continues for five years; the quorvex deliverables are due monthly.\n",
);

/** Ingests one agreement into a fresh in-memory stack and searches it: the hits and the catalog's record. */
async function ingestAndSearch(options: EmbeddedStackOptions) {
  const stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger, {}, options);
  try {
    const r = await stack.pipeline.ingest({
      source: "upload://supply.txt",
      bytes: AGREEMENT,
      access: { principals: [], groups: ["deals"] },
    });
    // An index nothing was written to has no version yet: no hits.
    const hits = await stack.searcher
      .search({ query: "quorvex", principal: READER, mode: "lexical", k: 5 }, async () => null)
      .then(
        (h) => h.passages.length,
        (e: Error) => {
          if (/no active version/.test(e.message)) return 0;
          throw e;
        },
      );
    const doc = await stack.catalog.getDocument(r.documentId);
    return {
      shared: stack.sharedCatalog,
      lifecycle: doc?.lifecycle,
      hits,
      served: doc?.currentVersion === r.version,
      pending: doc?.pendingVersion === r.version,
    };
  } finally {
    await stack.close();
  }
}

describe("the stack's catalog and index sink, chosen by options", () => {
  it("embedded by default: one transaction writes the catalog and the passage index", async () => {
    const r = await ingestAndSearch({});
    expect(r).toMatchObject({ shared: false, lifecycle: "indexed", served: true, pending: false });
    expect(r.hits).toBeGreaterThan(0);
  });

  it("with the index sink off, the catalog alone is written (the distributed shape: the stages index)", async () => {
    const r = await ingestAndSearch({ indexSink: false });
    // Readers wait for the stores: the version is pending until every one acknowledged it.
    expect(r).toEqual({ shared: false, lifecycle: "indexed", hits: 0, served: false, pending: true });
  });

  it("refuses the index sink on a shared PostgreSQL catalog, before connecting to it", async () => {
    await expect(
      createEmbeddedStack(
        ":memory:",
        DEFAULT_LIMITS,
        silentLogger,
        {},
        {
          catalogUrl: "postgres://nobody@127.0.0.1:1/none",
          indexSink: true,
        },
      ),
    ).rejects.toThrow(/cannot be written in the transaction of a shared PostgreSQL catalog/);
  });
});
