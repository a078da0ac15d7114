import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, toBinary } from "@bufbuild/protobuf";
import { startDocumentErasure } from "@lexnav/answer-service";
import { loadConfig, natsConnectSettings, silentLogger } from "@lexnav/core";
import {
  INGEST_STREAMS,
  INGEST_SUBJECTS,
  listDeadLetters,
  readIngestBacklog,
  replayDeadLetter,
} from "@lexnav/ingest-service";
import { ingestV1 } from "@lexnav/proto";
import { AckPolicy, jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import { repoRoot } from "../support/shared.ts";

// deploy/nats/nats.conf, the file compose and Kubernetes run, on a real nats-server: who may connect, and
// what each service's user may publish and read.

const CONF = join(repoRoot, "deploy/nats/nats.conf");
const USERS = ["ingest", "lexical", "vector", "answer", "intake", "operator"] as const;
type User = (typeof USERS)[number];
// Fresh passwords per run, given to the server through its environment as a deployment gives them. A
// letter first: nats-server parses a variable's value as a config value, so "3e5…" is read as a number.
const passwords = Object.fromEntries(USERS.map((u) => [u, `p${randomBytes(12).toString("hex")}`])) as Record<
  User,
  string
>;
const serverEnv = Object.fromEntries(USERS.map((u) => [`LEXNAV_NATS_${u.toUpperCase()}_PASSWORD`, passwords[u]]));

let dir: string;
let server: NatsServerHandle;
const open: NatsConnection[] = [];
const started: ServiceProcess[] = [];

/** Connects as `user` the way every lexnav process does (config → natsConnectSettings). */
async function as(user: User, extra: Record<string, string> = {}): Promise<NatsConnection> {
  const config = loadConfig({ NATS_URL: server.url, NATS_USER: user, NATS_PASSWORD: passwords[user], ...extra });
  const nc = await connect({ ...natsConnectSettings(config, `test-${user}`), maxReconnectAttempts: 0 });
  open.push(nc);
  return nc;
}

/** Resolves to the server's refusal when a subscription is refused, or "allowed" when it stays open. */
async function subscribeOutcome(nc: NatsConnection, subject: string): Promise<string> {
  const sub = nc.subscribe(subject);
  const refused = sub.closed.then((e) => (e instanceof Error ? e.message : "closed"));
  // A refusal comes back in the round trip after the SUB; a flush waits for that round trip.
  await nc.flush();
  const outcome = await Promise.race([refused, new Promise<string>((r) => setTimeout(() => r("allowed"), 200))]);
  if (outcome === "allowed") sub.unsubscribe();
  return outcome;
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

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lexnav-nats-auth-"));
  server = await startNatsServer({ configFile: CONF, env: serverEnv });
}, 30_000);

