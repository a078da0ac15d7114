/**
 * The product as an operator runs it, with real processes: a CUAD subset ingested by the single process
 * (`lexnav ingest` + `lexnav index dense`) and by the services over a real nats-server (ingest, the lexical
 * stage, the vector stage) with one and with two replicas per stage; the lag from a delete or an access
 * command to the last store that applied it (read from the stages' applied-change logs); and Search (hybrid
 * and navindex) latency in-process, through the answer service on its embedded stack, and through the
 * answer service calling the lexical and vector stages, rerank and planner over gRPC. Prints Markdown tables
 * (docs/benchmarks.md). Not part of `pnpm test`: a benchmark prints figures, it asserts none.
 * The services run as on many hosts: the catalog and the stages' applied-change logs on a PostgreSQL cluster the
 * bench starts, lexical on an OpenSearch node when one is built here (else FTS5, said so), vector on the embedded
 * sqlite-vec store with one indexing replica (no Qdrant server here).
 * Run: pnpm bench:distributed [--docs 100 | --all] [--changes 50] [--queries 50] [--interval-ms 100]
 *        [--only query | --only single] [--replicas 1,2] [--store <file>] [--warm-from <file>] [--skip-query]
 * `--only query` runs the single process's ingest and one replica per stage, measures Search only (no
 * second replica set, no changes): `--only query --docs 10` takes a few minutes. `--only single` runs the
 * single process alone; `--store` keeps its store there, and a later run given the same existing file reuses
 * it for Search instead of ingesting again. `--warm-from` seeds every vector store with another store's
 * vectors as an earlier index version (reused by model and text, as when an operator re-indexes).
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { create, toBinary } from "@bufbuild/protobuf";
import { SEARCH_SERVICE } from "@lexnav/answer-service";
import { cachedVersionText, createPostgresCatalog, createSqliteCatalog, openSqliteDatabase } from "@lexnav/catalog";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { type AppliedChange, createPostgresAppliedChangeLog } from "@lexnav/indexer";
import { INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { ingestV1, searchV1 } from "@lexnav/proto";
import { createSqliteVectorStore, loadOnnxEmbedder } from "@lexnav/retrieval";
import { createEmbeddedStack } from "@lexnav/stack";
import { jetstream } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { unaryClient } from "../support/grpc-client.ts";
import { startNatsServer } from "../support/nats-server.ts";
import { type OpenSearchHandle, openSearchUnavailable, startOpenSearch } from "../support/opensearch.ts";
import { type PostgresHandle, startPostgres } from "../support/postgres.ts";
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
    all: { type: "boolean", default: false },
    store: { type: "string" },
    changes: { type: "string", default: "50" },
    queries: { type: "string", default: "50" },
    "interval-ms": { type: "string", default: "100" },
    only: { type: "string" },
    replicas: { type: "string", default: "1,2" },
    "warm-from": { type: "string" },
    "skip-query": { type: "boolean", default: false },
  },
});
if (values.only !== undefined && !["query", "single"].includes(values.only)) {
  console.error(`bench:distributed: --only takes "query" or "single", not "${values.only}"`);
  process.exit(1);
}
const ONLY_QUERY = values.only === "query";
const ONLY_SINGLE = values.only === "single";
/**
 * `--warm-from <store>`: each replica set's vector store starts holding, as an earlier index version (not
 * active), the vectors of that store (a cold run's, the same model): as when an operator re-indexes on a store
 * that keeps its earlier version, the stage embeds only texts it has no vector for (`cachedVectors`, by model
 * and text sha256). Without it every replica set embeds cold.
 */
const WARM_FROM = values["warm-from"] ?? null;
/** The replica sets to run (`--replicas 1,2`); Search is timed on the one-replica set only. */
const REPLICAS = values.replicas.split(",").map(Number);
/** Every CUAD file (`--all`), else the first `--docs` by name. */
const DOCS = values.all ? Number.POSITIVE_INFINITY : Number(values.docs);
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
  /** Vectors in the vector store once every document is applied: one per embedded passage. */
  passages: number;
  wallMs: number;
  detail: string;
  rss: string;
  load: string;
}

