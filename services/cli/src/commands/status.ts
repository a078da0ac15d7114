import { LexnavError, natsConnectSettings, toLexnavError } from "@lexnav/core";
import type { LifecycleState } from "@lexnav/document-model";
import { profilesOfOtherReaders } from "@lexnav/ingest";
import { type IngestBacklog, readIngestBacklog } from "@lexnav/ingest-service";
import { PROFILE_READER } from "@lexnav/provisions";
import { connect } from "@nats-io/transport-node";
import type { CliContext } from "../context.ts";
import { type ActorOptions, actorOf, recordAudit, requireOperator } from "./controls.ts";

/** How long `lexnav status` waits for NATS before reporting the deployment unreachable. */
export const STATUS_NATS_TIMEOUT_MS = 2_000;

/**
 * What `lexnav status` reports: counts, ages and ids, never a document's text, title or file name.
 */
export interface StatusReport {
  at: string;
  /** Documents in the catalog by lifecycle state (every state, 0 when none). */
  documents: Record<LifecycleState, number>;
  /** Failed documents by failure code. */
  failedByCode: Record<string, number>;
  /**
   * Index freshness in the embedded store: documents received but not yet indexed or failed, and the age
   * in seconds of the oldest of them (0: none waits).
   */
  freshness: {
    pendingDocuments: number;
    oldestPendingSeconds: number;
    /**
     * Documents with a version ingested on a catalog shared with the indexing stages and not yet
     * acknowledged by every store: readers see the previous version, or none for a new document.
     */
    awaitingStores: number;
  };
  /**
   * The deployment's ingest backlog read from NATS (`NATS_URL`): consumer lag, commands in flight, the
   * age of the oldest change not yet applied, dead letters. `reachable: false` with the reason when NATS
   * or the ingest streams cannot be read: the embedded figures above stand without them.
   */
  nats: ({ reachable: true } & IngestBacklog) | { reachable: false; reason: string };
  /**
   * Documents' profiles (title, role, date, parties): the reader this lexnav profiles with, and how many
   * indexed documents an older reader profiled (`lexnav index profiles` reads them again).
   */
  profiles: { reader: string; olderReader: number };
  /**
   * Propagation lag (a delete or an access change, published → applied in the store) by command (or by
   * `<store>:<change>` when `--metrics` is an indexing stage's), p50 and
   * p99 in seconds, estimated from the histogram buckets of a running ingest service's `/metrics` (given
   * with `--metrics <url>`), as Prometheus' `histogram_quantile` does; absent without `--metrics`. The
   * embedded store keeps no publish times, so it cannot give these.
   */
  propagationLag?: Record<string, { count: number; p50: number | null; p99: number | null }>;
}

const STATES: readonly LifecycleState[] = ["received", "extracted", "indexed", "failed", "deleted"];

/**
 * `lexnav status [--json]`: health figures for an operator, from the embedded store (documents by
 * state and failure code, freshness) and from the deployment's NATS when it answers (consumer lag, the
 * oldest change not yet applied, dead letters). Operators only, audited.
 */
export async function statusCommand(
  ctx: CliContext,
  opts: ActorOptions & { json: boolean; metricsUrl?: string; now?: () => Date },
): Promise<StatusReport> {
  const actor = actorOf(ctx, opts);
  await requireOperator(ctx, actor, "status");
  const now = opts.now ?? (() => new Date());
  const at = now();

  const documents = Object.fromEntries(STATES.map((s) => [s, 0])) as Record<LifecycleState, number>;
  const failedByCode: Record<string, number> = {};
  let pending = 0;
  let awaitingStores = 0;
  let oldestPending = Number.POSITIVE_INFINITY;
  for (const g of await ctx.catalog.countDocuments()) {
    documents[g.lifecycle] += g.count;
    awaitingStores += g.awaitingStores;
    if (g.failureCode !== null) failedByCode[g.failureCode] = (failedByCode[g.failureCode] ?? 0) + g.count;
    if (g.lifecycle === "received" || g.lifecycle === "extracted") {
      pending += g.count;
      oldestPending = Math.min(oldestPending, Date.parse(g.oldestUpdatedAt));
    }
  }
  const report: StatusReport = {
    at: at.toISOString(),
    documents,
    failedByCode,
    freshness: {
      pendingDocuments: pending,
      oldestPendingSeconds: pending > 0 ? Math.max(0, (at.getTime() - oldestPending) / 1000) : 0,
      awaitingStores,
    },
    nats: await natsBacklog(ctx, () => now().getTime()),
    profiles: { reader: PROFILE_READER, olderReader: await profilesOfOtherReaders(ctx.catalog) },
    ...(opts.metricsUrl ? { propagationLag: await propagationLag(opts.metricsUrl) } : {}),
  };
  await recordAudit(ctx, actor, { action: "status" });

  if (opts.json) ctx.out(JSON.stringify(report, null, 2));
  else ctx.out(renderStatus(report));
  return report;
}

