import {
  type Attributes,
  type Context,
  type Counter,
  context,
  type Histogram,
  metrics,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";

/**
 * Spans for every stage a request crosses (ingest, search, answer, model calls), through the
 * OpenTelemetry API: without a registered SDK they cost nothing; the CLI and the services register
 * one when `OTEL_EXPORTER_OTLP_ENDPOINT` is set. Attributes carry ids, counts, modes and versions,
 * never document or question text.
 */
const tracer = () => trace.getTracer("lexnav");

/**
 * How a span relates to other processes (OpenTelemetry span kinds): `consumer` for a message handled,
 * `producer` for one published, `server` for a call served, `client` for a call made; `internal` (the
 * default) for work inside the process.
 */
export type SpanRole = "internal" | "server" | "client" | "producer" | "consumer";

/** Options of {@link inSpan}: the span's kind. */
export interface SpanOptions {
  kind?: SpanRole;
}

const KINDS: Record<SpanRole, SpanKind> = {
  internal: SpanKind.INTERNAL,
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
};

let stageDuration: Histogram | null = null;
let stageDurationMeter: unknown = null;

/**
 * Records how long one stage took in `lexnav.stage.duration` (seconds), labelled by the stage (its span
 * name, a constant such as `lexnav.ingest.store` or `lexnav.search`) and its outcome (`ok`/`error`): every
 * stage that has a span has a latency histogram, with nothing of the request in its labels. A no-op until
 * a process registers a MeterProvider (the services do, for `/metrics`).
 */
export function recordStageDuration(stage: string, startedAt: number, outcome: "ok" | "error"): void {
  // The instrument is made again when the global provider changes (a service registers one at start).
  const meter = metrics.getMeterProvider();
  if (stageDuration === null || stageDurationMeter !== meter) {
    stageDurationMeter = meter;
    stageDuration = metrics.getMeter("lexnav").createHistogram("lexnav.stage.duration", {
      description: "How long each stage of ingestion, search and answering took",
      unit: "s",
    });
  }
  stageDuration.record((performance.now() - startedAt) / 1000, { "lexnav.stage": stage, "lexnav.outcome": outcome });
}

/** Tokens one model call used, by kind, with what they cost (a ledger entry and its dollars). */
export interface ModelUsage {
  /** The stage that called the model ("plan", "answer", ...). */
  stage: string;
  model: string;
  tokens: { input: number; cacheWrite: number; cacheRead: number; output: number };
  dollars: number;
}

let usageInstruments: { meter: unknown; tokens: Counter; cost: Counter } | null = null;

/**
 * Counts a model call's tokens in `lexnav.model.tokens` (by stage, model and `gen_ai.token.type`: input,
 * cache_write, cache_read, output) and its cost in `lexnav.model.cost` (USD, by stage and model), the
 * figures of the call's ledger entry. A no-op until a process registers a MeterProvider.
 */
export function recordModelUsage(usage: ModelUsage): void {
  const meter = metrics.getMeterProvider();
  if (usageInstruments === null || usageInstruments.meter !== meter) {
    const m = metrics.getMeter("lexnav");
    usageInstruments = {
      meter,
      tokens: m.createCounter("lexnav.model.tokens", { description: "Tokens billed by model calls", unit: "{token}" }),
      cost: m.createCounter("lexnav.model.cost", { description: "What model calls cost, in US dollars", unit: "USD" }),
    };
  }
  const labels = { "lexnav.stage": usage.stage, "gen_ai.request.model": usage.model };
  const kinds = [
    ["input", usage.tokens.input],
    ["cache_write", usage.tokens.cacheWrite],
    ["cache_read", usage.tokens.cacheRead],
    ["output", usage.tokens.output],
  ] as const;
  for (const [type, n] of kinds) if (n > 0) usageInstruments.tokens.add(n, { ...labels, "gen_ai.token.type": type });
  if (usage.dollars > 0) usageInstruments.cost.add(usage.dollars, labels);
}

/**
 * Runs `fn` inside a span of `options.kind` (a child of the active one), marks errors, ends the span, and
 * records the stage's duration ({@link recordStageDuration}).
 */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  return tracer().startActiveSpan(name, { attributes, kind: KINDS[options.kind ?? "internal"] }, async (span) => {
    const startedAt = performance.now();
    let outcome: "ok" | "error" = "ok";
    try {
      return await fn(span);
    } catch (e) {
      outcome = "error";
      span.setStatus({ code: SpanStatusCode.ERROR, message: e instanceof Error ? e.name : "error" });
      throw e;
    } finally {
      span.end();
      recordStageDuration(name, startedAt, outcome);
    }
  });
}

/** The synchronous form of {@link inSpan}. */
export function inSpanSync<T>(name: string, attributes: Attributes, fn: (span: Span) => T): T {
  return tracer().startActiveSpan(name, { attributes }, (span) => {
    const startedAt = performance.now();
    let outcome: "ok" | "error" = "ok";
    try {
      return fn(span);
    } catch (e) {
      outcome = "error";
      span.setStatus({ code: SpanStatusCode.ERROR, message: e instanceof Error ? e.name : "error" });
      throw e;
    } finally {
      span.end();
      recordStageDuration(name, startedAt, outcome);
    }
  });
}

/** The trace context carried by message headers (`traceparent`, `tracestate`), to continue a trace. */
export function contextFromHeaders(headers: Readonly<Record<string, string>>): Context {
  return propagation.extract(context.active(), headers);
}

/**
 * The active trace context as message headers (`traceparent`, `tracestate`), for the messages a stage
 * sends; empty when no SDK (no propagator) is registered.
 */
export function headersFromContext(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** Runs `fn` with `ctx` as the active context (spans it starts are children of the carried trace). */
export function withContext<T>(ctx: Context, fn: () => T): T {
  return context.with(ctx, fn);
}

/** A span as the stages see it (to set attributes on). */
export type TelemetrySpan = Span;
