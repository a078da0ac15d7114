import { existsSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import { z } from "zod";

/**
 * Configuration read once from the environment. Nothing else in lexnav reads `process.env`:
 * the parsed value is passed down.
 */
export const configSchema = z.object({
  LEXNAV_DB: z.string().default(".lexnav/lexnav.sqlite"),
  // A PostgreSQL catalog many processes share (postgres://user@host:port/db); unset: the catalog in LEXNAV_DB.
  LEXNAV_CATALOG_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, "a postgres:// or postgresql:// URL")
    .optional(),
  LEXNAV_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  LEXNAV_MAX_LINE_CHARS: z.coerce.number().int().positive().default(200_000),
  LEXNAV_MAX_DOCX_EXPANDED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  LEXNAV_MAX_MARKUP_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(32 * 1024 * 1024),
  LEXNAV_MAX_MARKUP_ELEMENTS: z.coerce.number().int().positive().default(400_000),
  LEXNAV_MAX_NESTING_DEPTH: z.coerce.number().int().positive().default(1_000),
  LEXNAV_MAX_PDF_INFLATED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(128 * 1024 * 1024),
  // Per-file budget of extraction and structure detection: heap of their worker (MB) and wall time (ms).
  LEXNAV_MAX_EXTRACT_HEAP_MB: z.coerce.number().int().min(64).default(768),
  LEXNAV_MAX_EXTRACT_MS: z.coerce.number().int().positive().default(120_000),
  LEXNAV_SHARED_DIR: z.string().default("../shared"),
  NATS_URL: z.string().default("nats://127.0.0.1:4222"),
  // A Qdrant server's REST endpoint for the vector store; unset: the embedded store. The prefix names its alias and collections.
  LEXNAV_QDRANT_URL: z.string().url().optional(),
  LEXNAV_QDRANT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, "letters, digits, _ and -")
    .default("lexnav"),
  // The OpenSearch node of the lexical index (unset: the embedded index), and the prefix of its indices and aliases.
  LEXNAV_OPENSEARCH_URL: z.string().url().optional(),
  LEXNAV_OPENSEARCH_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,100}$/, "lowercase letters, digits, '-' and '_'")
    .default("lexnav"),
  // This process's NATS user and password (both or neither): a server with authorization refuses a
  // client without them, and each service's user may publish and subscribe only where it needs to.
  NATS_USER: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, "letters, digits, '_' and '-' only (it names the user's reply inbox)")
    .optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
  // A PEM file of the CA that signed the NATS server's certificate: the connection then requires TLS.
  NATS_TLS_CA: z.string().min(1).optional(),
  // Folders the ingest service may read a command's path from, absolute, separated by ":" (as PATH).
  // Unset or empty: it reads no path and ingests only bytes sent inline. The CLI reads what its user names.
  LEXNAV_INGEST_ROOTS: z
    .string()
    .default("")
    .transform((s) => s.split(delimiter).filter((r) => r !== ""))
    .refine((roots) => roots.every((r) => isAbsolute(r)), { message: "every root must be an absolute path" }),
  // Where the answer service listens for gRPC ("host:port"; port 0 picks a free one).
  LEXNAV_ANSWER_ADDRESS: z.string().min(1).default("127.0.0.1:50051"),
  // Where the rerank and planner services listen for gRPC ("host:port"; port 0 picks a free one).
  LEXNAV_RERANK_ADDRESS: z.string().min(1).default("127.0.0.1:50053"),
  LEXNAV_PLANNER_ADDRESS: z.string().min(1).default("127.0.0.1:50054"),
  // PEM files of the answer service's certificate chain and private key: both or neither (TLS when set).
  LEXNAV_ANSWER_TLS_CERT: z.string().min(1).optional(),
  LEXNAV_ANSWER_TLS_KEY: z.string().min(1).optional(),
  // A JSON file of the answer service's callers: {"<sha256 hex of a bearer token>": {"id", "groups"}}.
  LEXNAV_ANSWER_CALLERS: z.string().min(1).optional(),
  // The indexing stages (services/lexical, services/vector): each one's own embedded store, where it serves
  // gRPC search ("host:port"; port 0 picks one), the name its replica writes in the applied-change log
  // (unset: host name and pid), and how long JetStream waits for its ack before redelivering to another replica.
  LEXNAV_LEXICAL_DB: z.string().min(1).default(".lexnav/lexical.sqlite"),
  LEXNAV_VECTOR_DB: z.string().min(1).default(".lexnav/vector.sqlite"),
  LEXNAV_LEXICAL_ADDRESS: z.string().min(1).default("127.0.0.1:50061"),
  LEXNAV_VECTOR_ADDRESS: z.string().min(1).default("127.0.0.1:50062"),
  LEXNAV_REPLICA_ID: z.string().min(1).optional(),
  LEXNAV_STAGE_ACK_WAIT_MS: z.coerce.number().int().min(1_000).default(30_000),
  // Deliveries of a lifecycle event a stage makes before it dead-letters a retryable failure, and the first
  // retry's delay (doubled per delivery, up to a minute).
  LEXNAV_STAGE_MAX_DELIVER: z.coerce.number().int().min(1).max(100).default(8),
  LEXNAV_STAGE_RETRY_DELAY_MS: z.coerce.number().int().min(10).default(1_000),
  // "index": the replica applies lifecycle events and serves search; "read": it serves search only (a
  // reading replica beside one indexing replica on an embedded store).
  LEXNAV_STAGE_ROLE: z.enum(["index", "read"]).default("index"),
  // The stores that must acknowledge a version before readers see it (comma-separated store names), on a
  // catalog shared with the indexing stages; a deployment running only some stages names those.
  LEXNAV_SERVING_STORES: z
    .string()
    .default("lexical,vector")
    .transform((v) => [
      ...new Set(
        v
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s !== ""),
      ),
    ])
    .refine((stores) => stores.length > 0, "name at least one store (lexical, vector)")
    .refine((stores) => stores.every((s) => /^[a-z][a-z0-9-]*$/.test(s)), "store names are lowercase words"),
  // "nats": a wall placed or lifted from the CLI is announced on NATS_URL to the indexing stages, and the
  // command fails if it cannot be (set it wherever operators place walls on a deployment's catalog).
  // "off": the embedded store alone, whose indexes the CLI updates itself.
  LEXNAV_CONTROL_EVENTS: z.enum(["off", "nats"]).default("off"),
  // Where a service serves HTTP /healthz and /readyz ("host:port"; port 0 picks one); unset: not served.
  LEXNAV_HEALTH_ADDRESS: z.string().min(1).optional(),
  // Where the answer service calls the query-path stages (gRPC targets); absent: it runs them in process.
  LEXNAV_LEXICAL_TARGET: z.string().min(1).optional(),
  LEXNAV_VECTOR_TARGET: z.string().min(1).optional(),
  LEXNAV_RERANK_TARGET: z.string().min(1).optional(),
  // Where the answer service asks the navindex planner (the planner service); absent: it plans in process.
  LEXNAV_PLANNER_TARGET: z.string().min(1).optional(),
  LEXNAV_LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Answering: without a key lexnav answers offline; prices are USD per million tokens.
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_BASE_URL: z.string().url().optional(),
  // Claude Sonnet 5.5, the current Sonnet (claude-sonnet-4-5, the default until 2026-11-30, retires that day).
  LEXNAV_MODEL: z.string().min(1).default("claude-sonnet-5-5"),
  // "off": no thinking before the planner's, the answer's and the judge's short outputs; "adaptive": the
  // model may think first (needed on models that always think), with more output tokens per call.
  LEXNAV_MODEL_THINKING: z.enum(["off", "adaptive"]).default("off"),
  LEXNAV_MODEL_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  LEXNAV_MODEL_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  // Unset: the model's published price (`PUBLISHED_PRICES`), else the default card (Sonnet 4.x).
  LEXNAV_PRICE_INPUT: z.coerce.number().nonnegative().optional(),
  LEXNAV_PRICE_CACHE_WRITE: z.coerce.number().nonnegative().optional(),
  LEXNAV_PRICE_CACHE_READ: z.coerce.number().nonnegative().optional(),
  LEXNAV_PRICE_OUTPUT: z.coerce.number().nonnegative().optional(),
  // A local cross-encoder folder (model.onnx, tokenizer.json, config.json) for reranking; never downloaded.
  // "late-interaction": MaxSim over the embedder's token vectors (opt-in: measured below the built-in reranker).
  LEXNAV_RERANKER_MODEL_DIR: z.string().min(1).optional(),
  // The built-in reranker's weights (a `lexnav train reranker --out` file); absent: the fitted ones lexnav ships.
  LEXNAV_RERANKER_WEIGHTS: z.string().min(1).optional(),
  // How hybrid fuses its lexical and dense rankings (docs/retrieval.md, "Ranking inside the reached documents").
  LEXNAV_FUSION: z.enum(["relative-score", "reciprocal-rank"]).default("relative-score"),
  // A local sentence-embedding folder (model.onnx, tokenizer.json, config.json) for the dense index; never
  // downloaded. Unset: the model scripts/setup.sh installed, when it is there; "builtin": the LSA fallback.
  LEXNAV_EMBEDDER_MODEL_DIR: z.string().min(1).optional(),
  // Where scripts/install-models.py caches models ($XDG_CACHE_HOME, else $HOME/.cache).
  XDG_CACHE_HOME: z.string().min(1).optional(),
  HOME: z.string().min(1).optional(),
  // The offline answerer's evidence model (a `lexnav train evidence` file); absent: the one lexnav ships.
  LEXNAV_EVIDENCE_MODEL: z.string().min(1).optional(),
  // Which offline answer decision runs: by evidence (default) or the older one keyed by wording.
  LEXNAV_ANSWERER: z.enum(["evidence", "wording"]).default("evidence"),
  // The evidence decision's model (a `lexnav train evidence --answerer evidence` file); absent: the shipped one.
  LEXNAV_DECISION_MODEL: z.string().min(1).optional(),
  // The sentence embedder the evidence decision reads relevance from: unset, the embedder's model (when
  // one is configured or installed); "builtin": the built-in lexical relevance; else a model folder.
  LEXNAV_RELEVANCE_MODEL_DIR: z.string().min(1).optional(),
  // The group whose members may use operator views and controls (audit, hold, wall, no-external).
  LEXNAV_OPERATOR_GROUP: z.string().min(1).optional(),
});

