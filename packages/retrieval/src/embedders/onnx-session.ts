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
 * Opens `modelPath` with onnxruntime-node (loaded lazily, so paths that never touch a model do not load
 * the native runtime); a file the runtime cannot load is a `corrupt` LexnavError naming it.
 */
export async function openOnnxSession(modelPath: string, options: OnnxSessionOptions = {}): Promise<OnnxSession> {
  const threads = options.threads ?? 2;
  const spin = (options.spinning ?? false) ? "1" : "0";
  const ort: typeof Ort = await import("onnxruntime-node");
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
