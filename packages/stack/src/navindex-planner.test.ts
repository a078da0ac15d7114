import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ModelAnswerer, PlanRequest } from "@lexnav/answer";
import { DEFAULT_LIMITS, isLexnavError, LexnavError, silentLogger } from "@lexnav/core";
import type { NodePlanner } from "@lexnav/retrieval";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASK_VERSO, CUAD_FIXTURES } from "../../../test/support/cuad-fixtures.ts";
import { createNavPlanner } from "./navindex-planner.ts";
import { createEmbeddedStack, type EmbeddedStack } from "./stack.ts";

const DEALS = { id: "ann", groups: ["deals"] };
const BOARD = { id: "bob", groups: ["board"] };

/** A model planner that names the first `n` pairs of the index it is sent, and keeps what it was sent. */
function recordingModel(n = 2) {
  const sent: PlanRequest[] = [];
  const answerer: ModelAnswerer = {
    answer: () => Promise.reject(new Error("the planner never answers")),
    plan: async (request) => {
      sent.push(request);
      const pairs = [...request.known].slice(0, n).map((key) => {
        const [documentId, nodeId] = key.split(" ") as [string, string];
        return { documentId, nodeId };
      });
      return {
        pairs,
        rejected: [],
        usage: {
          stage: "plan",
          model: "test-model",
          inputTokens: 100,
          cacheWriteTokens: 0,
          cacheReadTokens: 0,
          outputTokens: 9,
        },
      };
    },
  };
  return { sent, model: { name: "test-model", answerer } };
}

const documentsOf = (keys: Iterable<string>) => new Set([...keys].map((k) => k.split(" ")[0]));

describe("the navindex planner as a use case", () => {
  let stack: EmbeddedStack;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
    for (const [name, source, groups] of [
      ["verso", CUAD_FIXTURES.verso, ["deals"]],
      ["sponsor", CUAD_FIXTURES.sponsor, ["deals"]],
      ["vivint", CUAD_FIXTURES.vivint, ["board"]],
    ] as const) {
      const r = await stack.pipeline.ingest({ source, access: { principals: [], groups: [...groups] } });
      expect(r.status).toBe("indexed");
      ids[name] = r.documentId;
    }
  });
  afterAll(() => stack.close());

  it("sends a model the compact index of what the principal may read, within the scope, and returns its targets", async () => {
    const { sent, model } = recordingModel();
    const planner = createNavPlanner({ catalog: stack.catalog, searcher: stack.searcher, model });
    const plan = await planner.plan({ query: ASK_VERSO, principal: DEALS });
    expect(plan.planner).toBe("model");
    expect(documentsOf(sent[0]?.known ?? [])).toEqual(new Set([ids.verso, ids.sponsor]));
    expect(sent[0]?.compactIndex).not.toMatch(/VIVINT/i);
    expect(plan.targets.map((t) => `${t.documentId} ${t.nodeId}`)).toEqual([...(sent[0]?.known ?? [])].slice(0, 2));
    expect(plan.usage).toHaveLength(1);
    expect(plan.indexVersion).toMatch(/^navindex-/);
    // What an asker in another process goes on with: the documents the index listed, none withheld.
    expect(new Set(plan.indexedDocumentIds)).toEqual(new Set([ids.verso, ids.sponsor]));
    expect(plan.withheld).toEqual([]);
    expect(plan.rejected).toBe(0);

    // Asked for the deterministic planner, it plans without the model, key or not.
    const deterministic = await planner.plan({ query: ASK_VERSO, principal: DEALS, planner: "deterministic" });
    expect(sent).toHaveLength(1);
    expect(deterministic.planner).toBe("deterministic");
    expect(deterministic.targets.length).toBeGreaterThan(0);
    expect(deterministic.usage).toEqual([]);

    const board = await planner.plan({ query: ASK_VERSO, principal: BOARD });
    expect(documentsOf(sent[1]?.known ?? [])).toEqual(new Set([ids.vivint]));
    expect(board.indexedDocumentIds).toEqual([ids.vivint]);
    expect(board.targets.every((t) => t.documentId === ids.vivint)).toBe(true);

    await planner.plan({ query: ASK_VERSO, principal: DEALS, documentIds: [ids.verso as string], maxTargets: 1 });
    expect(documentsOf(sent[2]?.known ?? [])).toEqual(new Set([ids.verso]));
    expect(sent[2]?.maxNodes).toBe(1);
  });

  it("refuses a scope the principal may not read as it refuses an unknown one, before any model call", async () => {
    const { sent, model } = recordingModel();
    const planner = createNavPlanner({ catalog: stack.catalog, searcher: stack.searcher, model });
    const refused = await planner
      .plan({ query: ASK_VERSO, principal: BOARD, documentIds: [ids.verso as string] })
      .catch((e: unknown) => e);
    expect(isLexnavError(refused) && refused.code).toBe("not_found");
    expect(sent).toHaveLength(0);
    const pinned = await planner
      .plan({ query: ASK_VERSO, principal: DEALS, indexVersion: "v1" })
      .catch((e: unknown) => e);
    expect(isLexnavError(pinned) && pinned.code).toBe("invalid_argument");
  });

  it("plans deterministically, without the model, when a document in the index may not go to an external model", async () => {
    const bar = {
      scope: "document" as const,
      scopeId: ids.sponsor as string,
      kind: "no_external_model" as const,
      name: "",
    };
    expect(await stack.changeControl({ place: { ...bar, by: "ops", since: "2026-12-01T00:00:00.000Z" } })).toBe(true);
    try {
      const { sent, model } = recordingModel();
      const planner = createNavPlanner({ catalog: stack.catalog, searcher: stack.searcher, model });
      const plan = await planner.plan({ query: ASK_VERSO, principal: DEALS });
      expect(sent).toHaveLength(0);
      expect(plan.planner).toBe("deterministic");
      expect(plan.usage).toEqual([]);
      expect(plan.warnings.join(" ")).toMatch(/not to be sent to an external model/);
      expect(plan.withheld).toEqual([ids.sponsor]);
      expect(plan.targets.length).toBeGreaterThan(0);
      expect(plan.targets.every((t) => t.documentId !== ids.vivint)).toBe(true);
    } finally {
      await stack.changeControl({ lift: bar });
    }
  });

  it("without a model, names at most max targets, each a provision of a document the principal may read", async () => {
    const planner = createNavPlanner({ catalog: stack.catalog, searcher: stack.searcher, model: null });
    const plan = await planner.plan({ query: ASK_VERSO, principal: DEALS, maxTargets: 3 });
    expect(plan.planner).toBe("deterministic");
    expect(plan.targets.length).toBeGreaterThan(0);
    expect(plan.targets.length).toBeLessThanOrEqual(3);
    expect(new Set(plan.targets.map((t) => `${t.documentId} ${t.nodeId}`)).size).toBe(plan.targets.length);
    for (const t of plan.targets) expect([ids.verso, ids.sponsor]).toContain(t.documentId);
    const empty = await planner.plan({ query: "  ", principal: DEALS }).catch((e: unknown) => e);
    expect(isLexnavError(empty) && empty.code).toBe("empty");
  });
});

