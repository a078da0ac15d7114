import { randomUUID } from "node:crypto";
import { LexnavError } from "@lexnav/core";
import type { Access } from "@lexnav/document-model";
import type Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import type {
  VectorHit,
  VectorIndexVersion,
  VectorItem,
  VectorQuery,
  VectorSearchResult,
  VectorStore,
} from "../ports/vector-store.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS vec_versions (
  id TEXT PRIMARY KEY,
  dimensions INTEGER NOT NULL,
  embedder_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS vec_models (
  index_version TEXT PRIMARY KEY REFERENCES vec_versions(id) ON DELETE CASCADE,
  model BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS vec_passages (
  rowid INTEGER PRIMARY KEY,
  index_version TEXT NOT NULL REFERENCES vec_versions(id) ON DELETE CASCADE,
  passage_id TEXT NOT NULL,
  document_id TEXT NOT NULL,
  version TEXT NOT NULL,
  node_id TEXT NOT NULL,
  start INTEGER NOT NULL,
  end INTEGER NOT NULL,
  embedding BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS vec_passages_doc ON vec_passages(document_id, index_version);
CREATE INDEX IF NOT EXISTS vec_passages_version ON vec_passages(index_version, document_id);
CREATE TABLE IF NOT EXISTS vec_access (
  document_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('principal','group')),
  name TEXT NOT NULL,
  PRIMARY KEY (document_id, kind, name)
);
CREATE INDEX IF NOT EXISTS vec_access_name ON vec_access(kind, name);
`;

const blob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

/**
 * Vector store on sqlite-vec in the shared embedded SQLite file.
 *
 * The nearest-neighbour query is an exact scan with `vec_distance_cosine` over the rows of the index
 * version that the principal may read: the permission semi-join is in the WHERE clause, so
 * `ORDER BY distance LIMIT k` ranks permitted passages only and k permitted results come back
 * whenever k exist. An approximate index (vec0 KNN) ranks before it filters, which could return
 * fewer than k or need over-fetching; at the corpus sizes of one deal room to a few hundred
 * contracts (~200k passages of 192 floats) the exact scan stays within the latency budget (see the
 * report of the retrieval benchmarks) and is never wrong.
 */
export function createSqliteVectorStore(db: Database.Database): VectorStore {
  sqliteVec.load(db);
  db.exec(SCHEMA);
  const stmt = {
    insertVersion: db.prepare(
      "INSERT INTO vec_versions (id, dimensions, embedder_id, created_at, active) VALUES (?, ?, ?, ?, 0)",
    ),
    deactivateAll: db.prepare("UPDATE vec_versions SET active = 0"),
    activate: db.prepare("UPDATE vec_versions SET active = 1 WHERE id = ?"),
    active: db.prepare("SELECT id FROM vec_versions WHERE active = 1"),
    version: db.prepare("SELECT id, dimensions, embedder_id, active FROM vec_versions WHERE id = ?"),
    deleteVersionRows: db.prepare("DELETE FROM vec_passages WHERE index_version = ?"),
    deleteModel: db.prepare("DELETE FROM vec_models WHERE index_version = ?"),
    deleteVersion: db.prepare("DELETE FROM vec_versions WHERE id = ?"),
    putModel: db.prepare("INSERT OR REPLACE INTO vec_models (index_version, model) VALUES (?, ?)"),
    getModel: db.prepare("SELECT model FROM vec_models WHERE index_version = ?"),
    deleteDocVersion: db.prepare("DELETE FROM vec_passages WHERE document_id = ? AND index_version = ?"),
    deleteDoc: db.prepare("DELETE FROM vec_passages WHERE document_id = ?"),
    insertRow: db.prepare(
      `INSERT INTO vec_passages (index_version, passage_id, document_id, version, node_id, start, end, embedding)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    clearAccess: db.prepare("DELETE FROM vec_access WHERE document_id = ?"),
    addAccess: db.prepare("INSERT OR IGNORE INTO vec_access (document_id, kind, name) VALUES (?, ?, ?)"),
  };

  const writeAccess = (documentId: string, access: Access) => {
    stmt.clearAccess.run(documentId);
    for (const p of access.principals) stmt.addAccess.run(documentId, "principal", p);
    for (const g of access.groups) stmt.addAccess.run(documentId, "group", g);
  };
  const activeVersion = () => (stmt.active.get() as { id: string } | undefined)?.id ?? null;
  const describeVersion = (id: string): VectorIndexVersion | null => {
    const row = stmt.version.get(id) as
      | { id: string; dimensions: number; embedder_id: string; active: number }
      | undefined;
    return row
      ? { id: row.id, dimensions: row.dimensions, embedderId: row.embedder_id, active: row.active === 1 }
      : null;
  };

  const searchSql = (withDocs: boolean) => `
    SELECT p.passage_id, p.document_id, p.version, p.node_id, p.start, p.end,
           vec_distance_cosine(p.embedding, @vector) AS distance
    FROM vec_passages p
    WHERE p.index_version = @indexVersion
      AND p.document_id IN (
        SELECT document_id FROM vec_access
        WHERE (kind = 'principal' AND name = @principal)
           OR (kind = 'group' AND name IN (SELECT value FROM json_each(@groups))))
      ${withDocs ? "AND p.document_id IN (SELECT value FROM json_each(@documentIds))" : ""}
    ORDER BY distance LIMIT @k`;
  const search = { all: db.prepare(searchSql(false)), docs: db.prepare(searchSql(true)) };

  return {
    createVersion(dimensions, embedderId) {
      if (!Number.isInteger(dimensions) || dimensions <= 0) {
        throw new LexnavError("invalid_argument", `vector dimensions must be a positive integer, got ${dimensions}`);
      }
      const id = `vec-${new Date()
        .toISOString()
        .replace(/[-:.TZ]/g, "")
        .slice(0, 14)}-${randomUUID().slice(0, 8)}`;
      stmt.insertVersion.run(id, dimensions, embedderId, new Date().toISOString());
      return id;
    },
    activate(indexVersion) {
      if (!describeVersion(indexVersion)) throw new LexnavError("not_found", `no vector index version ${indexVersion}`);
      db.transaction(() => {
        stmt.deactivateAll.run();
        stmt.activate.run(indexVersion);
      })();
    },
    activeVersion,
    describeVersion,
    dropVersion(indexVersion) {
      if (indexVersion === activeVersion()) {
        throw new LexnavError("conflict", `index version ${indexVersion} is active; activate another one first`);
      }
      db.transaction(() => {
        stmt.deleteVersionRows.run(indexVersion);
        stmt.deleteModel.run(indexVersion);
        stmt.deleteVersion.run(indexVersion);
      })();
    },
    putModel(indexVersion, model) {
      if (!describeVersion(indexVersion)) throw new LexnavError("not_found", `no vector index version ${indexVersion}`);
      stmt.putModel.run(indexVersion, Buffer.from(model.buffer, model.byteOffset, model.byteLength));
    },
    getModel(indexVersion) {
      const row = stmt.getModel.get(indexVersion) as { model: Buffer } | undefined;
      return row ? new Uint8Array(row.model) : null;
    },
    putDocument(indexVersion, documentId, access, items: VectorItem[]) {
      const spec = describeVersion(indexVersion);
      if (!spec) throw new LexnavError("not_found", `no vector index version ${indexVersion}`);
      for (const item of items) {
        if (item.vector.length !== spec.dimensions) {
          throw new LexnavError(
            "invalid_argument",
            `passage ${item.passageId} has a vector of ${item.vector.length} dimensions; index version ${indexVersion} holds ${spec.dimensions}`,
          );
        }
      }
      db.transaction(() => {
        stmt.deleteDocVersion.run(documentId, indexVersion);
        for (const it of items) {
          stmt.insertRow.run(
            indexVersion,
            it.passageId,
            documentId,
            it.version,
            it.nodeId,
            it.start,
            it.end,
            blob(it.vector),
          );
        }
        writeAccess(documentId, access);
      })();
    },
    removeDocument(documentId) {
      db.transaction(() => {
        stmt.deleteDoc.run(documentId);
        stmt.clearAccess.run(documentId);
      })();
    },
    setAccess(documentId, access) {
      db.transaction(() => writeAccess(documentId, access))();
    },
    search(query: VectorQuery): VectorSearchResult {
      const indexVersion = query.indexVersion ?? activeVersion();
      if (indexVersion === null) throw new LexnavError("not_found", "the vector store has no active version yet");
      const spec = describeVersion(indexVersion);
      // A dropped or unknown version has nothing in it, like the lexical index.
      if (!spec || query.k <= 0) return { hits: [], indexVersion };
      if (query.vector.length !== spec.dimensions) {
        throw new LexnavError(
          "invalid_argument",
          `the query vector has ${query.vector.length} dimensions; index version ${indexVersion} holds ${spec.dimensions} (embedder ${spec.embedderId})`,
        );
      }
      // The zero vector (a query with no known word) is close to nothing.
      if (query.vector.every((x) => x === 0)) return { hits: [], indexVersion };
      const params = {
        vector: blob(query.vector),
        indexVersion,
        principal: query.principal.id,
        groups: JSON.stringify(query.principal.groups),
        k: query.k,
        ...(query.documentIds ? { documentIds: JSON.stringify(query.documentIds) } : {}),
      };
      const rows = (query.documentIds ? search.docs : search.all).all(params) as Array<{
        passage_id: string;
        document_id: string;
        version: string;
        node_id: string;
        start: number;
        end: number;
        distance: number | null;
      }>;
      const hits: VectorHit[] = rows.map((r) => ({
        passageId: r.passage_id,
        documentId: r.document_id,
        version: r.version,
        nodeId: r.node_id,
        start: r.start,
        end: r.end,
        score: r.distance === null ? 0 : 1 - r.distance,
      }));
      return { hits, indexVersion };
    },
    close() {
      // The database belongs to whoever opened it.
    },
  };
}
