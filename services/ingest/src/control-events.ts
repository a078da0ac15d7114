import { create, toBinary } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { headersFromContext, inSpan } from "@lexnav/core";
import type { IngestRequest } from "@lexnav/ingest";
import { ingestV1 } from "@lexnav/proto";
import { jetstream } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { createJetStreamEventPublisher } from "./adapters/jetstream-event-publisher.ts";
import { INGEST_SUBJECTS, SCHEMA_HEADER } from "./subjects.ts";

type Access = NonNullable<IngestRequest["access"]>;

/**
 * Tells the indexing stages that an ethical wall was placed or lifted on these documents: one
 * `DocumentAccessChanged` per document, since a wall changes who may read it. The event carries the
 * granted access only (the wire's Access has no deny list, and the walled names stay in the catalog);
 * a stage reads the document's current access, walls included, from the catalog when it applies the
 * event, so the latest control wins whatever order events arrive in.
 *
 * Published from where controls are placed (the operator's CLI, on the deployment's catalog), onto the
 * ingest service's event stream, which the stages already consume. Resolves once the stream stored
 * every event; an announcement repeated (the command run again) changes nothing twice at a stage.
 */
export async function announceAccessChanges(
  nc: NatsConnection,
  documents: ReadonlyArray<{ id: string; access: Access }>,
  change: { commandId: string; at: Date },
): Promise<number> {
  const publisher = createJetStreamEventPublisher(jetstream(nc));
  for (const doc of documents) {
    const message = create(ingestV1.DocumentAccessChangedSchema, {
      commandId: change.commandId,
      documentId: doc.id,
      access: { principals: [...doc.access.principals], groups: [...doc.access.groups] },
      occurredAt: timestampFromDate(change.at),
      // The control was placed now, in this process: where each store's propagation lag starts.
      commandAt: timestampFromDate(change.at),
    });
    const data = toBinary(ingestV1.DocumentAccessChangedSchema, message);
    await inSpan(
      `publish ${INGEST_SUBJECTS.documentAccessChanged}`,
      {
        "messaging.system": "nats",
        "messaging.destination.name": INGEST_SUBJECTS.documentAccessChanged,
        "messaging.operation.type": "send",
        "messaging.operation.name": "publish",
        "messaging.message.id": change.commandId,
        "lexnav.document_id": doc.id,
      },
      () =>
        publisher.publish({
          subject: INGEST_SUBJECTS.documentAccessChanged,
          data,
          headers: { ...headersFromContext(), [SCHEMA_HEADER]: ingestV1.DocumentAccessChangedSchema.typeName },
          msgId: `${change.commandId}:${doc.id}:document-access-changed`,
        }),
      { kind: "producer" },
    );
  }
  return documents.length;
}
