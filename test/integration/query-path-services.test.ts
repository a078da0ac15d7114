import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { makeGenericClientConstructor, type ServiceError, status } from "@grpc/grpc-js";
import { DEFAULT_LIMITS, inSpan, isLexnavError, type LexnavError, type Logger, silentLogger } from "@lexnav/core";
import {
  createPlannerClient,
  createRemoteReranker,
  HEALTH_SERVICE,
  RERANK_SERVICE,
  SERVING_STATUS,
  withCallContext,
} from "@lexnav/grpc";
import { rerankV1 } from "@lexnav/proto";
import { createRerankApp } from "@lexnav/rerank-service";
import { createBuiltinReranker, loadOnnxCrossEncoder, type RerankCandidate } from "@lexnav/retrieval";
import { createEmbeddedStack, type EmbeddedStack } from "@lexnav/stack";
import { startTelemetry, type Telemetry } from "@lexnav/telemetry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASK_VERSO, CUAD_FIXTURES } from "../support/cuad-fixtures.ts";
import { unaryClient } from "../support/grpc-client.ts";
import { startMessagesApiStandIn } from "../support/messages-api-stand-in.ts";
import { OTLP_KIND, type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from "../support/otlp-receiver.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import { writeTinyCrossEncoder } from "../support/tiny-model.ts";

// The rerank and planner services run as their own processes (services/<name>/src/main.ts), each
// exporting spans over OTLP to a receiver this test runs; this process calls them through the clients the
// answer service will use, so the trace trees hold only if the context really crossed gRPC metadata.
const DEALS = { id: "ann", groups: ["deals"] };
const BOARD = { id: "bob", groups: ["board"] };
const CLIENT = "lexnav-query-path-test";

let receiver: OtlpReceiver;
let dir: string;
let db: string;
let stack: EmbeddedStack;
let ids: Record<"verso" | "vivint", string>;
let rerank: { process: ServiceProcess; port: number; healthPort: number };
let planner: { process: ServiceProcess; port: number };
let telemetry: Telemetry | null;

/**
 * Up to `n` passages of a stored document as a reranker sees them: each provision's text in windows of
 * 400 characters (a small agreement has few provisions), with the provision's heading and flags and the
 * retrieval stages that ranked it.
 */
async function candidatesOf(documentId: string, n: number): Promise<RerankCandidate[]> {
  const doc = await stack.catalog.getDocument(documentId);
  const version = doc?.currentVersion as string;
  const text = (await stack.catalog.getVersion(documentId, version))?.text ?? "";
  return (await stack.catalog.getNodes(documentId, version))
    .flatMap((node) => {
      const out: RerankCandidate[] = [];
      for (let at = node.start; at < node.end; at += 400)
        out.push({
          id: `${node.id}@${at}`,
          text: text.slice(at, Math.min(node.end, at + 400)),
          heading: [...node.headingPath, node.title ?? ""].join(" "),
          flags: node.flags,
        });
      return out;
    })
    .slice(0, n)
    .map((c, i) => ({
      ...c,
      // ranked by words, by meaning or by both before fusion, as navembed-r4 hands them on
      stages: [
        ...(i % 3 !== 1 ? [{ stage: "lexical", score: 10 - i / 4, rank: i + 1 }] : []),
        ...(i % 3 !== 0 ? [{ stage: "dense", score: 0.8 - i / 100, rank: 2 * i + 1 }] : []),
      ],
    }));
}

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  dir = mkdtempSync(join(tmpdir(), "lexnav-query-path-"));
  db = join(dir, "lexnav.sqlite");
  stack = await createEmbeddedStack(db, DEFAULT_LIMITS, silentLogger);
  const verso = await stack.pipeline.ingest({
    source: CUAD_FIXTURES.verso,
    access: { principals: [], groups: ["deals"] },
  });
  const vivint = await stack.pipeline.ingest({
    source: CUAD_FIXTURES.vivint,
    access: { principals: [], groups: ["board"] },
  });
  expect([verso.status, vivint.status]).toEqual(["indexed", "indexed"]);
  ids = { verso: verso.documentId, vivint: vivint.documentId };
  const env = {
    LEXNAV_DB: db,
    LEXNAV_LOG_LEVEL: "info",
    LEXNAV_HEALTH_ADDRESS: "127.0.0.1:0",
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_BSP_SCHEDULE_DELAY: "100",
  };
  const [r, p] = await Promise.all([
    startServiceProcess("rerank", { ...env, LEXNAV_RERANK_ADDRESS: "127.0.0.1:0" }, "ready"),
    startServiceProcess("planner", { ...env, LEXNAV_PLANNER_ADDRESS: "127.0.0.1:0" }, "ready"),
  ]);
  rerank = { process: r.process, port: r.ready.port as number, healthPort: r.ready.healthPort as number };
  planner = { process: p.process, port: p.ready.port as number };
  // The exporter reads its endpoint from the environment, as in every lexnav process.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.endpoint;
  telemetry = startTelemetry(CLIENT, { env: process.env });
}, 90_000);

