import type { AuditLog, Catalog } from "@lexnav/catalog";
import {
  createPostgresAuditLog,
  createPostgresCatalog,
  createSqliteAuditLog,
  createSqliteCatalog,
  openSqliteDatabase,
} from "@lexnav/catalog";
import type { LexnavConfig } from "@lexnav/core";

/** Where a process keeps the catalog and the audit log, chosen by config (`openCatalogStores`). */
export interface CatalogStores {
  catalog: Catalog;
  audit: AuditLog;
  /**
   * True on PostgreSQL: a catalog many processes share, whose transactions cannot include the embedded
   * search stores. False: the embedded file, where one transaction spans the catalog and the stores.
   */
  shared: boolean;
  /** Ends the catalog's and the audit log's connections (not the embedded file: its opener closes it). */
  close(): Promise<void>;
}

/**
 * The one place a process chooses its catalog: the PostgreSQL database `catalogUrl` names when set (the
 * distributed shape, every replica on one catalog), else the embedded SQLite database `db` (the file
 * `dbPath`, the single-process default). The audit log lives beside the catalog in either. Answer
 * records stay in the embedded file: the answer service that writes them is their only reader.
 */
export async function openCatalogStores(
  config: Pick<LexnavConfig, "catalogUrl">,
  db: ReturnType<typeof openSqliteDatabase>,
): Promise<CatalogStores> {
  if (config.catalogUrl === undefined)
    return { catalog: createSqliteCatalog(db), audit: createSqliteAuditLog(db), shared: false, close: async () => {} };
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
