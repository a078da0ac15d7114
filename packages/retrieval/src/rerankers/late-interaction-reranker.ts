import { existsSync } from "node:fs";
import { join } from "node:path";
import { LexnavError, sha256Hex } from "@lexnav/core";
import type * as Ort from "onnxruntime-node";
import { openOnnxSession, readModelJson } from "../embedders/onnx-session.ts";
import { createWordPieceTokenizer } from "../embedders/wordpiece-tokenizer.ts";
import type { RerankCandidate, Reranker } from "../ports/reranker.ts";

export interface LateInteractionOptions {
  /**
   * A candidate's token cap, [CLS] and [SEP] included (default: the truncation of the model's own
   * `tokenizer.json`, else 128). The cost of a rerank grows with candidates × this cap.
   */
  maxLength?: number;
  /** Candidates per forward pass (default 8). */
  batchSize?: number;
  /** Threads onnxruntime may use (default 2: the machines this runs on have two cores). */
  threads?: number;
}

/** A reranker on a sentence encoder's token outputs; `close` releases its onnxruntime session. */
export interface LateInteractionReranker extends Reranker {
  readonly maxLength: number;
  close(): Promise<void>;
}

const PUNCTUATION_ONLY = /^[\p{P}\p{S}]+$/u;

/**
 * A reranker built on a sentence-embedding model when no cross-encoder is installed: late interaction
 * (ColBERT's MaxSim) over the encoder's contextual token vectors. Each question token is matched with
 * its most similar token of the candidate, and the candidate's score is the mean of those best
 * similarities, so every part of the question must find itself somewhere in the passage, in context.
 * The provision's structure enters through its heading path, read in front of the passage's words:
 * a clause under "Governing Law" answers a question about the governing law even when its own
 * sentence never says so. Nothing is fitted; the folder is the one `loadOnnxEmbedder` reads
 * (`model.onnx` with token outputs, WordPiece `tokenizer.json`), and nothing is ever downloaded.
 *
 * The question's [CLS], [SEP] and punctuation tokens are left out of the mean: they match any passage.
 */
export async function loadLateInteractionReranker(
  dir: string,
  options: LateInteractionOptions = {},
): Promise<LateInteractionReranker> {
  const modelPath = [join(dir, "model.onnx"), join(dir, "onnx", "model.onnx")].find((p) => existsSync(p));
  if (!modelPath) throw new LexnavError("not_found", `no model.onnx (or onnx/model.onnx) in ${dir}`);
  const tokenizerPath = join(dir, "tokenizer.json");
  if (!existsSync(tokenizerPath)) throw new LexnavError("not_found", `no tokenizer.json in ${dir}`);
  const tokenizerJson = readModelJson(tokenizerPath) as {
    truncation?: { max_length?: number } | null;
    model?: { vocab?: Record<string, number> };
  };
  const maxLength = Math.max(4, options.maxLength ?? tokenizerJson.truncation?.max_length ?? 128);
  const tokenizer = createWordPieceTokenizer(tokenizerJson, { maxLength });
  const vocab = tokenizerJson.model?.vocab ?? {};
  const skipped = new Set<number>();
  for (const [token, id] of Object.entries(vocab)) {
    if (token === "[CLS]" || token === "[SEP]" || token === "[PAD]" || PUNCTUATION_ONLY.test(token)) skipped.add(id);
  }
  const batchSize = Math.max(1, options.batchSize ?? 8);
  const { ort, session, modelBytes } = await openOnnxSession(modelPath, { threads: options.threads ?? 2 });
  const output = session.outputNames.includes("last_hidden_state")
    ? "last_hidden_state"
    : (session.outputNames[0] as string);

  /** Each text's L2-normalised token vectors (attended positions only), with the token ids. */
  const tokenVectors = async (texts: string[]): Promise<Array<{ ids: number[]; vectors: Float32Array[] }>> => {
    const enc = tokenizer.encodeBatch(texts);
    const shape = [enc.batch, enc.sequence];
    const feeds: Record<string, Ort.Tensor> = {};
    for (const name of session.inputNames) {
      const data =
        name === "input_ids"
          ? enc.inputIds
          : name === "attention_mask"
            ? enc.attentionMask
            : name === "token_type_ids"
              ? enc.tokenTypeIds
              : null;
      if (data === null)
        throw new LexnavError(
          "unsupported_type",
          `the model in ${dir} wants an input "${name}" this loader does not know`,
        );
      feeds[name] = new ort.Tensor("int64", data, shape);
    }
    const out = (await session.run(feeds))[output];
    if (out?.type !== "float32" || out.dims.length !== 3) {
      throw new LexnavError(
        "unsupported_type",
        `the model in ${dir} has no float32 token outputs for late interaction`,
      );
    }
    const [, seq, d] = out.dims as [number, number, number];
    const data = out.data as Float32Array;
    const rows: Array<{ ids: number[]; vectors: Float32Array[] }> = [];
    for (let b = 0; b < enc.batch; b++) {
      const ids: number[] = [];
      const vectors: Float32Array[] = [];
      for (let s = 0; s < seq; s++) {
        if (enc.attentionMask[b * enc.sequence + s] === 0n) continue;
        const v = data.slice((b * seq + s) * d, (b * seq + s + 1) * d);
        let norm = 0;
        for (const x of v) norm += x * x;
        const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
        for (let c = 0; c < d; c++) v[c] = (v[c] as number) * inv;
        ids.push(Number(enc.inputIds[b * enc.sequence + s]));
        vectors.push(v);
      }
      rows.push({ ids, vectors });
    }
    return rows;
  };

  const maxSim = (query: Float32Array[], passage: Float32Array[]): number => {
    if (query.length === 0 || passage.length === 0) return 0;
    let total = 0;
    for (const q of query) {
      let best = -1;
      for (const p of passage) {
        let dot = 0;
        for (let c = 0; c < q.length; c++) dot += (q[c] as number) * (p[c] as number);
        if (dot > best) best = dot;
      }
      total += best;
    }
    return total / query.length;
  };

  const rerank = async (query: string, candidates: RerankCandidate[]): Promise<number[]> => {
    if (candidates.length === 0) return [];
    const [q] = await tokenVectors([query]);
    const asked = q ? q.vectors.filter((_, i) => !skipped.has(q.ids[i] as number)) : [];
    const texts = candidates.map((c) => (c.heading ? `${c.heading}\n${c.text}` : c.text));
    // Batches of candidates of about one length, as in the embedder: padding is paid per batch.
    const order = texts.map((_, i) => i).sort((a, b) => (texts[a] as string).length - (texts[b] as string).length);
    const scores = new Array<number>(texts.length).fill(0);
    for (let i = 0; i < order.length; i += batchSize) {
      const rows = order.slice(i, i + batchSize);
      const encoded = await tokenVectors(rows.map((r) => texts[r] as string));
      rows.forEach((r, j) => {
        const passage = encoded[j];
        scores[r] = passage
          ? maxSim(
              asked,
              passage.vectors.filter((_, t) => !skipped.has(passage.ids[t] as number)),
            )
          : 0;
      });
    }
    return scores;
  };

  return {
    id: `late-interaction-${sha256Hex(modelBytes).slice(0, 12)}-${maxLength}`,
    maxLength,
    rerank,
    close: () => session.release(),
  };
}
