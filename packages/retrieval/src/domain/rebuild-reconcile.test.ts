import type { Access } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { type EveryVersionStore, reconcileWritten } from "./rebuild-reconcile.ts";

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
