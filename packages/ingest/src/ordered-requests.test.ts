import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Catalog, createSqliteCatalog } from "@lexnav/catalog";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createIngestPipeline, documentIdFor } from "./create-ingest-pipeline.ts";
import type { IngestPipeline, SearchIndexSink } from "./pipeline.ts";
import { prepareDocument } from "./prepare.ts";
import { createStructurer } from "./structurer.ts";

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

describe("a request admitted while an older ingest of the same document is still running", () => {
  let dir: string;
  let catalog: Catalog;
  // What the search stores were given for the document, as the embedded stack's sink receives it.
  let written: Array<{ documentId: string; access: unknown }>;
  let release: () => void;
  let held: Promise<void>;
  let pipeline: IngestPipeline;
  const structurer = createStructurer();
  const ingest = (text: string, requestedAt: string, access = TEAM) =>
    pipeline.ingest({ source: SOURCE, bytes: new TextEncoder().encode(text), access, requestedAt });
  /** Starts an ingest of OLD_TEXT (or bytes no parser reads) made at T2 that waits inside extraction until released. */
  const startHeld = async (bytes = new TextEncoder().encode(OLD_TEXT)) => {
    const running = pipeline.ingest({ source: SOURCE, bytes, access: TEAM, requestedAt: T2 });
    for (let i = 0; i < 100 && (await catalog.getDocument(documentIdFor(SOURCE)))?.lifecycle !== "received"; i++)
      await new Promise((r) => setTimeout(r, 10));
    return { running };
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-inflight-"));
    catalog = createSqliteCatalog(join(dir, "lexnav.sqlite"));
    written = [];
    held = new Promise((r) => {
      release = r;
    });
    const sink: SearchIndexSink = {
      putDocument: async (doc) => void written.push({ documentId: doc.documentId, access: doc.access }),
      removeDocument: async () => ({ passages: 0, vectors: 0 }),
      setAccess: async () => undefined,
    };
    pipeline = createIngestPipeline({
      catalog,
      limits: DEFAULT_LIMITS,
      logger: silentLogger,
      searchIndex: sink,
      // Only the request made at T2 waits: the others run through.
      preparer: {
        prepare: async (input) => {
          if (new TextDecoder().decode(input.bytes) !== NEW_TEXT) await held;
          return prepareDocument(input, structurer);
        },
      },
    });
  });
  afterEach(async () => {
    await catalog.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a delete made later wins: the running ingest writes nothing and the document stays deleted", async () => {
    const { running } = await startHeld();
    expect(await pipeline.remove(documentIdFor(SOURCE), T3)).not.toBeNull();
    release();
    expect(await running).toMatchObject({ status: "superseded", supersededBy: T3 });
    expect((await catalog.getDocument(documentIdFor(SOURCE)))?.lifecycle).toBe("deleted");
    expect(await catalog.listVersions(documentIdFor(SOURCE))).toEqual([]);
    expect(written).toEqual([]);
  });

  it("a newer version made later wins: the running older ingest writes nothing over it", async () => {
    const { running } = await startHeld();
    expect((await ingest(NEW_TEXT, T3)).status).toBe("indexed");
    release();
    expect(await running).toMatchObject({ status: "superseded", supersededBy: T3 });
    const doc = await catalog.getDocument(documentIdFor(SOURCE));
    expect(doc?.lifecycle).toBe("indexed");
    expect((await catalog.getVersion(documentIdFor(SOURCE), doc?.currentVersion ?? ""))?.text).toBe(NEW_TEXT);
    expect(written).toHaveLength(1);
  });

  it("a failing ingest taken over by a later delete is not recorded as failed", async () => {
    const { running } = await startHeld(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x00]));
    await pipeline.remove(documentIdFor(SOURCE), T3);
    release();
    expect((await running).status).toBe("superseded");
    expect((await catalog.getDocument(documentIdFor(SOURCE)))?.lifecycle).toBe("deleted");
  });

  it("an access change made later is what the new version is written with", async () => {
    const { running } = await startHeld();
    expect(await pipeline.setAccess(documentIdFor(SOURCE), OTHERS, T3)).toBe(true);
    release();
    expect((await running).status).toBe("indexed");
    expect((await catalog.getDocument(documentIdFor(SOURCE)))?.access).toEqual(OTHERS);
    expect(written).toEqual([{ documentId: documentIdFor(SOURCE), access: OTHERS }]);
  });
});
