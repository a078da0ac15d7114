import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { createLogger, LexnavError, silentLogger } from "@lexnav/core";
import { documentIdFor, type IngestPipeline, type IngestRequest, type IngestResult } from "@lexnav/ingest";
import { ingestV1 } from "@lexnav/proto";
import { describe, expect, it } from "vitest";
import type { EventPublisher, OutgoingEvent } from "../ports/event-publisher.ts";
import { INGEST_SUBJECTS, SCHEMA_HEADER } from "../subjects.ts";
import type { CommandMessage, RetryPolicy } from "./command-message.ts";
import { createIngestDocumentHandler } from "./ingest-document-handler.ts";

const POLICY: RetryPolicy = { maxDeliver: 3, baseDelayMs: 100, maxDelayMs: 1_000 };
const TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

function result(over: Partial<IngestResult>): IngestResult {
  return {
    documentId: "doc_1",
    source: "a.txt",
    status: "indexed",
    version: "v1",
    failure: null,
    title: "SUPPLY AGREEMENT",
    role: "base_agreement",
    nodeCount: 12,
    transactionSetId: null,
    qualityStatus: "ok",
    ...over,
  };
}

function pipelineReturning(fn: (r: IngestRequest) => Promise<IngestResult>): IngestPipeline {
  return { ingest: fn, remove: async () => null, setAccess: async () => true, recoverInterrupted: async () => [] };
}

function recorder(fail = false): EventPublisher & { events: OutgoingEvent[] } {
  const events: OutgoingEvent[] = [];
  return {
    events,
    async publish(e) {
      if (fail) throw new LexnavError("unavailable", "no stream");
      events.push(e);
    },
  };
}

function command(
  over: Partial<CommandMessage> = {},
  cmd: { commandId?: string; source?: string } = {},
): CommandMessage {
  const payload = create(ingestV1.IngestDocumentCommandSchema, {
    commandId: "c1",
    source: "a.txt",
    content: new TextEncoder().encode("hello"),
    access: { principals: ["alice"] },
    ...cmd,
  });
  return {
    subject: INGEST_SUBJECTS.ingestDocument,
    data: toBinary(ingestV1.IngestDocumentCommandSchema, payload),
    headers: { traceparent: TRACEPARENT },
    deliveryCount: 1,
    streamSequence: 7,
    ...over,
  };
}

