import type { Embedder } from "@lexnav/retrieval";
import { beforeAll, describe, expect, it } from "vitest";

const norm = (v: Float32Array) => Math.hypot(...v);
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * (b[i] as number), 0);

/**
 * The contract every Embedder meets: fixed size, unit vectors, deterministic, distinct texts give
 * distinct vectors. `texts` must be three different texts made of words the model knows.
 */
export function describeEmbedderContract(
  name: string,
  make: () => Promise<Embedder>,
  texts: [string, string, string],
): void {
  describe(`Embedder contract: ${name}`, () => {
    let embedder: Embedder;
    beforeAll(async () => {
      embedder = await make();
    });

    it("gives one L2-normalised vector of the declared size per text", async () => {
      const out = await embedder.embed(texts, "passage");
      expect(out).toHaveLength(3);
      for (const v of out) {
        expect(v).toBeInstanceOf(Float32Array);
        expect(v.length).toBe(embedder.dimensions);
        expect(norm(v)).toBeCloseTo(1, 4);
      }
      expect(embedder.id.length).toBeGreaterThan(0);
    });

    it("is deterministic: identical texts give identical vectors, in any batch", async () => {
      const [a, b] = await embedder.embed([texts[0], texts[0]], "query");
      const [alone] = await embedder.embed([texts[0]], "query");
      expect(Array.from(a as Float32Array)).toEqual(Array.from(b as Float32Array));
      for (const [i, x] of (alone as Float32Array).entries())
        expect(x).toBeCloseTo((a as Float32Array)[i] as number, 5);
    });

    it("gives different texts different vectors", async () => {
      const [a, b, c] = (await embedder.embed(texts, "passage")) as [Float32Array, Float32Array, Float32Array];
      expect(dot(a, b)).toBeLessThan(0.9999);
      expect(dot(a, c)).toBeLessThan(0.9999);
      expect(dot(b, c)).toBeLessThan(0.9999);
    });

    it("embeds an empty batch as nothing", async () => {
      expect(await embedder.embed([], "passage")).toEqual([]);
    });
  });
}
