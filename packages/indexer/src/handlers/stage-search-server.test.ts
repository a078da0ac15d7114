import type { Access, DocumentRecord } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { servedHits } from "./stage-search-server.ts";

const alice = { id: "alice", groups: ["deal-team"] };

/** A catalog of records by id: each document's current access and served version, as the catalog holds them now. */
function catalogOf(records: Record<string, { access: Access; currentVersion: string | null }>) {
  const reads: string[] = [];
  return {
    reads,
    getDocument: async (id: string) => {
      reads.push(id);
      const r = records[id];
      return r
        ? ({ id, lifecycle: r.currentVersion ? "indexed" : "deleted", ...r } as unknown as DocumentRecord)
        : null;
    },
  };
}

const hit = (documentId: string, version = "v1") => ({ documentId, version, score: 1 });
const team: Access = { principals: [], groups: ["deal-team"] };

describe("servedHits: the stage's check of a store's hits against the catalog as it stands now", () => {
  it("drops a document whose grant the catalog has removed and the store has not", async () => {
    const catalog = catalogOf({
      kept: { access: team, currentVersion: "v1" },
      revoked: { access: { principals: ["bob"], groups: [] }, currentVersion: "v1" },
    });
    // The store still matched both under its old filter.
    expect(await servedHits(catalog, alice, [hit("kept"), hit("revoked")])).toEqual([hit("kept")]);
  });

  it("drops a document behind a wall the catalog has raised on the principal or on one of its groups", async () => {
    const catalog = catalogOf({
      onPrincipal: { access: { ...team, deny: { principals: ["alice"], groups: [] } }, currentVersion: "v1" },
      onGroup: { access: { ...team, deny: { principals: [], groups: ["deal-team"] } }, currentVersion: "v1" },
      onOther: { access: { ...team, deny: { principals: ["bob"], groups: [] } }, currentVersion: "v1" },
    });
    const hits = [hit("onPrincipal"), hit("onGroup"), hit("onOther")];
    expect(await servedHits(catalog, alice, hits)).toEqual([hit("onOther")]);
  });

  it("only removes: a grant the catalog has added adds nothing the store did not return", async () => {
    const catalog = catalogOf({
      granted: { access: { principals: ["alice"], groups: [] }, currentVersion: "v1" },
      other: { access: team, currentVersion: "v1" },
    });
    // The store, not yet applying the grant, returned only `other`: the check never brings `granted` back.
    expect(await servedHits(catalog, alice, [hit("other")])).toEqual([hit("other")]);
    expect(await servedHits(catalog, alice, [])).toEqual([]);
  });

  it("keeps only the served version, drops a deleted or unknown document, and reads each document once", async () => {
    const catalog = catalogOf({
      moved: { access: team, currentVersion: "v2" },
      deleted: { access: team, currentVersion: null },
    });
    const hits = [hit("moved", "v1"), hit("moved", "v2"), hit("deleted"), hit("unknown"), hit("moved", "v2")];
    expect(await servedHits(catalog, alice, hits)).toEqual([hit("moved", "v2"), hit("moved", "v2")]);
    expect([...catalog.reads].sort()).toEqual(["deleted", "moved", "unknown"]);
  });

  it("checks a document hit, which names no version, by access and by whether the catalog serves it", async () => {
    const catalog = catalogOf({
      readable: { access: team, currentVersion: "v1" },
      revoked: { access: { principals: [], groups: ["other"] }, currentVersion: "v1" },
      deleted: { access: team, currentVersion: null },
    });
    const doc = (documentId: string) => ({ documentId, score: 2, named: false });
    const hits = [doc("readable"), doc("revoked"), doc("deleted")];
    expect(await servedHits(catalog, alice, hits)).toEqual([doc("readable")]);
  });
});
