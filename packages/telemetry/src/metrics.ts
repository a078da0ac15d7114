import { metrics } from "@opentelemetry/api";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  AggregationType,
  DataPointType,
  InstrumentType,
  MeterProvider,
  type MetricData,
  MetricReader,
} from "@opentelemetry/sdk-metrics";

/**
 * A process's OpenTelemetry metrics, read on demand in the Prometheus text format (version 0.0.4) for a
 * scrape of `GET /metrics`. Pull only: nothing is exported between scrapes, so a process nobody scrapes
 * pays for the instruments' aggregation and no more.
 */
export interface Metrics {
  /** Collects every instrument (running observable callbacks) and renders the Prometheus text. */
  render(): Promise<string>;
  /** Unregisters the provider; never throws. */
  shutdown(): Promise<void>;
}

/**
 * Seconds buckets for lexnav's latency and lag histograms: from a millisecond search stage to a
 * propagation that waited behind an hour of backlog.
 */
export const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

/** A reader that only collects when asked: the scrape drives it. */
class PullReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

/**
 * Registers the global MeterProvider for one process (the instruments lexnav's code creates through
 * `@opentelemetry/api` start recording from here on), with every histogram in seconds bucketed by
 * {@link SECONDS_BUCKETS}. Call once, before the instruments are created.
 */
export function startMetrics(service: string, env: NodeJS.ProcessEnv = process.env): Metrics {
  const reader = new PullReader({
    aggregationSelector: (type) =>
      type === InstrumentType.HISTOGRAM
        ? { type: AggregationType.EXPLICIT_BUCKET_HISTOGRAM, options: { boundaries: SECONDS_BUCKETS } }
        : { type: AggregationType.DEFAULT },
  });
  const provider = new MeterProvider({
    resource: resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME ?? service }),
    readers: [reader],
  });
  metrics.setGlobalMeterProvider(provider);
  return {
    render: async () => {
      const { resourceMetrics } = await reader.collect();
      return resourceMetrics.scopeMetrics.flatMap((s) => s.metrics.map(renderMetric)).join("");
    },
    shutdown: async () => {
      metrics.disable();
      await provider.shutdown().catch(() => undefined);
    },
  };
}

/**
 * The Prometheus name of an OpenTelemetry instrument, as the OpenTelemetry Prometheus exporter forms it:
 * dots to underscores, the unit as a lowercase suffix (`s` → `_seconds`, `USD` → `_usd`; annotations in
 * braces dropped), and
 * `_total` on a monotonic sum.
 */
export function prometheusName(metric: MetricData): string {
  const base = metric.descriptor.name.replace(/[^a-zA-Z0-9_:]/g, "_");
  const unit = UNIT_SUFFIX[metric.descriptor.unit] ?? metric.descriptor.unit.replace(/\{[^}]*\}/g, "");
  const suffix = unit.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  const withUnit = suffix && !base.endsWith(`_${suffix}`) ? `${base}_${suffix}` : base;
  return metric.dataPointType === DataPointType.SUM && metric.isMonotonic ? `${withUnit}_total` : withUnit;
}

const UNIT_SUFFIX: Record<string, string> = { s: "seconds", ms: "milliseconds", By: "bytes", "1": "" };

function renderMetric(metric: MetricData): string {
  const name = prometheusName(metric);
  const help = metric.descriptor.description.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
  const lines = [`# HELP ${name} ${help}`];
  switch (metric.dataPointType) {
    case DataPointType.SUM:
    case DataPointType.GAUGE: {
      const counter = metric.dataPointType === DataPointType.SUM && metric.isMonotonic;
      lines.push(`# TYPE ${name} ${counter ? "counter" : "gauge"}`);
      for (const p of metric.dataPoints) lines.push(`${name}${labels(p.attributes)} ${num(p.value)}`);
      break;
    }
    case DataPointType.HISTOGRAM: {
      lines.push(`# TYPE ${name} histogram`);
      for (const p of metric.dataPoints) {
        let cumulative = 0;
        const { boundaries, counts } = p.value.buckets;
        for (let i = 0; i < counts.length; i++) {
          cumulative += counts[i] ?? 0;
          const le = i < boundaries.length ? num(boundaries[i] ?? 0) : "+Inf";
          lines.push(`${name}_bucket${labels(p.attributes, { le })} ${cumulative}`);
        }
        lines.push(`${name}_sum${labels(p.attributes)} ${num(p.value.sum ?? 0)}`);
        lines.push(`${name}_count${labels(p.attributes)} ${p.value.count}`);
      }
      break;
    }
    default:
      // Exponential histograms are not configured (the aggregation selector above); nothing to render.
      return "";
  }
  return `${lines.join("\n")}\n`;
}

function labels(attributes: Readonly<Record<string, unknown>>, extra: Record<string, string> = {}): string {
  const pairs = Object.entries({ ...attributes, ...extra })
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k.replace(/[^a-zA-Z0-9_]/g, "_")}="${escapeLabel(String(v))}"`);
  return pairs.length ? `{${pairs.join(",")}}` : "";
}

const escapeLabel = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');

function num(v: number): string {
  if (Number.isNaN(v)) return "NaN";
  if (v === Number.POSITIVE_INFINITY) return "+Inf";
  if (v === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(v);
}
