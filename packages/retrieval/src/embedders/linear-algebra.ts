/**
 * The little linear algebra the built-in embedder needs, in plain TypeScript: a sparse row matrix,
 * products of it (and its transpose) with tall dense matrices, and a Jacobi eigensolver for the
 * small symmetric matrices of a randomized SVD. Dense matrices are row-major Float64Arrays.
 */

/** Compressed sparse rows: row i holds columns `cols[ptr[i]..ptr[i+1])` with `vals` alike. */
export interface SparseRows {
  rows: number;
  columns: number;
  ptr: Uint32Array;
  cols: Uint32Array;
  vals: Float32Array;
}

/**
 * `Aᵀ(A X)` for X of `columns × width`, one row of A at a time, so the tall `A X` is never held:
 * memory stays at two `columns × width` matrices whatever the number of rows.
 */
export function gramTimes(a: SparseRows, x: Float64Array, width: number): Float64Array {
  const out = new Float64Array(a.columns * width);
  const y = new Float64Array(width);
  for (let i = 0; i < a.rows; i++) {
    const from = a.ptr[i] as number;
    const to = a.ptr[i + 1] as number;
    if (from === to) continue;
    y.fill(0);
    for (let p = from; p < to; p++) {
      const v = a.vals[p] as number;
      const base = (a.cols[p] as number) * width;
      for (let c = 0; c < width; c++) y[c] = (y[c] as number) + v * (x[base + c] as number);
    }
    for (let p = from; p < to; p++) {
      const v = a.vals[p] as number;
      const base = (a.cols[p] as number) * width;
      for (let c = 0; c < width; c++) out[base + c] = (out[base + c] as number) + v * (y[c] as number);
    }
  }
  return out;
}

/** `Xᵀ Y` for X and Y of `rows × width` (a small `width × width` result). */
export function crossProduct(x: Float64Array, y: Float64Array, rows: number, width: number): Float64Array {
  const out = new Float64Array(width * width);
  for (let r = 0; r < rows; r++) {
    const base = r * width;
    for (let i = 0; i < width; i++) {
      const xi = x[base + i] as number;
      if (xi === 0) continue;
      const o = i * width;
      for (let j = 0; j < width; j++) out[o + j] = (out[o + j] as number) + xi * (y[base + j] as number);
    }
  }
  return out;
}

/** `X M` for X of `rows × width` and M of `width × outWidth`. */
export function timesSmall(
  x: Float64Array,
  m: Float64Array,
  rows: number,
  width: number,
  outWidth: number,
): Float64Array {
  const out = new Float64Array(rows * outWidth);
  for (let r = 0; r < rows; r++) {
    const xb = r * width;
    const ob = r * outWidth;
    for (let i = 0; i < width; i++) {
      const xi = x[xb + i] as number;
      if (xi === 0) continue;
      const mb = i * outWidth;
      for (let j = 0; j < outWidth; j++) out[ob + j] = (out[ob + j] as number) + xi * (m[mb + j] as number);
    }
  }
  return out;
}

/**
 * Eigen-decomposition of a symmetric `n × n` matrix by cyclic Jacobi rotations (exact enough and
 * simple for n of a few hundred). Returns eigenvalues in decreasing order and the matching
 * eigenvectors as the columns of a row-major `n × n` matrix.
 */
export function symmetricEigen(matrix: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  const at = (i: number, j: number) => a[i * n + j] as number;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    let diag = 0;
    for (let i = 0; i < n; i++) {
      diag += at(i, i) ** 2;
      for (let j = i + 1; j < n; j++) off += at(i, j) ** 2;
    }
    if (off <= 1e-22 * diag || off === 0) break;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = at(p, q);
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (at(q, q) - at(p, p)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p] as number;
          const akq = a[k * n + q] as number;
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k] as number;
          const aqk = a[q * n + k] as number;
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p] as number;
          const vkq = v[k * n + q] as number;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => at(y, y) - at(x, x));
  const values = new Float64Array(n);
  const vectors = new Float64Array(n * n);
  order.forEach((src, dst) => {
    values[dst] = at(src, src);
    for (let k = 0; k < n; k++) vectors[k * n + dst] = v[k * n + src] as number;
  });
  return { values, vectors };
}

/**
 * Orthonormal basis of the column space of X (`rows × width`, rows ≫ width) by symmetric
 * orthogonalisation: X W Λ^-½ from the eigen-decomposition of XᵀX. Directions with a negligible
 * eigenvalue (rank deficiency) become zero columns rather than noise.
 */
export function orthonormalise(x: Float64Array, rows: number, width: number): Float64Array {
  const { values, vectors } = symmetricEigen(crossProduct(x, x, rows, width), width);
  const top = values[0] ?? 0;
  const scale = new Float64Array(width * width);
  for (let i = 0; i < width; i++) {
    for (let j = 0; j < width; j++) {
      const lambda = values[j] as number;
      scale[i * width + j] = lambda > top * 1e-12 ? (vectors[i * width + j] as number) / Math.sqrt(lambda) : 0;
    }
  }
  return timesSmall(x, scale, rows, width, width);
}

/** Deterministic standard normal numbers (mulberry32 + Box–Muller), so a fit is reproducible. */
export function gaussianMatrix(rows: number, width: number, seed: number): Float64Array {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = new Float64Array(rows * width);
  for (let i = 0; i < out.length; i += 2) {
    const u1 = Math.max(uniform(), 1e-12);
    const u2 = uniform();
    const r = Math.sqrt(-2 * Math.log(u1));
    out[i] = r * Math.cos(2 * Math.PI * u2);
    if (i + 1 < out.length) out[i + 1] = r * Math.sin(2 * Math.PI * u2);
  }
  return out;
}
