import { randomUUID } from "node:crypto";
import { type Async, type ErrorCode, LexnavError } from "@lexnav/core";
import type { Access } from "@lexnav/document-model";
import { Client, errors } from "@opensearch-project/opensearch";
import { capitalsReader, capitalsWords } from "../domain/capitals-phrase.ts";
import { documentNameKey, mostSpecificNames, quotedNameKeys } from "../domain/document-names.ts";
import type { Passage } from "../domain/passages.ts";
import type { Principal } from "../domain/principal.ts";
import { queryTerms } from "../domain/query-terms.ts";
import type {
  DocumentCard,
  DocumentHit,
  LexicalHit,
  LexicalIndex,
  LexicalQuery,
  LexicalSearchResult,
  PhraseQuery,
} from "../ports/lexical-index.ts";
import { FIELD_WEIGHTS } from "./sqlite-lexical-index.ts";

/** How to reach OpenSearch and which indices are this index's. */
export interface OpenSearchLexicalIndexOptions {
  /** The node URL (`LEXNAV_OPENSEARCH_URL`). */
  node: string;
  /**
   * Names every index and alias this index owns (`<prefix>-passages-<version>`, alias `<prefix>-passages`,
   * and the same for cards), so deployments and tests sharing a cluster stay apart (`LEXNAV_OPENSEARCH_PREFIX`).
   */
  prefix: string;
  /** Primary shards of a new index version; 1 unless said (a version is rebuilt whole, never split). */
  shards?: number;
  /** Replicas of a new index version; 1 unless said (0 on a single-node test cluster). */
  replicas?: number;
  /** Milliseconds one request may take before it fails as `unavailable`. */
  requestTimeoutMs?: number;
}

/** One HTTP request to OpenSearch, as the adapter builds it (built by pure functions, so it is tested without a server). */
export interface OpenSearchRequest {
  method: "GET" | "HEAD" | "PUT" | "POST" | "DELETE";
  path: string;
  querystring?: Record<string, string | number | boolean>;
  body?: Record<string, unknown>;
  /** NDJSON lines of a `_bulk` request. */
  bulkBody?: Array<Record<string, unknown>>;
}

/** Names that are safe inside an index name and a URL path: no wildcard, comma or separator. */
const NAME = /^[a-z0-9][a-z0-9_-]{0,100}$/;

/**
 * A section reference as lawyers write it: `§`, a dotted number (`2.05`, `8.1`), either followed by
 * parenthesised items (`8.1(b)`, `12(a)(ii)`). The same pattern tokenizes the `.refs` sub-fields (Java
 * regex) and picks references out of a query here (JavaScript regex), so both sides agree on a token.
 */
export const REFERENCE_PATTERN = "§|\\d+(?:\\.\\d+)+(?:\\([A-Za-z0-9]{1,4}\\))*|\\d+(?:\\([A-Za-z0-9]{1,4}\\))+";

/** The section references of a text, lowercased, unique, in order. */
export function legalReferences(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(new RegExp(REFERENCE_PATTERN, "g"))) out.add(m[0].toLowerCase());
  return [...out];
}

/** The index settings of a new version: the legal analyzer and the reference analyzer. */
export function indexSettings(shards: number, replicas: number): Record<string, unknown> {
  return {
    number_of_shards: shards,
    number_of_replicas: replicas,
    // `_forcemerge?only_expunge_deletes=true` skips segments under this share of deleted documents (10% by
    // default): at 0 every segment holding a deleted passage is rewritten, which is what erasure needs.
    "merge.policy.expunge_deletes_allowed": 0,
    analysis: {
      filter: { lexnav_possessive: { type: "stemmer", language: "possessive_english" } },
      tokenizer: { lexnav_reference: { type: "pattern", pattern: REFERENCE_PATTERN, group: 0 } },
      analyzer: {
        // Porter stemming and folded diacritics, as the embedded FTS5 index tokenizes; no stopword
        // filter in the index: `queryTerms` drops a question's stopwords, and a clause's words all stay findable.
        lexnav_legal: {
          type: "custom",
          tokenizer: "standard",
          filter: ["lexnav_possessive", "lowercase", "asciifolding", "porter_stem"],
        },
        // Keeps `8.1(b)` and `§` whole, which the standard tokenizer splits into numbers and letters.
        lexnav_reference: { type: "custom", tokenizer: "lexnav_reference", filter: ["lowercase"] },
      },
    },
  };
}

