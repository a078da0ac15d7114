import { create, toBinary } from "@bufbuild/protobuf";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { ingestV1 } from "@lexnav/proto";
import { createEmbeddedStack } from "@lexnav/stack";
import { describe, expect, it } from "vitest";
import type { EventPublisher, OutgoingEvent } from "../ports/event-publisher.ts";
import { INGEST_SUBJECTS } from "../subjects.ts";
import type { CommandMessage } from "./command-message.ts";
import { createDeleteDocumentHandler } from "./document-admin-handlers.ts";

const TEXT = `SUPPLY AGREEMENT

1. TERM

This Agreement begins on the Effective Date and continues for three years.
`;

function deleteCommand(documentId: string, deliveryCount = 1): CommandMessage {
  return {
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
    stack.close();
  });
});
