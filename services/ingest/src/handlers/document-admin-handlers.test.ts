import { create, toBinary } from "@bufbuild/protobuf";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { ingestV1 } from "@lexnav/proto";
import { createEmbeddedStack } from "@lexnav/stack";
import { describe, expect, it } from "vitest";
import type { EventPublisher, OutgoingEvent } from "../ports/event-publisher.ts";
import { INGEST_SUBJECTS } from "../subjects.ts";
import type { CommandMessage } from "./command-message.ts";
import { createDeleteDocumentHandler, createSetDocumentAccessHandler } from "./document-admin-handlers.ts";

const TEXT = `SUPPLY AGREEMENT

1. TERM

This Agreement begins on the Effective Date and continues for three years.
`;

function deleteCommand(documentId: string, deliveryCount = 1, publishedAt?: Date): CommandMessage {
  return {
    ...(publishedAt ? { publishedAt } : {}),
    subject: INGEST_SUBJECTS.deleteDocument,
    data: toBinary(
      ingestV1.DeleteDocumentCommandSchema,
      create(ingestV1.DeleteDocumentCommandSchema, { commandId: "del-1", documentId }),
    ),
    headers: {},
    deliveryCount,
    streamSequence: 3,
  };
}

describe("delete-document handler", () => {
  it("terminates the delete of a document on legal hold with the hold's reason, and deletes nothing", async () => {
    const stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
    const { catalog, pipeline } = stack;
    const r = await pipeline.ingest({
      source: "mem://supply.txt",
      bytes: new TextEncoder().encode(TEXT),
      fileName: "supply.txt",
      access: { principals: [], groups: ["deal"] },
    });
    expect(r.status).toBe("indexed");
    await stack.changeControl({
      place: {
        scope: "document",
        scopeId: r.documentId,
        kind: "legal_hold",
        name: "",
        by: "records-officer",
        since: "2026-11-30T09:00:00.000Z",
      },
    });
    const events: OutgoingEvent[] = [];
    const publisher: EventPublisher = { publish: async (e) => void events.push(e) };
    const handle = createDeleteDocumentHandler({ pipeline, publisher, logger: silentLogger });

    // Not retried: a hold does not lift by waiting, so even the first delivery is terminated.
    const d = await handle(deleteCommand(r.documentId));
    expect(d.kind).toBe("term");
    expect(d.kind === "term" ? d.reason : "").toMatch(
      /on legal hold since 2026-11-30T09:00:00.000Z, by records-officer/,
    );
    expect(events).toEqual([]);
    expect((await catalog.getDocument(r.documentId))?.lifecycle).toBe("indexed");

    await stack.changeControl({ lift: { scope: "document", scopeId: r.documentId, kind: "legal_hold", name: "" } });
    expect(await handle(deleteCommand(r.documentId))).toEqual({ kind: "ack" });
    expect(events.map((e) => e.subject)).toEqual([INGEST_SUBJECTS.documentDeleted]);
    expect((await catalog.getDocument(r.documentId))?.lifecycle).toBe("deleted");
    await stack.close();
  });

  it("never acks the delete of a document its store never held: hands it back, then dead-letters it with the reason", async () => {
    const stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
    const events: OutgoingEvent[] = [];
    const publisher: EventPublisher = { publish: async (e) => void events.push(e) };
    const retry = { maxDeliver: 3, baseDelayMs: 100, maxDelayMs: 1_000 };
    const handle = createDeleteDocumentHandler({ pipeline: stack.pipeline, publisher, logger: silentLogger, retry });
    // Another replica's store may hold it: redelivered, with backoff, to whichever replica takes it.
    expect(await handle(deleteCommand("doc_elsewhere", 1))).toMatchObject({ kind: "nak", delayMs: 100 });
    expect(await handle(deleteCommand("doc_elsewhere", 2))).toMatchObject({ kind: "nak", delayMs: 200 });
    const last = await handle(deleteCommand("doc_elsewhere", 3));
    expect(last).toEqual({
      kind: "term",
      reason:
        "DeleteDocumentCommand del-1: no document doc_elsewhere in this replica's store after 3 deliveries: nothing was changed",
    });
    expect(events).toEqual([]);

    // A document deleted before is known: deleting it again is done, and says so.
    const r = await stack.pipeline.ingest({
      source: "mem://supply.txt",
      bytes: new TextEncoder().encode(TEXT),
      fileName: "supply.txt",
      access: { principals: [], groups: ["deal"] },
    });
    expect(await handle(deleteCommand(r.documentId))).toEqual({ kind: "ack" });
    expect(await handle(deleteCommand(r.documentId))).toEqual({ kind: "ack" });
    expect(events.map((e) => e.subject)).toEqual([INGEST_SUBJECTS.documentDeleted, INGEST_SUBJECTS.documentDeleted]);
    await stack.close();
  });

  it("treats an access change for a document its store never held alike", async () => {
    const stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
    const publisher: EventPublisher = { publish: async () => undefined };
    const retry = { maxDeliver: 2, baseDelayMs: 100, maxDelayMs: 1_000 };
    const handle = createSetDocumentAccessHandler({ pipeline: stack.pipeline, publisher, logger: silentLogger, retry });
    const command = (deliveryCount: number): CommandMessage => ({
      subject: INGEST_SUBJECTS.setDocumentAccess,
      data: toBinary(
        ingestV1.SetDocumentAccessCommandSchema,
        create(ingestV1.SetDocumentAccessCommandSchema, {
          commandId: "acl-1",
          documentId: "doc_elsewhere",
          access: { principals: [], groups: ["board"] },
        }),
      ),
      headers: {},
      deliveryCount,
      streamSequence: 4,
    });
    expect(await handle(command(1))).toMatchObject({ kind: "nak", delayMs: 100 });
    expect(await handle(command(2))).toMatchObject({
      kind: "term",
      reason: expect.stringMatching(
        /^SetDocumentAccessCommand acl-1: no document doc_elsewhere in this replica's store/,
      ),
    });
    await stack.close();
  });
});

