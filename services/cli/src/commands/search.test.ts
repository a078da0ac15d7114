import type { QueryTrace } from "@lexnav/retrieval";
import { describe, expect, it } from "vitest";
import { groupsShown, renderHits } from "./search.ts";

describe("groupsShown", () => {
  it("names a few groups and counts the rest, so a reader in a group per deal gets one footer line", () => {
    const groups = Array.from({ length: 812 }, (_, i) => `deal-${i}`);
    expect(groupsShown(groups)).toBe("deal-0, deal-1, deal-2, deal-3 and 808 more");
    expect(groupsShown(["a", "b"])).toBe("a, b");
    expect(groupsShown(["a", "b", "c", "d"])).toBe("a, b, c, d");
    expect(groupsShown([])).toBe("no groups");
  });
});

describe("the route line", () => {
  const trace: QueryTrace = {
    normalisedQuery: "pizza fusion disputes mediated",
    mode: "hybrid",
    indexVersion: "lex-1",
    filters: { principal: "ann", groups: ["g"] },
    stages: [{ stage: "route", ms: 1, candidates: [{ id: "doc_a", score: 2 }] }],
    routedBy: "question",
    selected: [],
    contextTokens: 0,
  };

  it("names the words the route left out of the ranking, and says nothing of them when there were none", () => {
    const withNames = renderHits([], { ...trace, namesRead: ["pizza", "fusion"] });
    expect(withNames).toContain('routed by question to 1 document(s): doc_a (ranked inside without "pizza", "fusion")');
    expect(renderHits([], trace)).toContain("routed by question to 1 document(s): doc_a\n");
    expect(renderHits([], trace)).not.toContain("ranked inside without");
  });
});
