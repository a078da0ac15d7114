import type { ServerUnaryCall, sendUnaryData } from "@grpc/grpc-js";
import { isLexnavError, silentLogger } from "@lexnav/core";
import { createGrpcServer, createRemoteReranker, RERANK_SERVICE } from "@lexnav/grpc";
import { rerankV1 } from "@lexnav/proto";
import { createRerankApp, type RerankApp, readRerankRequest, rerankResponse } from "@lexnav/rerank-service";
import type { RerankCandidate } from "@lexnav/retrieval";
import { afterEach, describe, expect, it } from "vitest";

// One caller, several replicas of a stage: the client every stage caller is built on (createUnaryCaller) sends
// its calls round robin over every address its target resolves to. Here two rerank services run in process on
// two ports, and the client's target lists both (`ipv4:` form; in a cluster a headless Service's `dns:///`
// name resolves to every ready pod the same way). Each replica counts the calls it served.

const CANDIDATES: RerankCandidate[] = [
  { id: "p1", text: "The Licensee shall pay the fees within thirty days.", heading: "Payment", flags: null },
  { id: "p2", text: "Either party may terminate on ninety days' notice.", heading: "Term", flags: null },
];
const QUESTION = "When are the fees payable?";

/** A rerank replica whose reranker counts the calls it scores and can hold them until released. */
function replica() {
  const state = { served: 0, held: 0, hold: false, release: [] as Array<() => void> };
  const app = createRerankApp({
    logger: silentLogger,
    reranker: {
      id: "counting-reranker",
      rerank: async (_q, candidates) => {
        state.served += 1;
        if (state.hold) {
          state.held += 1;
          await new Promise<void>((resolve) => state.release.push(resolve));
        }
        return candidates.map((_, i) => 1 / (i + 1));
      },
    },
  });
  return { app, state };
}

const running: Array<{ stop(graceMs?: number): Promise<void> }> = [];
const closing: Array<{ close(): void }> = [];
afterEach(async () => {
  for (const c of closing.splice(0)) c.close();
  await Promise.all(running.splice(0).map((s) => s.stop(0)));
});

async function twoReplicas() {
  const a = replica();
  const b = replica();
  running.push(a.app, b.app);
  const [pa, pb] = await Promise.all([a.app.listen("127.0.0.1:0"), b.app.listen("127.0.0.1:0")]);
  const remote = createRemoteReranker({ target: `ipv4:127.0.0.1:${pa},127.0.0.1:${pb}`, timeoutMs: 10_000 });
  closing.push(remote);
  // Calls until both have served one (the first calls go to whichever connects first), at most 50.
  for (let i = 0; i < 50 && (a.state.served === 0 || b.state.served === 0); i++)
    await remote.rerank(QUESTION, CANDIDATES);
  return { a, b, remote };
}

/** Calls each replica served during `run`. */
async function servedDuring(replicas: ReturnType<typeof replica>[], run: () => Promise<unknown>) {
  const before = replicas.map((r) => r.state.served);
  await run();
  return replicas.map((r, i) => r.state.served - (before[i] ?? 0));
}

const until = async (done: () => boolean) => {
  await expect.poll(done, { timeout: 5_000, interval: 5 }).toBe(true);
};

