import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteDatabase } from "@lexnav/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTinyCrossEncoder, writeTinyModel } from "../../../../test/support/tiny-model.ts";
import { createSqliteLexicalIndex } from "../adapters/sqlite-lexical-index.ts";
import { createSqliteVectorStore } from "../adapters/sqlite-vector-store.ts";
import { loadOnnxEmbedder } from "../embedders/onnx-embedder.ts";
import type { Embedder } from "../ports/embedder.ts";
import type { Reranker } from "../ports/reranker.ts";
import { type CrossEncoder, loadOnnxCrossEncoder } from "../rerankers/onnx-cross-encoder.ts";
import type { Passage } from "./passages.ts";
import { createSearcher, type SearchOptions, type SearchRequest, type TextOf } from "./search.ts";

// Two documents: one the reader's group may read, one only another group may (same words, so a leak would rank).
const OPEN = [
  "The Borrower shall repay the Loans.",
  "governing law: New York",
  "terminates on notice, indemnification",
  "the loans",
  "New York law shall govern the loans.",
];
const SECRET = ["governing law: New York, the secret one", "the Borrower shall repay, secretly"];
const bodies: Record<string, string> = { open: OPEN.join("\n"), secret: SECRET.join("\n") };
const text: TextOf = (documentId) => bodies[documentId] ?? null;
const passagesOf = (documentId: string, lines: string[]): Passage[] =>
  lines.map((line, i) => {
    const start = (bodies[documentId] as string).indexOf(line);
    return {
      id: `p${i}`,
      documentId,
      version: "v1",
      nodeId: `${documentId}-n${i}`,
      start,
      end: start + line.length,
      heading: "",
      clauseRef: "",
      terms: "",
      body: line,
    };
  });

const root = mkdtempSync(join(tmpdir(), "lexnav-search-async-"));
const READER = { id: "reader", groups: ["g"] };
const OTHER = { id: "other", groups: ["other"] };
let embedder: Embedder;
let crossEncoder: CrossEncoder;
let calls: { embed: number; rerank: number };

function setup() {
  const db = openSqliteDatabase(":memory:");
  const lexical = createSqliteLexicalIndex(db);
  const vectors = createSqliteVectorStore(db);
  return { lexical, vectors };
}
let stores: ReturnType<typeof setup>;

beforeAll(async () => {
  writeTinyModel(join(root, "embedder"));
  writeTinyCrossEncoder(join(root, "reranker"));
  const onnx = await loadOnnxEmbedder(join(root, "embedder"));
  crossEncoder = await loadOnnxCrossEncoder(join(root, "reranker"));
  calls = { embed: 0, rerank: 0 };
  // Counting wrappers: a query must call each model once, so retrieval is not run twice.
  embedder = {
    id: onnx.id,
    dimensions: onnx.dimensions,
    embed: (texts, kind) => {
      if (kind === "query") calls.embed += 1;
      return onnx.embed(texts, kind);
    },
  };
  stores = setup();
  const { lexical, vectors } = stores;
  const lexVersion = await lexical.createVersion();
  const vecVersion = await vectors.createVersion(embedder.dimensions, embedder.id);
  for (const [documentId, lines, group] of [
    ["open", OPEN, "g"],
    ["secret", SECRET, "other"],
  ] as const) {
    const access = { principals: [], groups: [group] };
    const passages = passagesOf(documentId, [...lines]);
    await lexical.putDocument(lexVersion, documentId, access, passages, {
      text: `credit agreement loans governing law ${documentId}`,
    });
    const vs = await embedder.embed(
      passages.map((p) => p.body),
      "passage",
    );
    await vectors.putDocument(
      vecVersion,
      documentId,
      access,
      passages.map((p, i) => ({ ...p, passageId: p.id, vector: vs[i] as Float32Array })),
    );
  }
  await lexical.activate(lexVersion);
  await vectors.activate(vecVersion);
});
afterAll(async () => {
  await crossEncoder.close();
  rmSync(root, { recursive: true, force: true });
});

const reranker = (): Reranker => ({
  id: crossEncoder.id,
  rerank: (query, candidates) => {
    calls.rerank += 1;
    return crossEncoder.rerank(query, candidates);
  },
});
const searcher = (options: Partial<SearchOptions> = {}) =>
  createSearcher({
    lexical: stores.lexical,
    vectors: stores.vectors,
    queryEmbedderFor: async (version) =>
      (await stores.vectors.describeVersion(version))?.embedderId === embedder.id ? embedder : null,
    reranker: reranker(),
    options,
  });
const request = (mode: SearchRequest["mode"], principal = READER): SearchRequest => ({
  query: "governing law of the loans",
  principal,
  mode,
  k: 10,
});

