import { createPostgresCatalog, type PostgresCatalog } from "@lexnav/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresHandle, postgresUnavailableReason, startPostgres } from "../support/postgres.ts";

const skipReason = postgresUnavailableReason();
if (skipReason !== null) console.log(`PostgreSQL set-filing lock test skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)(
  `PostgreSQL catalog: set filing takes turns across processes${skipReason !== null ? ` (skipped: ${skipReason})` : ""}`,
  () => {
    let cluster: PostgresHandle;
    // Two catalogs, each with a pool of its own: two ingest replicas.
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
  },
);
