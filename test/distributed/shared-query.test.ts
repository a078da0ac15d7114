import { join } from "node:path";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { ANSWER_SERVICE, SEARCH_SERVICE } from "@lexnav/answer-service";
import type { PostgresCatalog } from "@lexnav/catalog";
import { INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { answerV1, searchV1 } from "@lexnav/proto";
import { jetstream } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unaryClient } from "../support/grpc-client.ts";
import type { NatsServerHandle } from "../support/nats-server.ts";
import { type PostgresHandle, postgresUnavailableReason, startSharedCatalog } from "../support/postgres.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import { installedEmbedderFolder } from "../support/shared.ts";
import {
  appliedChanges,
  indexedBySource,
  markerWord,
  stageIngestCommand,
  startStageBus,
  stopStageBus,
  until,
} from "../support/stage-corpus.ts";

// The services as deploy/k8s wires them: the PostgreSQL catalog (LEXNAV_CATALOG_URL), the lexical and
// vector stages each on their own store, and the answer and planner services reading the stages over
// gRPC (LEXNAV_*_TARGET). Their own embedded lexical index stays empty on this shape: every Search mode
// and Ask must read the stages' indexes, not it. Without the installed embedding model the vector stage
// cannot run, and DENSE is left out (the describe line says so).
const skipReason = postgresUnavailableReason();
if (skipReason !== null) console.log(`shared query path test skipped: ${skipReason}`);
const model = installedEmbedderFolder();
if (model === null) console.log("shared query path: no installed embedding model; the vector stage is not run");

const M = searchV1.SearchMode;
const MODES = [
  M.LEXICAL,
  ...(model === null ? [] : [M.DENSE]),
  M.HYBRID,
  M.NAVEMBED_R1,
  M.NAVEMBED_R2,
  M.NAVEMBED_R3,
  M.NAVEMBED,
  M.NAVINDEX,
  M.INJECT,
];
const DEAL = { id: "alice", groups: ["deal-team"] };
const OTHER = { id: "oscar", groups: ["other-team"] };
/** Agreements 1-3 are deal-team's, 4 the other team's. */
const OWNERS: ReadonlyArray<readonly [number, string]> = [
  [1, "deal-team"],
  [2, "deal-team"],
  [3, "deal-team"],
  [4, "other-team"],
];
const question = (i: number) => `When must the Customer pay for the ${markerWord(i)}?`;

let cluster: PostgresHandle;
let catalog: PostgresCatalog;
let nats: NatsServerHandle;
let nc: NatsConnection;
let dir: string;
const running: ServiceProcess[] = [];
const docs = new Map<number, string>();
let lexicalPort = 0;
let answerPort = 0;
let plannerReady: Record<string, unknown> = {};

type SearchInit = MessageInitShape<typeof searchV1.SearchRequestSchema>;

async function search(init: SearchInit): Promise<searchV1.SearchResponse> {
  const c = unaryClient<searchV1.SearchRequest, searchV1.SearchResponse>(SEARCH_SERVICE, "search", answerPort);
  try {
    return await c.call(create(searchV1.SearchRequestSchema, init));
  } finally {
    c.close();
  }
}

async function ask(init: MessageInitShape<typeof answerV1.AskRequestSchema>): Promise<answerV1.AskResponse> {
  const c = unaryClient<answerV1.AskRequest, answerV1.AskResponse>(ANSWER_SERVICE, "ask", answerPort);
  try {
    return await c.call(create(answerV1.AskRequestSchema, { ...init, offline: true }));
  } finally {
    c.close();
  }
}

/** The version the lexical stage serves, asked of the stage itself. */
async function stageVersion(): Promise<string | undefined> {
  const c = unaryClient<searchV1.GetIndexVersionRequest, searchV1.GetIndexVersionResponse>(
    SEARCH_SERVICE,
    "getIndexVersion",
    lexicalPort,
  );
  try {
    return (await c.call(create(searchV1.GetIndexVersionRequestSchema, {}))).indexVersion;
  } finally {
    c.close();
  }
}

const documentsOf = (hits: ReadonlyArray<{ documentId: string }>) => new Set(hits.map((h) => h.documentId));
const dealDocuments = () => new Set([1, 2, 3].map((i) => docs.get(i) as string));

