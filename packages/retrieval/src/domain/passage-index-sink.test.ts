import { openSqliteDatabase } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import { emptyFlags, type ProvisionNode } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { createSqliteLexicalIndex } from "../adapters/sqlite-lexical-index.ts";
import { createPassageIndexSink, rebuildLexicalIndex } from "./passage-index-sink.ts";

const READER = { id: "reader", groups: ["g"] };
const ACCESS = { principals: [], groups: ["g"] };

/** A stored document of one provision. */
const stored = (documentId: string, text: string) => {
  const node: ProvisionNode = {
    id: `${documentId}-n1`,
    documentId,
    depth: 0,
    parentId: null,
    kind: "clause",
    clauseRef: "1",
    fullRef: "1",
    title: null,
    headingPath: [],
    start: 0,
    end: text.length,
    page: null,
    tokenCount: 10,
    flags: emptyFlags(text.length),
    keywords: [],
    definesTerms: [],
    xrefs: [],
    termUses: [],
  };
  return { documentId, version: "v1", access: ACCESS, nodes: [node], text };
};

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
    expect(listings).toBe(2);
    expect(report.replaced).toBe(old);
    expect(report.documents).toBe(2);
    expect(await lexical.activeVersion()).toBe(report.indexVersion);
    expect(await holding(lexical, "quillfeather")).toEqual(["beta"]);
    expect(await holding(lexical, "widgets")).toEqual(["alpha"]);
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