/** The operator group when the config names none. */
export const DEFAULT_OPERATOR_GROUP = "lexnav-operators";

export interface LexnavConfig {
  dbPath: string;
  /**
   * The PostgreSQL database of a catalog shared by many processes (`createPostgresCatalog`); absent: the
   * embedded catalog in `dbPath`. Chosen in one place (`openCatalogStores` in @lexnav/catalog).
   */
  catalogUrl?: string;
  limits: IngestLimits;
  sharedDir: string;
  natsUrl: string;
  /** A Qdrant server for the vector store (`createQdrantVectorStore`); absent: the embedded store. */
  qdrant?: { url: string; prefix: string };
  /** The OpenSearch lexical index (node URL, index prefix); absent: the embedded index. */
  opensearch?: { url: string; prefix: string };
  /** This process's NATS user; absent: it connects without credentials. */
  natsAuth?: { user: string; password: string };
  /** The CA that signed the NATS server's certificate (PEM file); absent: no TLS is required. */
  natsTlsCaPath?: string;
  /**
   * Folders the ingest service reads a command's path from (LEXNAV_INGEST_ROOTS); empty: no path is
   * read, only bytes sent inline. Optional so configs built by hand elsewhere stay valid (absent: empty).
   */
  ingestRoots?: string[];
  /** The answer service's gRPC listen address. */
  answerAddress: string;
  /** The rerank service's gRPC listen address. */
  rerankAddress: string;
  /** The planner service's gRPC listen address. */
  plannerAddress: string;
  /** The answer service's callers file; absent: the service trusts the principal a request names. */
  answerCallersPath?: string;
  /** The answer service's TLS certificate chain and key (PEM files); absent: plaintext. */
  answerTls?: { certPath: string; keyPath: string };
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Where a service serves HTTP `/healthz` and `/readyz`; absent: not served. */
  healthAddress?: string;
  /**
   * The stage services the answer service searches and reranks through (gRPC targets, e.g.
   * `lexical:50061`); each one absent runs that stage in process on the embedded store.
   */
  queryTargets?: { lexical?: string; vector?: string; rerank?: string; planner?: string };
  /** The indexing stages' settings (services/lexical, services/vector). */
  stages: StageConfig;
  /** Model settings for `lexnav ask`; optional so configs built by hand elsewhere stay valid. */
  answer?: AnswerConfig;
  /** A local ONNX cross-encoder folder (`loadOnnxCrossEncoder`); absent: the built-in reranker. */
  rerankerModelDir?: string;
  /** The built-in reranker's weights file (`lexnav train reranker --out`); absent: the shipped weights. */
  rerankerWeightsPath?: string;
  /** How hybrid search fuses its lexical and dense rankings (LEXNAV_FUSION); optional for configs built by hand. */
  fusion?: "reciprocal-rank" | "relative-score";
  /**
   * A local ONNX sentence-embedding folder (`loadOnnxEmbedder`): LEXNAV_EMBEDDER_MODEL_DIR, else the
   * installed pretrained model. Absent: the built-in LSA embedder, for the reason `embedderFallback` gives.
   */
  embedderModelDir?: string;
  /** Why no model embedder is configured (set exactly when `embedderModelDir` is absent). */
  embedderFallback?: string;
  /** The offline answerer's evidence model file; absent: the shipped one. */
  evidenceModelPath?: string;
  /**
   * The offline answer decision: "evidence" (relevance, coverage, rank and provision structure; the
   * default) or "wording" (the older evidence model keyed by the question's wording, for comparison).
   */
  offlineAnswerer: "evidence" | "wording";
  /** The evidence decision's model file; absent: the shipped one for the relevance at hand. */
  decisionModelPath?: string;
  /**
   * The sentence-embedding folder the evidence decision reads relevance from (LEXNAV_RELEVANCE_MODEL_DIR,
   * else the embedder's model folder). Absent: the built-in lexical relevance.
   */
  relevanceModelDir?: string;
  /** Members of this group may use operator views and controls; absent: `DEFAULT_OPERATOR_GROUP`. */
  operatorGroup?: string;
}

