import { randomUUID } from "node:crypto";
import type { Access } from "@lexnav/document-model";
import {
  CAPITALS_SCAN_LIMIT,
  createOpenSearchLexicalIndex,
  type OpenSearchLexicalIndex,
  type Passage,
} from "@lexnav/retrieval";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  OPENSEARCH_START_TIMEOUT_MS,
  type OpenSearchHandle,
  openSearchUnavailable,
  startOpenSearch,
} from "../support/opensearch.ts";

// What the OpenSearch lexical index does beyond the LexicalIndex contract (which it runs in
// lexical-index.contract.test.ts): the legal analyzer (section references whole, stemming), erasure
// of a delete from every segment, documents larger than one page or one bulk request, and index
// names refused before they reach the node. One node for this file: the one scripts/setup.sh --test
// builds, or OPENSEARCH_URL's; without either the suite is skipped and says why.
const unavailable = openSearchUnavailable();
if (unavailable !== null) console.log(`OpenSearch lexical index extras did not run: ${unavailable}`);
let url = "";

const DEAL: Access = { principals: [], groups: ["deal-team"] };
const SECRET: Access = { principals: ["gc"], groups: [] };
const alice = { id: "alice", groups: ["deal-team"] };
const gc = { id: "gc", groups: [] };

function passage(documentId: string, n: number, body: string, heading = "", clauseRef = ""): Passage {
  return {
    id: `${documentId}-n${n}:0`,
    documentId,
    version: "v1",
    nodeId: `${documentId}-n${n}`,
    start: n * 1000,
    end: n * 1000 + body.length,
    heading,
    clauseRef,
    terms: "",
    body,
  };
}

const ids = (hits: Array<{ documentId: string }>) => hits.map((h) => h.documentId);

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${url}${path}`);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Live and deleted documents in the primaries of `indices` (deleted: still in some segment). */
async function docStats(indices: string) {
  return (
    await getJson<{ _all: { primaries: { docs: { count: number; deleted: number } } } }>(`/${indices}/_stats/docs`)
  )._all.primaries.docs;
}

interface ShardStats {
  seq_no: { max_seq_no: number };
  retention_leases: { leases: Array<{ retaining_seq_no: number }> };
}

/** Waits until every shard's retention leases retain nothing up to its last operation. */
async function waitForRetention(indices: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const stats = await getJson<{ indices: Record<string, { shards: Record<string, ShardStats[]> }> }>(
      `/${indices}/_stats?level=shards&filter_path=indices.*.shards.*.seq_no,indices.*.shards.*.retention_leases`,
    );
    const shards = Object.values(stats.indices).flatMap((i) => Object.values(i.shards).flat());
    if (shards.every((s) => s.retention_leases.leases.every((l) => l.retaining_seq_no > s.seq_no.max_seq_no))) return;
    if (Date.now() > until) throw new Error(`retention leases did not move past the deletes in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

