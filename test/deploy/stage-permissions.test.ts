import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, toBinary } from "@bufbuild/protobuf";
import { loadConfig, natsConnectSettings } from "@lexnav/core";
import { STAGE_SEARCH_SERVICE } from "@lexnav/indexer";
import { INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { LEXICAL_CONSUMER } from "@lexnav/lexical-service";
import { ingestV1, searchV1 } from "@lexnav/proto";
import { VECTOR_CONSUMER } from "@lexnav/vector-service";
import { jetstream } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unaryClient } from "../support/grpc-client.ts";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import { installedEmbedderFolder, repoRoot } from "../support/shared.ts";
import { appliedChanges, indexedBySource, markerWord, stageIngestCommand, until } from "../support/stage-corpus.ts";

// deploy/nats/nats.conf run with the real services under their own users: the ingest service, the lexical
// stage and (when the pretrained embedder is installed) the vector stage, each a process as a deployment
// runs it. A document sent by `intake` reaches each stage's store, and so does its delete; nothing any of
// them does is refused. The permissions name each stage's durable consumer, so a consumer named otherwise in
// the code or in nats.conf stops the stage here (the last test shows that refusal on a renamed copy).

const CONF = join(repoRoot, "deploy/nats/nats.conf");
const USERS = ["ingest", "lexical", "vector", "answer", "intake", "operator"] as const;
type User = (typeof USERS)[number];
// A letter first: nats-server parses a variable's value as a config value (deploy/README.md).
const passwords = Object.fromEntries(USERS.map((u) => [u, `p${randomBytes(12).toString("hex")}`])) as Record<
  User,
  string
>;
const serverEnv = Object.fromEntries(USERS.map((u) => [`LEXNAV_NATS_${u.toUpperCase()}_PASSWORD`, passwords[u]]));
const model = installedEmbedderFolder();
const GROUP = "deal-team";
const ALICE = { id: "alice", groups: [GROUP] };

let dir: string;
let server: NatsServerHandle;
const open: NatsConnection[] = [];
const started: ServiceProcess[] = [];
const searchPorts = new Map<"lexical" | "vector", number>();

const catalogPath = () => join(dir, "catalog.sqlite");
const storePath = (stage: "lexical" | "vector") => join(dir, `${stage}.sqlite`);

/** Connects as `user` the way every lexnav process does (config → natsConnectSettings). */
async function as(user: User): Promise<NatsConnection> {
  const config = loadConfig({ NATS_URL: server.url, NATS_USER: user, NATS_PASSWORD: passwords[user] });
  const nc = await connect({ ...natsConnectSettings(config, `test-${user}`), maxReconnectAttempts: 0 });
  open.push(nc);
  return nc;
}

/** The environment of a service process running as `user` on the test's server and files. */
function serviceEnv(user: User, url: string, extra: Record<string, string>): Record<string, string> {
  return {
    NATS_URL: url,
    NATS_USER: user,
    NATS_PASSWORD: passwords[user],
    LEXNAV_DB: catalogPath(),
    LEXNAV_LOG_LEVEL: "info",
    ...extra,
  };
}

function stageEnv(stage: "lexical" | "vector", url: string): Record<string, string> {
  return serviceEnv(stage, url, {
    [`LEXNAV_${stage.toUpperCase()}_DB`]: storePath(stage),
    [`LEXNAV_${stage.toUpperCase()}_ADDRESS`]: "127.0.0.1:0",
    LEXNAV_REPLICA_ID: `${stage}-1`,
    LEXNAV_STAGE_ACK_WAIT_MS: "5000",
    ...(stage === "vector" && model !== null ? { LEXNAV_EMBEDDER_MODEL_DIR: model } : {}),
  });
}

async function startStage(stage: "lexical" | "vector"): Promise<void> {
  const { process: p, ready } = await startServiceProcess(stage, stageEnv(stage, server.url), "ready", 120_000);
  started.push(p);
  searchPorts.set(stage, ready.port as number);
}

