import { Worker } from "node:worker_threads";
import type { DocumentExtractor } from "../extract.ts";
import type { ExtractFailure, ExtractOutcome, ParseInput } from "../parser.ts";
import type { ExtractJob, ExtractReply } from "./extract-worker.ts";

/** A document extractor that owns a worker thread; `close` ends it. */
export interface IsolatedExtractor extends DocumentExtractor {
  /** Ends the worker (idempotent). A later `extract` starts a new one. */
  close(): Promise<void>;
}

export interface IsolatedExtractorOptions {
  /** How long a new worker may take to load the parsers before extraction is refused (default 60 s). */
  startupMs?: number;
}

/**
 * Extraction in a worker thread with a per-file budget (`IngestLimits.maxExtractHeapMb`,
 * `maxExtractMs`): a file that needs more heap or more time than allowed ends the worker, not the
 * process, and becomes a `too_large` failure naming the file and the limit, so the batch goes on with
 * a fresh worker. Files are extracted one at a time; the worker is reused while files stay in budget,
 * and is held off the event loop while idle so it never keeps a process alive.
 */
export function createIsolatedExtractor(options: IsolatedExtractorOptions = {}): IsolatedExtractor {
  const startupMs = options.startupMs ?? 60_000;
  let current: { worker: Worker; heapMb: number; ready: Promise<string | null> } | null = null;
  let nextId = 1;
  let queue: Promise<unknown> = Promise.resolve();

  const end = async (): Promise<void> => {
    const w = current?.worker;
    current = null;
    if (w) await w.terminate();
  };

  const spawn = (heapMb: number) => {
    // The bootstrap registers the TypeScript loader itself: a worker does not inherit the parent's
    // loader hooks (tsx's `--import` in execArgv is not applied to workers), and under vitest there is none.
    const worker = new Worker(new URL("./extract-worker.mjs", import.meta.url), {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.min(64, heapMb / 4) },
    });
    worker.unref();
    // Resolves to null once the worker is ready, or to why it could not start.
    const ready = new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => resolve(`it did not start within ${startupMs} ms`), startupMs);
      worker.once("message", () => {
        clearTimeout(timer);
        resolve(null);
      });
      worker.once("error", (e) => {
        clearTimeout(timer);
        resolve(e.message);
      });
      worker.once("exit", (code) => {
        clearTimeout(timer);
        resolve(`it exited with code ${code}`);
      });
    });
    current = { worker, heapMb, ready };
    return current;
  };

  const run = async (input: ParseInput): Promise<ExtractOutcome> => {
    const { fileName, limits } = input;
    const fail = (code: ExtractFailure["code"], why: string, detail?: string): ExtractOutcome => ({
      ok: false,
      error: { code, reason: `${fileName}: ${why}`, ...(detail !== undefined ? { detail } : {}) },
    });
    // Refused before the bytes are copied to the worker.
    if (input.bytes.byteLength > limits.maxFileBytes)
      return fail("too_large", `${input.bytes.byteLength} bytes exceeds the limit of ${limits.maxFileBytes} bytes`);

    if (current !== null && current.heapMb !== limits.maxExtractHeapMb) await end();
    const slot = current ?? spawn(limits.maxExtractHeapMb);
    slot.worker.ref();
    try {
      const notStarted = await slot.ready;
      if (notStarted !== null) {
        await end();
        return fail("internal", "the extraction worker could not start", notStarted);
      }
      const id = nextId++;
      const job: ExtractJob = { id, input };
      return await new Promise<ExtractOutcome>((resolve) => {
        const settle = (outcome: ExtractOutcome, broken: boolean) => {
          clearTimeout(timer);
          slot.worker.off("message", onMessage);
          slot.worker.off("error", onError);
          slot.worker.off("exit", onExit);
          if (broken && current === slot) {
            current = null;
            void slot.worker.terminate();
          }
          resolve(outcome);
        };
        const onMessage = (reply: ExtractReply) => {
          if (reply.id === id) settle(reply.outcome, false);
        };
        const onError = (e: Error & { code?: string }) => {
          settle(
            e.code === "ERR_WORKER_OUT_OF_MEMORY"
              ? fail(
                  "too_large",
                  `extraction needed more than the ${limits.maxExtractHeapMb} MB memory budget per file (LEXNAV_MAX_EXTRACT_HEAP_MB)`,
                )
              : fail("internal", "extraction failed unexpectedly", e.message),
            true,
          );
        };
        const onExit = (code: number) =>
          settle(fail("internal", "extraction failed unexpectedly", `the worker exited with code ${code}`), true);
        const timer = setTimeout(
          () =>
            settle(
              fail(
                "too_large",
                `extraction took longer than the ${limits.maxExtractMs / 1000} s budget per file (LEXNAV_MAX_EXTRACT_MS)`,
              ),
              true,
            ),
          limits.maxExtractMs,
        );
        slot.worker.on("message", onMessage);
        slot.worker.on("error", onError);
        slot.worker.on("exit", onExit);
        slot.worker.postMessage(job);
      });
    } finally {
      if (current === slot) slot.worker.unref();
    }
  };

  return {
    extract(input) {
      const result = queue.then(() => run(input));
      queue = result.catch(() => undefined);
      return result;
    },
    close: () => {
      const closed = queue.then(end);
      queue = closed.catch(() => undefined);
      return closed;
    },
  };
}
