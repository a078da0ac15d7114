import { LexnavError } from "@lexnav/core";
import type { JetStreamClient } from "@nats-io/jetstream";
import { headers as natsHeaders } from "@nats-io/transport-node";
import type { EventPublisher, OutgoingEvent } from "../ports/event-publisher.ts";

/** Publishes events to JetStream and resolves once the stream stored them (a PubAck). */
export function createJetStreamEventPublisher(js: JetStreamClient, timeoutMs = 5_000): EventPublisher {
  return {
    async publish(event: OutgoingEvent): Promise<void> {
      const h = natsHeaders();
      for (const [k, v] of Object.entries(event.headers)) h.set(k, v);
      try {
        await js.publish(event.subject, event.data, { headers: h, msgID: event.msgId, timeout: timeoutMs });
      } catch (cause) {
        throw new LexnavError("unavailable", `cannot publish ${event.subject}: ${(cause as Error).message}`, {
          cause,
          retryable: true,
        });
      }
    },
  };
}
