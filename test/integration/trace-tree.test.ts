import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { Metadata } from "@grpc/grpc-js";
import { ANSWER_SERVICE } from "@lexnav/answer-service";
import { headersFromContext, inSpan } from "@lexnav/core";
import { INGEST_STREAMS, INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { answerV1 as answer, type answerV1, ingestV1 } from "@lexnav/proto";
import { startTelemetry, type Telemetry } from "@lexnav/telemetry";
import { type JetStreamClient, type JsMsg, jetstream } from "@nats-io/jetstream";
import { connect, type NatsConnection, headers as natsHeaders } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASK_VERSO, CUAD_FIXTURES } from "../support/cuad-fixtures.ts";
import { unaryClient } from "../support/grpc-client.ts";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";
import { OTLP_KIND, type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from "../support/otlp-receiver.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import { corpusPath } from "../support/shared.ts";

// Each process (this test as the client, the ingest service, the answer service) exports its spans over
// OTLP/HTTP to a receiver this test runs: the trees below hold only if the trace context really crossed
// NATS headers and gRPC metadata, which one process exporting to memory could not show.
const DEALS = { id: "ann", groups: ["deals"] };
const CLIENT = "lexnav-test-client";

let receiver: OtlpReceiver;
let nats: NatsServerHandle;
let nc: NatsConnection;
let dir: string;
let ingest: ServiceProcess;
let answerService: ServiceProcess;
let answerPort: number;
let telemetry: Telemetry | null;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  nats = await startNatsServer();
  nc = await connect({ servers: nats.url });
  dir = mkdtempSync(join(tmpdir(), "lexnav-trace-tree-"));
  const env = {
    LEXNAV_DB: join(dir, "lexnav.sqlite"),
    NATS_URL: nats.url,
    LEXNAV_LOG_LEVEL: "info",
    // The service reads a command's path only under its roots; the fixture is in the shared corpus.
    LEXNAV_INGEST_ROOTS: corpusPath(),
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_BSP_SCHEDULE_DELAY: "100",
  };
  ingest = (await startServiceProcess("ingest", env, "ingest service consuming")).process;
  const started = await startServiceProcess("answer", { ...env, LEXNAV_ANSWER_ADDRESS: "127.0.0.1:0" }, "ready");
  answerService = started.process;
  answerPort = started.ready.port as number;
  // The exporter reads its endpoint from the environment, as in every lexnav process.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.endpoint;
  telemetry = startTelemetry(CLIENT, { env: process.env });
}, 60_000);

afterAll(async () => {
  await nc?.drain().catch(() => undefined);
  await nats?.stop();
  await receiver?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const messaging = (subject: string) => ({
  "messaging.system": "nats",
  "messaging.destination.name": subject,
  "messaging.operation.type": "send",
  "messaging.operation.name": "publish",
});

/** Publishes a command in a PRODUCER span of this process, its context in the NATS headers. */
async function publishCommand(js: JetStreamClient, subject: string, data: Uint8Array): Promise<string> {
  return inSpan(
    `publish ${subject}`,
    messaging(subject),
    async (span) => {
      const h = natsHeaders();
      for (const [k, v] of Object.entries(headersFromContext())) h.set(k, v);
      await js.publish(subject, data, { headers: h });
      return span.spanContext().spanId;
    },
    { kind: "producer" },
  );
}

/** The next event on `subject` whose command id is `commandId`. */
async function eventFor(js: JetStreamClient, subject: string, commandId: string): Promise<JsMsg> {
  const consumer = await js.consumers.get(INGEST_STREAMS.events);
  for (let i = 0; i < 40; i++) {
    const m = await consumer.next({ expires: 2_000 });
    if (m?.subject !== subject) continue;
    const schema =
      subject === INGEST_SUBJECTS.documentIndexed ? ingestV1.DocumentIndexedSchema : ingestV1.DocumentDeletedSchema;
    if (fromBinary(schema, m.data).commandId === commandId) return m;
  }
  throw new Error(`no ${subject} event for ${commandId}`);
}

const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) =>
  spans.filter((s) => s.traceId === parent.traceId && s.parentSpanId === parent.spanId);

function descendantsOf(spans: ReceivedSpan[], root: ReceivedSpan): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  const walk = (s: ReceivedSpan) => {
    for (const c of childrenOf(spans, s)) {
      out.push(c);
      walk(c);
    }
  };
  walk(root);
  return out;
}

