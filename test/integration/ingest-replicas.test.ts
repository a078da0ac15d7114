import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { createSqliteCatalog } from "@lexnav/catalog";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { documentIdFor } from "@lexnav/ingest";
import { createIngestApp, INGEST_SUBJECTS, type IngestApp, listDeadLetters } from "@lexnav/ingest-service";
import { ingestV1 } from "@lexnav/proto";
import { createEmbeddedStack, type EmbeddedStack } from "@lexnav/stack";
import { jetstream } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readIngestEvents } from "../support/ingest-events.ts";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import { corpusPath } from "../support/shared.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let nats: NatsServerHandle;
let nc: NatsConnection;
let dir: string;

beforeEach(async () => {
  nats = await startNatsServer();
  nc = await connect({ servers: nats.url, name: "test-client" });
  dir = mkdtempSync(join(tmpdir(), "lexnav-replicas-"));
});

afterEach(async () => {
  await nc?.drain().catch(() => undefined);
  await nats?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Large CUAD contracts (around 100 KB of text each): long store transactions, as in the run. */
function largeContracts(n: number): string[] {
  const cuad = corpusPath("cuad");
  return readdirSync(cuad)
    .filter((f) => f.endsWith(".txt"))
    .map((f) => ({ path: join(cuad, f), size: statSync(join(cuad, f)).size }))
    .sort((a, b) => b.size - a.size || a.path.localeCompare(b.path))
    .slice(60, 60 + n)
    .map((f) => f.path);
}

describe("two ingest service processes on one embedded store (real nats-server)", () => {
  it("index every one of 24 large documents, none failed; a corrupt one keeps its document id and catalog record", async () => {
    const db = join(dir, "shared.sqlite");
    const corrupt = join(dir, "broken.pdf");
    writeFileSync(corrupt, "%PDF-1.7\nthis is not a PDF body\n");
    const env = {
      LEXNAV_DB: db,
      NATS_URL: nats.url,
      LEXNAV_LOG_LEVEL: "info",
      LEXNAV_INGEST_ROOTS: `${corpusPath("cuad")}:${dir}`,
    };
    const replicas: ServiceProcess[] = [];
    try {
      for (let i = 0; i < 2; i++)
        replicas.push((await startServiceProcess("ingest", env, "ingest service consuming")).process);
      const js = jetstream(nc);
      const files = [...largeContracts(24), corrupt];
      for (const [i, source] of files.entries())
        await js.publish(
          INGEST_SUBJECTS.ingestDocument,
          toBinary(
            ingestV1.IngestDocumentCommandSchema,
            create(ingestV1.IngestDocumentCommandSchema, {
              commandId: `c${i}`,
              source,
              access: { principals: [], groups: ["deals"] },
            }),
          ),
        );
      const events = await readIngestEvents(js, files.length, 240_000);
      const indexed = events
        .filter((e) => e.subject === INGEST_SUBJECTS.documentIndexed)
        .map((e) => fromBinary(ingestV1.DocumentIndexedSchema, e.data).documentId);
      const failed = events
        .filter((e) => e.subject === INGEST_SUBJECTS.documentFailed)
        .map((e) => fromBinary(ingestV1.DocumentFailedSchema, e.data));
      expect(failed.map((f) => ({ documentId: f.documentId, code: f.failure?.code }))).toEqual([
        { documentId: documentIdFor(corrupt), code: "corrupt" },
      ]);
      expect(new Set(indexed)).toEqual(new Set(files.slice(0, 24).map((f) => documentIdFor(f))));
      // Both replicas took documents: the store was shared, not used by one process at a time by luck.
      for (const r of replicas) expect(r.log()).toContain('"msg":"document ingested"');
      for (const r of replicas) expect(r.log()).not.toMatch(/database is locked/);
    } finally {
      for (const r of replicas) await r.stop();
    }
    const catalog = createSqliteCatalog(db);
    try {
      const docs = await catalog.listDocuments();
      expect(docs.filter((d) => d.lifecycle === "indexed")).toHaveLength(24);
      expect(docs.filter((d) => d.lifecycle !== "indexed").map((d) => [d.id, d.lifecycle, d.failure?.code])).toEqual([
        [documentIdFor(corrupt), "failed", "corrupt"],
      ]);
    } finally {
      await catalog.close();
    }
  }, 300_000);
});

// #17 defect 2: replicas on separate embedded stores are not a supported shape; what this checks is that a
// delete is never acked unapplied there. The fix is the shared catalog: replicas on one PostgreSQL catalog
// find every document (test/distributed/shared-catalog.test.ts).
describe("two ingest replicas on separate stores (real nats-server)", () => {
  const TEXT = (i: number) =>
    `SUPPLY AGREEMENT NO. ${i}\n\n1. TERM\n\nThis Agreement continues for ${i + 1} years from the Effective Date.\n`;
  // About 14 s of redeliveries before a delete is given up: time for a replica to come back.
  const RETRY = { maxDeliver: 30, baseDelayMs: 50, maxDelayMs: 500 };
  let stacks: EmbeddedStack[] = [];
  let apps: IngestApp[] = [];
  let conns: NatsConnection[] = [];
  afterEach(async () => {
    for (const a of apps) await a.stop();
    for (const c of conns) await c.drain().catch(() => undefined);
    for (const s of stacks) await s.close();
    stacks = [];
    apps = [];
    conns = [];
  });

  /** Replica `i` consuming over its own store, on a connection of its own. */
  const startReplica = async (i: number) => {
    const conn = await connect({ servers: nats.url, name: `ingest-${i}` });
    conns.push(conn);
    apps[i] = await createIngestApp({
      nc: conn,
      pipeline: (stacks[i] as EmbeddedStack).pipeline,
      logger: silentLogger,
      options: { ackWaitMs: 5_000, retry: RETRY },
    });
  };

  it("apply every delete on the replica holding the document or dead-letter it with the reason; never ack one unapplied", async () => {
    for (const name of ["a", "b"])
      stacks.push(await createEmbeddedStack(join(dir, `${name}.sqlite`), DEFAULT_LIMITS, silentLogger));
    const js = jetstream(nc);
    const sources = Array.from({ length: 10 }, (_, i) => `upload://deals/supply-${i}.txt`);
    // Replica a alone ingests the first five, then b alone the rest: each store holds five documents.
    for (const [replica, batch] of [
      [0, [0, 1, 2, 3, 4]],
      [1, [5, 6, 7, 8, 9]],
    ] as const) {
      await startReplica(replica);
      for (const i of batch)
        await js.publish(
          INGEST_SUBJECTS.ingestDocument,
          toBinary(
            ingestV1.IngestDocumentCommandSchema,
            create(ingestV1.IngestDocumentCommandSchema, {
              commandId: `in-${i}`,
              source: sources[i] as string,
              content: new TextEncoder().encode(TEXT(i)),
              access: { principals: [], groups: ["deals"] },
            }),
          ),
        );
      const ingested = await readIngestEvents(js, batch[batch.length - 1]! + 1, 60_000);
      expect(ingested.filter((e) => e.subject === INGEST_SUBJECTS.documentIndexed)).toHaveLength(batch.at(-1)! + 1);
      await (apps[replica] as IngestApp).stop();
    }
    const held = await Promise.all(
      stacks.map(async (s) => (await s.catalog.listDocuments({ lifecycle: ["indexed"] })).length),
    );
    expect(held).toEqual([5, 5]);

    const ids = sources.map((s) => documentIdFor(s));
    // Replica a alone takes the deletes first, so every delete of a document b holds is first
    // delivered to a, which does not hold it: a must not take it as done. Then b comes back.
    await startReplica(0);
    for (const [i, documentId] of [...ids, "doc_nobody_has_this"].entries())
      await js.publish(
        INGEST_SUBJECTS.deleteDocument,
        toBinary(
          ingestV1.DeleteDocumentCommandSchema,
          create(ingestV1.DeleteDocumentCommandSchema, { commandId: `del-${i}`, documentId }),
        ),
      );
    const deletedBy = async (n: number) => (await readIngestEvents(js, sources.length + n, 20_000)).length;
    expect(await deletedBy(held[0]!)).toBe(sources.length + held[0]!);
    await startReplica(1);

    // Every delete ends applied (DocumentDeleted) or dead-lettered with its reason: none is acked as
    // done by a replica that did not apply it. Redelivery goes to any replica, so a delete may still
    // miss the one holding the document; then the dead letter says so (the shared catalog removes this).
    const outcomes = async () => {
      const events = await readIngestEvents(js, sources.length + ids.length + 1, 500);
      const deleted = events
        .filter((e) => e.subject === INGEST_SUBJECTS.documentDeleted)
        .map((e) => fromBinary(ingestV1.DocumentDeletedSchema, e.data).documentId);
      return { deleted, letters: await listDeadLetters(nc) };
    };
    let o = await outcomes();
    for (let i = 0; i < 60 && o.deleted.length + o.letters.length < ids.length + 1; i++) {
      await sleep(500);
      o = await outcomes();
    }
    const lettered = o.letters.map((l) => l.documentId);
    expect([...o.deleted, ...lettered].sort()).toEqual([...ids, "doc_nobody_has_this"].sort());
    expect(lettered).toContain("doc_nobody_has_this");
    for (const l of o.letters)
      expect(l.reason).toMatch(new RegExp(`no document ${l.documentId} in this replica's store after 30 deliveries`));
    // No store serves a deleted document: every record either store has is deleted or has its delete
    // dead-lettered, and search finds only those.
    for (const s of stacks) {
      const serving = (await s.catalog.listDocuments({ lifecycle: ["indexed"] })).map((d) => d.id);
      for (const id of serving) expect(lettered).toContain(id);
      const hits = await s.searcher.search(
        { query: "supply agreement term years", principal: { id: "ann", groups: ["deals"] }, mode: "lexical", k: 10 },
        async (id, version) => (await s.catalog.getVersion(id, version))?.text ?? null,
      );
      for (const p of hits.passages) expect(lettered).toContain(p.documentId);
    }
  }, 120_000);
});
