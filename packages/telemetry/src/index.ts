import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, type SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";

export interface Telemetry {
  /** Flushes what is buffered and stops exporting. */
  shutdown(): Promise<void>;
}

/**
 * Registers the OpenTelemetry SDK for one process (the CLI, a service): W3C trace-context propagation,
 * async context across awaits, and the spans lexnav's stages start (`inSpan` in @lexnav/core). Spans go
 * to OTLP over HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set (the exporter reads the standard
 * `OTEL_EXPORTER_OTLP_*` variables), or to the `processors` given (tests); with neither, nothing is
 * registered and the API stays a no-op.
 */
export function startTelemetry(
  service: string,
  options: { env?: NodeJS.ProcessEnv; processors?: SpanProcessor[] } = {},
): Telemetry | null {
  const env = options.env ?? process.env;
  const processors = [
    ...(options.processors ?? []),
    ...(env.OTEL_EXPORTER_OTLP_ENDPOINT ? [new BatchSpanProcessor(new OTLPTraceExporter())] : []),
  ];
  if (processors.length === 0) return null;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME ?? service }),
    spanProcessors: processors,
  });
  provider.register();
  return { shutdown: () => provider.shutdown() };
}