describe("delete and access-change commands delivered after a newer ingest of their document", () => {
  it("are dead-lettered with the reason and change nothing; made after it, they apply", async () => {
    const stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
    const { catalog, pipeline } = stack;
    const deal = { principals: [], groups: ["deal"] };
    const r = await pipeline.ingest({
      source: "mem://supply.txt",
      bytes: new TextEncoder().encode(TEXT),
      fileName: "supply.txt",
      access: deal,
      requestedAt: "2026-06-01T10:00:02.000Z",
    });
    const events: OutgoingEvent[] = [];
    const publisher: EventPublisher = { publish: async (e) => void events.push(e) };
    const remove = createDeleteDocumentHandler({ pipeline, publisher, logger: silentLogger });
    const setAccess = createSetDocumentAccessHandler({ pipeline, publisher, logger: silentLogger });
    const aclCommand = (publishedAt: Date): CommandMessage => ({
      subject: INGEST_SUBJECTS.setDocumentAccess,
      data: toBinary(
        ingestV1.SetDocumentAccessCommandSchema,
        create(ingestV1.SetDocumentAccessCommandSchema, {
          commandId: "acl-2",
          documentId: r.documentId,
          access: { principals: [], groups: ["board"] },
        }),
      ),
      headers: {},
      deliveryCount: 2,
      streamSequence: 5,
      publishedAt,
    });
    const before = new Date("2026-06-01T10:00:01.000Z");
    const after = new Date("2026-06-01T10:00:03.000Z");

    const lateAcl = await setAccess(aclCommand(before));
    expect(lateAcl).toMatchObject({
      kind: "term",
      reason: expect.stringMatching(
        /made at 2026-06-01T10:00:01.000Z not applied: a later request .* was applied first/,
      ),
    });
    const lateDelete = await remove(deleteCommand(r.documentId, 2, before));
    expect(lateDelete.kind).toBe("term");
    expect(events).toEqual([]);
    expect(await catalog.getDocument(r.documentId)).toMatchObject({ lifecycle: "indexed", access: deal });

    expect(await setAccess(aclCommand(after))).toEqual({ kind: "ack" });
    expect(await remove(deleteCommand(r.documentId, 1, after))).toEqual({ kind: "ack" });
    expect(events.map((e) => e.subject)).toEqual([
      INGEST_SUBJECTS.documentAccessChanged,
      INGEST_SUBJECTS.documentDeleted,
    ]);
    expect((await catalog.getDocument(r.documentId))?.lifecycle).toBe("deleted");
    await stack.close();
  });
});
