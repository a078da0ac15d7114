import { openSqliteDatabase } from "@lexnav/catalog";
import type { Access } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { createSqliteVectorStore } from "../adapters/sqlite-vector-store.ts";
import type { Embedder } from "../ports/embedder.ts";
import { buildModelDenseIndex, type IndexableDocument } from "./dense-index.ts";
import { type EveryVersionStore, reconcileWritten } from "./rebuild-reconcile.ts";
import { oneProvisionDocument } from "./test-support.ts";

const OPEN: Access = { principals: [], groups: ["g"] };
const WALLED: Access = { principals: [], groups: ["g"], deny: { principals: ["reader"], groups: [] } };

/** A store that records what it is told. */
function recording(): EveryVersionStore & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    removeDocument: async (id) => {
      calls.push(`remove ${id}`);
      return 1;
    },
    setAccess: async (id, access) => {
      calls.push(`access ${id} ${JSON.stringify(access)}`);
    },
  };
}

describe("reconcileWritten", () => {
  it("removes a document deleted since it was written and sets an access that changed, walls included", async () => {
    const store = recording();
    const written = new Map<string, Access>([
      ["kept", OPEN],
      ["reordered", { principals: ["b", "a"], groups: [] }],
      ["walled", OPEN],
      ["deleted", OPEN],
    ]);
    const records = new Map<string, { access: Access }>([
      ["kept", { access: OPEN }],
      ["reordered", { access: { principals: ["a", "b"], groups: [] } }],
      ["walled", { access: WALLED }],
    ]);
    const done = await reconcileWritten(store, written, async (id) => records.get(id) ?? null);
    expect(done).toEqual({ removed: 1, accessSet: 1 });
    expect(store.calls).toEqual([`access walled ${JSON.stringify(WALLED)}`, "remove deleted"]);
  });
});

const doc = (documentId: string, text: string, access: Access): IndexableDocument =>
  oneProvisionDocument(documentId, text, access);

/** Every text on one direction: a search returns whatever the principal may read. */
const FLAT: Embedder = {
  id: "flat-test",
  dimensions: 4,
  embed: async (texts) => texts.map(() => new Float32Array([1, 0, 0, 0])),
};

describe("a dense build", () => {
  it("does not undo a wall or a delete made after it read a document and before it embedded it", async () => {
    const vectors = createSqliteVectorStore(openSqliteDatabase(":memory:"));
    const alpha = doc("alpha", "1. The supplier shall deliver the widgets.", OPEN);
    const beta = doc("beta", "1. The buyer shall pay the invoice.", OPEN);
    const gamma = doc("gamma", "1. The agent shall keep the ledger.", OPEN);
    const records = new Map([alpha, beta, gamma].map((d) => [d.documentId, { access: d.access }]));
    // Listed as they were when the build began; beta walled off from the reader and gamma deleted before
    // each is embedded (a change reaches every version, the one being built included).
    async function* listing() {
      for (const d of [alpha, beta, gamma]) {
        if (d === beta) {
          records.set("beta", { access: WALLED });
          await vectors.setAccess("beta", WALLED);
        }
        if (d === gamma) {
          records.delete("gamma");
          await vectors.removeDocument("gamma");
        }
        yield d;
      }
    }
    const report = await buildModelDenseIndex(vectors, listing(), FLAT, {
      current: async (id) => records.get(id) ?? null,
    });
    expect(report.reconciled).toEqual({ removed: 1, accessSet: 1 });
    const readable = async (id: string) =>
      (await vectors.search({ vector: new Float32Array([1, 0, 0, 0]), principal: { id, groups: ["g"] }, k: 10 })).hits
        .map((h) => h.documentId)
        .sort();
    expect(await readable("reader")).toEqual(["alpha"]);
    expect(await readable("colleague")).toEqual(["alpha", "beta"]);
  });
});