describe("ingest-document handler", () => {
  it("passes the command to the pipeline and publishes DocumentIndexed with the trace header, then acks", async () => {
    const seen: IngestRequest[] = [];
    const pub = recorder();
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async (r) => {
        seen.push(r);
        return result({});
      }),
      publisher: pub,
      logger: silentLogger,
      retry: POLICY,
    });
    expect(await handle(command())).toEqual({ kind: "ack" });
    expect(seen[0]?.access).toEqual({ principals: ["alice"], groups: [] });
    expect(new TextDecoder().decode(seen[0]?.bytes)).toBe("hello");
    expect(seen[0]).not.toHaveProperty("transactionSetId");
    const e = pub.events[0]!;
    expect(e.subject).toBe(INGEST_SUBJECTS.documentIndexed);
    expect(e.headers.traceparent).toBe(TRACEPARENT);
    expect(e.headers[SCHEMA_HEADER]).toBe("lexnav.ingest.v1.DocumentIndexed");
    expect(e.msgId).toBe("c1:document-indexed");
    const evt = fromBinary(ingestV1.DocumentIndexedSchema, e.data);
    expect(evt).toMatchObject({ commandId: "c1", documentId: "doc_1", version: "v1", nodeCount: 12 });
    // the title is read from the text: it stays in the catalog, behind the reader's access
    expect(evt.title).toBeUndefined();
  });

  it("stamps the indexed event with the command's stream time, where each store's propagation lag starts", async () => {
    const pub = recorder();
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () => result({})),
      publisher: pub,
      logger: silentLogger,
      retry: POLICY,
      now: () => new Date("2026-01-02T03:04:10Z"),
    });
    expect(await handle(command({ publishedAt: new Date("2026-01-02T03:04:05.250Z") }))).toEqual({ kind: "ack" });
    const evt = fromBinary(ingestV1.DocumentIndexedSchema, pub.events[0]!.data);
    expect(timestampDate(evt.commandAt!).toISOString()).toBe("2026-01-02T03:04:05.250Z");
    expect(timestampDate(evt.occurredAt!).toISOString()).toBe("2026-01-02T03:04:10.000Z");
    // Outside a stream there is no command time: the field stays unset rather than made up.
    await handle(command());
    expect(fromBinary(ingestV1.DocumentIndexedSchema, pub.events[1]!.data).commandAt).toBeUndefined();
  });

  it("asks for the command as made when it reached its stream, and dead-letters it, announcing nothing, when a later one was applied first", async () => {
    const seen: IngestRequest[] = [];
    const pub = recorder();
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async (r) => {
        seen.push(r);
        return result({ status: "superseded", version: null, supersededBy: "2026-01-02T03:04:09.000Z" });
      }),
      publisher: pub,
      logger: silentLogger,
      retry: POLICY,
    });
    const d = await handle(command({ deliveryCount: 2, publishedAt: new Date("2026-01-02T03:04:05.250Z") }));
    expect(seen[0]?.requestedAt).toBe("2026-01-02T03:04:05.250Z");
    expect(d).toEqual({
      kind: "term",
      reason:
        "IngestDocumentCommand c1 not applied: a later command for document doc_1, made at 2026-01-02T03:04:09.000Z, was applied first",
    });
    expect(pub.events).toEqual([]);
  });

  it("passes no access for a command that names none, so a known document keeps its own", async () => {
    const seen: IngestRequest[] = [];
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async (r) => {
        seen.push(r);
        return result({ status: "unchanged" });
      }),
      publisher: recorder(),
      logger: silentLogger,
      retry: POLICY,
    });
    const payload = create(ingestV1.IngestDocumentCommandSchema, { commandId: "c2", source: "a.txt" });
    const data = toBinary(ingestV1.IngestDocumentCommandSchema, payload);
    expect(await handle(command({ data }))).toEqual({ kind: "ack" });
    expect(seen[0]).not.toHaveProperty("access");
  });

  it("announces a failed document as DocumentFailed and acks (a failure is a value, not an error)", async () => {
    const pub = recorder();
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () =>
        result({ status: "failed", version: null, failure: { code: "encrypted", reason: "password-protected PDF" } }),
      ),
      publisher: pub,
      logger: silentLogger,
    });
    expect(await handle(command())).toEqual({ kind: "ack" });
    expect(pub.events[0]?.subject).toBe(INGEST_SUBJECTS.documentFailed);
    const evt = fromBinary(ingestV1.DocumentFailedSchema, pub.events[0]!.data);
    expect(evt.failure).toMatchObject({ code: "encrypted", reason: "password-protected PDF" });
    expect(evt.version).toBeUndefined();
  });

  it("terminates undecodable and invalid commands without calling the pipeline", async () => {
    let calls = 0;
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () => {
        calls++;
        return result({});
      }),
      publisher: recorder(),
      logger: silentLogger,
    });
    const garbage = await handle(command({ data: new Uint8Array([0x12, 0x05, 0x61]) }));
    expect(garbage.kind).toBe("term");
    const empty = await handle(command({}, { source: "" }));
    expect(empty).toMatchObject({ kind: "term" });
    expect(calls).toBe(0);
  });

  it("naks retryable errors with growing backoff, then gives up with DocumentFailed on the last delivery", async () => {
    const pub = recorder();
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () => {
        throw new LexnavError("unavailable", "catalog locked");
      }),
      publisher: pub,
      logger: silentLogger,
      retry: POLICY,
    });
    expect(await handle(command({ deliveryCount: 1 }))).toMatchObject({ kind: "nak", delayMs: 100 });
    expect(await handle(command({ deliveryCount: 2 }))).toMatchObject({ kind: "nak", delayMs: 200 });
    expect(pub.events).toHaveLength(0);
    expect(await handle(command({ deliveryCount: 3 }))).toEqual({ kind: "ack" });
    const evt = fromBinary(ingestV1.DocumentFailedSchema, pub.events[0]!.data);
    expect(evt.failure?.code).toBe("unavailable");
    expect(evt.failure?.reason).toContain("gave up after 3 attempts");
  });

  it("retries a document the store could not record (busy) instead of failing it, then fails it with its id", async () => {
    const pub = recorder();
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () =>
        result({
          status: "failed",
          version: null,
          retryable: true,
          failure: { code: "unavailable", reason: "a.txt: not ingested: the lexnav store at /data/x is busy" },
        }),
      ),
      publisher: pub,
      logger: silentLogger,
      retry: POLICY,
    });
    expect(await handle(command({ deliveryCount: 1 }))).toMatchObject({ kind: "nak", delayMs: 100 });
    expect(await handle(command({ deliveryCount: 2 }))).toMatchObject({ kind: "nak", delayMs: 200 });
    expect(pub.events).toHaveLength(0);
    expect(await handle(command({ deliveryCount: 3 }))).toEqual({ kind: "ack" });
    const evt = fromBinary(ingestV1.DocumentFailedSchema, pub.events[0]!.data);
    expect(evt.documentId).toBe("doc_1");
    expect(evt.failure?.reason).toMatch(/^gave up after 3 attempts: a\.txt: not ingested: the lexnav store .* is busy/);
  });

  it("names the document a thrown failure is about, never an empty id", async () => {
    const pub = recorder();
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () => {
        throw new TypeError("boom");
      }),
      publisher: pub,
      logger: silentLogger,
    });
    expect(await handle(command({}, { source: "upload://deal/a.txt" }))).toEqual({ kind: "ack" });
    const evt = fromBinary(ingestV1.DocumentFailedSchema, pub.events[0]!.data);
    expect(evt.documentId).toBe(documentIdFor("upload://deal/a.txt"));
  });

  it("keeps internal failure reasons from the pipeline off the wire", async () => {
    const pub = recorder();
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () =>
        result({ status: "failed", failure: { code: "internal", reason: "x is not a function at structurer.ts:42" } }),
      ),
      publisher: pub,
      logger: silentLogger,
    });
    expect(await handle(command())).toEqual({ kind: "ack" });
    const evt = fromBinary(ingestV1.DocumentFailedSchema, pub.events[0]!.data);
    expect(evt.failure?.code).toBe("internal");
    expect(evt.failure?.reason).not.toContain("structurer");
    expect(evt.failure?.reason).toContain("c1");
  });

  it("keeps internal error messages off the wire", async () => {
    const pub = recorder();
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () => {
        throw new TypeError("cannot read properties of undefined (reading 'secretColumn')");
      }),
      publisher: pub,
      logger: silentLogger,
    });
    expect(await handle(command())).toEqual({ kind: "ack" });
    const evt = fromBinary(ingestV1.DocumentFailedSchema, pub.events[0]!.data);
    expect(evt.failure?.code).toBe("internal");
    expect(evt.failure?.reason).not.toContain("secretColumn");
  });

  it("logs ids and codes, never the file's name or path, nor a failure reason that names it", async () => {
    const lines: string[] = [];
    const logger = createLogger("debug", (l) => lines.push(l));
    const source = "/deals/Zanzibar Quokka/Merger Agreement.pdf";
    const failing = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () =>
        result({
          status: "failed",
          version: null,
          failure: { code: "encrypted", reason: "Merger Agreement.pdf: password-protected PDF" },
        }),
      ),
      publisher: recorder(),
      logger,
    });
    expect(await failing(command({}, { source }))).toEqual({ kind: "ack" });
    const throwing = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () => {
        throw new LexnavError("unavailable", `EBUSY: resource busy, open '${source}'`);
      }),
      publisher: recorder(),
      logger,
      retry: POLICY,
    });
    expect(await throwing(command({ deliveryCount: 1 }, { source }))).toMatchObject({ kind: "nak" });
    expect(await throwing(command({ deliveryCount: 3 }, { source }))).toEqual({ kind: "ack" });
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l).not.toMatch(/Zanzibar|Merger Agreement/);
    expect(lines.join("\n")).toContain('"code":"encrypted"');
    expect(lines.join("\n")).toContain("EBUSY: resource busy, open '<file>'");
  });

  it("naks when the event cannot be published, so the outcome is never lost", async () => {
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () => result({})),
      publisher: recorder(true),
      logger: silentLogger,
      retry: POLICY,
    });
    expect(await handle(command({ deliveryCount: 2 }))).toMatchObject({ kind: "nak", delayMs: 200 });
  });

  it("announces again, as indexed, a version whose first announcement failed: the retry finds it unchanged", async () => {
    // The first delivery writes the catalog, then cannot publish (the server went away): nak. The
    // redelivery finds the same bytes unchanged, still waiting for the stores, and must not leave them
    // without the version.
    let calls = 0;
    let failing = true;
    const events: OutgoingEvent[] = [];
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () =>
        calls++ === 0 ? result({}) : result({ status: "unchanged", awaitingStores: true }),
      ),
      publisher: {
        async publish(e) {
          if (failing) throw new LexnavError("unavailable", "timeout");
          events.push(e);
        },
      },
      logger: silentLogger,
      retry: POLICY,
    });
    expect(await handle(command())).toMatchObject({ kind: "nak" });
    failing = false;
    expect(await handle(command({ deliveryCount: 2 }))).toEqual({ kind: "ack" });
    expect(events.map((e) => [e.subject, e.msgId])).toEqual([
      [INGEST_SUBJECTS.documentIndexed, "c1:document-indexed"],
      [INGEST_SUBJECTS.documentUnchanged, "c1:document-unchanged"],
    ]);
    const indexed = fromBinary(ingestV1.DocumentIndexedSchema, events[0]?.data ?? new Uint8Array());
    expect(indexed).toMatchObject({ documentId: "doc_1", version: "v1", nodeCount: 12 });
  });

  it("announces a redelivered command's unchanged version as indexed too (the same id: a duplicate is dropped)", async () => {
    const pub = recorder();
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () => result({ status: "unchanged" })),
      publisher: pub,
      logger: silentLogger,
      retry: POLICY,
    });
    await handle(command({ deliveryCount: 2 }));
    expect(pub.events.map((e) => e.msgId)).toEqual(["c1:document-indexed", "c1:document-unchanged"]);
    // A first delivery of the same bytes, served already, owes the stores nothing.
    const first = recorder();
    await createIngestDocumentHandler({
      pipeline: pipelineReturning(async () => result({ status: "unchanged" })),
      publisher: first,
      logger: silentLogger,
    })(command());
    expect(first.events.map((e) => e.subject)).toEqual([INGEST_SUBJECTS.documentUnchanged]);
  });

  it("announces the new access of unchanged bytes ingested with another access, for the stores' copies", async () => {
    const pub = recorder();
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () => result({ status: "unchanged", accessChanged: true })),
      publisher: pub,
      logger: silentLogger,
    });
    expect(await handle(command())).toEqual({ kind: "ack" });
    expect(pub.events.map((e) => e.subject)).toEqual([
      INGEST_SUBJECTS.documentAccessChanged,
      INGEST_SUBJECTS.documentUnchanged,
    ]);
    const changed = fromBinary(ingestV1.DocumentAccessChangedSchema, pub.events[0]?.data ?? new Uint8Array());
    expect(changed).toMatchObject({ commandId: "c1", documentId: "doc_1", access: { principals: ["alice"] } });
    expect(pub.events[0]?.msgId).toBe("c1:document-access-changed");
  });

  it("derives a command id from the stream sequence when the caller gave none", async () => {
    const pub = recorder();
    const handle = createIngestDocumentHandler({
      pipeline: pipelineReturning(async () => result({ status: "unchanged" })),
      publisher: pub,
      logger: silentLogger,
    });
    await handle(command({}, { commandId: "" }));
    expect(pub.events[0]?.subject).toBe(INGEST_SUBJECTS.documentUnchanged);
    expect(pub.events[0]?.msgId).toBe("seq-7:document-unchanged");
  });
});
