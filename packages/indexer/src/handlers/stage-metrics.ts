import { type Logger, toLexnavError } from "@lexnav/core";
import type { JetStreamManager } from "@nats-io/jetstream";
import { metrics } from "@opentelemetry/api";
import type { AppliedChange } from "../ports/applied-change-log.ts";

/**
 * A stage's instruments (read at each scrape of `/metrics`). Labels name the store, the change kind and
 * the consumer: never a document's id or text.
 *
 * - `lexnav.propagation.lag` (histogram, s): from the command that caused a change reaching the command
 *   stream (the event's `command_at`) to the stage's store applying it (the log's `applied_at`), by
 *   `lexnav.store` and `lexnav.change` (upsert, delete, access). `lexnav.lag.from` says where it was
 *   measured from: `command`, or `event` for an event that carries no command time.
 * - `lexnav.consumer.lag` (gauge): events the stage's durable consumer has not settled: not yet delivered
 *   (`num_pending`) plus delivered and not yet acked (`num_ack_pending`, in hand or awaiting redelivery).
 * - `lexnav.index.freshness` (gauge, s): the age of the oldest event the stage has not applied yet (the
 *   first event past the consumer's ack floor), by `lexnav.store`; 0 when none waits.
 */
export interface StageMetrics {
  recordApplied(change: AppliedChange): void;
}

/** The stage's durable consumer, whose backlog the gauges read. */
export interface StageBacklogSource {
  jsm: JetStreamManager;
  stream: string;
  durable: string;
  store: string;
  logger: Logger;
  now?: () => number;
}

/** What the gauges read from JetStream: the consumer's backlog and the age of its oldest unapplied event. */
export async function readStageBacklog(
  source: Omit<StageBacklogSource, "logger">,
): Promise<{ unsettled: number; oldestUnappliedSeconds: number }> {
  const now = source.now ?? Date.now;
  const ci = await source.jsm.consumers.info(source.stream, source.durable);
  const unsettled = ci.num_pending + ci.num_ack_pending;
  if (unsettled === 0) return { unsettled, oldestUnappliedSeconds: 0 };
  // The consumer takes every subject of the stream, so the event after its ack floor is the oldest it has
  // not applied (an event acked out of order past it is younger, and counted in `unsettled` no more).
  const stored = await source.jsm.streams
    .getMessage(source.stream, { seq: ci.ack_floor.stream_seq + 1 })
    .catch(() => null);
  // That event removed by the stream's limits: the oldest the stream still keeps is past the floor too.
  const publishedAt = stored
    ? stored.time.getTime()
    : Date.parse((await source.jsm.streams.info(source.stream)).state.first_ts);
  return {
    unsettled,
    oldestUnappliedSeconds: Number.isFinite(publishedAt) ? Math.max(0, (now() - publishedAt) / 1000) : 0,
  };
}

/**
 * Registers the stage's backlog gauges on the global meter. Every replica registers them, reading
 * and indexing alike: a reading replica reports the backlog of the stage it serves, so an operator sees
 * the lag from any replica, and a stalled indexing replica does not hide its own backlog.
 */
export function observeStageBacklog(source: StageBacklogSource): void {
  const meter = metrics.getMeter("lexnav.indexer");
  const consumerLag = meter.createObservableGauge("lexnav.consumer.lag", {
    description: "Events a stage's durable consumer has not settled (JetStream num_pending + num_ack_pending)",
    unit: "{message}",
  });
  const freshness = meter.createObservableGauge("lexnav.index.freshness", {
    description: "Age of the oldest change not yet applied to the store (0: none waits)",
    unit: "s",
  });
  // One consumer-info read per scrape serves both gauges.
  meter.addBatchObservableCallback(
    async (result) => {
      await readStageBacklog(source).then(
        (b) => {
          result.observe(consumerLag, b.unsettled, {
            "messaging.system": "nats",
            "messaging.destination.name": source.stream,
            "messaging.consumer.group.name": source.durable,
          });
          result.observe(freshness, b.oldestUnappliedSeconds, { "lexnav.store": source.store });
        },
        (e: unknown) =>
          source.logger.debug("metric source unreadable", { what: "stage backlog", error: toLexnavError(e).message }),
      );
    },
    [consumerLag, freshness],
  );
}

/** Creates the propagation histogram on the global meter (a no-op until the process registered a MeterProvider). */
export function createStageMetrics(deps: { store: string }): StageMetrics {
  const propagation = metrics.getMeter("lexnav.indexer").createHistogram("lexnav.propagation.lag", {
    description: "From the command that caused a change to a stage's store applying it",
    unit: "s",
  });
  return {
    recordApplied(change) {
      const from = change.commandAt ?? change.publishedAt;
      propagation.record(Math.max(0, (Date.parse(change.appliedAt) - Date.parse(from)) / 1000), {
        "lexnav.store": deps.store,
        "lexnav.change": change.changeKind,
        "lexnav.lag.from": change.commandAt !== null ? "command" : "event",
      });
    },
  };
}
