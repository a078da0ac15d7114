import type { JetStreamManager } from "@nats-io/jetstream";
import { describe, expect, it } from "vitest";
import { readStageBacklog } from "./stage-metrics.ts";

const NOW = Date.parse("2026-01-02T03:04:10.000Z");

/** The two JetStream reads the gauges make, answering from fixed figures; records the sequences asked. */
function fakeJsm(state: {
  pending: number;
  ackPending: number;
  ackFloor: number;
  stored: Record<number, string>;
  firstTs: string;
}) {
  const asked: number[] = [];
  const jsm = {
    consumers: {
      info: async () => ({
        num_pending: state.pending,
        num_ack_pending: state.ackPending,
        ack_floor: { stream_seq: state.ackFloor },
      }),
    },
    streams: {
      getMessage: async (_stream: string, q: { seq: number }) => {
        asked.push(q.seq);
        const at = state.stored[q.seq];
        if (!at) throw new Error("no message found");
        return { time: new Date(at) };
      },
      info: async () => ({ state: { first_ts: state.firstTs } }),
    },
  } as unknown as JetStreamManager;
  return { jsm, asked };
}

const read = (jsm: JetStreamManager) =>
  readStageBacklog({ jsm, stream: "EVT", durable: "lexical--document-lifecycle", store: "lexical", now: () => NOW });

describe("readStageBacklog", () => {
  it("counts events not delivered and delivered but not acked, and ages the first one past the ack floor", async () => {
    const { jsm, asked } = fakeJsm({
      pending: 2,
      ackPending: 1,
      ackFloor: 10,
      stored: { 11: "2026-01-02T03:04:06.500Z", 12: "2026-01-02T03:04:08.000Z" },
      firstTs: "2026-01-01T00:00:00.000Z",
    });
    expect(await read(jsm)).toEqual({ unsettled: 3, oldestUnappliedSeconds: 3.5 });
    expect(asked).toEqual([11]);
  });

  it("reports no lag and no age when the consumer has settled everything, without reading a message", async () => {
    const { jsm, asked } = fakeJsm({ pending: 0, ackPending: 0, ackFloor: 12, stored: {}, firstTs: "" });
    expect(await read(jsm)).toEqual({ unsettled: 0, oldestUnappliedSeconds: 0 });
    expect(asked).toEqual([]);
  });

  it("ages the oldest event the stream still keeps when the one after the floor was removed by its limits", async () => {
    const { jsm } = fakeJsm({
      pending: 4,
      ackPending: 0,
      ackFloor: 0,
      stored: {},
      firstTs: "2026-01-02T03:04:00.000Z",
    });
    expect(await read(jsm)).toEqual({ unsettled: 4, oldestUnappliedSeconds: 10 });
  });
});
