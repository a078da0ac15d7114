import { parentPort } from "node:worker_threads";
import { type PrepareInput, type PrepareOutcome, prepareDocument } from "../prepare.ts";
import { createStructurer } from "../structurer.ts";

/** One file the worker is asked to prepare. */
export interface PrepareJob {
  id: number;
  input: PrepareInput;
}

/** Its answer: the outcome, as `prepareDocument` gives it in the parent. */
export interface PrepareReply {
  id: number;
  outcome: PrepareOutcome;
}

const port = parentPort;
if (port === null) throw new Error("prepare-worker.ts runs only as a worker thread");
const structurer = createStructurer();

// Jobs arrive one at a time (the parent waits for each reply), so nothing here queues.
port.on("message", (job: PrepareJob) => {
  void prepareDocument(job.input, structurer).then((outcome) => {
    const reply: PrepareReply = { id: job.id, outcome };
    port.postMessage(reply);
  });
});
port.postMessage({ ready: true });
