import { Worker } from "node:worker_threads";
import { LexnavError } from "@lexnav/core";

/** One input of a forward pass, as plain arrays a worker thread can receive. */
export interface RunFeed {
  type: "int64";
  data: BigInt64Array;
  dims: number[];
}

/** One output of a forward pass. */
export interface RunOutput {
  type: string;
  data: Float32Array;
  dims: readonly number[];
}

/** Sessions of one model on worker threads, each forward pass on whichever is free. */
export interface OnnxRunPool {
  inputNames: readonly string[];
  outputNames: readonly string[];
  /** Runs one forward pass on the first free worker (queued while all are busy). */
  run(feeds: Record<string, RunFeed>, output: string): Promise<RunOutput>;
  /** Ends the workers; later runs fail. */
  close(): Promise<void>;
}

export interface OnnxRunPoolOptions {
  /** Worker threads, each with its own session (at least 1). */
  workers: number;
  /** Intra-op threads of each worker's session. */
  threads: number;
  spinning: boolean;
}

interface Job {
  feeds: Record<string, RunFeed>;
  output: string;
  resolve: (out: RunOutput) => void;
  reject: (e: Error) => void;
}

type Reply = { id: number; error: string } | { id: number; type: string; dims: number[]; data: Float32Array };

/**
 * The runtime's `session.run` works on the calling thread, so one session blocks the event loop for the
 * whole pass and a second pass cannot start beside it. Here each worker thread holds a session and passes
 * are handed to whichever is idle, so a batch embedder keeps every worker busy while the main thread
 * tokenises and pools. Idle workers are unref'd: they never keep a process alive.
 */
export async function createOnnxRunPool(modelBytes: Uint8Array, options: OnnxRunPoolOptions): Promise<OnnxRunPool> {
  // The runtime reads this from the process environment when its first session starts (onnx-session.ts).
  process.env.ORT_DISABLE_TELEMETRY = "1";
  const count = Math.max(1, Math.floor(options.workers));
  const queue: Job[] = [];
  const slots: Array<{ worker: Worker; job: Job | null; id: number }> = [];
  let closed: string | null = null;
  let nextId = 1;

  const pump = (): void => {
    for (const slot of slots) {
      if (slot.job !== null) continue;
      const job = queue.shift();
      if (!job) {
        slot.worker.unref();
        continue;
      }
      slot.job = job;
      slot.id = nextId++;
      slot.worker.ref();
      slot.worker.postMessage({ id: slot.id, feeds: job.feeds, output: job.output });
    }
  };
  const fail = (why: string): void => {
    closed ??= why;
    for (const slot of slots) {
      slot.job?.reject(new LexnavError("internal", why));
      slot.job = null;
    }
    for (const job of queue.splice(0)) job.reject(new LexnavError("internal", why));
  };

  const started = await Promise.allSettled(
    Array.from({ length: count }, async () => {
      const worker = new Worker(new URL("./onnx-run-worker.mjs", import.meta.url), {
        execArgv: [],
        workerData: { modelBytes, threads: options.threads, spinning: options.spinning },
      });
      type Ready = { ready: boolean; error?: string; inputNames: string[]; outputNames: string[] };
      let onMessage = (_: Ready): void => {};
      let onError = (_: Error): void => {};
      let onExit = (_: number): void => {};
      try {
        const names = await new Promise<Ready>((resolve, reject) => {
          onMessage = (m) => (m.ready ? resolve(m) : reject(new Error(m.error)));
          onError = reject;
          onExit = (code) => reject(new Error(`the worker exited with code ${code}`));
          worker.once("message", onMessage).once("error", onError).once("exit", onExit);
        });
        return { worker, names };
      } finally {
        // Only this function's listeners: the worker's own ones keep its message port running.
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      }
    }),
  );
  const failure = started.find((s) => s.status === "rejected");
  if (failure) {
    await Promise.all(started.map(async (s) => (s.status === "fulfilled" ? s.value.worker.terminate() : 0)));
    throw new LexnavError("corrupt", "onnxruntime could not load the model in a worker thread", {
      cause: failure.reason,
    });
  }
  const ready = started.map(
    (s) =>
      (s as PromiseFulfilledResult<{ worker: Worker; names: { inputNames: string[]; outputNames: string[] } }>).value,
  );
  for (const { worker } of ready) {
    const slot = { worker, job: null as Job | null, id: 0 };
    slots.push(slot);
    worker.on("message", (reply: Reply) => {
      const job = slot.job;
      if (!job || reply.id !== slot.id) return;
      slot.job = null;
      if ("error" in reply)
        job.reject(new LexnavError("internal", `onnxruntime failed a forward pass: ${reply.error}`));
      else job.resolve({ type: reply.type, dims: reply.dims, data: reply.data });
      pump();
    });
    worker.on("error", (e) => fail(`an inference worker failed: ${e.message}`));
    worker.on("exit", (code) => {
      if (closed === null) fail(`an inference worker exited with code ${code}`);
    });
    worker.unref();
  }
  const first = ready[0]?.names ?? { inputNames: [], outputNames: [] };

  return {
    inputNames: first.inputNames,
    outputNames: first.outputNames,
    run(feeds, output) {
      return new Promise<RunOutput>((resolve, reject) => {
        if (closed !== null) {
          reject(new LexnavError("internal", closed));
          return;
        }
        queue.push({ feeds, output, resolve, reject });
        pump();
      });
    },
    async close() {
      fail("the inference pool is closed");
      await Promise.all(slots.map(async (s) => s.worker.terminate()));
    },
  };
}
