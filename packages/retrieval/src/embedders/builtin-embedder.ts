import { LexnavError, sha256Hex } from "@lexnav/core";
import type { Embedder, EmbedKind } from "../ports/embedder.ts";
import {
  gaussianMatrix,
  gramTimes,
  orthonormalise,
  type SparseRows,
  symmetricEigen,
  timesSmall,
} from "./linear-algebra.ts";
import { featureWords } from "./text-features.ts";

/**
 * The built-in embedder: latent semantic analysis fitted on the corpus being indexed.
 *
 * Why LSA rather than a pretrained network: it needs no download, runs in plain TypeScript on two
 * cores, is deterministic (seeded), and learns the vocabulary of exactly the contracts being
 * searched. Passages are TF-IDF vectors (sublinear term frequency, lightly stemmed words and,
 * optionally, adjacent word pairs); a randomized truncated SVD (subspace iteration on AᵀA, a few
 * power steps, Rayleigh–Ritz with a Jacobi eigensolver) finds the directions along which words
 * co-occur across passages. Projecting onto them maps "terminate this Agreement upon notice" and
 * "cancellation by written notice" close together because their words share contexts in the corpus,
 * which BM25 cannot do; fused with BM25 by reciprocal rank it adds recall where the words differ.
 *
 * A query is embedded with the same vocabulary, idf and projection (persist them with `serialize`
 * next to the vectors), so query and passage vectors live in one space. Words unseen at fit time
 * are ignored; a text with no known word embeds as the zero vector (callers skip those passages).
 */
export interface BuiltinEmbedder extends Embedder {
  readonly vocabularySize: number;
  /** Synchronous embedding, for batch indexing without a promise per batch. */
  embedSync(texts: string[]): Float32Array[];
  /** The fitted model as bytes: vocabulary, idf and projection. */
  serialize(): Uint8Array;
}

export interface BuiltinEmbedderOptions {
  /** Output dimensions (the SVD rank, unless `rank` is lower). */
  dimensions: number;
  /**
   * Directions fitted, at most `dimensions`; the rest are zero. A small corpus supports few directions,
   * and each one costs fitting time.
   */
  rank?: number;
  /** Extra random directions beyond `dimensions` for the range finder. */
  oversample: number;
  /** Subspace (power) iterations: more sharpen the leading directions, each costs two passes. */
  powerIterations: number;
  /** A word must occur in at least this many passages to be in the vocabulary. */
  minDocumentFrequency: number;
  /** Words in more than this share of passages carry no topic and are left out. */
  maxDocumentShare: number;
  maxVocabulary: number;
  /** The SVD is fitted on at most this many passages (an even sample); idf uses all of them. */
  maxFitPassages: number;
  /** Adds adjacent word pairs ("governing_law") as features. */
  wordPairs: boolean;
  seed: number;
}

export const DEFAULT_BUILTIN_OPTIONS: BuiltinEmbedderOptions = {
  dimensions: 128,
  oversample: 16,
  powerIterations: 1,
  minDocumentFrequency: 3,
  maxDocumentShare: 0.3,
  maxVocabulary: 40_000,
  maxFitPassages: 40_000,
  wordPairs: true,
  seed: 20240611,
};

const FORMAT = "lexnav-lsa-1";
const MAGIC = new TextEncoder().encode("LXLSA1\n\0");

interface Model {
  dimensions: number;
  wordPairs: boolean;
  vocabulary: string[];
  idf: Float32Array;
  /** vocabulary × dimensions, row-major. */
  projection: Float32Array;
}

function features(text: string, wordPairs: boolean): string[] {
  const words = featureWords(text);
  if (!wordPairs) return words;
  const out = words.slice();
  for (let i = 1; i < words.length; i++) out.push(`${words[i - 1]}_${words[i]}`);
  return out;
}

function counts(items: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of items) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

/** Sublinear tf × idf weights of one text over the vocabulary, L2-normalised. */
function weigh(
  text: string,
  index: Map<string, number>,
  idf: Float32Array,
  wordPairs: boolean,
): { ids: number[]; weights: number[] } {
  const ids: number[] = [];
  const weights: number[] = [];
  let norm = 0;
  for (const [term, tf] of counts(features(text, wordPairs))) {
    const id = index.get(term);
    if (id === undefined) continue;
    const w = (1 + Math.log(tf)) * (idf[id] as number);
    ids.push(id);
    weights.push(w);
    norm += w * w;
  }
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < weights.length; i++) weights[i] = (weights[i] as number) * inv;
  return { ids, weights };
}

