import { randomUUID } from "node:crypto";
import { gated, type Sync, sqliteGate } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import type { Access } from "@lexnav/document-model";
import type Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { type AccessScope, accessScopes } from "../domain/access-scopes.ts";
import type {
  ScopeModel,
  VectorHit,
  VectorIndexVersion,
  VectorItem,
  VectorQuery,
  VectorScopeState,
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
CREATE TABLE IF NOT EXISTS vec_scopes (
  index_version TEXT NOT NULL REFERENCES vec_versions(id) ON DELETE CASCADE,
  scope TEXT NOT NULL,
  access TEXT NOT NULL,
  embedder_id TEXT,
  model BLOB,
  stale INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (index_version, scope)
);
CREATE TABLE IF NOT EXISTS vec_scope_members (
  index_version TEXT NOT NULL,
  scope TEXT NOT NULL,
  document_id TEXT NOT NULL,
  PRIMARY KEY (index_version, scope, document_id)
);
CREATE INDEX IF NOT EXISTS vec_scope_members_doc ON vec_scope_members(document_id);
CREATE TABLE IF NOT EXISTS vec_passages (
  rowid INTEGER PRIMARY KEY,
  index_version TEXT NOT NULL REFERENCES vec_versions(id) ON DELETE CASCADE,
  scope TEXT NOT NULL DEFAULT '',
  passage_id TEXT NOT NULL,
  document_id TEXT NOT NULL,
  version TEXT NOT NULL,
  node_id TEXT NOT NULL,
  start INTEGER NOT NULL,
  end INTEGER NOT NULL,
  embedding BLOB NOT NULL,
  text_sha256 TEXT
);
CREATE INDEX IF NOT EXISTS vec_passages_doc ON vec_passages(document_id, index_version);
`;

/**
 * Stores written before models were fitted per access scope kept one model per version, fitted on
 * every document whatever its access: such a version (and the model) is dropped on open, and the
 * passage table gains its scope column. Dense modes then ask for "lexnav index dense" again.
 */
function migrate(db: Database.Database): void {
  const legacy = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vec_models'").get();
  if (legacy) {
    db.transaction(() => {
      db.exec(`DELETE FROM vec_passages WHERE index_version IN (SELECT index_version FROM vec_models);
               DELETE FROM vec_versions WHERE id IN (SELECT index_version FROM vec_models);
               DROP TABLE vec_models;`);
    })();
  }
  const columns = db.prepare("PRAGMA table_info(vec_passages)").all() as Array<{ name: string }>;
  if (!columns.some((c) => c.name === "scope"))
    db.exec("ALTER TABLE vec_passages ADD COLUMN scope TEXT NOT NULL DEFAULT ''");
  // The hash of the text a vector was made from, so a model that re-embeds reuses what it made before.
  if (!columns.some((c) => c.name === "text_sha256")) db.exec("ALTER TABLE vec_passages ADD COLUMN text_sha256 TEXT");
  db.exec(`DROP INDEX IF EXISTS vec_passages_version;
           CREATE INDEX IF NOT EXISTS vec_passages_scope ON vec_passages(index_version, scope, document_id);
           CREATE INDEX IF NOT EXISTS vec_passages_text ON vec_passages(text_sha256) WHERE text_sha256 IS NOT NULL;`);
}

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

interface ScopeRow {
  scope: string;
  access: string;
  embedder_id: string | null;
  stale: number;
}

const scopeState = (r: ScopeRow): VectorScopeState => ({
  key: r.scope,
  access: JSON.parse(r.access) as Access,
  embedderId: r.embedder_id,
  stale: r.stale === 1,
});

/** One index version's (one scope's) vectors in memory, rows grouped by document. */
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
  migrate(db);
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
    deleteScopes: db.prepare("DELETE FROM vec_scopes WHERE index_version = ?"),
    deleteMembers: db.prepare("DELETE FROM vec_scope_members WHERE index_version = ?"),
    deleteVersion: db.prepare("DELETE FROM vec_versions WHERE id = ?"),
    putScope: db.prepare(
      `INSERT OR REPLACE INTO vec_scopes (index_version, scope, access, embedder_id, model, stale)
       VALUES (?, ?, ?, ?, ?, 0)`,
    ),
    staleScope: db.prepare(
      `INSERT INTO vec_scopes (index_version, scope, access, embedder_id, model, stale) VALUES (?, ?, ?, NULL, NULL, 1)
       ON CONFLICT (index_version, scope) DO UPDATE SET embedder_id = NULL, model = NULL, stale = 1`,
    ),
    scopeRows: db.prepare(
      "SELECT scope, access, embedder_id, stale FROM vec_scopes WHERE index_version = ? ORDER BY scope",
    ),
    scopeRow: db.prepare(
      "SELECT scope, access, embedder_id, stale FROM vec_scopes WHERE index_version = ? AND scope = ?",
    ),
    scopeModel: db.prepare("SELECT model FROM vec_scopes WHERE index_version = ? AND scope = ?"),
    deleteScopeRows: db.prepare("DELETE FROM vec_passages WHERE index_version = ? AND scope = ?"),
    deleteScopeMembers: db.prepare("DELETE FROM vec_scope_members WHERE index_version = ? AND scope = ?"),
    addMember: db.prepare(
      "INSERT OR IGNORE INTO vec_scope_members (index_version, scope, document_id) VALUES (?, ?, ?)",
    ),
    memberships: db.prepare(
      `SELECT m.index_version, m.scope, s.access FROM vec_scope_members m
       JOIN vec_scopes s ON s.index_version = m.index_version AND s.scope = m.scope
       WHERE m.document_id = ?`,
    ),
    scopedVersions: db.prepare("SELECT DISTINCT index_version FROM vec_scopes").pluck(),
    deleteDocScope: db.prepare("DELETE FROM vec_passages WHERE document_id = ? AND index_version = ? AND scope = ?"),
    deleteDoc: db.prepare("DELETE FROM vec_passages WHERE document_id = ?"),
    deleteDocMembers: db.prepare("DELETE FROM vec_scope_members WHERE document_id = ?"),
    countDoc: db.prepare("SELECT count(*) AS n FROM vec_passages WHERE document_id = ?"),
    insertRow: db.prepare(
      `INSERT INTO vec_passages (index_version, scope, passage_id, document_id, version, node_id, start, end, embedding, text_sha256)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    cachedVector: db.prepare(
      `SELECT p.embedding FROM vec_passages p JOIN vec_versions v ON v.id = p.index_version
       WHERE p.text_sha256 = ? AND v.embedder_id = ? LIMIT 1`,
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
    WHERE p.index_version = @indexVersion AND p.scope = @scope
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
     WHERE index_version = ? AND scope = ? ORDER BY document_id, rowid`,
  );
  const dataVersion = db.prepare("PRAGMA data_version").pluck();

  // Writes by this connection (data_version only counts other connections' commits).
  let localWrites = 0;
  const slabs = new Map<string, Slab>();
  const slabOf = (indexVersion: string, scope: string, dimensions: number): Slab => {
    const key = `${dataVersion.get() as number}:${localWrites}`;
    const slabKey = `${indexVersion}\u0000${scope}`;
    const cached = slabs.get(slabKey);
    if (cached?.key === key) return cached;
    // Any write may have changed every slab: drop them all, keep the scopes read since.
    for (const [k, slab] of slabs) if (slab.key !== key) slabs.delete(k);
    const raw = versionRows.all(indexVersion, scope) as Array<PassageRow & { embedding: Buffer }>;
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
    slabs.set(slabKey, slab);
    return slab;
  };

  const memorySearch = (query: VectorQuery, indexVersion: string, dimensions: number): VectorHit[] => {
    const slab = slabOf(indexVersion, query.scope ?? "", dimensions);
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

  const staleScope = (indexVersion: string, scope: AccessScope) => {
    stmt.staleScope.run(indexVersion, scope.key, JSON.stringify(scope.access));
    stmt.deleteScopeRows.run(indexVersion, scope.key);
    stmt.deleteScopeMembers.run(indexVersion, scope.key);
  };
  // The scopes a document is in, per version, before a delete or access change.
  const membershipsOf = (documentId: string) =>
    (stmt.memberships.all(documentId) as Array<{ index_version: string; scope: string; access: string }>).map((r) => ({
      indexVersion: r.index_version,
      scope: { key: r.scope, access: JSON.parse(r.access) as Access },
    }));

  return gated<Sync<VectorStore>>(sqliteGate(db), {
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
        stmt.deleteScopes.run(indexVersion);
        stmt.deleteMembers.run(indexVersion);
        stmt.deleteVersion.run(indexVersion);
      })();
    },
    putScope(indexVersion, scope, model: ScopeModel | null) {
      if (!describeVersion(indexVersion)) throw new LexnavError("not_found", `no vector index version ${indexVersion}`);
      localWrites += 1;
      stmt.putScope.run(
        indexVersion,
        scope.key,
        JSON.stringify(scope.access),
        model?.embedderId ?? null,
        model ? Buffer.from(model.bytes.buffer, model.bytes.byteOffset, model.bytes.byteLength) : null,
      );
    },
    staleScopes(indexVersion, scopes) {
      if (!describeVersion(indexVersion)) throw new LexnavError("not_found", `no vector index version ${indexVersion}`);
      localWrites += 1;
      db.transaction(() => {
        for (const scope of scopes) staleScope(indexVersion, scope);
      })();
    },
    scopes(indexVersion): VectorScopeState[] {
      return (stmt.scopeRows.all(indexVersion) as ScopeRow[]).map(scopeState);
    },
    scope(indexVersion, scopeKey) {
      const row = stmt.scopeRow.get(indexVersion, scopeKey) as ScopeRow | undefined;
      return row ? scopeState(row) : null;
    },
    cachedVectors(embedderId, textHashes) {
      const found = new Map<string, Float32Array>();
      for (const hash of new Set(textHashes)) {
        const row = stmt.cachedVector.get(hash, embedderId) as { embedding: Buffer } | undefined;
        if (row) found.set(hash, new Float32Array(new Uint8Array(row.embedding).buffer));
      }
      return found;
    },
    getScopeModel(indexVersion, scopeKey) {
      const row = stmt.scopeModel.get(indexVersion, scopeKey) as { model: Buffer | null } | undefined;
      return row?.model ? new Uint8Array(row.model) : null;
    },
    putDocument(indexVersion, documentId, access, items: VectorItem[], scope = "") {
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
        stmt.deleteDocScope.run(documentId, indexVersion, scope);
        if (scope !== "") stmt.addMember.run(indexVersion, scope, documentId);
        for (const it of items) {
          stmt.insertRow.run(
            indexVersion,
            scope,
            it.passageId,
            documentId,
            it.version,
            it.nodeId,
            it.start,
            it.end,
            blob(it.vector),
            it.textHash ?? null,
          );
        }
        writeAccess(documentId, access);
      })();
    },
    removeDocument(documentId) {
      localWrites += 1;
      return db.transaction(() => {
        // Counted first: dropping a stale scope takes the document's vectors with the scope's.
        const removed = (stmt.countDoc.get(documentId) as { n: number }).n;
        // Every model that learnt from the document goes with it (and the vectors it made).
        for (const m of membershipsOf(documentId)) staleScope(m.indexVersion, m.scope);
        stmt.deleteDoc.run(documentId);
        stmt.deleteDocMembers.run(documentId);
        accessTable.clear(documentId);
        return removed;
      })();
    },
    setAccess(documentId, access) {
      localWrites += 1;
      db.transaction(() => {
        const now = accessScopes(access);
        const wanted = new Set(now.map((s) => s.key));
        const memberships = membershipsOf(documentId);
        // A scope the document leaves keeps none of its words; one it joins is fitted again with it.
        for (const m of memberships) if (!wanted.has(m.scope.key)) staleScope(m.indexVersion, m.scope);
        for (const v of stmt.scopedVersions.all() as string[]) {
          const inVersion = new Set(memberships.filter((m) => m.indexVersion === v).map((m) => m.scope.key));
          for (const s of now) if (!inVersion.has(s.key)) staleScope(v, s);
        }
        writeAccess(documentId, access);
      })();
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
        scope: query.scope ?? "",
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
  });
}
