import type { StoredVersion } from "@lexnav/catalog";
import { openSqliteDatabase } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import type { Access, DocumentRecord } from "@lexnav/document-model";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteAppliedChangeLog } from "../adapters/sqlite-applied-change-log.ts";
import type { AppliedChangeLog } from "../ports/applied-change-log.ts";
import type { StageStore } from "../ports/stage-store.ts";
import { applyLifecycleEvent, type StageCatalog } from "./apply-lifecycle-event.ts";

/** A catalog holding one document, whose state each test moves as the ingest service would. */
function fakeCatalog() {
  const doc = {
    id: "d1",
    source: "upload://msa.txt",
    fileName: "msa.txt",
    access: { principals: [], groups: ["deal-team"] } as Access,
    lifecycle: "indexed",
    currentVersion: "v1",
  } as unknown as DocumentRecord;
  const catalog: StageCatalog = {
    getDocument: async (id) => (id === doc.id ? { ...doc } : null),
    getVersion: async (_id, version) => ({ version, text: `text of ${version}` }) as unknown as StoredVersion,
    getNodes: async () => [],

    // Every version here is current at once (the embedded stack's shape): nothing is acknowledged.
    acknowledgeVersion: async () => {
      throw new Error("a current version is applied, never acknowledged");
    },
  };
  return { doc, catalog };
}

/** A store that records what it was asked to do, and can be made to fail once. */
function recordingStore() {
  const calls: string[] = [];
  let failNext = false;
  const store: StageStore = {
    name: "lexical",
    async upsert(d) {
      if (failNext) {
        failNext = false;
        throw new Error("store went away");
      }
      calls.push(`upsert ${d.documentId}@${d.version} ${d.access.groups.join(",")} ${d.name}`);
    },
    async remove(id) {
      calls.push(`remove ${id}`);
      return 1;
    },
    async setAccess(id, access) {
      calls.push(`access ${id} ${access.groups.join(",")}|${access.principals.join(",")}`);
    },
    async search() {
      return { hits: [], indexVersion: "" };
    },
  };
  return { store, calls, failOnce: () => (failNext = true) };
}

const at = new Date(0).toISOString();
const ref = (seq: number) => ({ eventKey: `EVT:${seq}`, publishedAt: at });

let db: ReturnType<typeof openSqliteDatabase>;
let log: AppliedChangeLog;
beforeEach(() => {
  db = openSqliteDatabase(":memory:");
  log = createSqliteAppliedChangeLog(db, { store: "lexical", replicaId: "r1" });
});
afterEach(() => db.close());

