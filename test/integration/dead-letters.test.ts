import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { runCliCaptured } from "@lexnav/cli";
import { DEFAULT_LIMITS, loadConfig, silentLogger } from "@lexnav/core";
import { createIngestApp, type DeadLetter, INGEST_STREAMS, INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { ingestV1 } from "@lexnav/proto";
import { createEmbeddedStack } from "@lexnav/stack";
import { type JetStreamClient, jetstream } from "@nats-io/jetstream";
import { connect, type NatsConnection, headers as natsHeaders } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";

const TEXT = `SUPPLY AGREEMENT

1. TERM

This Agreement begins on the Effective Date and continues for three years.
`;
const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

let nats: NatsServerHandle;
let nc: NatsConnection;
let dir: string;

beforeAll(async () => {
  nats = await startNatsServer();
  nc = await connect({ servers: nats.url });
  dir = mkdtempSync(join(tmpdir(), "lexnav-dlq-"));
});

afterAll(async () => {
  await nc?.drain().catch(() => undefined);
  await nats?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The next event on the event stream with command id `commandId`, or null after the deadline. */
async function eventOf(
  js: JetStreamClient,
  commandId: string,
): Promise<{ subject: string; documentId: string } | null> {
  const consumer = await js.consumers.get(INGEST_STREAMS.events);
  for (let i = 0; i < 20; i++) {
    const m = await consumer.next({ expires: 1_000 });
    if (!m) continue;
    const e =
      m.subject === INGEST_SUBJECTS.documentIndexed
        ? fromBinary(ingestV1.DocumentIndexedSchema, m.data)
        : m.subject === INGEST_SUBJECTS.documentDeleted
          ? fromBinary(ingestV1.DocumentDeletedSchema, m.data)
          : null;
    if (!e) continue;
    if (e.commandId === commandId) return { subject: m.subject, documentId: e.documentId };
  }
  return null;
}

async function waitFor<T>(get: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let v = await get();
  while (!ok(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    v = await get();
  }
  return v;
}

describe("dead letters", () => {
  it("a refused delete and a poison payload land in the dead-letter stream; the delete replays once the hold is released", async () => {
    const db = join(dir, "lexnav.sqlite");
    const stack = await createEmbeddedStack(db, DEFAULT_LIMITS, silentLogger);
    const app = await createIngestApp({
      nc,
      pipeline: stack.pipeline,
      logger: silentLogger,
      options: { ackWaitMs: 2_000, retry: { maxDeliver: 3, baseDelayMs: 100, maxDelayMs: 500 } },
    });
    const config = { ...loadConfig({ NATS_URL: nats.url, LEXNAV_LOG_LEVEL: "silent" }), dbPath: db };
    const cli = (...argv: string[]) => runCliCaptured(argv, config, silentLogger);
    const list = async (): Promise<DeadLetter[]> => {
      const r = await cli("dlq", "list", "--json");
      expect(r.code).toBe(0);
      return JSON.parse(r.out) as DeadLetter[];
    };
    const js = jetstream(nc);
    try {
      await js.publish(
        INGEST_SUBJECTS.ingestDocument,
        toBinary(
          ingestV1.IngestDocumentCommandSchema,
          create(ingestV1.IngestDocumentCommandSchema, {
            commandId: "c-supply",
            source: "mem://confidential-supply.txt",
            content: new TextEncoder().encode(TEXT),
            access: { principals: [], groups: ["deal"] },
          }),
        ),
      );
      const indexed = await eventOf(js, "c-supply");
      expect(indexed?.subject).toBe(INGEST_SUBJECTS.documentIndexed);
      const documentId = indexed?.documentId as string;
      expect(await list()).toEqual([]);

      await stack.changeControl({
        place: {
          scope: "document",
          scopeId: documentId,
          kind: "legal_hold",
          name: "",
          by: "records-officer",
          since: "2026-11-30T09:00:00.000Z",
        },
      });
      const h = natsHeaders();
      h.set("traceparent", `00-${TRACE}-00f067aa0ba902b7-01`);
      await js.publish(
        INGEST_SUBJECTS.deleteDocument,
        toBinary(
          ingestV1.DeleteDocumentCommandSchema,
          create(ingestV1.DeleteDocumentCommandSchema, { commandId: "c-del", documentId }),
        ),
        { headers: h },
      );
      // a poison payload: not the message its subject promises
      await js.publish(INGEST_SUBJECTS.ingestDocument, new Uint8Array([0xff, 0xff, 0xff, 0x07]));

      const letters = await waitFor(list, (l) => l.length === 2);
      expect(letters).toMatchObject([
        {
          subject: INGEST_SUBJECTS.deleteDocument,
          commandId: "c-del",
          documentId,
          traceId: TRACE,
          deliveries: 1,
          reason: expect.stringMatching(/legal hold/),
        },
        { subject: INGEST_SUBJECTS.ingestDocument, commandId: "", reason: expect.stringMatching(/undecodable/) },
      ]);
      expect((await stack.catalog.getDocument(documentId))?.lifecycle).toBe("indexed");
      const [held, poison] = letters as [DeadLetter, DeadLetter];

      // Replayed before the fix, it is refused again and comes back as a new dead letter.
      expect((await cli("dlq", "replay", String(held.id))).code).toBe(0);
      const again = await waitFor(list, (l) => l.some((x) => x.commandId === "c-del" && x.id !== held.id));
      const heldAgain = again.find((x) => x.commandId === "c-del") as DeadLetter;
      expect(heldAgain.id).not.toBe(held.id);
      expect(heldAgain.traceId).toBe(TRACE);

      // The fix: the hold is released; the replay now deletes, and the dead letter is gone.
      await stack.changeControl({ lift: { scope: "document", scopeId: documentId, kind: "legal_hold", name: "" } });
      const replay = await cli("dlq", "replay", String(heldAgain.id));
      expect(replay.code).toBe(0);
      expect(replay.out).toContain(INGEST_SUBJECTS.deleteDocument);
      expect((await eventOf(js, "c-del"))?.subject).toBe(INGEST_SUBJECTS.documentDeleted);
      expect((await stack.catalog.getDocument(documentId))?.lifecycle).toBe("deleted");
      expect((await list()).map((l) => l.id)).toEqual([poison.id]);

      // An operator view: refused to a non-operator, and every use audited.
      const refused = await cli("dlq", "list", "--principal", "ann", "--group", "deal");
      expect(refused.code).toBe(1);
      const audit = (await cli("audit", "--json")).out;
      expect(audit).toContain('"dlq replay"');
      expect(audit).toContain('"dlq list (refused)"');
      expect((await cli("dlq", "replay", "999")).code).not.toBe(0);
    } finally {
      await app.stop();
      await stack.close();
    }
  }, 60_000);
});
