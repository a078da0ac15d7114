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
      const docs = catalog.listDocuments();
      expect(docs.filter((d) => d.lifecycle === "indexed")).toHaveLength(24);
      expect(docs.filter((d) => d.lifecycle !== "indexed").map((d) => [d.id, d.lifecycle, d.failure?.code])).toEqual([
        [documentIdFor(corrupt), "failed", "corrupt"],
      ]);
    } finally {
      catalog.close();
    }
  }, 300_000);
});

describe("two ingest replicas on separate stores (real nats-server)", () => {
  const TEXT = (i: number) =>
    `SUPPLY AGREEMENT NO. ${i}\n\n1. TERM\n\nThis Agreement continues for ${i + 1} years from the Effective Date.\n`;
  const RETRY = { maxDeliver: 30, baseDelayMs: 20, maxDelayMs: 100 };
  let stacks: EmbeddedStack[] = [];
  let apps: IngestApp[] = [];
  let conns: NatsConnection[] = [];
  afterEach(async () => {
    for (const a of apps) await a.stop();
    for (const c of conns) await c.drain().catch(() => undefined);
    for (const s of stacks) s.close();
    stacks = [];
    apps = [];
    conns = [];
  });

  it("delete every document from whichever replica holds it, and dead-letter a delete no replica can apply", async () => {
    for (const name of ["a", "b"]) {
      const stack = createEmbeddedStack(join(dir, `${name}.sqlite`), DEFAULT_LIMITS, silentLogger);
      const conn = await connect({ servers: nats.url, name: `ingest-${name}` });
      stacks.push(stack);
      conns.push(conn);
      apps.push(
        await createIngestApp({
          nc: conn,
          pipeline: stack.pipeline,
          logger: silentLogger,
          options: { ackWaitMs: 5_000, retry: RETRY },
        }),
      );
    }
    const js = jetstream(nc);
    const sources = Array.from({ length: 10 }, (_, i) => `upload://deals/supply-${i}.txt`);
    for (const [i, source] of sources.entries())
      await js.publish(
        INGEST_SUBJECTS.ingestDocument,
        toBinary(
          ingestV1.IngestDocumentCommandSchema,
          create(ingestV1.IngestDocumentCommandSchema, {
            commandId: `in-${i}`,
            source,
            content: new TextEncoder().encode(TEXT(i)),
            access: { principals: [], groups: ["deals"] },
          }),
        ),
      );
    const ingested = await readIngestEvents(js, sources.length, 60_000);
    expect(ingested.filter((e) => e.subject === INGEST_SUBJECTS.documentIndexed)).toHaveLength(10);
    const held = stacks.map((s) => s.catalog.listDocuments({ lifecycle: ["indexed"] }).length);
    // Each store holds only what its replica ingested: both hold some, so half the deletes reach a
    // replica without the document first.
    expect(held.every((n) => n > 0)).toBe(true);
    expect(held[0]! + held[1]!).toBe(10);

    const ids = sources.map((s) => documentIdFor(s));
    for (const [i, documentId] of [...ids, "doc_nobody_has_this"].entries())
      await js.publish(
        INGEST_SUBJECTS.deleteDocument,
        toBinary(
          ingestV1.DeleteDocumentCommandSchema,
          create(ingestV1.DeleteDocumentCommandSchema, { commandId: `del-${i}`, documentId }),
        ),
      );
    const events = await readIngestEvents(js, sources.length + ids.length, 60_000);
    const deleted = events
      .filter((e) => e.subject === INGEST_SUBJECTS.documentDeleted)
      .map((e) => fromBinary(ingestV1.DocumentDeletedSchema, e.data).documentId);
    expect(new Set(deleted)).toEqual(new Set(ids));
    // No store serves any of them: every record either store has is deleted, and search finds nothing.
    for (const s of stacks) {
      expect(s.catalog.listDocuments({ lifecycle: ["indexed"] })).toEqual([]);
      const hits = s.searcher.search(
        { query: "supply agreement term years", principal: { id: "ann", groups: ["deals"] }, mode: "lexical", k: 5 },
        (id, version) => s.catalog.getVersion(id, version)?.text ?? null,
      );
      expect(hits.passages).toEqual([]);
    }
    // The delete no replica could apply is not acked as done: it is dead-lettered with the reason.
    let letters = await listDeadLetters(nc);
    for (let i = 0; i < 50 && letters.length === 0; i++) {
      await sleep(200);
      letters = await listDeadLetters(nc);
    }
    expect(letters.map((l) => [l.commandId, l.documentId])).toEqual([["del-10", "doc_nobody_has_this"]]);
    expect(letters[0]?.reason).toMatch(/no document doc_nobody_has_this in this replica's store after 30 deliveries/);
  }, 120_000);
});