/** What the indexing stages (services/lexical, services/vector) run with. */
export interface StageConfig {
  /** The lexical stage's own embedded store (its index and applied-change log). */
  lexicalDbPath: string;
  /** The vector stage's own embedded store (its vectors and applied-change log). */
  vectorDbPath: string;
  /** Where each stage serves gRPC search. */
  lexicalAddress: string;
  vectorAddress: string;
  /** The replica's name in the applied-change log; absent: the host name and pid. */
  replicaId?: string;
  /** How long JetStream waits for a stage's ack before redelivering the event to another replica. */
  ackWaitMs: number;
  /** Deliveries of an event before a retryable failure is dead-lettered. */
  maxDeliver: number;
  /** The first retry's delay; doubled per delivery. */
  retryDelayMs: number;
  /** "index": applies lifecycle events and serves search; "read": serves search only. */
  role: "index" | "read";
  /** The stores that must acknowledge a version before readers see it (`lexical`, `vector`). */
  servingStores: string[];
  /** "nats": walls placed or lifted from the CLI are announced to the stages on NATS; "off": not announced. */
  controlEvents: "off" | "nats";
}

/** How lexnav calls the language model and what it assumes tokens cost. */
export interface AnswerConfig {
  /** Absent: the offline answerer is used. */
  apiKey: string | null;
  /** Absent: the SDK default endpoint. */
  baseURL: string | null;
  model: string;
  /** Whether the model may think before answering (`LEXNAV_MODEL_THINKING`). */
  thinking: "off" | "adaptive";
  timeoutMs: number;
  maxRetries: number;
  /** USD per million tokens. */
  prices: { input: number; cacheWrite: number; cacheRead: number; output: number };
}

