import type { Catalog } from "@lexnav/catalog";
import type { Logger } from "@lexnav/core";
import type { searchV1 } from "@lexnav/proto";
import type { ReadinessCheck } from "@lexnav/telemetry";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import type { AppliedChangeLog } from "../ports/applied-change-log.ts";
import type { StageStore } from "../ports/stage-store.ts";
import type { StageCatalog } from "./apply-lifecycle-event.ts";
import {
  createSerial,
  type LifecycleConsumer,
  type LifecycleConsumerOptions,
  type LifecycleTopology,
  startLifecycleConsumer,
} from "./lifecycle-consumer.ts";
import { observeStageBacklog } from "./stage-metrics.ts";
import { createStageSearchServer } from "./stage-search-server.ts";
import { ensureIndexerStream, INDEXER_STREAM, INDEXER_SUBJECTS, publishVersionServed } from "./version-served.ts";

/** Dead letters of lifecycle events: `lexnav.dlq.evt.v1.<event name>`, in the ingest service's dead-letter stream. */
export const EVENT_DEAD_LETTER_PREFIX = "lexnav.dlq.evt.v1.";

/** The names the ingest service publishes its events under, as its package exports them. */
export interface IngestEventNames {
  streams: { events: string };
  subjects: {
    events: string;
    documentIndexed: string;
    documentDeleted: string;
    documentAccessChanged: string;
  };
  deadLetterHeaders: LifecycleTopology["deadLetterHeaders"];
}

/** A stage's topology from the ingest service's names: its event stream, every event subject, its dead letters. */
export function lifecycleTopology(names: IngestEventNames): LifecycleTopology {
  return {
    stream: names.streams.events,
    filterSubject: names.subjects.events,
    subjects: names.subjects,
    deadLetterPrefix: EVENT_DEAD_LETTER_PREFIX,
    deadLetterHeaders: names.deadLetterHeaders,
  };
}

/**
 * The topology of the stages' own `version-served` events: their stream, dead letters beside the lifecycle
 * events' (`lexnav.dlq.evt.v1.version-served`).
 */
export function servedTopology(lifecycle: LifecycleTopology): LifecycleTopology {
  return {
    stream: INDEXER_STREAM,
    filterSubject: INDEXER_SUBJECTS.versionServed,
    subjects: {
      documentIndexed: "",
      documentDeleted: "",
      documentAccessChanged: "",
      versionServed: INDEXER_SUBJECTS.versionServed,
    },
    deadLetterPrefix: lifecycle.deadLetterPrefix,
    deadLetterHeaders: lifecycle.deadLetterHeaders,
  };
}

export interface StageAppDeps {
  nc: NatsConnection;
  topology: LifecycleTopology;
  /** The stage's durable consumer, shared by its replicas (`<stage>--document-lifecycle`). */
  durable: string;
  /** The stage's durable consumer of `version-served`, shared by its replicas (`<stage>--version-served`). */
  servedDurable: string;
  /** The stores that must acknowledge a version before readers see it (LEXNAV_SERVING_STORES). */
  requiredStores: readonly string[];
  catalog: StageCatalog & Pick<Catalog, "listDocuments" | "transactionSetNames">;
  store: StageStore;
  log: AppliedChangeLog;
  /** The search mode the stage serves. */
  mode: searchV1.SearchMode;
  logger: Logger;
  readiness?: Readonly<Record<string, ReadinessCheck>>;
  /** False: a reading replica, which serves search and applies nothing. */
  consume?: boolean;
  options?: Partial<LifecycleConsumerOptions>;
}

export interface StageApp {
  /** Binds the search server; resolves to the bound port. */
  listen(address: string): Promise<number>;
  /** Stops consuming (the event in hand is applied and acked), then stops serving. */
  stop(): Promise<void>;
  /** The consumer of the lifecycle events; null on a reading replica. */
  readonly consumer: LifecycleConsumer | null;
  /** The consumer of `version-served`; null on a reading replica. */
  readonly servedConsumer: LifecycleConsumer | null;
}

/**
 * An indexing stage's composition: the lifecycle consumer applying events to the stage's store, and the
 * search server reading it. Both stages run this with their own store; only the wiring differs.
 */
export async function createStageApp(deps: StageAppDeps): Promise<StageApp> {
  const jsm = await jetstreamManager(deps.nc);
  observeStageBacklog({
    jsm,
    stream: deps.topology.stream,
    durable: deps.durable,
    store: deps.store.name,
    logger: deps.logger,
  });
  const js = jetstream(deps.nc);
  const common = {
    nc: deps.nc,
    catalog: deps.catalog,
    store: deps.store,
    log: deps.log,
    logger: deps.logger,
    requiredStores: deps.requiredStores,
    serial: createSerial(),
    ...(deps.options ? { options: deps.options } : {}),
  };
  let servedConsumer: LifecycleConsumer | null = null;
  let consumer: LifecycleConsumer | null = null;
  if (deps.consume !== false) {
    // Two phases: the lifecycle events prepare and acknowledge a new version; `version-served`, published
    // by the stage whose acknowledgement completed the set, applies it in every stage.
    await ensureIndexerStream(jsm);
    servedConsumer = await startLifecycleConsumer({
      ...common,
      topology: servedTopology(deps.topology),
      durable: deps.servedDurable,
    });
    consumer = await startLifecycleConsumer({
      ...common,
      topology: deps.topology,
      durable: deps.durable,
      onServed: (served) => publishVersionServed(js, { ...served, store: deps.store.name, at: new Date() }),
    });
  }
  const server = createStageSearchServer({
    store: deps.store,
    mode: deps.mode,
    catalog: deps.catalog,
    logger: deps.logger,
    ...(deps.readiness ? { readiness: deps.readiness } : {}),
  });
  return {
    consumer,
    servedConsumer,
    listen: (address) => server.listen(address),
    async stop() {
      await consumer?.stop();
      await servedConsumer?.stop();
      await server.stop();
    },
  };
}
