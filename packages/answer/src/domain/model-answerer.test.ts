import { describe, expect, it } from "vitest";
import { parsePlan } from "./model-answerer.ts";

describe("parsePlan", () => {
  const ids: Record<string, { documentId: string; nodeId: string }> = {
    "0.3": { documentId: "doc-a", nodeId: "n-3" },
    "1.0": { documentId: "doc-b", nodeId: "n-0" },
  };
  const resolve = (h: string) => ids[h] ?? null;

  it("reads node handles through the resolver, rejects invented ones, drops repeats", () => {
    const plan = parsePlan("0.3\n- `1.0`\n2. 7.12\n0.3\ndoc-a n-3", new Set(["doc-a n-3"]), 10, resolve);
    expect(plan.pairs).toEqual([
      { documentId: "doc-a", nodeId: "n-3" },
      { documentId: "doc-b", nodeId: "n-0" },
    ]);
    expect(plan.rejected).toEqual(["2. 7.12"]);
  });

  it("without a resolver a handle is not a known pair", () => {
    expect(parsePlan("0.3", new Set(["doc-a n-3"])).pairs).toEqual([]);
  });
});
