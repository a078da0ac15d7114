import { toLexnavError } from "@lexnav/core";
import type { LifecycleState } from "@lexnav/document-model";
import { type IngestBacklog, readIngestBacklog } from "@lexnav/ingest-service";
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
  freshness: { pendingDocuments: number; oldestPendingSeconds: number };
  /**
   * The deployment's ingest backlog read from NATS (`NATS_URL`): consumer lag, commands in flight, the
   * age of the oldest change not yet applied, dead letters. `reachable: false` with the reason when NATS
   * or the ingest streams cannot be read: the embedded figures above stand without them.
   */
  nats: ({ reachable: true } & IngestBacklog) | { reachable: false; reason: string };
}

const STATES: readonly LifecycleState[] = ["received", "extracted", "indexed", "failed", "deleted"];

/**
 * `lexnav status [--json]`: health figures for an operator, from the embedded store (documents by
 * state and failure code, freshness) and from the deployment's NATS when it answers (consumer lag, the
 * oldest change not yet applied, dead letters). Operators only, audited.
 */
export async function statusCommand(
  ctx: CliContext,
  opts: ActorOptions & { json: boolean; now?: () => Date },
): Promise<StatusReport> {
  const actor = actorOf(ctx, opts);
  requireOperator(ctx, actor, "status");
  const now = opts.now ?? (() => new Date());
  const at = now();

  const documents = Object.fromEntries(STATES.map((s) => [s, 0])) as Record<LifecycleState, number>;
  const failedByCode: Record<string, number> = {};
  let pending = 0;
  let oldestPending = Number.POSITIVE_INFINITY;
  for (const d of ctx.catalog.listDocuments()) {
    documents[d.lifecycle]++;
    if (d.lifecycle === "failed") {
      const code = d.failure?.code ?? "unknown";
      failedByCode[code] = (failedByCode[code] ?? 0) + 1;
    }
    if (d.lifecycle === "received" || d.lifecycle === "extracted") {
      pending++;
      oldestPending = Math.min(oldestPending, Date.parse(d.updatedAt));
    }
  }
  const report: StatusReport = {
    at: at.toISOString(),
    documents,
    failedByCode,
    freshness: {
      pendingDocuments: pending,
      oldestPendingSeconds: pending > 0 ? Math.max(0, (at.getTime() - oldestPending) / 1000) : 0,
    },
    nats: await natsBacklog(ctx, () => now().getTime()),
  };
  recordAudit(ctx, actor, { action: "status" });

  if (opts.json) ctx.out(JSON.stringify(report, null, 2));
  else ctx.out(renderStatus(report));
  return report;
}

async function natsBacklog(ctx: CliContext, now: () => number): Promise<StatusReport["nats"]> {
  try {
    const nc = await connect({
      servers: ctx.config.natsUrl,
      name: "lexnav-cli",
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
    `freshness  ${r.freshness.pendingDocuments} document(s) not yet indexed, oldest ${seconds(r.freshness.oldestPendingSeconds)}`,
  ];
  if (r.nats.reachable)
    lines.push(
      `ingest backlog  consumer lag ${r.nats.consumerLag}  in flight ${r.nats.inFlight}  oldest change ${seconds(r.nats.oldestChangeSeconds)}`,
      `dead letters  ${r.nats.deadLetters}${r.nats.deadLetters > 0 ? "  (lexnav dlq list)" : ""}`,
    );
  else lines.push(`nats  unreachable: ${r.nats.reason}`);
  return lines.join("\n");
}

const seconds = (s: number) => (s === 0 ? "0 s" : `${s.toFixed(1)} s`);
