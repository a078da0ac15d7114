import { describe, expect, it } from "vitest";
import type { LanguageModel, ModelCallRequest } from "../ports/language-model.ts";
import { judgePair } from "./pairwise-judge.ts";

/** A scripted judge: picks by content, or always the first position (a biased judge). */
function judge(pick: (req: ModelCallRequest) => string): LanguageModel & { calls: ModelCallRequest[] } {
  const calls: ModelCallRequest[] = [];
  return {
    model: "scripted",
    calls,
    async call(req) {
      calls.push(req);
      return {
        text: pick(req),
        stopReason: "end_turn",
        usage: {
          stage: req.stage,
          model: "scripted",
          inputTokens: 10,
          cacheWriteTokens: 0,
          cacheReadTokens: 0,
          outputTokens: 3,
        },
      };
    },
  };
}
const item = {
  question: "Governing law?",
  reference: "California",
  a: "California [X] Section 9",
  b: "New York [X] Section 9",
};
const firstHolds = (req: ModelCallRequest, word: string) =>
  (/<first>\n([\s\S]*?)\n<\/first>/.exec(req.user)?.[1] ?? "").includes(word);

describe("position-swapped judge", () => {
  it("a consistent judge gives A the win after both orders", async () => {
    const m = judge((r) => (firstHolds(r, "California") ? "Verdict: first" : "Verdict: second"));
    const j = await judgePair(m, item);
    expect(j.outcome).toBe("a");
    expect(j.verdicts).toEqual({ aFirst: "first", bFirst: "second" });
    expect(m.calls).toHaveLength(2);
    expect(m.calls[1]?.user.indexOf("New York")).toBeLessThan(m.calls[1]?.user.indexOf("California [X]") ?? 0);
    expect(j.usage).toHaveLength(2);
  });

  it("a judge that always picks the first position produces a tie, and forcing does not help it", async () => {
    const m = judge(() => "Verdict: first");
    expect((await judgePair(m, item)).outcome).toBe("tie");
    const forced = await judgePair(m, item, { forceDecision: true });
    expect(forced.outcome).toBe("tie");
    expect(m.calls).toHaveLength(6);
  });

  it("forcing breaks a hedged tie when both forced orders agree", async () => {
    const m = judge((r) =>
      r.system[0]?.text.includes("must choose")
        ? firstHolds(r, "New York")
          ? "Verdict: first"
          : "Verdict: second"
        : "Both are fine. Verdict: tie",
    );
    const j = await judgePair(m, item, { forceDecision: true });
    expect(j.outcome).toBe("b");
    expect(j.verdicts.forced).toEqual({ aFirst: "second", bFirst: "first" });
  });
});