describe("one trace per document and per question, across processes", () => {
  it("ingest, question and delete each form one tree with the right kinds and no text", async () => {
    const js = jetstream(nc);
    const command = create(ingestV1.IngestDocumentCommandSchema, {
      commandId: "c-trace",
      source: CUAD_FIXTURES.verso,
      access: { principals: [], groups: ["deals"] },
    });
    const ingestProducer = await publishCommand(
      js,
      INGEST_SUBJECTS.ingestDocument,
      toBinary(ingestV1.IngestDocumentCommandSchema, command),
    );
    const indexedMsg = await eventFor(js, INGEST_SUBJECTS.documentIndexed, "c-trace");
    const indexed = fromBinary(ingestV1.DocumentIndexedSchema, indexedMsg.data);

    // A question in a CLIENT span of this process, its context in the gRPC metadata.
    const client = unaryClient<answerV1.AskRequest, answerV1.AskResponse>(ANSWER_SERVICE, "ask", answerPort);
    const askClientSpan = await inSpan(
      "lexnav.answer.v1.AnswerService/Ask",
      { "rpc.system": "grpc", "rpc.service": "lexnav.answer.v1.AnswerService", "rpc.method": "Ask" },
      async (span) => {
        const md = new Metadata();
        for (const [k, v] of Object.entries(headersFromContext())) md.set(k, v);
        const r = await client.call(
          create(answer.AskRequestSchema, { question: ASK_VERSO, principal: DEALS, offline: true }),
          md,
        );
        expect(r.citations.map((c) => c.documentId)).toContain(indexed.documentId);
        return span.spanContext().spanId;
      },
      { kind: "client" },
    );
    client.close();

    const del = create(ingestV1.DeleteDocumentCommandSchema, { commandId: "c-del", documentId: indexed.documentId });
    const deleteProducer = await publishCommand(
      js,
      INGEST_SUBJECTS.deleteDocument,
      toBinary(ingestV1.DeleteDocumentCommandSchema, del),
    );
    await eventFor(js, INGEST_SUBJECTS.documentDeleted, "c-del");

    // Stopping flushes each service's spans (SIGTERM drains, then the exporter is shut down).
    expect(await ingest.stop()).toBe(0);
    expect(await answerService.stop()).toBe(0);
    await telemetry?.shutdown();
    const spans = receiver.spans();

    // One ingestion: client PRODUCER → ingest CONSUMER → lexnav.ingest, and the event's PRODUCER span.
    const producer = spans.find((s) => s.spanId === ingestProducer);
    expect(producer).toMatchObject({ service: CLIENT, kind: OTLP_KIND.producer });
    const [commandSpan, ...others] = childrenOf(spans, producer as ReceivedSpan);
    expect(others).toEqual([]);
    expect(commandSpan).toMatchObject({
      service: "lexnav-ingest",
      name: "lexnav.ingest.command",
      kind: OTLP_KIND.consumer,
      attributes: {
        "messaging.system": "nats",
        "messaging.destination.name": INGEST_SUBJECTS.ingestDocument,
        "messaging.operation.type": "process",
        "messaging.message.id": "c-trace",
        "lexnav.document_id": indexed.documentId,
        "lexnav.disposition": "ack",
      },
    });
    const underCommand = childrenOf(spans, commandSpan as ReceivedSpan);
    const ingestSpan = underCommand.find((s) => s.name === "lexnav.ingest");
    expect(ingestSpan).toMatchObject({
      service: "lexnav-ingest",
      kind: OTLP_KIND.internal,
      attributes: { "lexnav.document_id": indexed.documentId },
    });
    // command → ingest → prepare (extract and structure) → store (catalog and search stores, one transaction)
    expect(
      childrenOf(spans, ingestSpan as ReceivedSpan)
        .map((s) => s.name)
        .sort(),
    ).toEqual(["lexnav.ingest.prepare", "lexnav.ingest.store"]);
    const publishIndexed = underCommand.find((s) => s.name === `publish ${INGEST_SUBJECTS.documentIndexed}`);
    expect(publishIndexed).toMatchObject({
      kind: OTLP_KIND.producer,
      attributes: messaging(INGEST_SUBJECTS.documentIndexed),
    });
    // The event carries the publish span's context, for whoever consumes it next.
    expect(indexedMsg.headers?.get("traceparent")).toBe(`00-${producer?.traceId}-${publishIndexed?.spanId}-01`);

    // One question: client CLIENT → answer SERVER → ask → search, in the client's trace.
    const askClient = spans.find((s) => s.spanId === askClientSpan) as ReceivedSpan;
    const [server, ...moreServers] = childrenOf(spans, askClient);
    expect(moreServers).toEqual([]);
    expect(server).toMatchObject({
      service: "lexnav-answer",
      name: "lexnav.answer.rpc",
      kind: OTLP_KIND.server,
      attributes: {
        "rpc.system": "grpc",
        "rpc.service": "lexnav.answer.v1.AnswerService",
        "rpc.method": "Ask",
        "rpc.grpc.status_code": 0,
      },
    });
    const underServer = descendantsOf(spans, server as ReceivedSpan).map((s) => s.name);
    expect(underServer).toContain("lexnav.ask");
    expect(underServer).toContain("lexnav.search");

    // A delete is traced like an ingestion.
    const deleteCommand = childrenOf(spans, spans.find((s) => s.spanId === deleteProducer) as ReceivedSpan);
    expect(deleteCommand).toMatchObject([
      {
        service: "lexnav-ingest",
        kind: OTLP_KIND.consumer,
        attributes: { "messaging.destination.name": INGEST_SUBJECTS.deleteDocument, "lexnav.disposition": "ack" },
      },
    ]);
    expect(childrenOf(spans, deleteCommand[0] as ReceivedSpan).map((s) => s.name)).toContain(
      `publish ${INGEST_SUBJECTS.documentDeleted}`,
    );

    // Ids, counts and versions only: neither the question nor the file's name or path.
    const exported = JSON.stringify(spans);
    expect(exported).not.toContain(ASK_VERSO);
    expect(exported).not.toContain(basename(CUAD_FIXTURES.verso));
  }, 120_000);
});
