import { type Logger, toLexnavError } from "@lexnav/core";
import type { JetStreamManager } from "@nats-io/jetstream";
import { metrics } from "@opentelemetry/api";
import type { ChangeKind } from "../ports/applied-change-log.ts";

/**
 * A stage's instruments (read at each scrape of `/metrics`). Labels name the store, the change kind and
 * the consumer: never a document's id or text.
 *
 * - `lexnav.propagation.lag` (histogram, s): from a lifecycle event being published to the stage's store
 *   applying it, by `lexnav.store` and `lexnav.change` (upsert, delete, access): with the ingest service's
 *   figure, the lag from command to every store.
 * - `lexnav.consumer.lag` (gauge): events not yet delivered to the stage's durable consumer.
 */
export interface StageMetrics {
  recordApplied(change: ChangeKind, publishedAtMs: number, appliedAtMs: number): void;
}

/** Creates the instruments on the global meter (a no-op until the process registered a MeterProvider). */
export function createStageMetrics(deps: {
  jsm: JetStreamManager;
  stream: string;
  durable: string;
  store: string;
  logger: Logger;
}): StageMetrics {
  const meter = metrics.getMeter("lexnav.indexer");
  meter
    .createObservableGauge("lexnav.consumer.lag", {
      description: "Messages not yet delivered to a durable consumer (JetStream num_pending)",
      unit: "{message}",
    })
    .addCallback(async (result) => {
      await deps.jsm.consumers.info(deps.stream, deps.durable).then(
        (ci) =>
          result.observe(ci.num_pending, {
            "messaging.system": "nats",
            "messaging.destination.name": deps.stream,
            "messaging.consumer.group.name": deps.durable,
          }),
        (e: unknown) =>
          deps.logger.debug("metric source unreadable", { what: "consumer lag", error: toLexnavError(e).message }),
      );
    });
  const propagation = meter.createHistogram("lexnav.propagation.lag", {
    description: "From a lifecycle event being published to a stage's store applying it",
    unit: "s",
  });
  return {
    recordApplied(change, publishedAtMs, appliedAtMs) {
      propagation.record(Math.max(0, (appliedAtMs - publishedAtMs) / 1000), {
        "lexnav.store": deps.store,
        "lexnav.change": change,
      });
    },
  };
}
