import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contextFromHeaders, loadConfig, silentLogger, withContext } from "@lexnav/core";
import { createEmbeddedStack } from "@lexnav/stack";
import { SHUTDOWN_MS, startTelemetry, type Telemetry } from "@lexnav/telemetry";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliCaptured } from "./app.ts";

const examples = join(import.meta.dirname, "..", "..", "..", "examples", "manufacturing-agreement");
const QUESTION = "Which state's law governs the agreement?";

describe("OpenTelemetry spans across ingest, search and answer", () => {
  const exporter = new InMemorySpanExporter();
  let telemetry: Telemetry | null;
  let dir: string;
  beforeAll(() => {
    telemetry = startTelemetry("lexnav-test", { env: {}, processors: [new SimpleSpanProcessor(exporter)] });
    dir = mkdtempSync(join(tmpdir(), "lexnav-otel-"));
  });
  afterAll(async () => {
    await telemetry?.shutdown();
    rmSync(dir, { recursive: true, force: true });
  });
  const run = (...argv: string[]) =>
    runCliCaptured([...argv, "--db", join(dir, "lexnav.sqlite")], loadConfig({}), silentLogger);

  it("without an endpoint or processors, nothing is registered", () => {
    expect(startTelemetry("x", { env: {} })).toBeNull();
  });

  it("a collector that is down costs the traces, not the command (the CLI process exits 0, in time)", async () => {
    const db = join(dir, "down.sqlite");
    const ingested = await runCliCaptured(
      ["ingest", examples, "--acl", "group:local", "--db", db],
      loadConfig({}),
      silentLogger,
    );
    expect(ingested.code).toBe(0);
    exporter.reset();
    const t0 = performance.now();
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", join(import.meta.dirname, "main.ts"), "ask", QUESTION, "--offline", "--db", db],
      // the built-in relevance: this measures shutdown with the collector down, not loading a sentence embedder
      {
        env: {
          ...process.env,
          OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9",
          LEXNAV_RELEVANCE_MODEL_DIR: "builtin",
        },
        encoding: "utf8",
      },
    );
    expect(r.stderr).not.toMatch(/ECONNREFUSED/);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("California");
    expect(performance.now() - t0).toBeLessThan(SHUTDOWN_MS + 8000);
  });

  it("ask is one trace: the search is a child of the ask span; attributes carry no document or question text", async () => {
    expect((await run("ingest", examples, "--acl", "group:local")).code).toBe(0);
    const ingests = exporter.getFinishedSpans().filter((s) => s.name === "lexnav.ingest");
    expect(ingests).toHaveLength(4);
    expect(ingests.every((s) => s.attributes["lexnav.status"] === "indexed")).toBe(true);
    exporter.reset();

    const asked = await run("ask", QUESTION, "--mode", "hybrid", "--offline", "--json");
    expect(asked.code).toBe(0);
    const spans = exporter.getFinishedSpans();
    const ask = spans.find((s) => s.name === "lexnav.ask");
    const search = spans.find((s) => s.name === "lexnav.search");
    expect(ask?.attributes).toMatchObject({
      "lexnav.mode": "hybrid",
      "lexnav.answerer": "offline",
      "lexnav.abstained": false,
    });
    expect(search?.spanContext().traceId).toBe(ask?.spanContext().traceId);
    expect(search?.parentSpanContext?.spanId).toBe(ask?.spanContext().spanId);
    expect(search?.attributes["lexnav.passages"]).toBeGreaterThan(0);
    const values = JSON.stringify(spans.map((s) => s.attributes));
    expect(values).not.toContain("California");
    expect(values).not.toContain("governs");
  });

  it("an ingest run under a carried traceparent continues that trace", async () => {
    exporter.reset();
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const parent = "00f067aa0ba902b7";
    const stack = await createEmbeddedStack(join(dir, "carried.sqlite"), loadConfig({}).limits, silentLogger);
    try {
      await withContext(contextFromHeaders({ traceparent: `00-${traceId}-${parent}-01` }), () =>
        stack.pipeline.ingest({
          source: join(examples, "manufacturing-agreement-1.txt"),
          access: { principals: [], groups: ["local"] },
        }),
      );
    } finally {
      await stack.close();
    }
    const span = exporter.getFinishedSpans().find((s) => s.name === "lexnav.ingest");
    expect(span?.spanContext().traceId).toBe(traceId);
    expect(span?.parentSpanContext?.spanId).toBe(parent);
  });
});
