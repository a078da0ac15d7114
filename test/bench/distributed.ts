/**
 * The product as an operator runs it, with real processes: a CUAD subset ingested by the single process
 * (`lexnav ingest` + `lexnav index dense`) and by the services over a real nats-server (ingest, the lexical
 * stage, the vector stage) with one and with two replicas per stage; the lag from a delete or an access
 * command to the last store that applied it (read from the stages' applied-change logs); and Search (hybrid
 * and navindex) latency in-process, through the answer service on its embedded stack, and through the
 * answer service calling the lexical and vector stages, rerank and planner over gRPC. Prints Markdown tables
 * (docs/benchmarks.md). Not part of `pnpm test`: a benchmark prints figures, it asserts none.
 * Run: pnpm bench:distributed [--docs 100] [--changes 50] [--queries 50] [--interval-ms 100] [--only query]
 * `--only query` runs the single process's ingest and one replica per stage, measures Search only (no
 * second replica set, no changes): `--only query --docs 10` takes a few minutes.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { create, toBinary } from "@bufbuild/protobuf";
import { SEARCH_SERVICE } from "@lexnav/answer-service";
import { cachedVersionText, createSqliteCatalog, openSqliteDatabase } from "@lexnav/catalog";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { ingestV1, searchV1 } from "@lexnav/proto";
import { loadOnnxEmbedder } from "@lexnav/retrieval";
import { createEmbeddedStack } from "@lexnav/stack";
import { jetstream } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { unaryClient } from "../support/grpc-client.ts";
import { startNatsServer } from "../support/nats-server.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import { corpusPath, installedEmbedderFolder, repoRoot } from "../support/shared.ts";
import { appliedChanges, until } from "../support/stage-corpus.ts";

const GROUP = "bench";
const READER = { id: "bench-reader", groups: [GROUP] };
// NATS's default max payload is 1 MiB; commands carry the file inline, so larger files are left out.
const INLINE_LIMIT = 1_000_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const { values } = parseArgs({
  options: {
    docs: { type: "string", default: "100" },
    changes: { type: "string", default: "50" },
    queries: { type: "string", default: "50" },
    "interval-ms": { type: "string", default: "100" },
    only: { type: "string" },
  },
});
if (values.only !== undefined && values.only !== "query") {
  console.error(`bench:distributed: --only takes "query", not "${values.only}"`);
  process.exit(1);
}
const ONLY_QUERY = values.only === "query";
const DOCS = Number(values.docs);
const QUERIES = Number(values.queries);
const INTERVAL_MS = Number(values["interval-ms"]);
// Each changed document is changed once (deleted or revoked), so both kinds together need no more than the subset.
const CHANGES = ONLY_QUERY ? 0 : Math.min(Number(values.changes), Math.floor(DOCS / 2));

const model = installedEmbedderFolder();
if (model === null) {
  console.error("bench:distributed did not run: no pretrained embedder is installed (bash scripts/setup.sh)");
  process.exit(1);
}

/** The peak resident set of a live process, in MB (VmHWM; Linux only). */
function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m?.[1] ? Number(m[1]) / 1024 : Number.NaN;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};
const s1 = (ms: number) => (ms / 1000).toFixed(1);

/** The first `n` CUAD files (by name) small enough to send inline: the subset every run ingests. */
function subset(n: number): string[] {
  const dir = corpusPath("cuad");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".txt"))
    .sort()
    .filter((f) => readFileSync(join(dir, f)).byteLength < INLINE_LIMIT)
    .slice(0, n)
    .map((f) => join(dir, f));
}

