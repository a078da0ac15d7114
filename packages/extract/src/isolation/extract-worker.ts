import { parentPort } from "node:worker_threads";
import { extractDocument } from "../extract.ts";
import type { ExtractOutcome, ParseInput } from "../parser.ts";

/** One extraction asked of the worker. */
export interface ExtractJob {
  id: number;
  input: ParseInput;
}

/** Its answer: the outcome, as `extractDocument` gives it in the parent. */
export interface ExtractReply {
  id: number;
  outcome: ExtractOutcome;
}

const port = parentPort;
if (port === null) throw new Error("extract-worker.ts runs only as a worker thread");

// Jobs arrive one at a time (the parent waits for each reply), so nothing here queues.
port.on("message", (job: ExtractJob) => {
  void extractDocument(job.input).then((outcome) => {
    const reply: ExtractReply = { id: job.id, outcome };
    port.postMessage(reply);
  });
});
port.postMessage({ ready: true });
