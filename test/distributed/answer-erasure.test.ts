import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { ANSWER_SERVICE } from "@lexnav/answer-service";
import { openSqliteDatabase, type PostgresCatalog } from "@lexnav/catalog";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { answerV1, searchV1 } from "@lexnav/proto";
import { jetstream } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unaryClient } from "../support/grpc-client.ts";
import type { NatsServerHandle } from "../support/nats-server.ts";
import { type PostgresHandle, postgresUnavailableReason, startSharedCatalog } from "../support/postgres.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import {
  appliedChanges,
  indexedBySource,
  markerWord,
  stageDeleteCommand,
  stageIngestCommand,
  startIngestProcess,
  startStageBus,
  stopStageBus,
  until,
} from "../support/stage-corpus.ts";

// On the shared PostgreSQL catalog a delete reaches the answer service's own store (LEXNAV_DB) only as the
// DocumentDeleted event: the answer service erases the deleted document's text from its answer records.

const GROUP = "deal-team";
const ALICE = { id: "alice", groups: [GROUP] };
const skipReason = postgresUnavailableReason();
if (skipReason !== null) console.log(`answer erasure on the shared catalog skipped: ${skipReason}`);

let nats: NatsServerHandle;
let cluster: PostgresHandle;
let catalogUrl: string;
let catalog: PostgresCatalog;
let dir: string;
let nc: NatsConnection;
let answerPort: number;
const running: ServiceProcess[] = [];
const answerDb = () => join(dir, "answer.sqlite");

/** The answer records' stored JSON, read straight from the answer service's table. */
function storedRecords(): string[] {
  const db = openSqliteDatabase(answerDb());
  try {
    return (db.prepare("SELECT record_json FROM answer_records").all() as { record_json: string }[]).map(
      (r) => r.record_json,
    );
  } finally {
    db.close();
  }
}

describe.skipIf(skipReason !== null)(
  `the answer service erases a deleted document's text from its records (shared PostgreSQL catalog, real nats-server)${skipReason !== null ? ` (skipped: ${skipReason})` : ""}`,
  () => {
    beforeAll(async () => {
      ({ cluster, catalogUrl, catalog } = await startSharedCatalog());
      ({ nats, dir, nc } = await startStageBus("answer-erasure"));
      const env = { NATS_URL: nats.url, LEXNAV_CATALOG_URL: catalogUrl, LEXNAV_LOG_LEVEL: "info" };
      running.push(await startIngestProcess({ ...env, LEXNAV_DB: join(dir, "ingest.sqlite") }));
      const lexical = await startServiceProcess(
        "lexical",
        {
          ...env,
          LEXNAV_DB: join(dir, "lexical-unused.sqlite"),
          LEXNAV_LEXICAL_DB: join(dir, "lexical.sqlite"),
          // The only stage here: versions are served once it acknowledged them.
          LEXNAV_SERVING_STORES: "lexical",
          LEXNAV_LEXICAL_ADDRESS: "127.0.0.1:0",
        },
        "ready",
        60_000,
      );
      running.push(lexical.process);
      const answer = await startServiceProcess(
        "answer",
        {
          ...env,
          LEXNAV_DB: answerDb(),
          LEXNAV_ANSWER_ADDRESS: "127.0.0.1:0",
          LEXNAV_LEXICAL_TARGET: `127.0.0.1:${lexical.ready.port as number}`,
        },
        "ready",
        90_000,
      );
      running.push(answer.process);
      answerPort = answer.ready.port as number;
      expect(answer.ready.erasure).toBe("consuming");
    }, 300_000);

    afterAll(async () => {
      await stopStageBus(running, { nats, dir, nc });
      await catalog?.close();
      await cluster?.stop();
    });

    it("ask about a document, delete it through the ingest service: its record keeps none of its text, and replay says it was deleted", async () => {
      const js = jetstream(nc);
      for (const i of [1, 2]) await js.publish(INGEST_SUBJECTS.ingestDocument, stageIngestCommand(i, [GROUP]));
      await until(
        "the lexical stage to apply two documents",
        () => (appliedChanges(join(dir, "lexical.sqlite"), "lexical").length >= 2 ? true : null),
        120_000,
      );
      const indexed = await until("the ingest service to index two documents", async () => {
        const m = await indexedBySource(catalog);
        return m.size >= 2 ? m : null;
      });
      const target = indexed.get("upload://agreement-1.txt");
      if (!target) throw new Error(`document 1 was not indexed: ${[...indexed.keys()].join(", ")}`);
      const c = unaryClient<answerV1.AskRequest, answerV1.AskResponse>(ANSWER_SERVICE, "ask", answerPort);
      const ask = (question: string) =>
        c.call(
          create(answerV1.AskRequestSchema, {
            question,
            mode: searchV1.SearchMode.LEXICAL,
            principal: ALICE,
            offline: true,
          }),
        );
      const question = `What is the ${markerWord(1)}?`;
      let before: answerV1.AskResponse;
      let other: answerV1.AskResponse;
      try {
        before = await ask(question);
        other = await ask(`What is the ${markerWord(2)}?`);
      } finally {
        c.close();
      }
      expect(before.citations.map((x) => x.documentId)).toContain(target.id);
      expect(other.citations.map((x) => x.documentId)).not.toContain(target.id);
      // The control: before the delete the record holds the document's text.
      const stored = () => storedRecords().find((r) => r.includes(before.answerId)) ?? "";
      expect(stored()).toContain(markerWord(1));

      await js.publish(INGEST_SUBJECTS.deleteDocument, stageDeleteCommand("erasure-delete-1", target.id));
      await until(
        "the answer service to erase the deleted document's text",
        () => (stored().includes("document deleted") ? true : null),
        60_000,
      );
      const erased = stored();
      expect(erased).not.toContain(markerWord(1));
      expect(erased).not.toContain(before.answer);
      for (const c of before.citations) expect(erased).not.toContain(c.quote);
      expect(erased).toContain(target.id);
      // The answer that did not draw on it keeps its text.
      expect(storedRecords().find((r) => r.includes(other.answerId))).toContain(markerWord(2));

      // `lexnav replay` on the answer service's store (the CLI refuses replay with LEXNAV_CATALOG_URL set):
      // an erased record is reported from the record alone, before any catalog read.
      const config = { ...loadConfig({ LEXNAV_LOG_LEVEL: "silent" }), dbPath: answerDb() };
      const replayed = await runCliCaptured(["replay", before.answerId], config, silentLogger);
      expect(replayed.out, `replay: ${replayed.code} ${replayed.err}`).toContain("document deleted");
      expect(replayed.out).toContain(target.id);
      expect(replayed.out).not.toContain(markerWord(1));
    }, 300_000);
  },
);
