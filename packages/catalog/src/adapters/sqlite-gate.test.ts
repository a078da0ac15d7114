import { describe, expect, it } from "vitest";
import { createSqliteAuditLog } from "./sqlite-audit-log.ts";
import { createSqliteCatalog, openSqliteDatabase } from "./sqlite-catalog.ts";

const access = { principals: [], groups: ["g"] };
const NOW = "2026-12-01T00:00:00.000Z";
const receive = (id: string) => ({ id, source: `/x/${id}.txt`, fileName: `${id}.txt`, access });
const entry = (documentIds: string[]) => ({
  at: NOW,
  principal: "p",
  groups: [],
  channel: "cli" as const,
  action: "ask",
  operator: false,
  question: "q",
  mode: "hybrid",
  scope: null,
  documentIds,
  answerId: null,
  target: null,
});
/** Lets every queued microtask and timer callback run, so a call that could run now has. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("the embedded store's transactions across awaits", () => {
  it("keeps another caller's read out of an open transaction until it commits", async () => {
    const catalog = createSqliteCatalog(openSqliteDatabase(":memory:"));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = catalog.transaction(async (t) => {
      await t.upsertReceived(receive("a"), NOW);
      await held;
    });
    await settle();
    let seen: unknown = "pending";
    const read = catalog.getDocument("a").then((d) => {
      seen = d?.id ?? null;
    });
    await settle();
    // The uncommitted row is not visible, and the read has not run against the open transaction.
    expect(seen).toBe("pending");
    release();
    await tx;
    await read;
    expect(seen).toBe("a");
  });

  it("rolls back the writes of every store on the connection when the transaction throws", async () => {
    const db = openSqliteDatabase(":memory:");
    const catalog = createSqliteCatalog(db);
    const audit = createSqliteAuditLog(db);
    await expect(
      catalog.transaction(async (t) => {
        await t.upsertReceived(receive("a"), NOW);
        await audit.append(entry(["a"]));
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await catalog.getDocument("a")).toBeNull();
    expect(await audit.list()).toEqual([]);
  });

  it("runs a nested transaction as a savepoint: its failure undoes only its own writes", async () => {
    const catalog = createSqliteCatalog(openSqliteDatabase(":memory:"));
    await catalog.transaction(async (t) => {
      await t.upsertReceived(receive("outer"), NOW);
      await expect(
        t.transaction(async (inner) => {
          await inner.upsertReceived(receive("inner"), NOW);
          throw new Error("inner failed");
        }),
      ).rejects.toThrow("inner failed");
    });
    expect((await catalog.getDocument("outer"))?.id).toBe("outer");
    expect(await catalog.getDocument("inner")).toBeNull();
  });

  it("runs transactions of one process one after another, never interleaved", async () => {
    const catalog = createSqliteCatalog(openSqliteDatabase(":memory:"));
    const order: string[] = [];
    const run = (name: string) =>
      catalog.transaction(async (t) => {
        order.push(`${name}:begin`);
        await t.upsertReceived(receive(name), NOW);
        await settle();
        order.push(`${name}:end`);
      });
    await Promise.all([run("a"), run("b"), run("c")]);
    expect(order).toEqual(["a:begin", "a:end", "b:begin", "b:end", "c:begin", "c:end"]);
    expect((await catalog.listDocuments()).map((d) => d.id)).toEqual(["a", "b", "c"]);
  });
});