describe.skipIf(unavailable !== null)(
  unavailable === null
    ? "OpenSearch lexical index beyond the contract, on a real node"
    : `OpenSearch lexical index beyond the contract (did not run: ${unavailable})`,
  () => {
    let node: OpenSearchHandle;
    beforeAll(async () => {
      node = await startOpenSearch();
      url = node.url;
    }, OPENSEARCH_START_TIMEOUT_MS);
    afterAll(async () => {
      await node?.stop();
    });
    let index: OpenSearchLexicalIndex;
    let prefix: string;
    let v: string;
    beforeEach(async () => {
      prefix = `lexnav-test-${randomUUID().slice(0, 8)}`;
      index = createOpenSearchLexicalIndex({ node: url, prefix, replicas: 0 });
      v = await index.createVersion();
      await index.activate(v);
    });
    afterEach(async () => {
      await index.close();
      await fetch(`${url}/${prefix}-*?expand_wildcards=all`, { method: "DELETE" });
    });

    it("matches section references whole and stems words and possessives (the legal analyzer)", async () => {
      await index.putDocument(v, "d1", DEAL, [
        passage("d1", 1, "The Borrower shall repay the Loans on the Maturity Date.", "Section 2.05 Repayment", "2.05"),
        passage("d1", 2, "This Agreement is governed by the laws of New York.", "Section 9.09 Governing Law", "9.09"),
        passage("d1", 3, "Subject to Section 8.1(b), the Seller's obligations survive.", "Survival"),
      ]);
      expect((await index.search({ text: "§ 8.1(b)", principal: alice, k: 5 })).hits.map((h) => h.nodeId)).toEqual([
        "d1-n3",
      ]);
      // stemming and possessives: "obligation" finds "obligations", "seller" finds "Seller's"
      expect((await index.search({ text: "seller obligation", principal: alice, k: 5 })).hits[0]?.nodeId).toBe("d1-n3");
    });

    it("compacts a delete out of every segment once the shard's history retention has moved past it (erasure)", async () => {
      await index.putDocument(v, "d1", DEAL, [passage("d1", 1, "The purchase price is $10,000,000.")]);
      await index.putDocument(v, "d2", DEAL, [passage("d2", 1, "The purchase price is adjusted at closing.")]);
      await index.setAccess("d2", SECRET);
      expect(await index.removeDocument("d1")).toBe(1);
      // Soft deletes: a shard keeps deleted documents its retention leases still cover, and the node
      // moves the leases on its own schedule (docs/erasure.md: the window). Wait for that, then compact.
      await waitForRetention(`${prefix}-*`, 90_000);
      await index.compact();
      const docs = await docStats(`${prefix}-*`);
      expect(docs).toEqual({ count: 1, deleted: 0 });
      expect(ids((await index.search({ text: "purchase price", principal: gc, k: 5 })).hits)).toEqual(["d2"]);
    }, 120_000);

    it("lists, re-permits and deletes a document of more passages than one page or one bulk request", async () => {
      const many = Array.from({ length: 1203 }, (_, i) => passage("big", i, `Schedule item ${i}.`));
      await index.putDocument(v, "big", DEAL, many);
      await index.putDocument(v, "a", DEAL, [passage("a", 1, "Before the big one.")]);
      const listed = (await index.listPassages({ principal: alice })).hits;
      expect(listed).toHaveLength(1204);
      expect(listed.slice(0, 3).map((h) => h.nodeId)).toEqual(["a-n1", "big-n0", "big-n1"]);
      expect(listed.at(-1)?.nodeId).toBe("big-n1202");
      await index.setAccess("big", SECRET);
      expect(ids((await index.listPassages({ principal: alice })).hits)).toEqual(["a"]);
      expect((await index.listPassages({ principal: gc })).hits).toHaveLength(1203);
      expect(await index.removeDocument("big")).toBe(1203);
      expect((await index.listPassages({ principal: gc })).hits).toEqual([]);
    });

    it("reads past one page of passages to find a word asked in capitals, and gives up on case past the scan limit", async () => {
      const signs = Array.from({ length: 1203 }, (_, i) => passage("a-signs", i, `Neon sign number ${i}.`));
      await index.putDocument(v, "a-signs", DEAL, signs);
      await index.putDocument(v, "z-distributor", DEAL, [
        passage("z-distributor", 1, "NEON Systems appoints Peregrine."),
      ]);
      const holding = async (text: string) =>
        (await index.documentsHolding?.({ text, principal: alice, limit: 5 }))?.documentIds.sort();
      // the document writing NEON sorts after three pages of passages that do not
      expect(await holding("NEON")).toEqual(["z-distributor"]);
      const more = Array.from({ length: CAPITALS_SCAN_LIMIT }, (_, i) => passage("b-lamps", i, `Neon lamp ${i}.`));
      await index.putDocument(v, "b-lamps", DEAL, more);
      // past the limit the phrase is common whatever its case: every holder counts
      expect(await holding("NEON")).toEqual(["a-signs", "b-lamps", "z-distributor"]);
    });

    it("replaces a document's passages on a second put, and refuses a version that is not there", async () => {
      await index.putDocument(v, "d1", DEAL, [
        passage("d1", 1, "Old warranty text."),
        passage("d1", 2, "Old notices."),
      ]);
      await index.putDocument(v, "d1", DEAL, [passage("d1", 3, "New warranty text.")]);
      expect((await index.listPassages({ principal: alice })).hits.map((h) => h.nodeId)).toEqual(["d1-n3"]);
      await expect(index.putDocument("lex-missing", "d1", DEAL, [])).rejects.toThrow(/is not there/);
      await expect(index.search({ text: "warranty", principal: alice, k: 5, indexVersion: "a*,b" })).rejects.toThrow(
        /is not there/,
      );
    });
  },
);
