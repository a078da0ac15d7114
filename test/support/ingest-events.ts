import { INGEST_STREAMS } from "@lexnav/ingest-service";
import type { JetStreamClient, JsMsg } from "@nats-io/jetstream";

/** Reads events from the ingest service's event stream until `count` arrived or the deadline passed. */
export async function readIngestEvents(js: JetStreamClient, count: number, timeoutMs = 10_000): Promise<JsMsg[]> {
  const consumer = await js.consumers.get(INGEST_STREAMS.events);
  const iter = await consumer.consume();
  const out: JsMsg[] = [];
  const timer = setTimeout(() => void iter.close(), timeoutMs);
  for await (const m of iter) {
    out.push(m);
    if (out.length >= count) break;
  }
  clearTimeout(timer);
  await iter.close();
  return out;
}
