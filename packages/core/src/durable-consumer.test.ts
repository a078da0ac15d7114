import { describe, expect, it } from "vitest";
import { type Disposition, type DurableMessage, runDurableLoop } from "./durable-consumer.ts";
import type { Logger } from "./logger.ts";

/** A message that records what was done to it, in order, into `calls`. */
function message(seq: number, calls: string[]): DurableMessage {
  return {
    subject: `lexnav.test.cmd.v1.m${seq}`,
    seq,
    info: { deliveryCount: 1 },
    working: () => calls.push(`working ${seq}`),
    nak: (delayMs?: number) => calls.push(delayMs === undefined ? `nak ${seq}` : `nak ${seq} ${delayMs}`),
    term: (reason?: string) => calls.push(reason === undefined ? `term ${seq}` : `term ${seq} ${reason}`),
    ackAck: async () => {
      calls.push(`ack ${seq}`);
      return true;
    },
  };
}

/** A pull subscription fed by the test: `push` delivers, `close` ends the iteration. */
function subscription() {
  const queue: DurableMessage[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  const messages = {
    async *[Symbol.asyncIterator]() {
      while (true) {
        const next = queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (closed) return;
        await new Promise<void>((r) => {
          wake = r;
        });
      }
    },
    async close() {
      closed = true;
      wake?.();
    },
  };
  return {
    messages,
    push(m: DurableMessage) {
      queue.push(m);
      wake?.();
    },
  };
}

function recordingLogger(lines: string[]): Logger {
  const log = (level: string) => (msg: string) => {
    lines.push(`${level} ${msg}`);
  };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("runDurableLoop", () => {
  it("settles each disposition: ack after the pre-settle step, nak with its delay, dead letter before term", async () => {
    const calls: string[] = [];
    const sub = subscription();
    const outcomes: Record<number, Disposition> = {
      1: { kind: "ack" },
      2: { kind: "nak", delayMs: 4000 },
      3: { kind: "term", reason: "bad input" },
    };
    const loop = runDurableLoop({
      messages: sub.messages,
      noun: "command",
      logger: recordingLogger([]),
      ackWaitMs: 30_000,
      retryDelayMs: 1000,
      handle: async (m) => outcomes[m.seq] ?? { kind: "ack" },
      deadLetter: async (m, d) => {
        calls.push(`dead-letter ${m.seq} ${d.reason}`);
      },
      beforeSettle: async (m) => {
        calls.push(`erase ${m.seq}`);
      },
      afterAck: (m) => calls.push(`after ack ${m.seq}`),
    });
    for (const seq of [1, 2, 3]) sub.push(message(seq, calls));
    await sleep(20);
    await loop.stop();
    expect(calls).toEqual([
      "erase 1",
      "ack 1",
      "after ack 1",
      "nak 2 4000",
      "dead-letter 3 bad input",
      "erase 3",
      "term 3 bad input",
    ]);
  });

  it("hands a message back when its dead letter cannot be written, and terms without a reason where told to", async () => {
    const calls: string[] = [];
    const lines: string[] = [];
    const sub = subscription();
    let failDeadLetter = true;
    const loop = runDurableLoop({
      messages: sub.messages,
      noun: "event",
      logger: recordingLogger(lines),
      ackWaitMs: 30_000,
      retryDelayMs: 1500,
      handle: async () => ({ kind: "term", reason: "gave up" }) as Disposition,
      deadLetter: async () => {
        if (failDeadLetter) throw new Error("stream unavailable");
      },
      termWithReason: false,
    });
    sub.push(message(1, calls));
    await sleep(20);
    failDeadLetter = false;
    sub.push(message(2, calls));
    await sleep(20);
    await loop.stop();
    expect(calls).toEqual(["nak 1 1500", "term 2"]);
    expect(lines).toContain("error could not dead-letter a terminated event; it will be redelivered");
    expect(lines).toContain("warn event terminated");
  });

  it("settles nothing when the handler throws (the server redelivers), and keeps consuming", async () => {
    const calls: string[] = [];
    const lines: string[] = [];
    const sub = subscription();
    const loop = runDurableLoop({
      messages: sub.messages,
      noun: "command",
      logger: recordingLogger(lines),
      ackWaitMs: 30_000,
      retryDelayMs: 1000,
      handle: async (m) => {
        if (m.seq === 1) throw new Error("boom");
        return { kind: "ack" } as Disposition;
      },
      deadLetter: async () => {},
    });
    sub.push(message(1, calls));
    sub.push(message(2, calls));
    await sleep(20);
    await loop.stop();
    expect(calls).toEqual(["ack 2"]);
    expect(lines).toContain("error could not settle command");
  });

  it("signals progress while a message is in hand, and on stop finishes it and hands back what came after", async () => {
    const calls: string[] = [];
    const sub = subscription();
    let release = () => {};
    const loop = runDurableLoop({
      messages: sub.messages,
      noun: "command",
      logger: recordingLogger([]),
      ackWaitMs: 750, // progress every 250 ms
      retryDelayMs: 1000,
      handle: async (m) => {
        if (m.seq === 1) await new Promise<void>((r) => (release = r));
        return { kind: "ack" } as Disposition;
      },
      deadLetter: async () => {},
    });
    sub.push(message(1, calls));
    await sleep(600);
    const stopped = loop.stop();
    // A message delivered after stop began (the buffer the client had already pulled) is handed back.
    sub.push(message(2, calls));
    release();
    await stopped;
    expect(calls.filter((c) => c === "working 1").length).toBeGreaterThanOrEqual(2);
    expect(calls.filter((c) => !c.startsWith("working"))).toEqual(["ack 1", "nak 2"]);
  });
});
