import type { Access } from "@lexnav/document-model";
import type Database from "better-sqlite3";
import type { Principal } from "../domain/principal.ts";

/**
 * Who may read which document, as one store of the embedded database sees it. Each store keeps its
 * own table (as OpenSearch and Qdrant keep ACL fields on their own records), written in the same
 * transaction as the store's rows, and ranks only inside `permittedDocumentsSql`. Ethical walls
 * (`access.deny`) sit in a `<table>_deny` table beside it and are subtracted inside the same sub-select,
 * so a walled principal's query never ranks the document at all.
 */
export interface SqliteAccessTable {
  /** DDL for the table and its lookup index. */
  readonly schema: string;
  /**
   * A sub-select of the document ids `@principal` / `@groups` may read (granted, and behind no wall on
   * the principal or any of its groups), for use inside a ranking query.
   */
  readonly permittedDocumentsSql: string;
  /** Replaces a document's access (call inside the caller's transaction). */
  write(documentId: string, access: Access): void;
  clear(documentId: string): void;
}

/** The named parameters `permittedDocumentsSql` expects. */
export function principalParams(principal: Principal): { principal: string; groups: string } {
  return { principal: principal.id, groups: JSON.stringify(principal.groups) };
}

/** Creates (if needed) and wraps the access table `table` of one store. */
export function createSqliteAccessTable(db: Database.Database, table: string): SqliteAccessTable {
  const schema = `
CREATE TABLE IF NOT EXISTS ${table} (
  document_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('principal','group')),
  name TEXT NOT NULL,
  PRIMARY KEY (document_id, kind, name)
);
CREATE INDEX IF NOT EXISTS ${table}_name ON ${table}(kind, name);
CREATE TABLE IF NOT EXISTS ${table}_deny (
  document_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('principal','group')),
  name TEXT NOT NULL,
  PRIMARY KEY (document_id, kind, name)
);
CREATE INDEX IF NOT EXISTS ${table}_deny_name ON ${table}_deny(kind, name);
`;
  db.exec(schema);
  const clear = db.prepare(`DELETE FROM ${table} WHERE document_id = ?`);
  const add = db.prepare(`INSERT OR IGNORE INTO ${table} (document_id, kind, name) VALUES (?, ?, ?)`);
  const clearDeny = db.prepare(`DELETE FROM ${table}_deny WHERE document_id = ?`);
  const addDeny = db.prepare(`INSERT OR IGNORE INTO ${table}_deny (document_id, kind, name) VALUES (?, ?, ?)`);
  const matches = `(kind = 'principal' AND name = @principal)
           OR (kind = 'group' AND name IN (SELECT value FROM json_each(@groups)))`;
  return {
    schema,
    permittedDocumentsSql: `
        SELECT document_id FROM ${table}
        WHERE ${matches}
        EXCEPT SELECT document_id FROM ${table}_deny
        WHERE ${matches}`,
    write(documentId, access) {
      clear.run(documentId);
      clearDeny.run(documentId);
      for (const p of access.principals) add.run(documentId, "principal", p);
      for (const g of access.groups) add.run(documentId, "group", g);
      for (const p of access.deny?.principals ?? []) addDeny.run(documentId, "principal", p);
      for (const g of access.deny?.groups ?? []) addDeny.run(documentId, "group", g);
    },
    clear(documentId) {
      clear.run(documentId);
      clearDeny.run(documentId);
    },
  };
}
