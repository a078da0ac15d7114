import { describe, expect, it } from "vitest";
import { createWordPieceTokenizer } from "./wordpiece-tokenizer.ts";

const vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "the", "indemn", "##ification", "##s", "law", ",", "café"];
const json = {
  normalizer: { type: "BertNormalizer", lowercase: true, strip_accents: null },
  model: {
    type: "WordPiece",
    unk_token: "[UNK]",
    continuing_subword_prefix: "##",
    vocab: Object.fromEntries(vocab.map((t, i) => [t, i])),
  },
};

describe("createWordPieceTokenizer", () => {
  it("lower-cases, splits punctuation and matches the longest sub-words", () => {
    const t = createWordPieceTokenizer(json);
    expect(t.encode("The Indemnification, laws XYZ")).toEqual([2, 4, 5, 6, 9, 8, 7, 1, 3]);
  });

  it("cuts to the maximum length and pads a batch to its longest member", () => {
    const t = createWordPieceTokenizer(json, { maxLength: 4 });
    expect(t.encode("the the the the the")).toEqual([2, 4, 4, 3]);
    const b = t.encodeBatch(["the", "the law"]);
    expect(b.sequence).toBe(4);
    expect(Array.from(b.inputIds)).toEqual([2n, 4n, 3n, 0n, 2n, 4n, 8n, 3n]);
    expect(Array.from(b.attentionMask)).toEqual([1n, 1n, 1n, 0n, 1n, 1n, 1n, 1n]);
  });

  it("refuses tokenizers that are not WordPiece, with the reason", () => {
    expect(() => createWordPieceTokenizer({ model: { type: "BPE", vocab: {} } })).toThrow(/only WordPiece/);
  });
});
