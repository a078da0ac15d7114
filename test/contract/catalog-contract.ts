import type { Catalog, StoredVersion } from "@lexnav/catalog";
import { emptyFlags, type ProvisionNode } from "@lexnav/document-model";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const NOW = "2026-01-01T00:00:00.000Z";

function version(text: string, v = "v1"): StoredVersion {
  return {
    documentId: "doc-1",
    version: v,
    byteLength: text.length,
    contentType: "text/plain",
    textLength: text.length,
    extractedAt: NOW,
    quality: { status: "ok", issues: [], pageCount: 1, charCount: text.length },
    text,
    blocks: [{ kind: "paragraph", start: 0, end: text.length }],
    pages: [{ page: 1, start: 0, end: text.length }],
    furniture: [],
  };
}

function node(id: string, start: number, end: number, parentId: string | null): ProvisionNode {
  return {
    id,
    documentId: "doc-1",
    parentId,
    kind: parentId ? "section" : "document",
    clauseRef: parentId ? "1." : null,
    fullRef: parentId ? "1" : null,
    title: null,
    headingPath: [],
    start,
    end,
    depth: parentId ? 1 : 0,
    page: 1,
    tokenCount: 1,
    flags: emptyFlags(end - start),
    keywords: [],
    definesTerms: [],
    xrefs: [],
    termUses: [],
  };
}

/**
 * The contract every Catalog adapter meets. Run it against the embedded adapter always and against
 * other adapters when they exist.
 */
