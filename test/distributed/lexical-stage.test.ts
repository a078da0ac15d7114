import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { type ServiceError, status } from "@grpc/grpc-js";
import { STAGE_SEARCH_SERVICE } from "@lexnav/indexer";
import { INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { searchV1 } from "@lexnav/proto";
import { jetstream } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unaryClient } from "../support/grpc-client.ts";
import type { NatsServerHandle } from "../support/nats-server.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import {
  applicationsPer,
  appliedChanges,
  indexedBySource,
  markerWord,
  sendStageBatch,
  stageAccessCommand,
  stageDeleteCommand,
  stageIngestCommand,
  startIngestProcess,
  startStageBus,
  stopStageBus,
  until,
} from "../support/stage-corpus.ts";

// Documents per batch: the 200 (small generated documents); LEXNAV_DISTRIBUTED_DOCS sets another.
const DOCS = Number(process.env.LEXNAV_DISTRIBUTED_DOCS ?? 200);
const SECOND_BATCH = Math.max(10, Math.floor(DOCS / 2));
const GROUP = "deal-team";
const ALICE = { id: "alice", groups: [GROUP] };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let nats: NatsServerHandle;
let dir: string;
let nc: NatsConnection;
const running: ServiceProcess[] = [];
const ports = new Map<string, number>();
const healthPorts = new Map<string, number>();

const catalogPath = () => join(dir, "catalog.sqlite");
const lexicalPath = () => join(dir, "lexical.sqlite");

function replicaEnv(replicaId: string): Record<string, string> {
  return {
    NATS_URL: nats.url,
    LEXNAV_DB: catalogPath(),
    LEXNAV_LEXICAL_DB: lexicalPath(),
    LEXNAV_LEXICAL_ADDRESS: "127.0.0.1:0",
    LEXNAV_REPLICA_ID: replicaId,
    // A killed replica's event goes to another after 2 s rather than 30.
    LEXNAV_STAGE_ACK_WAIT_MS: "2000",
    LEXNAV_HEALTH_ADDRESS: "127.0.0.1:0",
    LEXNAV_LOG_LEVEL: "info",
  };
}

async function startReplica(replicaId: string): Promise<ServiceProcess> {
  const { process: p, ready } = await startServiceProcess("lexical", replicaEnv(replicaId), "ready", 60_000);
  running.push(p);
  ports.set(replicaId, ready.port as number);
  healthPorts.set(replicaId, ready.healthPort as number);
  return p;
}

const lexicalChanges = () => appliedChanges(lexicalPath(), "lexical");

const search = (replicaId: string) =>
  unaryClient<searchV1.SearchRequest, searchV1.SearchResponse>(
    STAGE_SEARCH_SERVICE,
    "search",
    ports.get(replicaId) as number,
  );

const searchRequest = (
  query: string,
  principal = ALICE,
  extra: { mode?: searchV1.SearchMode; documentIds?: string[] } = {},
) => create(searchV1.SearchRequestSchema, { query, principal, mode: searchV1.SearchMode.LEXICAL, topK: 10, ...extra });

