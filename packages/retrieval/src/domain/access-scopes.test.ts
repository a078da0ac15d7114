import type { Access } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { accessScopes } from "./access-scopes.ts";
import { mayRead } from "./principal.ts";

describe("accessScopes", () => {
  it("makes each plain grant a scope whose holders may read every document in it", () => {
    const access: Access = { principals: ["gc", "gc"], groups: ["deal", "board"] };
    expect(accessScopes(access)).toEqual([
      { key: "group:board", access: { principals: [], groups: ["board"] } },
      { key: "group:deal", access: { principals: [], groups: ["deal"] } },
      { key: "principal:gc", access: { principals: ["gc"], groups: [] } },
    ]);
    for (const scope of accessScopes(access)) {
      const holder = { id: scope.access.principals[0] ?? "someone", groups: scope.access.groups };
      expect(mayRead(holder, access)).toBe(true);
    }
    expect(accessScopes({ principals: [], groups: [] })).toEqual([]);
  });

  it("keys an access with exceptions (a deny entry) by the whole access, whatever the order of its lists", () => {
    const walled: Access = { principals: [], groups: ["deal", "board"], deny: { principals: ["mallory"], groups: [] } };
    const same: Access = {
      deny: { groups: [], principals: ["mallory", "mallory"] },
      groups: ["board", "deal"],
      principals: [],
    };
    const [scope] = accessScopes(walled);
    expect(accessScopes(walled)).toHaveLength(1);
    expect(scope?.key).toMatch(/^access:[0-9a-f]{24}$/);
    expect(scope?.access).toBe(walled);
    expect(accessScopes(same)[0]?.key).toBe(scope?.key);
    // Not the scope of a plain grant: a denied member of "deal" never reaches it through "group:deal".
    expect(accessScopes({ principals: [], groups: ["deal", "board"] }).map((s) => s.key)).not.toContain(scope?.key);
    // An empty exception list is no exception.
    expect(
      accessScopes({ principals: [], groups: ["deal"], deny: { principals: [], groups: [] } }).map((s) => s.key),
    ).toEqual(["group:deal"]);
  });
});
