import {
  contextFromHeaders,
  type Disposition,
  inSpan,
  isJetStreamNotFound,
  type Logger,
  runDurableLoop,
  toLexnavError,
  withContext,
} from "@lexnav/core";
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamManager,
  type JsMsg,
  jetstream,
  jetstreamManager,
} from "@nats-io/jetstream";
import { type NatsConnection, nanos, headers as natsHeaders } from "@nats-io/transport-node";
import type { Span } from "@opentelemetry/api";
import { type LifecycleEvent, type LifecycleSubjects, readLifecycleEvent } from "../domain/lifecycle-event.ts";
import type { AppliedChangeLog } from "../ports/applied-change-log.ts";
import type { StageStore } from "../ports/stage-store.ts";
import { applyLifecycleEvent, type StageCatalog } from "./apply-lifecycle-event.ts";
import { createStageMetrics } from "./stage-metrics.ts";

/** Where a stage reads the lifecycle events, and where it sends the ones it cannot apply. */
export interface LifecycleTopology {
  /** The ingest service's event stream (it creates the stream; a stage only reads it). */
  stream: string;
  /** The stream's subjects, all of which the consumer takes (`lexnav.ingest.evt.v1.>`). */
  filterSubject: string;
  subjects: LifecycleSubjects;
  /** Dead letters of events go under this prefix plus the event's name (`lexnav.dlq.evt.v1.`). */
  deadLetterPrefix: string;
  /** Headers of a dead letter (the ingest service's `DEAD_LETTER_HEADERS`). */
  deadLetterHeaders: { subject: string; reason: string; traceId: string; at: string; deliveries: string };
}

export interface LifecycleConsumerOptions {
  /** How long the server waits for an ack before redelivering to another replica. */
  ackWaitMs: number;
  /** Deliveries after which a retryable failure is dead-lettered. */
  maxDeliver: number;
  /** First nak delay; doubles per delivery up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long to wait for the ingest service to create its event stream before giving up. */
  streamWaitMs: number;
  now: () => Date;
}

export const DEFAULT_LIFECYCLE_CONSUMER_OPTIONS: LifecycleConsumerOptions = {
  ackWaitMs: 30_000,
  maxDeliver: 8,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  streamWaitMs: 60_000,
  now: () => new Date(),
};

/** What any consumer of the lifecycle events needs: the connection, where to read, and as whom. */
export interface LifecycleEventConsumerDeps {
  /** An open connection; the caller owns it and drains it after `stop()`. */
  nc: NatsConnection;
  topology: LifecycleTopology;
  /** The durable consumer's name, one per consuming service (`lexical--document-lifecycle`): its replicas share it. */
  durable: string;
  logger: Logger;
  options?: Partial<LifecycleConsumerOptions>;
}

export interface LifecycleConsumerDeps extends LifecycleEventConsumerDeps {
  catalog: StageCatalog;
  store: StageStore;
  log: AppliedChangeLog;
  /** The stores that must acknowledge a version before it is served; absent: this store alone. */
  requiredStores?: readonly string[];
  /**
   * Called, before the event is acked, when this store's acknowledgement found the version served: the
   * stage publishes `version-served` (a failure retries the event, whose acknowledgement changes nothing).
   */
  onServed?: (served: { documentId: string; version: string; commandAt: string | null }) => Promise<void>;
  /**
   * Runs each event's handling in turn with the other consumers of the stage sharing it: an embedded
   * store's connection holds one application's transaction at a time.
   */
  serial?: <T>(fn: () => Promise<T>) => Promise<T>;
}

/** One-at-a-time: each call runs after the previous one settled. */
export function createSerial(): <T>(fn: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>) => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => {});
    return run;
  };
}

/** Where an event came from: its stream position (the once-only key) and when it was published. */
export interface LifecycleEventRef {
  eventKey: string;
  publishedAt: string;
}

/**
 * What a consumer does with one event, inside its span. It must be idempotent (a redelivery changes
 * nothing): the event is acked only after it resolves. A `LexnavError` it throws is retried with backoff
 * when retryable, else dead-lettered.
 */
export type LifecycleEventHandler = (
  event: LifecycleEvent,
  ref: LifecycleEventRef,
  span: Pick<Span, "setAttributes">,
) => Promise<void>;

