import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { credentials, makeGenericClientConstructor, type ServiceError, status } from "@grpc/grpc-js";
import { createAnswerAppOnStack, HEALTH_SERVICE, SERVING_STATUS } from "@lexnav/answer-service";
import { openSqliteDatabase } from "@lexnav/catalog";
import { DEFAULT_LIMITS, loadConfig, silentLogger } from "@lexnav/core";
import { createEmbeddedStack } from "@lexnav/stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";

// The services as processes, probed as an orchestrator probes them: HTTP /healthz and /readyz, and the
// answer service's grpc.health.v1.Health/Check.
let dir: string;
let natsPort: number;
let nats: NatsServerHandle | null = null;
const started: ServiceProcess[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function probe(port: number, path: string): Promise<{ code: number; body: Record<string, unknown> }> {
  const r = await fetch(`http://127.0.0.1:${port}${path}`);
  return { code: r.status, body: (await r.json()) as Record<string, unknown> };
}

/** Polls `path` until it answers `code`; returns that answer, or fails after `timeoutMs`. */
async function until(port: number, path: string, code: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  let last = await probe(port, path);
  while (last.code !== code && Date.now() < deadline) {
    await sleep(200);
    last = await probe(port, path);
  }
  expect(last.code).toBe(code);
  return last;
}

/** A `grpc.health.v1.Health` client on 127.0.0.1:`port`; `check` resolves to the response or the status error. */
function healthClient(port: number) {
  const Client = makeGenericClientConstructor(HEALTH_SERVICE, "Health");
  const client = new Client(`127.0.0.1:${port}`, credentials.createInsecure()) as unknown as {
    check(req: { service: string }, cb: (e: ServiceError | null, r?: { status: number }) => void): void;
    close(): void;
  };
  const check = (service: string) =>
    new Promise<{ status: number } | ServiceError>((resolve) =>
      client.check({ service }, (e, r) => resolve(e ?? (r as { status: number }))),
    );
  return { client, check };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lexnav-health-"));
  natsPort = await freePort();
  nats = await startNatsServer({ port: natsPort, storeDir: join(dir, "jetstream") });
}, 30_000);

afterAll(async () => {
  for (const p of started) await p.stop();
  await nats?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("health and readiness of running services", () => {
  it("ingest: alive throughout; ready while NATS answers, not ready when it is down, ready again after it returns", async () => {
    const env = {
      LEXNAV_DB: join(dir, "ingest.sqlite"),
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      LEXNAV_HEALTH_ADDRESS: "127.0.0.1:0",
    };
    const { process: ingest, ready } = await startServiceProcess("ingest", env, "health endpoints listening");
    started.push(ingest);
    const port = ready.port as number;

    expect(await probe(port, "/healthz")).toEqual({ code: 200, body: { status: "alive" } });
    expect((await until(port, "/readyz", 200)).body).toEqual({ status: "ready", checks: { nats: "ok", store: "ok" } });

    await nats?.stop();
    nats = null;
    expect((await until(port, "/readyz", 503)).body).toEqual({
      status: "not ready",
      checks: { nats: "failing", store: "ok" },
    });
    // Not ready is not dead: the process keeps running so it can reconnect.
    expect((await probe(port, "/healthz")).code).toBe(200);

    nats = await startNatsServer({ port: natsPort, storeDir: join(dir, "jetstream") });
    expect((await until(port, "/readyz", 200)).body.checks).toEqual({ nats: "ok", store: "ok" });
    expect(await probe(port, "/nowhere")).toMatchObject({ code: 404 });
  }, 60_000);

  it("answer: gRPC health Check says SERVING for the server and its services, NOT_FOUND for others; HTTP too", async () => {
    const env = {
      LEXNAV_DB: join(dir, "answer.sqlite"),
      LEXNAV_ANSWER_ADDRESS: "127.0.0.1:0",
      LEXNAV_HEALTH_ADDRESS: "127.0.0.1:0",
    };
    const { process: answer, ready } = await startServiceProcess("answer", env, "ready");
    started.push(answer);
    const { client, check } = healthClient(ready.port as number);
    try {
      expect(await check("")).toEqual({ status: SERVING_STATUS.SERVING });
      expect(await check("lexnav.answer.v1.AnswerService")).toEqual({ status: SERVING_STATUS.SERVING });
      expect(await check("lexnav.search.v1.SearchService")).toEqual({ status: SERVING_STATUS.SERVING });
      expect(((await check("no.such.Service")) as ServiceError).code).toBe(status.NOT_FOUND);
    } finally {
      client.close();
    }
    const healthPort = ready.healthPort as number;
    expect((await probe(healthPort, "/healthz")).code).toBe(200);
    expect(await probe(healthPort, "/readyz")).toEqual({
      code: 200,
      body: { status: "ready", checks: { store: "ok" } },
    });
    // The scrape endpoint on the same port (the stage histograms fill as questions are answered).
    const scrape = await fetch(`http://127.0.0.1:${healthPort}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  }, 60_000);

  it("answer: NOT_SERVING while a readiness check fails", async () => {
    const db = join(dir, "failing.sqlite");
    const stack = await createEmbeddedStack(db, DEFAULT_LIMITS, silentLogger);
    const answers = openSqliteDatabase(db);
    let storeUp = false;
    const app = createAnswerAppOnStack(stack, loadConfig({}), answers, silentLogger, undefined, {
      store: async () => {
        if (!storeUp) throw new Error("store unreachable");
      },
    });
    const port = await app.listen("127.0.0.1:0");
    const { client, check } = healthClient(port);
    try {
      expect(await check("")).toEqual({ status: SERVING_STATUS.NOT_SERVING });
      expect(await check("lexnav.answer.v1.AnswerService")).toEqual({ status: SERVING_STATUS.NOT_SERVING });
      storeUp = true;
      expect(await check("")).toEqual({ status: SERVING_STATUS.SERVING });
    } finally {
      client.close();
      await app.stop(1_000);
      answers.close();
      await stack.close();
    }
  });
});
