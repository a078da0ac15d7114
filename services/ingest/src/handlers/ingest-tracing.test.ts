import { create, toBinary } from "@bufbuild/protobuf";
import { silentLogger } from "@lexnav/core";
import type { IngestResult } from "@lexnav/ingest";
import { ingestV1 } from "@lexnav/proto";
import { startTelemetry, type Telemetry } from "@lexnav/telemetry";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutgoingEvent } from "../ports/event-publisher.ts";
import { INGEST_SUBJECTS } from "../subjects.ts";
import { createIngestDocumentHandler } from "./ingest-document-handler.ts";

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
        ingest: async () =>
          ({
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
          }) satisfies IngestResult,
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
    // The event continues the same trace, as a child of the handling span (not of the producer's).
    expect(events[0]?.headers.traceparent).toBe(`00-${TRACE}-${span?.spanContext().spanId}-01`);
  });
});