/** Every document `ALICE` finds on `stage` for `query` (k above the passages of the test's documents). */
async function documentsFound(stage: "lexical" | "vector", query: string): Promise<string[]> {
  const c = unaryClient<searchV1.SearchRequest, searchV1.SearchResponse>(
    STAGE_SEARCH_SERVICE,
    "search",
    searchPorts.get(stage) as number,
  );
  try {
    const mode = stage === "lexical" ? searchV1.SearchMode.LEXICAL : searchV1.SearchMode.DENSE;
    const r = await c.call(create(searchV1.SearchRequestSchema, { query, principal: ALICE, mode, topK: 50 }));
    return [...new Set(r.hits.map((h) => h.documentId))];
  } finally {
    c.close();
  }
}

/** The error of a JetStream publish, or "allowed" with the stream's acknowledgement. */
async function publishOutcome(nc: NatsConnection, subject: string): Promise<string> {
  return jetstream(nc)
    .publish(subject, new Uint8Array([1]), { timeout: 2_000 })
    .then(
      () => "allowed",
      (e: Error) => e.message,
    );
}

const stages = (): ("lexical" | "vector")[] => (model === null ? ["lexical"] : ["lexical", "vector"]);

beforeAll(async () => {
  if (model === null)
    console.log(
      "stage permissions: no pretrained embedder installed (bash scripts/setup.sh): the vector stage is not run here, only the lexical one",
    );
  dir = mkdtempSync(join(tmpdir(), "lexnav-stage-permissions-"));
  server = await startNatsServer({ configFile: CONF, env: serverEnv });
  // The ingest service creates the streams; the stages wait for the event stream before making their consumers.
  const { process: ingest } = await startServiceProcess(
    "ingest",
    serviceEnv("ingest", server.url, { LEXNAV_EMBEDDER_MODEL_DIR: "builtin" }),
    "ingest service consuming",
    60_000,
  );
  started.push(ingest);
  for (const stage of stages()) await startStage(stage);
}, 300_000);