const ACCESS_FIELDS = {
  readers_principals: { type: "keyword" },
  readers_groups: { type: "keyword" },
  deny_principals: { type: "keyword" },
  deny_groups: { type: "keyword" },
} as const;

const legalText = (refs: boolean) => ({
  type: "text",
  analyzer: "lexnav_legal",
  ...(refs ? { fields: { refs: { type: "text", analyzer: "lexnav_reference" } } } : {}),
});

/** The mapping of a passages index: position fields, the four weighted text fields, readers. */
export function passageMappings(): Record<string, unknown> {
  return {
    dynamic: "strict",
    properties: {
      index_version: { type: "keyword" },
      document_id: { type: "keyword" },
      passage_id: { type: "keyword" },
      version: { type: "keyword" },
      node_id: { type: "keyword" },
      start: { type: "long" },
      end: { type: "long" },
      put_id: { type: "keyword" },
      heading: legalText(true),
      clause_ref: legalText(true),
      terms: legalText(false),
      body: legalText(true),
      ...ACCESS_FIELDS,
    },
  };
}

/** The mapping of a cards index: a document's opening, its filed-name key, readers. */
export function cardMappings(): Record<string, unknown> {
  return {
    dynamic: "strict",
    properties: {
      index_version: { type: "keyword" },
      document_id: { type: "keyword" },
      put_id: { type: "keyword" },
      card: legalText(false),
      // Absent: no name recorded yet; "": a name was given that cannot single a document out.
      name_key: { type: "keyword" },
      ...ACCESS_FIELDS,
    },
  };
}

/** The readers fields written on every passage and card of a document. */
export function accessFields(access: Access): Record<string, string[]> {
  return {
    readers_principals: [...access.principals],
    readers_groups: [...access.groups],
    deny_principals: [...(access.deny?.principals ?? [])],
    deny_groups: [...(access.deny?.groups ?? [])],
  };
}

/**
 * The permission filter (`mayRead` as a query): granted to the principal or one of its groups, and
 * behind no wall on either. It goes in the bool query's `filter`, so `size: k` counts permitted hits only.
 */
export function permissionFilter(principal: Principal): Record<string, unknown> {
  const granted: Array<Record<string, unknown>> = [{ term: { readers_principals: principal.id } }];
  const walled: Array<Record<string, unknown>> = [{ term: { deny_principals: principal.id } }];
  if (principal.groups.length > 0) {
    granted.push({ terms: { readers_groups: [...principal.groups] } });
    walled.push({ terms: { deny_groups: [...principal.groups] } });
  }
  return { bool: { should: granted, minimum_should_match: 1, must_not: walled } };
}

/** The filter clauses of a query: permission, and the scope when one is given (an empty scope matches nothing). */
export function queryFilters(principal: Principal, documentIds: readonly string[] | undefined) {
  const filters = [permissionFilter(principal)];
  if (documentIds !== undefined) filters.push({ terms: { document_id: [...documentIds] } });
  return filters;
}

const HIT_SOURCE = ["passage_id", "document_id", "version", "node_id", "start", "end"];

/**
 * The ranking query over passages: BM25 over the four fields with the embedded index's weights, summed
 * over fields as FTS5's weighted bm25 is (`most_fields`), any term matching (FTS5's OR); the section
 * references of the question over the `.refs` sub-fields; permission and scope as filters. Null when
 * the question has no term and no reference.
 */
