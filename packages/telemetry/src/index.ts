import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, type SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";

export interface Telemetry {
  /**
   * Flushes what is buffered and stops exporting, within `SHUTDOWN_MS`. It never throws: a collector
   * that is down costs the traces of this process, not the command's result.
   */
  shutdown(): Promise<void>;
}

/** How long shutdown waits for the last export. */
export const SHUTDOWN_MS = 2000;

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
  return {
    shutdown: async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((done) => {
        timer = setTimeout(done, SHUTDOWN_MS);
        timer.unref();
      });
      try {
        await Promise.race([provider.shutdown().catch(() => undefined), late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export { GRPC_STATUS, grpcServiceError, HEALTH_SERVICE, healthCheckHandler, SERVING_STATUS } from "./grpc.ts";
export type { HealthServer, Readiness, ReadinessCheck } from "./health-server.ts";
export { checkReadiness, READINESS_CHECK_TIMEOUT_MS, startHealthServer } from "./health-server.ts";
export type { Metrics } from "./metrics.ts";
export { startMetrics } from "./metrics.ts";
export type { ServiceProcess } from "./service-process.ts";
export { startServiceProcess } from "./service-process.ts";
