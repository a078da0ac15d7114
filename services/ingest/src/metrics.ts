import type { Catalog } from "@lexnav/catalog";
import { LexnavError, type Logger, toLexnavError } from "@lexnav/core";
import { type JetStreamManager, jetstreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { type Histogram, metrics } from "@opentelemetry/api";
import { DEAD_LETTER_STREAM, INGEST_CONSUMER, INGEST_STREAMS, INGEST_SUBJECTS } from "./subjects.ts";

/**
 * The ingest service's instruments (read at each scrape of `/metrics`). Labels are ids of states,
 * failure codes, streams and consumers: never a document's id, text or file name.
 *
 * - `lexnav.documents` (gauge): documents in the catalog by `lexnav.lifecycle.state` and, for a failed one,
 *   `lexnav.failure.code`.
 * - `lexnav.consumer.lag` (gauge): commands not yet delivered to the consumer (JetStream `num_pending`),
 *   by stream and consumer.
 * - `lexnav.index.freshness` (gauge, s): the age of the oldest command not yet applied to the stores
 *   (the head of the work-queue stream, which drops a command once handled); 0 when none waits.
 * - `lexnav.dead_letters` (gauge): messages in the dead-letter stream.
 * - `lexnav.propagation.lag` (histogram, s): from a delete or an access change being published to its
 *   being applied in the store, by `lexnav.command`.
 */
export interface IngestMetrics {
  /** Records one delete or access change applied, published at `publishedAtMs`. */
  recordPropagation(subject: string, publishedAtMs: number, appliedAtMs: number): void;
}

/** The commands whose propagation lag is recorded, with their `lexnav.command` label. */
const PROPAGATED: Readonly<Record<string, string>> = {
  [INGEST_SUBJECTS.deleteDocument]: "delete_document",
  [INGEST_SUBJECTS.setDocumentAccess]: "set_document_access",
};

/**
 * Creates the instruments on the global meter (a no-op until the process registered a MeterProvider,
 * which `startServiceProcess` does). A source that cannot be read at a scrape (NATS down) leaves its
 * figures out of that scrape, logged at debug: a scrape never fails for it.
 */
export function createIngestMetrics(deps: {
  jsm: JetStreamManager;
  catalog: Pick<Catalog, "countDocuments">;
  logger: Logger;
  now?: () => number;
}): IngestMetrics {
  const now = deps.now ?? Date.now;
  const meter = metrics.getMeter("lexnav.ingest");
  const unreadable = (what: string) => (e: unknown) =>
    deps.logger.debug("metric source unreadable", { what, error: toLexnavError(e).message });

  meter
    .createObservableGauge("lexnav.documents", {
      description: "Documents in the catalog by lifecycle state and failure code",
      unit: "{document}",
    })
    .addCallback(async (result) => {
      for (const g of await deps.catalog.countDocuments())
        result.observe(g.count, {
          "lexnav.lifecycle.state": g.lifecycle,
          ...(g.failureCode !== null ? { "lexnav.failure.code": g.failureCode } : {}),
        });
    });

  meter
    .createObservableGauge("lexnav.consumer.lag", {
      description: "Messages not yet delivered to a durable consumer (JetStream num_pending)",
      unit: "{message}",
    })
    .addCallback(async (result) => {
      await deps.jsm.consumers.info(INGEST_STREAMS.commands, INGEST_CONSUMER).then(
        (ci) =>
          result.observe(ci.num_pending, {
            "messaging.system": "nats",
            "messaging.destination.name": INGEST_STREAMS.commands,
            "messaging.consumer.group.name": INGEST_CONSUMER,
          }),
        unreadable("consumer lag"),
      );
    });

  meter
    .createObservableGauge("lexnav.index.freshness", {
      description: "Age of the oldest change not yet applied to the stores (0: none waits)",
      unit: "s",
    })
    .addCallback(async (result) => {
      await deps.jsm.streams.info(INGEST_STREAMS.commands).then((si) => {
        const oldest = si.state.messages > 0 ? Date.parse(si.state.first_ts) : Number.NaN;
        const age = Number.isFinite(oldest) ? Math.max(0, (now() - oldest) / 1000) : 0;
        // One embedded store takes every change in one transaction, so one figure covers every index.
        result.observe(age, { "lexnav.store": "embedded" });
      }, unreadable("freshness"));
    });

  meter
    .createObservableGauge("lexnav.dead_letters", {
      description: "Commands in the dead-letter stream, waiting for an operator",
      unit: "{message}",
    })
    .addCallback(async (result) => {
      await deps.jsm.streams
        .info(DEAD_LETTER_STREAM)
        .then((si) => result.observe(si.state.messages), unreadable("dead letters"));
    });

  const propagation: Histogram = meter.createHistogram("lexnav.propagation.lag", {
    description: "From a delete or access change being published to its being applied in the store",
    unit: "s",
  });

  return {
    recordPropagation(subject, publishedAtMs, appliedAtMs) {
      const command = PROPAGATED[subject];
      if (!command) return;
      propagation.record(Math.max(0, (appliedAtMs - publishedAtMs) / 1000), { "lexnav.command": command });
    },
  };
}

/** The ingest backlog as JetStream reports it: what `lexnav status` shows of a deployment. */
export interface IngestBacklog {
  /** Commands not yet delivered to the ingest consumer (`num_pending`). */
  consumerLag: number;
  /** Commands delivered and not yet acknowledged (in hand, or waiting for redelivery). */
  inFlight: number;
  /** Age in seconds of the oldest command not yet applied (0: none waits). */
  oldestChangeSeconds: number;
  /** Messages in the dead-letter stream. */
  deadLetters: number;
}

/**
 * Reads the backlog of the ingest service's streams through `nc`. Fails with `not_found` when the
 * deployment's topology does not exist yet (no ingest service ever started against this NATS).
 */
export async function readIngestBacklog(nc: NatsConnection, now: () => number = Date.now): Promise<IngestBacklog> {
  const jsm = await jetstreamManager(nc);
  try {
    const [ci, commands, dlq] = await Promise.all([
      jsm.consumers.info(INGEST_STREAMS.commands, INGEST_CONSUMER),
      jsm.streams.info(INGEST_STREAMS.commands),
      jsm.streams.info(DEAD_LETTER_STREAM),
    ]);
    const oldest = commands.state.messages > 0 ? Date.parse(commands.state.first_ts) : Number.NaN;
    return {
      consumerLag: ci.num_pending,
      inFlight: ci.num_ack_pending,
      oldestChangeSeconds: Number.isFinite(oldest) ? Math.max(0, (now() - oldest) / 1000) : 0,
      deadLetters: dlq.state.messages,
    };
  } catch (cause) {
    throw new LexnavError("not_found", "the ingest streams do not exist on this NATS (no ingest service started)", {
      cause,
    });
  }
}