afterAll(async () => {
  for (const p of started) await p.stop();
  for (const nc of open) if (!nc.isClosed()) await nc.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("NATS with deploy/nats/nats.conf (real nats-server)", () => {
  it("refuses a client without credentials, with a wrong password, and a user whose password the server was not given", async () => {
    const refusal = (opts: Record<string, unknown>) =>
      connect({ servers: server.url, maxReconnectAttempts: 0, ...opts }).then(
        async (nc) => {
          await nc.close();
          return "connected";
        },
        (e: Error) => e.message,
      );
    expect(await refusal({})).toMatch(/Authorization Violation/);
    expect(await refusal({ user: "ingest", pass: passwords.lexical })).toMatch(/Authorization Violation/);
    expect(await refusal({ user: "nobody", pass: "x" })).toMatch(/Authorization Violation/);
    // The control: the right password is let in.
    expect(await refusal({ user: "ingest", pass: passwords.ingest })).toBe("connected");
  });

  it("will not start when a password's variable is missing, rather than start open", async () => {
    const { INGEST_PASSWORD: _, ...rest } = Object.fromEntries(
      Object.entries(serverEnv).map(([k, v]) => [k.replace("LEXNAV_NATS_", ""), v]),
    );
    const partial = Object.fromEntries(Object.entries(rest).map(([k, v]) => [`LEXNAV_NATS_${k}`, v]));
    await expect(startNatsServer({ configFile: CONF, env: partial, readyTimeoutMs: 5_000 })).rejects.toThrow(
      /LEXNAV_NATS_INGEST_PASSWORD/,
    );
  });

  it("will not start on a password that reads as a number (so deploy/README.md says: a letter first)", async () => {
    const numeric = { ...serverEnv, LEXNAV_NATS_INTAKE_PASSWORD: "3e52af" };
    await expect(startNatsServer({ configFile: CONF, env: numeric, readyTimeoutMs: 5_000 })).rejects.toThrow(
      /LEXNAV_NATS_INTAKE_PASSWORD/,
    );
  });

  describe("with the ingest service running as its user", () => {
    let ingest: ServiceProcess;

    beforeAll(async () => {
      const env = {
        LEXNAV_DB: join(dir, "ingest.sqlite"),
        NATS_URL: server.url,
        NATS_USER: "ingest",
        NATS_PASSWORD: passwords.ingest,
        LEXNAV_HEALTH_ADDRESS: "127.0.0.1:0",
        LEXNAV_EMBEDDER_MODEL_DIR: "builtin",
      };
      const { process, ready } = await startServiceProcess("ingest", env, "health endpoints listening");
      ingest = process;
      started.push(ingest);
      const readyz = await fetch(`http://127.0.0.1:${ready.port as number}/readyz`);
      expect(readyz.status).toBe(200);
    }, 60_000);

    it("a command from intake is indexed and erased, its event kept for the stages (test/deploy/stage-permissions.test.ts runs them)", async () => {
      const intake = await as("intake");
      const command = create(ingestV1.IngestDocumentCommandSchema, {
        commandId: "auth-1",
        source: "s3://deal/supply.txt",
        fileName: "supply.txt",
        content: new TextEncoder().encode("SUPPLY AGREEMENT\n\n1. Term. This Agreement runs for five years.\n"),
        access: { groups: ["deal-team"] },
      });
      const ack = await jetstream(intake).publish(
        INGEST_SUBJECTS.ingestDocument,
        toBinary(ingestV1.IngestDocumentCommandSchema, command),
      );
      expect(ack.stream).toBe(INGEST_STREAMS.commands);

      // The event is in the event stream, where the stages' durable consumers read it (the operator reads it
      // directly here; a stage may use its own consumer only: nats.conf names it).
      const events = await jetstreamManager(await as("operator"));
      const deadline = Date.now() + 15_000;
      while ((await events.streams.info(INGEST_STREAMS.events)).state.messages === 0) {
        if (Date.now() > deadline) throw new Error(`no lifecycle event in 15 s:\n${ingest.log()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const lexical = await jetstreamManager(await as("lexical"));
      const other = await lexical.consumers
        .add(INGEST_STREAMS.events, { durable_name: "lexical--test", ack_policy: AckPolicy.Explicit })
        .then(
          () => "allowed",
          (e: Error) => e.message,
        );
      expect(other).toMatch(/Permissions Violation for Publish/);
      // The answer service's erasure consumer starts as the answer user (created with its filter, pulled);
      // any other consumer, and any command, is refused to it.
      const answer = await as("answer");
      const erasure = await startDocumentErasure({
        nc: answer,
        eraseAnswerRecords: async () => 0,
        logger: silentLogger,
        options: { streamWaitMs: 5_000 },
      });
      await erasure.stop();
      const answerOther = await (await jetstreamManager(answer)).consumers
        .add(INGEST_STREAMS.events, { durable_name: "answer--test", ack_policy: AckPolicy.Explicit })
        .then(
          () => "allowed",
          (e: Error) => e.message,
        );
      expect(answerOther).toMatch(/Permissions Violation for Publish/);
      expect(await publishOutcome(answer, INGEST_SUBJECTS.deleteDocument)).toMatch(/Permissions Violation for Publish/);
      expect(await publishOutcome(answer, INGEST_SUBJECTS.documentDeleted)).toMatch(
        /Permissions Violation for Publish/,
      );

      // The handled command was erased from the work queue (the ingest user may delete its own stream's messages).
      const operator = await jetstreamManager(await as("operator"));
      expect((await operator.streams.info(INGEST_STREAMS.commands)).state.messages).toBe(0);
      // Everything the ingest service did was within its permissions: the server refused it nothing (a
      // refusal reaches the client, which logs it or fails the erase it was for).
      expect(ingest.log()).not.toMatch(/Permissions Violation|could not erase/i);
    }, 60_000);

    it("the operator user runs the operator views: the backlog, and a dead letter listed and replayed", async () => {
      const intake = await as("intake");
      const operator = await as("operator");
      // An undecodable command: ingest terminates it and dead-letters it (publishing on lexnav.dlq.cmd.v1.*).
      await jetstream(intake).publish(INGEST_SUBJECTS.ingestDocument, new Uint8Array([0xff, 0xff, 0xff]));
      const waitForDeadLetter = async (notId?: number) => {
        const deadline = Date.now() + 15_000;
        for (;;) {
          const letters = await listDeadLetters(operator);
          const found = letters.find((l) => l.id !== notId);
          if (found) return found;
          if (Date.now() > deadline) throw new Error(`no dead letter in 15 s:\n${ingest.log()}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      };
      const first = await waitForDeadLetter();
      expect(first.subject).toBe(INGEST_SUBJECTS.ingestDocument);
      expect(first.reason).toMatch(/undecodable/);
      const backlog = await readIngestBacklog(operator);
      expect(backlog.deadLetters).toBe(1);
      expect(backlog.consumerLag).toBe(0);
      // Replay: published again on its command subject, erased from the dead-letter stream; still broken,
      // so it comes back as a new dead letter.
      const replayed = await replayDeadLetter(operator, first.id);
      expect(replayed.subject).toBe(INGEST_SUBJECTS.ingestDocument);
      const second = await waitForDeadLetter(first.id);
      expect(second.id).toBeGreaterThan(first.id);
      expect((await listDeadLetters(operator)).map((l) => l.id)).toEqual([second.id]);
      expect(ingest.log()).not.toMatch(/Permissions Violation/i);
    }, 60_000);
  });

  it("lets each user publish and read only its own subjects", async () => {
    const lexical = await as("lexical");
    const vector = await as("vector");
    const intake = await as("intake");
    const ingest = await as("ingest");

    // Search stages cannot send commands: no delete, no access change, no document.
    for (const nc of [lexical, vector])
      for (const s of [
        INGEST_SUBJECTS.deleteDocument,
        INGEST_SUBJECTS.setDocumentAccess,
        INGEST_SUBJECTS.ingestDocument,
      ])
        expect(await publishOutcome(nc, s)).toMatch(/Permissions Violation for Publish/);
    // Nobody but ingest speaks for the catalog: a forged DocumentDeleted is refused.
    expect(await publishOutcome(intake, INGEST_SUBJECTS.documentDeleted)).toMatch(/Permissions Violation for Publish/);
    expect(await publishOutcome(lexical, INGEST_SUBJECTS.documentDeleted)).toMatch(/Permissions Violation for Publish/);
    // The stages publish no events of their own (packages/indexer): nobody may.
    expect(await publishOutcome(lexical, "lexnav.lexical.evt.v1.passages-applied")).toMatch(/Permissions Violation/);
    // A service cannot drop a stream, nor another's consumer.
    const drop = await ingest.request("$JS.API.STREAM.DELETE.LEXNAV_INGEST_EVT", undefined, { timeout: 2_000 }).then(
      () => "allowed",
      (e: Error) => e.message,
    );
    expect(drop).toMatch(/Permissions Violation for Publish/);

    // Commands, which may carry a document's bytes, reach no one by a plain subscription...
    for (const nc of [lexical, vector, intake])
      expect(await subscribeOutcome(nc, INGEST_SUBJECTS.commands)).toMatch(/Permissions Violation for Subscription/);
    // ...nor through another user's reply inbox, where JetStream delivers them to the ingest consumer.
    expect(await subscribeOutcome(lexical, "_INBOX_ingest.>")).toMatch(/Permissions Violation for Subscription/);
    expect(await subscribeOutcome(lexical, "_INBOX.>")).toMatch(/Permissions Violation for Subscription/);
    // The controls: what a user needs is allowed.
    expect(await subscribeOutcome(lexical, "_INBOX_lexical.x")).toBe("allowed");
    expect(await publishOutcome(intake, INGEST_SUBJECTS.deleteDocument)).toBe("allowed");
  }, 30_000);
});

describe("NATS with deploy/nats/nats-tls.conf (real nats-server, the test certificate)", () => {
  let tlsServer: NatsServerHandle | null = null;
  let tlsDir: string;

  beforeAll(async () => {
    // The shipped TLS config, with the certificate directory it names pointed at the test certificate.
    tlsDir = mkdtempSync(join(tmpdir(), "lexnav-nats-tls-"));
    copyFileSync(CONF, join(tlsDir, "nats.conf"));
    copyFileSync(join(repoRoot, "test/fixtures/tls/answer-test.crt"), join(tlsDir, "tls.crt"));
    copyFileSync(join(repoRoot, "test/fixtures/tls/answer-test.key"), join(tlsDir, "tls.key"));
    const conf = readFileSync(join(repoRoot, "deploy/nats/nats-tls.conf"), "utf8").replaceAll("/etc/nats/tls", tlsDir);
    writeFileSync(join(tlsDir, "nats-tls.conf"), conf);
    tlsServer = await startNatsServer({ configFile: join(tlsDir, "nats-tls.conf"), env: serverEnv });
  }, 30_000);

  afterAll(async () => {
    await tlsServer?.stop();
    rmSync(tlsDir, { recursive: true, force: true });
  });

  it("refuses a client that does not trust the server's CA, and lets a user in over TLS with NATS_TLS_CA", async () => {
    const url = tlsServer?.url ?? "";
    const untrusting = await connect({
      servers: url,
      user: "ingest",
      pass: passwords.ingest,
      maxReconnectAttempts: 0,
    }).then(
      async (nc) => {
        await nc.close();
        return "connected";
      },
      (e: Error) => e.message,
    );
    expect(untrusting).not.toBe("connected");
    const config = loadConfig({
      NATS_URL: url,
      NATS_USER: "ingest",
      NATS_PASSWORD: passwords.ingest,
      NATS_TLS_CA: join(repoRoot, "test/fixtures/tls/answer-test.crt"),
    });
    const nc = await connect({ ...natsConnectSettings(config, "test-tls"), maxReconnectAttempts: 0 });
    try {
      expect(nc.info?.tls_required).toBe(true);
      await nc.flush();
    } finally {
      await nc.close();
    }
    // TLS does not replace authentication: without credentials the server still refuses.
    const anonymous = await connect({
      ...natsConnectSettings(loadConfig({ NATS_URL: url, NATS_TLS_CA: config.natsTlsCaPath ?? "" }), "anon"),
      maxReconnectAttempts: 0,
    }).then(
      async (c) => {
        await c.close();
        return "connected";
      },
      (e: Error) => e.message,
    );
    expect(anonymous).toMatch(/Authorization Violation/);
  }, 30_000);
});
