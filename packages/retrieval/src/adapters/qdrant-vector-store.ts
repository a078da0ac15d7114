import { createHash, randomUUID } from "node:crypto";
import { type Async, LexnavError } from "@lexnav/core";
import type { Access } from "@lexnav/document-model";
import {
  QdrantClient,
  QdrantClientResourceExhaustedError,
  QdrantClientTimeoutError,
  QdrantClientUnexpectedResponseError,
  type Schemas,
} from "@qdrant/js-client-rest";
import { type AccessScope, accessScopes } from "../domain/access-scopes.ts";
import type { Principal } from "../domain/principal.ts";
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

/** The client methods the adapter calls: a real `QdrantClient`, or a test double of these alone. */
export type QdrantCalls = Pick<
  QdrantClient,
  | "getAliases"
  | "updateCollectionAliases"
  | "collectionExists"
  | "createCollection"
  | "createPayloadIndex"
  | "deleteCollection"
  | "upsert"
  | "delete"
  | "setPayload"
  | "retrieve"
  | "scroll"
  | "count"
  | "query"
>;

/** Where the store lives and how it names what it creates there. */
export interface QdrantVectorStoreOptions {
  /** The Qdrant REST endpoint, e.g. `http://127.0.0.1:6333` (ignored when `client` is given). */
  url?: string;
  /** Sent as the `api-key` header when the server requires one. */
  apiKey?: string;
  /** A client to use instead of one made from `url` (tests pass a recording double). */
  client?: QdrantCalls;
  /**
   * Names everything the store creates: the alias `<prefix>` (the active version), the collections
   * `<prefix>-<version>` and the registry `<prefix>-registry`. Letters, digits, `_` and `-`.
   */
  prefix: string;
  /**
   * Rank by an exact scan instead of the HNSW graph. Either way the permission filter is applied
   * while searching, so k permitted hits come back whenever k exist; the graph may miss a nearest one.
   */
  exactSearch?: boolean;
}

/** Payload keys of a passage point; each one a filter reads has a keyword index. */
const FIELD = {
  documentId: "documentId",
  scope: "scope",
  textHash: "textHash",
  readerPrincipals: "readerPrincipals",
  readerGroups: "readerGroups",
  denyPrincipals: "denyPrincipals",
  denyGroups: "denyGroups",
} as const;

/** Payload fields of a passage collection that carry a keyword index. */
export const PASSAGE_INDEXED_FIELDS = [
  FIELD.documentId,
  FIELD.scope,
  FIELD.textHash,
  FIELD.readerPrincipals,
  FIELD.readerGroups,
  FIELD.denyPrincipals,
  FIELD.denyGroups,
] as const;

/** Payload fields of a registry point that carry a keyword index. */
const REGISTRY_INDEXED_FIELDS = ["kind", "indexVersion", "embedderId", "scopeKey", "documentId"] as const;

const PASSAGE_PAYLOAD = ["passageId", "documentId", "version", "nodeId", "start", "end"];
const UPSERT_BATCH = 256;
const SCROLL_PAGE = 256;

/**
 * A deterministic point id from its parts: Qdrant takes an unsigned integer or a UUID, and the same
 * passage put again (a redelivered event) must land on the same point, so the id is the first 16
 * bytes of the parts' sha256 formatted as a UUID (version 8, "custom", RFC 9562).
 */
