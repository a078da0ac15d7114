import { createLogger, type LexnavConfig, type Logger, loadConfig } from "@lexnav/core";
import { startTelemetry, type Telemetry } from "./index.ts";
import { type Metrics, startMetrics } from "./metrics.ts";

/** What a service process starts with. */
export interface ServiceProcess {
  config: LexnavConfig;
  logger: Logger;
  /** Set when `OTEL_EXPORTER_OTLP_ENDPOINT` is (deploy/compose.yaml points it at the collector). */
  telemetry: Telemetry | null;
  /** The process's metrics, served at `/metrics` by the health server (`LEXNAV_HEALTH_ADDRESS`). */
  metrics: Metrics;
  /** Runs `close` once, on the first SIGINT or SIGTERM, then ends the process (exit 1 when it threw). */
  onStopSignal(close: () => Promise<void>): void;
  /** Whether a stop signal has arrived. */
  stopping(): boolean;
}

/**
 * The start every service's `main.ts` shares: the config read once from the environment (the only
 * place it is read), a logger at its level, the OpenTelemetry SDK when an OTLP endpoint is set, the
 * metrics a scrape reads, and a
 * drain on SIGINT/SIGTERM that flushes the spans before the process ends.
 */
export function startServiceProcess(service: string, env: NodeJS.ProcessEnv = process.env): ServiceProcess {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const telemetry = env.OTEL_EXPORTER_OTLP_ENDPOINT ? startTelemetry(service, { env }) : null;
  // Registered before the service creates its instruments, so that none of them binds to the no-op meter.
  const metrics = startMetrics(service, env);
  let stopping = false;
  return {
    config,
    logger,
    telemetry,
    metrics,
    stopping: () => stopping,
    onStopSignal(close) {
      const stop = async (signal: string): Promise<void> => {
        if (stopping) return;
        stopping = true;
        logger.info("shutting down", { signal });
        let code = 0;
        try {
          await close();
        } catch (e) {
          logger.error("unclean shutdown", { error: (e as Error).message });
          code = 1;
        }
        await telemetry?.shutdown();
        await metrics.shutdown();
        process.exit(code);
      };
      process.on("SIGINT", () => void stop("SIGINT"));
      process.on("SIGTERM", () => void stop("SIGTERM"));
    },
  };
}