describe.skipIf(skipReason !== null)(
  `every Search mode on the shared catalog: answer → lexical${model === null ? "" : " ‖ vector"} → rerank → planner, each a process${model === null ? " (no installed embedding model: DENSE and the vector stage left out)" : ""}`,
  () => {
    beforeAll(async () => {
      let catalogUrl: string;
      ({ cluster, catalogUrl, catalog } = await startSharedCatalog());
      ({ nats, dir, nc } = await startStageBus("shared-query"));
      const base = { NATS_URL: nats.url, LEXNAV_CATALOG_URL: catalogUrl, LEXNAV_LOG_LEVEL: "info" };
      const up = async (name: string, env: Record<string, string>, ready = "ready") => {
        const s = await startServiceProcess(name, { ...base, ...env }, ready, 90_000);
        running.push(s.process);
        return s.ready;
      };
      await up("ingest", { LEXNAV_DB: join(dir, "ingest.sqlite") }, "ingest service consuming");
      const lexical = await up("lexical", {
        LEXNAV_DB: join(dir, "lexical-own.sqlite"),
        LEXNAV_LEXICAL_DB: join(dir, "lexical.sqlite"),
        LEXNAV_LEXICAL_ADDRESS: "127.0.0.1:0",
      });
      lexicalPort = lexical.port as number;
      const vector =
        model === null
          ? null
          : await up("vector", {
              LEXNAV_DB: join(dir, "vector-own.sqlite"),
              LEXNAV_VECTOR_DB: join(dir, "vector.sqlite"),
              LEXNAV_VECTOR_ADDRESS: "127.0.0.1:0",
              LEXNAV_EMBEDDER_MODEL_DIR: model,
            });
      const js = jetstream(nc);
      for (const [i, group] of OWNERS) await js.publish(INGEST_SUBJECTS.ingestDocument, stageIngestCommand(i, [group]));
      const indexed = await until("the ingest service to index four documents", async () => {
        const m = await indexedBySource(catalog);
        return m.size >= OWNERS.length ? m : null;
      });
      for (const [i] of OWNERS) docs.set(i, indexed.get(`upload://agreement-${i}.txt`)?.id as string);
      for (const stage of vector ? ["lexical", "vector"] : ["lexical"])
        await until(`the ${stage} stage to apply four documents`, () =>
          appliedChanges(join(dir, `${stage}.sqlite`), stage).length >= OWNERS.length ? true : null,
        );
      const rerank = await up("rerank", { LEXNAV_RERANK_ADDRESS: "127.0.0.1:0" });
      // The planner's own store and the answer's hold no lexical index: the stages are the only one there is.
      plannerReady = await up("planner", {
        LEXNAV_DB: join(dir, "planner.sqlite"),
        LEXNAV_PLANNER_ADDRESS: "127.0.0.1:0",
        LEXNAV_LEXICAL_TARGET: `127.0.0.1:${lexicalPort}`,
      });
      const answer = await up("answer", {
        LEXNAV_DB: join(dir, "answer.sqlite"),
        LEXNAV_ANSWER_ADDRESS: "127.0.0.1:0",
        LEXNAV_LEXICAL_TARGET: `127.0.0.1:${lexicalPort}`,
        ...(vector ? { LEXNAV_VECTOR_TARGET: `127.0.0.1:${vector.port as number}` } : {}),
        LEXNAV_RERANK_TARGET: `127.0.0.1:${rerank.port as number}`,
        LEXNAV_PLANNER_TARGET: `127.0.0.1:${plannerReady.port as number}`,
      });
      answerPort = answer.port as number;
    }, 600_000);

    afterAll(async () => {
      await stopStageBus(running.reverse(), { nats, dir, nc });
      await catalog?.close();
      await cluster?.stop();
    }, 120_000);

    it("the planner reads the lexical stage, not an index of its own", () => {
      expect(plannerReady.remoteStages).toEqual(["lexical"]);
    });

    it("every mode returns deal-team's passages, from the index version the lexical stage serves", async () => {
      const version = await stageVersion();
      expect(version).toMatch(/\S/);
      const dealDocs = dealDocuments();
      for (const mode of MODES) {
        const r = await search({ query: question(2), principal: DEAL, mode, topK: 10 });
        const name = M[mode];
        expect(r.hits.length, `${name}: hits`).toBeGreaterThan(0);
        for (const id of documentsOf(r.hits)) expect(dealDocs.has(id), `${name}: ${id} is deal-team's`).toBe(true);
        expect(r.indexVersion, `${name}: index version`).toBe(version);
        // The marker is in agreement 2 only: every lexically ranked mode finds it (dense embeds a
        // made-up word as any other, so only its permission and version are asserted).
        if (mode !== M.DENSE) expect(documentsOf(r.hits).has(docs.get(2) as string), `${name}: agreement 2`).toBe(true);
      }
    });

    it("inject hands over every passage of every document the principal may read, and only those", async () => {
      const r = await search({ query: question(1), principal: DEAL, mode: M.INJECT });
      expect(documentsOf(r.hits)).toEqual(dealDocuments());
      const other = await search({ query: question(1), principal: OTHER, mode: M.INJECT });
      expect(documentsOf(other.hits)).toEqual(new Set([docs.get(4)]));
    });

    it("another principal sees none of deal-team's documents, in any mode", async () => {
      const dealDocs = dealDocuments();
      for (const mode of MODES) {
        // Asked about a deal-team agreement by name: routing, inject and the planner must still keep it out.
        const r = await search({ query: question(2), principal: OTHER, mode, topK: 10 });
        for (const id of documentsOf(r.hits)) expect(dealDocs.has(id), `${M[mode]}: ${id} is not readable`).toBe(false);
      }
      const own = await search({ query: question(4), principal: OTHER, mode: M.HYBRID, topK: 10 });
      expect([...documentsOf(own.hits)]).toEqual([docs.get(4)]);
    });

    it("an offline Ask in hybrid and navindex answers with a citation of the agreement asked about", async () => {
      for (const mode of [M.HYBRID, M.NAVINDEX]) {
        const r = await ask({ question: question(3), principal: DEAL, mode });
        expect(r.abstained, `${M[mode]}: answered`).toBe(false);
        expect(r.citations.length, `${M[mode]}: citations`).toBeGreaterThan(0);
        expect(
          r.citations.map((c) => c.documentId),
          `${M[mode]}: cited`,
        ).toContain(docs.get(3));
        const other = await ask({ question: question(3), principal: OTHER, mode });
        for (const c of other.citations)
          expect(dealDocuments().has(c.documentId), `${M[mode]}: another principal's citation`).toBe(false);
      }
    });
  },
);
