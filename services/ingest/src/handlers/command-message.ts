/** A command as the handlers see it: independent of the NATS client, so they test without a server. */
export interface CommandMessage {
  subject: string;
  data: Uint8Array;
  /** Header values by lowercase name (first value when repeated). */
  headers: Record<string, string>;
  /** 1 on first delivery. */
  deliveryCount: number;
  /** Stream sequence: a stable id for the command when it carries no command_id. */
  streamSequence: number;
  /**
   * When the command reached the command stream (its JetStream timestamp): the events it causes carry
   * it as `command_at`, the start of each store's propagation lag. Absent outside a stream.
   */
  publishedAt?: Date;
}

/** What the consumer does with the message once the handler is done. */
export type Disposition =
  | { kind: "ack" }
  | { kind: "nak"; delayMs: number; reason: string }
  | {
      kind: "term";
      reason: string;
      /** The trace the command was handled in, for its dead letter (set by the handling span). */
      traceId?: string;
    };

/** A command handler: never throws; every outcome is a disposition. */
export type CommandHandler = (msg: CommandMessage) => Promise<Disposition>;

/** Settings shared by the handlers. */
export interface RetryPolicy {
  /** Deliveries after which a retryable failure stops being retried. Must match the consumer's max_deliver. */
  maxDeliver: number;
  /** First nak delay; doubles per delivery up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxDeliver: 8, baseDelayMs: 1_000, maxDelayMs: 60_000 };
