export { createSqliteAuditLog, REDACTED_QUESTION } from "./adapters/sqlite-audit-log.ts";
export { CATALOG_SCHEMA_VERSION, createSqliteCatalog, openSqliteDatabase } from "./adapters/sqlite-catalog.ts";
export type { AuditEntry, AuditLog, AuditRecord } from "./ports/audit-log.ts";
export type {
  Catalog,
  Control,
  ControlKey,
  ControlKind,
  DocumentFilter,
  DocumentProfileUpdate,
  DocumentUpsert,
  StoredVersion,
} from "./ports/catalog.ts";
export { cachedVersionNode, cachedVersionText } from "./version-text.ts";
