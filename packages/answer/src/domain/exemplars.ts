import { featureWords } from "@lexnav/retrieval";
import { type Features, fnv1a, hashedFeatures } from "./features.ts";

/**
 * Evidence exemplars: for each question wording the model was trained on, the sentences that were gold
 * evidence for it (as hashed word and word-pair buckets, never their text). A sentence that reads like
 * the evidence other contracts gave for the same question is likely evidence here too: NDA hypotheses
 * and CUAD categories are answered by boilerplate that recurs from contract to contract. The scorer
 * reads the idf-weighted cosine of a candidate to its wording's nearest exemplars, and to the nearest
 * exemplar of any other wording (a "return or destroy" clause reads like evidence for that hypothesis,
 * not for "may retain a copy"), as features. Held out by contract this lifted ContractNLI cited gold
 * by 2–3 points (docs/answers/wording-model.md); similarity alone ranks far worse than the model, so it is one
 * feature among the others, not a rule.
 */
export const EXEMPLAR_BITS = 16;
const MASK = (1 << EXEMPLAR_BITS) - 1;

/** The unique buckets of a sentence's feature words and adjacent word pairs. */
export function exemplarTerms(text: string): Uint16Array {
  const seq = featureWords(text);
  const out = new Set<number>();
  for (let i = 0; i < seq.length; i++) {
    out.add(fnv1a(seq[i] as string) & MASK);
    if (i > 0) out.add(fnv1a(`${seq[i - 1]} ${seq[i]}`) & MASK);
  }
  return Uint16Array.from([...out].sort((a, b) => a - b));
}

/** One exemplar: its buckets and, while training, the document it came from (so it is not its own neighbour). */
export interface Exemplar {
  terms: Uint16Array;
  document?: string;
}

export interface ExemplarIndex {
  /** Inverse document frequency per bucket, over the sentences the index was built from. */
  idf: Float32Array;
  /** Exemplars per question wording (`questionTypeKey`). */
  byType: ReadonlyMap<string, readonly Exemplar[]>;
}

/** Idf per bucket from the sentences' buckets (each sentence counted once). */
export function exemplarIdf(sentences: Iterable<Uint16Array>): Float32Array {
  const df = new Uint32Array(1 << EXEMPLAR_BITS);
  let n = 0;
  for (const terms of sentences) {
    n += 1;
    for (const t of terms) df[t] = (df[t] as number) + 1;
  }
  const idf = new Float32Array(df.length);
  for (let i = 0; i < df.length; i++) idf[i] = Math.log(1 + (n - (df[i] as number) + 0.5) / ((df[i] as number) + 0.5));
  return idf;
}

/**
 * How rare a word is in the sentences the index was built from (the idf of its bucket), as the words of
 * two wordings are weighed against each other (`wordingLikeness`); null for a word featureWords drops.
 */
export function wordIdf(index: Pick<ExemplarIndex, "idf">, word: string): number | null {
  const w = featureWords(word)[0];
  return w === undefined ? null : (index.idf[fnv1a(w) & MASK] as number);
}

/** How much a candidate reads like its wording's exemplars (best cosine, mean of the best three) and like other wordings'. */
export interface ExemplarSimilarity {
  max: number;
  top3: number;
  /** The best cosine to an exemplar of another wording (evidence for a different question). */
  other: number;
}

const NONE: ExemplarSimilarity = { max: 0, top3: 0, other: 0 };

/** Postings of an index: per bucket, the exemplars that have it; and each exemplar's wording, document, norm. */
interface Postings {
  lists: Map<number, number[]>;
  type: string[];
  document: Array<string | undefined>;
  norm: Float64Array;
}

const POSTINGS = new WeakMap<ExemplarIndex, Postings>();

function postings(index: ExemplarIndex): Postings {
  const cached = POSTINGS.get(index);
  if (cached) return cached;
  const lists = new Map<number, number[]>();
  const type: string[] = [];
  const document: Array<string | undefined> = [];
  const norms: number[] = [];
  for (const [key, exemplars] of index.byType)
    for (const e of exemplars) {
      const id = type.length;
      type.push(key);
      document.push(e.document);
      let n = 0;
      for (const t of e.terms) {
        n += (index.idf[t] as number) ** 2;
        const l = lists.get(t);
        if (l) l.push(id);
        else lists.set(t, [id]);
      }
      norms.push(Math.sqrt(n));
    }
  const p = { lists, type, document, norm: Float64Array.from(norms) };
  POSTINGS.set(index, p);
  return p;
}

/**
 * The idf-weighted cosine (binary term weights) of `terms` to the exemplars of `typeKey` and, for
 * contrast, of every other wording, leaving out exemplars from `exclude` (a training sentence's own
 * document).
 */