export interface LifecycleConsumer {
  /** Stops taking events, lets the one in hand finish (applied and acked), then resolves. */
  stop(): Promise<void>;
  readonly done: Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Creates (or updates) the stage's durable consumer on the event stream, once the ingest service has
 * created the stream. Explicit acks, every event from the first: a new stage catches up from the log.
 */
export async function ensureLifecycleConsumer(
  jsm: JetStreamManager,
  deps: Pick<LifecycleConsumerDeps, "topology" | "durable" | "logger">,
  options: LifecycleConsumerOptions,
): Promise<void> {
  const { topology, durable, logger } = deps;
  const deadline = Date.now() + options.streamWaitMs;
  for (let waited = false; ; waited = true) {
    const exists = await jsm.streams.info(topology.stream).then(
      () => true,
      (e: unknown) => {
        if (isJetStreamNotFound(e)) return false;
        throw e;
      },
    );
    if (exists) break;
    if (Date.now() > deadline)
      throw new Error(`the event stream ${topology.stream} does not exist: is the ingest service running?`);
    if (!waited) logger.warn("waiting for the ingest service's event stream", { stream: topology.stream });
    await sleep(500);
  }
  const config = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: topology.filterSubject,
    ack_wait: nanos(options.ackWaitMs),
    max_deliver: options.maxDeliver,
  };
  const has = await jsm.consumers.info(topology.stream, durable).then(
    () => true,
    (e: unknown) => {
      if (isJetStreamNotFound(e)) return false;
      throw e;
    },
  );
  // Two replicas starting at once may both find none: the second add sees the first's and updates it.
  if (has) await jsm.consumers.update(topology.stream, durable, config);
  else
    await jsm.consumers
      .add(topology.stream, config)
      .catch(() => jsm.consumers.update(topology.stream, durable, config));
}

/**
 * A stage's lifecycle consumer: pulls events one at a time from the durable consumer its replicas share
 * (so they split the work), applies each to the store once (`applyLifecycleEvent`), and acks only after
 * the store committed. A replica that dies before its ack has its event redelivered to another after
 * `ackWaitMs`; the log turns that redelivery into no change. A retryable failure (a busy store or
 * catalog) is nak'ed with backoff; bad input, and the last delivery, are dead-lettered and terminated.
 */
export async function startLifecycleConsumer(deps: LifecycleConsumerDeps): Promise<LifecycleConsumer> {
  const { logger } = deps;
  const instruments = createStageMetrics({ store: deps.store.name });
  const serial = deps.serial ?? ((fn) => fn());
  return await consumeLifecycleEvents(deps, deps.store.name, async (event, ref, span) => {
    const outcome = await serial(() => applyLifecycleEvent(deps, event, ref));
    span.setAttributes({ "lexnav.outcome": outcome.status });
    if (outcome.status === "prepared") {
      span.setAttributes({ "lexnav.version": outcome.version, "lexnav.served": outcome.served });
      logger.info(outcome.served ? "version acknowledged and served" : "version acknowledged", {
        store: deps.store.name,
        documentId: outcome.documentId,
        version: outcome.version,
        waitingFor: outcome.waitingFor,
        eventKey: ref.eventKey,
      });
      if (outcome.served && event.kind === "indexed")
        await deps.onServed?.({ documentId: outcome.documentId, version: outcome.version, commandAt: event.commandAt });
      return;
    }
    if (outcome.status === "applied") {
      span.setAttributes({
        "lexnav.version": outcome.version,
        "lexnav.change": outcome.changeKind,
        "lexnav.propagation_ms":
          Date.parse(outcome.change.appliedAt) - Date.parse(outcome.change.commandAt ?? outcome.change.publishedAt),
      });
      instruments.recordApplied(outcome.change);
      logger.info("change applied", {
        store: deps.store.name,
        documentId: outcome.documentId,
        version: outcome.version,
        change: outcome.changeKind,
        eventKey: ref.eventKey,
      });
    } else if (outcome.status !== "ignored")
      logger.debug("event changed nothing", {
        store: deps.store.name,
        status: outcome.status,
        eventKey: ref.eventKey,
      });
  });
}

/**
 * Any service's consumer of the lifecycle events (the stages' above, the answer service's erasure): pulls
 * events one at a time from the durable consumer its replicas share, hands each to `apply` in a
 * `lexnav.<name>.event` span that continues the publisher's trace, and acks only after `apply` resolved. A
 * retryable failure is nak'ed with backoff; bad input, and the last delivery, are dead-lettered and terminated.
 */
