import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Writes a tiny BERT-shaped sentence-embedding model folder (model.onnx + tokenizer.json +
 * config.json) so the ONNX loader is tested on a real onnxruntime session without any download.
 *
 * The graph: last_hidden_state = Gather(embeddings, input_ids) * Unsqueeze(Cast(attention_mask)),
 * shape [batch, seq, dim], inputs named as BERT exports name them. The ONNX protobuf is encoded
 * here by hand (a few message types, wire format only). `writeTinyCrossEncoder` writes a
 * cross-encoder (reranker) folder the same way.
 */

// Protobuf wire format: varints, length-delimited fields.
function varint(value: bigint): number[] {
  let v = BigInt.asUintN(64, value);
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) byte |= 0x80;
    out.push(byte);
  } while (v !== 0n);
  return out;
}
const tag = (field: number, wire: number) => varint(BigInt((field << 3) | wire));
const int = (field: number, value: number | bigint) => [...tag(field, 0), ...varint(BigInt(value))];
const bytes = (field: number, data: Uint8Array | number[]) => [
  ...tag(field, 2),
  ...varint(BigInt(data.length)),
  ...data,
];
const str = (field: number, s: string) => bytes(field, new TextEncoder().encode(s));
const msg = (field: number, parts: number[][]) => bytes(field, parts.flat());

const FLOAT = 1;
const INT64 = 7;

function tensor(field: number, name: string, dataType: number, dims: number[], raw: Uint8Array): number[] {
  return msg(field, [...dims.map((d) => int(1, d)), int(2, dataType), str(8, name), bytes(9, raw)]);
}
function valueInfo(field: number, name: string, elemType: number, shape: Array<number | string>): number[] {
  const dims = shape.map((d) => msg(1, [typeof d === "number" ? int(1, d) : str(2, d)]));
  return msg(field, [str(1, name), msg(2, [msg(1, [int(1, elemType), msg(2, dims)])])]);
}
function node(inputs: string[], outputs: string[], opType: string, attributes: number[][] = []): number[] {
  return msg(1, [...inputs.map((i) => str(1, i)), ...outputs.map((o) => str(2, o)), str(4, opType), ...attributes]);
}

export const TINY_VOCAB = [
  "[PAD]",
  "[UNK]",
  "[CLS]",
  "[SEP]",
  "the",
  "borrower",
  "shall",
  "repay",
  "loans",
  "governing",
  "law",
  "new",
  "york",
  "terminate",
  "##s",
  "notice",
  ".",
  ",",
  "indemn",
  "##ification",
];

/** Deterministic, distinct rows in [-0.5, 0.5): row i of a `rows` × `columns` table. */
function table(rows: number, columns: number, seed = 0): Float32Array {
  const t = new Float32Array(rows * columns);
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < columns; j++) {
      const x = Math.sin((i + seed) * 12.9898 + j * 78.233) * 43758.5453;
      t[i * columns + j] = x - Math.floor(x) - 0.5;
    }
  return t;
}

/** The BERT-style WordPiece tokenizer.json over TINY_VOCAB. */
function writeTinyTokenizer(dir: string): void {
  writeFileSync(
    join(dir, "tokenizer.json"),
    JSON.stringify({
      version: "1.0",
      truncation: null,
      padding: null,
      normalizer: { type: "BertNormalizer", clean_text: true, lowercase: true, strip_accents: null },
      pre_tokenizer: { type: "BertPreTokenizer" },
      model: {
        type: "WordPiece",
        unk_token: "[UNK]",
        continuing_subword_prefix: "##",
        max_input_chars_per_word: 100,
        vocab: Object.fromEntries(TINY_VOCAB.map((t, i) => [t, i])),
      },
    }),
  );
}

/** Writes the tiny model into `dir` (created if needed) and returns its embedding size. */
export function writeTinyModel(dir: string, dimensions = 8): { dimensions: number; vocabulary: string[] } {
  mkdirSync(dir, { recursive: true });
  const v = TINY_VOCAB.length;
  const embeddings = table(v, dimensions);
  const axes = new BigInt64Array([-1n]);
  const graph = [
    node(["embeddings", "input_ids"], ["hidden"], "Gather", [msg(5, [str(1, "axis"), int(3, 0), int(20, 2)])]),
    node(["attention_mask"], ["mask_f"], "Cast", [msg(5, [str(1, "to"), int(3, FLOAT), int(20, 2)])]),
    node(["mask_f", "axes"], ["mask_3d"], "Unsqueeze"),
    node(["hidden", "mask_3d"], ["last_hidden_state"], "Mul"),
    str(2, "tiny-sentence-encoder"),
    tensor(5, "embeddings", FLOAT, [v, dimensions], new Uint8Array(embeddings.buffer)),
    tensor(5, "axes", INT64, [1], new Uint8Array(axes.buffer)),
    valueInfo(11, "input_ids", INT64, ["batch", "sequence"]),
    valueInfo(11, "attention_mask", INT64, ["batch", "sequence"]),
    valueInfo(12, "last_hidden_state", FLOAT, ["batch", "sequence", dimensions]),
  ];
  const model = [int(1, 8), str(2, "lexnav-test"), msg(7, graph), msg(8, [str(1, ""), int(2, 13)])].flat();
  writeFileSync(join(dir, "model.onnx"), Uint8Array.from(model));
  writeTinyTokenizer(dir);
  writeFileSync(
    join(dir, "config.json"),
    JSON.stringify({ model_type: "bert", hidden_size: dimensions, max_position_embeddings: 32 }),
  );
  return { dimensions, vocabulary: TINY_VOCAB };
}