export function passageSearchBody(query: LexicalQuery): Record<string, unknown> | null {
  const terms = queryTerms(query.text);
  const refs = legalReferences(query.text);
  if ((terms.length === 0 && refs.length === 0) || query.k <= 0) return null;
  const should: Array<Record<string, unknown>> = [];
  if (terms.length > 0)
    should.push({
      multi_match: {
        query: terms.join(" "),
        type: "most_fields",
        operator: "or",
        fields: [
          `heading^${FIELD_WEIGHTS.heading}`,
          `clause_ref^${FIELD_WEIGHTS.clauseRef}`,
          `terms^${FIELD_WEIGHTS.terms}`,
          `body^${FIELD_WEIGHTS.body}`,
        ],
      },
    });
  if (refs.length > 0)
    should.push({
      multi_match: {
        query: refs.join(" "),
        type: "most_fields",
        operator: "or",
        fields: [
          `heading.refs^${FIELD_WEIGHTS.heading}`,
          `clause_ref.refs^${FIELD_WEIGHTS.clauseRef}`,
          `body.refs^${FIELD_WEIGHTS.body}`,
        ],
      },
    });
  return {
    size: query.k,
    track_total_hits: false,
    _source: HIT_SOURCE,
    query: { bool: { should, minimum_should_match: 1, filter: queryFilters(query.principal, query.documentIds) } },
    // Ties in score break by document order, so a result does not depend on shard order.
    sort: [{ _score: "desc" }, { document_id: "asc" }, { start: "asc" }, { passage_id: "asc" }],
  };
}

/**
 * The documents with a passage holding a phrase (every field, the words in a row, as the legal analyzer
 * reads them), filtered like passages: one bucket per document, at most `limit`; null without a word.
 */
export function phraseDocumentsBody(query: PhraseQuery): Record<string, unknown> | null {
  const clause = phraseQuery(query);
  if (clause === null || query.limit <= 0) return null;
  return {
    size: 0,
    track_total_hits: false,
    query: clause,
    aggs: { docs: { terms: { field: "document_id", size: query.limit } } },
  };
}

/** The fields a phrase is looked up in, whose text the capitals reading reads. */
const PHRASE_FIELDS = ["heading", "clause_ref", "terms", "body"];

/** The passages holding a phrase in any field, filtered like passages; null without a word. */
function phraseQuery(query: Omit<PhraseQuery, "limit">): Record<string, unknown> | null {
  const words = query.text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words) return null;
  return {
    bool: {
      must: [{ multi_match: { query: words.join(" "), type: "phrase", fields: PHRASE_FIELDS } }],
      filter: queryFilters(query.principal, query.documentIds),
    },
  };
}

/** How many passages one page of the capitals reading (`phrasePassagesBody`) holds. */
export const PHRASE_PAGE = 500;

/**
 * The passages holding a phrase, as `phraseDocumentsBody` finds them, a page at a time with their text: what
 * the capitals reading of `documentsHolding` reads (`capitalsWords`). Null without a word.
 */
export function phrasePassagesBody(query: PhraseQuery, after?: unknown[]): Record<string, unknown> | null {
  const clause = phraseQuery(query);
  if (clause === null || query.limit <= 0) return null;
  return {
    size: PHRASE_PAGE,
    track_total_hits: false,
    _source: ["document_id", ...PHRASE_FIELDS],
    query: clause,
    sort: [{ document_id: "asc" }, { start: "asc" }, { end: "asc" }, { passage_id: "asc" }],
    ...(after ? { search_after: after } : {}),
  };
}

/** BM25 over cards, filtered like passages; null when the question has no term. */
export function cardSearchBody(query: LexicalQuery): Record<string, unknown> | null {
  const terms = queryTerms(query.text);
  if (terms.length === 0 || query.k <= 0) return null;
  return {
    size: query.k,
    track_total_hits: false,
    _source: ["document_id"],
    query: {
      bool: {
        must: [{ match: { card: { query: terms.join(" "), operator: "or" } } }],
        filter: queryFilters(query.principal, query.documentIds),
      },
    },
    sort: [{ _score: "desc" }, { document_id: "asc" }],
  };
}

/** Most documents one question can name whole (a page of the named-card lookup). */
export const MAX_NAMED = 1000;

/** The cards whose filed name a question quotes whole, filtered like every query. */
export function namedCardsBody(query: LexicalQuery): Record<string, unknown> {
  return {
    size: MAX_NAMED,
    track_total_hits: false,
    _source: ["document_id", "name_key"],
    query: {
      bool: {
        filter: [
          { terms: { name_key: quotedNameKeys(query.text) } },
          ...queryFilters(query.principal, query.documentIds),
        ],
      },
    },
    sort: [{ document_id: "asc" }],
  };
}

/** Passages listed per page in document order (`search_after` on the sort key). */
export const LIST_PAGE = 1000;

