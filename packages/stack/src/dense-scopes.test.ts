import { readFileSync } from "node:fs";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { deserializeBuiltinEmbedder, type Principal } from "@lexnav/retrieval";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASK_VERSO, CUAD_FIXTURES } from "../../../test/support/cuad-fixtures.ts";
import { createEmbeddedStack, type EmbeddedStack } from "./stack.ts";

const { verso: VERSO, sponsor: SPONSOR, vivint: VIVINT, thrivent: THRIVENT } = CUAD_FIXTURES;
const ALPHA: Principal = { id: "alice", groups: ["alpha"] };
const BETA: Principal = { id: "bob", groups: ["beta"] };
const access = (group: string) => ({ principals: [], groups: [group] });

const wordsOf = (path: string) =>
  (readFileSync(path, "utf8")
    .toLowerCase()
    .match(/[a-z]{6,}/g) ?? []) as string[];

/** Words of VIVINT's contract that no alpha document and not THRIVENT holds (even inside a longer word), most frequent first. */
function betaOnlyWords(): string[] {
  const elsewhere = [VERSO, SPONSOR, THRIVENT].map((p) => readFileSync(p, "utf8").toLowerCase()).join("\n");
  const counts = new Map<string, number>();
  for (const w of wordsOf(VIVINT)) if (!elsewhere.includes(w.slice(0, 6))) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts.entries()]
    .filter(([, n]) => n >= 3)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([w]) => w);
}

async function storeWith(files: Array<[string, string]>): Promise<EmbeddedStack> {
  const stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
  for (const [source, group] of files) {
    const r = await stack.pipeline.ingest({ source, access: access(group) });
    expect(r.status).toBe("indexed");
  }
  await stack.buildDenseIndex();
  return stack;
}

/** What a principal sees of a dense search, in terms that do not depend on the store (ids are minted per store). */
async function dense(stack: EmbeddedStack, principal: Principal, query: string) {
  const text = async (documentId: string, version: string) =>
    (await stack.catalog.getVersion(documentId, version))?.text ?? null;
  const r = await stack.searcher.search({ query, principal, mode: "dense", k: 10 }, text);
  const out = [];
  for (const p of r.passages)
    out.push({
      file: (await stack.catalog.getDocument(p.documentId))?.fileName,
      start: p.start,
      end: p.end,
      score: Number(p.score.toFixed(6)),
    });
  return out;
}

describe("the built-in dense model is fitted per access scope", () => {
  let alone: EmbeddedStack;
  let shared: EmbeddedStack;
  const betaWords = betaOnlyWords();

  beforeAll(async () => {
    alone = await storeWith([
      [VERSO, "alpha"],
      [SPONSOR, "alpha"],
    ]);
    shared = await storeWith([
      [VIVINT, "beta"],
      [VERSO, "alpha"],
      [THRIVENT, "beta"],
      [SPONSOR, "alpha"],
    ]);
  });
  afterAll(async () => {
    await alone.close();
    await shared.close();
  });

  it("gives alpha the same dense results with and without beta's corpus in the store", async () => {
    expect(betaWords.length).toBeGreaterThan(0);
    const queries = [
      ...betaWords.slice(0, 3),
      betaWords.slice(0, 3).join(" "),
      "qzxvbnmkj",
      ASK_VERSO,
      "Which law governs the sponsorship agreement?",
      "termination upon written notice",
    ];
    for (const q of queries) expect(await dense(shared, ALPHA, q), q).toEqual(await dense(alone, ALPHA, q));
    // The words only beta's document holds tell alpha nothing, as an unknown word does.
    for (const w of betaWords.slice(0, 3)) expect(await dense(shared, ALPHA, w), w).toEqual([]);
    // Beta's own model does know them: the test's words are real vocabulary.
    expect((await dense(shared, BETA, betaWords.slice(0, 3).join(" "))).length).toBeGreaterThan(0);
  });

  it("records the embedder of every scope with the index version", async () => {
    const version = (await shared.vectors.activeVersion()) ?? "";
    expect((await shared.vectors.describeVersion(version))?.embedderId).toBe("builtin-lsa-per-access-scope-1");
    const scopes = await shared.vectors.scopes(version);
    expect(scopes.map((s) => s.key)).toEqual(["group:alpha", "group:beta"]);
    for (const s of scopes) expect(s.embedderId).toMatch(/^builtin-lsa-128d-[0-9a-f]{12}$/);
  });
});

