import { createSqliteCatalog } from "@lexnav/catalog";
import { describe, expect, it } from "vitest";
import { readableCopyGroups } from "./copy-groups.ts";

const NOW = "2026-12-02T00:00:00.000Z";

/** A catalog of served documents readable by the given principals, with the copy pairs recorded. */
async function catalogOf(docs: Record<string, { readers: string[]; key: string }>, pairs: Array<[string, string]>) {
  const catalog = createSqliteCatalog(":memory:");
  for (const [id, d] of Object.entries(docs)) {
    await catalog.upsertReceived(
      { id, source: `/x/${id}.txt`, fileName: `${id}.txt`, access: { principals: d.readers, groups: [] } },
      NOW,
    );
    await catalog.putVersion(id, {
      documentId: id,
      version: "v1",
      byteLength: 1,
      contentType: "text/plain",
      textLength: 1,
      extractedAt: NOW,
      quality: { status: "ok", issues: [], pageCount: 1, charCount: 1 },
      text: id,
      blocks: [],
      pages: [],
      furniture: [],
    });
    await catalog.setCurrentVersion(id, "v1", "text/plain", NOW);
    await catalog.setLifecycle(id, "indexed", null, NOW);
    await catalog.putCopyKey(id, "v1", { contentKey: d.key, sample: [], filing: null });
  }
  for (const [a, b] of pairs) await catalog.recordCopies(a, "v1", [{ documentId: b, version: "v1" }]);
  return catalog;
}
const ids = (groups: Awaited<ReturnType<typeof readableCopyGroups>>) =>
  groups.map((g) => ({ ids: g.documents.map((d) => d.id), verbatim: g.verbatim }));

describe("readableCopyGroups", () => {
  it("groups the recorded copies, verbatim when their content keys agree", async () => {
    const catalog = await catalogOf(
      {
        a: { readers: ["alice"], key: "k1" },
        b: { readers: ["alice"], key: "k1" },
        c: { readers: ["alice"], key: "k2" },
        d: { readers: ["alice"], key: "k3" },
      },
      [
        ["a", "b"],
        ["b", "c"],
      ],
    );
    expect(ids(await readableCopyGroups(catalog, "operator"))).toEqual([{ ids: ["a", "b", "c"], verbatim: false }]);
    await catalog.close();
  });

  it("never names a copy the reader may not read, nor lets it join two it may read", async () => {
    const catalog = await catalogOf(
      {
        a: { readers: ["alice"], key: "k1" },
        b: { readers: ["bob"], key: "k1" },
        c: { readers: ["alice"], key: "k1" },
      },
      [
        ["a", "b"],
        ["b", "c"],
      ],
    );
    const alice = { id: "alice", groups: [] };
    expect(await readableCopyGroups(catalog, alice)).toEqual([]);
    expect(ids(await readableCopyGroups(catalog, "operator"))).toEqual([{ ids: ["a", "b", "c"], verbatim: true }]);
    // access changed: bob's copy opened to alice, and the group is hers
    await catalog.setAccess("b", { principals: ["alice", "bob"], groups: [] }, NOW);
    expect(ids(await readableCopyGroups(catalog, alice))).toEqual([{ ids: ["a", "b", "c"], verbatim: true }]);
    // and a wall on it keeps her out again
    await catalog.placeControl({
      scope: "document",
      scopeId: "b",
      kind: "deny_principal",
      name: "alice",
      by: "op",
      since: NOW,
    });
    expect(await readableCopyGroups(catalog, alice)).toEqual([]);
    await catalog.close();
  });
});