describe("search with an ONNX embedder and cross-encoder", () => {
  it("in dense mode, locates a named contract by the whole question and ranks inside it by the ask", async () => {
    calls.embed = 0;
    const named = {
      ...request("dense"),
      query: "Consider the credit agreement between the Borrower and the Lenders; which law governs the loans?",
    };
    const r = await searcher().search(named, text);
    // Two embeddings: the whole question (to locate), then what is asked (to rank inside).
    expect(calls.embed).toBe(2);
    expect(r.trace.stages.map((s) => s.stage)).toEqual(["dense", "dense-ask", "assemble"]);
    const inside = r.trace.stages.find((s) => s.stage === "dense-ask")?.candidates ?? [];
    expect(inside.length).toBeGreaterThan(0);
    // Ranked inside the located document only; nothing the principal may not read is located or ranked.
    expect(new Set(inside.map((c) => c.id.split("/")[0]))).toEqual(new Set(["open"]));
    expect(new Set(r.passages.map((p) => p.documentId))).toEqual(new Set(["open"]));
    const other = await searcher().search({ ...named, principal: OTHER }, text);
    expect(new Set(other.passages.map((p) => p.documentId))).toEqual(new Set(["secret"]));
  });

  it("embeds the query with the model in dense mode, once, and keeps to what the principal may read", async () => {
    calls.embed = 0;
    const r = await searcher().search(request("dense"), text);
    expect(calls.embed).toBe(1);
    expect(r.passages.length).toBe(OPEN.length);
    expect(new Set(r.passages.map((p) => p.documentId))).toEqual(new Set(["open"]));
    expect(r.trace.vectorIndexVersion).toBe(await stores.vectors.activeVersion());
    expect(r.trace.stages.map((s) => s.stage)).toEqual(["dense", "assemble"]);
    const other = await searcher().search(request("dense", OTHER), text);
    expect(new Set(other.passages.map((p) => p.documentId))).toEqual(new Set(["secret"]));
  });

  it("ranks navembed-r4's head by the cross-encoder, running retrieval and each model once", async () => {
    calls.embed = 0;
    calls.rerank = 0;
    const r = await searcher().search(request("navembed-r4"), text);
    expect(calls).toEqual({ embed: 1, rerank: 1 });
    expect(r.trace.stages.map((s) => s.stage)).toEqual([
      "route",
      "lexical",
      "dense",
      "fuse",
      "rerank",
      "fill",
      "assemble",
    ]);
    expect(r.passages.every((p) => p.documentId === "open")).toBe(true);
    const bodiesInOrder = r.passages.map((p) => (bodies.open as string).slice(p.start, p.end));
    const scores = await crossEncoder.score("governing law of the loans", bodiesInOrder);
    // Every passage was in the rerank pool: the order is the cross-encoder's, and the scores are its scores.
    expect(r.passages.map((p) => p.score)).toEqual(scores.map((s) => expect.closeTo(s, 5)));
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(r.passages.every((p) => p.stageScores.some((s) => s.stage === "rerank"))).toBe(true);
  });

  it("fuses the model's dense ranking in hybrid mode", async () => {
    const r = await searcher().search(request("hybrid"), text);
    expect(r.trace.stages.map((s) => s.stage)).toContain("dense");
    expect(r.passages.some((p) => p.stageScores.some((s) => s.stage === "dense"))).toBe(true);
    expect(r.passages.every((p) => p.documentId === "open")).toBe(true);
  });

  it("fuses by relative score unless reciprocal rank is asked for", async () => {
    const fused = async (fusion?: SearchOptions["fusion"]) =>
      (await searcher(fusion ? { fusion } : {}).search(request("hybrid"), text)).passages.flatMap((p) =>
        p.stageScores.filter((s) => s.stage === "fuse").map((s) => s.score),
      );
    const relative = await fused();
    const rank = await fused("reciprocal-rank");
    expect(relative.length).toBeGreaterThan(1);
    expect(rank.length).toBeGreaterThan(1);
    // Relative score: each list's best scaled to 1, so the head of two lists sums to more than 1; reciprocal
    // rank: at most 1/(60 + 1) per list.
    expect(Math.max(...relative)).toBeGreaterThan(1);
    expect(Math.max(...rank)).toBeLessThanOrEqual(2 / 61);
    expect(await fused("relative-score")).toEqual(relative);
  });

  it("calls no model in lexical mode", async () => {
    calls.embed = 0;
    calls.rerank = 0;
    const r = await searcher().search(request("lexical"), text);
    expect(r.passages.length).toBeGreaterThan(0);
    expect(calls).toEqual({ embed: 0, rerank: 0 });
  });
});
