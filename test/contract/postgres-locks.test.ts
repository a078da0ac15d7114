import { createPostgresCatalog, type PostgresCatalog } from "@lexnav/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresHandle, postgresUnavailableReason, startPostgres } from "../support/postgres.ts";

const skipReason = postgresUnavailableReason();
if (skipReason !== null) console.log(`PostgreSQL catalog lock tests skipped: ${skipReason}`);

const NOW = "2026-12-01T00:00:00.000Z";
const DOC = { id: "doc_locked", source: "/locked", fileName: "locked.txt", access: { principals: [], groups: ["g"] } };

describe.skipIf(skipReason !== null)(
  `PostgreSQL catalog: locks that take turns across processes${skipReason !== null ? ` (skipped: ${skipReason})` : ""}`,
  () => {
    let cluster: PostgresHandle;
    // Two catalogs, each with a pool of its own: two ingest replicas (one recovering, one receiving).
    let one: PostgresCatalog;
    let two: PostgresCatalog;
    beforeAll(async () => {
      const started = await startPostgres();
      if (started === null) throw new Error("PostgreSQL did not start although it is installed");
      cluster = started;
      const url = await cluster.createDatabase();
      one = await createPostgresCatalog(url);
      two = await createPostgresCatalog(url);
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
      await cluster?.stop();
    });

    describe("set filing (lockSetFiling)", () => {
      it("a second transaction's lockSetFiling waits until the first holding it commits", async () => {
        const order: string[] = [];
        let held!: () => void;
        const holding = new Promise<void>((r) => {
          held = r;
        });
        let finish!: () => void;
        const released = new Promise<void>((r) => {
          finish = r;
        });
        const first = one.transaction(async (tx) => {
          await tx.lockSetFiling();
          order.push("first locked");
          held();
          await released;
          order.push("first commits");
        });
        await holding;
        const second = two.transaction(async (tx) => {
          await tx.lockSetFiling();
          order.push("second locked");
        });
        await new Promise((r) => setTimeout(r, 300));
        finish();
        await Promise.all([first, second]);
        expect(order).toEqual(["first locked", "first commits", "second locked"]);
      });

      it("is refused outside a transaction, where it would hold nothing", async () => {
        await expect(one.lockSetFiling()).rejects.toThrow(/call it on tx/);
      });
    });

    describe("a document (lockDocument)", () => {
      it("upsertReceived waits until the transaction holding lockDocument ends, then sees what it wrote", async () => {
        await one.transaction(async (tx) => {
          await tx.upsertReceived(DOC, NOW);
          await tx.claimIngest(DOC.id, { pid: 4343, host: "here", since: NOW });
        });
        const order: string[] = [];
        let held!: () => void;
        const holding = new Promise<void>((r) => {
          held = r;
        });
        let finish!: () => void;
        const released = new Promise<void>((r) => {
          finish = r;
        });
        const first = one.transaction(async (tx) => {
          await tx.lockDocument(DOC.id);
          order.push("first locked");
          held();
          await released;
          await tx.setLifecycle(DOC.id, "failed", { code: "unavailable", reason: "interrupted" }, NOW);
          order.push("first commits");
        });
        await holding;
        const second = two.transaction(async (tx) => {
          await tx.upsertReceived(DOC, NOW);
          order.push("second received");
          await tx.claimIngest(DOC.id, { pid: 4242, host: "here", since: NOW });
        });
        await new Promise((r) => setTimeout(r, 300));
        finish();
        await Promise.all([first, second]);
        expect(order).toEqual(["first locked", "first commits", "second received"]);
        expect((await one.getDocument(DOC.id))?.lifecycle).toBe("received");
        expect((await one.ingestClaim(DOC.id))?.pid).toBe(4242);
      });

      it("another document's lock holds nothing of this one", async () => {
        await one.transaction(async (tx) => {
          await tx.lockDocument("doc_other");
          await two.upsertReceived({ ...DOC, id: "doc_free", source: "/free" }, NOW);
        });
        expect((await two.getDocument("doc_free"))?.lifecycle).toBe("received");
      });

      it("is refused outside a transaction, where it would hold nothing", async () => {
        await expect(one.lockDocument(DOC.id)).rejects.toThrow(/call it on tx/);
      });
    });
  },
);
