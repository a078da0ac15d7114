import { openSqliteDatabase } from "@lexnav/catalog";
import type { Access } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { createSqliteVectorStore } from "../adapters/sqlite-vector-store.ts";
import type { Embedder } from "../ports/embedder.ts";
import { accessScopes } from "./access-scopes.ts";
import { buildDenseIndex, buildModelDenseIndex, type IndexableDocument } from "./dense-index.ts";
import { oneProvisionDocument } from "./test-support.ts";

const OPEN: Access = { principals: [], groups: ["g"] };
const WALLED: Access = { principals: [], groups: ["g"], deny: { principals: ["reader"], groups: [] } };
const OTHER: Access = { principals: [], groups: ["h"] };

const doc = (documentId: string, text: string, access: Access): IndexableDocument =>
  oneProvisionDocument(documentId, text, access);

/** Every text on one direction: a search returns whatever the principal may read. */
const FLAT: Embedder = {
  id: "flat-test",
  dimensions: 4,
  embed: async (texts) => texts.map(() => new Float32Array([1, 0, 0, 0])),
};

const readable = async (vectors: ReturnType<typeof createSqliteVectorStore>, id: string, groups = ["g"]) =>
  (await vectors.search({ vector: new Float32Array([1, 0, 0, 0]), principal: { id, groups }, k: 10 })).hits
    .map((h) => h.documentId)
    .sort();

describe("a dense build", () => {
  it("takes in a document indexed while it ran, listed again before the switch", async () => {
    const vectors = createSqliteVectorStore(openSqliteDatabase(":memory:"));
    const alpha = doc("alpha", "1. The supplier shall deliver the widgets.", OPEN);
    const beta = doc("beta", "1. The buyer shall pay the invoice.", OPEN);
    let listings = 0;
    const report = await buildModelDenseIndex(vectors, [alpha], FLAT, {
      meanwhile: () => {
        listings += 1;
        return [alpha, beta];
      },
    });
    // before the switch and just after it
    expect(listings).toBe(2);
    expect(report.documents).toBe(2);
    expect(await vectors.activeVersion()).toBe(report.indexVersion);
    expect(await readable(vectors, "reader")).toEqual(["alpha", "beta"]);
  });

  it("takes in a document indexed between its listing before the switch and the switch", async () => {
    const vectors = createSqliteVectorStore(openSqliteDatabase(":memory:"));
    const alpha = doc("alpha", "1. The supplier shall deliver the widgets.", OPEN);
    const beta = doc("beta", "1. The buyer shall pay the invoice.", OPEN);
    const catalog = new Map([[alpha.documentId, alpha]]);
    const read: string[] = [];
    const report = await buildModelDenseIndex(vectors, [alpha], FLAT, {
      meanwhile: (wanted) =>
        [...catalog.values()].filter((d) => wanted(d.documentId, d.version) && read.push(d.documentId) > 0),
      // beta is ingested while the build checks what it wrote, just before the switch
      current: async (id) => {
        catalog.set(beta.documentId, beta);
        return catalog.has(id) ? { access: OPEN } : null;
      },
    });
    expect(read).toEqual(["beta"]);
    expect(report.documents).toBe(2);
    expect(await vectors.activeVersion()).toBe(report.indexVersion);
    expect(await readable(vectors, "reader")).toEqual(["alpha", "beta"]);
  });

  it("built in: marks the scopes of a document indexed while it fitted stale, to be fitted again with it", async () => {
    const vectors = createSqliteVectorStore(openSqliteDatabase(":memory:"));
    const alpha = doc("alpha", "1. The supplier shall deliver the widgets within thirty days of the order.", OPEN);
    const late = doc("late", "1. The agent shall keep the ledger of the fund.", OTHER);
    const report = await buildDenseIndex(vectors, [alpha], { meanwhile: () => [alpha, late] });
    const states = await vectors.scopes(report.indexVersion);
    const lateScopes = accessScopes(OTHER).map((s) => s.key);
    expect(lateScopes.length).toBeGreaterThan(0);
    for (const key of lateScopes) expect(states.find((s) => s.key === key)?.stale).toBe(true);
    for (const key of accessScopes(OPEN).map((s) => s.key))
      expect(states.find((s) => s.key === key)?.stale).toBe(false);
  });

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
    expect(await readable(vectors, "reader")).toEqual(["alpha"]);
    expect(await readable(vectors, "colleague")).toEqual(["alpha", "beta"]);
  });
});
