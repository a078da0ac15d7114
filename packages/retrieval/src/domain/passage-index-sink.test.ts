import { openSqliteDatabase } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import { describe, expect, it } from "vitest";
import { createSqliteLexicalIndex } from "../adapters/sqlite-lexical-index.ts";
import { createPassageIndexSink, rebuildLexicalIndex } from "./passage-index-sink.ts";
import { oneProvisionDocument } from "./test-support.ts";

const READER = { id: "reader", groups: ["g"] };
const ACCESS = { principals: [], groups: ["g"] };

/** A stored document of one provision. */
const stored = (documentId: string, text: string) => oneProvisionDocument(documentId, text, ACCESS);

async function* each<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

const holding = async (lexical: ReturnType<typeof createSqliteLexicalIndex>, word: string) =>
  (await lexical.search({ text: word, principal: READER, k: 5 })).hits.map((h) => h.documentId);

describe("rebuildLexicalIndex", () => {
  it("writes what ingestion writes, then takes in a document ingested while it built, before the switch", async () => {
    const lexical = createSqliteLexicalIndex(openSqliteDatabase(":memory:"));
    const sink = createPassageIndexSink(lexical);
    const alpha = stored("alpha", "1. The supplier shall deliver the widgets within thirty days.");
    const beta = stored("beta", "1. The buyer shall pay the quillfeather invoice within ten days.");
    await sink.putDocument(alpha);
    const old = await lexical.activeVersion();

    // The first listing has alpha only; beta is ingested (into the old version) while the new one builds.
    let listings = 0;
    const report = await rebuildLexicalIndex(lexical, () => {
      listings += 1;
      return each(listings === 1 ? [alpha] : [alpha, beta]);
    });
    expect(listings).toBe(3);
    expect(report.replaced).toBe(old);
    expect(report.documents).toBe(2);
    expect(await lexical.activeVersion()).toBe(report.indexVersion);
    expect(await holding(lexical, "quillfeather")).toEqual(["beta"]);
    expect(await holding(lexical, "widgets")).toEqual(["alpha"]);
  });

  it("takes in a document ingested between its last listing before the switch and the switch, reading nothing twice", async () => {
    const lexical = createSqliteLexicalIndex(openSqliteDatabase(":memory:"));
    const sink = createPassageIndexSink(lexical);
    const alpha = stored("alpha", "1. The supplier shall deliver the widgets within thirty days.");
    const beta = stored("beta", "1. The buyer shall pay the quillfeather invoice within ten days.");
    await sink.putDocument(alpha);
    const catalog = new Map([[alpha.documentId, alpha]]);
    // beta is ingested (into the version then active) while the build checks what it wrote, just before the switch
    let ingested = false;
    const read: string[] = [];
    const report = await rebuildLexicalIndex(
      lexical,
      async function* (wanted) {
        for (const doc of catalog.values()) {
          if (wanted && !wanted(doc.documentId, doc.version)) continue;
          read.push(doc.documentId);
          yield doc;
        }
      },
      {
        current: async (id) => {
          if (!ingested) {
            ingested = true;
            await sink.putDocument(beta);
            catalog.set(beta.documentId, beta);
          }
          return catalog.has(id) ? { access: ACCESS } : null;
        },
      },
    );
    expect(read).toEqual(["alpha", "beta"]);
    expect(report.documents).toBe(2);
    expect(await lexical.activeVersion()).toBe(report.indexVersion);
    expect(await holding(lexical, "quillfeather")).toEqual(["beta"]);
  });

  it("says the rebuilt version serves when the listing after the switch fails, and drops the old one", async () => {
    const lexical = createSqliteLexicalIndex(openSqliteDatabase(":memory:"));
    const alpha = stored("alpha", "1. The supplier shall deliver the widgets within thirty days.");
    await createPassageIndexSink(lexical).putDocument(alpha);
    const old = await lexical.activeVersion();
    let listings = 0;
    async function* listing() {
      listings += 1;
      if (listings === 3) throw new LexnavError("corrupt", "the stored text of beta is unreadable");
      yield alpha;
    }
    const error = await rebuildLexicalIndex(lexical, listing).catch((e: unknown) => e);
    expect((error as LexnavError).code).toBe("corrupt");
    expect((error as LexnavError).message).toMatch(/unreadable \(the rebuilt index version lex-\S+ is active;/);
    const active = await lexical.activeVersion();
    expect(active).not.toBe(old);
    expect(await holding(lexical, "widgets")).toEqual(["alpha"]);
    await expect(
      lexical.search({ text: "widgets", principal: READER, k: 5, indexVersion: old as string }),
    ).rejects.toThrow();
  });

  it("does not undo an access change or a delete made after it read a document and before it wrote it", async () => {
    const lexical = createSqliteLexicalIndex(openSqliteDatabase(":memory:"));
    const sink = createPassageIndexSink(lexical);
    const alpha = stored("alpha", "1. The supplier shall deliver the widgets within thirty days.");
    const beta = stored("beta", "1. The buyer shall pay the quillfeather invoice within ten days.");
    const gamma = stored("gamma", "1. The agent shall keep the marrowvale ledger.");
    for (const doc of [alpha, beta, gamma]) await sink.putDocument(doc);
    const records = new Map([alpha, beta, gamma].map((d) => [d.documentId, { access: d.access }]));
    const walled = { principals: [], groups: ["g"], deny: { principals: ["reader"], groups: [] } };

    // The build lists the documents as they were when it began; beta is walled off from the reader and
    // gamma deleted (each reaching every index version, as a change does) before the build writes them.
    let listings = 0;
    async function* listing() {
      listings += 1;
      const snapshot = listings === 1 ? [alpha, beta, gamma] : [alpha, { ...beta, access: walled }];
      for (const doc of snapshot) {
        if (listings === 1 && doc === beta) {
          records.set("beta", { access: walled });
          await lexical.setAccess("beta", walled);
        }
        if (listings === 1 && doc === gamma) {
          records.delete("gamma");
          await lexical.removeDocument("gamma");
        }
        yield doc;
      }
    }
    const report = await rebuildLexicalIndex(lexical, listing, {
      current: async (id) => records.get(id) ?? null,
    });
    expect(report.reconciled).toEqual({ removed: 1, accessSet: 1 });
    expect(await lexical.activeVersion()).toBe(report.indexVersion);
    expect(await holding(lexical, "widgets")).toEqual(["alpha"]);
    expect(await holding(lexical, "quillfeather")).toEqual([]);
    expect(await holding(lexical, "marrowvale")).toEqual([]);
    const colleague = { id: "colleague", groups: ["g"] };
    expect(
      (await lexical.search({ text: "quillfeather", principal: colleague, k: 5 })).hits.map((h) => h.documentId),
    ).toEqual(["beta"]);
  });

  it("leaves the old version serving when a document cannot be read, and drops the half-built one", async () => {
    const lexical = createSqliteLexicalIndex(openSqliteDatabase(":memory:"));
    await createPassageIndexSink(lexical).putDocument(stored("alpha", "1. The supplier shall deliver the widgets."));
    const old = await lexical.activeVersion();
    async function* failing() {
      yield stored("alpha", "1. The supplier shall deliver the widgets.");
      throw new Error("the stored text of beta is unreadable");
    }
    await expect(rebuildLexicalIndex(lexical, failing)).rejects.toThrow("unreadable");
    expect(await lexical.activeVersion()).toBe(old);
    expect(await holding(lexical, "widgets")).toEqual(["alpha"]);
  });

  it("throws the rebuild's own error when the half-built version cannot be dropped either, naming that version", async () => {
    const store = createSqliteLexicalIndex(openSqliteDatabase(":memory:"));
    await createPassageIndexSink(store).putDocument(stored("alpha", "1. The supplier shall deliver the widgets."));
    const lexical = {
      ...store,
      dropVersion: async () => {
        throw new Error("the disk is read-only");
      },
    };
    async function* failing() {
      yield stored("alpha", "1. The supplier shall deliver the widgets.");
      throw new LexnavError("invalid_argument", "the stored text of beta is unreadable");
    }
    const error = await rebuildLexicalIndex(lexical, failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LexnavError);
    expect((error as LexnavError).code).toBe("invalid_argument");
    expect((error as LexnavError).message).toMatch(
      /unreadable \(and the half-built index version lex-\S+ could not be dropped: the disk is read-only\)/,
    );
  });
});