describe("a deleted or re-scoped document leaves no word in a dense model", () => {
  const betaWords = betaOnlyWords();
  const knows = async (stack: EmbeddedStack, scope: string, words: string[]) => {
    const model = await stack.vectors.getScopeModel((await stack.vectors.activeVersion()) ?? "", scope);
    if (!model) return false;
    const [v] = deserializeBuiltinEmbedder(model).embedSync([words.join(" ")]);
    return v?.some((x) => x !== 0) ?? false;
  };

  for (const change of ["delete", "access"] as const) {
    it(`after ${change === "delete" ? "a delete" : "an access change"}, the scope's model is fitted again without it`, async () => {
      const stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
      try {
        const vivint = await stack.pipeline.ingest({ source: VIVINT, access: access("beta") });
        await stack.pipeline.ingest({ source: THRIVENT, access: access("beta") });
        await stack.pipeline.ingest({ source: VERSO, access: access("alpha") });
        await stack.buildDenseIndex();
        const words = betaWords.slice(0, 3);
        expect(await knows(stack, "group:beta", words)).toBe(true);
        expect((await dense(stack, BETA, words.join(" "))).length).toBeGreaterThan(0);

        if (change === "delete")
          expect((await stack.pipeline.remove(vivint.documentId))?.documentId).toBe(vivint.documentId);
        else await stack.pipeline.setAccess(vivint.documentId, { principals: ["carol"], groups: [] });

        // Dropped at once, in the same transaction as the change.
        expect(await stack.vectors.getScopeModel((await stack.vectors.activeVersion()) ?? "", "group:beta")).toBeNull();
        // Beta's next dense search fits the scope again, on what beta still reads.
        expect(await dense(stack, BETA, words.join(" "))).toEqual([]);
        expect((await dense(stack, BETA, "endorsement agreement")).length).toBeGreaterThan(0);
        expect(await knows(stack, "group:beta", words)).toBe(false);
        expect(
          (await stack.vectors.scopes((await await stack.vectors.activeVersion()) ?? "")).find(
            (s) => s.key === "group:beta",
          ),
        ).toMatchObject({
          stale: false,
        });
        if (change === "access") {
          // Carol reads it now, through a scope of her own fitted on it.
          expect((await dense(stack, { id: "carol", groups: [] }, words.join(" "))).length).toBeGreaterThan(0);
        }
        // Alpha's model never learnt the words.
        expect(await knows(stack, "group:alpha", words)).toBe(false);
      } finally {
        await stack.close();
      }
    });
  }
});

describe("opening a store whose dense model was fitted on every document", () => {
  it("drops that version and its model, so dense modes ask for a rebuild rather than answer from it", async () => {
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { openSqliteDatabase } = await import("@lexnav/catalog");
    const dir = mkdtempSync(join(tmpdir(), "lexnav-legacy-dense-"));
    try {
      const db = join(dir, "store.sqlite");
      let stack = await createEmbeddedStack(db, DEFAULT_LIMITS, silentLogger);
      await stack.pipeline.ingest({ source: VIVINT, access: access("beta") });
      await stack.buildDenseIndex();
      const version = (await await stack.vectors.activeVersion()) ?? "";
      await stack.close();
      // The table an older store kept its one corpus-wide model in.
      const raw = openSqliteDatabase(db);
      raw.exec("CREATE TABLE vec_models (index_version TEXT PRIMARY KEY, model BLOB NOT NULL)");
      raw.prepare("INSERT INTO vec_models VALUES (?, ?)").run(version, Buffer.from("corpus-wide vocabulary"));
      raw.close();

      stack = await createEmbeddedStack(db, DEFAULT_LIMITS, silentLogger);
      try {
        expect(await stack.vectors.describeVersion(version)).toBeNull();
        expect(await stack.vectors.activeVersion()).toBeNull();
        const check = openSqliteDatabase(db);
        const tables = check.prepare("SELECT name FROM sqlite_master WHERE name = 'vec_models'").all();
        const rows = check.prepare("SELECT COUNT(*) AS n FROM vec_passages").get() as { n: number };
        check.close();
        expect(tables).toEqual([]);
        expect(rows.n).toBe(0);
      } finally {
        await stack.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a dense index kept as documents are indexed (denseOnIngest, as the ingest service runs)", () => {
  /** A store that is never told to build a dense index: it keeps one as it ingests. */
  async function keptStore(files: Array<[string, string]>): Promise<EmbeddedStack> {
    const stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger, {}, { denseOnIngest: true });
    for (const [source, group] of files) {
      const r = await stack.pipeline.ingest({ source, access: access(group) });
      expect(r.status).toBe("indexed");
    }
    return stack;
  }

  it("answers dense queries with what `index dense` would, and alpha's results do not depend on beta's corpus", async () => {
    const kept = await keptStore([
      [VIVINT, "beta"],
      [VERSO, "alpha"],
      [THRIVENT, "beta"],
      [SPONSOR, "alpha"],
    ]);
    const aloneKept = await keptStore([
      [VERSO, "alpha"],
      [SPONSOR, "alpha"],
    ]);
    const built = await storeWith([
      [VERSO, "alpha"],
      [SPONSOR, "alpha"],
    ]);
    try {
      expect(await kept.vectors.activeVersion()).not.toBeNull();
      for (const query of [ASK_VERSO, "Which law governs the sponsorship agreement?", ...betaOnlyWords().slice(0, 2)]) {
        const seen = await dense(kept, ALPHA, query);
        expect(seen).toEqual(await dense(aloneKept, ALPHA, query));
        expect(seen).toEqual(await dense(built, ALPHA, query));
      }
      expect((await dense(kept, ALPHA, ASK_VERSO)).length).toBeGreaterThan(0);
      expect(
        (await dense(kept, BETA, "non-competition")).every(
          (p) => p.file?.startsWith("VIVINT") || p.file?.startsWith("Thrivent"),
        ),
      ).toBe(true);
    } finally {
      await kept.close();
      await aloneKept.close();
      await built.close();
    }
  });
});