afterAll(async () => {
  for (const p of started.splice(0)) await p.stop().catch(() => undefined);
  for (const nc of open) if (!nc.isClosed()) await nc.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`deploy/nats/nats.conf with the real services under their users: ingest, ${
  model === null ? "lexical (vector not run: no pretrained embedder installed)" : "lexical and vector"
} (real nats-server)`, () => {
  it("a document sent by intake reaches each stage's store and is found; its delete reaches them too", async () => {
    const intake = jetstream(await as("intake"));
    await intake.publish(INGEST_SUBJECTS.ingestDocument, stageIngestCommand(1, [GROUP]));
    await intake.publish(INGEST_SUBJECTS.ingestDocument, stageIngestCommand(2, [GROUP]));
    const indexed = await until(
      "the ingest service to index both documents",
      async () => {
        const m = await indexedBySource(catalogPath());
        return m.size >= 2 ? m : null;
      },
      60_000,
    );
    const doc1 = indexed.get("upload://agreement-1.txt");
    const doc2 = indexed.get("upload://agreement-2.txt");
    if (!doc1 || !doc2) throw new Error(`documents 1 and 2 were not indexed: ${[...indexed.keys()].join(", ")}`);

    for (const stage of stages()) {
      await until(
        `the ${stage} stage to apply both documents`,
        () => (appliedChanges(storePath(stage), stage).filter((c) => c.changeKind === "upsert").length >= 2 ? 1 : null),
        120_000,
      );
      expect(await documentsFound(stage, markerWord(1)), stage).toContain(doc1.id);
    }
    expect(await documentsFound("lexical", markerWord(1))).toEqual([doc1.id]);

    await intake.publish(
      INGEST_SUBJECTS.deleteDocument,
      toBinary(
        ingestV1.DeleteDocumentCommandSchema,
        create(ingestV1.DeleteDocumentCommandSchema, { commandId: "deploy-delete-1", documentId: doc1.id }),
      ),
    );
    for (const stage of stages()) {
      const deleted = await until(
        `the ${stage} stage to apply the delete`,
        () =>
          appliedChanges(storePath(stage), stage).find((c) => c.changeKind === "delete" && c.documentId === doc1.id) ??
          null,
        60_000,
      );
      expect(deleted.version, stage).toBe(doc1.version);
      const found = await documentsFound(stage, markerWord(1));
      expect(found, stage).not.toContain(doc1.id);
      // The control: the other document still answers, so an empty result is not a broken search.
      expect(await documentsFound(stage, markerWord(2)), stage).toContain(doc2.id);
    }
    // Everything each service did was within its permissions: a refusal reaches the client, which logs it
    // (or fails the step it was for, which the waits above would have shown).
    for (const p of started) expect(p.log()).not.toMatch(/Permissions Violation|not authorized|permission/i);
  }, 300_000);

  it("the stages' users cannot send commands, publish events, nor read another's inbox", async () => {
    for (const user of ["lexical", "vector"] as const) {
      const nc = await as(user);
      for (const s of [
        INGEST_SUBJECTS.ingestDocument,
        INGEST_SUBJECTS.deleteDocument,
        INGEST_SUBJECTS.setDocumentAccess,
      ])
        expect(await publishOutcome(nc, s), `${user} ${s}`).toMatch(/Permissions Violation for Publish/);
      expect(await publishOutcome(nc, INGEST_SUBJECTS.documentDeleted), user).toMatch(
        /Permissions Violation for Publish/,
      );
      // What it may publish: a dead letter of an event, which the dead-letter stream takes (its acknowledgement
      // comes back on the user's own inbox).
      expect(await publishOutcome(nc, "lexnav.dlq.evt.v1.document-indexed"), user).toBe("allowed");
      // Only its own consumer: another name, or the other stage's, is refused.
      const other = user === "lexical" ? VECTOR_CONSUMER : LEXICAL_CONSUMER;
      for (const consumer of [other, `${user}--index`]) {
        const outcome = await nc
          .request(`$JS.API.CONSUMER.INFO.LEXNAV_INGEST_EVT.${consumer}`, undefined, { timeout: 2_000 })
          .then(
            () => "allowed",
            (e: Error) => e.message,
          );
        expect(outcome, `${user} reading ${consumer}`).toMatch(/Permissions Violation for Publish/);
      }
    }
  }, 30_000);

  it("a stage whose consumer nats.conf does not name is refused and does not get ready (the deployment's old name)", async () => {
    // nats.conf as shipped, with the lexical stage's consumer renamed to the one the deployment once assumed.
    const renamedDir = mkdtempSync(join(tmpdir(), "lexnav-stage-renamed-"));
    const renamed = join(renamedDir, "nats.conf");
    const conf = readFileSync(CONF, "utf8");
    expect(conf).toContain(LEXICAL_CONSUMER);
    writeFileSync(renamed, conf.replaceAll(LEXICAL_CONSUMER, "lexical--index"));
    const other = await startNatsServer({ configFile: renamed, env: serverEnv });
    const procs: ServiceProcess[] = [];
    try {
      const { process: ingest } = await startServiceProcess(
        "ingest",
        serviceEnv("ingest", other.url, {
          LEXNAV_DB: join(renamedDir, "catalog.sqlite"),
          LEXNAV_EMBEDDER_MODEL_DIR: "builtin",
        }),
        "ingest service consuming",
        60_000,
      );
      procs.push(ingest);
      const outcome = await startServiceProcess(
        "lexical",
        {
          ...stageEnv("lexical", other.url),
          LEXNAV_DB: join(renamedDir, "catalog.sqlite"),
          LEXNAV_LEXICAL_DB: join(renamedDir, "lexical.sqlite"),
        },
        "ready",
        60_000,
      ).then(
        ({ process: p }) => {
          procs.push(p);
          return "ready";
        },
        (e: Error) => e.message,
      );
      expect(outcome).toMatch(/Permissions Violation|permission/i);
    } finally {
      for (const p of procs) await p.stop().catch(() => undefined);
      await other.stop();
      rmSync(renamedDir, { recursive: true, force: true });
    }
  }, 120_000);
});
