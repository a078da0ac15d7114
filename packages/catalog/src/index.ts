export {
  CATALOG_SCHEMA_VERSION,
  createSqliteCatalog,
  openSqliteDatabase,
  truncateWriteAheadLog,
} from "./adapters/sqlite-catalog.ts";
export type {
  Catalog,
  DocumentFilter,
  DocumentProfileUpdate,
  DocumentUpsert,
  StoredVersion,
} from "./ports/catalog.ts";
export { loadStoreKey, storeKeyPath } from "./store-key.ts";
export { cachedVersionNode, cachedVersionText } from "./version-text.ts";