/** Limits that make bad input fail alone with a clear reason instead of exhausting the process. */
export interface IngestLimits {
  maxFileBytes: number;
  maxLineChars: number;
  /** Sum of a DOCX's inflated parts, counted while inflating (a zip that lies about sizes is caught). */
  maxDocxExpandedBytes: number;
  /** Largest markup one parser builds a tree from: an HTML file, or one DOCX XML part once inflated. */
  maxMarkupBytes: number;
  /** Most elements (start tags) in that markup: each costs a tree node, so this bounds memory. */
  maxMarkupElements: number;
  /** Deepest element nesting accepted; deeper markup fails alone instead of exhausting the stack. */
  maxNestingDepth: number;
  /** Sum of what a PDF's Flate streams inflate to (text-bearing ones; images are never decoded). */
  maxPdfInflatedBytes: number;
  /** Heap of the worker that extracts and structures one file, in MB: a file needing more fails alone. */
  maxExtractHeapMb: number;
  /** Wall time extracting and structuring one file may take, in ms: a file taking longer fails alone. */
  maxExtractMs: number;
}

export const DEFAULT_LIMITS: IngestLimits = {
  maxFileBytes: 50 * 1024 * 1024,
  maxLineChars: 200_000,
  maxDocxExpandedBytes: 200 * 1024 * 1024,
  maxMarkupBytes: 32 * 1024 * 1024,
  maxMarkupElements: 400_000,
  maxNestingDepth: 1_000,
  maxPdfInflatedBytes: 128 * 1024 * 1024,
  maxExtractHeapMb: 768,
  maxExtractMs: 120_000,
};