async function natsBacklog(ctx: CliContext, now: () => number): Promise<StatusReport["nats"]> {
  try {
    const nc = await connect({
      ...natsConnectSettings(ctx.config, "lexnav-cli"),
      maxReconnectAttempts: 0,
      timeout: STATUS_NATS_TIMEOUT_MS,
    });
    try {
      return { reachable: true, ...(await readIngestBacklog(nc, now)) };
    } finally {
      await nc.drain().catch(() => undefined);
    }
  } catch (e) {
    // The reason names the URL the operator configured, and nothing from a document.
    const err = toLexnavError(e);
    return {
      reachable: false,
      reason: err.code === "not_found" ? err.message : `cannot reach NATS at ${ctx.config.natsUrl} (NATS_URL)`,
    };
  }
}

const PROPAGATION_BUCKET = /^lexnav_propagation_lag_seconds_bucket\{(.*)\} (\S+)$/;

/** Scrapes `url` and estimates p50/p99 of `lexnav.propagation.lag` by command (ingest) or store and change (a stage). */
async function propagationLag(url: string): Promise<NonNullable<StatusReport["propagationLag"]>> {
  let text: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(STATUS_NATS_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    text = await res.text();
  } catch (cause) {
    throw new LexnavError("unavailable", `cannot read metrics from ${url} (--metrics)`, { cause });
  }
  const buckets = new Map<string, Map<number, number>>();
  for (const line of text.split("\n")) {
    const m = PROPAGATION_BUCKET.exec(line);
    if (!m) continue;
    const labels = Object.fromEntries([...(m[1] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    // The ingest service's figure is by command; an indexing stage's by store and change (`lexical:delete`).
    const command =
      labels.lexnav_command ??
      (labels.lexnav_store && labels.lexnav_change ? `${labels.lexnav_store}:${labels.lexnav_change}` : "unknown");
    const le = labels.le === "+Inf" ? Number.POSITIVE_INFINITY : Number(labels.le);
    // Series of one key that differ in another label (where a stage's lag was measured from) add up.
    const counts = buckets.get(command) ?? new Map<number, number>();
    counts.set(le, (counts.get(le) ?? 0) + Number(m[2]));
    buckets.set(command, counts);
  }
  return Object.fromEntries(
    [...buckets].map(([command, counts]) => {
      const list = [...counts].map(([le, n]) => ({ le, n })).sort((a, b) => a.le - b.le);
      return [
        command,
        { count: list.at(-1)?.n ?? 0, p50: histogramQuantile(0.5, list), p99: histogramQuantile(0.99, list) },
      ];
    }),
  );
}

/**
 * The q-quantile of a cumulative histogram, interpolated linearly inside the bucket that holds it (as
 * Prometheus' `histogram_quantile`); the highest finite bound when it falls in `+Inf`; null when empty.
 */
export function histogramQuantile(q: number, cumulative: ReadonlyArray<{ le: number; n: number }>): number | null {
  const total = cumulative.at(-1)?.n ?? 0;
  if (total === 0) return null;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const { le, n } of cumulative) {
    if (n >= rank) {
      if (!Number.isFinite(le)) return lower;
      return n === below ? le : lower + ((le - lower) * (rank - below)) / (n - below);
    }
    lower = Number.isFinite(le) ? le : lower;
    below = n;
  }
  return lower;
}

/** The report as lines for a terminal. */
export function renderStatus(r: StatusReport): string {
  const lines = [
    `documents  ${STATES.map((s) => `${s} ${r.documents[s]}`).join("  ")}`,
    `failed by code  ${
      Object.entries(r.failedByCode)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([c, n]) => `${c} ${n}`)
        .join("  ") || "none"
    }`,
    `freshness  ${r.freshness.pendingDocuments} document(s) not yet indexed, oldest ${seconds(r.freshness.oldestPendingSeconds)}${
      r.freshness.awaitingStores > 0 ? `; ${r.freshness.awaitingStores} version(s) awaiting the indexing stores` : ""
    }`,
  ];
  lines.push(
    r.profiles.olderReader > 0
      ? `profiles  ${r.profiles.olderReader} document(s) profiled by an older reader than ${r.profiles.reader} (lexnav index profiles reads them again)`
      : `profiles  every document profiled by ${r.profiles.reader}`,
  );
  if (r.nats.reachable)
    lines.push(
      `ingest backlog  consumer lag ${r.nats.consumerLag}  in flight ${r.nats.inFlight}  oldest change ${seconds(r.nats.oldestChangeSeconds)}`,
      `dead letters  ${r.nats.deadLetters}${r.nats.deadLetters > 0 ? "  (lexnav dlq list)" : ""}`,
    );
  else lines.push(`nats  unreachable: ${r.nats.reason}`);
  for (const [command, p] of Object.entries(r.propagationLag ?? {}))
    lines.push(
      `propagation ${command}  ${p.count} applied  p50 ${p.p50 === null ? "-" : seconds(p.p50)}  p99 ${p.p99 === null ? "-" : seconds(p.p99)}`,
    );
  return lines.join("\n");
}

const seconds = (s: number) => (s === 0 ? "0 s" : `${s.toFixed(1)} s`);
