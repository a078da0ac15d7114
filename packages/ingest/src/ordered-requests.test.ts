import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Catalog, createSqliteCatalog } from "@lexnav/catalog";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createIngestPipeline } from "./create-ingest-pipeline.ts";
import type { IngestPipeline } from "./pipeline.ts";

const OLD_TEXT =
  "SUPPLY AGREEMENT between Gamma Foods Inc. and Delta Retail LLC.\n\nSection 1. The Seller delivers the Products within thirty days of each order.";
const NEW_TEXT =
  "SUPPLY AGREEMENT between Gamma Foods Inc. and Delta Retail LLC.\n\nSection 1. The Seller delivers the Products within ten days of each order.";
const TEAM = { principals: [], groups: ["deal-team"] };
const OTHERS = { principals: [], groups: ["other-team"] };
const SOURCE = "upload://supply.txt";

// Three commands for one document reached the command stream at these times; they arrive out of order.
const T1 = "2026-05-01T09:00:01.000Z";
const T2 = "2026-05-01T09:00:02.000Z";
const T3 = "2026-05-01T09:00:03.000Z";

describe("requests for one document apply in the order they were made, whatever order they arrive in", () => {
  let dir: string;
  let catalog: Catalog;
  let pipeline: IngestPipeline;
  const ingest = (text: string, requestedAt: string, access = TEAM) =>
    pipeline.ingest({ source: SOURCE, bytes: new TextEncoder().encode(text), access, requestedAt });
  const servedText = async (documentId: string) => {
    const doc = await catalog.getDocument(documentId);
    if (!doc?.currentVersion) return null;
    return (await catalog.getVersion(documentId, doc.currentVersion))?.text ?? null;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-ordered-"));
    catalog = createSqliteCatalog(join(dir, "lexnav.sqlite"));
    pipeline = createIngestPipeline({ catalog, limits: DEFAULT_LIMITS, logger: silentLogger });
  });
  afterEach(async () => {
    await catalog.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("an older version delivered after a newer one changes nothing: the newer text stays served", async () => {
    const newer = await ingest(NEW_TEXT, T2);
    expect(newer.status).toBe("indexed");
    const late = await ingest(OLD_TEXT, T1, OTHERS);
    expect(late).toMatchObject({ status: "superseded", supersededBy: T2, version: null });
    expect(await servedText(newer.documentId)).toBe(NEW_TEXT);
    expect((await catalog.getDocument(newer.documentId))?.access).toEqual(TEAM);
    // The same command delivered again (its stream time unchanged) is the unchanged no-op it always was.
    expect((await ingest(NEW_TEXT, T2)).status).toBe("unchanged");
    // A command made later applies as before.
    expect((await ingest(OLD_TEXT, T3)).status).toBe("indexed");
    expect(await servedText(newer.documentId)).toBe(OLD_TEXT);
  });

  it("the same bytes with an older access, delivered late, leave the newer access in place", async () => {
    const first = await ingest(NEW_TEXT, T1, OTHERS);
    await ingest(NEW_TEXT, T3, TEAM);
    expect((await catalog.getDocument(first.documentId))?.access).toEqual(TEAM);
    const late = await ingest(NEW_TEXT, T2, OTHERS);
    expect(late.status).toBe("superseded");
    expect(late.accessChanged).toBeUndefined();
    expect((await catalog.getDocument(first.documentId))?.access).toEqual(TEAM);
  });

  it("a deleted document is not brought back by an ingest made before the delete", async () => {
    const indexed = await ingest(OLD_TEXT, T1);
    await pipeline.remove(indexed.documentId, T3);
    const late = await ingest(NEW_TEXT, T2);
    expect(late).toMatchObject({ status: "superseded", supersededBy: T3 });
    const doc = await catalog.getDocument(indexed.documentId);
    expect(doc?.lifecycle).toBe("deleted");
    expect(await catalog.listVersions(indexed.documentId)).toEqual([]);
  });

  it("a delete or access change made before the ingest that came first is refused, and changes nothing", async () => {
    const indexed = await ingest(NEW_TEXT, T2);
    await expect(pipeline.remove(indexed.documentId, T1)).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining(`made at ${T2}, was applied first`),
    });
    await expect(pipeline.setAccess(indexed.documentId, OTHERS, T1)).rejects.toMatchObject({ code: "conflict" });
    const doc = await catalog.getDocument(indexed.documentId);
    expect(doc).toMatchObject({ lifecycle: "indexed", access: TEAM });
    expect(await servedText(indexed.documentId)).toBe(NEW_TEXT);
    // Made after it, both apply.
    expect(await pipeline.setAccess(indexed.documentId, OTHERS, T3)).toBe(true);
    expect((await pipeline.remove(indexed.documentId, T3))?.versions).toBe(1);
    // A request for a document the catalog never held is reported as before, whatever its time.
    expect(await pipeline.setAccess("doc_unknown", OTHERS, T1)).toBe(false);
    expect(await pipeline.remove("doc_unknown", T1)).toBeNull();
  });
});
