import { toLexnavError } from "./errors.ts";
import type { Logger } from "./logger.ts";

/** What a consumer does with a message once it is handled. */
export type Disposition =
  | { kind: "ack" }
  | { kind: "nak"; delayMs: number }
  | {
      kind: "term";
      reason: string;
      /** The trace the message was handled in, for its dead letter. */
      traceId?: string;
    };

/**
 * The part of a JetStream message (`JsMsg` of `@nats-io/jetstream`) the loop uses, so this module needs no
 * NATS client and its tests need no server.
 */
export interface DurableMessage {
  readonly subject: string;
  /** Stream sequence. */
  readonly seq: number;
  readonly info: { readonly deliveryCount: number };
  /** Resets the server's ack timer: the message is still in hand. */
  working(): void;
  nak(delayMs?: number): void;
  term(reason?: string): void;
  ackAck(): Promise<unknown>;
}

export interface DurableLoopDeps<M extends DurableMessage, D extends Disposition> {
  /** The pull subscription of a durable consumer (`consumer.consume({ max_messages: 1 })`). */
  messages: AsyncIterable<M> & { close(): Promise<unknown> };
  /** What a message is, in log lines ("command", "event"). */
  noun: string;
  logger: Logger;
  /** The consumer's ack wait: progress is signalled three times within it while a message is handled. */
  ackWaitMs: number;
  /** The redelivery delay of a message whose dead letter could not be written. */
  retryDelayMs: number;
  /** Handles one message. A throw settles nothing: the server redelivers after the ack wait. */
  handle(m: M): Promise<D>;
  /** Copies a message the consumer gives up on to the dead letters; a throw hands the message back (nak). */
  deadLetter(m: M, d: Extract<D, { kind: "term" }>): Promise<void>;
  /** Runs once a message is done with, before its ack or term (a command's bytes are erased here). */
  beforeSettle?(m: M): Promise<void>;
  /** Runs after a message's ack reached the server. */
  afterAck?(m: M): void;
  /** Whether `term` carries the reason (servers before 2.10 ignore a term with one). Default true. */
  termWithReason?: boolean;
}

export interface DurableLoop {
  /** Stops taking messages, lets the one in hand finish (settled), then resolves. */
  stop(): Promise<void>;
  /** Resolves when the loop has ended. */
  readonly done: Promise<void>;
}

/**
 * The consume loop every durable consumer shares (the ingest service's commands, the stages' and the answer
 * service's lifecycle events): one message in hand at a time, progress signalled while it is handled, then
 * settled: ack; nak with the handler's delay; or dead-lettered first and then terminated (never lost: a dead
 * letter that cannot be written hands the message back). A message that arrives while stopping is handed back
 * at once rather than after the ack wait.
 */
export function runDurableLoop<M extends DurableMessage, D extends Disposition>(
  deps: DurableLoopDeps<M, D>,
): DurableLoop {
  const { messages, noun, logger } = deps;
  let stopping = false;

  const settle = async (m: M, d: D): Promise<void> => {
    switch (d.kind) {
      case "ack":
        await deps.beforeSettle?.(m);
        await m.ackAck();
        deps.afterAck?.(m);
        return;
      case "nak":
        m.nak(d.delayMs);
        return;
      case "term":
        try {
          await deps.deadLetter(m, d as Extract<D, { kind: "term" }>);
        } catch (e) {
          logger.error(`could not dead-letter a terminated ${noun}; it will be redelivered`, {
            subject: m.subject,
            seq: m.seq,
            error: toLexnavError(e).message,
          });
          m.nak(deps.retryDelayMs);
          return;
        }
        await deps.beforeSettle?.(m);
        logger.warn(`${noun} terminated`, { subject: m.subject, seq: m.seq, reason: d.reason });
        if (deps.termWithReason === false) m.term();
        else m.term(d.reason);
        return;
    }
  };

  const handleOne = async (m: M): Promise<void> => {
    // A long document can outlast the ack wait: tell the server the message is still in hand.
    const progress = setInterval(() => m.working(), Math.max(250, Math.floor(deps.ackWaitMs / 3)));
    try {
      await settle(m, await deps.handle(m));
    } catch (e) {
      // The handler or the ack failed: the server redelivers, and handlers make that a no-op.
      logger.error(`could not settle ${noun}`, { subject: m.subject, seq: m.seq, error: toLexnavError(e).message });
    } finally {
      clearInterval(progress);
    }
  };

  const done = (async () => {
    try {
      for await (const m of messages) {
        if (stopping) {
          m.nak();
          continue;
        }
        await handleOne(m);
      }
    } catch (e) {
      logger.error(`${noun} consumer ended with an error`, { error: toLexnavError(e).message });
    }
  })();

  return {
    done,
    async stop() {
      if (!stopping) {
        stopping = true;
        await messages.close();
      }
      await done;
    },
  };
}
