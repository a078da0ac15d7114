import { join } from "node:path";
import { headersFromContext, inSpan } from "@lexnav/core";
import { INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { startTelemetry, type Telemetry } from "@lexnav/telemetry";
import { jetstream } from "@nats-io/jetstream";
import { type NatsConnection, headers as natsHeaders } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NatsServerHandle } from "../support/nats-server.ts";
import { OTLP_KIND, type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from "../support/otlp-receiver.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import { installedEmbedderFolder } from "../support/shared.ts";
import {
  appliedChanges,
  indexedBySource,
  markerWord,
  stageIngestCommand,
  startIngestProcess,
  startStageBus,
  stopStageBus,
  until,
} from "../support/stage-corpus.ts";

// One ingestion is one trace across separate processes: this test (the client's PRODUCER span), the
// ingest service, and the indexing stages, each exporting OTLP/HTTP to a receiver the test runs. The tree
// holds only if the trace context really crossed the NATS headers of the command and of the event.
// Without the installed embedding model the vector stage cannot run: the tree is then client, ingest and
// the lexical stage (still three processes), and the test's name says so.
const CLIENT = "lexnav-test-client";
const GROUP = "deal-team";
const model = installedEmbedderFolder();
const stages = model === null ? ["lexical"] : ["lexical", "vector"];

let receiver: OtlpReceiver;
let nats: NatsServerHandle;
let nc: NatsConnection;
let dir: string;
let telemetry: Telemetry | null = null;
const running = new Map<string, ServiceProcess>();

const catalogPath = () => join(dir, "catalog.sqlite");

const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) =>
  spans.filter((s) => s.traceId === parent.traceId && s.parentSpanId === parent.spanId);

