import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Catalog, createSqliteCatalog, openSqliteDatabase } from "@lexnav/catalog";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { licenseFiled } from "../../../test/support/filed-twice.ts";
import { recordMissingCopies } from "./copy-record.ts";
import { createIngestPipeline } from "./create-ingest-pipeline.ts";

// One license filed by two registrants (other exhibit numbers and page stamps), and another deal.
const PARENT = "Parent_20090929_F-1_EX-10.32_License.txt";
const CHILD = "Child_20140121_DRS_EX-10.26_License.txt";
const SUPPLY = "Supply Agreement.txt";
const TEXTS: Record<string, string> = {
  [PARENT]: licenseFiled("10.32", "Source: PARENT, F-1"),
  [CHILD]: licenseFiled("10.26", "Source: CHILD, DRS"),
  [SUPPLY]:
    "SUPPLY AGREEMENT between Gamma Foods Inc. and Delta Retail LLC.\n\nSection 1. The Seller delivers the Products to the Buyer's warehouse within thirty days of each order.",
};
const ACCESS = { principals: [], groups: ["g"] };

describe("copies of one agreement recorded at ingest", () => {
  let dir: string;
  let catalog: Catalog;
  const pipelineOn = (c: Catalog) => createIngestPipeline({ catalog: c, limits: DEFAULT_LIMITS, logger: silentLogger });
  const ingest = (c: Catalog, name: string, extra: { text?: string; filedOn?: string } = {}) =>
    pipelineOn(c).ingest({
      source: `/in/${name}`,
      fileName: name,
      bytes: new TextEncoder().encode(extra.text ?? TEXTS[name] ?? ""),
      access: ACCESS,
      ...(extra.filedOn !== undefined ? { filedOn: extra.filedOn } : {}),
    });
  const idOf = async (c: Catalog, name: string) => (await c.findDocumentBySource(`/in/${name}`))?.id ?? "";

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-copies-"));
    catalog = createSqliteCatalog(join(dir, "lexnav.sqlite"));
  });
  afterEach(async () => {
    await catalog.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("records the pair, the content key and the filing (metadata over the file name, and which)", async () => {
    for (const name of [PARENT, SUPPLY]) expect((await ingest(catalog, name)).status).toBe("indexed");
    expect((await ingest(catalog, CHILD, { filedOn: "2014-02-03" })).status).toBe("indexed");
    const [parent, child, supply] = [
      await idOf(catalog, PARENT),
      await idOf(catalog, CHILD),
      await idOf(catalog, SUPPLY),
    ];
    expect(await catalog.listCopies()).toEqual([
      parent < child ? { documentId: parent, copyOf: child } : { documentId: child, copyOf: parent },
    ]);
    expect(await catalog.listCopies(supply)).toEqual([]);
    const p = await catalog.getDocument(parent);
    const c = await catalog.getDocument(child);
    expect(p?.content?.filing).toMatchObject({ key: "2009-09-29", from: "file name" });
    expect(c?.content?.filing).toMatchObject({ key: "2014-02-03", from: "metadata" });
    // near-verbatim: exhibit numbers and stamps differ, so the keys do
    expect(p?.content?.contentKey).not.toBe(c?.content?.contentKey);
  });

  it("forgets a copy deleted, or re-ingested with other text, and records it again when it is a copy again", async () => {
    for (const name of [PARENT, CHILD]) await ingest(catalog, name);
    const child = await idOf(catalog, CHILD);
    expect(await catalog.listCopies()).toHaveLength(1);
    await ingest(catalog, CHILD, { text: TEXTS[SUPPLY] ?? "" });
    expect(await catalog.listCopies()).toEqual([]);
    await ingest(catalog, CHILD);
    expect(await catalog.listCopies()).toHaveLength(1);
    await pipelineOn(catalog).remove(child);
    expect(await catalog.listCopies()).toEqual([]);
    // ingested again after its delete: a new arrival, a copy again
    await ingest(catalog, CHILD);
    expect(await catalog.listCopies()).toHaveLength(1);
  });

  it("records a filing date given with the same bytes again, the document unchanged", async () => {
    await ingest(catalog, PARENT);
    expect((await ingest(catalog, PARENT, { filedOn: "2010-01-04" })).status).toBe("unchanged");
    const filing = (await catalog.getDocument(await idOf(catalog, PARENT)))?.content?.filing;
    expect(filing).toMatchObject({ key: "2010-01-04", from: "metadata" });
  });

  it("refuses a filing date that is no date, recording nothing", async () => {
    const r = await ingest(catalog, PARENT, { filedOn: "29/09/2009" });
    expect(r.status).toBe("failed");
    expect(r.failure?.reason).toContain("the filing date given is not a date");
    expect(await catalog.listDocuments()).toEqual([]);
  });

  it("keys a store written before copies were recorded from its stored text, once, without re-ingesting", async () => {
    for (const name of [PARENT, CHILD, SUPPLY]) await ingest(catalog, name);
    const before = await catalog.listCopies();
    await catalog.close();
    // turn it back into what a schema-3 lexnav wrote: no keys, no copies
    const db = openSqliteDatabase(join(dir, "lexnav.sqlite"));
    db.exec(
      "DROP TABLE version_copies; DROP TABLE version_copy_keys; UPDATE meta SET value = '3' WHERE key = 'schema_version'",
    );
    db.close();
    catalog = createSqliteCatalog(join(dir, "lexnav.sqlite"));
    expect(await catalog.listCopies()).toEqual([]);
    expect(await catalog.versionsWithoutCopyKey()).toHaveLength(3);
    expect(await recordMissingCopies(catalog)).toBe(3);
    expect(await catalog.listCopies()).toEqual(before);
    expect((await catalog.getDocument(await idOf(catalog, PARENT)))?.content?.filing?.from).toBe("file name");
    expect(await recordMissingCopies(catalog)).toBe(0);
  });

  describe("a store keyed at open, a page at a time", () => {
    // Two filings of one license, then of another, among deals of their own: more versions than a page.
    const names = [
      PARENT,
      CHILD,
      ...Array.from({ length: 5 }, (_, i) => `Deal ${i}.txt`),
      "Lessor_20100104_10-K_EX-10.1_Lease.txt",
      "Lessee_20120305_S-1_EX-10.9_Lease.txt",
    ];
    const textOf = (name: string, i: number): string =>
      TEXTS[name] ??
      (name.includes("Lease")
        ? licenseFiled("10.1", `Source: ${name.slice(0, 6).toUpperCase()}`).replace(/LICENSE AGREEMENT/, "LEASE")
        : `SERVICES AGREEMENT ${i} between Vendor${"ABCDEFG"[i]} Inc. and Client${"ABCDEFG"[i]} LLC.\n\nSection 1. The Vendor provides the Services number ${i} to the Client.`);
    const unkey = async () => {
      await catalog.close();
      const db = openSqliteDatabase(join(dir, "lexnav.sqlite"));
      db.exec("DELETE FROM version_copies; DELETE FROM version_copy_keys");
      db.close();
      catalog = createSqliteCatalog(join(dir, "lexnav.sqlite"));
    };
    beforeEach(async () => {
      for (const [i, name] of names.entries()) await ingest(catalog, name, { text: textOf(name, i) });
    });

    it("keys every version of a store larger than a page, with the copies an ingest recorded, and then none", async () => {
      const ingested = await catalog.listCopies();
      expect(ingested).toHaveLength(2);
      await unkey();
      const pages: number[] = [];
      const counted: Catalog = {
        ...catalog,
        versionsWithoutCopyKey: async (page) => {
          const out = await catalog.versionsWithoutCopyKey(page);
          pages.push(out.length);
          return out;
        },
      };
      expect(await recordMissingCopies(counted, { batch: 2 })).toBe(names.length);
      // never more than a page read at once: five of two, then the empty page that ends it
      expect(pages).toEqual([2, 2, 2, 2, 1, 0]);
      expect(await catalog.listCopies()).toEqual(ingested);
      expect(await catalog.versionsWithoutCopyKey()).toEqual([]);
      expect(await recordMissingCopies(catalog, { batch: 2 })).toBe(0);
    });

    it("leaves whole pages keyed when stopped mid-way, and the next open keys the rest and finds every copy", async () => {
      const ingested = await catalog.listCopies();
      await unkey();
      let transactions = 0;
      const stopping: Catalog = {
        ...catalog,
        transaction: async (fn) => {
          if (++transactions === 3) throw new Error("process stopped");
          return catalog.transaction(fn);
        },
      };
      await expect(recordMissingCopies(stopping, { batch: 2 })).rejects.toThrow("process stopped");
      // two pages written whole, the third not at all
      expect(await catalog.versionsWithoutCopyKey()).toHaveLength(names.length - 4);
      expect(await recordMissingCopies(catalog, { batch: 2 })).toBe(names.length - 4);
      expect(await catalog.listCopies()).toEqual(ingested);
      expect(await recordMissingCopies(catalog)).toBe(0);
    });
  });
});
