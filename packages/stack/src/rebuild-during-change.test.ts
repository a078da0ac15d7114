import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUAD_FIXTURES } from "../../../test/support/cuad-fixtures.ts";
import { createEmbeddedStack, type EmbeddedStack } from "./stack.ts";

const READER = { id: "reader", groups: ["deals"] };
const COLLEAGUE = { id: "colleague", groups: ["deals"] };

/**
 * `lexnav index lexical` through the embedded stack, with a wall put up on a document after the rebuild
 * listed the catalog and before it wrote that document: the rebuild checks what it wrote against the
 * catalog's records (`currentRecord`), so the wall holds in the rebuilt index.
 */
describe("a lexical rebuild while a wall is put up", () => {
  let stack: EmbeddedStack;
  const ids: string[] = [];
  const text = async (documentId: string, version: string) =>
    (await stack.catalog.getVersion(documentId, version))?.text ?? null;
  const found = async (principal: typeof READER) =>
    new Set(
      (
        await stack.searcher.search(
          { query: "Which law governs this contract?", principal, mode: "lexical", k: 100 },
          text,
        )
      ).passages.map((p) => p.documentId),
    );

  beforeAll(async () => {
    stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
    for (const source of [CUAD_FIXTURES.verso, CUAD_FIXTURES.sponsor]) {
      const r = await stack.pipeline.ingest({ source, access: { principals: [], groups: ["deals"] } });
      expect(r.status).toBe("indexed");
      ids.push(r.documentId);
    }
  });
  afterAll(() => stack.close());

  it("keeps a wall put up between the listing and the write of the document it walls", async () => {
    let walled: string | undefined;
    let change: Promise<boolean> | undefined;
    const report = await stack.rebuildLexicalIndex({
      onDocument: (written) => {
        if (walled !== undefined) return;
        // the first document is written; the other, listed with its access of then, is walled off now
        walled = ids.find((id) => id !== written) as string;
        change = stack.changeControl({
          place: {
            scope: "document",
            scopeId: walled,
            kind: "deny_principal",
            name: READER.id,
            by: "ops",
            since: "2026-12-05T18:00:00.000Z",
          },
        });
      },
    });
    expect(walled).toBeDefined();
    expect(await change).toBe(true);
    expect((await found(READER)).has(walled as string)).toBe(false);
    expect((await found(COLLEAGUE)).has(walled as string)).toBe(true);
    expect(report.reconciled).toEqual({ removed: 0, accessSet: 1 });
  });
});
