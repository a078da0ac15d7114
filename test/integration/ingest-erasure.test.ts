import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import type { IngestPipeline } from "@lexnav/ingest";
import { createIngestApp, INGEST_STREAMS, INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { ingestV1 } from "@lexnav/proto";
import { createEmbeddedStack } from "@lexnav/stack";
import { type JetStreamClient, jetstream } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readIngestEvents } from "../support/ingest-events.ts";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";

const MARKERS = ["quillowarp", "zentrabisk", "gravontique"];
const CONTRACT = `QUILLOWARP SERVICES AGREEMENT

This Agreement is made between Zentrabisk Corporation and Morvelith Holdings LLC.

1. Fees. Zentrabisk shall pay the Gravontique Fee of $7,250 for each quillowarp delivery.

2. Governing Law. This Agreement is governed by the laws of the State of Delaware.
`;

const markersIn = (bytes: Buffer): string[] => {
  const lower = bytes.toString("latin1").toLowerCase();
  return MARKERS.filter((m) => lower.includes(m));
};
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

const readEvents = (js: JetStreamClient, count: number, timeoutMs = 10_000) => readIngestEvents(js, count, timeoutMs);

let server: NatsServerHandle;
let appConn: NatsConnection;
let clientConn: NatsConnection;
let dbDir: string;

beforeEach(async () => {
  server = await startNatsServer();
  appConn = await connect({ servers: server.url, name: "ingest-under-test" });
  clientConn = await connect({ servers: server.url, name: "test-client" });
  dbDir = await mkdtemp(join(tmpdir(), "lexnav-ingest-erasure-"));
});
afterEach(async () => {
  await clientConn?.drain().catch(() => undefined);
  if (appConn && !appConn.isClosed()) await appConn.drain().catch(() => undefined);
  await server?.stop();
  await rm(dbDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Files of the JetStream store that hold a marker, by path under the store dir. */
const remnants = (storeDir: string) =>
  filesUnder(storeDir)
    .map((file) => ({ file: file.slice(storeDir.length), markers: markersIn(readFileSync(file)) }))
    .filter((f) => f.markers.length > 0);

const ingestCommand = (commandId: string, source: string, text: string) =>
  toBinary(
    ingestV1.IngestDocumentCommandSchema,
    create(ingestV1.IngestDocumentCommandSchema, {
      commandId,
      source,
      content: new TextEncoder().encode(text),
      access: { groups: ["deal-team"] },
    }),
  );

describe("erasure through the ingest service over a real nats-server", () => {
  it("leaves no byte of a document sent inline in the JetStream store once it is handled and deleted", async () => {
    const stack = await createEmbeddedStack(join(dbDir, "lexnav.sqlite"), DEFAULT_LIMITS, silentLogger);
    // The next command is held in hand, so the handled one shares its stream block with a live message.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const pipeline: IngestPipeline = {
      ...stack.pipeline,
      ingest: async (request) => {
        if (request.source === "upload://later.txt") await held;
        return stack.pipeline.ingest(request);
      },
    };
    const app = await createIngestApp({ nc: appConn, pipeline, logger: silentLogger });
    try {
      const js = jetstream(clientConn);
      await js.publish(
        INGEST_SUBJECTS.ingestDocument,
        ingestCommand("inline-1", "upload://services-agreement.txt", CONTRACT),
      );
      await js.publish(
        INGEST_SUBJECTS.ingestDocument,
        ingestCommand("later-1", "upload://later.txt", "An unrelated letter."),
      );
      const [indexed] = await readEvents(js, 1);
      expect(indexed?.subject).toBe(INGEST_SUBJECTS.documentIndexed);
      const documentId = fromBinary(ingestV1.DocumentIndexedSchema, indexed?.data as Uint8Array).documentId;
      // Handled: the command's bytes are gone from the stream's files, not only marked deleted.
      await sleep(500);
      expect(remnants(join(server.storeDir, "jetstream", "$G", "streams", INGEST_STREAMS.commands))).toEqual([]);

      release();
      const del = create(ingestV1.DeleteDocumentCommandSchema, { commandId: "delete-1", documentId });
      await js.publish(INGEST_SUBJECTS.deleteDocument, toBinary(ingestV1.DeleteDocumentCommandSchema, del));
      const events = await readEvents(js, 3);
      expect(events.map((e) => e.subject)).toEqual([
        INGEST_SUBJECTS.documentIndexed,
        INGEST_SUBJECTS.documentIndexed,
        INGEST_SUBJECTS.documentDeleted,
      ]);
      // Deleted: no event, command or store file keeps a word of it.
      await sleep(500);
      expect(remnants(server.storeDir)).toEqual([]);
      expect(remnants(dbDir)).toEqual([]);
    } finally {
      release();
      await app.stop();
      await stack.close();
    }
  }, 30_000);
});
