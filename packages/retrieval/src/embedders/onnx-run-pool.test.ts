import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LexnavError } from "@lexnav/core";
import { afterAll, describe, expect, it } from "vitest";
import { writeTinyModel } from "../../../../test/support/tiny-model.ts";
import { createOnnxRunPool, type RunFeed } from "./onnx-run-pool.ts";
import { openOnnxSession } from "./onnx-session.ts";

const dir = mkdtempSync(join(tmpdir(), "lexnav-onnx-run-pool-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeTinyModel(dir);
const modelPath = join(dir, "model.onnx");

const feedsOf = (ids: number[]): Record<string, RunFeed> => ({
  input_ids: { type: "int64", data: BigInt64Array.from(ids.map(BigInt)), dims: [1, ids.length] },
  attention_mask: { type: "int64", data: new BigInt64Array(ids.length).fill(1n), dims: [1, ids.length] },
});

describe("createOnnxRunPool", () => {
  it("gives each of many passes run together the output the model gives it on the calling thread", async () => {
    const pool = await createOnnxRunPool(readFileSync(modelPath), { workers: 2, threads: 1, spinning: false });
    const { ort, session } = await openOnnxSession(modelPath);
    try {
      expect(pool.inputNames).toEqual(session.inputNames);
      expect(pool.outputNames).toEqual(session.outputNames);
      const inputs = [[2], [3, 4], [5], [6, 7, 8], [9], [4, 3]];
      const outs = await Promise.all(inputs.map(async (ids) => pool.run(feedsOf(ids), "last_hidden_state")));
      for (const [i, ids] of inputs.entries()) {
        const tensors = Object.fromEntries(
          Object.entries(feedsOf(ids)).map(([k, f]) => [k, new ort.Tensor(f.type, f.data, f.dims)]),
        );
        const expected = (await session.run(tensors)).last_hidden_state;
        expect(outs[i]?.dims).toEqual(expected?.dims);
        expect(Array.from(outs[i]?.data ?? [])).toEqual(Array.from(expected?.data as Float32Array));
      }
      // Different inputs give different outputs, so a pass answered to the wrong caller could not pass above.
      expect(Array.from(outs[0]?.data ?? [])).not.toEqual(Array.from(outs[2]?.data ?? []));
    } finally {
      await pool.close();
    }
  });

  it("fails a bad pass alone, with the runtime's reason, and goes on serving", async () => {
    const pool = await createOnnxRunPool(readFileSync(modelPath), { workers: 1, threads: 1, spinning: false });
    try {
      const bad = { input_ids: feedsOf([2, 3]).input_ids } as Record<string, RunFeed>;
      const failed = await pool.run(bad, "last_hidden_state").catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(LexnavError);
      expect((failed as LexnavError).message).toMatch(/forward pass/);
      expect((await pool.run(feedsOf([2, 3]), "last_hidden_state")).dims).toEqual([1, 2, 8]);
      const unknown = await pool.run(feedsOf([2]), "no_such_output").catch((e: unknown) => e);
      expect((unknown as Error).message).toMatch(/no_such_output/);
    } finally {
      await pool.close();
    }
  });

  it("refuses bytes that are not a model as corrupt, and refuses passes once closed", async () => {
    const refused = await createOnnxRunPool(new TextEncoder().encode("not a model"), {
      workers: 2,
      threads: 1,
      spinning: false,
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LexnavError);
    expect((refused as LexnavError).code).toBe("corrupt");

    const pool = await createOnnxRunPool(readFileSync(modelPath), { workers: 1, threads: 1, spinning: false });
    await pool.close();
    await expect(pool.run(feedsOf([2]), "last_hidden_state")).rejects.toThrow(/closed/);
  });
});