/**
 * The pretrained embedder `scripts/install-models.py` installs (pinned in `scripts/models.json`): its
 * folder name and the sha256 of its weights, which key the folder in the model cache.
 */
export const INSTALLED_EMBEDDER = {
  name: "all-minilm-l6-v2-int8",
  weightsSha256: "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6",
} as const;

/** The value of LEXNAV_RERANKER_MODEL_DIR that asks for late interaction on the embedder's token vectors. */
export const LATE_INTERACTION_RERANKER_SETTING = "late-interaction";

/** The value of LEXNAV_EMBEDDER_MODEL_DIR that asks for the built-in LSA embedder. */
export const BUILTIN_EMBEDDER_SETTING = "builtin";

/**
 * Where the installer puts the pretrained embedder: outside any clone, in the user's cache, keyed by
 * the weights' sha256 (so another model version is another folder). Null when the environment names
 * no cache or home directory.
 */
export function installedEmbedderDir(env: {
  XDG_CACHE_HOME?: string | undefined;
  HOME?: string | undefined;
}): string | null {
  const base = env.XDG_CACHE_HOME ?? (env.HOME !== undefined ? join(env.HOME, ".cache") : null);
  if (base === null) return null;
  return join(base, "lexnav", "models", `${INSTALLED_EMBEDDER.name}-${INSTALLED_EMBEDDER.weightsSha256.slice(0, 12)}`);
}

/** The embedder folder the environment selects, or why the built-in embedder is used instead. */
function embedderChoice(e: z.infer<typeof configSchema>): { embedderModelDir: string } | { embedderFallback: string } {
  if (e.LEXNAV_EMBEDDER_MODEL_DIR === BUILTIN_EMBEDDER_SETTING)
    return { embedderFallback: `LEXNAV_EMBEDDER_MODEL_DIR=${BUILTIN_EMBEDDER_SETTING}` };
  if (e.LEXNAV_EMBEDDER_MODEL_DIR !== undefined) return { embedderModelDir: e.LEXNAV_EMBEDDER_MODEL_DIR };
  const installed = installedEmbedderDir(e);
  // The installer writes this marker last, so a half-copied folder is never taken for a model.
  if (installed !== null && existsSync(join(installed, ".lexnav-installed"))) return { embedderModelDir: installed };
  return {
    embedderFallback: `no pretrained embedder is installed${installed ? ` in ${installed}` : ""} (run bash scripts/setup.sh)`,
  };
}

/** The relevance model folder: LEXNAV_RELEVANCE_MODEL_DIR ("builtin": none), else the embedder's. */
function relevanceChoice(e: z.infer<typeof configSchema>): { relevanceModelDir?: string } {
  if (e.LEXNAV_RELEVANCE_MODEL_DIR === BUILTIN_EMBEDDER_SETTING) return {};
  if (e.LEXNAV_RELEVANCE_MODEL_DIR !== undefined) return { relevanceModelDir: e.LEXNAV_RELEVANCE_MODEL_DIR };
  const embedder = embedderChoice(e);
  return "embedderModelDir" in embedder ? { relevanceModelDir: embedder.embedderModelDir } : {};
}

