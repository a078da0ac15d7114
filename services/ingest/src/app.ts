import type { Catalog } from "@lexnav/catalog";
import { isJetStreamNotFound, type Logger, runDurableLoop, toLexnavError } from "@lexnav/core";
import type { IngestPipeline } from "@lexnav/ingest";
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamManager,
  type JsMsg,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from "@nats-io/jetstream";
import { type NatsConnection, nanos, headers as natsHeaders } from "@nats-io/transport-node";
import { createJetStreamEventPublisher } from "./adapters/jetstream-event-publisher.ts";
import {
  type CommandHandler,
  type CommandMessage,
  DEFAULT_RETRY_POLICY,
  type Disposition,
  type RetryPolicy,
} from "./handlers/command-message.ts";
import { createDeleteDocumentHandler, createSetDocumentAccessHandler } from "./handlers/document-admin-handlers.ts";
import { createIngestDocumentHandler } from "./handlers/ingest-document-handler.ts";
import { createIngestMetrics } from "./metrics.ts";
import {
  DEAD_LETTER_HEADERS,
  DEAD_LETTER_STREAM,
  DEAD_LETTER_SUBJECTS,
  deadLetterSubjectFor,
  INGEST_CONSUMER,
  INGEST_STREAMS,
  INGEST_SUBJECTS,
} from "./subjects.ts";

export { announceAccessChanges } from "./control-events.ts";
export type { DeadLetter } from "./dead-letters.ts";
export { listDeadLetters, replayDeadLetter } from "./dead-letters.ts";
export type { CommandMessage, Disposition, RetryPolicy } from "./handlers/command-message.ts";
export { createIngestDocumentHandler } from "./handlers/ingest-document-handler.ts";
export type { IngestBacklog, IngestMetrics } from "./metrics.ts";
export { createIngestMetrics, readIngestBacklog } from "./metrics.ts";
export type { EventPublisher, OutgoingEvent } from "./ports/event-publisher.ts";
export {
  DEAD_LETTER_HEADERS,
  DEAD_LETTER_STREAM,
  DEAD_LETTER_SUBJECTS,
  INGEST_CONSUMER,
  INGEST_EVENT_NAMES,
  INGEST_STREAMS,
  INGEST_SUBJECTS,
  SCHEMA_HEADER,
  TRACE_HEADERS,
} from "./subjects.ts";

export interface IngestAppOptions {
  retry: RetryPolicy;
  /** How long the server waits for an ack before redelivering; the handler signals progress meanwhile. */
  ackWaitMs: number;
  /** Commands nobody handled expire after this long. */
  commandMaxAgeMs: number;
  /** Events are kept this long for replay. */
  eventMaxAgeMs: number;
  /** Dead letters not replayed are dropped after this long. */
  deadLetterMaxAgeMs: number;
  now: () => Date;
}

export const DEFAULT_INGEST_APP_OPTIONS: IngestAppOptions = {
  retry: DEFAULT_RETRY_POLICY,
  ackWaitMs: 30_000,
  commandMaxAgeMs: 7 * 24 * 3600_000,
  eventMaxAgeMs: 30 * 24 * 3600_000,
  deadLetterMaxAgeMs: 30 * 24 * 3600_000,
  now: () => new Date(),
};

export interface IngestAppDeps {
  /** An open connection; the caller owns it and drains it after `stop()`. */
  nc: NatsConnection;
  pipeline: IngestPipeline;
  logger: Logger;
  /**
   * The catalog the pipeline writes, read for `lexnav.documents` at each scrape. The instruments
   * (`./metrics.ts`) are created either way; they record nothing until the process registers a
   * MeterProvider.
   */
  catalog?: Pick<Catalog, "countDocuments">;
  options?: Partial<IngestAppOptions>;
}

export interface IngestApp {
  /** Stops taking commands, lets the one in hand finish (published and acked), then resolves. */
  stop(): Promise<void>;
  /** Resolves when the consume loop has ended. */
  readonly done: Promise<void>;
}

