import { describe, expect, it } from "vitest";
import { groupsShown } from "./search.ts";

describe("groupsShown", () => {
  it("names a few groups and counts the rest, so a reader in a group per deal gets one footer line", () => {
    const groups = Array.from({ length: 812 }, (_, i) => `deal-${i}`);
    expect(groupsShown(groups)).toBe("deal-0, deal-1, deal-2, deal-3 and 808 more");
    expect(groupsShown(["a", "b"])).toBe("a, b");
    expect(groupsShown(["a", "b", "c", "d"])).toBe("a, b, c, d");
    expect(groupsShown([])).toBe("no groups");
  });
});
