import {
  type Attributes,
  type Context,
  context,
  propagation,
  type Span,
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

/** Runs `fn` inside a span (a child of the active one), marks errors, and ends the span. */
export async function inSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
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
