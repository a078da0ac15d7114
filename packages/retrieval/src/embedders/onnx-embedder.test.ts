import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeTinyModel } from "../../../../test/support/tiny-model.ts";
import { lengthSortedBatches, loadOnnxEmbedder } from "./onnx-embedder.ts";

const dir = mkdtempSync(join(tmpdir(), "lexnav-onnx-embedder-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("lengthSortedBatches", () => {
  it("groups positions by token count, shortest first, ties by position, each position once", () => {
    expect(lengthSortedBatches([9, 3, 7, 3, 12, 1], 2)).toEqual([
      [5, 1],
      [3, 2],
      [0, 4],
    ]);
    expect(lengthSortedBatches([4, 4, 4], 8)).toEqual([[0, 1, 2]]);
    expect(lengthSortedBatches([], 4)).toEqual([]);
  });
});

describe("loadOnnxEmbedder batching (a tiny generated model)", () => {
  it("returns each text's vector at its own position when the batches run in length order", async () => {
    writeTinyModel(dir);
    const embedder = await loadOnnxEmbedder(dir, { batchSize: 2 });
    // Token counts out of order, so length-sorted batches hold texts from far-apart positions.
    const texts = [
      "the borrower shall repay the loans , governing law new york .",
      "notice",
      "indemnification",
      "the borrower shall terminate .",
      "governing law",
      "loans",
    ];
    const together = await embedder.embed(texts, "passage");
    expect(together).toHaveLength(texts.length);
    for (const [i, text] of texts.entries()) {
      const [alone] = await embedder.embed([text], "passage");
      expect(Array.from(together[i] as Float32Array)).toEqual(
        Array.from(alone as Float32Array).map((x) => expect.closeTo(x, 5)),
      );
    }
    // Different texts give different vectors here, so a mix-up of positions could not pass the loop above.
    expect(Array.from(together[1] as Float32Array)).not.toEqual(Array.from(together[5] as Float32Array));
  });
});

describe("loadOnnxEmbedder on worker threads", () => {
  it("gives the same vectors and id with the passes spread over two workers as on the calling thread", async () => {
    writeTinyModel(dir);
    const inThread = await loadOnnxEmbedder(dir, { batchSize: 2, workers: 0 });
    const spread = await loadOnnxEmbedder(dir, { batchSize: 2, workers: 2 });
    expect(spread.id).toBe(inThread.id);
    const texts = [
      "the borrower shall repay the loans .",
      "notice",
      "governing law new york",
      "loans",
      "indemnification",
    ];
    const a = await inThread.embed(texts, "passage");
    const b = await spread.embed(texts, "passage");
    expect(b).toHaveLength(texts.length);
    for (const [i, v] of a.entries()) {
      expect(Array.from(b[i] as Float32Array)).toEqual(Array.from(v).map((x) => expect.closeTo(x, 6)));
    }
  });
});
