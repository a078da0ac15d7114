import type { DocumentRecord } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { renderDocumentLine } from "./render.ts";

const record = (versions: Pick<DocumentRecord, "currentVersion" | "pendingVersion">): DocumentRecord => ({
  id: "doc_1",
  source: "upload://supply.txt",
  fileName: "supply.txt",
  contentType: "text/plain",
  access: { principals: [], groups: ["deals"] },
  lifecycle: "indexed",
  failure: null,
  title: "Supply Agreement",
  role: "base_agreement",
  effectiveDate: null,
  transactionSetId: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...versions,
});

describe("lexnav list's document line", () => {
  it("says when a version waits for the indexing stores, and whether anything answers meanwhile", () => {
    const served = renderDocumentLine(record({ currentVersion: "a".repeat(64), pendingVersion: null }));
    expect(served).not.toMatch(/waiting/);
    const newer = renderDocumentLine(record({ currentVersion: "a".repeat(64), pendingVersion: "b".repeat(64) }));
    expect(newer).toContain(`version ${"b".repeat(12)} waiting for the stores (the previous one answers)`);
    const never = renderDocumentLine(record({ currentVersion: null, pendingVersion: "b".repeat(64) }));
    expect(never).toContain(`not searchable yet: version ${"b".repeat(12)} waiting for the stores`);
  });
});
