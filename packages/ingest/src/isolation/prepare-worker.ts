import { parentPort } from "node:worker_threads";
import type { Extraction } from "@lexnav/document-model";
import type { DocumentProfile } from "@lexnav/provisions";
import { type PrepareInput, type PrepareOutcome, prepareDocument } from "../prepare.ts";
import { createStructurer } from "../structurer.ts";

/**
 * One file the worker is asked to prepare, or a stored extraction whose profile it is asked to read
 * again (`rereadProfiles`): the reader's patterns run on it in here, under the same budget.
 */
export type PrepareJob =
  | { id: number; kind?: "prepare"; input: PrepareInput }
  | { id: number; kind: "profile"; input: { documentId: string; version: string; extraction: Extraction } };

/** Its answer: the outcome, as `prepareDocument` gives it in the parent, or the profile read (or why not). */
export type PrepareReply =
  | { id: number; outcome: PrepareOutcome }
  | { id: number; profile: DocumentProfile }
  | { id: number; error: string };

const port = parentPort;
if (port === null) throw new Error("prepare-worker.ts runs only as a worker thread");
const structurer = createStructurer();

// Jobs arrive one at a time (the parent waits for each reply), so nothing here queues.
port.on("message", (job: PrepareJob) => {
  if (job.kind === "profile") {
    let reply: PrepareReply;
    try {
      reply = { id: job.id, profile: structurer.structure(job.input).profile };
    } catch (cause) {
      reply = { id: job.id, error: cause instanceof Error ? cause.message : String(cause) };
    }
    port.postMessage(reply);
    return;
  }
  void prepareDocument(job.input, structurer).then((outcome) => {
    const reply: PrepareReply = { id: job.id, outcome };
    port.postMessage(reply);
  });
});
port.postMessage({ ready: true });
