import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Catalog, createSqliteCatalog } from "@lexnav/catalog";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createIngestPipeline } from "./create-ingest-pipeline.ts";

const TEXT =
  "SUPPLY AGREEMENT between Gamma Foods Inc. and Delta Retail LLC.\n\nSection 1. The Seller delivers the Products within thirty days of each order.";
const TEAM: { principals: string[]; groups: string[] } = { principals: [], groups: ["deal-team"] };

describe("an unchanged document whose version still waits for the stores (catalog shared with the stages)", () => {
  let dir: string;
  let catalog: Catalog;
  const ingest = (access = TEAM) =>
    createIngestPipeline({
      catalog,
      limits: DEFAULT_LIMITS,
      logger: silentLogger,
      servedOnAcknowledgement: true,
    }).ingest({ source: "upload://supply.txt", bytes: new TextEncoder().encode(TEXT), access });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-awaiting-"));
    catalog = createSqliteCatalog(join(dir, "lexnav.sqlite"));
  });
  afterEach(async () => {
    await catalog.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is reported as awaiting the stores until they acknowledge it, then not; a new access is reported as changed", async () => {
    const first = await ingest();
    expect(first.status).toBe("indexed");
    const again = await ingest();
    expect(again).toMatchObject({ status: "unchanged", version: first.version, awaitingStores: true });
    expect(again.accessChanged).toBeUndefined();
    await catalog.acknowledgeVersion(
      first.documentId,
      first.version ?? "",
      "lexical",
      ["lexical"],
      new Date().toISOString(),
    );
    const served = await ingest({ principals: ["bob"], groups: [] });
    expect(served).toMatchObject({ status: "unchanged", accessChanged: true });
    expect(served.awaitingStores).toBeUndefined();
  });
});
