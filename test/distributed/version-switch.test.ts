import { join } from "node:path";
import { create, toBinary } from "@bufbuild/protobuf";
import type { PostgresCatalog } from "@lexnav/catalog";
import { STAGE_SEARCH_SERVICE } from "@lexnav/indexer";
import { INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { ingestV1, searchV1 } from "@lexnav/proto";
import { jetstream } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unaryClient } from "../support/grpc-client.ts";
import type { NatsServerHandle } from "../support/nats-server.ts";
import { type PostgresHandle, postgresUnavailableReason, startSharedCatalog } from "../support/postgres.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import { installedEmbedderFolder } from "../support/shared.ts";
import {
  applicationsPer,
  appliedChanges,
  startIngestProcess,
  startStageBus,
  stopStageBus,
  until,
} from "../support/stage-corpus.ts";

// A version becomes searchable when every store acknowledged it (issue #17): the ingest service, a lexical
// and a vector stage on one shared PostgreSQL catalog. The vector stage runs one indexing replica on the
// embedded sqlite-vec store: no Qdrant server exists here.
const GROUP = "deal-team";
const ALICE = { id: "alice", groups: [GROUP] };
const SOURCE = "upload://supply-agreement.txt";
const NEW_SOURCE = "upload://side-letter.txt";
// Made-up words, each in one version only, so a lexical search tells the versions apart.
const FIRST = "zorbaline";
const SECOND = "quintafex";
const NEWCOMER = "plumbrivet";
const agreement = (marker: string) =>
  `SUPPLY AGREEMENT\n\n1. PAYMENT\n\nThe buyer pays each invoice within thirty days of receipt; the ${marker} deliverables are due monthly.\n\n2. TERM\n\nThis agreement continues for five years unless terminated for cause.\n`;
const sideLetter = `SIDE LETTER\n\n1. WAIVER\n\nThe seller waives the late fee on the ${NEWCOMER} shipments for the first quarter.\n`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const model = installedEmbedderFolder();
const skipReason =
  model === null ? "no installed embedder model (scripts/setup.sh installs it)" : postgresUnavailableReason();
if (skipReason !== null) console.log(`version switch tests skipped: ${skipReason}`);

let nats: NatsServerHandle;
let cluster: PostgresHandle;
let catalogUrl: string;
let catalog: PostgresCatalog;
let dir: string;
let nc: NatsConnection;
const running = new Map<string, ServiceProcess>();
const ports = new Map<string, number>();
const lexicalPath = () => join(dir, "lexical.sqlite");
const vectorPath = () => join(dir, "vector.sqlite");

const ingestCommand = (commandId: string, source: string, text: string) =>
  toBinary(
    ingestV1.IngestDocumentCommandSchema,
    create(ingestV1.IngestDocumentCommandSchema, {
      commandId,
      source,
      content: new TextEncoder().encode(text),
      access: { groups: [GROUP] },
    }),
  );

async function startStage(name: "lexical" | "vector"): Promise<void> {
  const env = {
    NATS_URL: nats.url,
    LEXNAV_CATALOG_URL: catalogUrl,
    LEXNAV_DB: join(dir, `${name}-unused.sqlite`),
    LEXNAV_LEXICAL_DB: lexicalPath(),
    LEXNAV_VECTOR_DB: vectorPath(),
    LEXNAV_LEXICAL_ADDRESS: "127.0.0.1:0",
    LEXNAV_VECTOR_ADDRESS: "127.0.0.1:0",
    LEXNAV_EMBEDDER_MODEL_DIR: model as string,
    LEXNAV_SERVING_STORES: "lexical,vector",
    LEXNAV_REPLICA_ID: name,
    LEXNAV_STAGE_ACK_WAIT_MS: "5000",
    LEXNAV_LOG_LEVEL: "info",
  };
  const { process: p, ready } = await startServiceProcess(name, env, "ready", 120_000);
  running.set(name, p);
  ports.set(name, ready.port as number);
}

/** The (document, version) pairs a stage's search returns for `query`. */
async function hits(stage: "lexical" | "vector", query: string): Promise<Array<[string, string]>> {
  const c = unaryClient<searchV1.SearchRequest, searchV1.SearchResponse>(
    STAGE_SEARCH_SERVICE,
    "search",
    ports.get(stage) as number,
  );
  try {
    const r = await c.call(
      create(searchV1.SearchRequestSchema, {
        query,
        principal: ALICE,
        mode: stage === "lexical" ? searchV1.SearchMode.LEXICAL : searchV1.SearchMode.DENSE,
        topK: 50,
      }),
    );
    return r.hits.map((h) => [h.documentId, h.version]);
  } finally {
    c.close();
  }
}

/** The stores that acknowledged a version, read from the catalog's table as an operator would. */
async function acknowledgedBy(documentId: string, version: string): Promise<string[]> {
  const client = new pg.Client(catalogUrl);
  await client.connect();
  try {
    const r = await client.query<{ store: string }>(
      "SELECT store FROM version_acks WHERE document_id = $1 AND version = $2 ORDER BY store",
      [documentId, version],
    );
    return r.rows.map((x) => x.store);
  } finally {
    await client.end();
  }
}

