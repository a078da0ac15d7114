import { join } from "node:path";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import {
  type Client,
  credentials,
  Metadata,
  makeGenericClientConstructor,
  type ServiceError,
  status,
} from "@grpc/grpc-js";
import { ANSWER_SERVICE, SEARCH_SERVICE } from "@lexnav/answer-service";
import { runCliCaptured } from "@lexnav/cli";
import { headersFromContext, inSpan, loadConfig, silentLogger } from "@lexnav/core";
import { INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { answerV1, searchV1 } from "@lexnav/proto";
import { startTelemetry, type Telemetry } from "@lexnav/telemetry";
import { jetstream } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unaryClient } from "../support/grpc-client.ts";
import type { NatsServerHandle } from "../support/nats-server.ts";
import { OTLP_KIND, type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from "../support/otlp-receiver.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import { installedEmbedderFolder } from "../support/shared.ts";
import {
  appliedChanges,
  indexedBySource,
  markerWord,
  stageAccessCommand,
  stageDeleteCommand,
  stageIngestCommand,
  startIngestProcess,
  startStageBus,
  stopStageBus,
  until,
} from "../support/stage-corpus.ts";

// The answer service's query path over gRPC, in separate processes: nats-server, ingest, the lexical and
// vector stages, rerank, and two answer services on the same catalog: one calling the stages
// (LEXNAV_*_TARGET), one running everything in process as the single process does. Each exports OTLP to
// a receiver the test runs. The remote one plans navindex through the planner service (LEXNAV_PLANNER_TARGET). Without the installed embedding model the vector stage cannot run: the
// remote answer service then calls lexical and rerank only, and the test's name says so.
const CLIENT = "lexnav-test-client";
const A = { id: "ann", groups: ["deals-a"] };
const B = { id: "bob", groups: ["deals-b"] };
const model = installedEmbedderFolder();
const stages = model === null ? ["lexical"] : ["lexical", "vector"];
const M = searchV1.SearchMode;
const MODES = [
  M.LEXICAL,
  ...(model === null ? [] : [M.DENSE]),
  M.HYBRID,
  M.NAVEMBED,
  M.NAVEMBED_R1,
  M.NAVEMBED_R3,
  M.NAVINDEX,
];
const QUESTIONS = [
  `When must the Customer pay for the ${markerWord(1)}?`,
  "How much notice is needed to terminate the agreement?",
  `What does ${markerWord(2)} mean?`,
  "How much notice terminates Master Services Agreement Number 2?",
];

let receiver: OtlpReceiver;
let nats: NatsServerHandle;
let nc: NatsConnection;
let dir: string;
let telemetry: Telemetry | null = null;
const running = new Map<string, ServiceProcess>();
let remotePort = 0;
let localPort = 0;
const docs = new Map<number, { id: string; version: string }>();
let tracedSearch = "";
let tracedNavindex = "";

type SearchInit = MessageInitShape<typeof searchV1.SearchRequestSchema>;
type Rpc = (
  req: searchV1.SearchRequest,
  md: Metadata,
  options: { deadline?: Date },
  cb: (e: ServiceError | null, r?: searchV1.SearchResponse) => void,
) => unknown;

/** Search on the answer service at `port`, with the metadata and deadline given. */
function search(port: number, init: SearchInit, options: { metadata?: Metadata; deadlineMs?: number } = {}) {
  const Ctor = makeGenericClientConstructor(SEARCH_SERVICE, "search");
  const client = new Ctor(`127.0.0.1:${port}`, credentials.createInsecure()) as unknown as Client & { search: Rpc };
  return new Promise<searchV1.SearchResponse>((resolve, reject) =>
    client.search(
      create(searchV1.SearchRequestSchema, init),
      options.metadata ?? new Metadata(),
      options.deadlineMs !== undefined ? { deadline: new Date(Date.now() + options.deadlineMs) } : {},
      (e, r) => (e ? reject(e) : resolve(r as searchV1.SearchResponse)),
    ),
  ).finally(() => client.close());
}

/** Ask on the answer service at `port`, offline (the evidence answerer: no model key here). */
async function ask(port: number, init: MessageInitShape<typeof answerV1.AskRequestSchema>) {
  const c = unaryClient<answerV1.AskRequest, answerV1.AskResponse>(ANSWER_SERVICE, "ask", port);
  try {
    return await c.call(create(answerV1.AskRequestSchema, { ...init, offline: true }));
  } finally {
    c.close();
  }
}
const cited = (r: answerV1.AskResponse) => r.citations.map((c) => `${c.documentId}/${c.nodeId}@${c.start}-${c.end}`);

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected the call to be refused");
    },
    (e: ServiceError) => e,
  );