/** One page of every permitted passage in document order, after `after` (the last hit's sort key). */
export function listPassagesBody(
  principal: Principal,
  documentIds: readonly string[] | undefined,
  after?: unknown[],
): Record<string, unknown> {
  return {
    size: LIST_PAGE,
    track_total_hits: false,
    _source: HIT_SOURCE,
    query: { bool: { filter: queryFilters(principal, documentIds) } },
    sort: [{ document_id: "asc" }, { start: "asc" }, { end: "asc" }, { passage_id: "asc" }],
    ...(after ? { search_after: after } : {}),
  };
}

/**
 * The `_aliases` actions that point `alias` at `next` alone, in one atomic request: readers see the
 * old index or the new one, never none and never both.
 */
export function aliasSwapActions(alias: string, next: string, current: readonly string[]) {
  return [
    ...current.filter((index) => index !== next).map((index) => ({ remove: { index, alias } })),
    { add: { index: next, alias } },
  ];
}

/** The index and alias names of one prefix. */
export function indexNames(prefix: string) {
  return {
    passagesAlias: `${prefix}-passages`,
    cardsAlias: `${prefix}-cards`,
    passages: (version: string) => `${prefix}-passages-${version}`,
    cards: (version: string) => `${prefix}-cards-${version}`,
    allPassages: `${prefix}-passages-*`,
    allCards: `${prefix}-cards-*`,
  };
}

/** The documents of one document id, in every version of `pattern`, except the puts `keepPutId` wrote. */
export function documentQuery(documentId: string, keepPutId?: string): Record<string, unknown> {
  return {
    bool: {
      filter: [{ term: { document_id: documentId } }],
      ...(keepPutId ? { must_not: [{ term: { put_id: keepPutId } }] } : {}),
    },
  };
}

/**
 * One page of the passages and cards `query` matches, ids only, in a stable order across indices of both
 * kinds (a card has no passage id: one card per document and version).
 */
export function matchPageBody(query: Record<string, unknown>, after?: unknown[]): Record<string, unknown> {
  return {
    size: LIST_PAGE,
    track_total_hits: false,
    _source: false,
    query,
    sort: [
      { index_version: "asc" },
      { document_id: "asc" },
      { passage_id: { order: "asc", unmapped_type: "keyword" } },
    ],
    ...(after ? { search_after: after } : {}),
  };
}

/** The lexical index over OpenSearch; `close` closes its client. */
export type OpenSearchLexicalIndex = Async<LexicalIndex>;

const BULK_CHUNK = 500;
const COMPACT_TIMEOUT_MS = 30 * 60_000;

interface SearchHit {
  _index: string;
  _id: string;
  _source?: Record<string, unknown>;
  sort?: unknown[];
}

/**
 * A `LexicalIndex` over OpenSearch. Each index version is a pair of concrete indices (passages and
 * cards) behind the aliases `<prefix>-passages` / `<prefix>-cards`, switched atomically by `activate`.
 * Readers (principals, groups, walls) are fields of every passage and card, and the permission filter
 * is a `filter` clause of the ranking query, so k hits come from what the principal may read. Writes
 * refresh before they return: a delete or an access change is in effect for the next query.
 *
 * One gap against the port: a removed passage leaves no term in what a query reads, but it stays in
 * its segment (soft deletes) until `compact()` runs after the shard's retention leases have moved past
 * the delete, about 30 s on the node's own schedule (docs/erasure.md, OpenSearch's window).
 */
