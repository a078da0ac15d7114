import {
  type Attributes,
  type Context,
  context,
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

/** Runs `fn` inside a span of `options.kind` (a child of the active one), marks errors, and ends the span. */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  return tracer().startActiveSpan(name, { attributes, kind: KINDS[options.kind ?? "internal"] }, async (span) => {
    try {
      return await fn(span);
    } catch (e) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: e instanceof Error ? e.name : "error" });
      throw e;
    } finally {
      span.end();
    }
  });
}

/** The synchronous form of {@link inSpan}. */
export function inSpanSync<T>(name: string, attributes: Attributes, fn: (span: Span) => T): T {
  return tracer().startActiveSpan(name, { attributes }, (span) => {
    try {
      return fn(span);
    } catch (e) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: e instanceof Error ? e.name : "error" });
      throw e;
    } finally {
      span.end();
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