export function loadConfig(env: Record<string, string | undefined>): LexnavConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid lexnav configuration: ${issues}`);
  }
  const e = parsed.data;
  if ((e.LEXNAV_ANSWER_TLS_CERT === undefined) !== (e.LEXNAV_ANSWER_TLS_KEY === undefined))
    throw new Error(
      "invalid lexnav configuration: set both LEXNAV_ANSWER_TLS_CERT and LEXNAV_ANSWER_TLS_KEY, or neither",
    );
  if ((e.NATS_USER === undefined) !== (e.NATS_PASSWORD === undefined))
    throw new Error("invalid lexnav configuration: set both NATS_USER and NATS_PASSWORD, or neither");
  const listed = listPrices(e.LEXNAV_MODEL);
  return {
    dbPath: e.LEXNAV_DB,
    ...(e.LEXNAV_CATALOG_URL !== undefined ? { catalogUrl: e.LEXNAV_CATALOG_URL } : {}),
    limits: {
      maxFileBytes: e.LEXNAV_MAX_FILE_BYTES,
      maxLineChars: e.LEXNAV_MAX_LINE_CHARS,
      maxDocxExpandedBytes: e.LEXNAV_MAX_DOCX_EXPANDED_BYTES,
      maxMarkupBytes: e.LEXNAV_MAX_MARKUP_BYTES,
      maxMarkupElements: e.LEXNAV_MAX_MARKUP_ELEMENTS,
      maxNestingDepth: e.LEXNAV_MAX_NESTING_DEPTH,
      maxPdfInflatedBytes: e.LEXNAV_MAX_PDF_INFLATED_BYTES,
      maxExtractHeapMb: e.LEXNAV_MAX_EXTRACT_HEAP_MB,
      maxExtractMs: e.LEXNAV_MAX_EXTRACT_MS,
    },
    sharedDir: e.LEXNAV_SHARED_DIR,
    natsUrl: e.NATS_URL,
    ...(e.LEXNAV_QDRANT_URL !== undefined
      ? { qdrant: { url: e.LEXNAV_QDRANT_URL, prefix: e.LEXNAV_QDRANT_PREFIX } }
      : {}),
    ...(e.LEXNAV_OPENSEARCH_URL !== undefined
      ? { opensearch: { url: e.LEXNAV_OPENSEARCH_URL, prefix: e.LEXNAV_OPENSEARCH_PREFIX } }
      : {}),
    ...(e.NATS_USER !== undefined && e.NATS_PASSWORD !== undefined
      ? { natsAuth: { user: e.NATS_USER, password: e.NATS_PASSWORD } }
      : {}),
    ...(e.NATS_TLS_CA !== undefined ? { natsTlsCaPath: e.NATS_TLS_CA } : {}),
    ingestRoots: e.LEXNAV_INGEST_ROOTS,
    answerAddress: e.LEXNAV_ANSWER_ADDRESS,
    rerankAddress: e.LEXNAV_RERANK_ADDRESS,
    plannerAddress: e.LEXNAV_PLANNER_ADDRESS,
    ...(e.LEXNAV_ANSWER_CALLERS !== undefined ? { answerCallersPath: e.LEXNAV_ANSWER_CALLERS } : {}),
    ...(e.LEXNAV_ANSWER_TLS_CERT !== undefined && e.LEXNAV_ANSWER_TLS_KEY !== undefined
      ? { answerTls: { certPath: e.LEXNAV_ANSWER_TLS_CERT, keyPath: e.LEXNAV_ANSWER_TLS_KEY } }
      : {}),
    logLevel: e.LEXNAV_LOG_LEVEL,
    ...(e.LEXNAV_HEALTH_ADDRESS !== undefined ? { healthAddress: e.LEXNAV_HEALTH_ADDRESS } : {}),
    queryTargets: {
      ...(e.LEXNAV_LEXICAL_TARGET !== undefined ? { lexical: e.LEXNAV_LEXICAL_TARGET } : {}),
      ...(e.LEXNAV_VECTOR_TARGET !== undefined ? { vector: e.LEXNAV_VECTOR_TARGET } : {}),
      ...(e.LEXNAV_RERANK_TARGET !== undefined ? { rerank: e.LEXNAV_RERANK_TARGET } : {}),
      ...(e.LEXNAV_PLANNER_TARGET !== undefined ? { planner: e.LEXNAV_PLANNER_TARGET } : {}),
    },
    stages: {
      lexicalDbPath: e.LEXNAV_LEXICAL_DB,
      vectorDbPath: e.LEXNAV_VECTOR_DB,
      lexicalAddress: e.LEXNAV_LEXICAL_ADDRESS,
      vectorAddress: e.LEXNAV_VECTOR_ADDRESS,
      ...(e.LEXNAV_REPLICA_ID !== undefined ? { replicaId: e.LEXNAV_REPLICA_ID } : {}),
      ackWaitMs: e.LEXNAV_STAGE_ACK_WAIT_MS,
      maxDeliver: e.LEXNAV_STAGE_MAX_DELIVER,
      retryDelayMs: e.LEXNAV_STAGE_RETRY_DELAY_MS,
      role: e.LEXNAV_STAGE_ROLE,
      servingStores: e.LEXNAV_SERVING_STORES,
      controlEvents: e.LEXNAV_CONTROL_EVENTS,
    },
    answer: {
      apiKey: e.ANTHROPIC_API_KEY ?? null,
      baseURL: e.ANTHROPIC_BASE_URL ?? null,
      model: e.LEXNAV_MODEL,
      thinking: e.LEXNAV_MODEL_THINKING,
      timeoutMs: e.LEXNAV_MODEL_TIMEOUT_MS,
      maxRetries: e.LEXNAV_MODEL_MAX_RETRIES,
      prices: {
        input: e.LEXNAV_PRICE_INPUT ?? listed.input,
        cacheWrite: e.LEXNAV_PRICE_CACHE_WRITE ?? listed.cacheWrite,
        cacheRead: e.LEXNAV_PRICE_CACHE_READ ?? listed.cacheRead,
        output: e.LEXNAV_PRICE_OUTPUT ?? listed.output,
      },
    },
    ...(e.LEXNAV_RERANKER_MODEL_DIR !== undefined ? { rerankerModelDir: e.LEXNAV_RERANKER_MODEL_DIR } : {}),
    ...(e.LEXNAV_RERANKER_WEIGHTS !== undefined ? { rerankerWeightsPath: e.LEXNAV_RERANKER_WEIGHTS } : {}),
    fusion: e.LEXNAV_FUSION,
    ...embedderChoice(e),
    ...(e.LEXNAV_EVIDENCE_MODEL !== undefined ? { evidenceModelPath: e.LEXNAV_EVIDENCE_MODEL } : {}),
    offlineAnswerer: e.LEXNAV_ANSWERER,
    ...(e.LEXNAV_DECISION_MODEL !== undefined ? { decisionModelPath: e.LEXNAV_DECISION_MODEL } : {}),
    ...relevanceChoice(e),
    operatorGroup: e.LEXNAV_OPERATOR_GROUP ?? DEFAULT_OPERATOR_GROUP,
  };
}

/** USD per million tokens: input, 5-minute cache write, cache read, output. */
export interface ModelPrices {
  input: number;
  cacheWrite: number;
  cacheRead: number;
  output: number;
}

/** The card the ledger prices by when neither the config nor `PUBLISHED_PRICES` says otherwise (Claude Sonnet 4.x). */
export const DEFAULT_MODEL_PRICES: ModelPrices = { input: 3.0, cacheWrite: 3.75, cacheRead: 0.3, output: 15.0 };

/**
 * The published prices of the models lexnav defaults to or has defaulted to (Anthropic's model pages,
 * read 2026-11-30), so that the ledger's dollars are right for the configured model without setting
 * LEXNAV_PRICE_*. Any other model is priced by `DEFAULT_MODEL_PRICES` unless the config sets its prices.
 */
export const PUBLISHED_PRICES: Readonly<Record<string, ModelPrices>> = {
  "claude-sonnet-5-5": { input: 2.0, cacheWrite: 2.5, cacheRead: 0.2, output: 10.0 },
  "claude-sonnet-5": { input: 2.0, cacheWrite: 2.5, cacheRead: 0.2, output: 10.0 },
  "claude-sonnet-4-6": DEFAULT_MODEL_PRICES,
  "claude-sonnet-4-5": DEFAULT_MODEL_PRICES,
};

/** The published prices of `model`, or the default card. */
export function listPrices(model: string): ModelPrices {
  return PUBLISHED_PRICES[model] ?? DEFAULT_MODEL_PRICES;
}
