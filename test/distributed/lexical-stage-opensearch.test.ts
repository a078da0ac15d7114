import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { createPostgresCatalog } from "@lexnav/catalog";
import { type AppliedChange, createPostgresAppliedChangeLog, STAGE_SEARCH_SERVICE } from "@lexnav/indexer";
import { INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { searchV1 } from "@lexnav/proto";
import { jetstream } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unaryClient } from "../support/grpc-client.ts";
import type { NatsServerHandle } from "../support/nats-server.ts";
import {
  OPENSEARCH_START_TIMEOUT_MS,
  type OpenSearchHandle,
  openSearchUnavailable,
  startOpenSearch,
} from "../support/opensearch.ts";
import { type PostgresHandle, postgresUnavailableReason, startPostgres } from "../support/postgres.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import {
  applicationsPer,
  indexedBySource,
  markerWord,
  type StageBus,
  sendStageBatch,
  stageAccessCommand,
  stageDeleteCommand,
  startIngestProcess,
  startStageBus,
  stopStageBus,
  until,
} from "../support/stage-corpus.ts";

// The lexical stage as a deployment on several hosts runs it: replicas with no file in common (each its
// own LEXNAV_LEXICAL_DB), one OpenSearch index they all write and serve, and the applied-change log in
// the catalog's PostgreSQL (LEXNAV_CATALOG_URL), which is what lets them apply each change once.
const DOCS = Number(process.env.LEXNAV_DISTRIBUTED_DOCS ?? 200);
const SECOND_BATCH = Math.max(12, Math.floor(DOCS / 2));
const GROUP = "deal-team";
const ALICE = { id: "alice", groups: [GROUP] };
const PREFIX = "stage-lexical";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const skipReason =
  openSearchUnavailable() ?? (process.env.LEXNAV_TEST_POSTGRES_URL ? null : postgresUnavailableReason());
if (skipReason) console.log(`lexical stage on OpenSearch skipped: ${skipReason}`);

let nats: NatsServerHandle;
let os: OpenSearchHandle;
let pgCluster: PostgresHandle | null = null;
let catalogUrl: string;
let dir: string;
let nc: NatsConnection;
const running: ServiceProcess[] = [];
const ports = new Map<string, number>();

const catalogPath = () => join(dir, "catalog.sqlite");

function replicaEnv(replicaId: string): Record<string, string> {
  return {
    NATS_URL: nats.url,
    LEXNAV_DB: catalogPath(),
    LEXNAV_CATALOG_URL: catalogUrl,
    // A file of its own per replica: nothing on disk is shared, as between hosts.
    LEXNAV_LEXICAL_DB: join(dir, `lexical-${replicaId}.sqlite`),
    // The only stage here: versions are served once it acknowledged them.
    LEXNAV_SERVING_STORES: "lexical",
    LEXNAV_OPENSEARCH_URL: os.url,
    LEXNAV_OPENSEARCH_PREFIX: PREFIX,
    LEXNAV_LEXICAL_ADDRESS: "127.0.0.1:0",
    LEXNAV_REPLICA_ID: replicaId,
    // A killed replica's event goes to another after 2 s rather than 30.
    LEXNAV_STAGE_ACK_WAIT_MS: "2000",
    LEXNAV_LOG_LEVEL: "info",
  };
}

async function startReplica(replicaId: string): Promise<ServiceProcess> {
  const { process: p, ready } = await startServiceProcess("lexical", replicaEnv(replicaId), "ready", 90_000);
  running.push(p);
  ports.set(replicaId, ready.port as number);
  return p;
}

let logReader: Awaited<ReturnType<typeof createPostgresAppliedChangeLog>> | null = null;
/** The shared log, read from PostgreSQL. */
const lexicalChanges = async (): Promise<AppliedChange[]> => {
  logReader ??= await createPostgresAppliedChangeLog(catalogUrl, { store: "lexical", replicaId: "test-reader" });
  return await logReader.list();
};
const upserts = async () => (await lexicalChanges()).filter((x) => x.changeKind === "upsert");

/**
 * The indexed documents by source, from the catalog the services write: the file (LEXNAV_DB) while only
 * the log is in PostgreSQL, PostgreSQL once the services take their catalog from LEXNAV_CATALOG_URL; the
 * other one is empty, so both are read.
 */
