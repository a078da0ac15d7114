import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { STAGE_SEARCH_SERVICE } from "@lexnav/indexer";
import { type DeadLetter, INGEST_STREAMS, INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { searchV1 } from "@lexnav/proto";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { type NatsConnection, headers as natsHeaders } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unaryClient } from "../support/grpc-client.ts";
import type { NatsServerHandle } from "../support/nats-server.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import {
  appliedChanges,
  indexedBySource,
  markerWord,
  stageAccessCommand,
  stageDeleteCommand,
  stageIngestCommand,
  startIngestProcess,
  startStageBus,
  stopStageBus,
  until,
} from "../support/stage-corpus.ts";

// The operator's view of an indexing stage over a real nats-server, with real processes: the figures a
// stage's /metrics shows equal what the test did (documents applied, a delete, an access change, a lag
// it caused by pausing the stage), and a poisoned lifecycle event goes to the dead-letter stream and
// applies when replayed after the fix. The lexical stage on its embedded store (no OpenSearch node needed).
const GROUP = "deal-team";
const ALICE = { id: "alice", groups: [GROUP] };
const DOCS = 4;
const LEXICAL_CONSUMER = "lexical--document-lifecycle";
const TRACE_ID = "5b8efff798038103d269b633813fc60c";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let nats: NatsServerHandle;
let dir: string;
let nc: NatsConnection;
const running = new Map<string, ServiceProcess>();
const healthPorts = new Map<string, number>();
const grpcPorts = new Map<string, number>();

const catalogPath = () => join(dir, "catalog.sqlite");
const lexicalPath = () => join(dir, "lexical.sqlite");
const lexicalChanges = () => appliedChanges(lexicalPath(), "lexical");

async function startLexical(
  name: string,
  over: { role?: "index" | "read"; catalog?: string; store?: string } = {},
): Promise<ServiceProcess> {
  const env = {
    NATS_URL: nats.url,
    LEXNAV_DB: over.catalog ?? catalogPath(),
    LEXNAV_LEXICAL_DB: over.store ?? lexicalPath(),
    LEXNAV_LEXICAL_ADDRESS: "127.0.0.1:0",
    LEXNAV_HEALTH_ADDRESS: "127.0.0.1:0",
    LEXNAV_REPLICA_ID: name,
    LEXNAV_STAGE_ROLE: over.role ?? "index",
    // A poisoned event is given up on after three deliveries 100 and 200 ms apart, not after minutes.
    LEXNAV_STAGE_MAX_DELIVER: "3",
    LEXNAV_STAGE_RETRY_DELAY_MS: "100",
    LEXNAV_LOG_LEVEL: "info",
  };
  const { process: p, ready } = await startServiceProcess("lexical", env, "ready", 60_000);
  running.set(name, p);
  healthPorts.set(name, ready.healthPort as number);
  grpcPorts.set(name, ready.port as number);
  return p;
}

async function stopLexical(name: string): Promise<void> {
  await running.get(name)?.stop();
  running.delete(name);
}

const scrape = async (name: string) => (await fetch(`http://127.0.0.1:${healthPorts.get(name)}/metrics`)).text();

/** The value of the sample `name` whose labels include `labels`; null when the scrape has none. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return null;
}

const lexicalLabels = (change: string) => ({
  lexnav_store: "lexical",
  lexnav_change: change,
  lexnav_lag_from: "command",
});
const consumerLabels = { messaging_consumer_group_name: LEXICAL_CONSUMER };

async function publishCommand(subject: string, data: Uint8Array, traceparent?: string): Promise<void> {
  const h = natsHeaders();
  if (traceparent) h.set("traceparent", traceparent);
  await jetstream(nc).publish(subject, data, { headers: h });
}

/** The documents a LEXICAL search of `word` finds on a replica, for `principal`. */
async function searchFinds(replica: string, word: string, principal = ALICE): Promise<string[]> {
  const c = unaryClient<searchV1.SearchRequest, searchV1.SearchResponse>(
    STAGE_SEARCH_SERVICE,
    "search",
    grpcPorts.get(replica) as number,
  );
  try {
    const r = await c.call(
      create(searchV1.SearchRequestSchema, { query: word, principal, mode: searchV1.SearchMode.LEXICAL, topK: 10 }),
    );
    // Hits are passages: several can come from one document.
    return [...new Set(r.hits.map((h) => h.documentId))];
  } finally {
    c.close();
  }
}

