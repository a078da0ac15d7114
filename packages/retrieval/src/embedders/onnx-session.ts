import { readFileSync } from "node:fs";
import { LexnavError } from "@lexnav/core";
import type * as Ort from "onnxruntime-node";

/** A loaded local ONNX model: the runtime (for tensors), the session, and the model's bytes (for its id). */
export interface OnnxSession {
  ort: typeof Ort;
  session: Ort.InferenceSession;
  modelBytes: Buffer;
}

/** How a session uses the CPU. */
export interface OnnxSessionOptions {
  /** Intra-op threads (default 2: the machines this runs on have two cores). */
  threads?: number;
  /**
   * Whether idle worker threads busy-wait (onnxruntime's own default is true; here default false): on
   * cores shared with other work, a spinning thread takes the time the thread it waits for needs.
   */
  spinning?: boolean;
}

/**
 * Loads onnxruntime-node with its telemetry off. The runtime starts its telemetry when it creates its
 * environment (the first session of the process): that code reads the process's command line and parses
 * it recursively on the calling thread's stack, so a long command line (an ingest naming a few hundred
 * files) overflowed the stack and killed the process with SIGSEGV. lexnav reports to no one, and its
 * command lines name documents that may be confidential, so telemetry is off in every process that loads
 * the runtime. The runtime reads the variable from the process's environment, which the main thread's
 * `process.env` writes (a worker thread's copy would not): sessions open on the main thread.
 */
async function loadOnnxRuntime(): Promise<typeof Ort> {
  process.env.ORT_DISABLE_TELEMETRY = "1";
  return await import("onnxruntime-node");
}

/**
 * Opens `modelPath` with onnxruntime-node (loaded lazily, so paths that never touch a model do not load
 * the native runtime); a file the runtime cannot load is a `corrupt` LexnavError naming it.
 */
export async function openOnnxSession(modelPath: string, options: OnnxSessionOptions = {}): Promise<OnnxSession> {
  const threads = options.threads ?? 2;
  const spin = (options.spinning ?? false) ? "1" : "0";
  const ort = await loadOnnxRuntime();
  const modelBytes = readFileSync(modelPath);
  try {
    const session = await ort.InferenceSession.create(modelBytes, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: "all",
      extra: { session: { intra_op: { allow_spinning: spin }, inter_op: { allow_spinning: spin } } },
    });
    return { ort, session, modelBytes };
  } catch (cause) {
    throw new LexnavError("corrupt", `onnxruntime could not load ${modelPath}`, { cause });
  }
}

/** A JSON file of a model folder (tokenizer, config); unreadable or malformed is a `corrupt` LexnavError. */
export function readModelJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (cause) {
    throw new LexnavError("corrupt", `${path} is not readable JSON`, { cause });
  }
}