describe("one caller of a stage with two replicas", () => {
  it("spreads its calls over both, one after another and at once", async () => {
    const { a, b, remote } = await twoReplicas();
    // pick_first would have sent all 50 to one.
    expect(a.state.served, "replica a").toBeGreaterThan(0);
    expect(b.state.served, "replica b").toBeGreaterThan(0);
    // Both connected: the rotation alternates.
    const oneByOne = await servedDuring([a, b], async () => {
      for (let i = 0; i < 20; i++) expect(await remote.rerank(QUESTION, CANDIDATES)).toEqual([1, 0.5]);
    });
    expect(oneByOne).toEqual([10, 10]);
    const atOnce = await servedDuring([a, b], () =>
      Promise.all(Array.from({ length: 20 }, () => remote.rerank(QUESTION, CANDIDATES))),
    );
    expect(atOnce).toEqual([10, 10]);
  });

  it("a replica that drains finishes its calls in flight; every later call goes to the other, none fails", async () => {
    const { a, b, remote } = await twoReplicas();
    a.state.hold = true;
    const inFlight = Array.from({ length: 6 }, () => remote.rerank(QUESTION, CANDIDATES));
    await until(() => a.state.held === 3);
    // SIGTERM's path: stop taking calls, let those in flight finish.
    const stopped = (a.app as RerankApp).stop(10_000);
    const servedBefore = b.state.served;
    for (let i = 0; i < 10; i++) expect(await remote.rerank(QUESTION, CANDIDATES)).toEqual([1, 0.5]);
    expect(b.state.served - servedBefore).toBe(10);
    for (const release of a.state.release) release();
    expect(await Promise.all(inFlight)).toHaveLength(6);
    await stopped;
  });

  it("a replica that dies fails only the calls it had in flight (unavailable); every later call goes to the other", async () => {
    const { a, b, remote } = await twoReplicas();
    a.state.hold = true;
    const inFlight = Array.from({ length: 6 }, () =>
      remote.rerank(QUESTION, CANDIDATES).then(
        () => "ok",
        (e: unknown) => (isLexnavError(e) ? e.code : String(e)),
      ),
    );
    await until(() => a.state.held === 3);
    // No drain: its connections are cut, as when the process is killed.
    const killed = a.app.stop(0);
    const servedBefore = b.state.served;
    for (let i = 0; i < 10; i++) expect(await remote.rerank(QUESTION, CANDIDATES)).toEqual([1, 0.5]);
    expect(b.state.served - servedBefore).toBe(10);
    await killed;
    // grpc-js does not retry a call already sent (no retry policy): the three the dead replica held fail,
    // the three the other replica held succeed.
    expect((await Promise.all(inFlight)).sort()).toEqual([
      "ok",
      "ok",
      "ok",
      "unavailable",
      "unavailable",
      "unavailable",
    ]);
  });

  it("a replica that is down when the caller starts costs no call", async () => {
    const a = replica();
    running.push(a.app);
    const port = await a.app.listen("127.0.0.1:0");
    // A port nothing listens on: bind one and stop it.
    const gone = replica();
    const deadPort = await gone.app.listen("127.0.0.1:0");
    await gone.app.stop(0);
    const remote = createRemoteReranker({ target: `ipv4:127.0.0.1:${deadPort},127.0.0.1:${port}`, timeoutMs: 10_000 });
    closing.push(remote);
    for (let i = 0; i < 10; i++) expect(await remote.rerank(QUESTION, CANDIDATES)).toEqual([1, 0.5]);
    expect(a.state.served).toBe(10);
  });
});

describe("a lexnav gRPC server ends each connection at its maximum age", () => {
  it("the caller reconnects without failing a call (a new connection is where grpc-js resolves the target again)", async () => {
    const peers: string[] = [];
    const rerank = (
      call: ServerUnaryCall<rerankV1.RerankRequest, rerankV1.RerankResponse>,
      callback: sendUnaryData<rerankV1.RerankResponse>,
    ) => {
      peers.push(call.getPeer());
      const request = readRerankRequest(call.request);
      callback(
        null,
        rerankResponse(
          request,
          request.candidates.map(() => 1),
          "peer-recorder",
        ),
      );
    };
    const server = createGrpcServer({
      name: "rerank replica",
      logger: silentLogger,
      services: [{ definition: RERANK_SERVICE, typeName: rerankV1.RerankService.typeName, implementation: { rerank } }],
      maxConnectionAgeMs: 200,
    });
    running.push(server);
    const port = await server.listen("127.0.0.1:0");
    const remote = createRemoteReranker({ target: `ipv4:127.0.0.1:${port}`, timeoutMs: 10_000 });
    closing.push(remote);
    const started = Date.now();
    let calls = 0;
    while (Date.now() - started < 1_000) {
      expect(await remote.rerank(QUESTION, CANDIDATES)).toEqual([1, 1]);
      calls += 1;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(peers).toHaveLength(calls);
    // Each connection is a new client port: several over a second of 200 ms connections.
    expect(new Set(peers).size).toBeGreaterThanOrEqual(3);
  });
});
