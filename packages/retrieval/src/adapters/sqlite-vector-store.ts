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
import { createSqliteAccessTable, principalParams } from "./sqlite-access-table.ts";
import { type PassageRow, passageHit } from "./sqlite-passage-row.ts";

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
`;

const blob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

/** How the nearest-neighbour scan runs; both are exact and filter before ranking. */
export interface SqliteVectorStoreOptions {
  /**
   * "memory" (default): vectors of a version are read once into one Float32Array (re-read after any
   * write, by this connection or another: `PRAGMA data_version`), and each query scans only the
   * rows of documents the principal may read, as the access table says at that moment.
   * "sql": the scan is one SQL statement with sqlite-vec's `vec_distance_cosine`; no memory held,
   * several times slower.
   */
  scan?: "memory" | "sql";
}

/** One index version's vectors in memory, rows grouped by document. */
interface Slab {
  key: string;
  rows: PassageRow[];
  vectors: Float32Array;
  byDocument: Map<string, { from: number; to: number }>;
}

/**
 * Vector store in the shared embedded SQLite file, with sqlite-vec for vector SQL.
 *
 * Nearest neighbours are found by an exact scan over the rows of the index version that the
 * principal may read: the permission semi-join on `vec_access` selects the documents first, so the
 * top k are ranked among permitted passages only and k permitted results come back whenever k
 * exist. An approximate index (vec0 KNN) ranks before it filters, which can return fewer than k or
 * needs over-fetching; at the sizes of a deal room up to a few hundred contracts (~200k passages of
 * 128 floats) an exact scan fits the latency budget, and is never wrong.
 */
export function createSqliteVectorStore(db: Database.Database, options: SqliteVectorStoreOptions = {}): VectorStore {
  const scan = options.scan ?? "memory";
  sqliteVec.load(db);
  db.exec(SCHEMA);
  const accessTable = createSqliteAccessTable(db, "vec_access");
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
  };

  const writeAccess = (documentId: string, access: Access) => accessTable.write(documentId, access);
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
${accessTable.permittedDocumentsSql})
      ${withDocs ? "AND p.document_id IN (SELECT value FROM json_each(@documentIds))" : ""}
    ORDER BY distance LIMIT @k`;
  const search = { all: db.prepare(searchSql(false)), docs: db.prepare(searchSql(true)) };
  const permittedSql = `
    SELECT DISTINCT document_id FROM (${accessTable.permittedDocumentsSql})`;
  const permitted = db.prepare(permittedSql).pluck();
  const versionRows = db.prepare(
    `SELECT passage_id, document_id, version, node_id, start, end, embedding FROM vec_passages
     WHERE index_version = ? ORDER BY document_id, rowid`,
  );
  const dataVersion = db.prepare("PRAGMA data_version").pluck();

  // Writes by this connection (data_version only counts other connections' commits).
  let localWrites = 0;
  const slabs = new Map<string, Slab>();
  const slabOf = (indexVersion: string, dimensions: number): Slab => {
    const key = `${dataVersion.get() as number}:${localWrites}`;
    const cached = slabs.get(indexVersion);
    if (cached?.key === key) return cached;
    slabs.clear();
    const raw = versionRows.all(indexVersion) as Array<PassageRow & { embedding: Buffer }>;
    const vectors = new Float32Array(raw.length * dimensions);
    const byDocument = new Map<string, { from: number; to: number }>();
    const rows: PassageRow[] = raw.map((r, i) => {
      vectors.set(new Float32Array(r.embedding.buffer, r.embedding.byteOffset, dimensions), i * dimensions);
      const range = byDocument.get(r.document_id);
      if (range) range.to = i + 1;
      else byDocument.set(r.document_id, { from: i, to: i + 1 });
      return {
        passage_id: r.passage_id,
        document_id: r.document_id,
        version: r.version,
        node_id: r.node_id,
        start: r.start,
        end: r.end,
      };
    });
    const slab = { key, rows, vectors, byDocument };
    slabs.set(indexVersion, slab);
    return slab;
  };

  const memorySearch = (query: VectorQuery, indexVersion: string, dimensions: number): VectorHit[] => {
    const slab = slabOf(indexVersion, dimensions);
    let docs = permitted.all({
      ...principalParams(query.principal),
    }) as string[];
    if (query.documentIds) {
      const wanted = new Set(query.documentIds);
      docs = docs.filter((d) => wanted.has(d));
    }
    // Top k by a bounded min-heap of (score, row).
    const k = query.k;
    const heapScore = new Float64Array(k);
    const heapRow = new Int32Array(k);
    let size = 0;
    const q = query.vector;
    const v = slab.vectors;
    for (const doc of docs) {
      const range = slab.byDocument.get(doc);
      if (!range) continue;
      for (let r = range.from; r < range.to; r++) {
        const base = r * dimensions;
        let score = 0;
        for (let c = 0; c < dimensions; c++) score += (q[c] as number) * (v[base + c] as number);
        if (size < k) {
          let i = size++;
          while (i > 0) {
            const parent = (i - 1) >> 1;
            if ((heapScore[parent] as number) <= score) break;
            heapScore[i] = heapScore[parent] as number;
            heapRow[i] = heapRow[parent] as number;
            i = parent;
          }
          heapScore[i] = score;
          heapRow[i] = r;
        } else if (score > (heapScore[0] as number)) {
          let i = 0;
          for (;;) {
            const left = 2 * i + 1;
            if (left >= k) break;
            const right = left + 1;
            const child = right < k && (heapScore[right] as number) < (heapScore[left] as number) ? right : left;
            if ((heapScore[child] as number) >= score) break;
            heapScore[i] = heapScore[child] as number;
            heapRow[i] = heapRow[child] as number;
            i = child;
          }
          heapScore[i] = score;
          heapRow[i] = r;
        }
      }
    }
    const order = Array.from({ length: size }, (_, i) => i).sort(
      (a, b) => (heapScore[b] as number) - (heapScore[a] as number) || (heapRow[a] as number) - (heapRow[b] as number),
    );
    return order.map((i) => passageHit(slab.rows[heapRow[i] as number] as PassageRow, heapScore[i] as number));
  };

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
      localWrites += 1;
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
      localWrites += 1;
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
      localWrites += 1;
      return db.transaction(() => {
        const removed = stmt.deleteDoc.run(documentId).changes;
        accessTable.clear(documentId);
        return removed;
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
      if (scan === "memory") return { hits: memorySearch(query, indexVersion, spec.dimensions), indexVersion };
      const params = {
        vector: blob(query.vector),
        indexVersion,
        ...principalParams(query.principal),
        k: query.k,
        ...(query.documentIds ? { documentIds: JSON.stringify(query.documentIds) } : {}),
      };
      const rows = (query.documentIds ? search.docs : search.all).all(params) as Array<
        PassageRow & { distance: number | null }
      >;
      const hits: VectorHit[] = rows.map((r) => passageHit(r, r.distance === null ? 0 : 1 - r.distance));
      return { hits, indexVersion };
    },
    close() {
      // The database belongs to whoever opened it.
    },
  };
}