export async function consumeLifecycleEvents(
  deps: LifecycleEventConsumerDeps,
  name: string,
  apply: LifecycleEventHandler,
): Promise<LifecycleConsumer> {
  const { nc, topology, durable, logger } = deps;
  const options: LifecycleConsumerOptions = { ...DEFAULT_LIFECYCLE_CONSUMER_OPTIONS, ...deps.options };
  const jsm = await jetstreamManager(nc);
  await ensureLifecycleConsumer(jsm, deps, options);
  const js = jetstream(nc);
  const consumer = await js.consumers.get(topology.stream, durable);
  // One event in hand per replica: little waits for redelivery when a replica stops or dies.
  const messages = await consumer.consume({ max_messages: 1 });

  /** Applies one event; the span gets its ids, version, outcome and lag (never text or names). */
  const handle = async (m: JsMsg, span: Pick<Span, "setAttributes">): Promise<Disposition> => {
    const ref: LifecycleEventRef = {
      eventKey: `${topology.stream}:${m.seq}`,
      publishedAt: new Date(Number(m.info.timestampNanos) / 1e6).toISOString(),
    };
    let event: ReturnType<typeof readLifecycleEvent>;
    try {
      event = readLifecycleEvent(topology.subjects, m.subject, m.data);
    } catch (e) {
      return { kind: "term", reason: `undecodable event on ${m.subject}: ${toLexnavError(e).message}` };
    }
    if (event.kind !== "other" && event.documentId === "")
      return { kind: "term", reason: `event on ${m.subject} names no document` };
    if (event.kind !== "other")
      span.setAttributes({
        "lexnav.document_id": event.documentId,
        ...(event.kind === "indexed" || event.kind === "served" ? { "lexnav.version": event.version } : {}),
      });
    try {
      await apply(event, ref, span);
      return { kind: "ack" };
    } catch (err) {
      const e = toLexnavError(err);
      const fields = { subject: m.subject, code: e.code, deliveryCount: m.info.deliveryCount, error: e.message };
      if (e.retryable && m.info.deliveryCount < options.maxDeliver) {
        const delayMs = Math.min(options.baseDelayMs * 2 ** Math.max(0, m.info.deliveryCount - 1), options.maxDelayMs);
        logger.warn("event failed, will retry", { ...fields, delayMs });
        return { kind: "nak", delayMs };
      }
      logger.error("event failed, giving up", fields);
      return { kind: "term", reason: `${e.code}: ${e.message}` };
    }
  };

  /** Copies an event the stage gives up on to the dead-letter stream, with the reason and its trace id. */
  const deadLetter = async (m: JsMsg, d: Extract<Disposition, { kind: "term" }>): Promise<void> => {
    const h = natsHeaders();
    if (m.headers) for (const k of m.headers.keys()) if (!/^nats-/i.test(k)) h.set(k, m.headers.get(k));
    const names = topology.deadLetterHeaders;
    h.set(names.subject, m.subject);
    h.set(names.reason, d.reason.replace(/[\r\n]+/g, " "));
    h.set(names.traceId, /^00-([0-9a-f]{32})-/.exec(m.headers?.get("traceparent") ?? "")?.[1] ?? "");
    h.set(names.at, options.now().toISOString());
    h.set(names.deliveries, String(m.info.deliveryCount));
    await js.publish(`${topology.deadLetterPrefix}${m.subject.split(".").at(-1) ?? "unknown"}`, m.data, {
      headers: h,
      msgID: `dlq:${durable}:${m.seq}`,
    });
  };

  // The loop every durable consumer shares settles what each event's span decided.
  const loop = runDurableLoop<JsMsg, Disposition>({
    messages,
    noun: "event",
    logger,
    ackWaitMs: options.ackWaitMs,
    retryDelayMs: options.baseDelayMs,
    handle: (m) => {
      const headers: Record<string, string> = {};
      for (const k of m.headers?.keys() ?? []) headers[k.toLowerCase()] ??= m.headers?.get(k) ?? "";
      return withContext(contextFromHeaders(headers), () =>
        inSpan(
          `lexnav.${name}.event`,
          {
            "messaging.system": "nats",
            "messaging.destination.name": m.subject,
            "messaging.operation.type": "process",
            "messaging.consumer.group.name": durable,
            "lexnav.delivery": m.info.deliveryCount,
            "lexnav.stream_sequence": m.seq,
          },
          async (span) => {
            const out = await handle(m, span);
            span.setAttribute("lexnav.disposition", out.kind);
            return out;
          },
          { kind: "consumer" },
        ),
      );
    },
    deadLetter,
  });

  logger.info("consuming lifecycle events", { name, stream: topology.stream, consumer: durable });
  return loop;
}