describe.skipIf(skipReason !== null)(
  `a version is served when every store acknowledged it: ingest, lexical and vector stages on a shared PostgreSQL catalog, real nats-server; the vector stage runs one indexing replica on the embedded sqlite-vec store (no Qdrant server here)${skipReason !== null ? ` (skipped: ${skipReason})` : ""}`,
  () => {
    beforeAll(async () => {
      ({ cluster, catalogUrl, catalog } = await startSharedCatalog());
      ({ nats, dir, nc } = await startStageBus("version-switch"));
      const ingestEnv = {
        NATS_URL: nats.url,
        LEXNAV_CATALOG_URL: catalogUrl,
        LEXNAV_DB: join(dir, "ingest.sqlite"),
        LEXNAV_LOG_LEVEL: "info",
      };
      running.set("ingest", await startIngestProcess(ingestEnv));
      await startStage("lexical");
      await startStage("vector");
    }, 300_000);

    afterAll(async () => {
      // A stopped process cannot take SIGTERM: continue it first.
      running.get("vector")?.signal("SIGCONT");
      await stopStageBus(running.values(), { nats, dir, nc });
      await catalog?.close();
      await cluster?.stop();
    });

    it("serves version 1 only once both stages have it, and version 2 only after the paused vector stage acknowledges it", async () => {
      const js = jetstream(nc);
      await js.publish(INGEST_SUBJECTS.ingestDocument, ingestCommand("v1", SOURCE, agreement(FIRST)));
      const v1 = await until("both stages to acknowledge version 1", async () => {
        const d = await catalog.findDocumentBySource(SOURCE);
        return d?.currentVersion ? d : null;
      });
      const id = v1.id;
      const first = v1.currentVersion as string;
      expect(await acknowledgedBy(id, first)).toEqual(["lexical", "vector"]);
      await until("both stages to apply version 1", async () =>
        (await hits("lexical", FIRST)).length > 0 && (await hits("vector", FIRST)).length > 0 ? true : null,
      );
      expect(new Set(await hits("lexical", FIRST))).toEqual(new Set([[id, first]]));
      expect(new Set((await hits("vector", "payment of invoices")).map(([d, v]) => `${d}@${v}`))).toEqual(
        new Set([`${id}@${first}`]),
      );

      // The vector stage pauses (SIGSTOP: it keeps its connection and does nothing); version 2 arrives,
      // and a document nobody has seen before.
      running.get("vector")?.signal("SIGSTOP");
      await js.publish(INGEST_SUBJECTS.ingestDocument, ingestCommand("v2", SOURCE, agreement(SECOND)));
      await js.publish(INGEST_SUBJECTS.ingestDocument, ingestCommand("new", NEW_SOURCE, sideLetter));
      const pending = await until("the lexical stage to acknowledge version 2 and the new document", async () => {
        const d = await catalog.getDocument(id);
        const n = await catalog.findDocumentBySource(NEW_SOURCE);
        if (!d?.pendingVersion || !n?.pendingVersion) return null;
        const a = await acknowledgedBy(id, d.pendingVersion);
        const b = await acknowledgedBy(n.id, n.pendingVersion);
        return a.includes("lexical") && b.includes("lexical") ? { second: d.pendingVersion, newcomer: n } : null;
      });
      const { second, newcomer } = pending;
      expect(second).not.toBe(first);
      // Until the vector stage acknowledges, version 1 answers and version 2 is nowhere; the new document is
      // not searchable, and readers of the catalog do not see it as served.
      for (let round = 0; round < 3; round++) {
        expect(await acknowledgedBy(id, second)).toEqual(["lexical"]);
        expect(await catalog.getDocument(id)).toMatchObject({ currentVersion: first, pendingVersion: second });
        expect(await catalog.getDocument(newcomer.id)).toMatchObject({ lifecycle: "indexed", currentVersion: null });
        expect(new Set(await hits("lexical", FIRST))).toEqual(new Set([[id, first]]));
        expect(await hits("lexical", SECOND)).toEqual([]);
        expect(await hits("lexical", NEWCOMER)).toEqual([]);
        await sleep(1_000);
      }
      expect(appliedChanges(lexicalPath(), "lexical").map((r) => [r.documentId, r.version, r.changeKind])).toEqual([
        [id, first, "upsert"],
      ]);

      running.get("vector")?.signal("SIGCONT");
      await until("the vector stage to acknowledge version 2 and the new document", async () => {
        const d = await catalog.getDocument(id);
        const n = await catalog.getDocument(newcomer.id);
        return d?.currentVersion === second && n?.currentVersion === newcomer.pendingVersion ? true : null;
      });
      expect(await acknowledgedBy(id, second)).toEqual(["lexical", "vector"]);
      await until("both stages to apply version 2 and the new document", async () => {
        const lexical = await hits("lexical", SECOND);
        const vector = await hits("vector", "payment of invoices");
        const newcomerFound = (await hits("lexical", NEWCOMER)).length > 0;
        return lexical.length > 0 && vector.some(([, v]) => v === second) && newcomerFound ? true : null;
      });
      // Version 2 is served by both stores and version 1 by neither.
      expect(new Set(await hits("lexical", SECOND))).toEqual(new Set([[id, second]]));
      expect(await hits("lexical", FIRST)).toEqual([]);
      const dense = await hits("vector", "payment of invoices");
      expect(dense.filter(([d]) => d === id).every(([, v]) => v === second)).toBe(true);
      expect(dense.some(([d]) => d === newcomer.id)).toBe(true);

      // Each store applied each (document, version) once: version 1, version 2, the new document.
      for (const [path, store] of [
        [lexicalPath(), "lexical"],
        [vectorPath(), "vector"],
      ] as const) {
        const counts = applicationsPer("upsert", appliedChanges(path, store));
        expect(Object.fromEntries(counts)).toEqual({
          [`${id}@${first}@${store}`]: 1,
          [`${id}@${second}@${store}`]: 1,
          [`${newcomer.id}@${newcomer.pendingVersion}@${store}`]: 1,
        });
      }
    }, 400_000);
  },
);
