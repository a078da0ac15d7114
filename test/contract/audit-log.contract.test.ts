import { createPostgresAuditLog, createSqliteAuditLog, openSqliteDatabase } from "@lexnav/catalog";
import { describeAuditLogContract } from "./audit-log-contract.ts";
import { describeOnPostgresCluster } from "./postgres-cluster.ts";

describeAuditLogContract("sqlite (embedded)", () => {
  const db = openSqliteDatabase(":memory:");
  return {
    log: createSqliteAuditLog(db),
    close: () => {
      db.close();
    },
  };
});

describeOnPostgresCluster("AuditLog", (cluster) => {
  describeAuditLogContract("PostgreSQL", async () => {
    const log = await createPostgresAuditLog(await cluster().createDatabase());
    return { log, close: () => log.close() };
  });
});
