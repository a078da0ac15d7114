import { recordStageDuration } from "@lexnav/core";
import { metrics } from "@opentelemetry/api";
import { afterAll, describe, expect, it } from "vitest";
import { startMetrics } from "./metrics.ts";

const m = startMetrics("lexnav-test", {});
afterAll(() => m.shutdown());

describe("metrics in the Prometheus text format", () => {
  it("renders counters, gauges and histograms with their units, labels and cumulative buckets", async () => {
    const meter = metrics.getMeter("test");
    meter.createCounter("test.tokens", { unit: "{token}", description: "tokens" }).add(7, { kind: "in" });
    meter
      .createObservableGauge("lexnav.documents", { description: "docs" })
      .addCallback((r) => r.observe(3, { "lexnav.lifecycle.state": 'odd"state' }));
    const h = meter.createHistogram("lexnav.propagation.lag", { unit: "s", description: "lag" });
    h.record(0.2, { "lexnav.command": "delete_document" });
    h.record(7, { "lexnav.command": "delete_document" });
    const text = await m.render();
    expect(text).toContain("# TYPE test_tokens_total counter");
    expect(text).toContain('test_tokens_total{kind="in"} 7');
    expect(text).toContain('lexnav_documents{lexnav_lifecycle_state="odd\\"state"} 3');
    expect(text).toContain("# TYPE lexnav_propagation_lag_seconds histogram");
    expect(text).toContain('lexnav_propagation_lag_seconds_bucket{lexnav_command="delete_document",le="0.1"} 0');
    expect(text).toContain('lexnav_propagation_lag_seconds_bucket{lexnav_command="delete_document",le="0.25"} 1');
    expect(text).toContain('lexnav_propagation_lag_seconds_bucket{lexnav_command="delete_document",le="10"} 2');
    expect(text).toContain('lexnav_propagation_lag_seconds_bucket{lexnav_command="delete_document",le="+Inf"} 2');
    expect(text).toContain('lexnav_propagation_lag_seconds_count{lexnav_command="delete_document"} 2');
    expect(text).toMatch(/lexnav_propagation_lag_seconds_sum\{lexnav_command="delete_document"\} 7\.2/);
  });

  it("records each stage's duration through inSpan's helper once a provider is registered", async () => {
    recordStageDuration("lexnav.ingest.store", performance.now() - 30, "ok");
    const text = await m.render();
    expect(text).toMatch(
      /lexnav_stage_duration_seconds_count\{lexnav_stage="lexnav.ingest.store",lexnav_outcome="ok"\} 1/,
    );
  });
});

describe("model usage", () => {
  it("counts tokens by kind and dollars by stage and model, summed across calls", async () => {
    const { recordModelUsage } = await import("@lexnav/core");
    const call = {
      stage: "answer",
      model: "claude-x",
      tokens: { input: 100, cacheWrite: 0, cacheRead: 40, output: 20 },
    };
    recordModelUsage({ ...call, dollars: 0.5 });
    recordModelUsage({ ...call, dollars: 0.25 });
    const text = await m.render();
    const l = 'lexnav_stage="answer",gen_ai_request_model="claude-x"';
    expect(text).toContain(`lexnav_model_tokens_total{${l},gen_ai_token_type="input"} 200`);
    expect(text).toContain(`lexnav_model_tokens_total{${l},gen_ai_token_type="cache_read"} 80`);
    expect(text).toContain(`lexnav_model_tokens_total{${l},gen_ai_token_type="output"} 40`);
    expect(text).not.toContain('gen_ai_token_type="cache_write"');
    expect(text).toContain(`lexnav_model_cost_usd_total{${l}} 0.75`);
  });
});
