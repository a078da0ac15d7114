import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { LexnavError, sha256Hex } from "@lexnav/core";
import type * as Ort from "onnxruntime-node";
import { openOnnxSession, readModelJson } from "../embedders/onnx-session.ts";
import { createWordPieceTokenizer } from "../embedders/wordpiece-tokenizer.ts";
import type { RerankCandidate, Reranker } from "../ports/reranker.ts";

export interface OnnxCrossEncoderOptions {
  /**
   * Longest (query, passage) pair in tokens, [CLS] and both [SEP] included (default: the model's
   * max_position_embeddings capped at 512; never above max_position_embeddings).
   */
  maxLength?: number;
  /** Pairs per forward pass (default 16). */
  batchSize?: number;
  /** Threads onnxruntime may use (default 2: the machines this runs on have two cores). */
  threads?: number;
  /** "none" (default) returns the raw logit; "sigmoid" maps it to (0, 1). The order is the same. */
  activation?: "none" | "sigmoid";
}

/** A local cross-encoder: scores (query, passage) pairs jointly, one relevance score per pair. */
export interface CrossEncoder extends Reranker {
  /** Names the model bytes and the parameters that change scores (maxLength, activation). */
  readonly id: string;
  readonly maxLength: number;
  /** One score per passage for `query`, in the order given, higher is more relevant. */
  score(query: string, passages: string[]): Promise<number[]>;
  /** The reranker port: scores each candidate's own text against the query. */
  rerank(query: string, candidates: RerankCandidate[]): Promise<number[]>;
  /** Releases the onnxruntime session; the encoder is unusable afterwards. */
  close(): Promise<void>;
}

interface TokenizerFile {
  model?: { vocab?: Record<string, number> };
  padding?: { pad_id?: number } | null;
}

interface ModelConfig {
  max_position_embeddings?: number;
  id2label?: Record<string, string>;
  num_labels?: number;
}

/**
 * Cuts a pair to `budget` content tokens the way Hugging Face's `longest_first` does: one token at
 * a time from the end of the longer side, so a short question is never cut for a long passage.
 */
function truncatePair(a: number[], b: number[], budget: number): void {
  while (a.length + b.length > budget) {
    if (a.length > b.length) a.pop();
    else b.pop();
  }
}

/**
 * Loads a local cross-encoder folder (ms-marco MiniLM / BGE-reranker-base class, BERT-family, as
 * exported for sentence-transformers or transformers.js): `model.onnx` (or `onnx/model.onnx`),
 * `tokenizer.json` (WordPiece) and `config.json`. Each (query, passage) pair is encoded as
 * `[CLS] query [SEP] passage [SEP]` with token_type_ids 0 then 1, run with onnxruntime-node on the
 * CPU in batches, and scored by the model's single relevance logit. Nothing is ever downloaded.
 *
 * Throws a LexnavError when the folder or one of its files is missing (`not_found`), a file is not
 * readable (`corrupt`), or the tokenizer is not WordPiece / the model does not output one logit per
 * pair (`unsupported_type`).
 */
