import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LexnavError, loadConfig } from "@lexnav/core";
import { afterAll, describe, expect, it } from "vitest";
import { writeTinyCrossEncoder, writeTinyModel } from "../../../../test/support/tiny-model.ts";
import { createSearcher } from "../domain/search.ts";
import type { LexicalIndex } from "../ports/lexical-index.ts";
import { type CrossEncoder, loadOnnxCrossEncoder } from "./onnx-cross-encoder.ts";

const root = mkdtempSync(join(tmpdir(), "lexnav-tiny-cross-encoder-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => join(root, `m${n++}`);

const QUERY = "governing law";
const PASSAGES = [
  "The Borrower shall repay the Loans.",
  "governing law: New York",
  "terminates on notice, indemnification",
  "the loans",
  "New York law shall govern.",
];

async function withEncoder<T>(
  dir: string,
  options: Parameters<typeof loadOnnxCrossEncoder>[1],
  f: (ce: CrossEncoder) => Promise<T>,
) {
  const ce = await loadOnnxCrossEncoder(dir, options);
  try {
    return await f(ce);
  } finally {
    await ce.close();
  }
}

async function expectLexnavError(p: Promise<unknown>, code: string, message: RegExp) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LexnavError);
  expect((err as LexnavError).code).toBe(code);
  expect((err as LexnavError).message).toMatch(message);
}

describe("loadOnnxCrossEncoder (a tiny generated cross-encoder)", () => {
  const dir = freshDir();
  writeTinyCrossEncoder(dir);

  it("returns one finite score per passage, in order, and none for none", async () => {
    await withEncoder(dir, {}, async (ce) => {
      const scores = await ce.score(QUERY, PASSAGES);
      expect(scores).toHaveLength(PASSAGES.length);
      for (const s of scores) expect(Number.isFinite(s)).toBe(true);
      expect(await ce.score(QUERY, [])).toEqual([]);
      expect(ce.id).toMatch(/^onnx-ce-[0-9a-f]{12}-64$/);
      expect(ce.maxLength).toBe(64);
    });
  });

  it("scores different passages differently, and the pair order matters (token types)", async () => {
    await withEncoder(dir, {}, async (ce) => {
      const scores = await ce.score(QUERY, PASSAGES);
      expect(new Set(scores.map((s) => s.toFixed(6))).size).toBe(PASSAGES.length);
      const [swapped] = await ce.score(PASSAGES[1] as string, [QUERY]);
      expect(swapped).not.toBeCloseTo(scores[1] as number, 6);
    });
  });

  it("is deterministic across calls and across loads", async () => {
    const a = await withEncoder(dir, {}, (ce) => ce.score(QUERY, PASSAGES));
    const b = await withEncoder(dir, {}, async (ce) => {
      await ce.score("notice", PASSAGES);
      return ce.score(QUERY, PASSAGES);
    });
    expect(b).toEqual(a);
  });

  it("gives the same scores whatever the batch size (padding is masked)", async () => {
    const one = await withEncoder(dir, { batchSize: 1 }, (ce) => ce.score(QUERY, PASSAGES));
    const two = await withEncoder(dir, { batchSize: 2 }, (ce) => ce.score(QUERY, PASSAGES));
    const all = await withEncoder(dir, { batchSize: 64 }, (ce) => ce.score(QUERY, PASSAGES));
    one.forEach((s, i) => {
      expect(two[i]).toBeCloseTo(s, 5);
      expect(all[i]).toBeCloseTo(s, 5);
    });
  });

  it("truncates pairs to maxLength, passage side first (longest first)", async () => {
    // "the borrower shall repay" is 4 tokens; with maxLength 10: [CLS] + 2 query + [SEP] + 5 passage + [SEP].
    const long = "the borrower shall repay the loans governing law new york";
    const sameHead = "the borrower shall repay the indemnification notice";
    const cut = await withEncoder(dir, { maxLength: 10 }, (ce) => {
      expect(ce.maxLength).toBe(10);
      return ce.score(QUERY, [long, sameHead]);
    });
    expect(cut[0]).toBeCloseTo(cut[1] as number, 6);
    const whole = await withEncoder(dir, {}, (ce) => ce.score(QUERY, [long, sameHead]));
    expect(whole[0]).not.toBeCloseTo(whole[1] as number, 4);
    // A long query is cut too when it is the longer side: budget 3 leaves "the borrower" + "law".
    const queries = ["the borrower shall repay the loans", "the borrower notice notice notice"];
    const cutQ = await withEncoder(dir, { maxLength: 6 }, async (ce) => [
      ...(await ce.score(queries[0] as string, ["law"])),
      ...(await ce.score(queries[1] as string, ["law"])),
    ]);
    expect(cutQ[0]).toBeCloseTo(cutQ[1] as number, 6);
    const wholeQ = await withEncoder(dir, {}, async (ce) => [
      ...(await ce.score(queries[0] as string, ["law"])),
      ...(await ce.score(queries[1] as string, ["law"])),
    ]);
    expect(wholeQ[0]).not.toBeCloseTo(wholeQ[1] as number, 4);
  });

  it("never goes above the model's max_position_embeddings", async () => {
    const small = freshDir();
    writeTinyCrossEncoder(small, { maxPositions: 12 });
    await withEncoder(small, { maxLength: 4096 }, async (ce) => {
      expect(ce.maxLength).toBe(12);
      const [s] = await ce.score(QUERY, ["the loans ".repeat(500)]);
      expect(Number.isFinite(s)).toBe(true);
    });
  });

  it("applies a sigmoid on request without changing the order", async () => {
    const raw = await withEncoder(dir, {}, (ce) => ce.score(QUERY, PASSAGES));
    const sig = await withEncoder(dir, { activation: "sigmoid" }, (ce) => ce.score(QUERY, PASSAGES));
    sig.forEach((s, i) => {
      expect(s).toBeCloseTo(1 / (1 + Math.exp(-(raw[i] as number))), 6);
    });
  });

  it("implements the async reranker port over candidate texts", async () => {
    await withEncoder(dir, {}, async (ce) => {
      const candidates = PASSAGES.map((text, i) => ({ id: `p${i}`, text, heading: "Section 9.1", flags: null }));
      expect(await ce.rerank(QUERY, candidates)).toEqual(await ce.score(QUERY, PASSAGES));
    });
  });

  it("loads model.onnx from an onnx/ subfolder", async () => {
    const nested = freshDir();
    writeTinyCrossEncoder(nested, { layout: "onnx" });
    const a = await withEncoder(nested, {}, (ce) => ce.score(QUERY, PASSAGES));
    const b = await withEncoder(dir, {}, (ce) => ce.score(QUERY, PASSAGES));
    expect(a).toEqual(b);
  });
});

