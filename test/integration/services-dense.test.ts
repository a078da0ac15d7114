import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, fromBinary, type MessageInitShape, toBinary } from "@bufbuild/protobuf";
import { type ServiceError, status } from "@grpc/grpc-js";
import { ANSWER_SERVICE, SEARCH_SERVICE } from "@lexnav/answer-service";
import { INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { answerV1, ingestV1, searchV1 } from "@lexnav/proto";
import { jetstream } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASK_VERSO, CUAD_FIXTURES } from "../support/cuad-fixtures.ts";
import { unaryClient } from "../support/grpc-client.ts";
import { readIngestEvents } from "../support/ingest-events.ts";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import { corpusPath, installedEmbedderFolder } from "../support/shared.ts";

const DEALS = { id: "ann", groups: ["deals"] };
const FIXTURES = [CUAD_FIXTURES.verso, CUAD_FIXTURES.sponsor, CUAD_FIXTURES.vivint];
const installed = installedEmbedderFolder();

/**
 * The ingest and answer services as processes on one store, nothing but commands sent to them: no
 * `lexnav index dense`. `embedderDir` set: both run the pretrained model; else the built-in embedder.
 */
function servicesOver(embedderDir: string | null) {
  let nats: NatsServerHandle;
  let nc: NatsConnection;
  let dir: string;
  const processes: ServiceProcess[] = [];
  let port = 0;
  const ids: string[] = [];
  beforeAll(async () => {
    nats = await startNatsServer();
    nc = await connect({ servers: nats.url });
    dir = mkdtempSync(join(tmpdir(), "lexnav-services-dense-"));
    const env = {
      LEXNAV_DB: join(dir, "lexnav.sqlite"),
      NATS_URL: nats.url,
      LEXNAV_LOG_LEVEL: "info",
      LEXNAV_INGEST_ROOTS: corpusPath(),
      LEXNAV_EMBEDDER_MODEL_DIR: embedderDir ?? "builtin",
    };
    processes.push((await startServiceProcess("ingest", env, "ingest service consuming", 60_000)).process);
    const answer = await startServiceProcess(
      "answer",
      { ...env, LEXNAV_ANSWER_ADDRESS: "127.0.0.1:0" },
      "ready",
      60_000,
    );
    processes.push(answer.process);
    port = answer.ready.port as number;
    const js = jetstream(nc);
    for (const [i, source] of FIXTURES.entries())
      await js.publish(
        INGEST_SUBJECTS.ingestDocument,
        toBinary(
          ingestV1.IngestDocumentCommandSchema,
          create(ingestV1.IngestDocumentCommandSchema, {
            commandId: `c${i}`,
            source,
            access: { principals: [], groups: ["deals"] },
          }),
        ),
      );
    for (const e of await readIngestEvents(js, FIXTURES.length, 120_000)) {
      expect(e.subject).toBe(INGEST_SUBJECTS.documentIndexed);
      ids.push(fromBinary(ingestV1.DocumentIndexedSchema, e.data).documentId);
    }
  }, 180_000);
  afterAll(async () => {
    for (const p of processes) await p.stop();
    await nc?.drain();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const search = (init: MessageInitShape<typeof searchV1.SearchRequestSchema>) => {
    const c = unaryClient<searchV1.SearchRequest, searchV1.SearchResponse>(SEARCH_SERVICE, "search", port);
    return c.call(create(searchV1.SearchRequestSchema, init)).finally(() => c.close());
  };
  return { search, ids, port: () => port, nc: () => nc };
}

describe("dense search under the services: the ingest service keeps a dense index (built-in embedder)", () => {
  const s = servicesOver(null);

  it("DENSE returns dense hits and HYBRID fuses them, with no `index dense` run", async () => {
    const dense = await s.search({
      query: "which law governs this agreement",
      principal: DEALS,
      mode: searchV1.SearchMode.DENSE,
      topK: 5,
    });
    expect(dense.hits.length).toBeGreaterThan(0);
    for (const h of dense.hits) expect(h.stageScores.map((x) => x.stage)).toContain("dense");
    expect(new Set(dense.hits.map((h) => h.documentId)).size).toBeGreaterThan(0);
    for (const h of dense.hits) expect(s.ids).toContain(h.documentId);
    const hybrid = await s.search({
      query: "which law governs this agreement",
      principal: DEALS,
      mode: searchV1.SearchMode.HYBRID,
      topK: 10,
    });
    expect(hybrid.hits.some((h) => h.stageScores.some((x) => x.stage === "dense" && x.rank > 0))).toBe(true);
    // The permission filter holds in the dense store too.
    const other = await s.search({
      query: "which law governs this agreement",
      principal: { id: "bob", groups: ["board"] },
      mode: searchV1.SearchMode.DENSE,
      topK: 5,
    });
    expect(other.hits).toEqual([]);
  });

  it("a Search or Ask racing a delete never fails INTERNAL; the deleted document's passages are dropped", async () => {
    const ask = unaryClient<answerV1.AskRequest, answerV1.AskResponse>(ANSWER_SERVICE, "ask", s.port());
    const verso = s.ids[0] as string;
    try {
      const calls: Array<Promise<unknown>> = [];
      for (let i = 0; i < 12; i++) {
        calls.push(s.search({ query: ASK_VERSO, principal: DEALS, mode: searchV1.SearchMode.HYBRID, topK: 8 }));
        calls.push(ask.call(create(answerV1.AskRequestSchema, { question: ASK_VERSO, principal: DEALS })));
        if (i === 3)
          await jetstream(s.nc()).publish(
            INGEST_SUBJECTS.deleteDocument,
            toBinary(
              ingestV1.DeleteDocumentCommandSchema,
              create(ingestV1.DeleteDocumentCommandSchema, { commandId: "del-verso", documentId: verso }),
            ),
          );
        await new Promise((r) => setTimeout(r, 50));
      }
      const settled = await Promise.allSettled(calls);
      const internal = settled.flatMap((r) =>
        r.status === "rejected" && (r.reason as ServiceError).code === status.INTERNAL ? [r.reason] : [],
      );
      expect(internal).toEqual([]);
      // Once the delete is applied, no path returns the document.
      let after = await s.search({ query: ASK_VERSO, principal: DEALS, mode: searchV1.SearchMode.HYBRID, topK: 8 });
      for (let i = 0; i < 50 && after.hits.some((h) => h.documentId === verso); i++) {
        await new Promise((r) => setTimeout(r, 200));
        after = await s.search({ query: ASK_VERSO, principal: DEALS, mode: searchV1.SearchMode.HYBRID, topK: 8 });
      }
      expect(after.hits.map((h) => h.documentId)).not.toContain(verso);
      const dense = await s.search({ query: ASK_VERSO, principal: DEALS, mode: searchV1.SearchMode.DENSE, topK: 8 });
      expect(dense.hits.map((h) => h.documentId)).not.toContain(verso);
    } finally {
      ask.close();
    }
  });
});

describe.skipIf(installed === null)(
  `dense search under the services with the pretrained embedder${installed === null ? " (SKIPPED: no pretrained embedder installed; run bash scripts/setup.sh)" : ""}`,
  () => {
    const s = servicesOver(installed);

    it("DENSE returns the model's hits, with no `index dense` run", async () => {
      const dense = await s.search({
        query: "which law governs this agreement",
        principal: DEALS,
        mode: searchV1.SearchMode.DENSE,
        topK: 5,
        trace: true,
      });
      expect(dense.hits.length).toBeGreaterThan(0);
      for (const h of dense.hits) expect(h.stageScores.map((x) => x.stage)).toContain("dense");
      expect(dense.trace?.vectorIndexVersion).toBeTruthy();
    });
  },
);