describe("applyLifecycleEvent", () => {
  it("applies an indexed version once: a redelivery and a second event for the same version change nothing", async () => {
    const { catalog } = fakeCatalog();
    const { store, calls } = recordingStore();
    const deps = { catalog, store, log };
    const indexed = { kind: "indexed", documentId: "d1", version: "v1", commandAt: null } as const;
    expect((await applyLifecycleEvent(deps, indexed, ref(1))).status).toBe("applied");
    expect((await applyLifecycleEvent(deps, indexed, ref(1))).status).toBe("duplicate");
    expect((await applyLifecycleEvent(deps, indexed, ref(2))).status).toBe("skipped");
    expect(calls).toEqual(["upsert d1@v1 deal-team msa"]);
    expect((await log.list()).map((c) => [c.documentId, c.version, c.changeKind, c.replicaId, c.eventKey])).toEqual([
      ["d1", "v1", "upsert", "r1", "EVT:1"],
    ]);
  });

  it("never lets an older version overwrite a newer one, whatever order the events arrive in", async () => {
    const { doc, catalog } = fakeCatalog();
    const { store, calls } = recordingStore();
    const deps = { catalog, store, log };
    doc.currentVersion = "v2";
    // v1's event arrives after the catalog moved on: nothing; v2's applies; v1's redelivery: still nothing.
    expect(
      (await applyLifecycleEvent(deps, { kind: "indexed", documentId: "d1", version: "v1", commandAt: null }, ref(1)))
        .status,
    ).toBe("skipped");
    expect(
      (await applyLifecycleEvent(deps, { kind: "indexed", documentId: "d1", version: "v2", commandAt: null }, ref(2)))
        .status,
    ).toBe("applied");
    expect(
      (await applyLifecycleEvent(deps, { kind: "indexed", documentId: "d1", version: "v1", commandAt: null }, ref(3)))
        .status,
    ).toBe("skipped");
    expect(calls).toEqual(["upsert d1@v2 deal-team msa"]);
  });

  it("applies the catalog's current access, and a delete, to a document the store holds, each logged with the version held", async () => {
    const { doc, catalog } = fakeCatalog();
    const { store, calls } = recordingStore();
    const deps = { catalog, store, log };
    // Nothing held yet: an access change has nothing to change (the upsert will carry the current access).
    expect(
      (await applyLifecycleEvent(deps, { kind: "access-changed", documentId: "d1", commandAt: null }, ref(1))).status,
    ).toBe("skipped");
    await applyLifecycleEvent(deps, { kind: "indexed", documentId: "d1", version: "v1", commandAt: null }, ref(2));
    doc.access = { principals: ["bob"], groups: [] };
    expect(
      (await applyLifecycleEvent(deps, { kind: "access-changed", documentId: "d1", commandAt: null }, ref(3))).status,
    ).toBe("applied");
    // The document was ingested again since the delete command: the delete leaves the store's copy.
    expect(
      (await applyLifecycleEvent(deps, { kind: "deleted", documentId: "d1", commandAt: null }, ref(4))).status,
    ).toBe("skipped");
    doc.lifecycle = "deleted";
    expect(
      (await applyLifecycleEvent(deps, { kind: "deleted", documentId: "d1", commandAt: null }, ref(5))).status,
    ).toBe("applied");
    // A late redelivery of the indexed event under a new key cannot bring the deleted document back.
    expect(
      (await applyLifecycleEvent(deps, { kind: "indexed", documentId: "d1", version: "v1", commandAt: null }, ref(6)))
        .status,
    ).toBe("skipped");
    expect(calls).toEqual(["upsert d1@v1 deal-team msa", "access d1 |bob", "remove d1"]);
    expect((await log.list()).map((c) => [c.changeKind, c.version])).toEqual([
      ["upsert", "v1"],
      ["access", "v1"],
      ["delete", "v1"],
    ]);
  });

  it("records nothing when the store fails, so the redelivery applies it", async () => {
    const { catalog } = fakeCatalog();
    const { store, calls, failOnce } = recordingStore();
    const deps = { catalog, store, log };
    failOnce();
    await expect(
      applyLifecycleEvent(deps, { kind: "indexed", documentId: "d1", version: "v1", commandAt: null }, ref(1)),
    ).rejects.toThrow("store went away");
    expect(await log.list()).toEqual([]);
    expect(db.inTransaction).toBe(false);
    expect(
      (await applyLifecycleEvent(deps, { kind: "indexed", documentId: "d1", version: "v1", commandAt: null }, ref(1)))
        .status,
    ).toBe("applied");
    expect(calls).toEqual(["upsert d1@v1 deal-team msa"]);
  });

  it("logs the command's time beside the event's, where the propagation lag from command to store starts", async () => {
    const { catalog } = fakeCatalog();
    const { store } = recordingStore();
    const commandAt = "2026-01-02T03:04:05.000Z";
    const out = await applyLifecycleEvent(
      { catalog, store, log },
      { kind: "indexed", documentId: "d1", version: "v1", commandAt },
      ref(1),
    );
    expect(out.status === "applied" ? [out.change.commandAt, out.change.publishedAt] : out.status).toEqual([
      commandAt,
      at,
    ]);
    expect((await log.list()).map((c) => c.commandAt)).toEqual([commandAt]);
  });

  it("fails retryably on an indexed event for a document the catalog has no record of, and records nothing", async () => {
    const { catalog } = fakeCatalog();
    const { store, calls } = recordingStore();
    const poisoned = { kind: "indexed", documentId: "d-unknown", version: "v9", commandAt: null } as const;
    const err = await applyLifecycleEvent({ catalog, store, log }, poisoned, ref(1)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LexnavError);
    expect(err).toMatchObject({ code: "not_found", retryable: true });
    expect((err as Error).message).toContain("d-unknown");
    expect(calls).toEqual([]);
    expect(await log.list()).toEqual([]);
    // A delete or access change of a document the catalog does not know has nothing to take away: no error.
    const deleted = { kind: "deleted", documentId: "d-unknown", commandAt: null } as const;
    expect((await applyLifecycleEvent({ catalog, store, log }, deleted, ref(2))).status).toBe("skipped");
  });

  it("ignores the events no store acts on", async () => {
    const { catalog } = fakeCatalog();
    const { store, calls } = recordingStore();
    expect((await applyLifecycleEvent({ catalog, store, log }, { kind: "other" }, ref(1))).status).toBe("ignored");
    expect(calls).toEqual([]);
  });
});
