import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { createIngestMetrics, INGEST_STREAMS, INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { ingestV1 } from "@lexnav/proto";
import { startMetrics } from "@lexnav/telemetry";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeCorruptPdf, writeUnsupportedType } from "../fixtures/bad-input.ts";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";

// The ingest service as a process, scraped as Prometheus scrapes it (GET /metrics on
// LEXNAV_HEALTH_ADDRESS): the figures are those of what this test did to it.
let dir: string;
let nats: NatsServerHandle;
let nc: NatsConnection;
const started: ServiceProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lexnav-metrics-"));
  nats = await startNatsServer();
  nc = await connect({ servers: nats.url });
}, 30_000);

afterAll(async () => {
  for (const p of started) await p.stop();
  await nc?.drain().catch(() => undefined);
  await nats?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The sample lines of a Prometheus text page, by `name{labels}` as written. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const i = line.lastIndexOf(" ");
    out.set(line.slice(0, i), Number(line.slice(i + 1)));
  }
  return out;
}

async function scrape(port: number): Promise<{ text: string; at: Map<string, number> }> {
  const r = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await r.text();
  return { text, at: samples(text) };
}

/** Scrapes until `ok` holds (the service works in the background), or returns the last scrape. */
async function scrapeUntil(port: number, ok: (at: Map<string, number>) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let s = await scrape(port);
  while (!ok(s.at) && Date.now() < deadline) {
    await sleep(200);
    s = await scrape(port);
  }
  return s;
}

const docs = (state: string, code?: string) =>
  code
    ? `lexnav_documents{lexnav_lifecycle_state="${state}",lexnav_failure_code="${code}"}`
    : `lexnav_documents{lexnav_lifecycle_state="${state}"}`;
const LAG = `lexnav_consumer_lag{messaging_system="nats",messaging_destination_name="${INGEST_STREAMS.commands}",messaging_consumer_group_name="ingest--documents"}`;
const FRESHNESS = 'lexnav_index_freshness_seconds{lexnav_store="embedded"}';
const propagation = (command: string, part: string) =>
  part.startsWith("le=")
    ? `lexnav_propagation_lag_seconds_bucket{lexnav_command="${command}",${part}}`
    : `lexnav_propagation_lag_seconds_${part}{lexnav_command="${command}"}`;

const GOOD = ["SUPPLY AGREEMENT", "LICENCE AGREEMENT", "SERVICES AGREEMENT"].map(
  (title, i) => `${title}\n\n1. TERM\n\nThis Agreement continues for ${i + 2} years from the Effective Date.\n`,
);

