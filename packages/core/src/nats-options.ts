import type { LexnavConfig } from "./config.ts";

/**
 * How a lexnav process connects to NATS: the fields of the NATS client's `ConnectionOptions` that the
 * config decides, so every service and the CLI connect the same way (core does not depend on the client).
 */
export interface NatsConnectSettings {
  servers: string;
  /** The client name the server shows in its connection list. */
  name: string;
  user?: string;
  pass?: string;
  /**
   * Replies (request answers, JetStream pull deliveries) come to inboxes under this prefix. With a user it
   * is `_INBOX_<user>`, so the server can let each user subscribe to its own replies only: a shared
   * `_INBOX.>` would let any service read the commands and answers delivered to another.
   */
  inboxPrefix?: string;
  /** Present when the config names a CA: the connection then requires TLS and checks the server by it. */
  tls?: { caFile: string };
}

/** The inbox prefix of a NATS user: the subject space the server's permissions let that user read replies on. */
export function natsInboxPrefix(user: string): string {
  return `_INBOX_${user}`;
}

/** The NATS connection settings of a process named `name` under `config` (user, password, inbox, TLS). */
export function natsConnectSettings(config: LexnavConfig, name: string): NatsConnectSettings {
  return {
    servers: config.natsUrl,
    name,
    ...(config.natsAuth !== undefined
      ? {
          user: config.natsAuth.user,
          pass: config.natsAuth.password,
          inboxPrefix: natsInboxPrefix(config.natsAuth.user),
        }
      : {}),
    ...(config.natsTlsCaPath !== undefined ? { tls: { caFile: config.natsTlsCaPath } } : {}),
  };
}

/** Header naming the protobuf message type of a payload, for people reading a stream (every producer's events). */
export const SCHEMA_HEADER = "Lexnav-Schema";

/**
 * Whether a JetStream management error says the stream (10059) or consumer (10014) does not exist: the
 * case a process creates it in, where any other error is the server's and is thrown on.
 */
export function isJetStreamNotFound(e: unknown): boolean {
  const err = e as { api_error?: { err_code?: number }; message?: string };
  return err.api_error?.err_code === 10059 || err.api_error?.err_code === 10014 || /not found/i.test(err.message ?? "");
}