afterAll(async () => {
  await telemetry?.shutdown();
  await Promise.all([rerank?.process.stop(), planner?.process.stop()]);
  await stack?.close();
  await receiver?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the rerank service", () => {
  it("scores as the in-process reranker does, for the same question and candidates", async () => {
    const candidates = await candidatesOf(ids.verso, 40);
    expect(candidates.length).toBeGreaterThan(10);
    const remote = createRemoteReranker({ target: `127.0.0.1:${rerank.port}`, timeoutMs: 10_000 });
    try {
      const scores = await remote.rerank(ASK_VERSO, candidates);
      expect(scores).toEqual(await createBuiltinReranker().rerank(ASK_VERSO, candidates));
      // the scores tell candidates apart: equality above is not of two constant lists
      expect(new Set(scores).size).toBeGreaterThan(1);
      expect(await remote.rerank(ASK_VERSO, [])).toEqual([]);
    } finally {
      remote.close();
    }
  });

  it("returns the best top_k first, each with its rank and its position in the request", async () => {
    const candidates = await candidatesOf(ids.verso, 20);
    const c = unaryClient<rerankV1.RerankRequest, rerankV1.RerankResponse>(RERANK_SERVICE, "rerank", rerank.port);
    try {
      const r = await c.call(
        create(rerankV1.RerankRequestSchema, {
          query: ASK_VERSO,
          topK: 3,
          candidates: candidates.map((x) => ({ id: x.id, text: x.text, heading: x.heading })),
        }),
      );
      expect(r.model).toBe("builtin-rerank-2");
      expect(r.results.map((x) => x.rank)).toEqual([1, 2, 3]);
      expect(r.results[0]?.id).toBe(candidates[r.results[0]?.index ?? -1]?.id);
      // without flags or stages the service scores as the reranker does on candidates without them
      const flagless = await createBuiltinReranker().rerank(
        ASK_VERSO,
        candidates.map((x) => ({ id: x.id, text: x.text, heading: x.heading, flags: null })),
      );
      expect(r.results.map((x) => x.score)).toEqual([...flagless].sort((a, b) => b - a).slice(0, 3));
      const empty = await c.refusal(create(rerankV1.RerankRequestSchema, { query: " " }));
      expect(empty.code).toBe(status.INVALID_ARGUMENT);
    } finally {
      c.close();
    }
  });

  it("gives DEADLINE_EXCEEDED for a deadline too short, and refuses a spent budget without calling", async () => {
    const candidates = await candidatesOf(ids.verso, 400);
    const remote = createRemoteReranker({ target: `127.0.0.1:${rerank.port}`, timeoutMs: 1 });
    try {
      const e = await remote.rerank(ASK_VERSO, candidates).catch((x: unknown) => x);
      expect(isLexnavError(e) && e.code).toBe("deadline_exceeded");
      expect((e as LexnavError).message).not.toContain("127.0.0.1");
    } finally {
      remote.close();
    }
    const patient = createRemoteReranker({ target: `127.0.0.1:${rerank.port}`, timeoutMs: 10_000 });
    try {
      // the request's own deadline (here already spent) bounds the call, whatever the client allows
      const spent = await withCallContext({ deadline: Date.now() - 1 }, () =>
        patient.rerank(ASK_VERSO, candidates.slice(0, 5)),
      ).catch((x: unknown) => x);
      expect(isLexnavError(spent) && spent.code).toBe("deadline_exceeded");
    } finally {
      patient.close();
    }
  });

  it("stops a call whose deadline passes while the reranker scores, at the deadline", async () => {
    const lines: Array<{ msg: string; fields: Record<string, unknown> }> = [];
    const logger: Logger = {
      ...silentLogger,
      info: (msg: string, fields?: Record<string, unknown>) => lines.push({ msg, fields: fields ?? {} }),
    };
    let finished = false;
    // A reranker slower than any deadline a caller gives it (a model on a busy host).
    const slow = {
      id: "slow-test-reranker",
      rerank: (_q: string, candidates: RerankCandidate[]) =>
        new Promise<number[]>((resolve) =>
          setTimeout(() => {
            finished = true;
            resolve(candidates.map(() => 1));
          }, 3_000),
        ),
    };
    const app = createRerankApp({ reranker: slow, logger });
    const port = await app.listen("127.0.0.1:0");
    const remote = createRemoteReranker({ target: `127.0.0.1:${port}`, timeoutMs: 300 });
    try {
      const started = performance.now();
      const e = await remote.rerank(ASK_VERSO, await candidatesOf(ids.verso, 3)).catch((x: unknown) => x);
      expect(isLexnavError(e) && e.code).toBe("deadline_exceeded");
      expect(performance.now() - started).toBeLessThan(2_000);
      // the service itself gave up at the deadline, not the client alone: it logged the refusal early
      await expect.poll(() => lines.find((l) => l.msg === "Rerank refused"), { timeout: 2_000 }).toBeDefined();
      const refused = lines.find((l) => l.msg === "Rerank refused");
      expect(refused?.fields.code).toBe("deadline_exceeded");
      expect(refused?.fields.ms as number).toBeLessThan(2_000);
      expect(finished).toBe(false);
    } finally {
      remote.close();
      await app.stop(100);
    }
  });

  it("serves gRPC health checking and HTTP /healthz and /readyz", async () => {
    const Client = makeGenericClientConstructor(HEALTH_SERVICE, "Health");
    const { credentials } = await import("@grpc/grpc-js");
    const client = new Client(`127.0.0.1:${rerank.port}`, credentials.createInsecure()) as unknown as {
      check(req: { service: string }, cb: (e: ServiceError | null, r?: { status: number }) => void): void;
      close(): void;
    };
    const check = (service: string) =>
      new Promise<{ status: number }>((resolve, reject) =>
        client.check({ service }, (e, r) => (e ? reject(e) : resolve(r as { status: number }))),
      );
    try {
      expect(await check("")).toEqual({ status: SERVING_STATUS.SERVING });
      expect(await check("lexnav.rerank.v1.RerankService")).toEqual({ status: SERVING_STATUS.SERVING });
      const unknown = await check("lexnav.answer.v1.AnswerService").catch((e: ServiceError) => e);
      expect((unknown as ServiceError).code).toBe(status.NOT_FOUND);
    } finally {
      client.close();
    }
    const base = `http://127.0.0.1:${rerank.healthPort}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });
    // the calls above were timed in the stage histogram a scrape reads
    const scraped = await (await fetch(`${base}/metrics`)).text();
    expect(scraped).toMatch(
      /lexnav_stage_duration_seconds_count\{lexnav_stage="lexnav\.rerank\.rpc",lexnav_outcome="ok"\} [1-9]/,
    );
  });

  it("scores with the local model the config names, as that model scores in process", async () => {
    const modelDir = join(dir, "cross-encoder");
    writeTinyCrossEncoder(modelDir);
    const started = await startServiceProcess(
      "rerank",
      { LEXNAV_LOG_LEVEL: "info", LEXNAV_RERANK_ADDRESS: "127.0.0.1:0", LEXNAV_RERANKER_MODEL_DIR: modelDir },
      "ready",
    );
    const local = await loadOnnxCrossEncoder(modelDir);
    const remote = createRemoteReranker({ target: `127.0.0.1:${started.ready.port as number}`, timeoutMs: 20_000 });
    try {
      expect(started.ready.reranker).toBe(local.id);
      const candidates = await candidatesOf(ids.verso, 12);
      const scores = await remote.rerank(ASK_VERSO, candidates);
      const expected = await local.rerank(ASK_VERSO, candidates);
      expect(scores).toHaveLength(expected.length);
      // float32 from onnxruntime, carried as double: equal to the in-process model's
      for (const [i, s] of scores.entries()) expect(s).toBeCloseTo(expected[i] as number, 6);
      expect(new Set(scores).size).toBeGreaterThan(1);
    } finally {
      remote.close();
      await local.close();
      await started.process.stop();
    }
  }, 60_000);
});

describe("the planner service", () => {
  it("plans only over documents the principal may read (two principals)", async () => {
    const client = createPlannerClient({ target: `127.0.0.1:${planner.port}`, timeoutMs: 20_000 });
    try {
      const deals = await client.plan({ query: ASK_VERSO, principal: DEALS });
      expect(deals.targets.length).toBeGreaterThan(0);
      expect(deals.targets.length).toBeLessThanOrEqual(10);
      expect(new Set(deals.targets.map((t) => t.documentId))).toEqual(new Set([ids.verso]));
      // every target is a provision of the stored version
      const version = (await stack.catalog.getDocument(ids.verso))?.currentVersion as string;
      const nodeIds = new Set((await stack.catalog.getNodes(ids.verso, version)).map((n) => n.id));
      for (const t of deals.targets) expect(nodeIds.has(t.nodeId)).toBe(true);
      // the deterministic planner calls no model
      expect(deals.usage).toEqual([]);

      const board = await client.plan({ query: ASK_VERSO, principal: BOARD });
      expect(board.targets.map((t) => t.documentId)).not.toContain(ids.verso);
      const boardOwn = await client.plan({
        query: "Which law governs the non-competition agreement?",
        principal: BOARD,
      });
      expect(boardOwn.targets.length).toBeGreaterThan(0);
      expect(new Set(boardOwn.targets.map((t) => t.documentId))).toEqual(new Set([ids.vivint]));

      // a scope naming a document the principal may not read is refused as an unknown one
      const refused = await client
        .plan({ query: ASK_VERSO, principal: BOARD, documentIds: [ids.verso] })
        .catch((e: unknown) => e);
      const unknown = await client
        .plan({ query: ASK_VERSO, principal: BOARD, documentIds: ["doc_unknown"] })
        .catch((e: unknown) => e);
      expect(isLexnavError(refused) && refused.code).toBe("not_found");
      expect(isLexnavError(unknown) && unknown.code).toBe("not_found");
      expect((refused as LexnavError).message.replace(ids.verso, "X")).toBe(
        (unknown as LexnavError).message.replace("doc_unknown", "X"),
      );
      const noPrincipal = await client
        .plan({ query: ASK_VERSO, principal: { id: "", groups: [] } })
        .catch((e: unknown) => e);
      expect(isLexnavError(noPrincipal) && noPrincipal.code).toBe("invalid_argument");
    } finally {
      client.close();
    }
  });
});

describe("the planner service with a model key", () => {
  it("sends the model the compact index of what the principal may read, and returns its plan with the ledger", async () => {
    const api = await startMessagesApiStandIn();
    // The model names the first two provisions of the first document of the index it was sent.
    api.fallback = () => "0.0\n0.1";
    const started = await startServiceProcess(
      "planner",
      {
        LEXNAV_DB: db,
        LEXNAV_LOG_LEVEL: "info",
        LEXNAV_PLANNER_ADDRESS: "127.0.0.1:0",
        ANTHROPIC_API_KEY: api.validKey,
        ANTHROPIC_BASE_URL: api.url,
        LEXNAV_MODEL_MAX_RETRIES: "0",
      },
      "ready",
    );
    const client = createPlannerClient({ target: `127.0.0.1:${started.ready.port as number}`, timeoutMs: 20_000 });
    try {
      const plan = await client.plan({ query: ASK_VERSO, principal: DEALS });
      expect(api.requests).toHaveLength(1);
      const system = JSON.stringify(api.requests[0]?.body.system ?? "");
      expect(system).toMatch(/intellectual property/i);
      expect(system).not.toMatch(/non-competition/i);
      expect(plan.targets).toHaveLength(2);
      expect(plan.targets.every((t) => t.documentId === ids.verso)).toBe(true);
      expect(plan.usage).toHaveLength(1);
      expect(plan.usage[0]).toMatchObject({ stage: "plan", inputTokens: expect.any(Number) });
      expect(plan.usage[0]?.inputTokens).toBeGreaterThan(0);

      const board = await client.plan({ query: ASK_VERSO, principal: BOARD });
      const boardSystem = JSON.stringify(api.requests[1]?.body.system ?? "");
      expect(boardSystem).toMatch(/non-competition/i);
      expect(boardSystem).not.toMatch(/intellectual property agreement/i);
      expect(board.targets.every((t) => t.documentId === ids.vivint)).toBe(true);
    } finally {
      client.close();
      await started.process.stop();
      await api.close();
    }
  }, 60_000);
});

describe("the query-path trace across processes", () => {
  it("nests each service's SERVER span under this process's CLIENT span, in one trace", async () => {
    const reranker = createRemoteReranker({ target: `127.0.0.1:${rerank.port}`, timeoutMs: 10_000 });
    const plannerClient = createPlannerClient({ target: `127.0.0.1:${planner.port}`, timeoutMs: 20_000 });
    let traceId = "";
    let rootId = "";
    try {
      await inSpan("test.question", {}, async (span) => {
        traceId = span.spanContext().traceId;
        rootId = span.spanContext().spanId;
        await withCallContext({ principal: DEALS }, async () => {
          await reranker.rerank(ASK_VERSO, await candidatesOf(ids.verso, 5));
          await plannerClient.plan({ query: ASK_VERSO, principal: DEALS });
        });
      });
    } finally {
      reranker.close();
      plannerClient.close();
    }
    await telemetry?.shutdown();
    telemetry = null;
    const inTrace = (): ReceivedSpan[] => receiver.spans().filter((s) => s.traceId === traceId);
    await expect.poll(() => inTrace().filter((s) => s.kind === OTLP_KIND.server).length, { timeout: 15_000 }).toBe(2);
    const spans = inTrace();
    const one = (pred: (s: ReceivedSpan) => boolean, what: string): ReceivedSpan => {
      const found = spans.filter(pred);
      expect(found.length, what).toBe(1);
      return found[0] as ReceivedSpan;
    };
    const rerankClient = one(
      (s) => s.kind === OTLP_KIND.client && s.name === "lexnav.rerank.v1.RerankService/Rerank",
      "rerank client span",
    );
    const rerankServer = one(
      (s) => s.kind === OTLP_KIND.server && s.name === "lexnav.rerank.rpc",
      "rerank server span",
    );
    const planClient = one(
      (s) => s.kind === OTLP_KIND.client && s.name === "lexnav.plan.v1.PlannerService/Plan",
      "plan client span",
    );
    const planServer = one((s) => s.kind === OTLP_KIND.server && s.name === "lexnav.plan.rpc", "plan server span");
    expect([rerankClient.service, planClient.service]).toEqual([CLIENT, CLIENT]);
    expect(rerankServer.service).toBe("lexnav-rerank");
    expect(planServer.service).toBe("lexnav-planner");
    expect([rerankClient.parentSpanId, planClient.parentSpanId]).toEqual([rootId, rootId]);
    expect(rerankServer.parentSpanId).toBe(rerankClient.spanId);
    expect(planServer.parentSpanId).toBe(planClient.spanId);
    expect(rerankServer.attributes).toMatchObject({
      "rpc.system": "grpc",
      "rpc.service": "lexnav.rerank.v1.RerankService",
      "rpc.method": "Rerank",
      "rpc.grpc.status_code": 0,
      "lexnav.candidates": 5,
      "lexnav.principal": "ann",
    });
    expect(planServer.attributes).toMatchObject({ "lexnav.principal": "ann", "lexnav.planner": "deterministic" });
    expect(rerankClient.attributes).toMatchObject({ "rpc.grpc.status_code": 0 });
    // ids and counts only: no question text in any span
    expect(JSON.stringify(spans)).not.toMatch(/governs/i);
  }, 30_000);
});