export interface TinyCrossEncoderOptions {
  dimensions?: number;
  /** Where model.onnx goes: the folder itself (default) or its `onnx/` subfolder, as transformers.js exports put it. */
  layout?: "root" | "onnx";
  /** config.json's max_position_embeddings (default 64). */
  maxPositions?: number;
}

/**
 * Writes a tiny BERT-shaped cross-encoder folder (model.onnx + tokenizer.json + config.json).
 *
 * The graph: hidden = Gather(words, input_ids) + Gather(types, token_type_ids); pooled = the mean
 * of hidden over the positions attention_mask keeps; logits = MatMul(pooled, classifier), shape
 * [batch, 1]. Padding is masked out, so a pair scores the same whatever batch it sits in, and the
 * token types matter, so swapping query and passage changes the score.
 */
export function writeTinyCrossEncoder(dir: string, options: TinyCrossEncoderOptions = {}): { dimensions: number } {
  const dimensions = options.dimensions ?? 8;
  const modelDir = options.layout === "onnx" ? join(dir, "onnx") : dir;
  mkdirSync(modelDir, { recursive: true });
  const v = TINY_VOCAB.length;
  const words = table(v, dimensions);
  const types = table(2, dimensions, 101);
  const classifier = table(dimensions, 1, 7);
  const lastAxis = new BigInt64Array([-1n]);
  const seqAxis = new BigInt64Array([1n]);
  const keepdims0 = msg(5, [str(1, "keepdims"), int(3, 0), int(20, 2)]);
  const graph = [
    node(["words", "input_ids"], ["word_vectors"], "Gather", [msg(5, [str(1, "axis"), int(3, 0), int(20, 2)])]),
    node(["types", "token_type_ids"], ["type_vectors"], "Gather", [msg(5, [str(1, "axis"), int(3, 0), int(20, 2)])]),
    node(["word_vectors", "type_vectors"], ["hidden"], "Add"),
    node(["attention_mask"], ["mask_f"], "Cast", [msg(5, [str(1, "to"), int(3, FLOAT), int(20, 2)])]),
    node(["mask_f", "last_axis"], ["mask_3d"], "Unsqueeze"),
    node(["hidden", "mask_3d"], ["masked"], "Mul"),
    node(["masked", "seq_axis"], ["summed"], "ReduceSum", [keepdims0]),
    node(["mask_3d", "seq_axis"], ["count"], "ReduceSum", [keepdims0]),
    node(["summed", "count"], ["pooled"], "Div"),
    node(["pooled", "classifier"], ["logits"], "MatMul"),
    str(2, "tiny-cross-encoder"),
    tensor(5, "words", FLOAT, [v, dimensions], new Uint8Array(words.buffer)),
    tensor(5, "types", FLOAT, [2, dimensions], new Uint8Array(types.buffer)),
    tensor(5, "classifier", FLOAT, [dimensions, 1], new Uint8Array(classifier.buffer)),
    tensor(5, "last_axis", INT64, [1], new Uint8Array(lastAxis.buffer)),
    tensor(5, "seq_axis", INT64, [1], new Uint8Array(seqAxis.buffer)),
    valueInfo(11, "input_ids", INT64, ["batch", "sequence"]),
    valueInfo(11, "attention_mask", INT64, ["batch", "sequence"]),
    valueInfo(11, "token_type_ids", INT64, ["batch", "sequence"]),
    valueInfo(12, "logits", FLOAT, ["batch", 1]),
  ];
  const model = [int(1, 8), str(2, "lexnav-test"), msg(7, graph), msg(8, [str(1, ""), int(2, 13)])].flat();
  writeFileSync(join(modelDir, "model.onnx"), Uint8Array.from(model));
  writeTinyTokenizer(dir);
  writeFileSync(
    join(dir, "config.json"),
    JSON.stringify({
      model_type: "bert",
      architectures: ["BertForSequenceClassification"],
      hidden_size: dimensions,
      max_position_embeddings: options.maxPositions ?? 64,
      id2label: { "0": "LABEL_0" },
    }),
  );
  return { dimensions };
}
