import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { createSqliteCatalog } from "@lexnav/catalog";
import { createLogger, DEFAULT_LIMITS, LexnavError, sha256Hex, silentLogger } from "@lexnav/core";
import type { IngestPipeline, IngestRequest, IngestResult } from "@lexnav/ingest";
import { canonicalSource, createIngestPipeline, documentIdFor } from "@lexnav/ingest";
import {
  createIngestApp,
  INGEST_CONSUMER,
  INGEST_STREAMS,
  INGEST_SUBJECTS,
  listDeadLetters,
} from "@lexnav/ingest-service";
import { ingestV1 } from "@lexnav/proto";
import { type JetStreamClient, jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect, headers, type NatsConnection } from "@nats-io/transport-node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readIngestEvents } from "../support/ingest-events.ts";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";
import { corpusPath } from "../support/shared.ts";

const ACK_WAIT_MS = 1_000;
const APP_OPTIONS = { ackWaitMs: ACK_WAIT_MS, retry: { maxDeliver: 3, baseDelayMs: 100, maxDelayMs: 500 } };

const traceparent = (n: number) => `00-${n.toString(16).padStart(32, "0")}-00f067aa0ba902b7-01`;

let server: NatsServerHandle;
let appConn: NatsConnection;
let clientConn: NatsConnection;

beforeEach(async () => {
  server = await startNatsServer();
  appConn = await connect({ servers: server.url, name: "ingest-under-test" });
  clientConn = await connect({ servers: server.url, name: "test-client" });
});

afterEach(async () => {
  await clientConn?.drain().catch(() => undefined);
  if (appConn && !appConn.isClosed()) await appConn.drain().catch(() => undefined);
  await server?.stop();
});

async function sendIngest(
  js: JetStreamClient,
  cmd: Parameters<typeof create<typeof ingestV1.IngestDocumentCommandSchema>>[1],
  tp: string,
) {
  const h = headers();
  h.set("traceparent", tp);
  const data = toBinary(ingestV1.IngestDocumentCommandSchema, create(ingestV1.IngestDocumentCommandSchema, cmd));
  await js.publish(INGEST_SUBJECTS.ingestDocument, data, { headers: h });
}