describe("the searcher's navembed-r4 with the cross-encoder through the bridge", () => {
  it("orders the pool by the cross-encoder's scores, with the searcher unchanged", async () => {
    const dir = freshDir();
    writeTinyCrossEncoder(dir);
    const body = PASSAGES.join("\n");
    const spans = PASSAGES.map((p) => ({ start: body.indexOf(p), end: body.indexOf(p) + p.length }));
    const unused = () => {
      throw new Error("not used by this test");
    };
    // A lexical index that always returns the passages in their written order.
    const lexical: LexicalIndex = {
      createVersion: unused,
      activate: unused,
      activeVersion: async () => "lex-1",
      dropVersion: unused,
      putDocument: unused,
      removeDocument: unused,
      compact: unused,
      setAccess: unused,
      unnamedDocuments: unused,
      setDocumentName: unused,
      close: unused,
      searchDocuments: async () => ({ hits: [], indexVersion: "lex-1" }),
      listPassages: unused,
      search: async (q) => ({
        indexVersion: "lex-1",
        normalisedQuery: q.text,
        hits: spans.slice(0, q.k).map((s, i) => ({
          passageId: `p${i}`,
          documentId: "doc",
          version: "v1",
          nodeId: `n${i}`,
          ...s,
          score: 10 - i,
        })),
      }),
    };
    await withEncoder(dir, {}, async (ce) => {
      const searcher = createSearcher({ lexical, reranker: ce });
      const request = { query: QUERY, principal: { id: "u", groups: [] }, mode: "navembed-r4" as const, k: 5 };
      const result = await searcher.search(request, () => body);
      const expected = (await ce.score(QUERY, PASSAGES))
        .map((s, i) => ({ s, i }))
        .sort((a, b) => b.s - a.s)
        .map(({ i }) => spans[i]?.start);
      expect(result.passages.map((p) => p.start)).toEqual(expected);
      expect(expected).not.toEqual(spans.map((s) => s.start));
    });
  });
});

describe("loadOnnxCrossEncoder errors", () => {
  it("names a missing folder", async () => {
    await expectLexnavError(loadOnnxCrossEncoder(join(root, "absent")), "not_found", /folder .*absent does not exist/);
  });

  for (const file of ["model.onnx", "tokenizer.json", "config.json"]) {
    it(`names a missing ${file}`, async () => {
      const dir = freshDir();
      writeTinyCrossEncoder(dir);
      rmSync(join(dir, file));
      await expectLexnavError(loadOnnxCrossEncoder(dir), "not_found", new RegExp(`no ${file.replace(".", "\\.")}`));
    });
  }

  it("refuses a tokenizer that is not WordPiece", async () => {
    const dir = freshDir();
    writeTinyCrossEncoder(dir);
    writeFileSync(join(dir, "tokenizer.json"), JSON.stringify({ model: { type: "BPE", vocab: { a: 0 } } }));
    await expectLexnavError(loadOnnxCrossEncoder(dir), "unsupported_type", /BPE model; only WordPiece/);
  });

  it("refuses unreadable JSON and a model with several labels", async () => {
    const dir = freshDir();
    writeTinyCrossEncoder(dir);
    writeFileSync(join(dir, "config.json"), "{ not json");
    await expectLexnavError(loadOnnxCrossEncoder(dir), "corrupt", /config\.json is not readable JSON/);
    writeFileSync(join(dir, "config.json"), JSON.stringify({ id2label: { 0: "no", 1: "yes" } }));
    await expectLexnavError(loadOnnxCrossEncoder(dir), "unsupported_type", /2 labels/);
  });

  it("refuses a file that is not an ONNX model", async () => {
    const dir = freshDir();
    writeTinyCrossEncoder(dir);
    writeFileSync(join(dir, "model.onnx"), "not a model");
    await expectLexnavError(loadOnnxCrossEncoder(dir), "corrupt", /onnxruntime could not load/);
  });

  it("refuses an embedding model (no single logit per pair)", async () => {
    const dir = freshDir();
    writeTinyModel(dir);
    await expectLexnavError(loadOnnxCrossEncoder(dir), "unsupported_type", /one logit per pair|input "/);
  });
});

describe("LEXNAV_RERANKER_MODEL_DIR", () => {
  it("names the folder in the config, and is absent when unset", () => {
    expect(loadConfig({ LEXNAV_RERANKER_MODEL_DIR: "/models/ms-marco-MiniLM-L-6-v2" }).rerankerModelDir).toBe(
      "/models/ms-marco-MiniLM-L-6-v2",
    );
    expect("rerankerModelDir" in loadConfig({})).toBe(false);
  });
});
