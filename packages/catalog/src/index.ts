export { CATALOG_SCHEMA_VERSION, createSqliteCatalog, openSqliteDatabase } from "./adapters/sqlite-catalog.ts";
export type {
  Catalog,
  DocumentFilter,
  DocumentProfileUpdate,
  DocumentUpsert,
  StoredVersion,
} from "./ports/catalog.ts";
export { cachedVersionNode, cachedVersionText } from "./version-text.ts";
