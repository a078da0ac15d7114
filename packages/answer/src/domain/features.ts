/** A sparse feature vector: hashed indices and their values (an index may repeat; values then add). */
export interface Features {
  idx: Int32Array;
  val: Float32Array;
}

/** 32-bit FNV-1a of a string: where a named feature lands among the model's weights. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Named features hashed into `2^bits` weights. */
export function hashedFeatures(entries: ReadonlyArray<readonly [string, number]>, bits: number): Features {
  const mask = (1 << bits) - 1;
  return {
    idx: Int32Array.from(entries.map(([k]) => fnv1a(k) & mask)),
    val: Float32Array.from(entries.map(([, v]) => v)),
  };
}

/** Two feature vectors as one. */
export function concatFeatures(a: Features, b: Features): Features {
  const idx = new Int32Array(a.idx.length + b.idx.length);
  idx.set(a.idx);
  idx.set(b.idx, a.idx.length);
  const val = new Float32Array(a.val.length + b.val.length);
  val.set(a.val);
  val.set(b.val, a.val.length);
  return { idx, val };
}
