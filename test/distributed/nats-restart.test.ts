import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { jetstream } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { afterAll, describe, expect, it } from "vitest";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import {
  applicationsPer,
  appliedChanges,
  indexedBySource,
  stageIngestCommand,
  until,
} from "../support/stage-corpus.ts";

const DOCS = 30;
const running: ServiceProcess[] = [];
let nats: NatsServerHandle | null = null;
let dir = "";

afterAll(async () => {
  for (const p of running.splice(0)) await p.stop().catch(() => undefined);
  await nats?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("lexical stage across a nats-server restart (same port, same JetStream directory)", () => {
  it("the ingest service and two lexical replicas reconnect, and every document is applied once", async () => {
    dir = await mkdtemp(join(tmpdir(), "lexnav-distributed-restart-"));
    const storeDir = join(dir, "jetstream");
    await mkdir(storeDir);
    nats = await startNatsServer({ storeDir });
    const port = nats.port;
    const catalogPath = join(dir, "catalog.sqlite");
    const lexicalPath = join(dir, "lexical.sqlite");
    const env = { NATS_URL: nats.url, LEXNAV_DB: catalogPath, LEXNAV_LOG_LEVEL: "info" };
    running.push((await startServiceProcess("ingest", env, "ingest service consuming", 60_000)).process);
    for (const replicaId of ["a", "b"]) {
      const replica = await startServiceProcess(
        "lexical",
        {
          ...env,
          LEXNAV_LEXICAL_DB: lexicalPath,
          LEXNAV_LEXICAL_ADDRESS: "127.0.0.1:0",
          LEXNAV_REPLICA_ID: replicaId,
          LEXNAV_STAGE_ACK_WAIT_MS: "2000",
        },
        "ready",
        60_000,
      );
      running.push(replica.process);
    }
    // A third of the batch, the restart once part of it is applied, then the rest: the restart lands
    // mid-batch however fast the services apply (sent whole, a quiet machine applied all of it first).
    const first = Math.floor(DOCS / 3);
    const publish = async (from: number, to: number) => {
      const nc = await connect({ servers: `nats://127.0.0.1:${port}`, name: "restart-test" });
      const js = jetstream(nc);
      for (let i = from; i < to; i++)
        await js.publish(INGEST_SUBJECTS.ingestDocument, stageIngestCommand(i, ["deal-team"]));
      await nc.close();
    };
    await publish(0, first);

    const upserts = () => appliedChanges(lexicalPath, "lexical").filter((r) => r.changeKind === "upsert").length;
    const before = await until("the batch to be under way", () => (upserts() >= 5 ? upserts() : null));
    await nats.stop();
    nats = null;
    await new Promise((r) => setTimeout(r, 1_000));
    nats = await startNatsServer({ port, storeDir });
    console.log(`nats-server restarted after ${before} of ${DOCS} documents were applied`);
    expect(before).toBeLessThan(DOCS);
    await publish(first, DOCS);

    await until(
      "every document to be indexed and applied after the restart",
      async () => {
        const indexed = (await indexedBySource(catalogPath)).size;
        return indexed >= DOCS && upserts() >= DOCS ? true : null;
      },
      180_000,
      async () => `${(await indexedBySource(catalogPath)).size} indexed and ${upserts()} applied of ${DOCS}`,
    );
    await new Promise((r) => setTimeout(r, 3_000)); // past the ack wait: a duplicate would land now
    const counts = applicationsPer("upsert", appliedChanges(lexicalPath, "lexical"));
    expect(counts.size).toBe(DOCS);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  }, 300_000);
});