/** Runs the CLI as its own process under /usr/bin/time: wall milliseconds, exit code and peak RSS. */
function runCli(args: string[], env: Record<string, string>): Promise<{ ms: number; code: number; rssMb: number }> {
  const t0 = performance.now();
  const child = spawn(
    "/usr/bin/time",
    ["-f", "lexnav-bench-peak-rss-kb %M", process.execPath, "--import", "tsx", "services/cli/src/main.ts", ...args],
    { cwd: repoRoot, env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "ignore", "pipe"] },
  );
  let err = "";
  child.stderr.on("data", (c: Buffer) => {
    err += c.toString("utf8");
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      const m = /lexnav-bench-peak-rss-kb (\d+)/.exec(err);
      if (!m?.[1]) return reject(new Error(`lexnav ${args[0]} printed no peak RSS:\n${err.slice(-2000)}`));
      if (code !== 0) console.error(`lexnav ${args[0]} exited ${code}:\n${err.slice(-2000)}`);
      resolve({ ms: performance.now() - t0, code: code ?? -1, rssMb: Number(m[1]) / 1024 });
    });
  });
}

interface IngestRow {
  setup: string;
  documents: number;
  wallMs: number;
  detail: string;
  rss: string;
  load: string;
}

async function singleProcess(files: string[], dbPath: string): Promise<IngestRow> {
  const env = { LEXNAV_DB: dbPath, LEXNAV_EMBEDDER_MODEL_DIR: model as string, LEXNAV_LOG_LEVEL: "warn" };
  const ingest = await runCli(["ingest", ...files, "--acl", `group:${GROUP}`], env);
  const dense = await runCli(["index", "dense"], env);
  const db = openSqliteDatabase(dbPath);
  const indexed = (await createSqliteCatalog(db).listDocuments({ lifecycle: ["indexed"] })).length;
  db.close();
  return {
    setup: "single process (`lexnav ingest` then `lexnav index dense`)",
    documents: indexed,
    wallMs: ingest.ms + dense.ms,
    detail: `ingest ${s1(ingest.ms)} s, index dense ${s1(dense.ms)} s`,
    rss: `ingest: ${ingest.rssMb.toFixed(0)}, index dense: ${dense.rssMb.toFixed(0)}`,
    load: load(),
  };
}

/** Lifecycle of the catalog the ingest service writes: documents indexed and failed. */
async function catalogCounts(catalogPath: string): Promise<{ indexed: number; failed: number }> {
  const db = openSqliteDatabase(catalogPath);
  try {
    const c = createSqliteCatalog(db);
    return {
      indexed: (await c.listDocuments({ lifecycle: ["indexed"] })).length,
      failed: (await c.listDocuments({ lifecycle: ["failed"] })).length,
    };
  } finally {
    db.close();
  }
}

/** The stages of one replica set while they are up: where the answer service reaches them. */
interface StagesUp {
  /** The environment every service of the set was started with (NATS, the shared catalog). */
  env: Record<string, string>;
  lexicalPort: number;
  vectorPort: number;
}

interface LagFigures {
  deletes: number[];
  access: number[];
}

/**
 * The services over a fresh nats-server: `replicas` ingest replicas and lexical replicas (all indexing, on
 * one catalog file and one lexical file), and the vector stage as one indexing replica plus `replicas - 1`
 * reading replicas (the embedded sqlite-vec store takes one indexing replica; Qdrant would take more).
 * Ingests the subset, runs `whileUp` (if given) once every store holds it, then sends `CHANGES` deletes and
 * `CHANGES` access revocations: queries go first, since the changes take every changed document from the reader.
 */
