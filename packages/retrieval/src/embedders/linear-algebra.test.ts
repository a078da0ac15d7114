import { describe, expect, it } from "vitest";
import {
  crossProduct,
  gaussianMatrix,
  gramTimes,
  orthonormalise,
  type SparseRows,
  symmetricEigen,
} from "./linear-algebra.ts";

describe("symmetricEigen", () => {
  it("finds eigenpairs in decreasing order that satisfy A v = λ v", () => {
    const n = 5;
    const b = gaussianMatrix(n, n, 7);
    const a = crossProduct(b, b, n, n); // symmetric positive semi-definite
    const { values, vectors } = symmetricEigen(a, n);
    for (let k = 1; k < n; k++) expect(values[k - 1]).toBeGreaterThanOrEqual(values[k] as number);
    for (let k = 0; k < n; k++) {
      for (let i = 0; i < n; i++) {
        let av = 0;
        for (let j = 0; j < n; j++) av += (a[i * n + j] as number) * (vectors[j * n + k] as number);
        expect(av).toBeCloseTo((values[k] as number) * (vectors[i * n + k] as number), 8);
      }
    }
  });
});

describe("orthonormalise", () => {
  it("returns columns with XᵀX = I, and a zero column for a dependent one", () => {
    const rows = 50;
    const x = gaussianMatrix(rows, 3, 1);
    for (let r = 0; r < rows; r++) x[r * 3 + 2] = 2 * (x[r * 3] as number) - (x[r * 3 + 1] as number);
    const q = orthonormalise(x, rows, 3);
    const g = crossProduct(q, q, rows, 3);
    const diag = [g[0], g[4], g[8]].map((d) => Math.round(d as number));
    expect(diag.sort()).toEqual([0, 1, 1]);
    expect(Math.abs(g[1] as number)).toBeLessThan(1e-9);
  });
});

describe("gramTimes", () => {
  it("computes Aᵀ(A X) for a sparse A", () => {
    // A = [[1, 0, 2], [0, 3, 0]]; AᵀA = [[1,0,2],[0,9,0],[2,0,4]]
    const a: SparseRows = {
      rows: 2,
      columns: 3,
      ptr: Uint32Array.from([0, 2, 3]),
      cols: Uint32Array.from([0, 2, 1]),
      vals: Float32Array.from([1, 2, 3]),
    };
    const x = Float64Array.from([1, 1, 1]);
    expect(Array.from(gramTimes(a, x, 1))).toEqual([3, 9, 6]);
  });
});