export async function loadOnnxCrossEncoder(dir: string, options: OnnxCrossEncoderOptions = {}): Promise<CrossEncoder> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new LexnavError("not_found", `the reranker model folder ${dir} does not exist`);
  }
  const modelPath = [join(dir, "model.onnx"), join(dir, "onnx", "model.onnx")].find((p) => existsSync(p));
  if (!modelPath) throw new LexnavError("not_found", `no model.onnx (or onnx/model.onnx) in ${dir}`);
  const tokenizerPath = join(dir, "tokenizer.json");
  if (!existsSync(tokenizerPath)) throw new LexnavError("not_found", `no tokenizer.json in ${dir}`);
  const configPath = join(dir, "config.json");
  if (!existsSync(configPath)) throw new LexnavError("not_found", `no config.json in ${dir}`);
  const config = readModelJson(configPath) as ModelConfig;
  const labels = config.num_labels ?? (config.id2label ? Object.keys(config.id2label).length : 1);
  if (labels !== 1) {
    throw new LexnavError(
      "unsupported_type",
      `the model in ${dir} has ${labels} labels; only single-logit relevance cross-encoders are supported`,
    );
  }

  const positions = config.max_position_embeddings ?? 512;
  const maxLength = Math.max(4, Math.min(options.maxLength ?? 512, positions));
  const tokenizerJson = readModelJson(tokenizerPath);
  // Each side is cut to the pair length first, so a very long passage is never tokenized whole.
  const tokenizer = createWordPieceTokenizer(tokenizerJson, { maxLength });
  const t = tokenizerJson as TokenizerFile;
  const pad = BigInt(t.padding?.pad_id ?? t.model?.vocab?.["[PAD]"] ?? 0);
  const batchSize = Math.max(1, options.batchSize ?? 16);
  const activation = options.activation ?? "none";

  const { ort, session, modelBytes } = await openOnnxSession(modelPath, { threads: options.threads ?? 2 });
  const output = session.outputNames.includes("logits") ? "logits" : (session.outputNames[0] as string);
  for (const name of session.inputNames) {
    if (name !== "input_ids" && name !== "attention_mask" && name !== "token_type_ids") {
      throw new LexnavError(
        "unsupported_type",
        `the model in ${dir} wants an input "${name}" this loader does not know`,
      );
    }
  }

  const encodePair = (query: string, passage: string): { ids: number[]; types: number[] } => {
    const q = tokenizer.encode(query);
    const p = tokenizer.encode(passage);
    const cls = q[0] as number;
    const sep = q[q.length - 1] as number;
    const a = q.slice(1, -1);
    const b = p.slice(1, -1);
    truncatePair(a, b, maxLength - 3);
    return {
      ids: [cls, ...a, sep, ...b, sep],
      types: [...new Array<number>(a.length + 2).fill(0), ...new Array<number>(b.length + 1).fill(1)],
    };
  };

  const run = async (query: string, passages: string[]): Promise<number[]> => {
    const pairs = passages.map((p) => encodePair(query, p));
    const batch = pairs.length;
    const sequence = Math.max(...pairs.map((p) => p.ids.length));
    const inputIds = new BigInt64Array(batch * sequence).fill(pad);
    const attentionMask = new BigInt64Array(batch * sequence);
    const tokenTypeIds = new BigInt64Array(batch * sequence);
    pairs.forEach(({ ids, types }, row) => {
      for (let i = 0; i < ids.length; i++) {
        inputIds[row * sequence + i] = BigInt(ids[i] as number);
        attentionMask[row * sequence + i] = 1n;
        tokenTypeIds[row * sequence + i] = BigInt(types[i] as number);
      }
    });
    const shape = [batch, sequence];
    const feeds: Record<string, Ort.Tensor> = {};
    for (const name of session.inputNames) {
      const data = name === "input_ids" ? inputIds : name === "attention_mask" ? attentionMask : tokenTypeIds;
      feeds[name] = new ort.Tensor("int64", data, shape);
    }
    const out = (await session.run(feeds))[output];
    if (out?.type !== "float32") {
      throw new LexnavError("unsupported_type", `the model in ${dir} has no float32 output to score with`);
    }
    const perPair = out.dims.length === 1 ? 1 : out.dims.length === 2 ? (out.dims[1] as number) : -1;
    if (perPair !== 1 || out.dims[0] !== batch) {
      throw new LexnavError(
        "unsupported_type",
        `the model in ${dir} outputs a [${out.dims.join(", ")}] tensor; a cross-encoder outputs one logit per pair ([batch, 1])`,
      );
    }
    const logits = Array.from(out.data as Float32Array);
    return activation === "sigmoid" ? logits.map((x) => 1 / (1 + Math.exp(-x))) : logits;
  };

  // One probe pair at load time, so a model with the wrong output shape fails here, not mid-search.
  await run("probe", ["probe"]);

  const score = async (query: string, passages: string[]): Promise<number[]> => {
    const scores: number[] = [];
    for (let i = 0; i < passages.length; i += batchSize) {
      scores.push(...(await run(query, passages.slice(i, i + batchSize))));
    }
    return scores;
  };

  return {
    id: `onnx-ce-${sha256Hex(modelBytes).slice(0, 12)}-${maxLength}${activation === "sigmoid" ? "-sigmoid" : ""}`,
    maxLength,
    score,
    rerank: (query, candidates) =>
      score(
        query,
        candidates.map((c) => c.text),
      ),
    close: () => session.release(),
  };
}
