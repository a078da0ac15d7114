export {
  createPostgresAuditLog,
  POSTGRES_AUDIT_SCHEMA_VERSION,
  type PostgresAuditLog,
} from "./adapters/postgres-audit-log.ts";
export {
  createPostgresCatalog,
  POSTGRES_CATALOG_SCHEMA_VERSION,
  type PostgresCatalog,
  type PostgresCatalogOptions,
} from "./adapters/postgres-catalog.ts";
export { checkout, migrate, openPool, runner } from "./adapters/postgres-store.ts";
export { createSqliteAuditLog, REDACTED_QUESTION } from "./adapters/sqlite-audit-log.ts";
export {
  CATALOG_SCHEMA_VERSION,
  createSqliteCatalog,
  openSqliteDatabase,
  truncateWriteAheadLog,
} from "./adapters/sqlite-catalog.ts";
export { gated, type SqliteGate, type Sync, sqliteGate } from "./adapters/sqlite-gate.ts";
export { type CatalogStores, openCatalogStores } from "./catalog-stores.ts";
export type { AuditEntry, AuditLog, AuditRecord } from "./ports/audit-log.ts";
export type {
  Catalog,
  Control,
  ControlKey,
  ControlKind,
  CopyKey,
  CopyPair,
  DocumentCount,
  DocumentFilter,
  DocumentProfileUpdate,
  DocumentUpsert,
  IngestClaim,
  StoredVersion,
  VersionAcknowledgement,
  VersionRef,
} from "./ports/catalog.ts";
export { loadStoreKey, storeKeyPath } from "./store-key.ts";
export { cachedVersionNode, cachedVersionPages, cachedVersionText } from "./version-text.ts";
