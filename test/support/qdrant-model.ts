import type { QdrantCalls } from "@lexnav/retrieval";
import { QdrantClientUnexpectedResponseError, type Schemas } from "@qdrant/js-client-rest";

/**
 * An in-memory model of the Qdrant behaviour the vector store relies on, in the client's method
 * shapes: collections and aliases, upsert by id (cosine collections keep vectors normalised), the
 * filter conditions the adapter sends (`must` / `should` / `must_not`, nested filters, `match.value` and
 * `match.any` on scalar or array payloads, `has_id`), set_payload, delete and count by filter, scroll
 * pages and exact nearest neighbours among the points the filter admits.
 *
 * It is NOT Qdrant: it lets the adapter's multi-request flows (versions, scopes, staleness, replicas)
 * run with no server, and is only as faithful as its reading of Qdrant's documentation. Whether Qdrant
 * itself agrees is what the live suite checks when `QDRANT_URL` is set. A condition it does not model
 * throws, so a new kind of request cannot pass unexamined.
 */
export function createQdrantModel(): QdrantCalls {
  interface Point {
    vector: number[];
    payload: Record<string, unknown>;
  }
  interface Collection {
    size: number;
    cosine: boolean;
    points: Map<string, Point>;
  }
  const collections = new Map<string, Collection>();
  const aliases = new Map<string, string>();

  const refused = (status: number, statusText: string) =>
    QdrantClientUnexpectedResponseError.forResponse({ status, statusText, data: null } as never);
  const collection = (name: string): Collection => {
    const c = collections.get(aliases.get(name) ?? name);
    if (!c) throw refused(404, "Not Found");
    return c;
  };
  const list = <T>(x: T | T[] | null | undefined): T[] =>
    x === undefined || x === null ? [] : Array.isArray(x) ? x : [x];

  const holds = (id: string, p: Point, c: Schemas["Condition"]): boolean => {
    if ("has_id" in c) return c.has_id.map(String).includes(id);
    if ("must" in c || "should" in c || "must_not" in c) return admits(id, p, c as Schemas["Filter"]);
    if ("key" in c && c.match && typeof c.match === "object") {
      const raw = p.payload[c.key];
      const values = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
      const match = c.match as { value?: unknown; any?: unknown[] };
      if ("value" in match) return values.includes(match.value);
      if ("any" in match && Array.isArray(match.any)) return values.some((v) => match.any?.includes(v));
    }
    throw new Error(`the Qdrant model has no rule for the condition ${JSON.stringify(c)}`);
  };
  const admits = (id: string, p: Point, f: Schemas["Filter"] | null | undefined): boolean => {
    if (!f) return true;
    const must = list(f.must as Schemas["Condition"] | Schemas["Condition"][]);
    const should = list(f.should as Schemas["Condition"] | Schemas["Condition"][]);
    const mustNot = list(f.must_not as Schemas["Condition"] | Schemas["Condition"][]);
    return (
      must.every((c) => holds(id, p, c)) &&
      (should.length === 0 || should.some((c) => holds(id, p, c))) &&
      !mustNot.some((c) => holds(id, p, c))
    );
  };
  const select = (payload: Record<string, unknown>, w: Schemas["WithPayloadInterface"] | undefined) => {
    if (w === undefined || w === true) return structuredClone(payload);
    if (w === false) return {};
    if (Array.isArray(w)) return Object.fromEntries(Object.entries(payload).filter(([k]) => w.includes(k)));
    const exclude = "exclude" in w ? w.exclude : [];
    return Object.fromEntries(Object.entries(payload).filter(([k]) => !exclude.includes(k)));
  };
  const normalised = (v: number[]) => {
    const n = Math.hypot(...v);
    return n === 0 ? v : v.map((x) => x / n);
  };
  const inIdOrder = (c: Collection) => [...c.points.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const done = { operation_id: 0, status: "completed" as const };

  const model = {
    async getAliases() {
      return { aliases: [...aliases].map(([alias_name, collection_name]) => ({ alias_name, collection_name })) };
    },
    async updateCollectionAliases({ actions }: { actions: Schemas["AliasOperations"][] }) {
      // All actions or none, as Qdrant applies one request.
      const next = new Map(aliases);
      for (const a of actions) {
        if ("delete_alias" in a) next.delete(a.delete_alias.alias_name);
        else if ("create_alias" in a) {
          if (!collections.has(a.create_alias.collection_name)) throw refused(404, "Not Found");
          next.set(a.create_alias.alias_name, a.create_alias.collection_name);
        } else throw new Error("the Qdrant model has no rule for renaming an alias");
      }
      aliases.clear();
      for (const [k, v] of next) aliases.set(k, v);
      return true;
    },
    async collectionExists(name: string) {
      return { exists: collections.has(name) };
    },
    async createCollection(name: string, { vectors }: { vectors: Schemas["VectorParams"] }) {
      if (collections.has(name)) throw refused(409, "Conflict");
      collections.set(name, { size: vectors.size, cosine: vectors.distance === "Cosine", points: new Map() });
      return true;
    },
    async createPayloadIndex(name: string) {
      collection(name);
      return done;
    },
    async deleteCollection(name: string) {
      if (!collections.delete(name)) return false;
      for (const [a, c] of aliases) if (c === name) aliases.delete(a);
      return true;
    },
    async upsert(name: string, { points }: { points: Schemas["PointStruct"][] }) {
      const c = collection(name);
      for (const p of points) {
        const vector = p.vector as number[];
        if (vector.length !== c.size) throw refused(400, "Bad Request");
        c.points.set(String(p.id), {
          vector: c.cosine ? normalised(vector) : vector,
          payload: structuredClone((p.payload ?? {}) as Record<string, unknown>),
        });
      }
      return done;
    },
    async delete(name: string, { filter }: { filter: Schemas["Filter"] }) {
      const c = collection(name);
      for (const [id, p] of [...c.points]) if (admits(id, p, filter)) c.points.delete(id);
      return done;
    },
    async setPayload(
      name: string,
      { payload, filter }: { payload: Record<string, unknown>; filter: Schemas["Filter"] },
    ) {
      const c = collection(name);
      for (const [id, p] of c.points) if (admits(id, p, filter)) Object.assign(p.payload, structuredClone(payload));
      return done;
    },
    async retrieve(
      name: string,
      req: { ids: Schemas["ExtendedPointId"][]; with_payload?: Schemas["WithPayloadInterface"] },
    ) {
      const c = collection(name);
      return req.ids.flatMap((id) => {
        const p = c.points.get(String(id));
        return p ? [{ id, payload: select(p.payload, req.with_payload) }] : [];
      });
    },
    async scroll(
      name: string,
      req: {
        filter?: Schemas["Filter"];
        limit: number;
        offset?: Schemas["ExtendedPointId"];
        with_payload?: Schemas["WithPayloadInterface"];
        with_vector?: boolean;
      },
    ) {
      const c = collection(name);
      const from = req.offset === undefined ? null : String(req.offset);
      const all = inIdOrder(c).filter(([id, p]) => admits(id, p, req.filter) && (from === null || id >= from));
      return {
        points: all.slice(0, req.limit).map(([id, p]) => ({
          id,
          payload: select(p.payload, req.with_payload),
          ...(req.with_vector ? { vector: [...p.vector] } : {}),
        })),
        next_page_offset: all[req.limit]?.[0] ?? null,
      };
    },
    async count(name: string, { filter }: { filter: Schemas["Filter"] }) {
      const c = collection(name);
      return { count: [...c.points].filter(([id, p]) => admits(id, p, filter)).length };
    },
    async query(
      name: string,
      req: { query: number[]; filter: Schemas["Filter"]; limit: number; with_payload: Schemas["WithPayloadInterface"] },
    ) {
      const c = collection(name);
      const q = normalised(req.query);
      const scored = [...c.points]
        .filter(([id, p]) => admits(id, p, req.filter))
        .map(([id, p]) => ({
          id,
          version: 0,
          score: p.vector.reduce((s, x, i) => s + x * (q[i] ?? 0), 0),
          payload: select(p.payload, req.with_payload),
        }));
      return { points: scored.sort((a, b) => b.score - a.score).slice(0, req.limit) };
    },
  };
  return model as unknown as QdrantCalls;
}