export function createOpenSearchLexicalIndex(options: OpenSearchLexicalIndexOptions): OpenSearchLexicalIndex {
  if (!NAME.test(options.prefix))
    throw new LexnavError("invalid_argument", `OpenSearch index prefix must match ${NAME}: ${options.prefix}`);
  const client = new Client({
    node: options.node,
    ...(options.requestTimeoutMs !== undefined ? { requestTimeout: options.requestTimeoutMs } : {}),
  });
  const names = indexNames(options.prefix);
  const settings = indexSettings(options.shards ?? 1, options.replicas ?? 1);

  const send = async (what: string, req: OpenSearchRequest, ignore: number[] = [], requestTimeoutMs?: number) => {
    try {
      const res = await client.transport.request(
        {
          method: req.method,
          path: req.path,
          ...(req.querystring ? { querystring: req.querystring } : {}),
          ...(req.body ? { body: req.body } : {}),
          ...(req.bulkBody ? { bulkBody: req.bulkBody } : {}),
        },
        { ignore, ...(requestTimeoutMs !== undefined ? { requestTimeout: requestTimeoutMs } : {}) },
      );
      return { status: res.statusCode ?? 0, body: res.body as Record<string, unknown> };
    } catch (err) {
      throw openSearchError(what, err);
    }
  };
  const exists = async (index: string) =>
    (await send("index lookup", { method: "HEAD", path: `/${index}` }, [404])).status === 200;

  const activeVersion = async (): Promise<string | null> => {
    const { status, body } = await send(
      "alias lookup",
      { method: "GET", path: `/_alias/${names.passagesAlias}` },
      [404],
    );
    if (status === 404) return null;
    const held = Object.keys(body).filter((index) => index.startsWith(names.passages("")));
    // One index holds the alias; should two (activations that raced), the newest version answers.
    const index = held.sort().at(-1);
    return index === undefined ? null : index.slice(names.passages("").length);
  };
  const hasVersion = async (version: string) => NAME.test(version) && (await exists(names.passages(version)));
  const resolveVersion = async (requested: string | undefined) => {
    if (requested !== undefined) {
      // A version named that is not there (dropped, or never built) is an error, not an empty result.
      if (!(await hasVersion(requested)))
        throw new LexnavError("not_found", `lexical index version ${requested} is not there (dropped, or never built)`);
      return requested;
    }
    const active = await activeVersion();
    if (active === null) throw new LexnavError("not_found", "the lexical index has no active version yet");
    return active;
  };
  const search = async (index: string, body: Record<string, unknown>) => {
    const res = await send("search", { method: "POST", path: `/${index}/_search`, body });
    return ((res.body.hits as { hits?: SearchHit[] } | undefined)?.hits ?? []) as SearchHit[];
  };
  /** Writes bulk lines in chunks, refreshing so the next query sees them; returns the documents deleted. */
  const bulk = async (lines: Array<Record<string, unknown>>) => {
    let deleted = 0;
    for (let i = 0; i < lines.length; i += BULK_CHUNK * 2) {
      const { body } = await send("bulk write", {
        method: "POST",
        path: "/_bulk",
        querystring: { refresh: true },
        bulkBody: lines.slice(i, i + BULK_CHUNK * 2),
      });
      const failed = bulkError(body);
      if (failed !== null) throw failed;
      for (const item of (body.items ?? []) as Array<{ delete?: { result?: string } }>)
        if (item.delete?.result === "deleted") deleted++;
    }
    return deleted;
  };
  /**
   * Applies `action` to every passage or card `query` matches in `indices`, page by page (search_after).
   * Deletes and access changes go through here rather than `_delete_by_query` / `_update_by_query`: those
   * live in the reindex module (and a script needs lang-painless), which a minimal node does not load.
   */
  const eachMatch = async (
    indices: string,
    query: Record<string, unknown>,
    action: (hit: SearchHit) => Array<Record<string, unknown>>,
  ) => {
    let after: unknown[] | undefined;
    let deleted = 0;
    for (;;) {
      const { body } = await send("search", {
        method: "POST",
        path: `/${indices}/_search`,
        querystring: { allow_no_indices: true, ignore_unavailable: true },
        body: matchPageBody(query, after),
      });
      const hits = ((body.hits as { hits?: SearchHit[] } | undefined)?.hits ?? []) as SearchHit[];
      const lines = hits.flatMap(action);
      if (lines.length > 0) deleted += await bulk(lines);
      if (hits.length < LIST_PAGE) return deleted;
      after = hits.at(-1)?.sort;
    }
  };
  const deleteWhere = (indices: string, query: Record<string, unknown>) =>
    eachMatch(indices, query, (h) => [{ delete: { _index: h._index, _id: h._id } }]);
  /** Applies a partial document to every passage or card of a document in every version (but `exceptIndex`). */
  const updateEverywhere = (
    indices: string,
    documentId: string,
    patch: Record<string, unknown>,
    exceptIndex?: string,
  ) =>
    eachMatch(indices, documentQuery(documentId), (h) =>
      h._index === exceptIndex
        ? []
        : [{ update: { _index: h._index, _id: h._id, retry_on_conflict: 3 } }, { doc: patch }],
    );

  return {
    async createVersion() {
      const id = `lex-${new Date()
        .toISOString()
        .replace(/[-:.TZ]/g, "")
        .slice(0, 14)}-${randomUUID().slice(0, 8)}`;
      await send("create index", {
        method: "PUT",
        path: `/${names.passages(id)}`,
        body: { settings, mappings: passageMappings() },
      });
      await send("create index", {
        method: "PUT",
        path: `/${names.cards(id)}`,
        body: { settings, mappings: cardMappings() },
      });
      return id;
    },
    async activate(indexVersion) {
      if (!(await hasVersion(indexVersion)) || !(await exists(names.cards(indexVersion))))
        throw new LexnavError("not_found", `no index version ${indexVersion}`);
      const held = async (alias: string) => {
        const { status, body } = await send("alias lookup", { method: "GET", path: `/_alias/${alias}` }, [404]);
        return status === 404 ? [] : Object.keys(body);
      };
      const actions = [
        ...aliasSwapActions(names.passagesAlias, names.passages(indexVersion), await held(names.passagesAlias)),
        ...aliasSwapActions(names.cardsAlias, names.cards(indexVersion), await held(names.cardsAlias)),
      ];
      await send("alias swap", { method: "POST", path: "/_aliases", body: { actions } });
    },
    activeVersion,
    async dropVersion(indexVersion) {
      if (indexVersion === (await activeVersion()))
        throw new LexnavError("conflict", `index version ${indexVersion} is active; activate another one first`);
      if (!NAME.test(indexVersion)) return;
      await send(
        "delete index",
        {
          method: "DELETE",
          path: `/${names.passages(indexVersion)},${names.cards(indexVersion)}`,
          querystring: { ignore_unavailable: true },
        },
        [404],
      );
    },
    async putDocument(indexVersion, documentId, access, passages: Passage[], card?: DocumentCard) {
      // Writing into a version that is not there would auto-create an index with a guessed mapping.
      if (!(await hasVersion(indexVersion)))
        throw new LexnavError(
          "not_found",
          `lexical index version ${indexVersion} is not there (dropped, or never built)`,
        );
      // The new passages are written before the old ones are deleted (told apart by `put_id`), so a
      // search during the replacement finds the document, never a gap.
      const putId = randomUUID();
      const readers = accessFields(access);
      const lines: Array<Record<string, unknown>> = [];
      for (const p of passages) {
        lines.push(
          { index: { _index: names.passages(indexVersion), _id: `${documentId}/${p.id}` } },
          {
            index_version: indexVersion,
            document_id: documentId,
            passage_id: p.id,
            version: p.version,
            node_id: p.nodeId,
            start: p.start,
            end: p.end,
            put_id: putId,
            heading: p.heading,
            clause_ref: p.clauseRef,
            terms: p.terms,
            body: p.body,
            ...readers,
          },
        );
      }
      if (card !== undefined && card.text.length > 0)
        lines.push(
          { index: { _index: names.cards(indexVersion), _id: documentId } },
          {
            index_version: indexVersion,
            document_id: documentId,
            put_id: putId,
            card: card.text,
            ...(card.name !== undefined ? { name_key: nameKey(card.name) } : {}),
            ...readers,
          },
        );
      if (lines.length > 0) await bulk(lines);
      await deleteWhere(
        `${names.passages(indexVersion)},${names.cards(indexVersion)}`,
        documentQuery(documentId, putId),
      );
      // Who may read a document is one fact in every version, as in the embedded index.
      await updateEverywhere(names.allPassages, documentId, readers, names.passages(indexVersion));
      await updateEverywhere(names.allCards, documentId, readers, names.cards(indexVersion));
    },
    async removeDocument(documentId) {
      const removed = await deleteWhere(names.allPassages, documentQuery(documentId));
      await deleteWhere(names.allCards, documentQuery(documentId));
      return removed;
    },
    async compact() {
      // Rewrites segments holding deleted documents, refreshes, then flushes so the translog no longer
      // holds the operations: together, the bytes of a deleted passage leave the primary's files (docs/erasure.md).
      const all = `${names.allPassages},${names.allCards}`;
      const qs = { allow_no_indices: true, ignore_unavailable: true };
      // A merge rewrites whole segments and answers when it is done: it gets more time than a query.
      await send(
        "force merge",
        { method: "POST", path: `/${all}/_forcemerge`, querystring: { only_expunge_deletes: true, ...qs } },
        [],
        COMPACT_TIMEOUT_MS,
      );
      // Readers hold the old segments (and their files) open until a refresh opens the merged ones.
      await send("refresh", { method: "POST", path: `/${all}/_refresh`, querystring: qs });
      await send("flush", { method: "POST", path: `/${all}/_flush`, querystring: qs });
    },
    async unnamedDocuments() {
      const out: string[] = [];
      let after: Record<string, unknown> | undefined;
      for (;;) {
        const { body } = await send("aggregation", {
          method: "POST",
          path: `/${names.allCards}/_search`,
          querystring: { allow_no_indices: true, ignore_unavailable: true },
          body: {
            size: 0,
            query: { bool: { must_not: [{ exists: { field: "name_key" } }] } },
            aggs: {
              docs: {
                composite: {
                  size: LIST_PAGE,
                  sources: [{ document_id: { terms: { field: "document_id", order: "asc" } } }],
                  ...(after ? { after } : {}),
                },
              },
            },
          },
        });
        const agg = (body.aggregations as { docs?: CompositeAgg } | undefined)?.docs;
        for (const b of agg?.buckets ?? []) out.push(String(b.key.document_id));
        if (!agg?.after_key || (agg.buckets ?? []).length < LIST_PAGE) return out;
        after = agg.after_key;
      }
    },
    async setDocumentName(documentId, name) {
      await updateEverywhere(names.allCards, documentId, { name_key: nameKey(name) });
    },
    async setAccess(documentId, access) {
      const readers = accessFields(access);
      await updateEverywhere(names.allPassages, documentId, readers);
      await updateEverywhere(names.allCards, documentId, readers);
    },
    async search(query: LexicalQuery): Promise<LexicalSearchResult> {
      const indexVersion = await resolveVersion(query.indexVersion);
      const normalisedQuery = [...queryTerms(query.text), ...legalReferences(query.text)].join(" ");
      const body = passageSearchBody(query);
      if (body === null) return { hits: [], indexVersion, normalisedQuery };
      const hits = (await search(names.passages(indexVersion), body)).map((h) => passageHitOf(h));
      return { hits, indexVersion, normalisedQuery };
    },
    async searchDocuments(query: LexicalQuery) {
      const indexVersion = await resolveVersion(query.indexVersion);
      if (query.k <= 0) return { hits: [], indexVersion };
      const index = names.cards(indexVersion);
      const named = mostSpecificNames(
        (await search(index, namedCardsBody(query))).map((h) => ({
          documentId: String(h._source?.document_id),
          key: String(h._source?.name_key),
        })),
      );
      const cardBody = cardSearchBody(query);
      const ranked = cardBody === null ? [] : await search(index, cardBody);
      const namedIds = new Set(named.map((n) => n.documentId));
      const hits: DocumentHit[] = ranked.map((h) => {
        const documentId = String(h._source?.document_id);
        return { documentId, score: scoreOf(h), ...(namedIds.has(documentId) ? { named: true } : {}) };
      });
      for (const documentId of namedIds)
        if (!hits.some((h) => h.documentId === documentId)) hits.push({ documentId, score: 0, named: true });
      return { hits, indexVersion };
    },
    async documentsHolding(query: PhraseQuery) {
      const indexVersion = await resolveVersion(query.indexVersion);
      const body = phraseDocumentsBody(query);
      if (body === null) return { documentIds: [], indexVersion };
      // A word asked in capitals counts where a passage writes it so (`capitals-phrase.ts`), a page at a time.
      const capitals = capitalsWords(query.text);
      if (capitals.length > 0) {
        const reader = capitalsReader(capitals, query.limit);
        for (let page: SearchHit[] = [], reading = true; reading; ) {
          const pageBody = phrasePassagesBody(query, page.at(-1)?.sort);
          page = pageBody === null ? [] : await search(names.passages(indexVersion), pageBody);
          // every() stops at the first passage after which the reader needs no more
          reading = page.every((h) =>
            reader.read(
              String(h._source?.document_id),
              PHRASE_FIELDS.map((f) => h._source?.[f]),
            ),
          );
          reading &&= page.length === PHRASE_PAGE;
        }
        const documentIds = reader.result();
        if (documentIds) return { documentIds, indexVersion };
      }
      const res = await send("search", { method: "POST", path: `/${names.passages(indexVersion)}/_search`, body });
      const agg = (res.body.aggregations as { docs?: { buckets?: Array<{ key: unknown }> } } | undefined)?.docs;
      return { documentIds: (agg?.buckets ?? []).map((b) => String(b.key)), indexVersion };
    },
    async listPassages(query) {
      const indexVersion = await resolveVersion(query.indexVersion);
      const hits: LexicalHit[] = [];
      let after: unknown[] | undefined;
      for (;;) {
        const page = await search(
          names.passages(indexVersion),
          listPassagesBody(query.principal, query.documentIds, after),
        );
        for (const h of page) hits.push({ ...passageHitOf(h), score: 0 });
        if (page.length < LIST_PAGE) return { hits, indexVersion };
        after = page.at(-1)?.sort;
      }
    },
    async close() {
      await client.close();
    },
  };
}

