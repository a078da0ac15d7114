import { type AuditLog, REDACTED_QUESTION } from "@lexnav/catalog";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditEntry } from "./catalog-fixtures.ts";

/** An audit log on fresh, empty storage, and how to let go of it (the port itself has no close). */
export interface OpenedAuditLog {
  log: AuditLog;
  close(): void | Promise<void>;
}

/**
 * The contract every AuditLog adapter meets: the embedded SQLite log always, the PostgreSQL log when a
 * cluster can be had (audit-log.contract.test.ts). `open` gives a log on fresh storage for each case.
 */
export function describeAuditLogContract(name: string, open: () => OpenedAuditLog | Promise<OpenedAuditLog>): void {
  describe(`AuditLog contract: ${name}`, () => {
    let opened: OpenedAuditLog;
    let log: AuditLog;
    beforeEach(async () => {
      opened = await open();
      log = opened.log;
    });
    afterEach(async () => {
      await opened.close();
    });

    it("lists the newest entries first, of one principal when asked, with every field as written", async () => {
      const first = auditEntry({ documentIds: ["d1"], scope: ["set-1"], answerId: "a1" });
      await log.append(first);
      await log.append(
        auditEntry({ principal: "bob", groups: [], question: null, mode: null, action: "list", operator: true }),
      );
      await log.append(
        auditEntry({ principal: "alice", channel: "grpc", question: "Which law governs?", target: "d2" }),
      );
      const all = await log.list();
      expect(all.map((r) => [r.principal, r.action])).toEqual([
        ["alice", "ask"],
        ["bob", "list"],
        ["alice", "ask"],
      ]);
      expect(all[0]?.seq).toBeGreaterThan(all[1]?.seq ?? Number.POSITIVE_INFINITY);
      expect(all[2]).toEqual({ ...first, seq: all[2]?.seq });
      expect(all[1]).toMatchObject({ operator: true, question: null, scope: null, groups: [] });
      expect((await log.list({ principal: "alice", limit: 1 })).map((r) => r.question)).toEqual(["Which law governs?"]);
      expect(await log.list({ limit: 2 })).toHaveLength(2);
    });

    it("redacts the questions of entries that cited, were scoped to or targeted a deleted document, once", async () => {
      await log.append(auditEntry({ question: "cited", documentIds: ["gone"] }));
      await log.append(auditEntry({ question: "scoped", scope: ["gone", "other"] }));
      await log.append(auditEntry({ question: "targeted", target: "gone" }));
      await log.append(auditEntry({ question: "kept", documentIds: ["other"] }));
      expect(await log.redactDocument("gone")).toBe(3);
      expect(await log.redactDocument("gone")).toBe(0);
      const after = await log.list();
      expect(after.map((r) => r.question)).toEqual(["kept", REDACTED_QUESTION, REDACTED_QUESTION, REDACTED_QUESTION]);
      // ids, times and principals stay
      expect(after[3]).toMatchObject({ principal: "alice", documentIds: ["gone"], at: "2026-01-01T00:00:00.000Z" });
    });
  });
}