function fromModel(model: Model): BuiltinEmbedder {
  const index = new Map(model.vocabulary.map((t, i) => [t, i]));
  const d = model.dimensions;
  const bytes = encode(model);
  const id = `builtin-lsa-${d}d-${sha256Hex(bytes).slice(0, 12)}`;
  const embedOne = (text: string): Float32Array => {
    const { ids, weights } = weigh(text, index, model.idf, model.wordPairs);
    const acc = new Float64Array(d);
    for (let i = 0; i < ids.length; i++) {
      const w = weights[i] as number;
      const base = (ids[i] as number) * d;
      for (let c = 0; c < d; c++) acc[c] = (acc[c] as number) + w * (model.projection[base + c] as number);
    }
    let norm = 0;
    for (let c = 0; c < d; c++) norm += (acc[c] as number) ** 2;
    const out = new Float32Array(d);
    if (norm === 0) return out;
    const inv = 1 / Math.sqrt(norm);
    for (let c = 0; c < d; c++) out[c] = (acc[c] as number) * inv;
    return out;
  };
  const embedSync = (texts: string[]) => texts.map(embedOne);
  return {
    id,
    dimensions: d,
    vocabularySize: model.vocabulary.length,
    embedSync,
    // LSA is symmetric: a query and a passage are embedded alike.
    embed: async (texts: string[], _kind: EmbedKind) => embedSync(texts),
    serialize: () => bytes.slice(),
  };
}

/**
 * Fits the built-in embedder on the passages of a corpus (the texts the index will hold, e.g.
 * heading + body). Deterministic for the same texts and options.
 */
export function fitBuiltinEmbedder(
  passageTexts: string[],
  options: Partial<BuiltinEmbedderOptions> = {},
): BuiltinEmbedder {
  const o = { ...DEFAULT_BUILTIN_OPTIONS, ...options };
  const n = passageTexts.length;
  if (n === 0) throw new LexnavError("invalid_argument", "the built-in embedder needs passages to fit on");
  const stride = Math.max(1, Math.ceil(n / o.maxFitPassages));

  // One pass over every passage: document frequencies, and term counts of the fit sample.
  const df = new Map<string, number>();
  const sample: Array<Map<string, number>> = [];
  for (let i = 0; i < n; i++) {
    const c = counts(features(passageTexts[i] as string, o.wordPairs));
    for (const t of c.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    if (i % stride === 0) sample.push(c);
  }
  const maxDf = Math.max(o.minDocumentFrequency, Math.floor(o.maxDocumentShare * n));
  const vocabulary = [...df.entries()]
    .filter(([, f]) => f >= o.minDocumentFrequency && f <= maxDf)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, o.maxVocabulary)
    .map(([t]) => t);
  const v = vocabulary.length;
  if (v === 0) {
    throw new LexnavError("invalid_argument", "no word occurs often enough in the passages to fit an embedder on");
  }
  const index = new Map(vocabulary.map((t, i) => [t, i]));
  const idf = new Float32Array(v);
  vocabulary.forEach((t, i) => {
    idf[i] = Math.log((1 + n) / (1 + (df.get(t) as number))) + 1;
  });

  // The sample as sparse TF-IDF rows.
  const ptr = new Uint32Array(sample.length + 1);
  const cols: number[] = [];
  const vals: number[] = [];
  sample.forEach((c, r) => {
    let norm = 0;
    const start = cols.length;
    for (const [t, tf] of c) {
      const id = index.get(t);
      if (id === undefined) continue;
      const w = (1 + Math.log(tf)) * (idf[id] as number);
      cols.push(id);
      vals.push(w);
      norm += w * w;
    }
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let p = start; p < vals.length; p++) vals[p] = (vals[p] as number) * inv;
    ptr[r + 1] = cols.length;
  });
  const a: SparseRows = {
    rows: sample.length,
    columns: v,
    ptr,
    cols: Uint32Array.from(cols),
    vals: Float32Array.from(vals),
  };

  // Randomized subspace iteration on AᵀA in word space, then Rayleigh–Ritz.
  const d = Math.min(o.rank ?? o.dimensions, o.dimensions, v, a.rows);
  const width = Math.min(d + o.oversample, v);
  let basis = orthonormalise(gramTimes(a, gaussianMatrix(v, width, o.seed), width), v, width);
  for (let it = 0; it < o.powerIterations; it++) basis = orthonormalise(gramTimes(a, basis, width), v, width);
  const g = gramTimes(a, basis, width);
  const small = new Float64Array(width * width);
  for (let r = 0; r < v; r++) {
    for (let i = 0; i < width; i++) {
      const bi = basis[r * width + i] as number;
      if (bi === 0) continue;
      for (let j = 0; j < width; j++)
        small[i * width + j] = (small[i * width + j] as number) + bi * (g[r * width + j] as number);
    }
  }
  const { vectors } = symmetricEigen(small, width);
  const top = new Float64Array(width * d);
  for (let i = 0; i < width; i++) for (let j = 0; j < d; j++) top[i * d + j] = vectors[i * width + j] as number;
  const fitted = timesSmall(basis, top, v, width, d);
  // A small corpus has fewer directions than asked for: the rest are zero columns, so every model
  // fitted with the same options embeds into the same number of dimensions (one index version holds
  // the vectors of many per-scope models) and cosines are unchanged.
  const out = o.dimensions;
  const projection = new Float32Array(v * out);
  for (let r = 0; r < v; r++) for (let c = 0; c < d; c++) projection[r * out + c] = fitted[r * d + c] as number;

  return fromModel({ dimensions: out, wordPairs: o.wordPairs, vocabulary, idf, projection });
}