interface CompositeAgg {
  buckets?: Array<{ key: Record<string, unknown> }>;
  after_key?: Record<string, unknown>;
}

/** The stored name key: "" when the given name cannot single a document out (as the embedded index keeps it). */
const nameKey = (name: string | null) => documentNameKey(name) ?? "";

/** The score of a hit sorted by `_score` first (OpenSearch then puts the score in `sort[0]`, not in `_score`). */
function scoreOf(hit: SearchHit & { _score?: number | null }): number {
  const s = hit._score ?? hit.sort?.[0];
  return typeof s === "number" ? s : 0;
}

function passageHitOf(hit: SearchHit): LexicalHit {
  const s = hit._source ?? {};
  return {
    passageId: String(s.passage_id),
    documentId: String(s.document_id),
    version: String(s.version),
    nodeId: String(s.node_id),
    start: Number(s.start),
    end: Number(s.end),
    score: scoreOf(hit),
  };
}

/**
 * The first failed item of a bulk write as an error, by its status and error type (never the document's
 * text); null when none failed. An update of a passage deleted meanwhile is no failure: a document
 * removed while its access changed needs no access.
 */
export function bulkError(body: Record<string, unknown>): LexnavError | null {
  if (body.errors !== true) return null;
  const items = (body.items ?? []) as Array<Record<string, { status?: number; error?: { type?: string } }>>;
  const failed = items
    .flatMap((i) => Object.values(i))
    .find((r) => r.error !== undefined && r.error.type !== "document_missing_exception");
  if (failed === undefined) return null;
  const code: ErrorCode = failed.status === 429 ? "unavailable" : "internal";
  return new LexnavError(
    code,
    `OpenSearch bulk write failed: ${failed.status ?? "?"} ${failed.error?.type ?? "error"}`,
  );
}

/**
 * A client error as a LexnavError: unreachable, timed out or overloaded is `unavailable` (retryable);
 * the message names the operation, the status and the error type, never the request (it holds text).
 */
export function openSearchError(what: string, err: unknown): LexnavError {
  if (err instanceof errors.ResponseError) {
    const status = err.statusCode;
    const type = (err.body as { error?: { type?: string } } | undefined)?.error?.type ?? "error";
    const code: ErrorCode =
      status === 404
        ? "not_found"
        : status === 409
          ? "conflict"
          : status === 429 || status === 502 || status === 503 || status === 504
            ? "unavailable"
            : "internal";
    return new LexnavError(code, `OpenSearch ${what} failed: ${status} ${type}`, { cause: err });
  }
  if (
    err instanceof errors.ConnectionError ||
    err instanceof errors.TimeoutError ||
    err instanceof errors.NoLivingConnectionsError
  )
    return new LexnavError("unavailable", `OpenSearch ${what} failed: ${err.name}`, { cause: err });
  return new LexnavError("internal", `OpenSearch ${what} failed`, { cause: err });
}