async function indexed(): Promise<Map<string, { id: string; version: string }>> {
  const fromFile = await indexedBySource(catalogPath());
  const catalog = await createPostgresCatalog(catalogUrl);
  try {
    for (const d of await catalog.listDocuments({ lifecycle: ["indexed"] }))
      fromFile.set(d.source, { id: d.id, version: d.currentVersion ?? "" });
  } finally {
    await catalog.close();
  }
  return fromFile;
}

/** Passages of a document in the OpenSearch index's active version, asked of OpenSearch directly. */
async function passagesInOpenSearch(documentId: string): Promise<number> {
  const r = await fetch(`${os.url}/${PREFIX}-passages/_count`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: { term: { document_id: documentId } } }),
  });
  if (!r.ok) throw new Error(`OpenSearch _count: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { count: number }).count;
}

const search = (replicaId: string) =>
  unaryClient<searchV1.SearchRequest, searchV1.SearchResponse>(
    STAGE_SEARCH_SERVICE,
    "search",
    ports.get(replicaId) as number,
  );

const searchRequest = (query: string, principal = ALICE) =>
  create(searchV1.SearchRequestSchema, { query, principal, mode: searchV1.SearchMode.LEXICAL, topK: 10 });

describe.skipIf(skipReason !== null)(
  `lexical stage on a real OpenSearch node, replicas with no shared file, the applied-change log in PostgreSQL, ${DOCS} documents`,
  () => {
    beforeAll(async () => {
      let bus: StageBus;
      [bus, os, pgCluster] = await Promise.all([
        startStageBus("lexical-stage-opensearch"),
        startOpenSearch(),
        startPostgres(),
      ]);
      ({ nats, dir, nc } = bus);
      if (!pgCluster) throw new Error("PostgreSQL did not start");
      catalogUrl = await pgCluster.createDatabase();
      const ingestEnv = {
        NATS_URL: nats.url,
        LEXNAV_DB: catalogPath(),
        LEXNAV_CATALOG_URL: catalogUrl,
        LEXNAV_LOG_LEVEL: "info",
      };
      running.push(await startIngestProcess(ingestEnv));
      // At once, on an empty cluster: the log's store-wide lock lets one create and activate the version.
      await Promise.all([startReplica("a"), startReplica("b")]);
    }, OPENSEARCH_START_TIMEOUT_MS + 120_000);

    afterAll(async () => {
      await stopStageBus(running.splice(0), { nats, dir, nc });
      await logReader?.close();
      await os?.stop();
      await pgCluster?.stop();
    });

    it("two replicas split a batch into one OpenSearch index; the shared log shows each document applied once", async () => {
      await sendStageBatch(nc, 0, DOCS, [GROUP]);
      const docs = await until("the ingest service to index the batch", async () => {
        const m = await indexed();
        return m.size >= DOCS ? m : null;
      });
      const rows = await until("both replicas to apply the batch", async () => {
        const r = await upserts();
        return r.length >= DOCS ? r : null;
      });
      await sleep(3_000); // past the ack wait: a duplicate, were there one, would land now
      const counts = applicationsPer("upsert", await lexicalChanges());
      expect(counts.size).toBe(DOCS);
      expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
      expect(new Set(rows.map((r) => r.documentId))).toEqual(new Set([...docs.values()].map((d) => d.id)));
      const byReplica = new Map<string, number>();
      for (const r of rows) byReplica.set(r.replicaId, (byReplica.get(r.replicaId) ?? 0) + 1);
      console.log(
        `lexical stage on OpenSearch: ${DOCS} documents applied by replica a: ${byReplica.get("a") ?? 0}, b: ${byReplica.get("b") ?? 0}`,
      );
      expect(byReplica.get("a") ?? 0).toBeGreaterThan(0);
      expect(byReplica.get("b") ?? 0).toBeGreaterThan(0);

      // One index version, whatever the replicas' start: two would leave one replica's writes unsearched.
      const versions = await fetch(`${os.url}/_cat/indices/${PREFIX}-passages-*?format=json`);
      expect(((await versions.json()) as unknown[]).length).toBe(1);
      // The passages are in OpenSearch (no replica has them in its file), and each replica serves what both wrote.
      const doc7 = docs.get("upload://agreement-7.txt");
      expect(await passagesInOpenSearch(doc7?.id as string)).toBeGreaterThan(0);
      for (const replica of ["a", "b"]) {
        const c = search(replica);
        try {
          for (const i of [7, 8, 9]) {
            const r = await c.call(searchRequest(markerWord(i)));
            expect(r.hits[0]?.documentId).toBe(docs.get(`upload://agreement-${i}.txt`)?.id);
          }
          const outsider = await c.call(searchRequest(markerWord(7), { id: "mallory", groups: ["other"] }));
          expect(outsider.hits).toEqual([]);
        } finally {
          c.close();
        }
      }
    }, 300_000);

    it("a replica SIGKILLed mid-batch loses nothing and indexes nothing twice", async () => {
      const before = (await upserts()).length;
      // Half the batch, the kill once part of it is applied, then the rest: the kill lands mid-batch
      // however fast the replicas apply.
      const firstHalf = Math.floor(SECOND_BATCH / 2);
      await sendStageBatch(nc, DOCS, firstHalf, [GROUP]);
      const killedAt = await until("the second batch to be under way", async () => {
        const n = (await upserts()).length;
        return n >= before + Math.floor(SECOND_BATCH / 4) ? n : null;
      });
      const b = running.find((p) => p.log().includes('"replicaId":"b"'));
      b?.signal("SIGKILL");
      await sendStageBatch(nc, DOCS + firstHalf, SECOND_BATCH - firstHalf, [GROUP]);
      console.log(
        `lexical stage on OpenSearch: replica b SIGKILLed after ${killedAt - before} of ${SECOND_BATCH} documents of the second batch`,
      );
      expect(killedAt - before).toBeLessThan(SECOND_BATCH);
      await startReplica("c");
      await until("the survivors to apply the rest", async () => {
        const r = await upserts();
        return r.length >= DOCS + SECOND_BATCH ? r : null;
      });
      await sleep(3_000); // past the ack wait: a redelivery of b's last event would land now
      const docs = await indexed();
      expect(docs.size).toBe(DOCS + SECOND_BATCH);
      const counts = applicationsPer("upsert", await lexicalChanges());
      expect(counts.size).toBe(DOCS + SECOND_BATCH);
      expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
      // Every document of the second batch is searchable, whichever replica applied it.
      const c = search("c");
      try {
        for (let i = DOCS; i < DOCS + SECOND_BATCH; i++) {
          const r = await c.call(searchRequest(markerWord(i)));
          expect(r.hits[0]?.documentId).toBe(docs.get(`upload://agreement-${i}.txt`)?.id);
        }
      } finally {
        c.close();
      }
    }, 300_000);

    it("a delete and an access revoke reach OpenSearch: no search returns them, the revoked principal's included", async () => {
      const docs = await indexed();
      const deleted = docs.get("upload://agreement-3.txt");
      const revoked = docs.get("upload://agreement-4.txt");
      const kept = docs.get("upload://agreement-5.txt");
      if (!deleted || !revoked || !kept) throw new Error("documents 3, 4 and 5 were not indexed");
      expect(await passagesInOpenSearch(deleted.id)).toBeGreaterThan(0);
      const js = jetstream(nc);
      await js.publish(INGEST_SUBJECTS.deleteDocument, stageDeleteCommand("os-delete-3", deleted.id));
      await js.publish(
        INGEST_SUBJECTS.setDocumentAccess,
        stageAccessCommand("os-revoke-4", revoked.id, { principals: ["bob"], groups: [] }),
      );
      const rows = await until(
        "the delete and the access change to be applied",
        async () => {
          const r = await lexicalChanges();
          const del = r.filter((x) => x.changeKind === "delete" && x.documentId === deleted.id);
          const acc = r.filter((x) => x.changeKind === "access" && x.documentId === revoked.id);
          return del.length > 0 && acc.length > 0 ? [...del, ...acc] : null;
        },
        60_000,
      );
      expect(rows.map((r) => [r.changeKind, r.version])).toEqual([
        ["delete", deleted.version],
        ["access", revoked.version],
      ]);
      // Gone from OpenSearch itself, not only filtered out.
      expect(await passagesInOpenSearch(deleted.id)).toBe(0);
      for (const replica of ["a", "c"]) {
        const c = search(replica);
        try {
          expect((await c.call(searchRequest(markerWord(3)))).hits).toEqual([]);
          expect((await c.call(searchRequest(markerWord(3), { id: "bob", groups: [] }))).hits).toEqual([]);
          // Alice was a reader through her group; the revoke took her out.
          expect((await c.call(searchRequest(markerWord(4)))).hits).toEqual([]);
          expect((await c.call(searchRequest(markerWord(4), { id: "bob", groups: [] }))).hits[0]?.documentId).toBe(
            revoked.id,
          );
          expect((await c.call(searchRequest(markerWord(5)))).hits[0]?.documentId).toBe(kept.id);
        } finally {
          c.close();
        }
      }
    }, 120_000);
  },
);
