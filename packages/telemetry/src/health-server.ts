import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { LexnavError, type Logger } from "@lexnav/core";
import type { Metrics } from "./metrics.ts";

/**
 * One readiness condition: resolves when the dependency answers, rejects (or times out) when it does
 * not. Only what the service cannot serve without belongs here (its store, NATS): a backlog of work
 * (consumer lag) is a metric and an alert, never a readiness condition, since a replica with a backlog
 * must keep serving.
 */
export type ReadinessCheck = () => Promise<void>;

/** How long one check may take before it counts as failing. */
export const READINESS_CHECK_TIMEOUT_MS = 1_000;

/** The outcome of the readiness checks, by name. */
export interface Readiness {
  ready: boolean;
  checks: Record<string, "ok" | "failing">;
}

/** Runs every check (in parallel, each bounded by `timeoutMs`); ready when all pass. */
export async function checkReadiness(
  checks: Readonly<Record<string, ReadinessCheck>>,
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
): Promise<Readiness> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("timed out")), timeoutMs);
      });
      try {
        await Promise.race([check(), late]);
        return [name, "ok"] as const;
      } catch {
        return [name, "failing"] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { ready: entries.every(([, v]) => v === "ok"), checks: Object.fromEntries(entries) };
}

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `GET /healthz` (200 while the process runs: a liveness probe) and `GET /readyz` (200 when every
 * readiness check passes, else 503), each with a JSON body of check names and "ok"/"failing" only: a
 * check's error can name hosts or paths, so it goes to the debug log, not to whoever can reach the port.
 * With `metrics`, `GET /metrics` serves them in the Prometheus text format for a scrape.
 */
export async function startHealthServer(input: {
  address: string;
  checks: Readonly<Record<string, ReadinessCheck>>;
  logger: Logger;
  metrics?: Metrics | null;
}): Promise<HealthServer> {
  const { host, port } = splitAddress(input.address);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    const reply = (code: number, body: unknown) =>
      res
        .writeHead(code, { "content-type": "application/json", "cache-control": "no-store" })
        .end(JSON.stringify(body));
    if (req.method !== "GET" && req.method !== "HEAD") return reply(405, { error: "method not allowed" });
    if (path === "/healthz") return reply(200, { status: "alive" });
    if (path === "/readyz") {
      void checkReadiness(input.checks).then((r) => {
        if (!r.ready) input.logger.debug("not ready", r.checks);
        reply(r.ready ? 200 : 503, { status: r.ready ? "ready" : "not ready", checks: r.checks });
      });
      return;
    }
    if (path === "/metrics" && input.metrics) {
      void input.metrics.render().then(
        (text) =>
          res
            .writeHead(200, { "content-type": "text/plain; version=0.0.4; charset=utf-8", "cache-control": "no-store" })
            .end(text),
        (e: unknown) => {
          input.logger.warn("metrics collection failed", { error: e instanceof Error ? e.message : String(e) });
          reply(500, { error: "metrics collection failed" });
        },
      );
      return;
    }
    reply(404, { error: "not found" });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  input.logger.info("health endpoints listening", { address: input.address, port: bound });
  return {
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function splitAddress(address: string): { host: string; port: number } {
  const i = address.lastIndexOf(":");
  const port = Number(address.slice(i + 1));
  if (i < 0 || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new LexnavError("invalid_argument", `invalid health address "${address}": expected host:port`);
  return { host: address.slice(0, i).replace(/^\[|\]$/g, "") || "0.0.0.0", port };
}