async function distributed(
  files: string[],
  replicas: number,
  whileUp?: (up: StagesUp) => Promise<void>,
): Promise<{ row: IngestRow; lag: LagFigures }> {
  const nats = await startNatsServer();
  const dir = await mkdtemp(join(tmpdir(), "lexnav-bench-distributed-"));
  const nc = await connect({ servers: nats.url, name: "bench-distributed" });
  const running: { role: string; p: ServiceProcess }[] = [];
  const catalogPath = join(dir, "catalog.sqlite");
  const lexicalPath = join(dir, "lexical.sqlite");
  const vectorPath = join(dir, "vector.sqlite");
  const common = { NATS_URL: nats.url, LEXNAV_DB: catalogPath, LEXNAV_LOG_LEVEL: "info" };
  const ports: number[] = [];
  try {
    for (let i = 0; i < replicas; i++) {
      const { process: p } = await startServiceProcess("ingest", common, "ingest service consuming", 60_000);
      running.push({ role: `ingest ${i + 1}`, p });
    }
    for (let i = 0; i < replicas; i++) {
      const env = {
        ...common,
        LEXNAV_LEXICAL_DB: lexicalPath,
        LEXNAV_LEXICAL_ADDRESS: "127.0.0.1:0",
        LEXNAV_REPLICA_ID: `lexical-${i + 1}`,
      };
      const started = await startServiceProcess("lexical", env, "ready", 60_000);
      running.push({ role: `lexical ${i + 1}`, p: started.process });
      if (i === 0) ports.push(started.ready.port as number);
    }
    for (let i = 0; i < replicas; i++) {
      const env = {
        ...common,
        LEXNAV_VECTOR_DB: vectorPath,
        LEXNAV_VECTOR_ADDRESS: "127.0.0.1:0",
        LEXNAV_REPLICA_ID: `vector-${i + 1}`,
        LEXNAV_STAGE_ROLE: i === 0 ? "index" : "read",
        LEXNAV_EMBEDDER_MODEL_DIR: model as string,
      };
      const role = i === 0 ? "vector 1 (index)" : `vector ${i + 1} (read)`;
      const started = await startServiceProcess("vector", env, "ready", 90_000);
      running.push({ role, p: started.process });
      if (i === 0) ports.push(started.ready.port as number);
    }

    const js = jetstream(nc);
    const t0 = Date.now();
    for (const [i, file] of files.entries()) {
      const command = create(ingestV1.IngestDocumentCommandSchema, {
        commandId: `bench-ingest-${i}`,
        source: `upload://cuad/${file.split("/").pop()}`,
        content: new Uint8Array(readFileSync(file)),
        access: { groups: [GROUP] },
      });
      await js.publish(INGEST_SUBJECTS.ingestDocument, toBinary(ingestV1.IngestDocumentCommandSchema, command));
    }
    const upserted = (path: string, store: string) =>
      appliedChanges(path, store).filter((r) => r.changeKind === "upsert");
    const counts = await until(
      "every store to apply every document",
      async () => {
        const c = await catalogCounts(catalogPath);
        if (c.indexed + c.failed < files.length) return null;
        const lex = upserted(lexicalPath, "lexical");
        const vec = upserted(vectorPath, "vector");
        return lex.length >= c.indexed && vec.length >= c.indexed ? { ...c, lex, vec } : null;
      },
      60 * 60_000,
    );
    const lastAt = (rows: { appliedAt: string }[]) => Math.max(...rows.map((r) => Date.parse(r.appliedAt))) - t0;
    const lexMs = lastAt(counts.lex);
    const vecMs = lastAt(counts.vec);
    const rss = running.map(({ role, p }) => `${role}: ${peakRssMb(p.pid).toFixed(0)}`).join(", ");
    const row: IngestRow = {
      setup: `distributed, ${replicas} replica${replicas > 1 ? "s" : ""} per stage`,
      documents: counts.indexed,
      wallMs: Math.max(lexMs, vecMs),
      detail: `lexical store done ${s1(lexMs)} s, vector store done ${s1(vecMs)} s${counts.failed ? `, ${counts.failed} failed` : ""}`,
      rss,
      load: load(),
    };
    await whileUp?.({
      env: { ...common, LEXNAV_EMBEDDER_MODEL_DIR: model as string },
      lexicalPort: ports[0] as number,
      vectorPort: ports[1] as number,
    });

    // Propagation: commands spaced by INTERVAL_MS, as an operator's changes arrive, not one burst.
    const catalogDb = openSqliteDatabase(catalogPath);
    const ids = (await createSqliteCatalog(catalogDb).listDocuments({ lifecycle: ["indexed"] }))
      .map((d) => d.id)
      .sort();
    catalogDb.close();
    const sent = new Map<string, { kind: "delete" | "access"; at: number }>();
    for (let i = 0; i < CHANGES && 2 * i + 1 < ids.length; i++) {
      const del = ids[2 * i] as string;
      const acc = ids[2 * i + 1] as string;
      sent.set(del, { kind: "delete", at: Date.now() });
      await js.publish(
        INGEST_SUBJECTS.deleteDocument,
        toBinary(
          ingestV1.DeleteDocumentCommandSchema,
          create(ingestV1.DeleteDocumentCommandSchema, { commandId: `bench-delete-${i}`, documentId: del }),
        ),
      );
      sent.set(acc, { kind: "access", at: Date.now() });
      await js.publish(
        INGEST_SUBJECTS.setDocumentAccess,
        toBinary(
          ingestV1.SetDocumentAccessCommandSchema,
          create(ingestV1.SetDocumentAccessCommandSchema, {
            commandId: `bench-access-${i}`,
            documentId: acc,
            access: { principals: [], groups: ["another-team"] },
          }),
        ),
      );
      await sleep(INTERVAL_MS);
    }
    const applied = await until(
      "every store to apply every delete and access change",
      () => {
        const rows = [...appliedChanges(lexicalPath, "lexical"), ...appliedChanges(vectorPath, "vector")].filter(
          (r) => sent.get(r.documentId)?.kind === r.changeKind,
        );
        return rows.length >= 2 * sent.size ? rows : null;
      },
      10 * 60_000,
    );
    const last = new Map<string, number>();
    for (const r of applied) last.set(r.documentId, Math.max(last.get(r.documentId) ?? 0, Date.parse(r.appliedAt)));
    const lag: LagFigures = { deletes: [], access: [] };
    for (const [id, s] of sent) (s.kind === "delete" ? lag.deletes : lag.access).push((last.get(id) ?? 0) - s.at);
    return { row, lag };
  } finally {
    for (const { p } of running.reverse()) await p.stop().catch(() => undefined);
    await nc.drain().catch(() => undefined);
    await nats.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The Search paths the bench times, in the order each round runs their blocks. */
const PATHS = ["inProcess", "service", "remote"] as const;
type QueryPath = (typeof PATHS)[number];
/** The modes timed: hybrid, and navindex, which the remote answer service plans through the planner service. */
const MODES = ["hybrid", "navindex"] as const;
type QueryMode = (typeof MODES)[number];
/** Per mode and path: each timed call's milliseconds, and the hits it returned (so the paths' work can be compared). */
type QueryFigures = Record<QueryMode, Record<QueryPath, { ms: number[]; hits: number[] }>> & {
  /** Each query-path process's peak resident set after the timed rounds, in MB (sizes the deployment's requests). */
  rss: string;
};

/**
 * Search (k 10) in each mode: in-process and through the answer service on the single process's store, and
 * through an answer service calling `up`'s lexical and vector stages plus a rerank and a planner process
 * over gRPC, on the services' catalog (the same files, ingested by the ingest service).
 */
async function queryLatency(dbPath: string, up: StagesUp): Promise<QueryFigures> {
  const bench = JSON.parse(readFileSync(join(repoRoot, "test/bench/natural/heldout.json"), "utf8")) as {
    tests: { query: string }[];
  };
  const questions = bench.tests.map((t) => t.query).slice(0, QUERIES);
  const env = {
    LEXNAV_DB: dbPath,
    LEXNAV_ANSWER_ADDRESS: "127.0.0.1:0",
    LEXNAV_EMBEDDER_MODEL_DIR: model as string,
    LEXNAV_LOG_LEVEL: "info",
  };
  const running: ServiceProcess[] = [];
  const roles = new Map<ServiceProcess, string>();
  const clients: { close(): void }[] = [];
  let stack: Awaited<ReturnType<typeof createEmbeddedStack>> | null = null;
  const searchClient = (port: number) => {
    const c = unaryClient<searchV1.SearchRequest, searchV1.SearchResponse>(SEARCH_SERVICE, "search", port);
    clients.push(c);
    return c;
  };
  const started = async (name: string, processEnv: Record<string, string>, role = name) => {
    const s = await startServiceProcess(name, processEnv, "ready", 90_000);
    running.push(s.process);
    roles.set(s.process, role);
    return s.ready;
  };
  try {
    const local = searchClient((await started("answer", env, "answer (embedded stack)")).port as number);
    const rerank = await started("rerank", { ...up.env, LEXNAV_RERANK_ADDRESS: "127.0.0.1:0" });
    const planner = await started("planner", { ...up.env, LEXNAV_PLANNER_ADDRESS: "127.0.0.1:0" });
    const remoteReady = await started(
      "answer",
      {
        ...up.env,
        LEXNAV_ANSWER_ADDRESS: "127.0.0.1:0",
        LEXNAV_LEXICAL_TARGET: `127.0.0.1:${up.lexicalPort}`,
        LEXNAV_VECTOR_TARGET: `127.0.0.1:${up.vectorPort}`,
        LEXNAV_RERANK_TARGET: `127.0.0.1:${rerank.port}`,
        LEXNAV_PLANNER_TARGET: `127.0.0.1:${planner.port}`,
      },
      "answer (calling the stages)",
    );
    // A remote answer service that fell back to a stage in process would time the wrong path.
    const stagesCalled = JSON.stringify(remoteReady.remoteStages);
    if (stagesCalled !== JSON.stringify(["lexical", "vector", "rerank", "planner"]))
      throw new Error(`the remote answer service calls ${stagesCalled}, not every stage`);
    const remote = searchClient(remoteReady.port as number);
    stack = await createEmbeddedStack(dbPath, DEFAULT_LIMITS, silentLogger, {
      embedder: await loadOnnxEmbedder(model as string),
    });
    const inProcessStack = stack;
    const text = cachedVersionText(stack.catalog);
    const grpcMode = { hybrid: searchV1.SearchMode.HYBRID, navindex: searchV1.SearchMode.NAVINDEX };
    // Each call resolves to the number of hits, so a path that answers nothing shows before it is timed.
    const call: Record<QueryPath, (query: string, mode: QueryMode) => Promise<number>> = {
      inProcess: (query, mode) =>
        inProcessStack.searcher.search({ query, principal: READER, mode, k: 10 }, text).then((r) => r.passages.length),
      service: (query, mode) =>
        local
          .call(create(searchV1.SearchRequestSchema, { query, principal: READER, mode: grpcMode[mode], topK: 10 }))
          .then((r) => r.hits.length),
      remote: (query, mode) =>
        remote
          .call(create(searchV1.SearchRequestSchema, { query, principal: READER, mode: grpcMode[mode], topK: 10 }))
          .then((r) => r.hits.length),
    };
    // Warm every path and mode (model sessions, statement caches, gRPC channels) before timing. Each path then
    // answers every question in a block of its own, twice, in turn: calls alternating one by one slowed the
    // in-process path about twofold (each process's model runtime still busy from the other's call), which
    // measures neither.
    for (const q of questions.slice(0, 3))
      for (const mode of MODES) for (const path of PATHS) await call[path](q, mode);
    for (const path of PATHS)
      if ((await call[path](questions[0] as string, "hybrid")) === 0)
        throw new Error(`Search (${path}) found nothing for the first question: its store is empty`);
    const figures = () => ({ ms: [] as number[], hits: [] as number[] });
    const out: QueryFigures = {
      hybrid: { inProcess: figures(), service: figures(), remote: figures() },
      navindex: { inProcess: figures(), service: figures(), remote: figures() },
      rss: "",
    };
    for (let round = 0; round < 2; round++)
      for (const mode of MODES)
        for (const path of PATHS)
          for (const q of questions) {
            const t = performance.now();
            const hits = await call[path](q, mode);
            out[mode][path].ms.push(performance.now() - t);
            out[mode][path].hits.push(hits);
          }
    out.rss = running.map((p) => `${roles.get(p)}: ${peakRssMb(p.pid).toFixed(0)}`).join(", ");
    console.error(`phase done: queries, peak RSS (MB) ${out.rss}, load average ${load()}`);
    return out;
  } finally {
    for (const c of clients) c.close();
    await stack?.close();
    for (const p of running.reverse()) await p.stop().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const files = subset(DOCS);
  const mb = files.reduce((s, f) => s + readFileSync(f).byteLength, 0) / 1e6;
  const dir = await mkdtemp(join(tmpdir(), "lexnav-bench-single-"));
  const dbPath = join(dir, "lexnav.sqlite");
  console.log(
    `bench:distributed: ${files.length} CUAD files (${mb.toFixed(1)} MB), ${CHANGES} deletes and ${CHANGES} access changes ${INTERVAL_MS} ms apart, ${QUERIES} questions`,
  );
  console.log(`start ${new Date().toISOString()}, load average (1/5/15 min) ${load()}`);
  try {
    // Each phase's figures go to stderr as it ends, so a run stopped later still leaves them.
    const rows: IngestRow[] = [await singleProcess(files, dbPath)];
    console.error(`phase done: ${JSON.stringify(rows[0])}`);
    const lags: { replicas: number; lag: LagFigures }[] = [];
    let q: QueryFigures | null = null;
    // Search is timed while the one-replica stages are up, after the ingest and before the changes.
    for (const replicas of ONLY_QUERY ? [1] : [1, 2]) {
      const r = await distributed(
        files,
        replicas,
        replicas === 1
          ? async (up) => {
              q = await queryLatency(dbPath, up);
            }
          : undefined,
      );
      rows.push(r.row);
      lags.push({ replicas, lag: r.lag });
      console.error(`phase done: ${JSON.stringify(r)}`);
    }
    if (q === null) throw new Error("the query phase did not run");
    const figures: QueryFigures = q;

    console.log(
      "\n| setup | documents | wall time until every store applied every document | docs/s | detail | peak RSS per process (MB) | load average after |",
    );
    console.log("|---|---|---|---|---|---|---|");
    for (const r of rows)
      console.log(
        `| ${r.setup} | ${r.documents} | ${s1(r.wallMs)} s | ${(r.documents / (r.wallMs / 1000)).toFixed(2)} | ${r.detail} | ${r.rss} | ${r.load} |`,
      );
    if (!ONLY_QUERY) {
      console.log(
        "\n| propagation, command published → last store applied | replicas per stage | n | p50 | p99 | max |",
      );
      console.log("|---|---|---|---|---|---|");
    }
    for (const { replicas, lag } of ONLY_QUERY ? [] : lags)
      for (const [kind, xs] of [
        ["delete", lag.deletes],
        ["access change", lag.access],
      ] as const)
        console.log(
          `| ${kind} | ${replicas} | ${xs.length} | ${percentile(xs, 50)} ms | ${percentile(xs, 99)} ms | ${Math.max(...xs)} ms |`,
        );
    console.log(
      "\n| Search (k 10), each question twice per path and mode | calls | p50 | p95 | hits per call (mean) |",
    );
    console.log("|---|---|---|---|---|");
    const ms = (xs: number[], p: number) => `${percentile(xs, p).toFixed(1)} ms`;
    const pathName: Record<QueryPath, string> = {
      inProcess: "single process, in-process (`lexnav search` path)",
      service: "answer service over gRPC, on its embedded stack",
      remote: "answer → lexical ‖ vector → rerank → planner over gRPC",
    };
    for (const mode of MODES)
      for (const path of PATHS) {
        const { ms: xs, hits } = figures[mode][path];
        const meanHits = (hits.reduce((a, b) => a + b, 0) / hits.length).toFixed(1);
        console.log(`| ${mode}: ${pathName[path]} | ${xs.length} | ${ms(xs, 50)} | ${ms(xs, 95)} | ${meanHits} |`);
      }
    console.log(`\nquery-path processes, peak RSS after the timed calls (MB): ${figures.rss}`);
    console.log(`\nend ${new Date().toISOString()}, load average (1/5/15 min) ${load()}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
