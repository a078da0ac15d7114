import { emptyFlags } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { createBuiltinReranker } from "./builtin-reranker.ts";

describe("the built-in reranker", () => {
  const reranker = createBuiltinReranker();
  it("puts the passage that carries the question's words, close together and under a matching heading, first", async () => {
    const scores = await reranker.rerank(
      "Consider the Supply Agreement between A and B; Which law governs this contract?",
      [
        {
          id: "notices",
          text: "All notices shall be in writing and delivered to the address below.",
          heading: "Notices",
          flags: null,
        },
        {
          id: "law",
          text: "This Agreement shall be governed by the laws of the State of New York.",
          heading: "Governing Law",
          flags: emptyFlags(),
        },
      ],
    );
    expect(scores[1]).toBeGreaterThan(scores[0] as number);
  });

  it("prefers a provision whose flags match what the question asks for when the words tie", async () => {
    const cap = { ...emptyFlags(), hasLiabilityLimit: true };
    const scores = await reranker.rerank("Is there a cap on liability?", [
      { id: "a", text: "liability of either party", heading: "", flags: emptyFlags() },
      { id: "b", text: "liability of either party", heading: "", flags: cap },
    ]);
    // b stands second, so the rank prior favours a: the flag match must outweigh it.
    expect(scores[1]).toBeGreaterThan(scores[0] as number);
  });
});