const readEvents = (js: JetStreamClient, count: number, timeoutMs = 8_000) => readIngestEvents(js, count, timeoutMs);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("ingest service over a real nats-server", () => {
  it("turns commands into DocumentIndexed / DocumentFailed events with their trace context, and terminates garbage", async () => {
    const calls: IngestRequest[] = [];
    const fake: IngestPipeline = {
      async ingest(r): Promise<IngestResult> {
        calls.push(r);
        const failed = r.source.includes("broken");
        return {
          documentId: `doc_${r.source}`,
          source: r.source,
          status: failed ? "failed" : "indexed",
          version: failed ? null : sha256Hex(r.bytes ?? r.source),
          failure: failed ? { code: "corrupt", reason: `${r.source}: the PDF has no cross-reference table` } : null,
          title: failed ? null : "AGREEMENT",
          role: failed ? "unknown" : "base_agreement",
          nodeCount: failed ? 0 : 5,
          transactionSetId: null,
          qualityStatus: failed ? null : "ok",
        };
      },
      remove: async () => null,
      setAccess: async () => true,
      recoverInterrupted: async () => [],
    };
    const logLines: string[] = [];
    const logger = createLogger("debug", (l) => logLines.push(l));
    const app = await createIngestApp({ nc: appConn, pipeline: fake, logger, options: APP_OPTIONS });

    const js = jetstream(clientConn);
    await sendIngest(
      js,
      { commandId: "c1", source: "one.txt", content: new TextEncoder().encode("ONE") },
      traceparent(1),
    );
    // Garbage between good commands: it must neither block them nor come back.
    await js.publish(INGEST_SUBJECTS.ingestDocument, new Uint8Array([0x12, 0x05, 0x61]));
    await sendIngest(js, { commandId: "c2", source: "broken.pdf", content: new Uint8Array([1, 2, 3]) }, traceparent(2));
    await sendIngest(
      js,
      { commandId: "c3", source: "three.txt", content: new TextEncoder().encode("THREE") },
      traceparent(3),
    );

    const events = await readEvents(js, 3);
    expect(events.map((e) => e.subject).sort()).toEqual(
      [INGEST_SUBJECTS.documentFailed, INGEST_SUBJECTS.documentIndexed, INGEST_SUBJECTS.documentIndexed].sort(),
    );
    const byCommand = new Map<string, { subject: string; tp: string | undefined; documentId: string; code?: string }>();
    for (const e of events) {
      if (e.subject === INGEST_SUBJECTS.documentIndexed) {
        const m = fromBinary(ingestV1.DocumentIndexedSchema, e.data);
        expect(m.version).toMatch(/^[0-9a-f]{64}$/);
        byCommand.set(m.commandId, { subject: e.subject, tp: e.headers?.get("traceparent"), documentId: m.documentId });
      } else {
        const m = fromBinary(ingestV1.DocumentFailedSchema, e.data);
        byCommand.set(m.commandId, {
          subject: e.subject,
          tp: e.headers?.get("traceparent"),
          documentId: m.documentId,
          code: m.failure?.code ?? "",
        });
      }
    }
    expect(byCommand.get("c1")).toEqual({
      subject: INGEST_SUBJECTS.documentIndexed,
      tp: traceparent(1),
      documentId: "doc_one.txt",
    });
    expect(byCommand.get("c2")).toEqual({
      subject: INGEST_SUBJECTS.documentFailed,
      tp: traceparent(2),
      documentId: "doc_broken.pdf",
      code: "corrupt",
    });
    expect(byCommand.get("c3")).toEqual({
      subject: INGEST_SUBJECTS.documentIndexed,
      tp: traceparent(3),
      documentId: "doc_three.txt",
    });
    expect(calls.map((c) => c.source)).toEqual(["one.txt", "broken.pdf", "three.txt"]);

    // Past ack_wait: a terminated message that came back would be handled (and logged) again.
    await sleep(ACK_WAIT_MS + 700);
    const terminated = logLines.filter((l) => l.includes('"command terminated"'));
    expect(terminated).toHaveLength(1);
    expect(terminated[0]).toContain("undecodable lexnav.ingest.v1.IngestDocumentCommand");
    const jsm = await jetstreamManager(clientConn);
    const info = await jsm.consumers.info(INGEST_STREAMS.commands, INGEST_CONSUMER);
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_redelivered).toBe(0);
    expect(info.num_pending).toBe(0);
    expect(calls).toHaveLength(3);

    await app.stop();
  });

  it("stop() lets the command in hand finish (event published, acked) and takes no more", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let started!: () => void;
    const inHand = new Promise<void>((r) => {
      started = r;
    });
    const sources: string[] = [];
    const slow: IngestPipeline = {
      async ingest(r) {
        sources.push(r.source);
        started();
        await gate;
        return {
          documentId: `doc_${r.source}`,
          source: r.source,
          status: "indexed",
          version: "a".repeat(64),
          failure: null,
          title: null,
          role: "unknown",
          nodeCount: 1,
          transactionSetId: null,
          qualityStatus: "ok",
        };
      },
      remove: async () => null,
      setAccess: async () => true,
      recoverInterrupted: async () => [],
    };
    const app = await createIngestApp({ nc: appConn, pipeline: slow, logger: silentLogger, options: APP_OPTIONS });
    const js = jetstream(clientConn);
    await sendIngest(js, { commandId: "slow", source: "slow.txt", content: new Uint8Array([1]) }, traceparent(9));
    await inHand;

    // A second replica waits on the same durable consumer. For longer than ack_wait, the progress
    // signal of the first must keep the server from handing the document in hand to the second.
    const replicaConn = await connect({ servers: server.url, name: "ingest-replica" });
    const replica = await createIngestApp({
      nc: replicaConn,
      pipeline: slow,
      logger: silentLogger,
      options: APP_OPTIONS,
    });
    await sleep(ACK_WAIT_MS * 1.5);
    const jsm = await jetstreamManager(clientConn);
    const during = await jsm.consumers.info(INGEST_STREAMS.commands, INGEST_CONSUMER);
    expect(during.delivered.consumer_seq).toBe(1); // delivered once, not again after ack_wait
    expect(sources).toEqual(["slow.txt"]);
    await replica.stop();
    await replicaConn.drain();

    let stopped = false;
    const stopping = app.stop().then(() => {
      stopped = true;
    });
    await sleep(200);
    expect(stopped).toBe(false); // still waiting for the document in hand
    release();
    await stopping;

    // Published after stop: must wait in the stream for the next instance.
    await sendIngest(js, { commandId: "later", source: "later.txt", content: new Uint8Array([2]) }, traceparent(10));
    await sleep(300);
    expect(sources).toEqual(["slow.txt"]);

    const events = await readEvents(js, 1, 3_000);
    expect(events).toHaveLength(1);
    expect(fromBinary(ingestV1.DocumentIndexedSchema, events[0]!.data).commandId).toBe("slow");
    const info = await jsm.consumers.info(INGEST_STREAMS.commands, INGEST_CONSUMER);
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_redelivered).toBe(0);
    expect(info.num_pending).toBe(1);
    await appConn.drain();
    expect(appConn.isClosed()).toBe(true);

    // A restarted instance finds its streams and durable consumer (idempotent setup) and takes the waiting command.
    appConn = await connect({ servers: server.url, name: "ingest-restarted" });
    const restarted = await createIngestApp({
      nc: appConn,
      pipeline: slow,
      logger: silentLogger,
      options: APP_OPTIONS,
    });
    const more = await readEvents(js, 2, 5_000);
    expect(more.map((e) => fromBinary(ingestV1.DocumentIndexedSchema, e.data).commandId)).toEqual(["slow", "later"]);
    expect(sources).toEqual(["slow.txt", "later.txt"]);
    await restarted.stop();
  });

  it("ingests a real CUAD contract through the real pipeline, then reports it unchanged", async () => {
    const dbDir = await mkdtemp(join(tmpdir(), "lexnav-ingest-svc-"));
    const catalog = createSqliteCatalog(join(dbDir, "catalog.sqlite"));
    try {
      const logLines: string[] = [];
      const logger = createLogger("warn", (l) => logLines.push(l));
      const pipeline = createIngestPipeline({ catalog, limits: DEFAULT_LIMITS, logger });
      const app = await createIngestApp({ nc: appConn, pipeline, logger, options: APP_OPTIONS });
      const path = corpusPath("cuad", "ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt");
      const js = jetstream(clientConn);
      // By path: the distributed shape mounts the corpus into the ingest container.
      await sendIngest(js, { commandId: "real-1", source: path, access: { groups: ["deal-team"] } }, traceparent(21));
      await sendIngest(js, { commandId: "real-2", source: path, access: { groups: ["deal-team"] } }, traceparent(22));

      const events = await readEvents(js, 2, 15_000);
      // When the pipeline fails the document, say why rather than only "failed != indexed".
      const failures = events
        .filter((e) => e.subject === INGEST_SUBJECTS.documentFailed)
        .map((e) => fromBinary(ingestV1.DocumentFailedSchema, e.data).failure);
      expect(failures, `the real pipeline failed the document; log:\n${logLines.join("\n")}`).toEqual([]);
      expect(events.map((e) => e.subject)).toEqual([
        INGEST_SUBJECTS.documentIndexed,
        INGEST_SUBJECTS.documentUnchanged,
      ]);
      const indexed = fromBinary(ingestV1.DocumentIndexedSchema, events[0]!.data);
      expect(indexed.documentId).toBe(documentIdFor(canonicalSource(path)));
      expect(indexed.version).toBe(sha256Hex(readFileSync(path)));
      expect(indexed.nodeCount).toBeGreaterThan(5);
      expect(events[0]!.headers?.get("traceparent")).toBe(traceparent(21));
      const unchanged = fromBinary(ingestV1.DocumentUnchangedSchema, events[1]!.data);
      expect(unchanged).toMatchObject({
        commandId: "real-2",
        documentId: indexed.documentId,
        version: indexed.version,
      });
      expect((await catalog.getDocument(indexed.documentId))?.lifecycle).toBe("indexed");
      await app.stop();
    } finally {
      await catalog.close();
      await rm(dbDir, { recursive: true, force: true });
    }
  });

  it("an older ingest handed back for a retry and delivered after a newer one of its document changes nothing, and is dead-lettered", async () => {
    const dbDir = await mkdtemp(join(tmpdir(), "lexnav-ingest-svc-"));
    const catalog = createSqliteCatalog(join(dbDir, "catalog.sqlite"));
    try {
      const real = createIngestPipeline({ catalog, limits: DEFAULT_LIMITS, logger: silentLogger });
      const OLD = "SUPPLY AGREEMENT\n\n1. TERM\n\nThis Agreement continues for three years.\n";
      const NEW = "SUPPLY AGREEMENT\n\n1. TERM\n\nThis Agreement continues for five years.\n";
      const decoder = new TextDecoder();
      let oldDeliveries = 0;
      // The older command's first delivery meets a busy store: it is handed back, and the newer one overtakes it.
      const pipeline: IngestPipeline = {
        ...real,
        async ingest(r) {
          if (decoder.decode(r.bytes) === OLD && ++oldDeliveries === 1)
            throw new LexnavError("unavailable", "the store is busy", { retryable: true });
          return real.ingest(r);
        },
      };
      // The older command comes back 4 s after its nak: the newer one, sent once the older failed, is handled first.
      const options = { ackWaitMs: 2_000, retry: { maxDeliver: 3, baseDelayMs: 4_000, maxDelayMs: 4_000 } };
      const app = await createIngestApp({ nc: appConn, pipeline, logger: silentLogger, options });
      const js = jetstream(clientConn);
      const source = "upload://supply.txt";
      const team = { groups: ["deal-team"] };
      await sendIngest(
        js,
        { commandId: "old", source, content: new TextEncoder().encode(OLD), access: team },
        traceparent(31),
      );
      for (let i = 0; i < 100 && oldDeliveries === 0; i++) await sleep(50);
      await sendIngest(
        js,
        { commandId: "new", source, content: new TextEncoder().encode(NEW), access: team },
        traceparent(32),
      );

      let letters = await listDeadLetters(clientConn);
      // Up to 30 s: beside the rest of the suite on two cores, the nak's delay and two real ingests take a while.
      for (let i = 0; i < 120 && letters.length === 0; i++) {
        await sleep(250);
        letters = await listDeadLetters(clientConn);
      }
      const seen = async () =>
        `the older command was delivered ${oldDeliveries} times; events: ${(await readEvents(js, 3, 500)).map((e) => e.subject).join(", ")}`;
      expect(letters, await seen()).toHaveLength(1);
      expect(oldDeliveries).toBe(2);
      expect(letters[0]).toMatchObject({ commandId: "old", deliveries: 2 });
      expect(letters[0]?.reason).toMatch(
        /^IngestDocumentCommand old not applied: a later command for document doc_\w+, made at .*, was applied first$/,
      );
      // Only the newer version was announced, and it is the one served.
      const events = await readEvents(js, 2, 1_500);
      expect(events.map((e) => fromBinary(ingestV1.DocumentIndexedSchema, e.data).commandId)).toEqual(["new"]);
      const doc = await catalog.getDocument(documentIdFor(source));
      expect(doc?.currentVersion).toBe(sha256Hex(new TextEncoder().encode(NEW)));
      await app.stop();
    } finally {
      await catalog.close();
      await rm(dbDir, { recursive: true, force: true });
    }
  });

  it("files an amendment and, when it arrives, its agreement into one transaction set, and says so in the event", async () => {
    const dbDir = await mkdtemp(join(tmpdir(), "lexnav-ingest-svc-"));
    const catalog = createSqliteCatalog(join(dbDir, "catalog.sqlite"));
    try {
      const pipeline = createIngestPipeline({ catalog, limits: DEFAULT_LIMITS, logger: silentLogger });
      const app = await createIngestApp({ nc: appConn, pipeline, logger: silentLogger, options: APP_OPTIONS });
      const example = (n: number) =>
        join(import.meta.dirname, "../../examples/manufacturing-agreement", `manufacturing-agreement-${n}.txt`);
      const js = jetstream(clientConn);
      // bytes under names that share no file-name key: only their text ties them together
      const send = (id: string, name: string, n: number) =>
        sendIngest(
          js,
          {
            commandId: id,
            source: `s3://deal/${name}`,
            fileName: name,
            content: readFileSync(example(n)),
            access: { groups: ["deal-team"] },
          },
          traceparent(30 + n),
        );
      await send("amd", "heritage-amendment.txt", 2);
      const [first] = await readEvents(js, 1, 15_000);
      const amendment = fromBinary(ingestV1.DocumentIndexedSchema, first!.data);
      expect(amendment.transactionSetId ?? null).toBeNull();
      await send("base", "supply-deal.txt", 1);
      const events = await readEvents(js, 2, 15_000);
      const base = fromBinary(ingestV1.DocumentIndexedSchema, events[1]!.data);
      expect(base.commandId).toBe("base");
      expect(base.transactionSetId).toBe(base.documentId);
      expect((await catalog.getDocument(amendment.documentId))?.transactionSetId).toBe(base.documentId);
      await app.stop();
    } finally {
      await catalog.close();
      await rm(dbDir, { recursive: true, force: true });
    }
  });
});