/** What identifies a hit: its document, provision and span. */
const spans = (r: searchV1.SearchResponse) => r.hits.map((h) => `${h.documentId}/${h.nodeId}@${h.start}-${h.end}`);
const documentsOf = (r: searchV1.SearchResponse) => new Set(r.hits.map((h) => h.documentId));
/** The provisions a response's hits are in, in order, once each. */
const provisions = (r: searchV1.SearchResponse) => [...new Set(r.hits.map((h) => `${h.documentId}/${h.nodeId}`))];

const childrenOf = (all: ReceivedSpan[], parent: ReceivedSpan) =>
  all.filter((s) => s.traceId === parent.traceId && s.parentSpanId === parent.spanId);

describe(`the answer service's query path over gRPC: answer → ${stages.join(" ‖ ")} → rerank, each a process${model === null ? " (no installed embedding model: the vector stage is left out)" : ""}`, () => {
  beforeAll(async () => {
    if (model === null) console.log("answer remote: no installed embedding model; the vector stage is not run");
    receiver = await startOtlpReceiver();
    ({ nats, dir, nc } = await startStageBus("answer-remote"));
    const env = {
      NATS_URL: nats.url,
      LEXNAV_DB: join(dir, "catalog.sqlite"),
      LEXNAV_LOG_LEVEL: "info",
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: "100",
      ...(model !== null ? { LEXNAV_EMBEDDER_MODEL_DIR: model } : {}),
    };
    running.set("ingest", await startIngestProcess(env));
    const ports: Record<string, number> = {};
    for (const stage of stages) {
      const upper = stage.toUpperCase();
      const started = await startServiceProcess(
        stage,
        { ...env, [`LEXNAV_${upper}_DB`]: join(dir, `${stage}.sqlite`), [`LEXNAV_${upper}_ADDRESS`]: "127.0.0.1:0" },
        "ready",
        90_000,
      );
      running.set(stage, started.process);
      ports[stage] = started.ready.port as number;
    }
    const rerank = await startServiceProcess("rerank", { ...env, LEXNAV_RERANK_ADDRESS: "127.0.0.1:0" }, "ready");
    running.set("rerank", rerank.process);
    const planner = await startServiceProcess("planner", { ...env, LEXNAV_PLANNER_ADDRESS: "127.0.0.1:0" }, "ready");
    running.set("planner", planner.process);

    // Documents 1, 2, 4 and 5 for deals-a, 3 for deals-b; 4 is deleted and 5 revoked later.
    const js = jetstream(nc);
    for (const [i, group] of [
      [1, "deals-a"],
      [2, "deals-a"],
      [3, "deals-b"],
      [4, "deals-a"],
      [5, "deals-a"],
    ] as const)
      await js.publish(INGEST_SUBJECTS.ingestDocument, stageIngestCommand(i, [group]));
    await until("the ingest service to index five documents", async () => {
      const indexed = await indexedBySource(join(dir, "catalog.sqlite"));
      return indexed.size >= 5 ? indexed : null;
    }).then((indexed) => {
      for (let i = 1; i <= 5; i++) {
        const d = indexed.get(`upload://agreement-${i}.txt`);
        if (d) docs.set(i, d);
      }
    });
    for (const stage of stages)
      await until(
        `the ${stage} stage to apply five documents`,
        () => (appliedChanges(join(dir, `${stage}.sqlite`), stage).length >= 5 ? true : null),
        180_000,
      );

    const answerEnv = { ...env, LEXNAV_ANSWER_ADDRESS: "127.0.0.1:0" };
    const remote = await startServiceProcess(
      "answer",
      {
        ...answerEnv,
        LEXNAV_LEXICAL_TARGET: `127.0.0.1:${ports.lexical}`,
        ...(ports.vector ? { LEXNAV_VECTOR_TARGET: `127.0.0.1:${ports.vector}` } : {}),
        LEXNAV_RERANK_TARGET: `127.0.0.1:${rerank.ready.port}`,
        LEXNAV_PLANNER_TARGET: `127.0.0.1:${planner.ready.port}`,
      },
      "ready",
      90_000,
    );
    running.set("answer", remote.process);
    remotePort = remote.ready.port as number;
    expect(remote.ready.remoteStages).toEqual([...stages, "rerank", "planner"]);
    // The single process's query path, on the same catalog.
    const local = await startServiceProcess("answer", answerEnv, "ready");
    running.set("answer-local", local.process);
    localPort = local.ready.port as number;
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.endpoint;
    telemetry = startTelemetry(CLIENT, { env: process.env });
  }, 600_000);

  afterAll(async () => {
    await stopStageBus(running.values(), { nats, dir, nc });
    running.clear();
    await telemetry?.shutdown();
    await receiver?.close();
  });

  it("Search through the stage services returns the hits the single process returns, in every mode", async () => {
    for (const query of QUESTIONS)
      for (const mode of MODES) {
        const init = { query, mode, principal: A, topK: 5 };
        const local = await search(localPort, init);
        const remote = await search(remotePort, init);
        expect(spans(remote), `${M[mode]}: ${query}`).toEqual(spans(local));
        if (mode === M.LEXICAL) expect(remote.hits.length, query).toBeGreaterThan(0);
        // Scoped to one document: the scope travels to each stage, which searches inside it.
        const scoped = { ...init, documentIds: [docs.get(1)?.id as string] };
        const localScoped = await search(localPort, scoped);
        const remoteScoped = await search(remotePort, scoped);
        expect(spans(remoteScoped), `${M[mode]} scoped: ${query}`).toEqual(spans(localScoped));
        expect(
          [...documentsOf(remoteScoped)].filter((d) => d !== docs.get(1)?.id),
          M[mode],
        ).toEqual([]);
      }
    // Ask answers on what Search found: the same answer and citations either way.
    for (const question of QUESTIONS)
      for (const mode of [M.HYBRID, M.NAVEMBED]) {
        const local = await ask(localPort, { question, mode, principal: A });
        const remote = await ask(remotePort, { question, mode, principal: A });
        expect([remote.answer, remote.abstained, cited(remote)], `Ask ${M[mode]}: ${question}`).toEqual([
          local.answer,
          local.abstained,
          cited(local),
        ]);
      }
    const someCited = await ask(remotePort, { question: QUESTIONS[0] as string, mode: M.HYBRID, principal: A });
    expect(someCited.citations.length).toBeGreaterThan(0);
    // One navembed-r4 search in a trace of the test's own, for the trace test below.
    tracedSearch = await inSpan(
      "lexnav.test.search",
      { "rpc.system": "grpc" },
      async (span) => {
        const md = new Metadata();
        for (const [k, v] of Object.entries(headersFromContext())) md.set(k, v);
        const r = await search(
          remotePort,
          { query: QUESTIONS[0] as string, mode: M.NAVEMBED, principal: A },
          { metadata: md },
        );
        expect(r.hits.length).toBeGreaterThan(0);
        return span.spanContext().traceId;
      },
      { kind: "client" },
    );
  }, 240_000);

  it("navindex plans through the planner service: the provisions the single process plans, for Search and Ask; a principal's plan names only its documents", async () => {
    for (const query of QUESTIONS) {
      const init = { query, mode: M.NAVINDEX, principal: A, topK: 5 };
      const local = await search(localPort, init);
      const remote = await search(remotePort, init);
      expect(provisions(remote), query).toEqual(provisions(local));
      const a = await ask(localPort, { question: query, mode: M.NAVINDEX, principal: A });
      const r = await ask(remotePort, { question: query, mode: M.NAVINDEX, principal: A });
      expect([r.answer, r.abstained, cited(r)], `Ask navindex: ${query}`).toEqual([a.answer, a.abstained, cited(a)]);
      const b = await search(remotePort, { ...init, principal: B, topK: 10 });
      expect([...documentsOf(b)], query).toEqual(documentsOf(b).size > 0 ? [docs.get(3)?.id] : []);
    }
    const someHits = await search(remotePort, { query: QUESTIONS[1] as string, mode: M.NAVINDEX, principal: A });
    expect(someHits.hits.length).toBeGreaterThan(0);
    // One navindex search in a trace of the test's own, for the trace test below.
    tracedNavindex = await inSpan(
      "lexnav.test.search",
      { "rpc.system": "grpc" },
      async (span) => {
        const md = new Metadata();
        for (const [k, v] of Object.entries(headersFromContext())) md.set(k, v);
        const r = await search(
          remotePort,
          { query: QUESTIONS[1] as string, mode: M.NAVINDEX, principal: A },
          { metadata: md },
        );
        expect(r.hits.length).toBeGreaterThan(0);
        return span.spanContext().traceId;
      },
      { kind: "client" },
    );
  }, 240_000);

  it("a principal sees only its documents, through every mode", async () => {
    for (const mode of MODES) {
      const a = await search(remotePort, { query: QUESTIONS[1] as string, mode, principal: A, topK: 10 });
      const b = await search(remotePort, { query: QUESTIONS[1] as string, mode, principal: B, topK: 10 });
      expect([...documentsOf(b)], M[mode]).toEqual(documentsOf(b).size > 0 ? [docs.get(3)?.id] : []);
      expect(documentsOf(a).has(docs.get(3)?.id as string), M[mode]).toBe(false);
    }
    // Scoped to a document B may not read: not found, as an unknown one is.
    const scoped = await refusal(
      search(remotePort, {
        query: QUESTIONS[1] as string,
        mode: M.LEXICAL,
        principal: B,
        documentIds: [docs.get(1)?.id as string],
      }),
    );
    expect(scoped.code).toBe(status.NOT_FOUND);
  }, 120_000);

  it("a deadline too short for the query path gives DEADLINE_EXCEEDED", async () => {
    const e = await refusal(
      search(remotePort, { query: QUESTIONS[1] as string, mode: M.NAVEMBED, principal: A }, { deadlineMs: 5 }),
    );
    expect(e.code).toBe(status.DEADLINE_EXCEEDED);
  });

  it("after a delete and an access revoke no mode returns them", async () => {
    const deleted = docs.get(4);
    const revoked = docs.get(5);
    if (!deleted || !revoked) throw new Error("documents 4 and 5 were not indexed");
    const marker = (i: number) => `What is the ${markerWord(i)}?`;
    // Before: A finds both by their own marker words.
    for (const [i, d] of [
      [4, deleted],
      [5, revoked],
    ] as const) {
      const r = await search(remotePort, { query: marker(i), mode: M.LEXICAL, principal: A });
      expect(documentsOf(r).has(d.id)).toBe(true);
    }
    // An answer citing document 4, asked before its delete, for the replay below.
    const before = await ask(remotePort, { question: marker(4), mode: M.NAVINDEX, principal: A });
    expect(before.citations.map((c) => c.documentId)).toContain(deleted.id);
    const js = jetstream(nc);
    await js.publish(INGEST_SUBJECTS.deleteDocument, stageDeleteCommand("remote-delete-4", deleted.id));
    await js.publish(
      INGEST_SUBJECTS.setDocumentAccess,
      stageAccessCommand("remote-revoke-5", revoked.id, { principals: [], groups: ["deals-b"] }),
    );
    for (const stage of stages)
      await until(
        `the ${stage} stage to apply the delete and the access change`,
        () => {
          const r = appliedChanges(join(dir, `${stage}.sqlite`), stage);
          const del = r.some((x) => x.changeKind === "delete" && x.documentId === deleted.id);
          const acc = r.some((x) => x.changeKind === "access" && x.documentId === revoked.id);
          return del && acc ? true : null;
        },
        120_000,
      );
    // `lexnav replay` on the same catalog (an operator's: A may no longer read a document the answer drew
    // on, so to A it is not found): the answer says its document was deleted and shows none of its text.
    const config = { ...loadConfig({ LEXNAV_LOG_LEVEL: "silent" }), dbPath: join(dir, "catalog.sqlite") };
    let last = "";
    const replayed = await until(
      "the delete to erase the answer's text",
      async () => {
        const r = await runCliCaptured(["replay", before.answerId], config, silentLogger);
        last = `${r.code} ${r.out} ${r.err}`;
        return r.out.includes("document deleted") ? r : null;
      },
      60_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}; replay said: ${last}`);
    });
    // Exit 1: replay's "the answer is not the same", since nothing is left to replay.
    expect(replayed.code).toBe(1);
    expect(replayed.out).toContain(deleted.id);
    expect(replayed.out).toContain("nothing to replay");
    expect(replayed.out).not.toContain(markerWord(4));
    expect(replayed.out).not.toContain(before.answer);
    for (const mode of MODES)
      for (const i of [4, 5]) {
        const r = await search(remotePort, { query: marker(i), mode, principal: A, topK: 10 });
        expect(documentsOf(r).has(deleted.id), `${M[mode]} deleted`).toBe(false);
        expect(documentsOf(r).has(revoked.id), `${M[mode]} revoked`).toBe(false);
        const a = await ask(remotePort, { question: marker(i), mode, principal: A });
        const citedDocs = a.citations.map((c) => c.documentId);
        expect(citedDocs, `Ask ${M[mode]}`).not.toContain(deleted.id);
        expect(citedDocs, `Ask ${M[mode]}`).not.toContain(revoked.id);
      }
  }, 300_000);

  it.skipIf(model === null)(
    "a vector stage that is down gives UNAVAILABLE naming the stage, not INTERNAL; lexical search still answers",
    async () => {
      expect(await running.get("vector")?.stop()).toBe(0);
      running.delete("vector");
      const e = await refusal(search(remotePort, { query: QUESTIONS[1] as string, mode: M.HYBRID, principal: A }));
      expect(e.code).toBe(status.UNAVAILABLE);
      expect(e.details).toContain("the vector service");
      expect(e.details).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
      const lexical = await search(remotePort, { query: QUESTIONS[1] as string, mode: M.LEXICAL, principal: A });
      expect(lexical.hits.length).toBeGreaterThan(0);
    },
    60_000,
  );

  it("a planner service that is down gives UNAVAILABLE naming the planner, not INTERNAL; other modes still answer", async () => {
    expect(await running.get("planner")?.stop()).toBe(0);
    running.delete("planner");
    const e = await refusal(search(remotePort, { query: QUESTIONS[1] as string, mode: M.NAVINDEX, principal: A }));
    expect(e.code).toBe(status.UNAVAILABLE);
    expect(e.details).toContain("the planner service");
    expect(e.details).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
    const lexical = await search(remotePort, { query: QUESTIONS[1] as string, mode: M.LEXICAL, principal: A });
    expect(lexical.hits.length).toBeGreaterThan(0);
  }, 60_000);

  it("one search is one trace: the answer SERVER span → CLIENT spans to each stage and rerank → their SERVER spans in their own processes; ids and counts, no question text", async () => {
    expect(tracedSearch).not.toBe("");
    for (const [name, p] of running) expect(await p.stop(), `${name} exit code`).toBe(0);
    running.clear();
    await telemetry?.shutdown();
    telemetry = null;
    const all = receiver.spans().filter((s) => s.traceId === tracedSearch);
    const services = new Set(all.map((s) => s.service));
    for (const s of [CLIENT, "lexnav-answer", ...stages.map((x) => `lexnav-${x}`), "lexnav-rerank"])
      expect(services, s).toContain(s);
    expect(services.size).toBeGreaterThanOrEqual(4);
    // Each callee's SERVER span hangs under a CLIENT span of the answer service.
    for (const callee of [...stages.map((x) => `lexnav-${x}`), "lexnav-rerank"]) {
      const server = all.find((s) => s.service === callee && s.kind === OTLP_KIND.server) as ReceivedSpan;
      expect(server, callee).toBeDefined();
      const parent = all.find((s) => s.spanId === server.parentSpanId) as ReceivedSpan;
      expect(parent, `${callee}'s parent`).toMatchObject({ service: "lexnav-answer", kind: OTLP_KIND.client });
    }
    const answerServer = all.find((s) => s.service === "lexnav-answer" && s.kind === OTLP_KIND.server) as ReceivedSpan;
    expect(answerServer).toBeDefined();
    const stageCalls = all.filter(
      (s) => s.service === "lexnav-answer" && s.kind === OTLP_KIND.client && s.attributes["lexnav.stage"] !== undefined,
    );
    expect(new Set(stageCalls.map((s) => s.attributes["lexnav.stage"]))).toEqual(new Set(stages));
    for (const c of stageCalls) expect(c.attributes["lexnav.principal"]).toBe(A.id);
    expect(childrenOf(all, answerServer).length).toBeGreaterThan(0);
    const exported = JSON.stringify(all);
    expect(exported).not.toContain(markerWord(1));
    expect(exported).not.toContain("pay for the");
    // A navindex search: answer SERVER → CLIENT to the planner → the planner's SERVER span in its process,
    // and the lexical stage the answer service reads the planned provisions' passages from.
    const nav = receiver.spans().filter((s) => s.traceId === tracedNavindex);
    const plannerServer = nav.find((s) => s.service === "lexnav-planner" && s.kind === OTLP_KIND.server);
    expect(plannerServer, "the planner's SERVER span").toBeDefined();
    const plannerParent = nav.find((s) => s.spanId === plannerServer?.parentSpanId);
    expect(plannerParent).toMatchObject({ service: "lexnav-answer", kind: OTLP_KIND.client });
    const navAnswer = nav.find((s) => s.service === "lexnav-answer" && s.kind === OTLP_KIND.server) as ReceivedSpan;
    expect(navAnswer).toBeDefined();
    expect(nav.find((s) => s.spanId === plannerParent?.parentSpanId)?.traceId).toBe(tracedNavindex);
    expect(plannerServer?.attributes["lexnav.principal"]).toBe(A.id);
    const lexicalServer = nav.find((s) => s.service === "lexnav-lexical" && s.kind === OTLP_KIND.server);
    expect(nav.find((s) => s.spanId === lexicalServer?.parentSpanId)).toMatchObject({
      service: "lexnav-answer",
      kind: OTLP_KIND.client,
    });
    expect(JSON.stringify(nav)).not.toContain("How much notice");
    console.log(`answer remote trace: ${all.length} spans from ${services.size} processes in one trace`);
  }, 120_000);
});
