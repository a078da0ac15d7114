import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OPENSEARCH_START_TIMEOUT_MS,
  type OpenSearchHandle,
  openSearchNodeVersion,
  openSearchUnavailable,
  startOpenSearch,
} from "../support/opensearch.ts";

// The OpenSearch features the lexical adapter relies on, against a real node: analysis-common's
// stemmer and synonym filters, a bool query with a terms filter, delete_by_query and an atomic alias
// swap. Plain fetch, so this checks the node, not a client library.

const unavailable = openSearchUnavailable();
if (unavailable !== null) console.warn(`opensearch-node.test.ts skipped: ${unavailable}`);

interface SearchBody {
  hits: { total: { value: number }; hits: Array<{ _id: string; _index: string }> };
}

describe.skipIf(unavailable !== null)(
  `OpenSearch node from Maven Central jars${unavailable === null ? "" : ` (skipped: ${unavailable})`}`,
  () => {
    let os: OpenSearchHandle;

    async function call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
      const init: RequestInit = { method };
      if (body !== undefined) {
        init.headers = { "content-type": typeof body === "string" ? "application/x-ndjson" : "application/json" };
        init.body = typeof body === "string" ? body : JSON.stringify(body);
      }
      const res = await fetch(`${os.url}${path}`, init);
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    }

    async function search(index: string, query: unknown): Promise<string[]> {
      const body = (await call("POST", `/${index}/_search`, { query, size: 50 })) as unknown as SearchBody;
      return body.hits.hits.map((h) => h._id).sort();
    }

    /** An index whose text field stems English and treats licensor/grantor as one word. */
    async function createIndex(name: string): Promise<void> {
      await call("PUT", `/${name}`, {
        settings: {
          number_of_shards: 1,
          number_of_replicas: 0,
          analysis: {
            filter: {
              party_synonyms: { type: "synonym", synonyms: ["licensor, grantor", "licensee, grantee"] },
              english_stemmer: { type: "stemmer", language: "english" },
            },
            analyzer: {
              legal_text: {
                type: "custom",
                tokenizer: "standard",
                filter: ["lowercase", "party_synonyms", "english_stemmer"],
              },
              legal_porter: { type: "custom", tokenizer: "standard", filter: ["lowercase", "porter_stem"] },
            },
          },
        },
        mappings: {
          properties: {
            text: { type: "text", analyzer: "legal_text" },
            document_id: { type: "keyword" },
            access_groups: { type: "keyword" },
          },
        },
      });
    }

    async function bulk(index: string, docs: Array<{ id: string; text: string; doc: string; groups: string[] }>) {
      const lines = docs.flatMap((d) => [
        JSON.stringify({ index: { _index: index, _id: d.id } }),
        JSON.stringify({ text: d.text, document_id: d.doc, access_groups: d.groups }),
      ]);
      const res = await call("POST", "/_bulk?refresh=true", `${lines.join("\n")}\n`);
      expect(res.errors).toBe(false);
    }

    beforeAll(async () => {
      os = await startOpenSearch();
      const rss = os.pid === null ? null : /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${os.pid}/status`, "utf8"));
      console.log(
        `opensearch ${os.version} at ${os.url}: ready in ${os.startupMs} ms` +
          (rss?.[1] === undefined ? "" : `, RSS ${Math.round(Number(rss[1]) / 1024)} MB`),
      );
    }, OPENSEARCH_START_TIMEOUT_MS);

    afterAll(async () => {
      await os?.stop();
    }, 30_000);

    it("is the version the pom pins (or the OPENSEARCH_URL server)", () => {
      if (os.pid === null) expect(os.version).toMatch(/^\d+\.\d+\.\d+/);
      else expect(os.version).toBe(openSearchNodeVersion());
    });

    it("analyses with analysis-common's synonym, stemmer and porter_stem filters", async () => {
      await createIndex("smoke-analysis");
      const tokens = async (analyzer: string, text: string) =>
        (
          (await call("POST", "/smoke-analysis/_analyze", { analyzer, text })) as { tokens: Array<{ token: string }> }
        ).tokens
          .map((t) => t.token)
          .sort();
      expect(await tokens("legal_text", "Licensor terminates")).toEqual(["grantor", "licensor", "termin"]);
      expect(await tokens("legal_porter", "indemnification obligations")).toEqual(["indemnif", "oblig"]);
      await call("DELETE", "/smoke-analysis");
    });

    it("filters a bool query by access group, deletes by query and swaps an alias atomically", async () => {
      await createIndex("smoke-v1");
      await bulk("smoke-v1", [
        { id: "a1", text: "The Licensor may terminate this Agreement.", doc: "doc-a", groups: ["legal"] },
        { id: "a2", text: "Termination by the grantor requires notice.", doc: "doc-a", groups: ["legal", "tax"] },
        { id: "b1", text: "The licensor terminated the licence.", doc: "doc-b", groups: ["hr"] },
        { id: "c1", text: "Payment is due within thirty days.", doc: "doc-c", groups: ["legal"] },
      ]);
      const query = (groups: string[]) => ({
        bool: {
          must: [{ match: { text: "grantor termination" } }],
          filter: [{ terms: { access_groups: groups } }],
        },
      });
      // Synonym and stem: "grantor termination" finds "Licensor may terminate"; the terms filter keeps hr's passage out.
      expect(await search("smoke-v1", query(["legal"]))).toEqual(["a1", "a2"]);
      expect(await search("smoke-v1", query(["hr", "tax"]))).toEqual(["a2", "b1"]);

      const deleted = await call("POST", "/smoke-v1/_delete_by_query?refresh=true", {
        query: { term: { document_id: "doc-a" } },
      });
      expect(deleted.deleted).toBe(2);
      expect(await search("smoke-v1", query(["legal", "hr", "tax"]))).toEqual(["b1"]);

      await call("POST", "/_aliases", { actions: [{ add: { index: "smoke-v1", alias: "smoke" } }] });
      await createIndex("smoke-v2");
      await bulk("smoke-v2", [
        { id: "d1", text: "The grantor may terminate on notice.", doc: "doc-d", groups: ["legal"] },
      ]);
      expect(await search("smoke", query(["legal", "hr"]))).toEqual(["b1"]);
      // One request, so no search sees the alias on both indexes or on neither.
      await call("POST", "/_aliases", {
        actions: [{ remove: { index: "smoke-v1", alias: "smoke" } }, { add: { index: "smoke-v2", alias: "smoke" } }],
      });
      expect(await search("smoke", query(["legal", "hr"]))).toEqual(["d1"]);
      const aliases = await call("GET", "/_alias/smoke");
      expect(Object.keys(aliases)).toEqual(["smoke-v2"]);
      await call("DELETE", "/smoke-v1,smoke-v2");
    });

    it("stop() ends the JVM it started", async () => {
      await os.stop();
      if (os.pid === null) return; // an OPENSEARCH_URL server is not ours to stop
      expect(() => process.kill(os.pid as number, 0)).toThrow(/ESRCH/);
      await expect(fetch(`${os.url}/`)).rejects.toThrow();
    });
  },
);
