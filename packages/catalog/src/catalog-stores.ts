import type { LexnavConfig } from "@lexnav/core";
import { createPostgresAuditLog } from "./adapters/postgres-audit-log.ts";
import { createPostgresCatalog } from "./adapters/postgres-catalog.ts";
import { createSqliteAuditLog } from "./adapters/sqlite-audit-log.ts";
import { createSqliteCatalog, openSqliteDatabase } from "./adapters/sqlite-catalog.ts";
import type { AuditLog } from "./ports/audit-log.ts";
import type { Catalog } from "./ports/catalog.ts";

/** Where a process keeps the catalog and the audit log, chosen by config (`openCatalogStores`). */
export interface CatalogStores {
  catalog: Catalog;
  audit: AuditLog;
  /**
   * True on PostgreSQL: a catalog many processes share, whose transactions cannot include the embedded
   * search stores. False: the embedded file, where one transaction spans the catalog and the stores.
   */
  shared: boolean;
  /** Ends the catalog's and the audit log's connections, and the embedded file when it opened it. */
  close(): Promise<void>;
}

/**
 * The one place a process chooses its catalog: the PostgreSQL database `catalogUrl` names when set (the
 * distributed shape, every replica on one catalog), else the embedded SQLite database: `db` when given
 * (the stack's file, shared with its search stores, and left open by `close`), else the file `dbPath`,
 * opened here and closed by `close`. The audit log lives beside the catalog in either. Answer records
 * stay in the embedded file: the answer service that writes them is their only reader.
 */
export async function openCatalogStores(
  config: Pick<LexnavConfig, "catalogUrl" | "dbPath">,
  db?: ReturnType<typeof openSqliteDatabase>,
): Promise<CatalogStores> {
  if (config.catalogUrl === undefined) {
    const file = db ?? openSqliteDatabase(config.dbPath);
    return {
      catalog: createSqliteCatalog(file),
      audit: createSqliteAuditLog(file),
      shared: false,
      close: async () => {
        if (!db) file.close();
      },
    };
  }
  const catalog = await createPostgresCatalog(config.catalogUrl);
  try {
    const audit = await createPostgresAuditLog(config.catalogUrl);
    return {
      catalog,
      audit,
      shared: true,
      close: async () => {
        await Promise.all([catalog.close(), audit.close()]);
      },
    };
  } catch (e) {
    await catalog.close();
    throw e;
  }
}
