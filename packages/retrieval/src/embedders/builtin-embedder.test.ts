import { describe, expect, it } from "vitest";
import { deserializeBuiltinEmbedder, fitBuiltinEmbedder } from "./builtin-embedder.ts";

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * (b[i] as number), 0);

// Two topics whose words co-occur within a topic; "cancel" never appears with "renewal" in one passage.
const TERMINATION = [
  "either party may terminate this agreement upon written notice",
  "either party may cancel this agreement upon written notice",
  "the company may terminate for material breach after notice and cure period",
  "the company may cancel for material breach after notice",
  "termination or cancellation requires ninety days notice",
  "renewal terms may terminate upon notice of non renewal",
];
const LAW = [
  "this agreement is governed by the laws of the state of delaware",
  "the courts of delaware have exclusive jurisdiction over disputes",
  "governing law and venue shall be the state of new york courts",
  "disputes are resolved by arbitration under the laws of new york",
  "jurisdiction venue and governing law of delaware courts",
  "the laws of new york govern disputes and jurisdiction",
];
const corpus = Array.from({ length: 20 }, () => [...TERMINATION, ...LAW]).flat();

describe("fitBuiltinEmbedder", () => {
  const e = fitBuiltinEmbedder(corpus, { dimensions: 4, minDocumentFrequency: 2, maxDocumentShare: 0.9 });

  it("maps words that share contexts close together, beyond exact word match", () => {
    const [q, termination, law] = e.embedSync([
      "cancel renewal", // "cancel" and "renewal" never share a passage
      "renewal terms may terminate upon notice of non renewal",
      "governed by the laws of the state of delaware",
    ]) as [Float32Array, Float32Array, Float32Array];
    expect(dot(q, termination)).toBeGreaterThan(dot(q, law) + 0.3);
  });

  it("round-trips through serialize with the same id and the same vectors", () => {
    const back = deserializeBuiltinEmbedder(e.serialize());
    expect(back.id).toBe(e.id);
    expect(back.dimensions).toBe(4);
    const text = "notice of termination under delaware law";
    expect(Array.from(back.embedSync([text])[0] ?? [])).toEqual(Array.from(e.embedSync([text])[0] ?? []));
  });

  it("is deterministic across fits and embeds unknown words as the zero vector", () => {
    expect(fitBuiltinEmbedder(corpus, { dimensions: 4, minDocumentFrequency: 2, maxDocumentShare: 0.9 }).id).toBe(e.id);
    expect(Array.from(e.embedSync(["zzz qqq"])[0] ?? []).every((x) => x === 0)).toBe(true);
  });

  it("refuses corrupt model bytes and empty corpora with a reason", () => {
    const bytes = e.serialize();
    expect(() => deserializeBuiltinEmbedder(bytes.subarray(0, bytes.length - 4))).toThrow(/projection/);
    expect(() => deserializeBuiltinEmbedder(new Uint8Array(20))).toThrow(/magic/);
    expect(() => fitBuiltinEmbedder([])).toThrow(/needs passages/);
  });
});
