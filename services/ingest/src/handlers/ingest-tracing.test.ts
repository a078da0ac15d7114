import { create, toBinary } from "@bufbuild/protobuf";
import { inSpan, silentLogger } from "@lexnav/core";
import type { IngestResult } from "@lexnav/ingest";
import { ingestV1 } from "@lexnav/proto";
import { startTelemetry, type Telemetry } from "@lexnav/telemetry";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutgoingEvent } from "../ports/event-publisher.ts";
import { INGEST_SUBJECTS } from "../subjects.ts";
import { createDeleteDocumentHandler, createSetDocumentAccessHandler } from "./document-admin-handlers.ts";
import { createIngestDocumentHandler } from "./ingest-document-handler.ts";

// OpenTelemetry's SpanKind values (the API package is not a dependency of this service).
const SpanKind = { PRODUCER: 3, CONSUMER: 4 } as const;
const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const PRODUCER_SPAN = "00f067aa0ba902b7";

// With an SDK registered (as the service's main.ts does when an OTLP endpoint is set).
describe("ingest-document handler under OpenTelemetry", () => {
  const exporter = new InMemorySpanExporter();
  let telemetry: Telemetry | null;
  beforeAll(() => {
    telemetry = startTelemetry("lexnav-ingest-test", { env: {}, processors: [new SimpleSpanProcessor(exporter)] });
  });
  afterAll(async () => telemetry?.shutdown());

  it("handles a command in a span of the producer's trace; the event carries that span as its parent", async () => {
    const events: OutgoingEvent[] = [];
    const handle = createIngestDocumentHandler({
      pipeline: {
        // as the pipeline does: its own span, under whatever context is active
        ingest: () =>
          inSpan("lexnav.ingest", {}, async () => ({
            documentId: "doc_1",
            source: "a.txt",
            status: "indexed",
            version: "v1",
            failure: null,
            title: null,
            role: "base_agreement",
            nodeCount: 3,
            transactionSetId: null,
            qualityStatus: "ok",
          })) satisfies Promise<IngestResult>,
        remove: async () => null,
        setAccess: async () => true,
        recoverInterrupted: async () => [],
      },
      publisher: { publish: async (e) => void events.push(e) },
      logger: silentLogger,
    });
    const payload = create(ingestV1.IngestDocumentCommandSchema, {
      commandId: "c1",
      source: "a.txt",
      content: new TextEncoder().encode("hello"),
    });
    const disposition = await handle({
      subject: INGEST_SUBJECTS.ingestDocument,
      data: toBinary(ingestV1.IngestDocumentCommandSchema, payload),
      headers: { traceparent: `00-${TRACE}-${PRODUCER_SPAN}-01` },
      deliveryCount: 1,
      streamSequence: 1,
    });
    expect(disposition).toEqual({ kind: "ack" });
    const span = exporter.getFinishedSpans().find((s) => s.name === "lexnav.ingest.command");
    expect(span?.spanContext().traceId).toBe(TRACE);
    expect(span?.parentSpanContext?.spanId).toBe(PRODUCER_SPAN);
    expect(span?.attributes["lexnav.disposition"]).toBe("ack");
    expect(span?.kind).toBe(SpanKind.CONSUMER);
    expect(span?.attributes["messaging.system"]).toBe("nats");
    expect(span?.attributes["messaging.destination.name"]).toBe(INGEST_SUBJECTS.ingestDocument);
    // The pipeline's span is a child of the command's, not its sibling.
    const ingest = exporter.getFinishedSpans().find((s) => s.name === "lexnav.ingest");
    expect(ingest?.parentSpanContext?.spanId).toBe(span?.spanContext().spanId);
    // The event is published in a PRODUCER span under the command's, and carries that span's context.
    const publish = exporter.getFinishedSpans().find((s) => s.name === `publish ${INGEST_SUBJECTS.documentIndexed}`);
    expect(publish?.kind).toBe(SpanKind.PRODUCER);
    expect(publish?.parentSpanContext?.spanId).toBe(span?.spanContext().spanId);
    expect(events[0]?.headers.traceparent).toBe(`00-${TRACE}-${publish?.spanContext().spanId}-01`);
  });

  it("handles delete and set-access commands in spans of the producer's trace too", async () => {
    exporter.reset();
    const deps = {
      pipeline: {
        ingest: async () => {
          throw new Error("unused");
        },
        remove: async () => ({ documentId: "doc_1" }) as never,
        setAccess: async () => true,
        recoverInterrupted: async () => [],
      },
      publisher: { publish: async () => undefined },
      logger: silentLogger,
    };
    const headers = { traceparent: `00-${TRACE}-${PRODUCER_SPAN}-01` };
    const del = create(ingestV1.DeleteDocumentCommandSchema, { commandId: "d1", documentId: "doc_1" });
    const acl = create(ingestV1.SetDocumentAccessCommandSchema, { commandId: "a1", documentId: "doc_1" });
    await createDeleteDocumentHandler(deps)({
      subject: INGEST_SUBJECTS.deleteDocument,
      data: toBinary(ingestV1.DeleteDocumentCommandSchema, del),
      headers,
      deliveryCount: 1,
      streamSequence: 2,
    });
    await createSetDocumentAccessHandler(deps)({
      subject: INGEST_SUBJECTS.setDocumentAccess,
      data: toBinary(ingestV1.SetDocumentAccessCommandSchema, acl),
      headers,
      deliveryCount: 1,
      streamSequence: 3,
    });
    const commands = exporter.getFinishedSpans().filter((s) => s.name === "lexnav.ingest.command");
    expect(commands.map((s) => s.attributes["messaging.destination.name"])).toEqual([
      INGEST_SUBJECTS.deleteDocument,
      INGEST_SUBJECTS.setDocumentAccess,
    ]);
    for (const s of commands) {
      expect(s.spanContext().traceId).toBe(TRACE);
      expect(s.parentSpanContext?.spanId).toBe(PRODUCER_SPAN);
      expect(s.kind).toBe(SpanKind.CONSUMER);
      expect(s.attributes["lexnav.document_id"]).toBe("doc_1");
    }
    const publishes = exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.PRODUCER);
    expect(publishes.map((s) => s.attributes["messaging.destination.name"])).toEqual([
      INGEST_SUBJECTS.documentDeleted,
      INGEST_SUBJECTS.documentAccessChanged,
    ]);
  });
});