function encode(model: Model): Uint8Array {
  const header = new TextEncoder().encode(
    JSON.stringify({
      format: FORMAT,
      dimensions: model.dimensions,
      wordPairs: model.wordPairs,
      vocabulary: model.vocabulary,
      idf: Array.from(model.idf),
    }),
  );
  const headerEnd = MAGIC.length + 4 + header.length;
  const pad = (4 - (headerEnd % 4)) % 4;
  const out = new Uint8Array(headerEnd + pad + model.projection.byteLength);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(MAGIC.length, header.length, true);
  out.set(header, MAGIC.length + 4);
  out.set(
    new Uint8Array(model.projection.buffer, model.projection.byteOffset, model.projection.byteLength),
    headerEnd + pad,
  );
  return out;
}

/** Rebuilds a built-in embedder from `serialize()` bytes; a corrupt model is an error, not a guess. */
export function deserializeBuiltinEmbedder(bytes: Uint8Array): BuiltinEmbedder {
  const corrupt = (why: string) => new LexnavError("corrupt", `the stored built-in embedder model is unusable: ${why}`);
  if (bytes.length < MAGIC.length + 4 || !MAGIC.every((b, i) => bytes[i] === b)) throw corrupt("bad magic bytes");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(MAGIC.length, true);
  const headerEnd = MAGIC.length + 4 + headerLength;
  if (headerEnd > bytes.length) throw corrupt("truncated header");
  let header: { format?: unknown; dimensions?: unknown; wordPairs?: unknown; vocabulary?: unknown; idf?: unknown };
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(MAGIC.length + 4, headerEnd)));
  } catch (cause) {
    throw new LexnavError("corrupt", "the stored built-in embedder model has an unreadable header", { cause });
  }
  if (header.format !== FORMAT) throw corrupt(`unknown format ${String(header.format)}`);
  const { dimensions, vocabulary, idf } = header;
  if (typeof dimensions !== "number" || !Array.isArray(vocabulary) || !Array.isArray(idf)) throw corrupt("bad header");
  if (idf.length !== vocabulary.length) throw corrupt("idf and vocabulary differ in length");
  const start = headerEnd + ((4 - (headerEnd % 4)) % 4);
  const expected = vocabulary.length * dimensions * 4;
  if (bytes.length - start !== expected)
    throw corrupt(`projection has ${bytes.length - start} bytes, expected ${expected}`);
  const projection = new Float32Array(expected / 4);
  new Uint8Array(projection.buffer).set(bytes.subarray(start));
  return fromModel({
    dimensions,
    wordPairs: header.wordPairs === true,
    vocabulary: vocabulary as string[],
    idf: Float32Array.from(idf as number[]),
    projection,
  });
}