async function singleProcess(files: string[], dbPath: string): Promise<IngestRow> {
  const env = { LEXNAV_DB: dbPath, LEXNAV_EMBEDDER_MODEL_DIR: model as string, LEXNAV_LOG_LEVEL: "warn" };
  // The whole corpus goes as its folder: `lexnav ingest` given a few hundred file arguments dies of SIGSEGV
  // before it prints anything (seen with 300 of these files; 250 pass; 300 pass under `ulimit -s unlimited`),
  // which an operator meets too.
  const paths = values.all ? [corpusPath("cuad")] : files;
  const ingest = await runCli(["ingest", ...paths, "--acl", `group:${GROUP}`], env);
  // Warm: the store keeps the seed's vectors as an earlier version, which `lexnav index dense` reuses by text.
  const seeded = WARM_FROM ? seedVectorStore(WARM_FROM, dbPath) : 0;
  const dense = await runCli(["index", "dense"], env);
  const db = openSqliteDatabase(dbPath);
  const indexed = (await createSqliteCatalog(db).listDocuments({ lifecycle: ["indexed"] })).length;
  const passages = vectorCount(db);
  db.close();
  return {
    setup: `single process (\`lexnav ingest\` then \`lexnav index dense\`), ${WARM_FROM ? `warm (${seeded} vectors of an earlier version)` : "cold"}`,
    documents: indexed,
    passages,
    wallMs: ingest.ms + dense.ms,
    detail: `ingest ${s1(ingest.ms)} s, index dense ${s1(dense.ms)} s`,
    rss: `ingest: ${ingest.rssMb.toFixed(0)}, index dense: ${dense.rssMb.toFixed(0)}`,
    load: load(),
  };
}

/** Vectors in the active index version of an embedded vector store (one per embedded passage). */
function vectorCount(db: ReturnType<typeof openSqliteDatabase>): number {
  const row = db
    .prepare(
      "SELECT count(*) AS n FROM vec_passages WHERE index_version IN (SELECT id FROM vec_versions WHERE active = 1)",
    )
    .get() as { n: number } | undefined;
  return row?.n ?? 0;
}

/**
 * Makes `to` a vector store whose only contents are `from`'s vectors as earlier, inactive index versions;
 * returns how many vectors it holds.
 */