describe("stage operations over a real nats-server: the lexical stage's metrics, dead letters and walls (embedded FTS5 store)", () => {
  beforeAll(async () => {
    ({ nats, dir, nc } = await startStageBus("stage-operations"));
    running.set(
      "ingest",
      await startIngestProcess({ NATS_URL: nats.url, LEXNAV_DB: catalogPath(), LEXNAV_LOG_LEVEL: "info" }),
    );
    await startLexical("indexer");
    await startLexical("reader", { role: "read" });
  }, 180_000);

  afterAll(async () => {
    await stopStageBus(running.values(), { nats, dir, nc });
    running.clear();
  });

  it("/metrics shows the documents applied, a delete and an access change, and the lag caused by pausing the stage", async () => {
    for (let i = 0; i < DOCS; i++) await publishCommand(INGEST_SUBJECTS.ingestDocument, stageIngestCommand(i, [GROUP]));
    const indexed = await until("the ingest service to index the batch", async () => {
      const m = await indexedBySource(catalogPath());
      return m.size >= DOCS ? m : null;
    });
    await until("the stage to apply the batch", () =>
      lexicalChanges().filter((r) => r.changeKind === "upsert").length >= DOCS ? true : null,
    );
    let scraped = await scrape("indexer");
    expect(sample(scraped, "lexnav_propagation_lag_seconds_count", lexicalLabels("upsert"))).toBe(DOCS);
    // Every row of the log carries the command's time: the lag is measured from the command.
    expect(lexicalChanges().every((r) => r.commandAt !== null && r.commandAt <= r.appliedAt)).toBe(true);

    // Pause the indexing replica (SIGSTOP: it holds its connection and applies nothing), then delete one
    // document and revoke another's access.
    const deleted = indexed.get("upload://agreement-0.txt");
    const revoked = indexed.get("upload://agreement-1.txt");
    if (!deleted || !revoked) throw new Error("documents 0 and 1 were not indexed");
    const jsm = await jetstreamManager(nc);
    const before = (await jsm.streams.info(INGEST_STREAMS.events)).state.last_seq;
    running.get("indexer")?.signal("SIGSTOP");
    const pausedAt = Date.now();
    try {
      await publishCommand(INGEST_SUBJECTS.deleteDocument, stageDeleteCommand("ops-delete-0", deleted.id));
      await publishCommand(
        INGEST_SUBJECTS.setDocumentAccess,
        stageAccessCommand("ops-revoke-1", revoked.id, { principals: ["bob"], groups: [] }),
      );
      const caused = await until(
        "the ingest service to publish the two events",
        async () => {
          const last = (await jsm.streams.info(INGEST_STREAMS.events)).state.last_seq;
          return last - before >= 2 ? last - before : null;
        },
        30_000,
      );
      expect(caused).toBe(2);
      await sleep(2_500);
      // The reading replica reports the stage's backlog while the indexing one is stalled: exactly the two
      // events, and an oldest unapplied change at least as old as the pause's wait.
      scraped = await scrape("reader");
      expect(sample(scraped, "lexnav_consumer_lag", consumerLabels)).toBe(2);
      const freshness = sample(scraped, "lexnav_index_freshness_seconds", { lexnav_store: "lexical" });
      expect(freshness).toBeGreaterThanOrEqual(2.5);
      expect(freshness).toBeLessThan((Date.now() - pausedAt) / 1000 + 1);
      // Meanwhile the paused store still holds the old access and the deleted document, but the stage
      // checks each hit against the catalog as it stands: the revoked reader finds nothing, and the
      // deleted document is out of search (a deleted document has no served version). The new grant
      // waits for the store: bob finds the document only once the stage applies the change.
      expect(await searchFinds("reader", markerWord(1))).toEqual([]);
      expect(await searchFinds("reader", markerWord(0))).toEqual([]);
      expect(await searchFinds("reader", markerWord(1), { id: "bob", groups: [] })).toEqual([]);
    } finally {
      running.get("indexer")?.signal("SIGCONT");
    }
    const pausedFor = (Date.now() - pausedAt) / 1000;

    const rows = await until(
      "the resumed stage to apply the delete and the access change",
      () => {
        const r = lexicalChanges().filter((x) => x.changeKind !== "upsert");
        return r.length >= 2 ? r : null;
      },
      60_000,
    );
    expect(rows.map((r) => [r.changeKind, r.documentId])).toEqual([
      ["delete", deleted.id],
      ["access", revoked.id],
    ]);
    scraped = await scrape("indexer");
    expect(sample(scraped, "lexnav_propagation_lag_seconds_count", lexicalLabels("delete"))).toBe(1);
    expect(sample(scraped, "lexnav_propagation_lag_seconds_count", lexicalLabels("access"))).toBe(1);
    expect(sample(scraped, "lexnav_propagation_lag_seconds_count", lexicalLabels("upsert"))).toBe(DOCS);
    // The lag the pause caused: the delete waited at least as long as the stage was stopped after it, and
    // the histogram's figure is the log's (command time to applied_at).
    const deleteLag = sample(scraped, "lexnav_propagation_lag_seconds_sum", lexicalLabels("delete")) as number;
    const logged = rows[0] ? (Date.parse(rows[0].appliedAt) - Date.parse(rows[0].commandAt ?? "")) / 1000 : Number.NaN;
    expect(deleteLag).toBeCloseTo(logged, 2);
    expect(deleteLag).toBeGreaterThanOrEqual(2.5);
    expect(deleteLag).toBeLessThanOrEqual(pausedFor + 5);
    expect(sample(scraped, "lexnav_propagation_lag_seconds_bucket", { ...lexicalLabels("delete"), le: "1" })).toBe(0);
    // An operator without Prometheus reads the same figures from the stage with `lexnav status --metrics`.
    const config = { ...loadConfig({ NATS_URL: nats.url, LEXNAV_LOG_LEVEL: "silent" }), dbPath: catalogPath() };
    const metricsUrl = `http://127.0.0.1:${healthPorts.get("indexer")}/metrics`;
    const status = await runCliCaptured(["status", "--metrics", metricsUrl, "--json"], config, silentLogger);
    expect(status.code).toBe(0);
    const lag = (JSON.parse(status.out) as { propagationLag: Record<string, { count: number; p50: number }> })
      .propagationLag;
    expect(lag["lexical:delete"]?.count).toBe(1);
    expect(lag["lexical:upsert"]?.count).toBe(DOCS);
    expect(lag["lexical:delete"]?.p50).toBeGreaterThanOrEqual(2.5);
    console.log(
      `stage metrics: paused ${pausedFor.toFixed(1)} s; delete applied ${deleteLag.toFixed(2)} s after its command`,
    );
    // Caught up: no backlog, nothing waiting.
    const settled = await until(
      "the backlog gauges to reach zero",
      async () => {
        const text = await scrape("reader");
        return sample(text, "lexnav_consumer_lag", consumerLabels) === 0 ? text : null;
      },
      30_000,
    );
    expect(sample(settled, "lexnav_index_freshness_seconds", { lexnav_store: "lexical" })).toBe(0);
    expect(await searchFinds("reader", markerWord(0))).toEqual([]);
    expect(await searchFinds("reader", markerWord(1))).toEqual([]);
    expect(await searchFinds("reader", markerWord(1), { id: "bob", groups: [] })).toEqual([revoked.id]);
  }, 300_000);

  it("an event the stage's catalog lacks is retried, dead-lettered with its reason and trace id, and applies when replayed after the fix", async () => {
    // The misconfiguration: the only indexing replica reads an empty catalog, not the ingest service's.
    await stopLexical("indexer");
    await startLexical("misconfigured", { catalog: join(dir, "wrong-catalog.sqlite") });
    const config = { ...loadConfig({ NATS_URL: nats.url, LEXNAV_LOG_LEVEL: "silent" }), dbPath: catalogPath() };
    const cli = (...argv: string[]) => runCliCaptured(argv, config, silentLogger);
    const list = async (): Promise<DeadLetter[]> => {
      const r = await cli("dlq", "list", "--json");
      expect(r.code).toBe(0);
      return JSON.parse(r.out) as DeadLetter[];
    };
    expect(await list()).toEqual([]);

    await publishCommand(
      INGEST_SUBJECTS.ingestDocument,
      stageIngestCommand(DOCS, [GROUP]),
      `00-${TRACE_ID}-00f067aa0ba902b7-01`,
    );
    const doc = await until("the ingest service to index the document", async () => {
      return (await indexedBySource(catalogPath())).get(`upload://agreement-${DOCS}.txt`) ?? null;
    });
    const letters = await until(
      "the stage to dead-letter the event",
      async () => {
        const l = await list();
        return l.length > 0 ? l : null;
      },
      60_000,
    );
    expect(letters).toHaveLength(1);
    const letter = letters[0] as DeadLetter;
    expect(letter).toMatchObject({
      subject: INGEST_SUBJECTS.documentIndexed,
      documentId: doc.id,
      traceId: TRACE_ID,
      deliveries: 3,
    });
    expect(letter.reason).toContain("not_found");
    expect(letter.reason).toContain(doc.id);
    expect(letter.reason).not.toContain("agreement");
    expect(lexicalChanges().filter((r) => r.documentId === doc.id)).toEqual([]);
    expect(await searchFinds("reader", markerWord(DOCS))).toEqual([]);

    // The fix: the stage reads the right catalog again. Then the operator replays the dead letter.
    await stopLexical("misconfigured");
    await startLexical("indexer");
    const replay = await cli("dlq", "replay", String(letter.id));
    expect(replay.code).toBe(0);
    const applied = await until(
      "the replayed event to be applied",
      () => lexicalChanges().find((r) => r.documentId === doc.id) ?? null,
      60_000,
    );
    expect(applied).toMatchObject({ changeKind: "upsert", version: doc.version, replicaId: "indexer" });
    expect(await list()).toEqual([]);
    expect(await searchFinds("reader", markerWord(DOCS))).toEqual([doc.id]);
  }, 300_000);

  it("a wall placed from the CLI reaches the stage: the walled principal's search no longer finds the document, and finds it again once lifted", async () => {
    const doc = (await indexedBySource(catalogPath())).get("upload://agreement-2.txt");
    if (!doc) throw new Error("document 2 was not indexed");
    const config = {
      ...loadConfig({ NATS_URL: nats.url, LEXNAV_CONTROL_EVENTS: "nats", LEXNAV_LOG_LEVEL: "silent" }),
      dbPath: catalogPath(),
    };
    const cli = (...argv: string[]) => runCliCaptured(argv, config, silentLogger);
    const carol = { id: "carol", groups: [GROUP] };
    expect(await searchFinds("reader", markerWord(2))).toEqual([doc.id]);
    const accessRows = () => lexicalChanges().filter((r) => r.documentId === doc.id && r.changeKind === "access");

    const placed = await cli("wall", doc.id, "--deny", "alice");
    expect(placed.code).toBe(0);
    expect(placed.out).toContain("announced to the indexing stages for 1 document(s)");
    await until("the stage to apply the wall", () => (accessRows().length >= 1 ? true : null), 60_000);
    expect(await searchFinds("reader", markerWord(2))).toEqual([]);
    // The wall keeps one principal out, not the group it belongs to.
    expect(await searchFinds("reader", markerWord(2), carol)).toEqual([doc.id]);

    const lifted = await cli("wall", doc.id, "--deny", "alice", "--release");
    expect(lifted.code).toBe(0);
    await until("the stage to apply the lifted wall", () => (accessRows().length >= 2 ? true : null), 60_000);
    expect(await searchFinds("reader", markerWord(2))).toEqual([doc.id]);
    // Each announcement applied once.
    expect(accessRows()).toHaveLength(2);
  }, 120_000);
});