/**
 * Creates the command stream (work queue), the event stream, the dead-letter stream and the durable
 * consumer when missing
 * (updating them when their config drifted). Idempotent: every instance calls it at start.
 */
export async function ensureIngestTopology(
  jsm: JetStreamManager,
  options: Pick<
    IngestAppOptions,
    "retry" | "ackWaitMs" | "commandMaxAgeMs" | "eventMaxAgeMs" | "deadLetterMaxAgeMs"
  > = DEFAULT_INGEST_APP_OPTIONS,
): Promise<void> {
  const streams = [
    {
      name: INGEST_STREAMS.commands,
      subjects: [INGEST_SUBJECTS.commands],
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.File,
      max_age: nanos(options.commandMaxAgeMs),
    },
    {
      name: INGEST_STREAMS.events,
      subjects: [INGEST_SUBJECTS.events],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: nanos(options.eventMaxAgeMs),
    },
    {
      name: DEAD_LETTER_STREAM,
      subjects: [DEAD_LETTER_SUBJECTS.all],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: nanos(options.deadLetterMaxAgeMs),
    },
  ];
  for (const cfg of streams) {
    const exists = await jsm.streams.info(cfg.name).then(
      () => true,
      (e: unknown) => {
        if (isJetStreamNotFound(e)) return false;
        throw e;
      },
    );
    if (exists) await jsm.streams.update(cfg.name, cfg);
    else await jsm.streams.add(cfg);
  }
  const consumer = {
    durable_name: INGEST_CONSUMER,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: INGEST_SUBJECTS.commands,
    ack_wait: nanos(options.ackWaitMs),
    max_deliver: options.retry.maxDeliver,
  };
  const hasConsumer = await jsm.consumers.info(INGEST_STREAMS.commands, INGEST_CONSUMER).then(
    () => true,
    (e: unknown) => {
      if (isJetStreamNotFound(e)) return false;
      throw e;
    },
  );
  if (hasConsumer) await jsm.consumers.update(INGEST_STREAMS.commands, INGEST_CONSUMER, consumer);
  else await jsm.consumers.add(INGEST_STREAMS.commands, consumer);
}

/**
 * The ingest service's composition root: ensures the JetStream topology, then consumes commands
 * one at a time through the same handlers whatever the wiring, publishing an event per outcome.
 */