describe("navindex search planned by a planner elsewhere (SearcherDeps.planner)", () => {
  let dir: string;
  let local: EmbeddedStack;
  let planned: EmbeddedStack;
  const calls: Array<Parameters<NodePlanner["plan"]>[0]> = [];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "lexnav-node-planner-"));
    const db = join(dir, "catalog.sqlite");
    local = await createEmbeddedStack(db, DEFAULT_LIMITS, silentLogger);
    for (const [name, source, groups] of [
      ["verso", CUAD_FIXTURES.verso, ["deals"]],
      ["sponsor", CUAD_FIXTURES.sponsor, ["deals"]],
      ["vivint", CUAD_FIXTURES.vivint, ["board"]],
    ] as const) {
      const r = await local.pipeline.ingest({ source, access: { principals: [], groups: [...groups] } });
      expect(r.status).toBe("indexed");
      ids[name] = r.documentId;
    }
    // The planner service's planner over the same store, called as the planner client would be.
    const service = createNavPlanner({ catalog: local.catalog, searcher: local.searcher, model: null });
    const remote: NodePlanner = {
      plan: async (call) => {
        calls.push(call);
        return service.plan(call);
      },
    };
    planned = await createEmbeddedStack(db, DEFAULT_LIMITS, silentLogger, {}, { planner: remote });
  });
  afterAll(async () => {
    await planned?.close();
    await local?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const search = (stack: EmbeddedStack, principal: typeof DEALS, documentIds?: string[]) =>
    stack.searcher.search(
      { query: ASK_VERSO, principal, mode: "navindex", k: 5, ...(documentIds ? { documentIds } : {}) },
      async (documentId, version) => (await local.catalog.getVersion(documentId, version))?.text ?? null,
    );
  const nodes = (r: Awaited<ReturnType<typeof search>>) => [
    ...new Set(r.passages.map((p) => `${p.documentId}/${p.nodeId}`)),
  ];

  it("asks the planner with the principal and scope, and returns the provisions the in-process plan returns", async () => {
    const mine = await search(local, DEALS);
    const theirs = await search(planned, DEALS);
    expect(calls).toHaveLength(1);
    // Search plans as the single process does: the deterministic planner, whatever key the service holds.
    expect(calls[0]).toMatchObject({ query: ASK_VERSO, principal: DEALS, planner: "deterministic" });
    expect(nodes(theirs).length).toBeGreaterThan(0);
    expect(nodes(theirs)).toEqual(nodes(mine));
    expect(theirs.trace.stages.map((s) => s.stage)).toContain("plan");

    const scoped = await search(planned, DEALS, [ids.sponsor as string]);
    expect(calls[1]?.documentIds).toEqual([ids.sponsor]);
    expect(scoped.passages.every((p) => p.documentId === ids.sponsor)).toBe(true);
    const board = await search(planned, BOARD);
    expect(calls[2]?.principal).toEqual(BOARD);
    expect(board.passages.every((p) => p.documentId === ids.vivint)).toBe(true);
  });

  it("a planner that fails fails the search with its error, not an empty plan", async () => {
    const down = await createEmbeddedStack(
      join(dir, "catalog.sqlite"),
      DEFAULT_LIMITS,
      silentLogger,
      {},
      {
        planner: { plan: () => Promise.reject(new LexnavError("unavailable", "the planner service is unavailable")) },
      },
    );
    try {
      const e = await search(down, DEALS).catch((x: unknown) => x);
      expect(isLexnavError(e) && e.code).toBe("unavailable");
    } finally {
      await down.close();
    }
  });
});
