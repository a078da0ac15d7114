import type { Logger } from "@lexnav/core";
import {
  consumeLifecycleEvents,
  type LifecycleConsumer,
  type LifecycleConsumerOptions,
  lifecycleTopology,
} from "@lexnav/indexer";
import { INGEST_EVENT_NAMES, INGEST_SUBJECTS } from "@lexnav/ingest-service";
import type { NatsConnection } from "@nats-io/transport-node";

/**
 * The durable consumer the answer service's replicas share on the ingest service's event stream. It reads
 * only `DocumentDeleted` (deploy/nats/nats.conf allows the `answer` user this consumer and no other).
 */
export const ANSWER_ERASURE_CONSUMER = "answer--document-deleted";

export interface DocumentErasureDeps {
  /** An open connection; the caller owns it and drains it after `stop()`. */
  nc: NatsConnection;
  /** The answer records' erasure for one document (`createAnswerRecordErasure` on the service's store). */
  eraseAnswerRecords: (documentId: string) => Promise<number>;
  logger: Logger;
  options?: Partial<LifecycleConsumerOptions>;
}

/**
 * Erases the text a deleted document left in the answer service's records when the delete reaches it as
 * a `DocumentDeleted` event. On the shared catalog the ingest service's delete transaction cannot reach
 * this service's own store, so this consumer does what the embedded delete does inside its transaction:
 * every record that drew on the document keeps only keyed hashes of its text and says "document deleted".
 * A redelivery finds the records already erased and changes nothing.
 */
export async function startDocumentErasure(deps: DocumentErasureDeps): Promise<LifecycleConsumer> {
  const topology = lifecycleTopology(INGEST_EVENT_NAMES);
  return await consumeLifecycleEvents(
    {
      nc: deps.nc,
      topology: { ...topology, filterSubject: INGEST_SUBJECTS.documentDeleted },
      durable: ANSWER_ERASURE_CONSUMER,
      logger: deps.logger,
      ...(deps.options ? { options: deps.options } : {}),
    },
    "answer",
    async (event, ref, span) => {
      if (event.kind !== "deleted") return;
      const erased = await deps.eraseAnswerRecords(event.documentId);
      span.setAttributes({ "lexnav.answer_records_erased": erased });
      deps.logger.info("answer records erased", { documentId: event.documentId, erased, eventKey: ref.eventKey });
    },
  );
}