export async function createIngestApp(deps: IngestAppDeps): Promise<IngestApp> {
  const { nc, pipeline, logger } = deps;
  const options: IngestAppOptions = { ...DEFAULT_INGEST_APP_OPTIONS, ...deps.options };
  const jsm = await jetstreamManager(nc);
  await ensureIngestTopology(jsm, options);

  const instruments = createIngestMetrics({
    jsm,
    catalog: deps.catalog ?? { countDocuments: async () => [] },
    logger,
    now: () => options.now().getTime(),
  });

  const js = jetstream(nc);
  const publisher = createJetStreamEventPublisher(js);
  const handlerDeps = { pipeline, publisher, logger, retry: options.retry, now: options.now };
  const handlers: Record<string, CommandHandler> = {
    [INGEST_SUBJECTS.ingestDocument]: createIngestDocumentHandler(handlerDeps),
    [INGEST_SUBJECTS.deleteDocument]: createDeleteDocumentHandler(handlerDeps),
    [INGEST_SUBJECTS.setDocumentAccess]: createSetDocumentAccessHandler(handlerDeps),
  };
  // Servers before 2.10 ignore "+TERM <reason>" entirely (the message comes back after ack_wait),
  // so the reason is sent only where it is understood; it is always logged.
  const termTakesReason = versionAtLeast(nc.info?.version ?? "0.0.0", 2, 10);

  const consumer = await js.consumers.get(INGEST_STREAMS.commands, INGEST_CONSUMER);
  // One message in hand at a time: ingest is CPU-bound, and a small buffer means few messages wait
  // for redelivery when the process stops.
  const messages = await consumer.consume({ max_messages: 1 });

  // A command can carry a document's bytes inline, and a work-queue stream only marks an acked
  // message deleted: its bytes stay in the stream's block file until the whole block is emptied or
  // compacted. A command that is done with (acked or terminated) is erased first, which overwrites it.
  const erase = async (m: JsMsg): Promise<void> => {
    try {
      await jsm.streams.deleteMessage(INGEST_STREAMS.commands, m.seq, true);
    } catch (e) {
      logger.warn("could not erase a handled command from the stream", {
        subject: m.subject,
        seq: m.seq,
        error: toLexnavError(e).message,
      });
    }
  };

  /**
   * Copies a terminated command to the dead-letter stream: its payload and headers as they came, with the
   * subject it came on, the reason, its trace id, when and after how many deliveries. The stream
   * sequence of the command deduplicates a dead letter published twice (a term that did not reach the server).
   */
  const deadLetter = async (m: JsMsg, d: Extract<Disposition, { kind: "term" }>): Promise<void> => {
    const h = natsHeaders();
    // The server's own headers (Nats-Msg-Id and the like) stay behind: a replay must not be deduplicated away.
    if (m.headers) for (const k of m.headers.keys()) if (!/^nats-/i.test(k)) h.set(k, m.headers.get(k));
    const traceId = d.traceId ?? /^00-([0-9a-f]{32})-/.exec(m.headers?.get("traceparent") ?? "")?.[1] ?? "";
    h.set(DEAD_LETTER_HEADERS.subject, m.subject);
    h.set(DEAD_LETTER_HEADERS.reason, d.reason.replace(/[\r\n]+/g, " "));
    h.set(DEAD_LETTER_HEADERS.traceId, traceId);
    h.set(DEAD_LETTER_HEADERS.at, options.now().toISOString());
    h.set(DEAD_LETTER_HEADERS.deliveries, String(m.info.deliveryCount));
    await js.publish(deadLetterSubjectFor(m.subject), m.data, { headers: h, msgID: `dlq:${m.seq}` });
  };

  // Handlers never throw: every outcome is a disposition, settled by the loop the stages share.
  const loop = runDurableLoop<JsMsg, Disposition>({
    messages,
    noun: "command",
    logger,
    ackWaitMs: options.ackWaitMs,
    retryDelayMs: options.retry.baseDelayMs,
    handle: async (m) => {
      const handler = handlers[m.subject];
      return handler ? await handler(toCommandMessage(m)) : { kind: "term", reason: `no handler for ${m.subject}` };
    },
    deadLetter,
    // Dead-lettered before it is erased: a command that cannot be kept is handed back rather than lost.
    beforeSettle: erase,
    // Applied: the store took the change before the handler returned ack. Published: when the stream
    // stored the command (the server's clock, as is the freshness gauge's).
    afterAck: (m) =>
      instruments.recordPropagation(m.subject, Number(m.info.timestampNanos) / 1e6, options.now().getTime()),
    termWithReason: termTakesReason,
  });

  logger.info("ingest service consuming", {
    stream: INGEST_STREAMS.commands,
    consumer: INGEST_CONSUMER,
    subjects: INGEST_SUBJECTS.commands,
  });

  return {
    done: loop.done,
    async stop() {
      await loop.stop();
      logger.info("ingest service stopped");
    },
  };
}

function toCommandMessage(m: JsMsg): CommandMessage {
  const headers: Record<string, string> = {};
  if (m.headers) {
    for (const k of m.headers.keys()) {
      const key = k.toLowerCase();
      if (headers[key] === undefined) headers[key] = m.headers.get(k);
    }
  }
  return {
    subject: m.subject,
    data: m.data,
    headers,
    deliveryCount: m.info.deliveryCount,
    streamSequence: m.seq,
    publishedAt: new Date(Number(m.info.timestampNanos) / 1e6),
  };
}

function versionAtLeast(version: string, major: number, minor: number): boolean {
  const [ma = 0, mi = 0] = version.split(".").map((x) => Number.parseInt(x, 10) || 0);
  return ma > major || (ma === major && mi >= minor);
}
