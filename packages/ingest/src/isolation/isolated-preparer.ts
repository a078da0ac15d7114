import { Worker } from "node:worker_threads";
import type { IngestLimits } from "@lexnav/core";
import type { Extraction } from "@lexnav/document-model";
import type { ExtractFailure } from "@lexnav/extract";
import type { DocumentProfile } from "@lexnav/provisions";
import type { DocumentPreparer, PrepareInput, PrepareOutcome } from "../prepare.ts";
import type { PrepareJob, PrepareReply } from "./prepare-worker.ts";

export type { DocumentPreparer, PrepareInput, PrepareOutcome } from "../prepare.ts";

/** A document preparer that owns a worker thread; `close` ends it. */
export interface IsolatedPreparer extends DocumentPreparer {
  /**
   * Reads a stored extraction's profile again in the worker, under the same per-file budget: a reader
   * whose pattern runs away on a stored text ends the worker, not the process (`rereadProfiles`). Rejects
   * with the reason.
   */
  profile(
    input: { documentId: string; version: string; extraction: Extraction; fileName: string },
    limits: IngestLimits,
  ): Promise<DocumentProfile>;
  /** Ends the worker (idempotent). A later `prepare` starts a new one. */
  close(): Promise<void>;
}

export interface IsolatedPreparerOptions {
  /** How long a new worker may take to load the parsers before preparation is refused (default 60 s). */
  startupMs?: number;
}

/**
 * Extraction and structure detection in a worker thread with a per-file budget
 * (`IngestLimits.maxExtractHeapMb`, `maxExtractMs`): a file that needs more heap or more time than
 * allowed (a zip bomb, a parser or a pattern that runs away on hostile text) ends the worker, not the
 * process, and becomes a `too_large` failure naming the file and the limit, so the batch goes on with
 * a fresh worker. Files are prepared one at a time; the worker is reused while files stay in budget,
 * and is held off the event loop while idle so it never keeps a process alive.
 */
export function createIsolatedPreparer(options: IsolatedPreparerOptions = {}): IsolatedPreparer {
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
    const worker = new Worker(new URL("./prepare-worker.mjs", import.meta.url), {
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

  const run = async (input: PrepareInput): Promise<PrepareOutcome> => {
    const { fileName, limits } = input;
    const fail = (code: ExtractFailure["code"], why: string, detail?: string): PrepareOutcome => ({
      ok: false,
      error: { code, reason: `${fileName}: ${why}`, ...(detail !== undefined ? { detail } : {}) },
    });
    // Refused before the bytes are copied to the worker.
    if (input.bytes.byteLength > limits.maxFileBytes)
      return fail("too_large", `${input.bytes.byteLength} bytes exceeds the limit of ${limits.maxFileBytes} bytes`);

    return send({ id: nextId++, input }, limits, fail, (reply) => ("outcome" in reply ? reply.outcome : null));
  };

  /**
   * Sends one job to the worker (started, or restarted with another heap budget, as needed) and resolves
   * with what `read` makes of its reply, or with `fail`'s outcome when the worker runs out of its budget
   * of time or memory, or dies; a worker that broke is ended, and the next job starts a fresh one.
   */
  const send = async <T>(
    job: PrepareJob,
    limits: IngestLimits,
    fail: (code: ExtractFailure["code"], why: string, detail?: string) => T,
    read: (reply: PrepareReply) => T | null,
  ): Promise<T> => {
    if (current !== null && current.heapMb !== limits.maxExtractHeapMb) await end();
    const slot = current ?? spawn(limits.maxExtractHeapMb);
    slot.worker.ref();
    try {
      const notStarted = await slot.ready;
      if (notStarted !== null) {
        await end();
        return fail("internal", "the worker reading files could not start", notStarted);
      }
      const id = job.id;
      return await new Promise<T>((resolve) => {
        const settle = (outcome: T, broken: boolean) => {
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
        const onMessage = (reply: PrepareReply) => {
          if (reply.id !== id) return;
          settle(
            read(reply) ??
              fail("internal", "reading the file failed unexpectedly", "the worker's reply was not understood"),
            false,
          );
        };
        const onError = (e: Error & { code?: string }) => {
          settle(
            e.code === "ERR_WORKER_OUT_OF_MEMORY"
              ? fail(
                  "too_large",
                  `reading the file needed more than the ${limits.maxExtractHeapMb} MB memory budget per file (LEXNAV_MAX_EXTRACT_HEAP_MB)`,
                )
              : fail("internal", "reading the file failed unexpectedly", e.message),
            true,
          );
        };
        const onExit = (code: number) =>
          settle(fail("internal", "reading the file failed unexpectedly", `the worker exited with code ${code}`), true);
        const timer = setTimeout(
          () =>
            settle(
              fail(
                "too_large",
                `reading the file took longer than the ${limits.maxExtractMs / 1000} s budget per file (LEXNAV_MAX_EXTRACT_MS)`,
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

  const profileOf = async (
    input: { documentId: string; version: string; extraction: Extraction; fileName: string },
    limits: IngestLimits,
  ): Promise<DocumentProfile> => {
    type Read = { ok: true; profile: DocumentProfile } | { ok: false; reason: string };
    const fail = (_code: ExtractFailure["code"], why: string, detail?: string): Read => ({
      ok: false,
      reason: `${input.fileName}: ${why}${detail !== undefined ? ` (${detail})` : ""}`,
    });
    const { fileName: _fileName, ...job } = input;
    const r = await send<Read>({ id: nextId++, kind: "profile", input: job }, limits, fail, (reply) =>
      "profile" in reply
        ? { ok: true, profile: reply.profile }
        : "error" in reply
          ? { ok: false, reason: `${input.fileName}: reading its profile failed (${reply.error})` }
          : null,
    );
    if (!r.ok) throw new Error(r.reason);
    return r.profile;
  };

  return {
    prepare(input) {
      const result = queue.then(() => run(input));
      queue = result.catch(() => undefined);
      return result;
    },
    profile(input, limits) {
      const result = queue.then(() => profileOf(input, limits));
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