export function pointId(...parts: string[]): string {
  const h = createHash("sha256").update(parts.join("\u0000")).digest();
  h[6] = ((h[6] as number) & 0x0f) | 0x80;
  h[8] = ((h[8] as number) & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString("hex");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/** The access payload of a passage point: who may read it and who is walled off from it. */
export function accessPayload(access: Access): Record<string, string[]> {
  return {
    [FIELD.readerPrincipals]: [...new Set(access.principals)],
    [FIELD.readerGroups]: [...new Set(access.groups)],
    [FIELD.denyPrincipals]: [...new Set(access.deny?.principals ?? [])],
    [FIELD.denyGroups]: [...new Set(access.deny?.groups ?? [])],
  };
}

const matchValue = (key: string, value: string): Schemas["FieldCondition"] => ({ key, match: { value } });
const matchAny = (key: string, any: string[]): Schemas["FieldCondition"] => ({ key, match: { any } });

/**
 * The filter of a nearest-neighbour query, applied by Qdrant while it searches: the scope's vectors,
 * granted to the principal or one of its groups, behind no wall on the principal or any of its groups,
 * and (when given) among `documentIds`. Being part of the query, it never leaves fewer than k hits
 * for a principal who may read k.
 */
export function readableFilter(principal: Principal, scope: string, documentIds?: string[]): Schemas["Filter"] {
  const grants: Schemas["Condition"][] = [matchValue(FIELD.readerPrincipals, principal.id)];
  const walls: Schemas["Condition"][] = [matchValue(FIELD.denyPrincipals, principal.id)];
  if (principal.groups.length > 0) {
    grants.push(matchAny(FIELD.readerGroups, principal.groups));
    walls.push(matchAny(FIELD.denyGroups, principal.groups));
  }
  const must: Schemas["Condition"][] = [matchValue(FIELD.scope, scope), { should: grants }];
  if (documentIds) must.push(matchAny(FIELD.documentId, documentIds));
  return { must, must_not: walls };
}

/** Every point of one document (in every scope). */
const documentFilter = (documentId: string): Schemas["Filter"] => ({
  must: [matchValue(FIELD.documentId, documentId)],
});

const base64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");

interface VersionRecord {
  id: string;
  dimensions: number;
  embedderId: string;
}

/** Turns a client failure into the one error type: unreachable or overloaded is retryable. */
function qdrantError(what: string, err: unknown): LexnavError {
  if (err instanceof LexnavError) return err;
  if (err instanceof QdrantClientUnexpectedResponseError) {
    const status = Number(/Unexpected Response: (\d{3})/.exec(err.message)?.[1] ?? 0);
    if (status === 404) return new LexnavError("not_found", `Qdrant ${what}: not found`, { cause: err });
    if (status === 429 || status >= 500)
      return new LexnavError("unavailable", `Qdrant ${what} failed with status ${status}`, { cause: err });
    return new LexnavError("internal", `Qdrant ${what} was refused with status ${status}`, { cause: err });
  }
  if (err instanceof QdrantClientTimeoutError || err instanceof QdrantClientResourceExhaustedError)
    return new LexnavError("unavailable", `Qdrant ${what} timed out or was throttled`, { cause: err });
  // Anything else a client call throws is the transport: connection refused, reset, DNS.
  return new LexnavError("unavailable", `Qdrant ${what} failed: the server could not be reached`, { cause: err });
}

const field = (payload: Record<string, unknown> | null | undefined, key: string, where: string) => {
  const v = payload?.[key];
  if (v === undefined || v === null)
    throw new LexnavError("internal", `Qdrant point ${where} has no payload field ${key}`);
  return v;
};
const stringField = (p: Record<string, unknown> | null | undefined, key: string, where: string) =>
  String(field(p, key, where));
const numberField = (p: Record<string, unknown> | null | undefined, key: string, where: string) =>
  Number(field(p, key, where));

/**
 * Vector store on a Qdrant server (REST, `@qdrant/js-client-rest`).
 *
 * - Each index version is a collection `<prefix>-<version>` of cosine vectors; the alias `<prefix>`
 *   names the active one and `activate` moves it in one alias update, so readers switch atomically.
 * - A passage is a point whose payload holds its span (document, version, node, offsets, text hash),
 *   its scope (`""` when unscoped) and the document's access (reader principals and groups, walled
 *   principals and groups), with a keyword index on each field a filter reads. The permission filter,
 *   the scope and `documentIds` are the query's `filter`, so Qdrant ranks only what the principal may read.
 * - What the port keeps beside the vectors lives in the registry collection `<prefix>-registry`: one
 *   point per version (dimensions, embedder), per access scope (its access, model as base64, stale flag)
 *   and per scope member (document), so every replica of a service sees the same versions and scopes.
 * - Point ids derive from index version, scope, document and passage, so a redelivered put overwrites
 *   rather than duplicates; a put writes the new points first and then deletes the document's others,
 *   so the document is never absent from a search in between.
 *
 * Unlike the embedded store, a change spans several requests with no transaction around them: a
 * failure in between leaves the change half applied, and the caller (a consumer redelivering the
 * event) repeats it, which every method tolerates. Access changes are written before scope models are
 * dropped, so a narrowed access takes effect first.
 */
export function createQdrantVectorStore(options: QdrantVectorStoreOptions): Async<VectorStore> {
  const { prefix } = options;
  if (!/^[A-Za-z0-9_-]+$/.test(prefix))
    throw new LexnavError("invalid_argument", `a Qdrant prefix is letters, digits, _ and -, got "${prefix}"`);
  let client: QdrantCalls;
  if (options.client) client = options.client;
  else if (options.url)
    client = new QdrantClient({
      url: options.url,
      ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
      // The check writes to the console and the project pins a client for the server it tests against.
      checkCompatibility: false,
    });
  else throw new LexnavError("invalid_argument", "a Qdrant vector store needs a url or a client");

  const registry = `${prefix}-registry`;
  const collectionOf = (indexVersion: string) => `${prefix}-${indexVersion}`;
  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw qdrantError(what, err);
    }
  };
  // A version whose collection is gone (a drop that stopped half-way) has nothing to change.
  const unlessMissing = async (what: string, fn: () => Promise<unknown>): Promise<void> => {
    try {
      await call(what, fn);
    } catch (err) {
      if (!(err instanceof LexnavError && err.code === "not_found")) throw err;
    }
  };

  const createIndexedCollection = async (
    name: string,
    vectors: Schemas["VectorParams"],
    indexed: readonly string[],
  ): Promise<void> => {
    try {
      await call(`create collection ${name}`, () => client.createCollection(name, { vectors }));
    } catch (err) {
      // Another replica may have created it first.
      const exists = await call(`look up collection ${name}`, () => client.collectionExists(name));
      if (!exists.exists) throw err;
    }
    for (const field_name of indexed) {
      await call(`index ${field_name} of ${name}`, () =>
        client.createPayloadIndex(name, { wait: true, field_name, field_schema: "keyword" }),
      );
    }
  };

  let registryReady: Promise<void> | null = null;
  const ensureRegistry = (): Promise<void> => {
    registryReady ??= (async () => {
      const exists = await call(`look up collection ${registry}`, () => client.collectionExists(registry));
      // Registry points carry no meaning in their vector; Qdrant needs one, so it is a constant [1].
      if (!exists.exists)
        await createIndexedCollection(registry, { size: 1, distance: "Dot" }, REGISTRY_INDEXED_FIELDS);
    })().catch((err: unknown) => {
      registryReady = null;
      throw err;
    });
    return registryReady;
  };
  const putRegistry = async (id: string, payload: Record<string, unknown>) => {
    await ensureRegistry();
    await call("write the registry", () =>
      client.upsert(registry, { wait: true, points: [{ id, vector: [1], payload }] }),
    );
  };
  const deleteRegistry = async (filter: Schemas["Filter"]) => {
    await ensureRegistry();
    await call("delete from the registry", () => client.delete(registry, { wait: true, filter }));
  };
  const scrollAll = async (
    collection: string,
    filter: Schemas["Filter"],
    withPayload: Schemas["WithPayloadInterface"],
    withVector: boolean,
    until: (page: Schemas["Record"][]) => boolean = () => false,
  ): Promise<Schemas["Record"][]> => {
    const all: Schemas["Record"][] = [];
    let offset: Schemas["ExtendedPointId"] | undefined;
    for (;;) {
      const page = await call(`scroll ${collection}`, () =>
        client.scroll(collection, {
          filter,
          limit: SCROLL_PAGE,
          with_payload: withPayload,
          with_vector: withVector,
          ...(offset !== undefined ? { offset } : {}),
        }),
      );
      all.push(...page.points);
      const enough = until(page.points);
      const next = page.next_page_offset;
      if (enough || next === undefined || next === null || typeof next === "object") return all;
      offset = next;
    }
  };
  const registryPoints = async (filter: Schemas["Filter"], withPayload: Schemas["WithPayloadInterface"] = true) => {
    await ensureRegistry();
    return scrollAll(registry, filter, withPayload, false);
  };

  const versionRecord = (p: Schemas["Record"]): VersionRecord => {
    const where = `${registry}/${String(p.id)}`;
    return {
      id: stringField(p.payload, "indexVersion", where),
      dimensions: numberField(p.payload, "dimensions", where),
      embedderId: stringField(p.payload, "embedderId", where),
    };
  };
  const getVersion = async (indexVersion: string): Promise<VersionRecord | null> => {
    await ensureRegistry();
    const found = await call("read the registry", () =>
      client.retrieve(registry, { ids: [pointId("version", indexVersion)], with_payload: true }),
    );
    const p = found[0];
    return p ? versionRecord(p) : null;
  };
  const requireVersion = async (indexVersion: string): Promise<VersionRecord> => {
    const v = await getVersion(indexVersion);
    if (!v) throw new LexnavError("not_found", `no vector index version ${indexVersion}`);
    return v;
  };
  const knownVersions = new Map<string, VersionRecord>();
  const listVersions = async (): Promise<VersionRecord[]> =>
    (await registryPoints({ must: [matchValue("kind", "version")] })).map(versionRecord);

  const activeVersion = async (): Promise<string | null> => {
    const { aliases } = await call("list aliases", () => client.getAliases());
    const alias = aliases.find((a) => a.alias_name === prefix);
    return alias?.collection_name.startsWith(`${prefix}-`) ? alias.collection_name.slice(prefix.length + 1) : null;
  };

  const scopeState = (p: Schemas["Record"]): VectorScopeState => {
    const where = `${registry}/${String(p.id)}`;
    const embedderId = p.payload?.embedderId;
    return {
      key: stringField(p.payload, "scopeKey", where),
      access: field(p.payload, "access", where) as Access,
      embedderId: typeof embedderId === "string" ? embedderId : null,
      stale: p.payload?.stale === true,
    };
  };
  const SCOPE_FIELDS = { exclude: ["model"] };

  const staleScope = async (indexVersion: string, scope: AccessScope) => {
    await putRegistry(pointId("scope", indexVersion, scope.key), {
      kind: "scope",
      indexVersion,
      scopeKey: scope.key,
      access: scope.access,
      embedderId: null,
      model: null,
      stale: true,
    });
    // The vectors the dropped model made go with it, and the scope has no members until refitted.
    await unlessMissing(`delete scope vectors of ${indexVersion}`, () =>
      client.delete(collectionOf(indexVersion), { wait: true, filter: { must: [matchValue(FIELD.scope, scope.key)] } }),
    );
    await deleteRegistry({
      must: [matchValue("kind", "member"), matchValue("indexVersion", indexVersion), matchValue("scopeKey", scope.key)],
    });
  };

  // The scopes a document is in, per version, with each scope's access.
  const membershipsOf = async (documentId: string) => {
    const members = await registryPoints({
      must: [matchValue("kind", "member"), matchValue("documentId", documentId)],
    });
    if (members.length === 0) return [];
    const pairs = members.map((m) => ({
      indexVersion: stringField(m.payload, "indexVersion", `${registry}/${String(m.id)}`),
      scopeKey: stringField(m.payload, "scopeKey", `${registry}/${String(m.id)}`),
    }));
    const scopes = await call("read the registry", () =>
      client.retrieve(registry, {
        ids: pairs.map((p) => pointId("scope", p.indexVersion, p.scopeKey)),
        with_payload: SCOPE_FIELDS,
      }),
    );
    const byId = new Map(scopes.map((s) => [String(s.id), scopeState(s)]));
    return pairs.flatMap((p) => {
      const state = byId.get(pointId("scope", p.indexVersion, p.scopeKey));
      return state ? [{ indexVersion: p.indexVersion, scope: { key: state.key, access: state.access } }] : [];
    });
  };

  // The document's access is one for all its vectors, in every version and scope, as in the embedded store.
  const writeAccess = async (versions: VersionRecord[], documentId: string, access: Access) => {
    for (const v of versions) {
      await unlessMissing(`set access in ${v.id}`, () =>
        client.setPayload(collectionOf(v.id), {
          wait: true,
          payload: accessPayload(access),
          filter: documentFilter(documentId),
        }),
      );
    }
  };

  const checkDimensions = (spec: VersionRecord, length: number, what: string) => {
    if (length !== spec.dimensions)
      throw new LexnavError(
        "invalid_argument",
        `${what} has a vector of ${length} dimensions; index version ${spec.id} holds ${spec.dimensions} (embedder ${spec.embedderId})`,
      );
  };

  const hitOf = (collection: string, p: Schemas["ScoredPoint"]): VectorHit => {
    const where = `${collection}/${String(p.id)}`;
    return {
      passageId: stringField(p.payload, "passageId", where),
      documentId: stringField(p.payload, "documentId", where),
      version: stringField(p.payload, "version", where),
      nodeId: stringField(p.payload, "nodeId", where),
      start: numberField(p.payload, "start", where),
      end: numberField(p.payload, "end", where),
      score: p.score,
    };
  };

  return {
    async createVersion(dimensions, embedderId) {
      if (!Number.isInteger(dimensions) || dimensions <= 0)
        throw new LexnavError("invalid_argument", `vector dimensions must be a positive integer, got ${dimensions}`);
      await ensureRegistry();
      const id = `vec-${new Date()
        .toISOString()
        .replace(/[-:.TZ]/g, "")
        .slice(0, 14)}-${randomUUID().slice(0, 8)}`;
      await createIndexedCollection(collectionOf(id), { size: dimensions, distance: "Cosine" }, PASSAGE_INDEXED_FIELDS);
      // Registered last: a version exists for readers only once its collection and indexes do.
      await putRegistry(pointId("version", id), {
        kind: "version",
        indexVersion: id,
        dimensions,
        embedderId,
        createdAt: new Date().toISOString(),
      });
      return id;
    },
    async activate(indexVersion) {
      await requireVersion(indexVersion);
      // One alias update: Qdrant applies its actions together, so no reader sees the alias missing.
      await call(`activate ${indexVersion}`, () =>
        client.updateCollectionAliases({
          actions: [
            { delete_alias: { alias_name: prefix } },
            { create_alias: { collection_name: collectionOf(indexVersion), alias_name: prefix } },
          ],
        }),
      );
    },
    activeVersion,
    async describeVersion(indexVersion): Promise<VectorIndexVersion | null> {
      const v = await getVersion(indexVersion);
      if (!v) return null;
      return { id: v.id, dimensions: v.dimensions, embedderId: v.embedderId, active: (await activeVersion()) === v.id };
    },
    async dropVersion(indexVersion) {
      if ((await activeVersion()) === indexVersion)
        throw new LexnavError("conflict", `index version ${indexVersion} is active; activate another one first`);
      // Dropping a version that is already gone changes nothing, as in the embedded store.
      await unlessMissing(`drop ${indexVersion}`, () => client.deleteCollection(collectionOf(indexVersion)));
      // The collection goes first: a registry entry without its collection is skipped, whereas a
      // collection without its entry would keep vectors no delete could find.
      await deleteRegistry({ must: [matchValue("indexVersion", indexVersion)] });
    },
    async putScope(indexVersion, scope, model: ScopeModel | null) {
      await requireVersion(indexVersion);
      await putRegistry(pointId("scope", indexVersion, scope.key), {
        kind: "scope",
        indexVersion,
        scopeKey: scope.key,
        access: scope.access,
        embedderId: model?.embedderId ?? null,
        model: model ? base64(model.bytes) : null,
        stale: false,
      });
    },
    async staleScopes(indexVersion, scopes) {
      await requireVersion(indexVersion);
      for (const scope of scopes) await staleScope(indexVersion, scope);
    },
    async scopes(indexVersion) {
      const points = await registryPoints(
        { must: [matchValue("kind", "scope"), matchValue("indexVersion", indexVersion)] },
        SCOPE_FIELDS,
      );
      return points.map(scopeState).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async scope(indexVersion, scopeKey) {
      await ensureRegistry();
      const found = await call("read the registry", () =>
        client.retrieve(registry, { ids: [pointId("scope", indexVersion, scopeKey)], with_payload: SCOPE_FIELDS }),
      );
      const p = found[0];
      return p ? scopeState(p) : null;
    },
    async getScopeModel(indexVersion, scopeKey) {
      await ensureRegistry();
      const found = await call("read the registry", () =>
        client.retrieve(registry, { ids: [pointId("scope", indexVersion, scopeKey)], with_payload: ["model"] }),
      );
      const model = found[0]?.payload?.model;
      return typeof model === "string" ? new Uint8Array(Buffer.from(model, "base64")) : null;
    },
    async putDocument(indexVersion, documentId, access, items: VectorItem[], scope = "") {
      const spec = await requireVersion(indexVersion);
      for (const item of items) checkDimensions(spec, item.vector.length, `passage ${item.passageId}`);
      const collection = collectionOf(indexVersion);
      const points = items.map((it) => ({
        id: pointId(indexVersion, scope, documentId, it.passageId),
        vector: Array.from(it.vector),
        payload: {
          passageId: it.passageId,
          documentId,
          version: it.version,
          nodeId: it.nodeId,
          start: it.start,
          end: it.end,
          scope,
          ...(it.textHash !== undefined ? { textHash: it.textHash } : {}),
          ...accessPayload(access),
        },
      }));
      for (let i = 0; i < points.length; i += UPSERT_BATCH) {
        const batch = points.slice(i, i + UPSERT_BATCH);
        await call(`upsert into ${indexVersion}`, () => client.upsert(collection, { wait: true, points: batch }));
      }
      // Then what the document had in this scope and no longer has.
      const inScope = [matchValue(FIELD.documentId, documentId), matchValue(FIELD.scope, scope)];
      await call(`replace ${indexVersion} vectors`, () =>
        client.delete(collection, {
          wait: true,
          filter:
            points.length > 0 ? { must: inScope, must_not: [{ has_id: points.map((p) => p.id) }] } : { must: inScope },
        }),
      );
      if (scope !== "")
        await putRegistry(pointId("member", indexVersion, scope, documentId), {
          kind: "member",
          indexVersion,
          scopeKey: scope,
          documentId,
        });
      await writeAccess(await listVersions(), documentId, access);
    },
    async removeDocument(documentId) {
      const versions = await listVersions();
      // Counted first: dropping a stale scope takes the document's vectors with the scope's.
      let removed = 0;
      for (const v of versions) {
        await unlessMissing(`count in ${v.id}`, async () => {
          removed += (await client.count(collectionOf(v.id), { filter: documentFilter(documentId), exact: true }))
            .count;
        });
      }
      // Every model that learnt from the document goes with it (and the vectors it made).
      for (const m of await membershipsOf(documentId)) await staleScope(m.indexVersion, m.scope);
      for (const v of versions)
        await unlessMissing(`delete from ${v.id}`, () =>
          client.delete(collectionOf(v.id), { wait: true, filter: documentFilter(documentId) }),
        );
      await deleteRegistry({ must: [matchValue("kind", "member"), matchValue("documentId", documentId)] });
      return removed;
    },
    async setAccess(documentId, access) {
      // Who may read comes first: a narrowed access must not wait for the models to be dropped.
      await writeAccess(await listVersions(), documentId, access);
      const now = accessScopes(access);
      const wanted = new Set(now.map((s) => s.key));
      const memberships = await membershipsOf(documentId);
      // A scope the document leaves keeps none of its words; one it joins is fitted again with it.
      for (const m of memberships) if (!wanted.has(m.scope.key)) await staleScope(m.indexVersion, m.scope);
      const scoped = new Set(
        (await registryPoints({ must: [matchValue("kind", "scope")] }, ["indexVersion"])).map((p) =>
          stringField(p.payload, "indexVersion", `${registry}/${String(p.id)}`),
        ),
      );
      for (const v of scoped) {
        const inVersion = new Set(memberships.filter((m) => m.indexVersion === v).map((m) => m.scope.key));
        for (const s of now) if (!inVersion.has(s.key)) await staleScope(v, s);
      }
    },
    async cachedVectors(embedderId, textHashes) {
      const wanted = [...new Set(textHashes)];
      const found = new Map<string, Float32Array>();
      if (wanted.length === 0) return found;
      for (const v of (await listVersions()).filter((x) => x.embedderId === embedderId)) {
        const remaining = wanted.filter((h) => !found.has(h));
        if (remaining.length === 0) break;
        const take = (points: Schemas["Record"][]) => {
          for (const p of points) {
            const hash = p.payload?.[FIELD.textHash];
            if (typeof hash === "string" && !found.has(hash) && Array.isArray(p.vector))
              found.set(hash, Float32Array.from(p.vector as number[]));
          }
          return wanted.every((h) => found.has(h));
        };
        try {
          await scrollAll(
            collectionOf(v.id),
            { must: [matchAny(FIELD.textHash, remaining)] },
            [FIELD.textHash],
            true,
            take,
          );
        } catch (err) {
          if (!(err instanceof LexnavError && err.code === "not_found")) throw err;
        }
      }
      // In the order asked, as the embedded store answers.
      return new Map(wanted.flatMap((h) => (found.has(h) ? [[h, found.get(h) as Float32Array] as const] : [])));
    },
    async search(query: VectorQuery): Promise<VectorSearchResult> {
      const indexVersion = query.indexVersion ?? (await activeVersion());
      if (indexVersion === null) throw new LexnavError("not_found", "the vector store has no active version yet");
      // A version's dimensions and embedder never change, so a query reads them once per process.
      let spec = knownVersions.get(indexVersion) ?? null;
      if (!spec) {
        spec = await getVersion(indexVersion);
        if (spec) knownVersions.set(indexVersion, spec);
      }
      // A dropped or unknown version has nothing in it, like the lexical index.
      if (!spec || query.k <= 0) return { hits: [], indexVersion };
      checkDimensions(spec, query.vector.length, "the query");
      // The zero vector (a query with no known word) is close to nothing; no document is in an empty list.
      if (query.vector.every((x) => x === 0) || query.documentIds?.length === 0) return { hits: [], indexVersion };
      // The collection by name, not the alias: the hits must come from the version reported.
      const collection = collectionOf(indexVersion);
      let points: Schemas["ScoredPoint"][];
      try {
        ({ points } = await call(`search ${indexVersion}`, () =>
          client.query(collection, {
            query: Array.from(query.vector),
            filter: readableFilter(query.principal, query.scope ?? "", query.documentIds),
            limit: query.k,
            with_payload: PASSAGE_PAYLOAD,
            ...(options.exactSearch ? { params: { exact: true } } : {}),
          }),
        ));
      } catch (err) {
        // Dropped (here or by another replica) since its record was read.
        if (!(err instanceof LexnavError && err.code === "not_found")) throw err;
        knownVersions.delete(indexVersion);
        return { hits: [], indexVersion };
      }
      return { hits: points.map((p) => hitOf(collection, p)), indexVersion };
    },
    async close() {
      // The REST client holds no connection of its own to release.
    },
  };
}
