import type { Catalog } from "@lexnav/catalog";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NONE, NOW, node, version } from "./catalog-fixtures.ts";

/**
 * The contract every Catalog adapter meets: the embedded SQLite catalog always, the PostgreSQL
 * catalog when a cluster can be had (catalog.contract.test.ts). `make` opens a catalog on fresh,
 * empty storage for each case.
 */
export function describeCatalogContract(name: string, make: () => Catalog | Promise<Catalog>): void {
  describe(`Catalog contract: ${name}`, () => {
    let catalog: Catalog;
    beforeEach(async () => {
      catalog = await make();
    });
    afterEach(() => catalog.close());

    it("records a received document with its provenance and access", async () => {
      const rec = await catalog.upsertReceived(
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
      expect((await catalog.findDocumentBySource("/x/a.txt"))?.id).toBe("doc-1");
      expect(await catalog.getDocument("missing")).toBeNull();
      // re-received: back to received, new access, failure cleared, creation time kept
      await catalog.setLifecycle("doc-1", "failed", { code: "corrupt", reason: "a.txt: corrupt" }, NOW);
      const again = await catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: [], groups: ["g"] } },
        "2026-01-02T00:00:00.000Z",
      );
      expect(again).toMatchObject({ lifecycle: "received", failure: null, access: { principals: [], groups: ["g"] } });
      expect(again.createdAt).toBe(NOW);
    });

    it("refuses a second document at a source another document has, as a conflict", async () => {
      await catalog.upsertReceived({ id: "a", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
      await expect(
        catalog.upsertReceived({ id: "b", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW),
      ).rejects.toMatchObject({ code: "conflict" });
    });

    it("refuses a version of a document it does not know, as not_found", async () => {
      await expect(catalog.putVersion("nobody", version("x"))).rejects.toMatchObject({ code: "not_found" });
    });

    it("keeps versions immutable: a second put of the same version changes nothing", async () => {
      await catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: [], groups: [] } },
        NOW,
      );
      await catalog.putVersion("doc-1", version("original text"));
      await catalog.putVersion("doc-1", version("other text"));
      const stored = await catalog.getVersion("doc-1", "v1");
      expect(stored?.text).toBe("original text");
      expect(stored?.blocks).toEqual([{ kind: "paragraph", start: 0, end: 13 }]);
      expect(stored?.quality.status).toBe("ok");
      expect(await catalog.listVersions("doc-1")).toHaveLength(1);
    });

    it("stores nodes in order per version and replaces them atomically", async () => {
      await catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: [], groups: [] } },
        NOW,
      );
      await catalog.putVersion("doc-1", version("1. Term. Text."));
      await catalog.replaceNodes("doc-1", "v1", [node("root", 0, 14, null), node("s1", 0, 14, "root")]);
      expect((await catalog.getNodes("doc-1", "v1")).map((n) => n.id)).toEqual(["root", "s1"]);
      expect((await catalog.getNodes("doc-1", "v1"))[1]).toEqual(node("s1", 0, 14, "root"));
      await catalog.replaceNodes("doc-1", "v1", [node("root", 0, 14, null)]);
      expect((await catalog.getNodes("doc-1", "v1")).map((n) => n.id)).toEqual(["root"]);
      // a replacement that fails half-way (a duplicate id) leaves the nodes as they were
      await expect(
        catalog.replaceNodes("doc-1", "v1", [node("x", 0, 1, null), node("x", 0, 1, null)]),
      ).rejects.toMatchObject({ code: "conflict" });
      expect((await catalog.getNodes("doc-1", "v1")).map((n) => n.id)).toEqual(["root"]);
    });

    it("rolls back every write of a failed transaction, and a failed nested one alone", async () => {
      await catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: [], groups: [] } },
        NOW,
      );
      await expect(
        catalog.transaction(async (tx) => {
          await tx.putVersion("doc-1", version("text"));
          await tx.setLifecycle("doc-1", "indexed", null, NOW);
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await catalog.getVersion("doc-1", "v1")).toBeNull();
      expect((await catalog.getDocument("doc-1"))?.lifecycle).toBe("received");

      const kept = await catalog.transaction(async (tx) => {
        await tx.putVersion("doc-1", version("text"));
        await expect(
          tx.transaction(async (inner) => {
            await inner.setLifecycle("doc-1", "failed", { code: "corrupt", reason: "x" }, NOW);
            throw new Error("inner");
          }),
        ).rejects.toThrow("inner");
        await tx.setCurrentVersion("doc-1", "v1", "text/plain", NOW);
        return (await tx.getDocument("doc-1"))?.lifecycle;
      });
      expect(kept).toBe("received");
      expect((await catalog.getDocument("doc-1"))?.currentVersion).toBe("v1");
      expect((await catalog.getVersion("doc-1", "v1"))?.text).toBe("text");
    });

    it("counts documents by state and failure code, with each group's oldest change and versions awaiting the stores", async () => {
      const add = async (id: string, at: string) =>
        await catalog.upsertReceived(
          { id, source: `/x/${id}.txt`, fileName: `${id}.txt`, access: { principals: [], groups: [] } },
          at,
        );
      await add("a", "2026-01-01T00:00:00.000Z");
      // A version waiting for the indexing stores' acknowledgements is counted in its group.
      await catalog.setPendingVersion("a", "v1", "2026-01-01T00:00:00.000Z");
      await add("b", "2026-01-02T00:00:00.000Z");
      await add("c", "2026-01-03T00:00:00.000Z");
      await add("d", "2026-01-04T00:00:00.000Z");
      await catalog.setLifecycle(
        "b",
        "failed",
        { code: "encrypted", reason: "b.txt: encrypted" },
        "2026-01-05T00:00:00.000Z",
      );
      await catalog.setLifecycle(
        "c",
        "failed",
        { code: "encrypted", reason: "c.txt: encrypted" },
        "2026-01-06T00:00:00.000Z",
      );
      await catalog.setLifecycle(
        "d",
        "failed",
        { code: "too_large", reason: "d.txt: too large" },
        "2026-01-07T00:00:00.000Z",
      );
      const counts = (await catalog.countDocuments()).sort((x, y) =>
        `${x.lifecycle}${x.failureCode}`.localeCompare(`${y.lifecycle}${y.failureCode}`),
      );
      expect(counts).toEqual([
        {
          lifecycle: "failed",
          failureCode: "encrypted",
          count: 2,
          oldestUpdatedAt: "2026-01-05T00:00:00.000Z",
          awaitingStores: 0,
        },
        {
          lifecycle: "failed",
          failureCode: "too_large",
          count: 1,
          oldestUpdatedAt: "2026-01-07T00:00:00.000Z",
          awaitingStores: 0,
        },
        {
          lifecycle: "received",
          failureCode: null,
          count: 1,
          oldestUpdatedAt: "2026-01-01T00:00:00.000Z",
          awaitingStores: 1,
        },
      ]);
    });

    it("keeps a failed document visible with its reason", async () => {
      await catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.pdf", fileName: "a.pdf", access: { principals: [], groups: [] } },
        NOW,
      );
      await catalog.setLifecycle("doc-1", "failed", { code: "encrypted", reason: "a.pdf: encrypted PDF" }, NOW);
      const failed = await catalog.listDocuments({ lifecycle: ["failed"] });
      expect(failed.map((d) => [d.id, d.failure?.code])).toEqual([["doc-1", "encrypted"]]);
      expect(await catalog.listDocuments({ lifecycle: ["indexed"] })).toEqual([]);
    });

    it("lists documents by source in code-point order, filtered by state and set", async () => {
      for (const [id, source] of [
        ["b", "/x/b.txt"],
        ["B", "/x/B.txt"],
        ["a", "/x/a.txt"],
      ] as const)
        await catalog.upsertReceived({ id, source, fileName: source.slice(3), access: NONE }, NOW);
      expect((await catalog.listDocuments()).map((d) => d.source)).toEqual(["/x/B.txt", "/x/a.txt", "/x/b.txt"]);
      await catalog.setLifecycle("a", "failed", { code: "encrypted", reason: "a.pdf: encrypted PDF" }, NOW);
      expect((await catalog.listDocuments({ lifecycle: ["failed"] })).map((d) => [d.id, d.failure])).toEqual([
        ["a", { code: "encrypted", reason: "a.pdf: encrypted PDF" }],
      ]);
      await catalog.setTransactionSet("b", "set-1", NOW);
      expect((await catalog.listDocuments({ transactionSetId: "set-1" })).map((d) => d.id)).toEqual(["b"]);
    });

    it("deletes text and nodes but keeps the record as deleted", async () => {
      await catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: [], groups: [] } },
        NOW,
      );
      await catalog.putVersion("doc-1", version("secret"));
      await catalog.setCurrentVersion("doc-1", "v1", "text/plain", NOW);
      await catalog.replaceNodes("doc-1", "v1", [node("root", 0, 6, null)]);
      await catalog.claimIngest("doc-1", { pid: 1, host: "h", since: NOW });
      expect(await catalog.markDeleted("doc-1", NOW)).toBe(true);
      expect(await catalog.getVersion("doc-1", "v1")).toBeNull();
      expect(await catalog.getNodes("doc-1", "v1")).toEqual([]);
      expect(await catalog.ingestClaim("doc-1")).toBeNull();
      const rec = await catalog.getDocument("doc-1");
      expect(rec?.lifecycle).toBe("deleted");
      expect(rec?.currentVersion).toBeNull();
      expect(await catalog.markDeleted("missing", NOW)).toBe(false);
    });

    it("erases every version of a document and what was read from its text, leaving its lifecycle", async () => {
      await catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: [], groups: [] } },
        NOW,
      );
      await catalog.putVersion("doc-1", version("secret"));
      await catalog.setCurrentVersion("doc-1", "v1", "text/plain", NOW);
      await catalog.setProfile(
        "doc-1",
        { title: "SECRET AGREEMENT", role: "base_agreement", effectiveDate: "2020-01-01", transactionSetId: null },
        NOW,
      );
      await catalog.replaceNodes("doc-1", "v1", [node("root", 0, 6, null), node("s1", 0, 3, "root")]);
      await catalog.setLifecycle("doc-1", "failed", { code: "invalid_argument", reason: "bad bytes" }, NOW);
      expect(await catalog.eraseVersions("doc-1")).toEqual({ versions: 1, nodes: 2 });
      expect(await catalog.listVersions("doc-1")).toEqual([]);
      expect(await catalog.getDocument("doc-1")).toMatchObject({
        lifecycle: "failed",
        currentVersion: null,
        title: null,
        effectiveDate: null,
        facts: null,
      });
      expect(await catalog.eraseVersions("doc-1")).toEqual({ versions: 0, nodes: 0 });
    });

    it("changes access", async () => {
      await catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: ["a"], groups: [] } },
        NOW,
      );
      expect(await catalog.setAccess("doc-1", { principals: [], groups: ["g", "g"] }, NOW)).toBe(true);
      expect((await catalog.getDocument("doc-1"))?.access).toEqual({ principals: [], groups: ["g"] });
      expect(await catalog.setAccess("nope", { principals: [], groups: [] }, NOW)).toBe(false);
    });

    it("reads a document's controls and its set's into the record; access changes never lift them", async () => {
      const up = async (id: string) =>
        await catalog.upsertReceived(
          { id, source: `/c/${id}.txt`, fileName: `${id}.txt`, access: { principals: [], groups: ["deal"] } },
          NOW,
        );
      const profile = { title: null, role: "unknown" as const, effectiveDate: null, transactionSetId: "set-1" };
      await up("a");
      await catalog.setProfile("a", profile, NOW);
      const by = { by: "ops", since: NOW };
      expect(
        await catalog.placeControl({ scope: "set", scopeId: "set-1", kind: "deny_group", name: "lit", ...by }),
      ).toBe(true);
      expect(
        await catalog.placeControl({ scope: "set", scopeId: "set-1", kind: "deny_group", name: "lit", ...by }),
      ).toBe(false);
      await catalog.placeControl({ scope: "document", scopeId: "a", kind: "deny_principal", name: "eve", ...by });
      await catalog.placeControl({ scope: "set", scopeId: "set-1", kind: "legal_hold", name: "", ...by });
      await catalog.placeControl({ scope: "document", scopeId: "a", kind: "no_external_model", name: "", ...by });
      // a later member of the set takes the set's controls, not the other document's own
      await up("b");
      await catalog.setProfile("b", profile, NOW);
      const a = await catalog.getDocument("a");
      expect(a?.access).toEqual({ principals: [], groups: ["deal"], deny: { principals: ["eve"], groups: ["lit"] } });
      expect(a?.legalHold).toEqual({ scope: "set", scopeId: "set-1", since: NOW, by: "ops" });
      expect(a?.noExternalModel).toBe(true);
      const b = (await catalog.listDocuments()).find((d) => d.id === "b");
      expect(b?.access.deny).toEqual({ principals: [], groups: ["lit"] });
      expect(b?.legalHold?.scope).toBe("set");
      expect(b?.noExternalModel ?? false).toBe(false);
      // an access change and a re-received document keep the walls
      await catalog.setAccess("a", { principals: ["carol"], groups: [] }, NOW);
      await up("a");
      expect((await catalog.getDocument("a"))?.access.deny).toEqual({ principals: ["eve"], groups: ["lit"] });
      expect(await catalog.liftControl({ scope: "set", scopeId: "set-1", kind: "deny_group", name: "lit" })).toBe(true);
      expect(await catalog.liftControl({ scope: "set", scopeId: "set-1", kind: "deny_group", name: "lit" })).toBe(
        false,
      );
      expect((await catalog.getDocument("b"))?.access.deny).toBeUndefined();
      expect((await catalog.listControls({ scope: "document", scopeId: "a" })).map((c) => c.kind)).toEqual([
        "deny_principal",
        "no_external_model",
      ]);
    });

    it("keeps the profile's facts with title and role, and clears them when told", async () => {
      await catalog.upsertReceived(
        { id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: { principals: [], groups: ["g"] } },
        NOW,
      );
      expect((await catalog.getDocument("doc-1"))?.facts ?? null).toBeNull();
      const facts = {
        parties: ["Acme Corp.", "First Bank"],
        definedParties: ["Borrower"],
        amendsAgreement: "Credit Agreement dated as of February 26, 1996",
        amendedShortName: null,
      };
      const profile = { title: "FIRST AMENDMENT", role: "amendment" as const, effectiveDate: "1996-03-01" };
      await catalog.setProfile("doc-1", { ...profile, transactionSetId: "set-1", facts }, NOW);
      expect(await catalog.getDocument("doc-1")).toMatchObject({ ...profile, transactionSetId: "set-1", facts });
      expect((await catalog.listDocuments({ transactionSetId: "set-1" }))[0]?.facts).toEqual(facts);
      await catalog.setProfile("doc-1", { ...profile, transactionSetId: null, facts: null }, NOW);
      expect((await catalog.getDocument("doc-1"))?.facts ?? null).toBeNull();
    });

    it("counts indexed documents whose profile another reader wrote, or no reader", async () => {
      const facts = (reader?: string) => ({
        parties: [],
        definedParties: [],
        amendsAgreement: null,
        amendedShortName: null,
        ...(reader === undefined ? {} : { reader }),
      });
      const profile = { title: "A", role: "base_agreement" as const, effectiveDate: null, transactionSetId: null };
      const docs: Array<[string, ReturnType<typeof facts> | null, "indexed" | "failed"]> = [
        ["doc-1", facts("profile-new"), "indexed"],
        ["doc-2", facts("profile-old"), "indexed"],
        ["doc-3", facts(), "indexed"],
        ["doc-4", null, "indexed"],
        ["doc-5", facts("profile-old"), "failed"],
      ];
      for (const [id, f, lifecycle] of docs) {
        await catalog.upsertReceived(
          { id, source: `/x/${id}.txt`, fileName: `${id}.txt`, access: { principals: [], groups: ["g"] } },
          NOW,
        );
        await catalog.setProfile(id, { ...profile, facts: f }, NOW);
        await catalog.setLifecycle(
          id,
          lifecycle,
          lifecycle === "failed" ? { code: "internal", reason: "x" } : null,
          NOW,
        );
      }
      expect(await catalog.countProfilesNotBy("profile-new")).toBe(3);
      expect(await catalog.countProfilesNotBy("profile-old")).toBe(3);
      expect(await catalog.countProfilesNotBy("profile-other")).toBe(4);
    });

    it("names sets uniquely regardless of case, renames and drops names", async () => {
      await catalog.nameTransactionSet("set-1", "Stremick supply", NOW);
      await expect(catalog.nameTransactionSet("set-2", "STREMICK SUPPLY", NOW)).rejects.toMatchObject({
        code: "conflict",
      });
      await catalog.nameTransactionSet("set-1", "stremick Supply", NOW);
      await catalog.nameTransactionSet("set-2", "Acme credit", NOW);
      expect(await catalog.transactionSetNames()).toEqual(
        new Map([
          ["set-1", "stremick Supply"],
          ["set-2", "Acme credit"],
        ]),
      );
      await catalog.nameTransactionSet("set-1", null, NOW);
      await catalog.nameTransactionSet("set-2", "Stremick supply", NOW);
      expect(await catalog.transactionSetNames()).toEqual(new Map([["set-2", "Stremick supply"]]));
    });

    it("keeps readers on the served version until every required store acknowledged the pending one", async () => {
      await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
      await catalog.putVersion("doc-1", version("first text", "v1"));
      await catalog.setPendingVersion("doc-1", "v1", NOW);
      await catalog.setLifecycle("doc-1", "indexed", null, NOW);
      // Never served: nothing for readers, the pending version for the operator.
      expect(await catalog.getDocument("doc-1")).toMatchObject({ currentVersion: null, pendingVersion: "v1" });
      const both = ["lexical", "vector"];
      expect(await catalog.acknowledgeVersion("doc-1", "v1", "lexical", both, NOW)).toEqual({
        status: "waiting",
        waitingFor: ["vector"],
      });
      // A repeated acknowledgement changes nothing more.
      expect((await catalog.acknowledgeVersion("doc-1", "v1", "lexical", both, NOW)).status).toBe("waiting");
      expect((await catalog.getDocument("doc-1"))?.currentVersion).toBeNull();
      expect(await catalog.acknowledgeVersion("doc-1", "v1", "vector", both, NOW)).toEqual({
        status: "served",
        waitingFor: [],
      });
      expect(await catalog.getDocument("doc-1")).toMatchObject({
        currentVersion: "v1",
        pendingVersion: null,
        contentType: "text/plain",
      });
      // A redelivered acknowledgement of the served version says so, and changes nothing.
      expect((await catalog.acknowledgeVersion("doc-1", "v1", "vector", both, NOW)).status).toBe("served");

      // Version 2 waits for both stores; v1 answers meanwhile. A third version supersedes it.
      await catalog.putVersion("doc-1", version("second text", "v2"));
      await catalog.setPendingVersion("doc-1", "v2", NOW);
      expect((await catalog.acknowledgeVersion("doc-1", "v2", "vector", both, NOW)).status).toBe("waiting");
      expect(await catalog.getDocument("doc-1")).toMatchObject({ currentVersion: "v1", pendingVersion: "v2" });
      await catalog.putVersion("doc-1", version("third text", "v3"));
      await catalog.setPendingVersion("doc-1", "v3", NOW);
      expect((await catalog.acknowledgeVersion("doc-1", "v2", "lexical", both, NOW)).status).toBe("superseded");
      expect((await catalog.getDocument("doc-1"))?.currentVersion).toBe("v1");
      // Acknowledgements of v3 before it was pending would not count; these do, and never go back.
      await catalog.acknowledgeVersion("doc-1", "v3", "lexical", both, NOW);
      expect((await catalog.acknowledgeVersion("doc-1", "v3", "vector", both, NOW)).status).toBe("served");
      expect((await catalog.getDocument("doc-1"))?.currentVersion).toBe("v3");
      expect((await catalog.acknowledgeVersion("doc-1", "v2", "vector", both, NOW)).status).toBe("superseded");
      expect((await catalog.getDocument("doc-1"))?.currentVersion).toBe("v3");
    });

    it("serves a version at once when it is set current, and never serves a deleted document's", async () => {
      await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
      await catalog.putVersion("doc-1", version("first text", "v1"));
      await catalog.setPendingVersion("doc-1", "v1", NOW);
      // The embedded stack writes its stores in the ingest's transaction: current at once, nothing pending.
      await catalog.setCurrentVersion("doc-1", "v1", "text/plain", NOW);
      expect(await catalog.getDocument("doc-1")).toMatchObject({ currentVersion: "v1", pendingVersion: null });
      // The served version ingested again waits for nothing.
      await catalog.setPendingVersion("doc-1", "v1", NOW);
      expect(await catalog.getDocument("doc-1")).toMatchObject({ currentVersion: "v1", pendingVersion: null });

      await catalog.putVersion("doc-1", version("second text", "v2"));
      await catalog.setPendingVersion("doc-1", "v2", NOW);
      await catalog.acknowledgeVersion("doc-1", "v2", "lexical", ["lexical", "vector"], NOW);
      expect(await catalog.markDeleted("doc-1", NOW)).toBe(true);
      expect(await catalog.getDocument("doc-1")).toMatchObject({ currentVersion: null, pendingVersion: null });
      expect(await catalog.acknowledgeVersion("doc-1", "v2", "vector", ["lexical", "vector"], NOW)).toEqual({
        status: "superseded",
        waitingFor: [],
      });
      expect(await catalog.acknowledgeVersion("nobody", "v1", "vector", ["vector"], NOW)).toEqual({
        status: "superseded",
        waitingFor: [],
      });
      expect((await catalog.getDocument("doc-1"))?.currentVersion).toBeNull();
    });

    it("makes a version served exactly once when the last two stores acknowledge it at once", async () => {
      await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
      await catalog.putVersion("doc-1", version("first text", "v1"));
      await catalog.setPendingVersion("doc-1", "v1", NOW);
      const both = ["lexical", "vector"];
      const acks = await Promise.all([
        catalog.acknowledgeVersion("doc-1", "v1", "lexical", both, NOW),
        catalog.acknowledgeVersion("doc-1", "v1", "vector", both, NOW),
      ]);
      // Under the document's lock the second sees the first's acknowledgement: one waits, the other serves.
      expect(acks.map((a) => a.status).sort()).toEqual(["served", "waiting"]);
      expect((await catalog.getDocument("doc-1"))?.currentVersion).toBe("v1");
    });

    it("records copy keys and copies of served versions, and forgets them with a version replaced or deleted", async () => {
      const filing = { scheme: "date", key: "2014-01-21", shown: "2014-01-21", from: "file name" as const };
      for (const id of ["a", "b", "c"]) {
        await catalog.upsertReceived({ id, source: `/x/${id}.txt`, fileName: `${id}.txt`, access: NONE }, NOW);
        await catalog.putVersion(id, { ...version(`text of ${id}`), documentId: id });
        await catalog.setCurrentVersion(id, "v1", "text/plain", NOW);
      }
      expect((await catalog.versionsWithoutCopyKey()).map((v) => v.documentId)).toEqual(["a", "b", "c"]);
      // a page at a time, after the last one read
      const first = await catalog.versionsWithoutCopyKey({ limit: 2 });
      expect(first.map((v) => v.documentId)).toEqual(["a", "b"]);
      const after = first[first.length - 1];
      expect(await catalog.versionsWithoutCopyKey({ ...(after ? { after } : {}), limit: 2 })).toEqual([
        { documentId: "c", version: "v1" },
      ]);
      await catalog.putCopyKey("a", "v1", { contentKey: "k1", sample: [7, 4294967295], filing });
      await catalog.putCopyKey("b", "v1", { contentKey: "k1", sample: [7], filing: null });
      await catalog.putCopyKey("c", "v1", { contentKey: "k2", sample: [], filing: null });
      expect(await catalog.versionsWithoutCopyKey()).toEqual([]);
      expect(await catalog.listCopyKeys()).toEqual([
        { documentId: "a", version: "v1", contentKey: "k1", sample: [7, 4294967295] },
        { documentId: "b", version: "v1", contentKey: "k1", sample: [7] },
        { documentId: "c", version: "v1", contentKey: "k2", sample: [] },
      ]);
      expect((await catalog.getDocument("a"))?.content).toEqual({ contentKey: "k1", filing });
      await catalog.recordCopies("b", "v1", [{ documentId: "a", version: "v1" }]);
      await catalog.recordCopies("a", "v1", [{ documentId: "b", version: "v1" }]);
      expect(await catalog.listCopies()).toEqual([{ documentId: "a", copyOf: "b" }]);
      expect(await catalog.listCopies("b")).toEqual([{ documentId: "a", copyOf: "b" }]);
      expect(await catalog.listCopies("c")).toEqual([]);
      // a new version of b is no copy until it is recorded as one; its key is missing until recorded
      await catalog.putVersion("b", { ...version("other words"), documentId: "b", version: "v2" });
      await catalog.setCurrentVersion("b", "v2", "text/plain", NOW);
      expect(await catalog.listCopies()).toEqual([]);
      expect((await catalog.getDocument("b"))?.content).toBeNull();
      expect(await catalog.versionsWithoutCopyKey()).toEqual([{ documentId: "b", version: "v2" }]);
      // a deleted document's versions, keys and copies go
      await catalog.recordCopies("c", "v1", [{ documentId: "a", version: "v1" }]);
      expect(await catalog.listCopies()).toEqual([{ documentId: "a", copyOf: "c" }]);
      await catalog.markDeleted("c", NOW);
      expect(await catalog.listCopies()).toEqual([]);
      expect((await catalog.listCopyKeys()).map((k) => k.documentId)).toEqual(["a"]);
    });

    it("admits requests for a document in the order they were made, whatever order they arrive in", async () => {
      const admit = (id: string, at: string) =>
        catalog.transaction(async (tx) => {
          await tx.lockDocument(id);
          return tx.admitRequest(id, at);
        });
      // A document never asked about admits anything, and records it.
      expect(await admit("doc-1", "2026-03-01T10:00:00.000Z")).toBeNull();
      // A request made later is admitted; one made at the same time too (the same command delivered again).
      expect(await admit("doc-1", "2026-03-01T10:00:05Z")).toBeNull();
      expect(await admit("doc-1", "2026-03-01T10:00:05.000Z")).toBeNull();
      // One made before it is refused with the later time, and changes nothing recorded.
      expect(await admit("doc-1", "2026-03-01T10:00:01.000Z")).toBe("2026-03-01T10:00:05.000Z");
      expect(await admit("doc-1", "2026-03-01T10:00:04.999Z")).toBe("2026-03-01T10:00:05.000Z");
      // Times order as times, not as the text given: a later day with an earlier hour is later.
      expect(await admit("doc-1", "2026-03-02T09:00:00+00:00")).toBeNull();
      expect(await admit("doc-1", "2026-03-01T23:00:00.000Z")).toBe("2026-03-02T09:00:00.000Z");
      // Documents are apart: another one still admits an early request.
      expect(await admit("doc-2", "2026-01-01T00:00:00.000Z")).toBeNull();
      // Requests admitted at once (replicas on one catalog) keep the latest, whichever commits last.
      const atOnce = ["2026-01-03T00:00:00.000Z", "2026-01-05T00:00:00.000Z", "2026-01-04T00:00:00.000Z"];
      await Promise.all(atOnce.map((at) => admit("doc-2", at)));
      expect(await admit("doc-2", "2026-01-04T12:00:00.000Z")).toBe("2026-01-05T00:00:00.000Z");
      // The record outlives a delete: an older request cannot bring the document back.
      await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
      await catalog.markDeleted("doc-1", NOW);
      expect(await admit("doc-1", "2026-03-01T10:00:00.000Z")).toBe("2026-03-02T09:00:00.000Z");
      await expect(admit("doc-1", "yesterday")).rejects.toMatchObject({ code: "invalid_argument" });
    });

    it("keeps an ingest claim while received or extracted, and ends it with the ingest", async () => {
      await catalog.upsertReceived({ id: "doc-1", source: "/x/a.txt", fileName: "a.txt", access: NONE }, NOW);
      expect(await catalog.ingestClaim("doc-1")).toBeNull();
      await catalog.claimIngest("doc-1", { pid: 10, host: "h1", since: NOW });
      await catalog.claimIngest("doc-1", { pid: 11, host: "h2", since: NOW });
      expect(await catalog.ingestClaim("doc-1")).toEqual({ pid: 11, host: "h2", since: NOW });
      await catalog.setLifecycle("doc-1", "extracted", null, NOW);
      expect((await catalog.ingestClaim("doc-1"))?.pid).toBe(11);
      await catalog.setLifecycle("doc-1", "indexed", null, NOW);
      expect(await catalog.ingestClaim("doc-1")).toBeNull();
    });
  });
}