export function describeCatalogContract(name: string, make: () => Catalog): void {
  describe(`Catalog contract: ${name}`, () => {
    let catalog: Catalog;
    beforeEach(() => {
      catalog = make();
    });
    afterEach(() => catalog.close());

    it("records a received document with its provenance and access", () => {
      const rec = catalog.upsertReceived(
        {
          id: "doc-1",
          source: "/x/a.txt",
          fileName: "a.txt",
          access: { principals: ["bob", "alice", "bob"], groups: ["deal-team"] },
        },
        NOW,
      );
      expect(rec.lifecycle).toBe("received");
      expect(rec.access).toEqual({ principals: ["alice", "bob"], groups: ["deal-team"] });
      expect(catalog.findDocumentBySource("/x/a.txt")?.id).toBe("doc-1");
    });

    it("keeps versions immutable: a second put of the same version changes nothing", () => {
      catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: [], groups: [] } },
        NOW,
      );
      catalog.putVersion("doc-1", version("original text"));
      catalog.putVersion("doc-1", version("other text"));
      expect(catalog.getVersion("doc-1", "v1")?.text).toBe("original text");
      expect(catalog.listVersions("doc-1")).toHaveLength(1);
    });

    it("stores nodes in order per version and replaces them atomically", () => {
      catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: [], groups: [] } },
        NOW,
      );
      catalog.putVersion("doc-1", version("1. Term. Text."));
      catalog.replaceNodes("doc-1", "v1", [node("root", 0, 14, null), node("s1", 0, 14, "root")]);
      expect(catalog.getNodes("doc-1", "v1").map((n) => n.id)).toEqual(["root", "s1"]);
      catalog.replaceNodes("doc-1", "v1", [node("root", 0, 14, null)]);
      expect(catalog.getNodes("doc-1", "v1").map((n) => n.id)).toEqual(["root"]);
    });

    it("rolls back every write of a failed transaction", () => {
      catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: [], groups: [] } },
        NOW,
      );
      expect(() =>
        catalog.transaction(() => {
          catalog.putVersion("doc-1", version("text"));
          catalog.setLifecycle("doc-1", "indexed", null, NOW);
          throw new Error("boom");
        }),
      ).toThrow("boom");
      expect(catalog.getVersion("doc-1", "v1")).toBeNull();
      expect(catalog.getDocument("doc-1")?.lifecycle).toBe("received");
    });

    it("counts documents by state and failure code, with each group's oldest change", () => {
      const add = (id: string, at: string) =>
        catalog.upsertReceived(
          { id, source: `/x/${id}.txt`, fileName: `${id}.txt`, access: { principals: [], groups: [] } },
          at,
        );
      add("a", "2026-01-01T00:00:00.000Z");
      add("b", "2026-01-02T00:00:00.000Z");
      add("c", "2026-01-03T00:00:00.000Z");
      add("d", "2026-01-04T00:00:00.000Z");
      catalog.setLifecycle(
        "b",
        "failed",
        { code: "encrypted", reason: "b.txt: encrypted" },
        "2026-01-05T00:00:00.000Z",
      );
      catalog.setLifecycle(
        "c",
        "failed",
        { code: "encrypted", reason: "c.txt: encrypted" },
        "2026-01-06T00:00:00.000Z",
      );
      catalog.setLifecycle(
        "d",
        "failed",
        { code: "too_large", reason: "d.txt: too large" },
        "2026-01-07T00:00:00.000Z",
      );
      const counts = catalog
        .countDocuments()
        .sort((x, y) => `${x.lifecycle}${x.failureCode}`.localeCompare(`${y.lifecycle}${y.failureCode}`));
      expect(counts).toEqual([
        { lifecycle: "failed", failureCode: "encrypted", count: 2, oldestUpdatedAt: "2026-01-05T00:00:00.000Z" },
        { lifecycle: "failed", failureCode: "too_large", count: 1, oldestUpdatedAt: "2026-01-07T00:00:00.000Z" },
        { lifecycle: "received", failureCode: null, count: 1, oldestUpdatedAt: "2026-01-01T00:00:00.000Z" },
      ]);
    });

    it("keeps a failed document visible with its reason", () => {
      catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.pdf", fileName: "a.pdf", access: { principals: [], groups: [] } },
        NOW,
      );
      catalog.setLifecycle("doc-1", "failed", { code: "encrypted", reason: "a.pdf: encrypted PDF" }, NOW);
      const failed = catalog.listDocuments({ lifecycle: ["failed"] });
      expect(failed.map((d) => [d.id, d.failure?.code])).toEqual([["doc-1", "encrypted"]]);
      expect(catalog.listDocuments({ lifecycle: ["indexed"] })).toEqual([]);
    });

    it("deletes text and nodes but keeps the record as deleted", () => {
      catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: [], groups: [] } },
        NOW,
      );
      catalog.putVersion("doc-1", version("secret"));
      catalog.setCurrentVersion("doc-1", "v1", "text/plain", NOW);
      catalog.replaceNodes("doc-1", "v1", [node("root", 0, 6, null)]);
      expect(catalog.markDeleted("doc-1", NOW)).toBe(true);
      expect(catalog.getVersion("doc-1", "v1")).toBeNull();
      expect(catalog.getNodes("doc-1", "v1")).toEqual([]);
      const rec = catalog.getDocument("doc-1");
      expect(rec?.lifecycle).toBe("deleted");
      expect(rec?.currentVersion).toBeNull();
      expect(catalog.markDeleted("missing", NOW)).toBe(false);
    });

    it("erases every version of a document and what was read from its text, leaving its lifecycle", () => {
      catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: [], groups: [] } },
        NOW,
      );
      catalog.putVersion("doc-1", version("secret"));
      catalog.setCurrentVersion("doc-1", "v1", "text/plain", NOW);
      catalog.setProfile(
        "doc-1",
        { title: "SECRET AGREEMENT", role: "base_agreement", effectiveDate: "2020-01-01", transactionSetId: null },
        NOW,
      );
      catalog.replaceNodes("doc-1", "v1", [node("root", 0, 6, null), node("s1", 0, 3, "root")]);
      catalog.setLifecycle("doc-1", "failed", { code: "invalid_argument", reason: "bad bytes" }, NOW);
      expect(catalog.eraseVersions("doc-1")).toEqual({ versions: 1, nodes: 2 });
      expect(catalog.listVersions("doc-1")).toEqual([]);
      expect(catalog.getDocument("doc-1")).toMatchObject({
        lifecycle: "failed",
        currentVersion: null,
        title: null,
        effectiveDate: null,
        facts: null,
      });
      expect(catalog.eraseVersions("doc-1")).toEqual({ versions: 0, nodes: 0 });
    });

    it("changes access", () => {
      catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: ["a"], groups: [] } },
        NOW,
      );
      expect(catalog.setAccess("doc-1", { principals: [], groups: ["g"] }, NOW)).toBe(true);
      expect(catalog.getDocument("doc-1")?.access).toEqual({ principals: [], groups: ["g"] });
      expect(catalog.setAccess("nope", { principals: [], groups: [] }, NOW)).toBe(false);
    });

    it("reads a document's controls and its set's into the record; access changes never lift them", () => {
      const up = (id: string) =>
        catalog.upsertReceived(
          { id, source: `/c/${id}.txt`, fileName: `${id}.txt`, access: { principals: [], groups: ["deal"] } },
          NOW,
        );
      const profile = { title: null, role: "unknown" as const, effectiveDate: null, transactionSetId: "set-1" };
      up("a");
      catalog.setProfile("a", profile, NOW);
      const by = { by: "ops", since: NOW };
      expect(catalog.placeControl({ scope: "set", scopeId: "set-1", kind: "deny_group", name: "lit", ...by })).toBe(
        true,
      );
      expect(catalog.placeControl({ scope: "set", scopeId: "set-1", kind: "deny_group", name: "lit", ...by })).toBe(
        false,
      );
      catalog.placeControl({ scope: "document", scopeId: "a", kind: "deny_principal", name: "eve", ...by });
      catalog.placeControl({ scope: "set", scopeId: "set-1", kind: "legal_hold", name: "", ...by });
      catalog.placeControl({ scope: "document", scopeId: "a", kind: "no_external_model", name: "", ...by });
      // a later member of the set takes the set's controls, not the other document's own
      up("b");
      catalog.setProfile("b", profile, NOW);
      const a = catalog.getDocument("a");
      expect(a?.access).toEqual({ principals: [], groups: ["deal"], deny: { principals: ["eve"], groups: ["lit"] } });
      expect(a?.legalHold).toEqual({ scope: "set", scopeId: "set-1", since: NOW, by: "ops" });
      expect(a?.noExternalModel).toBe(true);
      const b = catalog.listDocuments().find((d) => d.id === "b");
      expect(b?.access.deny).toEqual({ principals: [], groups: ["lit"] });
      expect(b?.legalHold?.scope).toBe("set");
      expect(b?.noExternalModel ?? false).toBe(false);
      // an access change and a re-received document keep the walls
      catalog.setAccess("a", { principals: ["carol"], groups: [] }, NOW);
      up("a");
      expect(catalog.getDocument("a")?.access.deny).toEqual({ principals: ["eve"], groups: ["lit"] });
      expect(catalog.liftControl({ scope: "set", scopeId: "set-1", kind: "deny_group", name: "lit" })).toBe(true);
      expect(catalog.getDocument("b")?.access.deny).toBeUndefined();
      expect(catalog.listControls({ scope: "document", scopeId: "a" }).map((c) => c.kind)).toEqual([
        "deny_principal",
        "no_external_model",
      ]);
    });

    it("keeps the profile's facts with title and role, and clears them when told", () => {
      catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: [], groups: ["g"] } },
        NOW,
      );
      expect(catalog.getDocument("doc-1")?.facts ?? null).toBeNull();
      const facts = {
        parties: ["Acme Corp.", "First Bank"],
        definedParties: ["Borrower"],
        amendsAgreement: "Credit Agreement dated as of February 26, 1996",
        amendedShortName: null,
      };
      const profile = { title: "FIRST AMENDMENT", role: "amendment" as const, effectiveDate: "1996-03-01" };
      catalog.setProfile("doc-1", { ...profile, transactionSetId: "set-1", facts }, NOW);
      expect(catalog.getDocument("doc-1")).toMatchObject({ ...profile, transactionSetId: "set-1", facts });
      expect(catalog.listDocuments({ transactionSetId: "set-1" })[0]?.facts).toEqual(facts);
      catalog.setProfile("doc-1", { ...profile, transactionSetId: null, facts: null }, NOW);
      expect(catalog.getDocument("doc-1")?.facts ?? null).toBeNull();
    });
  });
}