describe(`lexical stage over a real nats-server: replicas on one host sharing the embedded FTS5 store (no OpenSearch node here), ${DOCS} documents`, () => {
  beforeAll(async () => {
    ({ nats, dir, nc } = await startStageBus("lexical-stage"));
    running.push(await startIngestProcess({ NATS_URL: nats.url, LEXNAV_DB: catalogPath(), LEXNAV_LOG_LEVEL: "info" }));
    await startReplica("a");
    await startReplica("b");
  }, 180_000);

  afterAll(async () => {
    await stopStageBus(running.splice(0), { nats, dir, nc });
  });

  it("two replicas split a batch, and the log shows one application per (document, version, store)", async () => {
    await sendStageBatch(nc, 0, DOCS, [GROUP]);
    const indexed = await until("the ingest service to index the batch", async () => {
      const m = await indexedBySource(catalogPath());
      return m.size >= DOCS ? m : null;
    });
    const rows = await until("both replicas to apply the batch", () => {
      const r = lexicalChanges().filter((x) => x.changeKind === "upsert");
      return r.length >= DOCS ? r : null;
    });
    await sleep(1_000); // a duplicate, were there one, would land now
    const counts = applicationsPer("upsert", lexicalChanges());
    expect(counts.size).toBe(DOCS);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.documentId))).toEqual(new Set([...indexed.values()].map((d) => d.id)));
    for (const r of rows) expect(r.version).toBe([...indexed.values()].find((d) => d.id === r.documentId)?.version);
    // The durable consumer split the work: both replicas applied some of it.
    const byReplica = new Map<string, number>();
    for (const r of rows) byReplica.set(r.replicaId, (byReplica.get(r.replicaId) ?? 0) + 1);
    console.log(
      `lexical stage: ${DOCS} documents applied by replica a: ${byReplica.get("a") ?? 0}, b: ${byReplica.get("b") ?? 0}`,
    );
    expect(byReplica.get("a") ?? 0).toBeGreaterThan(0);
    expect(byReplica.get("b") ?? 0).toBeGreaterThan(0);

    // Either replica serves what both applied, for a principal of the document's group only.
    const doc7 = indexed.get("upload://agreement-7.txt");
    for (const replica of ["a", "b"]) {
      const c = search(replica);
      try {
        const r = await c.call(searchRequest(markerWord(7)));
        expect(r.hits[0]?.documentId).toBe(doc7?.id);
        expect(r.hits[0]?.stageScores[0]?.stage).toBe("lexical");
        const outsider = await c.call(searchRequest(markerWord(7), { id: "mallory", groups: ["other"] }));
        expect(outsider.hits).toEqual([]);
      } finally {
        c.close();
      }
    }
  }, 300_000);

  it("refuses a call without a principal, in another mode, or scoped to a document it cannot find; reports ready", async () => {
    const ready = await fetch(`http://127.0.0.1:${healthPorts.get("a")}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { nats: "ok", store: "ok" } });
    const c = search("a");
    try {
      const noPrincipal = (await c.refusal(
        create(searchV1.SearchRequestSchema, { query: markerWord(1), mode: searchV1.SearchMode.LEXICAL }),
      )) as ServiceError;
      expect(noPrincipal.code).toBe(status.INVALID_ARGUMENT);
      const dense = (await c.refusal(
        searchRequest(markerWord(1), ALICE, { mode: searchV1.SearchMode.DENSE }),
      )) as ServiceError;
      expect(dense.code).toBe(status.INVALID_ARGUMENT);
      const unknownDoc = (await c.refusal(
        searchRequest(markerWord(1), ALICE, { documentIds: ["no-such-doc"] }),
      )) as ServiceError;
      expect(unknownDoc.code).toBe(status.NOT_FOUND);
    } finally {
      c.close();
    }
  });

  it("a replica SIGKILLed mid-batch loses nothing and indexes nothing twice", async () => {
    const before = lexicalChanges().filter((x) => x.changeKind === "upsert").length;
    // The batch's first half is sent, the replica killed once part of it is applied, then the rest sent:
    // the kill lands mid-batch however fast the replicas apply (sent whole, a quiet machine applied all of
    // it before the kill).
    const firstHalf = Math.floor(SECOND_BATCH / 2);
    await sendStageBatch(nc, DOCS, firstHalf, [GROUP]);
    const killedAt = await until("the second batch to be under way", () => {
      const n = lexicalChanges().filter((x) => x.changeKind === "upsert").length;
      return n >= before + Math.floor(SECOND_BATCH / 4) ? n : null;
    });
    const b = running.find((p) => p.log().includes('"replicaId":"b"'));
    b?.signal("SIGKILL");
    await sendStageBatch(nc, DOCS + firstHalf, SECOND_BATCH - firstHalf, [GROUP]);
    console.log(
      `lexical stage: replica b SIGKILLed after ${killedAt - before} of ${SECOND_BATCH} documents of the second batch`,
    );
    // Killed mid-batch, not after it: otherwise the test proves nothing.
    expect(killedAt - before).toBeLessThan(SECOND_BATCH);
    await startReplica("c");
    await until("the survivors to apply the rest", () => {
      const r = lexicalChanges().filter((x) => x.changeKind === "upsert");
      return r.length >= DOCS + SECOND_BATCH ? r : null;
    });
    await sleep(3_000); // past the ack wait: a redelivery of b's last event would land now
    const indexed = await indexedBySource(catalogPath());
    expect(indexed.size).toBe(DOCS + SECOND_BATCH);
    const counts = applicationsPer("upsert", lexicalChanges());
    expect(counts.size).toBe(DOCS + SECOND_BATCH);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(new Set(lexicalChanges().map((r) => r.documentId))).toEqual(new Set([...indexed.values()].map((d) => d.id)));
  }, 300_000);

  it("a delete and an access revoke reach the store: no search returns them, on any replica", async () => {
    const indexed = await indexedBySource(catalogPath());
    const deleted = indexed.get("upload://agreement-3.txt");
    const revoked = indexed.get("upload://agreement-4.txt");
    const kept = indexed.get("upload://agreement-5.txt");
    if (!deleted || !revoked || !kept) throw new Error("documents 3, 4 and 5 were not indexed");
    const js = jetstream(nc);
    await js.publish(INGEST_SUBJECTS.deleteDocument, stageDeleteCommand("stage-delete-3", deleted.id));
    await js.publish(
      INGEST_SUBJECTS.setDocumentAccess,
      stageAccessCommand("stage-revoke-4", revoked.id, { principals: ["bob"], groups: [] }),
    );
    const rows = await until(
      "the delete and the access change to be applied",
      () => {
        const r = lexicalChanges();
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
    const lag = rows.map((r) => Date.parse(r.appliedAt) - Date.parse(r.publishedAt));
    console.log(`lexical stage: delete and access change applied ${lag.join(" ms, ")} ms after their events`);
    // Each store's lag from event to application is scraped as the ingest service's is.
    const scraped = await (await fetch(`http://127.0.0.1:${healthPorts.get("a")}/metrics`)).text();
    expect(scraped).toMatch(/lexnav_propagation_lag_seconds_count\{[^}]*lexnav_store="lexical"[^}]*\} [1-9]/);
    for (const replica of ["a", "c"]) {
      const c = search(replica);
      try {
        expect((await c.call(searchRequest(markerWord(3)))).hits).toEqual([]);
        expect((await c.call(searchRequest(markerWord(4)))).hits).toEqual([]);
        // The new reader sees the revoked document; the kept one still answers its readers.
        expect((await c.call(searchRequest(markerWord(4), { id: "bob", groups: [] }))).hits[0]?.documentId).toBe(
          revoked.id,
        );
        expect((await c.call(searchRequest(markerWord(5)))).hits[0]?.documentId).toBe(kept.id);
      } finally {
        c.close();
      }
    }
  }, 120_000);

  it("the same bytes ingested again with another access: the new access reaches the store, not only the catalog", async () => {
    const moved = (await indexedBySource(catalogPath())).get("upload://agreement-6.txt");
    if (!moved) throw new Error("document 6 was not indexed");
    await jetstream(nc).publish(
      INGEST_SUBJECTS.ingestDocument,
      stageIngestCommand(6, ["other-team"], "stage-reingest-6"),
    );
    const applied = await until(
      "the new access of document 6 to be applied",
      () => lexicalChanges().find((x) => x.changeKind === "access" && x.documentId === moved.id) ?? null,
      60_000,
    );
    expect(applied.version).toBe(moved.version);
    const c = search("a");
    try {
      expect((await c.call(searchRequest(markerWord(6)))).hits).toEqual([]);
      expect(
        (await c.call(searchRequest(markerWord(6), { id: "carol", groups: ["other-team"] }))).hits[0]?.documentId,
      ).toBe(moved.id);
    } finally {
      c.close();
    }
  }, 120_000);
});
