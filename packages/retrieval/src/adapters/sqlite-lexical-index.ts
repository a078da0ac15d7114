import { randomUUID } from "node:crypto";
import { gated, type Sync, sqliteGate } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import type { Access } from "@lexnav/document-model";
import type Database from "better-sqlite3";
import { capitalsReader, capitalsWords } from "../domain/capitals-phrase.ts";
import { documentNameKey, mostSpecificNames, quotedNameKeys } from "../domain/document-names.ts";
import type { Passage } from "../domain/passages.ts";
import { ftsMatchExpression, ftsPhraseExpression, queryTerms } from "../domain/query-terms.ts";
import type {
  DocumentCard,
  DocumentHit,
  LexicalHit,
  LexicalIndex,
  LexicalQuery,
  LexicalSearchResult,
  PhraseQuery,
} from "../ports/lexical-index.ts";
import { createSqliteAccessTable, principalParams } from "./sqlite-access-table.ts";
import { type PassageRow, passageHit } from "./sqlite-passage-row.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS lex_versions (
  id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS lex_passages (
  rowid INTEGER PRIMARY KEY,
  index_version TEXT NOT NULL REFERENCES lex_versions(id) ON DELETE CASCADE,
  passage_id TEXT NOT NULL,
  document_id TEXT NOT NULL,
  version TEXT NOT NULL,
  node_id TEXT NOT NULL,
  start INTEGER NOT NULL,
  end INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS lex_passages_doc ON lex_passages(document_id, index_version);
CREATE VIRTUAL TABLE IF NOT EXISTS lex_fts USING fts5(
  heading, clause_ref, terms, body, tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TABLE IF NOT EXISTS lex_cards (
  rowid INTEGER PRIMARY KEY,
  index_version TEXT NOT NULL REFERENCES lex_versions(id) ON DELETE CASCADE,
  document_id TEXT NOT NULL,
  name_key TEXT
);
CREATE INDEX IF NOT EXISTS lex_cards_doc ON lex_cards(document_id, index_version);
CREATE VIRTUAL TABLE IF NOT EXISTS lex_cards_fts USING fts5(card, tokenize = 'porter unicode61 remove_diacritics 2');
`;

/** The stored name key: NULL when no name was given, "" when the given name cannot single a document out. */
const nameKeyColumn = (name: string | null | undefined) => (name === undefined ? null : (documentNameKey(name) ?? ""));

/** BM25 field weights: heading, clause reference, defined terms, body. */
export const FIELD_WEIGHTS = { heading: 2.0, clauseRef: 1.0, terms: 3.0, body: 1.0 } as const;

/**
 * FTS5 lexical index in the shared embedded store. The permission filter is a condition of the
 * ranking query itself (a semi-join on lex_access), so LIMIT k applies to permitted passages only.
 */
export function createSqliteLexicalIndex(db: Database.Database): LexicalIndex {
  db.exec(SCHEMA);
  // Stores written before cards kept their filed name: add the column (`unnamedDocuments` lists them until named).
  const cardColumns = db.prepare("PRAGMA table_info(lex_cards)").all() as Array<{ name: string }>;
  if (!cardColumns.some((c) => c.name === "name_key")) db.exec("ALTER TABLE lex_cards ADD COLUMN name_key TEXT");
  db.exec("CREATE INDEX IF NOT EXISTS lex_cards_name ON lex_cards(index_version, name_key)");
  // A delete takes a row's terms out of the index b-tree at once; without this, FTS5 writes a
  // tombstone and the deleted terms stay in older segments until they are merged.
  for (const table of ["lex_fts", "lex_cards_fts"]) {
    const set = db.prepare(`SELECT v FROM ${table}_config WHERE k = 'secure-delete'`).get() as
      | { v: number }
      | undefined;
    if (set?.v !== 1) db.exec(`INSERT INTO ${table}(${table}, rank) VALUES('secure-delete', 1)`);
  }
  const accessTable = createSqliteAccessTable(db, "lex_access");
  const stmt = {
    insertVersion: db.prepare("INSERT INTO lex_versions (id, created_at, active) VALUES (?, ?, 0)"),
    versionExists: db.prepare("SELECT 1 FROM lex_versions WHERE id = ?"),
    deactivateAll: db.prepare("UPDATE lex_versions SET active = 0"),
    activate: db.prepare("UPDATE lex_versions SET active = 1 WHERE id = ?"),
    active: db.prepare("SELECT id FROM lex_versions WHERE active = 1"),
    hasVersion: db.prepare("SELECT 1 FROM lex_versions WHERE id = ?"),
    rowsOfVersion: db.prepare("SELECT rowid FROM lex_passages WHERE index_version = ?"),
    rowsOfDoc: db.prepare("SELECT rowid FROM lex_passages WHERE document_id = ?"),
    rowsOfDocVersion: db.prepare("SELECT rowid FROM lex_passages WHERE document_id = ? AND index_version = ?"),
    deleteFts: db.prepare("DELETE FROM lex_fts WHERE rowid = ?"),
    deleteRow: db.prepare("DELETE FROM lex_passages WHERE rowid = ?"),
    deleteVersion: db.prepare("DELETE FROM lex_versions WHERE id = ?"),
    insertRow: db.prepare(
      `INSERT INTO lex_passages (index_version, passage_id, document_id, version, node_id, start, end)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertFts: db.prepare("INSERT INTO lex_fts (rowid, heading, clause_ref, terms, body) VALUES (?, ?, ?, ?, ?)"),
    cardsOfVersion: db.prepare("SELECT rowid FROM lex_cards WHERE index_version = ?"),
    cardsOfDoc: db.prepare("SELECT rowid FROM lex_cards WHERE document_id = ?"),
    cardsOfDocVersion: db.prepare("SELECT rowid FROM lex_cards WHERE document_id = ? AND index_version = ?"),
    deleteCardFts: db.prepare("DELETE FROM lex_cards_fts WHERE rowid = ?"),
    deleteCard: db.prepare("DELETE FROM lex_cards WHERE rowid = ?"),
    insertCard: db.prepare("INSERT INTO lex_cards (index_version, document_id, name_key) VALUES (?, ?, ?)"),
    insertCardFts: db.prepare("INSERT INTO lex_cards_fts (rowid, card) VALUES (?, ?)"),
    unnamed: db.prepare("SELECT DISTINCT document_id FROM lex_cards WHERE name_key IS NULL ORDER BY document_id"),
    setName: db.prepare("UPDATE lex_cards SET name_key = ? WHERE document_id = ?"),
  };

  const deleteRows = (rows: Array<{ rowid: number }>) => {
    for (const { rowid } of rows) {
      stmt.deleteFts.run(rowid);
      stmt.deleteRow.run(rowid);
    }
    return rows.length;
  };
  const deleteCards = (rows: Array<{ rowid: number }>) => {
    for (const { rowid } of rows) {
      stmt.deleteCardFts.run(rowid);
      stmt.deleteCard.run(rowid);
    }
  };
  const writeAccess = (documentId: string, access: Access) => accessTable.write(documentId, access);
  const activeVersion = () => (stmt.active.get() as { id: string } | undefined)?.id ?? null;

  const searchSql = (withDocs: boolean) => `
    SELECT p.passage_id, p.document_id, p.version, p.node_id, p.start, p.end,
           bm25(lex_fts, ${FIELD_WEIGHTS.heading}, ${FIELD_WEIGHTS.clauseRef}, ${FIELD_WEIGHTS.terms}, ${FIELD_WEIGHTS.body}) AS score
    FROM lex_fts JOIN lex_passages p ON p.rowid = lex_fts.rowid
    WHERE lex_fts MATCH @match AND p.index_version = @indexVersion
      AND p.document_id IN (
${accessTable.permittedDocumentsSql})
      ${withDocs ? "AND p.document_id IN (SELECT value FROM json_each(@documentIds))" : ""}
    ORDER BY score LIMIT @k`;
  const search = { all: db.prepare(searchSql(false)), docs: db.prepare(searchSql(true)) };
  const searchCards = db.prepare(`
    SELECT c.document_id, bm25(lex_cards_fts) AS score
    FROM lex_cards_fts JOIN lex_cards c ON c.rowid = lex_cards_fts.rowid
    WHERE lex_cards_fts MATCH @match AND c.index_version = @indexVersion
      AND (@scoped = 0 OR c.document_id IN (SELECT value FROM json_each(@documentIds)))
      AND c.document_id IN (
${accessTable.permittedDocumentsSql})
    ORDER BY score LIMIT @k`);
  const namedCards = db.prepare(`
    SELECT c.document_id, c.name_key FROM lex_cards c
    WHERE c.index_version = @indexVersion AND c.name_key IN (SELECT value FROM json_each(@keys))
      AND (@scoped = 0 OR c.document_id IN (SELECT value FROM json_each(@documentIds)))
      AND c.document_id IN (
${accessTable.permittedDocumentsSql})`);
  // the passages holding a phrase, permitted and in scope: their documents, or their text for the capitals reading
  const holdingWhere = `FROM lex_fts JOIN lex_passages p ON p.rowid = lex_fts.rowid
    WHERE lex_fts MATCH @match AND p.index_version = @indexVersion
      AND (@scoped = 0 OR p.document_id IN (SELECT value FROM json_each(@documentIds)))
      AND p.document_id IN (
${accessTable.permittedDocumentsSql})`;
  const holding = db.prepare(`SELECT DISTINCT p.document_id ${holdingWhere} LIMIT @limit`);
  const holdingText = db.prepare(
    `SELECT p.document_id, lex_fts.heading, lex_fts.clause_ref, lex_fts.terms, lex_fts.body ${holdingWhere}`,
  );
  const listPermitted = db.prepare(`
    SELECT p.passage_id, p.document_id, p.version, p.node_id, p.start, p.end
    FROM lex_passages p
    WHERE p.index_version = @indexVersion
      AND (@scoped = 0 OR p.document_id IN (SELECT value FROM json_each(@documentIds)))
      AND p.document_id IN (
${accessTable.permittedDocumentsSql})
    ORDER BY p.document_id, p.start, p.end`);
  const resolveVersion = (requested: string | undefined) => {
    const v = requested ?? activeVersion();
    if (v === null) throw new LexnavError("not_found", "the lexical index has no active version yet");
    // A version named that is not there (dropped, or never built) is an error, not an empty result: a
    // question asked again of it must not read as a silence of the documents.
    if (requested !== undefined && !stmt.versionExists.get(requested))
      throw new LexnavError("not_found", `lexical index version ${requested} is not there (dropped, or never built)`);
    return v;
  };

  return gated<Sync<LexicalIndex>>(sqliteGate(db), {
    createVersion() {
      const id = `lex-${new Date()
        .toISOString()
        .replace(/[-:.TZ]/g, "")
        .slice(0, 14)}-${randomUUID().slice(0, 8)}`;
      stmt.insertVersion.run(id, new Date().toISOString());
      return id;
    },
    activate(indexVersion) {
      if (!stmt.hasVersion.get(indexVersion)) throw new LexnavError("not_found", `no index version ${indexVersion}`);
      db.transaction(() => {
        stmt.deactivateAll.run();
        stmt.activate.run(indexVersion);
      })();
    },
    activeVersion,
    dropVersion(indexVersion) {
      if (indexVersion === activeVersion()) {
        throw new LexnavError("conflict", `index version ${indexVersion} is active; activate another one first`);
      }
      db.transaction(() => {
        deleteRows(stmt.rowsOfVersion.all(indexVersion) as Array<{ rowid: number }>);
        deleteCards(stmt.cardsOfVersion.all(indexVersion) as Array<{ rowid: number }>);
        stmt.deleteVersion.run(indexVersion);
      })();
    },
    putDocument(indexVersion, documentId, access, passages: Passage[], card?: DocumentCard) {
      db.transaction(() => {
        deleteRows(stmt.rowsOfDocVersion.all(documentId, indexVersion) as Array<{ rowid: number }>);
        deleteCards(stmt.cardsOfDocVersion.all(documentId, indexVersion) as Array<{ rowid: number }>);
        if (card !== undefined && card.text.length > 0) {
          const { lastInsertRowid } = stmt.insertCard.run(indexVersion, documentId, nameKeyColumn(card.name));
          stmt.insertCardFts.run(lastInsertRowid, card.text);
        }
        for (const p of passages) {
          const { lastInsertRowid } = stmt.insertRow.run(
            indexVersion,
            p.id,
            documentId,
            p.version,
            p.nodeId,
            p.start,
            p.end,
          );
          stmt.insertFts.run(lastInsertRowid, p.heading, p.clauseRef, p.terms, p.body);
        }
        writeAccess(documentId, access);
      })();
    },
    removeDocument(documentId) {
      return db.transaction(() => {
        const removed = deleteRows(stmt.rowsOfDoc.all(documentId) as Array<{ rowid: number }>);
        deleteCards(stmt.cardsOfDoc.all(documentId) as Array<{ rowid: number }>);
        accessTable.clear(documentId);
        return removed;
      })();
    },
    compact() {
      db.exec("INSERT INTO lex_fts(lex_fts) VALUES('optimize')");
      db.exec("INSERT INTO lex_cards_fts(lex_cards_fts) VALUES('optimize')");
    },
    unnamedDocuments() {
      return (stmt.unnamed.all() as Array<{ document_id: string }>).map((r) => r.document_id);
    },
    setDocumentName(documentId, name) {
      stmt.setName.run(nameKeyColumn(name), documentId);
    },
    setAccess(documentId, access) {
      db.transaction(() => writeAccess(documentId, access))();
    },
    search(query: LexicalQuery): LexicalSearchResult {
      const indexVersion = resolveVersion(query.indexVersion);
      const terms = queryTerms(query.text);
      const match = ftsMatchExpression(terms);
      if (match === null || query.k <= 0) return { hits: [], indexVersion, normalisedQuery: terms.join(" ") };
      const params = {
        match,
        indexVersion,
        ...principalParams(query.principal),
        k: query.k,
        ...(query.documentIds ? { documentIds: JSON.stringify(query.documentIds) } : {}),
      };
      const rows = (query.documentIds ? search.docs : search.all).all(params) as Array<PassageRow & { score: number }>;
      const hits: LexicalHit[] = rows.map((r) => passageHit(r, -r.score));
      return { hits, indexVersion, normalisedQuery: terms.join(" ") };
    },
    searchDocuments(query: LexicalQuery) {
      const indexVersion = resolveVersion(query.indexVersion);
      if (query.k <= 0) return { hits: [], indexVersion };
      const permitted = { ...principalParams(query.principal), ...scopeParams(query.documentIds) };
      const named = mostSpecificNames(
        (
          namedCards.all({
            indexVersion,
            keys: JSON.stringify(quotedNameKeys(query.text)),
            ...permitted,
          }) as Array<{ document_id: string; name_key: string }>
        ).map((r) => ({ documentId: r.document_id, key: r.name_key })),
      );
      const match = ftsMatchExpression(queryTerms(query.text));
      const ranked =
        match === null
          ? []
          : (searchCards.all({ match, indexVersion, ...permitted, k: query.k }) as Array<{
              document_id: string;
              score: number;
            }>);
      const namedIds = new Set(named.map((n) => n.documentId));
      const hits: DocumentHit[] = ranked.map((r) => ({
        documentId: r.document_id,
        score: -r.score,
        ...(namedIds.has(r.document_id) ? { named: true } : {}),
      }));
      for (const documentId of namedIds)
        if (!hits.some((h) => h.documentId === documentId)) hits.push({ documentId, score: 0, named: true });
      return { hits, indexVersion };
    },
    documentsHolding(query: PhraseQuery) {
      const indexVersion = resolveVersion(query.indexVersion);
      const match = ftsPhraseExpression(query.text);
      if (match === null || query.limit <= 0) return { documentIds: [], indexVersion };
      const params = { match, indexVersion, ...principalParams(query.principal), ...scopeParams(query.documentIds) };
      // A word asked in capitals counts where a passage writes it so (`capitals-phrase.ts`).
      const capitals = capitalsWords(query.text);
      if (capitals.length > 0) {
        const reader = capitalsReader(capitals, query.limit);
        // iterated, so a reader that has seen enough stops the statement
        for (const r of holdingText.iterate(params) as Iterable<Record<string, unknown>>)
          if (!reader.read(String(r.document_id), [r.heading, r.clause_ref, r.terms, r.body])) break;
        const documentIds = reader.result();
        if (documentIds) return { documentIds, indexVersion };
      }
      const rows = holding.all({ ...params, limit: query.limit }) as Array<{ document_id: string }>;
      return { documentIds: rows.map((r) => r.document_id), indexVersion };
    },
    listPassages(query) {
      const indexVersion = resolveVersion(query.indexVersion);
      const rows = listPermitted.all({
        indexVersion,
        ...principalParams(query.principal),
        ...scopeParams(query.documentIds),
      }) as PassageRow[];
      const hits: LexicalHit[] = rows.map((r) => passageHit(r, 0));
      return { hits, indexVersion };
    },
    close() {
      // The database belongs to whoever opened it.
    },
  });
}

/** The scope parameters of a statement that reads only some documents when `documentIds` is given. */
function scopeParams(documentIds: readonly string[] | undefined): { scoped: 0 | 1; documentIds: string } {
  return documentIds ? { scoped: 1, documentIds: JSON.stringify(documentIds) } : { scoped: 0, documentIds: "[]" };
}
