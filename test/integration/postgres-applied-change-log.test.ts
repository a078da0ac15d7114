import {
  createPostgresAppliedChangeLog,
  ensureActiveLexicalVersion,
  type PostgresAppliedChangeLog,
} from "@lexnav/indexer";
import type { LexicalIndex } from "@lexnav/retrieval";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresHandle, postgresUnavailableReason, startPostgres } from "../support/postgres.ts";

// The applied-change log replicas of a server store share (services/lexical with OpenSearch and
// LEXNAV_CATALOG_URL), against a real PostgreSQL: the protocol its JSDoc states, one step at a time.
const skipReason = process.env.LEXNAV_TEST_POSTGRES_URL ? null : postgresUnavailableReason();
if (skipReason !== null) console.log(`PostgreSQL applied-change log tests skipped: ${skipReason}`);

const event = (eventKey: string, documentId: string) => ({
  eventKey,
  documentId,
  publishedAt: "2026-01-01T00:00:00.000Z",
  commandAt: null,
});

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { opened, open };
}

describe.skipIf(skipReason !== null)(
  `PostgreSQL applied-change log${skipReason !== null ? ` (skipped: ${skipReason})` : ""}`,
  () => {
    let cluster: PostgresHandle;
    let a: PostgresAppliedChangeLog;
    let b: PostgresAppliedChangeLog;
    beforeAll(async () => {
      const started = await startPostgres();
      if (started === null) throw new Error("PostgreSQL did not start although it is installed");
      cluster = started;
      const url = await cluster.createDatabase();
      // Two replicas' logs on one database, as on two hosts.
      a = await createPostgresAppliedChangeLog(url, { store: "lexical", replicaId: "a" });
      b = await createPostgresAppliedChangeLog(url, { store: "lexical", replicaId: "b" });
    }, 60_000);
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await cluster?.stop();
    });

    it("a second replica's event of the same document waits for the first, then decides on what it recorded", async () => {
      const upsertWrites = gate();
      const order: string[] = [];
      const first = a.applyOnce(event("s:1", "d1"), async (state) => {
        order.push(`a held ${await state.held("d1")}`);
        await upsertWrites.opened; // the store's writes, slow
        order.push("a wrote");
        return { documentId: "d1", version: "v1", changeKind: "upsert", holds: "v1" };
      });
      await new Promise((r) => setTimeout(r, 200));
      const second = b.applyOnce(event("s:2", "d1"), async (state) => {
        const held = await state.held("d1");
        order.push(`b held ${held}`);
        // A delete decides on what the store holds: nothing held, nothing to delete.
        return held === null ? null : { documentId: "d1", version: held, changeKind: "delete", holds: null };
      });
      await new Promise((r) => setTimeout(r, 300));
      const whileApplying = [...order];
      upsertWrites.open();
      expect(whileApplying).toEqual(["a held null"]); // b has not decided while a applies
      expect((await first).status).toBe("applied");
      const deleted = await second;
      expect(order).toEqual(["a held null", "a wrote", "b held v1"]);
      expect(deleted.status === "applied" && [deleted.change.changeKind, deleted.change.replicaId]).toEqual([
        "delete",
        "b",
      ]);
    });

    it("events of other documents do not wait on each other", async () => {
      const slow = gate();
      let finished = "";
      const first = a.applyOnce(event("s:3", "d2"), async () => {
        await slow.opened;
        finished ||= "d2";
        return { documentId: "d2", version: "v1", changeKind: "upsert", holds: "v1" };
      });
      await new Promise((r) => setTimeout(r, 100));
      const other = await b.applyOnce(event("s:4", "d3"), async () => {
        finished ||= "d3";
        return { documentId: "d3", version: "v1", changeKind: "upsert", holds: "v1" };
      });
      expect(other.status).toBe("applied");
      slow.open();
      await first;
      expect(finished).toBe("d3");
    });

    it("replicas starting at once on an empty store make one index version, under the store-wide lock", async () => {
      // The version calls of a server index that takes its time, as OpenSearch does to create an index.
      const created: string[] = [];
      let active: string | null = null;
      const slowIndex = {
        activeVersion: async () => active,
        createVersion: async () => {
          await new Promise((r) => setTimeout(r, 150));
          created.push(`v${created.length + 1}`);
          return created[created.length - 1] as string;
        },
        activate: async (v: string) => {
          active = v;
        },
      } as unknown as LexicalIndex;
      const versions = await Promise.all([
        a.exclusive(() => ensureActiveLexicalVersion(slowIndex)),
        b.exclusive(() => ensureActiveLexicalVersion(slowIndex)),
      ]);
      expect(created).toEqual(["v1"]);
      expect(versions).toEqual(["v1", "v1"]);
    });

    it("a redelivered event is a duplicate on any replica, and changes nothing", async () => {
      let applied = 0;
      const apply = async () => {
        applied++;
        return { documentId: "d4", version: "v1", changeKind: "upsert" as const, holds: "v1" };
      };
      expect((await a.applyOnce(event("s:5", "d4"), apply)).status).toBe("applied");
      expect((await b.applyOnce(event("s:5", "d4"), apply)).status).toBe("duplicate");
      expect((await a.applyOnce(event("s:5", "d4"), apply)).status).toBe("duplicate");
      expect(applied).toBe(1);
      expect((await a.list({ documentId: "d4" })).map((c) => [c.eventKey, c.replicaId])).toEqual([["s:5", "a"]]);
    });

    it("a replica failing between the store's writes and the row leaves no row; the redelivery applies again, once", async () => {
      const failed = a.applyOnce(event("s:6", "d5"), async () => {
        throw new Error("killed after writing the store");
      });
      await expect(failed).rejects.toThrow("killed after writing the store");
      expect(await a.list({ documentId: "d5" })).toEqual([]);
      const again = await b.applyOnce(event("s:6", "d5"), async (state) => {
        expect(await state.held("d5")).toBeNull();
        return { documentId: "d5", version: "v1", changeKind: "upsert", holds: "v1" };
      });
      expect(again.status).toBe("applied");
      expect((await b.list({ documentId: "d5" })).map((c) => [c.eventKey, c.replicaId])).toEqual([["s:6", "b"]]);
    });
  },
);