export function exemplarSimilarity(
  index: ExemplarIndex,
  typeKey: string,
  terms: Uint16Array,
  exclude?: string,
): ExemplarSimilarity {
  if (!index.byType.has(typeKey) || terms.length === 0) return NONE;
  const p = postings(index);
  const dot = new Float64Array(p.type.length);
  let norm = 0;
  for (const t of terms) {
    const w = (index.idf[t] as number) ** 2;
    norm += w;
    for (const id of p.lists.get(t) ?? []) dot[id] = (dot[id] as number) + w;
  }
  if (norm === 0) return NONE;
  const own: number[] = [];
  let other = 0;
  for (let id = 0; id < dot.length; id++) {
    if ((dot[id] as number) === 0 || (exclude !== undefined && p.document[id] === exclude)) continue;
    const cos = (dot[id] as number) / ((p.norm[id] as number) * Math.sqrt(norm));
    if (p.type[id] === typeKey) own.push(cos);
    else if (cos > other) other = cos;
  }
  own.sort((a, b) => b - a);
  const top = own.slice(0, 3);
  return {
    max: own[0] ?? 0,
    top3: top.length ? top.reduce((s, x) => s + x, 0) / 3 : 0,
    other,
  };
}

/** The features of a candidate's similarity to its wording's exemplars (hashed into the model's weights). */
export function exemplarFeatures(qtype: string, sim: ExemplarSimilarity, bits: number): Features {
  const diff = sim.max - sim.other;
  return hashedFeatures(
    [
      ["#exmax", sim.max],
      ["#extop3", sim.top3],
      ["#exother", sim.other],
      ["#exdiff", diff],
      [`#exbin${Math.min(9, Math.floor(sim.max * 10))}`, 1],
      [`#exdbin${Math.max(-5, Math.min(5, Math.floor(diff * 10)))}`, 1],
      [`t\u0001${qtype}\u0001exmax`, sim.max],
      [`t\u0001${qtype}\u0001exdiff`, diff],
    ],
    bits,
  );
}

/** An index as JSON: idf quantised to bytes (one scale), each wording's exemplars as [n, bucket × n]* in base64. */
export interface SerializedExemplars {
  idfScale: number;
  idf: string;
  byType: Record<string, string>;
}

export function serializeExemplars(index: ExemplarIndex): SerializedExemplars {
  let max = 0;
  for (const x of index.idf) max = Math.max(max, x);
  const idfScale = max > 0 ? max / 255 : 1;
  const idf = Buffer.from(Uint8Array.from(index.idf, (x) => Math.round(x / idfScale)));
  const byType: Record<string, string> = {};
  for (const key of [...index.byType.keys()].sort()) {
    const flat: number[] = [];
    for (const e of index.byType.get(key) ?? []) flat.push(e.terms.length, ...e.terms);
    const u = Uint16Array.from(flat);
    byType[key] = Buffer.from(u.buffer, u.byteOffset, u.byteLength).toString("base64");
  }
  return { idfScale, idf: idf.toString("base64"), byType };
}

/** Reads `serializeExemplars`' output; throws a plain Error naming what is wrong. */
export function parseExemplars(o: unknown): ExemplarIndex {
  const s = o as Partial<SerializedExemplars> | null;
  if (!s || typeof s !== "object") throw new Error("model exemplars must be an object");
  if (typeof s.idfScale !== "number" || !(s.idfScale > 0) || typeof s.idf !== "string")
    throw new Error("model exemplars need idf and idfScale");
  const bytes = Buffer.from(s.idf, "base64");
  if (bytes.length !== 1 << EXEMPLAR_BITS) throw new Error(`model exemplar idf has ${bytes.length} entries`);
  const idf = Float32Array.from(bytes, (b) => b * (s.idfScale as number));
  const byType = new Map<string, Exemplar[]>();
  for (const [key, b64] of Object.entries(s.byType ?? {})) {
    const raw = Buffer.from(String(b64), "base64");
    if (raw.length % 2 !== 0) throw new Error(`model exemplars of ${key} are cut short`);
    const u = new Uint16Array(raw.length / 2);
    for (let i = 0; i < u.length; i++) u[i] = raw.readUInt16LE(i * 2);
    const list: Exemplar[] = [];
    for (let i = 0; i < u.length; ) {
      const n = u[i] as number;
      if (i + 1 + n > u.length) throw new Error(`model exemplars of ${key} are cut short`);
      list.push({ terms: u.slice(i + 1, i + 1 + n) });
      i += 1 + n;
    }
    byType.set(key, list);
  }
  return { idf, byType };
}