describe(`one ingestion is one trace across the ingest service and the ${stages.join(" and ")} stage${stages.length > 1 ? "s" : ""}, each a process exporting OTLP${model === null ? " (no installed embedding model: the vector stage is left out)" : ""}`, () => {
  beforeAll(async () => {
    if (model === null) console.log("stage trace tree: no installed embedding model; the vector stage is not run");
    receiver = await startOtlpReceiver();
    ({ nats, dir, nc } = await startStageBus("stage-trace-tree"));
    const env = {
      NATS_URL: nats.url,
      LEXNAV_DB: catalogPath(),
      LEXNAV_LOG_LEVEL: "info",
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: "100",
    };
    running.set("ingest", await startIngestProcess(env));
    const lexicalEnv = {
      ...env,
      LEXNAV_LEXICAL_DB: join(dir, "lexical.sqlite"),
      LEXNAV_LEXICAL_ADDRESS: "127.0.0.1:0",
    };
    running.set("lexical", (await startServiceProcess("lexical", lexicalEnv, "ready", 60_000)).process);
    if (model !== null) {
      const vectorEnv = {
        ...env,
        LEXNAV_VECTOR_DB: join(dir, "vector.sqlite"),
        LEXNAV_VECTOR_ADDRESS: "127.0.0.1:0",
        LEXNAV_EMBEDDER_MODEL_DIR: model,
      };
      running.set("vector", (await startServiceProcess("vector", vectorEnv, "ready", 90_000)).process);
    }
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.endpoint;
    telemetry = startTelemetry(CLIENT, { env: process.env });
  }, 240_000);

  afterAll(async () => {
    await stopStageBus(running.values(), { nats, dir, nc });
    running.clear();
    await telemetry?.shutdown();
    await receiver?.close();
  });

  it("client PRODUCER → ingest CONSUMER → extract and structure, and the event's PRODUCER → each stage's CONSUMER → its store's indexing; ids and counts, no text or file name", async () => {
    const producerSpan = await inSpan(
      `publish ${INGEST_SUBJECTS.ingestDocument}`,
      {
        "messaging.system": "nats",
        "messaging.destination.name": INGEST_SUBJECTS.ingestDocument,
        "messaging.operation.type": "send",
      },
      async (span) => {
        const h = natsHeaders();
        for (const [k, v] of Object.entries(headersFromContext())) h.set(k, v);
        await jetstream(nc).publish(INGEST_SUBJECTS.ingestDocument, stageIngestCommand(1, [GROUP]), { headers: h });
        return span.spanContext();
      },
      { kind: "producer" },
    );
    const doc = await until(
      "the ingest service to index the document",
      async () => (await indexedBySource(catalogPath())).get("upload://agreement-1.txt") ?? null,
    );
    for (const stage of stages)
      await until(
        `the ${stage} stage to apply it`,
        () => (appliedChanges(join(dir, `${stage}.sqlite`), stage).length > 0 ? true : null),
        120_000,
      );

    // Stopping flushes each process's spans (SIGTERM drains, then the exporter is shut down).
    for (const [name, p] of running) expect(await p.stop(), `${name} exit code`).toBe(0);
    running.clear();
    await telemetry?.shutdown();
    telemetry = null;
    const spans = receiver.spans().filter((s) => s.traceId === producerSpan.traceId);

    const root = spans.find((s) => s.spanId === producerSpan.spanId) as ReceivedSpan;
    expect(root).toMatchObject({ service: CLIENT, kind: OTLP_KIND.producer, parentSpanId: "" });
    const [command, ...others] = childrenOf(spans, root);
    expect(others).toEqual([]);
    expect(command).toMatchObject({
      service: "lexnav-ingest",
      name: "lexnav.ingest.command",
      kind: OTLP_KIND.consumer,
    });
    const underCommand = childrenOf(spans, command as ReceivedSpan);
    const ingest = underCommand.find((s) => s.name === "lexnav.ingest") as ReceivedSpan;
    expect(childrenOf(spans, ingest).map((s) => s.name)).toEqual(
      expect.arrayContaining(["lexnav.ingest.prepare", "lexnav.ingest.store"]),
    );
    const publishIndexed = underCommand.find(
      (s) => s.name === `publish ${INGEST_SUBJECTS.documentIndexed}`,
    ) as ReceivedSpan;
    expect(publishIndexed).toMatchObject({ service: "lexnav-ingest", kind: OTLP_KIND.producer });

    // Each stage's CONSUMER span is a child of the event's PRODUCER span, in its own process, and its
    // store's indexing a child of that.
    const consumers = childrenOf(spans, publishIndexed);
    expect(consumers.map((s) => s.service).sort()).toEqual(stages.map((s) => `lexnav-${s}`).sort());
    for (const stage of stages) {
      const consumer = consumers.find((s) => s.service === `lexnav-${stage}`) as ReceivedSpan;
      expect(consumer).toMatchObject({
        name: `lexnav.${stage}.event`,
        kind: OTLP_KIND.consumer,
        attributes: {
          "messaging.system": "nats",
          "messaging.destination.name": INGEST_SUBJECTS.documentIndexed,
          "messaging.operation.type": "process",
          "messaging.consumer.group.name": `${stage}--document-lifecycle`,
          "lexnav.document_id": doc.id,
          "lexnav.version": doc.version,
          "lexnav.outcome": "applied",
          "lexnav.change": "upsert",
          "lexnav.disposition": "ack",
        },
      });
      expect(consumer.attributes["lexnav.propagation_ms"]).toBeGreaterThanOrEqual(0);
      const indexing = childrenOf(spans, consumer).find((s) => s.name === `lexnav.${stage}.upsert`);
      expect(indexing).toMatchObject({
        service: `lexnav-${stage}`,
        kind: OTLP_KIND.internal,
        attributes: { "lexnav.document_id": doc.id, "lexnav.version": doc.version },
      });
      expect(indexing?.attributes["lexnav.node_count"]).toBeGreaterThan(0);
    }
    console.log(
      `stage trace tree: ${spans.length} spans from ${new Set(spans.map((s) => s.service)).size} processes in one trace`,
    );

    // Ids, counts, versions and timings: never the text nor the file name.
    const exported = JSON.stringify(spans);
    expect(exported).not.toContain(markerWord(1));
    expect(exported).not.toContain("agreement-1");
    expect(exported).not.toContain("MASTER SERVICES");
  }, 300_000);
});
