export {
  CATALOG_SCHEMA_VERSION,
  createSqliteCatalog,
  openSqliteDatabase,
  STORE_BUSY_TIMEOUT_MS,
} from "./adapters/sqlite-catalog.ts";
export type {
  Catalog,
  DocumentFilter,
  DocumentProfileUpdate,
  DocumentUpsert,
  IngestClaim,
  StoredVersion,
} from "./ports/catalog.ts";
export { cachedVersionNode, cachedVersionText } from "./version-text.ts";