describe("metrics of a running ingest service", () => {
  it("counts what was indexed, failed by code and deleted; shows the backlog and the propagation lag the test caused", async () => {
    const env = {
      LEXNAV_DB: join(dir, "lexnav.sqlite"),
      NATS_URL: nats.url,
      LEXNAV_HEALTH_ADDRESS: "127.0.0.1:0",
    };
    const start = async () => {
      const s = await startServiceProcess("ingest", env, "health endpoints listening");
      started.push(s.process);
      return { process: s.process, port: s.ready.port as number };
    };
    const js = jetstream(nc);
    let svc = await start();

    // 3 good documents, 2 of a type lexnav does not read, 1 corrupt PDF.
    const bad = [writeUnsupportedType(dir, "notes.xyz"), writeUnsupportedType(dir, "memo.xyz"), writeCorruptPdf(dir)];
    const ingest = async (commandId: string, source: string, content: Uint8Array) =>
      js.publish(
        INGEST_SUBJECTS.ingestDocument,
        toBinary(
          ingestV1.IngestDocumentCommandSchema,
          create(ingestV1.IngestDocumentCommandSchema, {
            commandId,
            source,
            content,
            access: { principals: [], groups: ["deal"] },
          }),
        ),
      );
    for (const [i, text] of GOOD.entries())
      await ingest(`good-${i}`, `mem://good-${i}.txt`, new TextEncoder().encode(text));
    for (const [i, b] of bad.entries()) await ingest(`bad-${i}`, b.path, readFileSync(b.path));

    const first = await scrapeUntil(
      svc.port,
      (at) =>
        (at.get(docs("indexed")) ?? 0) +
          (at.get(docs("failed", "unsupported_type")) ?? 0) +
          (at.get(docs("failed", "corrupt")) ?? 0) ===
          6 &&
        // a document's state is written before its command is acked: wait for the ack too (under load the
        // scrape fell between them and read the last command's age as the index's freshness)
        at.get(LAG) === 0 &&
        at.get(FRESHNESS) === 0,
    );
    expect(first.at.get(docs("indexed"))).toBe(3);
    expect(first.at.get(docs("failed", "unsupported_type"))).toBe(2);
    expect(first.at.get(docs("failed", "corrupt"))).toBe(1);
    expect(first.at.get(docs("deleted"))).toBeUndefined();
    // Every ingest went through the pipeline's stages, each with its latency histogram.
    expect(first.at.get('lexnav_stage_duration_seconds_count{lexnav_stage="lexnav.ingest",lexnav_outcome="ok"}')).toBe(
      6,
    );
    expect(
      first.at.get('lexnav_stage_duration_seconds_count{lexnav_stage="lexnav.ingest.store",lexnav_outcome="ok"}'),
    ).toBe(3);
    expect(first.at.get(LAG)).toBe(0);
    expect(first.at.get(FRESHNESS)).toBe(0);
    expect(first.at.get("lexnav_dead_letters")).toBe(0);
    // Labels carry states, codes and stage names: no source, file name or document id.
    for (const name of ["notes.xyz", "memo.xyz", "corrupt.pdf", "good-0", dir]) expect(first.text).not.toContain(name);

    // The document ids, from the events the service published.
    const ids: string[] = [];
    const events = await js.consumers.get(INGEST_STREAMS.events);
    while (ids.length < 3) {
      const m = await events.next({ expires: 2_000 });
      if (!m) break;
      if (m.subject === INGEST_SUBJECTS.documentIndexed)
        ids.push(fromBinary(ingestV1.DocumentIndexedSchema, m.data).documentId);
    }
    expect(ids).toHaveLength(3);
    const [keep, ...gone] = ids as [string, string, string];

    // While the service is down, 2 deletes and 3 access changes wait in the command stream.
    await svc.process.stop();
    for (const [i, documentId] of gone.entries())
      await js.publish(
        INGEST_SUBJECTS.deleteDocument,
        toBinary(
          ingestV1.DeleteDocumentCommandSchema,
          create(ingestV1.DeleteDocumentCommandSchema, { commandId: `del-${i}`, documentId }),
        ),
      );
    for (let i = 0; i < 3; i++)
      await js.publish(
        INGEST_SUBJECTS.setDocumentAccess,
        toBinary(
          ingestV1.SetDocumentAccessCommandSchema,
          create(ingestV1.SetDocumentAccessCommandSchema, {
            commandId: `acl-${i}`,
            documentId: keep,
            access: { principals: [], groups: [`group-${i}`] },
          }),
        ),
      );
    const waitMs = 1_500;
    await sleep(waitMs);

    // The backlog as the instruments read it from JetStream (no ingest process runs to serve it now).
    const local = startMetrics("lexnav-test", {});
    try {
      createIngestMetrics({
        jsm: await jetstreamManager(nc),
        catalog: { countDocuments: async () => [] },
        logger: silentLogger,
      });
      const backlog = samples(await local.render());
      expect(backlog.get(LAG)).toBe(5);
      expect(backlog.get(FRESHNESS)).toBeGreaterThanOrEqual(waitMs / 1000);
    } finally {
      await local.shutdown();
    }

    svc = await start();
    const after = await scrapeUntil(
      svc.port,
      (at) =>
        at.get(propagation("delete_document", "count")) === 2 &&
        at.get(propagation("set_document_access", "count")) === 3,
    );
    expect(after.at.get(docs("indexed"))).toBe(1);
    expect(after.at.get(docs("deleted"))).toBe(2);
    expect(after.at.get(docs("failed", "unsupported_type"))).toBe(2);
    expect(after.at.get(docs("failed", "corrupt"))).toBe(1);
    // Each change waited at least as long as the service was down: none in the buckets below it.
    expect(after.at.get(propagation("delete_document", 'le="1"'))).toBe(0);
    expect(after.at.get(propagation("set_document_access", 'le="1"'))).toBe(0);
    expect(after.at.get(propagation("delete_document", "sum"))).toBeGreaterThanOrEqual((2 * waitMs) / 1000);
    expect(after.at.get(propagation("set_document_access", "sum"))).toBeGreaterThanOrEqual((3 * waitMs) / 1000);
    expect(after.at.get(LAG)).toBe(0);
    expect(after.at.get(FRESHNESS)).toBe(0);

    // `lexnav status` reads the same figures: the store's, NATS's, and the propagation lag from /metrics.
    const status = await runCliCaptured(
      ["status", "--json", "--db", env.LEXNAV_DB, "--metrics", `http://127.0.0.1:${svc.port}/metrics`],
      loadConfig({ NATS_URL: nats.url, LEXNAV_LOG_LEVEL: "silent" }),
      silentLogger,
    );
    expect(status.code).toBe(0);
    const report = JSON.parse(status.out);
    expect(report.documents).toMatchObject({ indexed: 1, failed: 3, deleted: 2 });
    expect(report.failedByCode).toEqual({ unsupported_type: 2, corrupt: 1 });
    expect(report.nats).toMatchObject({ reachable: true, consumerLag: 0, deadLetters: 0 });
    expect(report.propagationLag.delete_document.count).toBe(2);
    expect(report.propagationLag.set_document_access.count).toBe(3);
    for (const p of [report.propagationLag.delete_document, report.propagationLag.set_document_access]) {
      expect(p.p50).toBeGreaterThanOrEqual(1);
      expect(p.p99).toBeGreaterThanOrEqual(p.p50);
    }
  }, 120_000);
});
