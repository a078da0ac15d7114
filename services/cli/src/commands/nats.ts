import { LexnavError, natsConnectSettings } from "@lexnav/core";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import type { CliContext } from "../context.ts";

/** Runs `fn` on a connection to the deployment's NATS (`NATS_URL`, with this process's NATS user and TLS), drained afterwards. */
export async function withNats<T>(ctx: CliContext, fn: (nc: NatsConnection) => Promise<T>): Promise<T> {
  let nc: NatsConnection;
  try {
    nc = await connect({ ...natsConnectSettings(ctx.config, "lexnav-cli"), maxReconnectAttempts: 0 });
  } catch (cause) {
    throw new LexnavError("unavailable", `cannot reach NATS at ${ctx.config.natsUrl} (NATS_URL)`, { cause });
  }
  try {
    return await fn(nc);
  } finally {
    await nc.drain().catch(() => undefined);
  }
}