function seedVectorStore(from: string, to: string): number {
  const db = openSqliteDatabase(to);
  try {
    createSqliteVectorStore(db);
    db.prepare("ATTACH DATABASE ? AS seed").run(from);
    db.transaction(() => {
      db.exec(`INSERT INTO vec_versions (id, dimensions, embedder_id, created_at, active)
                 SELECT id, dimensions, embedder_id, created_at, 0 FROM seed.vec_versions;
               INSERT INTO vec_passages (index_version, scope, passage_id, document_id, version, node_id, start, end, embedding, text_sha256)
                 SELECT index_version, scope, passage_id, document_id, version, node_id, start, end, embedding, text_sha256
                 FROM seed.vec_passages;`);
    })();
    db.exec("DETACH DATABASE seed");
    return (db.prepare("SELECT count(*) AS n FROM vec_passages").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Lifecycle of the shared catalog the ingest service writes: documents indexed and failed. */
async function catalogCounts(
  catalog: Awaited<ReturnType<typeof createPostgresCatalog>>,
): Promise<{ indexed: number; failed: number }> {
  return {
    indexed: (await catalog.listDocuments({ lifecycle: ["indexed"] })).length,
    failed: (await catalog.listDocuments({ lifecycle: ["failed"] })).length,
  };
}

/**
 * The servers an operator of many hosts runs beside the services, started once for the whole bench: a
 * PostgreSQL cluster (a database of its own per replica set) for the catalog and the stages' applied-change
 * logs, and an OpenSearch node (an index prefix per replica set) for lexical, when one is built here.
 */
interface Infra {
  pg: PostgresHandle;
  os: OpenSearchHandle | null;
  /** What the lexical stage runs on, in words for the output. */
  lexicalStore: string;
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
  /**
   * Where the time went, per kind: command sent → the ingest service published the event (it writes the
   * catalog first), and command sent → each stage applied it.
   */
  parts: Record<"delete" | "access", { published: number[]; lexical: number[]; vector: number[] }>;
}

/**
 * The services over a fresh nats-server, as on many hosts: the catalog in a fresh PostgreSQL database
 * (LEXNAV_CATALOG_URL), `replicas` ingest replicas, `replicas` lexical replicas (on the OpenSearch node, each
 * with a file of its own and the applied-change log in PostgreSQL; without a node, on one shared FTS5 file
 * with the log in it), and the vector stage on the embedded sqlite-vec store: one indexing replica plus
 * `replicas - 1` reading replicas on its file (no Qdrant server here; Qdrant would take more indexing
 * replicas). Ingests the files, runs `whileUp` (if given) once every store holds them, then sends `CHANGES`
 * deletes and `CHANGES` access revocations: queries go first, since the changes take every changed document
 * from the reader.
 */
async function distributed(
  infra: Infra,
  files: string[],
  replicas: number,
  whileUp?: (up: StagesUp) => Promise<void>,
): Promise<{ row: IngestRow; lag: LagFigures }> {
  const nats = await startNatsServer();
  const catalogUrl = await infra.pg.createDatabase();
  const dir = await mkdtemp(join(tmpdir(), "lexnav-bench-distributed-"));
  const nc = await connect({ servers: nats.url, name: "bench-distributed" });
  const running: { role: string; p: ServiceProcess }[] = [];
  const catalog = await createPostgresCatalog(catalogUrl);
  const lexicalLog = infra.os
    ? await createPostgresAppliedChangeLog(catalogUrl, { store: "lexical", replicaId: "bench-reader" })
    : null;
  // LEXNAV_DB names a local file the services keep beside the shared catalog; the catalog itself is PostgreSQL.
  const catalogPath = join(dir, "local.sqlite");
  const lexicalPath = join(dir, "lexical.sqlite");
  const vectorPath = join(dir, "vector.sqlite");
  const common = {
    NATS_URL: nats.url,
    LEXNAV_DB: catalogPath,
    LEXNAV_CATALOG_URL: catalogUrl,
    LEXNAV_LOG_LEVEL: "info",
  };
  const openSearchEnv: Record<string, string> = infra.os
    ? { LEXNAV_OPENSEARCH_URL: infra.os.url, LEXNAV_OPENSEARCH_PREFIX: `bench-r${replicas}` }
    : {};
  const ports: number[] = [];
  try {
    for (let i = 0; i < replicas; i++) {
      const { process: p } = await startServiceProcess("ingest", common, "ingest service consuming", 60_000);
      running.push({ role: `ingest ${i + 1}`, p });
    }
    for (let i = 0; i < replicas; i++) {
      const env = {
        ...common,
        ...openSearchEnv,
        // On OpenSearch each replica has a file of its own, as on separate hosts; on FTS5 they share one.
        LEXNAV_LEXICAL_DB: infra.os ? join(dir, `lexical-${i + 1}.sqlite`) : lexicalPath,
        LEXNAV_LEXICAL_ADDRESS: "127.0.0.1:0",
        LEXNAV_REPLICA_ID: `lexical-${i + 1}`,
      };
      const started = await startServiceProcess("lexical", env, "ready", 90_000);
      running.push({ role: `lexical ${i + 1}`, p: started.process });
      if (i === 0) ports.push(started.ready.port as number);
    }
    const seeded = WARM_FROM ? seedVectorStore(WARM_FROM, vectorPath) : 0;
    if (WARM_FROM)
      console.error(`  vector store seeded with ${seeded} vectors of ${WARM_FROM} (an earlier, inactive version)`);
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
    console.error(
      `phase: ${replicas} replica set up (ingest ${replicas}, lexical ${replicas} on ${infra.lexicalStore}, vector 1 indexing + ${replicas - 1} reading on sqlite-vec), load average ${load()}`,
    );

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
    const lexicalChanges = async (): Promise<AppliedChange[]> =>
      lexicalLog ? await lexicalLog.list() : appliedChanges(lexicalPath, "lexical");
    const vectorChanges = (): AppliedChange[] => appliedChanges(vectorPath, "vector");
    let lastReport = Date.now();
    const counts = await until(
      "every store to apply every document",
      async () => {
        const c = await catalogCounts(catalog);
        const lex = (await lexicalChanges()).filter((r) => r.changeKind === "upsert");
        const vec = existsSync(vectorPath) ? vectorChanges().filter((r) => r.changeKind === "upsert") : [];
        if (Date.now() - lastReport > 60_000) {
          lastReport = Date.now();
          console.error(
            `  ${s1(Date.now() - t0)} s: catalog ${c.indexed} indexed + ${c.failed} failed of ${files.length}, lexical ${lex.length}, vector ${vec.length}, load average ${load()}`,
          );
        }
        if (c.indexed + c.failed < files.length) return null;
        return lex.length >= c.indexed && vec.length >= c.indexed ? { ...c, lex, vec } : null;
      },
      3 * 60 * 60_000,
    );
    const lastAt = (rows: { appliedAt: string }[]) => Math.max(...rows.map((r) => Date.parse(r.appliedAt))) - t0;
    const lexMs = lastAt(counts.lex);
    const vecMs = lastAt(counts.vec);
    const rss = running.map(({ role, p }) => `${role}: ${peakRssMb(p.pid).toFixed(0)}`).join(", ");
    const row: IngestRow = {
      setup: `distributed, ${replicas} replica${replicas > 1 ? "s" : ""} per stage (vector: 1 indexing${replicas > 1 ? ` + ${replicas - 1} reading` : ""}), ${WARM_FROM ? `warm (${seeded} vectors of an earlier version)` : "cold"}`,
      documents: counts.indexed,
      passages: (() => {
        const vdb = openSqliteDatabase(vectorPath);
        try {
          return vectorCount(vdb);
        } finally {
          vdb.close();
        }
      })(),
      wallMs: Math.max(lexMs, vecMs),
      detail: `catalog on PostgreSQL, lexical on ${infra.lexicalStore} done ${s1(lexMs)} s, vector on sqlite-vec done ${s1(vecMs)} s${counts.failed ? `, ${counts.failed} failed` : ""}`,
      rss,
      load: load(),
    };
    console.error(`phase done: ingest, ${JSON.stringify(row)}`);
    await whileUp?.({
      env: { ...common, ...openSearchEnv, LEXNAV_EMBEDDER_MODEL_DIR: model as string },
      lexicalPort: ports[0] as number,
      vectorPort: ports[1] as number,
    });

    // Propagation: commands spaced by INTERVAL_MS, as an operator's changes arrive, not one burst.
    const ids = (await catalog.listDocuments({ lifecycle: ["indexed"] })).map((d) => d.id).sort();
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
      async () => {
        const rows = [...(await lexicalChanges()), ...vectorChanges()].filter(
          (r) => sent.get(r.documentId)?.kind === r.changeKind,
        );
        return rows.length >= 2 * sent.size ? rows : null;
      },
      10 * 60_000,
    );
    const last = new Map<string, number>();
    for (const r of applied) last.set(r.documentId, Math.max(last.get(r.documentId) ?? 0, Date.parse(r.appliedAt)));
    const parts = () => ({ published: [] as number[], lexical: [] as number[], vector: [] as number[] });
    const lag: LagFigures = { deletes: [], access: [], parts: { delete: parts(), access: parts() } };
    for (const [id, s] of sent) (s.kind === "delete" ? lag.deletes : lag.access).push((last.get(id) ?? 0) - s.at);
    for (const r of applied) {
      const s = sent.get(r.documentId);
      if (!s) continue;
      const p = lag.parts[s.kind];
      (r.store === "lexical" ? p.lexical : p.vector).push(Date.parse(r.appliedAt) - s.at);
      if (r.store === "vector") p.published.push(Date.parse(r.publishedAt) - s.at);
    }
    return { row, lag };
  } finally {
    for (const { p } of running.reverse()) await p.stop().catch(() => undefined);
    await lexicalLog?.close().catch(() => undefined);
    await catalog.close().catch(() => undefined);
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
type QueryFigures = Record<QueryMode, Record<QueryPath, { ms: number[]; hits: number[]; failed: string | null }>> & {
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
    // The planner reads the lexical index through the lexical stage, as deploy/ wires it.
    const planner = await started("planner", {
      ...up.env,
      LEXNAV_PLANNER_ADDRESS: "127.0.0.1:0",
      LEXNAV_LEXICAL_TARGET: `127.0.0.1:${up.lexicalPort}`,
    });
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
    // A path and mode that fails while warming is not timed: its row says why (a setup the product cannot
    // serve is a finding, not a reason to lose the other figures).
    const failed = new Map<string, string>();
    for (const q of questions.slice(0, 3))
      for (const mode of MODES)
        for (const path of PATHS) {
          if (failed.has(`${mode}/${path}`)) continue;
          await call[path](q, mode).catch((e: unknown) => {
            failed.set(`${mode}/${path}`, e instanceof Error ? e.message : String(e));
          });
        }
    for (const path of PATHS)
      if (!failed.has(`hybrid/${path}`) && (await call[path](questions[0] as string, "hybrid")) === 0)
        throw new Error(`Search (${path}) found nothing for the first question: its store is empty`);
    const figures = (mode: QueryMode, path: QueryPath) => ({
      ms: [] as number[],
      hits: [] as number[],
      failed: failed.get(`${mode}/${path}`) ?? null,
    });
    const out: QueryFigures = {
      hybrid: {
        inProcess: figures("hybrid", "inProcess"),
        service: figures("hybrid", "service"),
        remote: figures("hybrid", "remote"),
      },
      navindex: {
        inProcess: figures("navindex", "inProcess"),
        service: figures("navindex", "service"),
        remote: figures("navindex", "remote"),
      },
      rss: "",
    };
    for (let round = 0; round < 2; round++)
      for (const mode of MODES)
        for (const path of PATHS)
          for (const q of failed.has(`${mode}/${path}`) ? [] : questions) {
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
  // `--store`: the single process's store is kept there (`--only single`), or, when it exists, reused by a
  // later run for the query phase instead of ingesting the corpus a second time (its figures are the earlier run's).
  const dir = values.store ? null : await mkdtemp(join(tmpdir(), "lexnav-bench-single-"));
  const dbPath = values.store ?? join(dir as string, "lexnav.sqlite");
  const reuseStore = values.store !== undefined && !ONLY_SINGLE && existsSync(values.store);
  console.log(
    `bench:distributed: ${files.length} CUAD files (${mb.toFixed(1)} MB), ${CHANGES} deletes and ${CHANGES} access changes ${INTERVAL_MS} ms apart, ${QUERIES} questions`,
  );
  console.log(`start ${new Date().toISOString()}, load average (1/5/15 min) ${load()}`);
  try {
    // Each phase's figures go to stderr as it ends, so a run stopped later still leaves them.
    const rows: IngestRow[] = [];
    if (reuseStore)
      console.log(`single process: not run here, its store ${dbPath} is reused (see the run that made it)`);
    else {
      rows.push(await singleProcess(files, dbPath));
      console.error(`phase done: ${JSON.stringify(rows[0])}`);
    }
    if (ONLY_SINGLE) {
      printIngestRows(rows);
      console.log(`\nend ${new Date().toISOString()}, load average (1/5/15 min) ${load()}`);
      return;
    }
    const infra = await startInfra();
    try {
      const lags: { replicas: number; lag: LagFigures }[] = [];
      let q: QueryFigures | null = null;
      // Search is timed while the one-replica stages are up, after the ingest and before the changes.
      for (const replicas of ONLY_QUERY ? [1] : REPLICAS) {
        const r = await distributed(
          infra,
          files,
          replicas,
          replicas === 1 && !values["skip-query"]
            ? async (up) => {
                q = await queryLatency(dbPath, up);
                console.error("phase done: queries");
                printQueries(q);
              }
            : undefined,
        );
        rows.push(r.row);
        lags.push({ replicas, lag: r.lag });
        console.error(`phase done: ${JSON.stringify(r)}`);
        // Each replica set's figures as it ends, so a run stopped during the next one still leaves them.
        console.log(`\n${replicas} replica set done ${new Date().toISOString()}:`);
        printIngestRows([r.row]);
        if (!ONLY_QUERY) printLags([{ replicas, lag: r.lag }]);
      }
      console.log("\nAll setups of this run:");
      printIngestRows(rows);
      if (!ONLY_QUERY) printLags(lags);
      if (q !== null) {
        printQueries(q);
        console.log(`\nquery-path processes, peak RSS after the timed calls (MB): ${(q as QueryFigures).rss}`);
      }
    } finally {
      await infra.os?.stop();
      await infra.pg.stop();
    }
    console.log(`\nend ${new Date().toISOString()}, load average (1/5/15 min) ${load()}`);
  } finally {
    if (dir !== null) await rm(dir, { recursive: true, force: true });
  }
}

/** PostgreSQL (required: the catalog many hosts share) and OpenSearch when its node is built here. */
async function startInfra(): Promise<Infra> {
  const pg = await startPostgres();
  if (pg === null)
    throw new Error("bench:distributed needs PostgreSQL for the shared catalog (bash scripts/setup.sh --test)");
  const why = openSearchUnavailable();
  // 71K passages of the whole corpus: a larger heap than the tests' 512 MB.
  const os = why === null ? await startOpenSearch({ heapMb: 1024 }) : null;
  const lexicalStore = os ? `OpenSearch ${os.version}` : "embedded FTS5 (no OpenSearch node)";
  if (why !== null) console.log(`OpenSearch not run: ${why}; the lexical stage falls back to its embedded FTS5 store.`);
  console.log(
    `Stores: catalog and stage applied-change logs on PostgreSQL; lexical on ${lexicalStore}; vector on the embedded sqlite-vec store with ONE indexing replica (no Qdrant server here; none ran).`,
  );
  return { pg, os, lexicalStore };
}

function printLags(lags: { replicas: number; lag: LagFigures }[]): void {
  console.log("\n| propagation, command published → last store applied | replicas per stage | n | p50 | p99 | max |");
  console.log("|---|---|---|---|---|---|");
  for (const { replicas, lag } of lags)
    for (const [kind, xs] of [
      ["delete", lag.deletes],
      ["access change", lag.access],
    ] as const)
      console.log(
        `| ${kind} | ${replicas} | ${xs.length} | ${percentile(xs, 50)} ms | ${percentile(xs, 99)} ms | ${Math.max(...xs)} ms |`,
      );
  console.log(
    "\n| where the lag went (p50 / p99, from the command sent) | replicas per stage | event published by ingest | lexical applied | vector applied |",
  );
  console.log("|---|---|---|---|---|");
  const pp = (xs: number[]) => `${percentile(xs, 50)} / ${percentile(xs, 99)} ms`;
  for (const { replicas, lag } of lags)
    for (const kind of ["delete", "access"] as const) {
      const p = lag.parts[kind];
      console.log(`| ${kind} | ${replicas} | ${pp(p.published)} | ${pp(p.lexical)} | ${pp(p.vector)} |`);
    }
}

function printQueries(figures: QueryFigures): void {
  console.log("\n| Search (k 10), each question twice per path and mode | calls | p50 | p95 | hits per call (mean) |");
  console.log("|---|---|---|---|---|");
  const ms = (xs: number[], p: number) => `${percentile(xs, p).toFixed(1)} ms`;
  const pathName: Record<QueryPath, string> = {
    inProcess: "single process, in-process (`lexnav search` path)",
    service: "answer service over gRPC, on its embedded stack",
    remote: "answer → lexical ‖ vector → rerank → planner over gRPC",
  };
  for (const mode of MODES)
    for (const path of PATHS) {
      const { ms: xs, hits, failed } = figures[mode][path];
      if (failed !== null) {
        console.log(`| ${mode}: ${pathName[path]} | 0 | failed: ${failed} | – | – |`);
        continue;
      }
      const meanHits = (hits.reduce((a, b) => a + b, 0) / hits.length).toFixed(1);
      console.log(`| ${mode}: ${pathName[path]} | ${xs.length} | ${ms(xs, 50)} | ${ms(xs, 95)} | ${meanHits} |`);
    }
}

function printIngestRows(rows: IngestRow[]): void {
  console.log(
    "\n| setup | documents | passages | wall time until every store applied every document | docs/s | passages/s | detail | peak RSS per process (MB) | load average after |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of rows)
    console.log(
      `| ${r.setup} | ${r.documents} | ${r.passages} | ${s1(r.wallMs)} s | ${(r.documents / (r.wallMs / 1000)).toFixed(2)} | ${(r.passages / (r.wallMs / 1000)).toFixed(1)} | ${r.detail} | ${r.rss} | ${r.load} |`,
    );
}

await main();
