import { describe, expect, it } from "vitest";
import type { EvidenceItem } from "./evidence.ts";
import { candidateSentences, type ScoredCandidate } from "./evidence-model.ts";
import { statesAskedOrNext } from "./stated-fallback.ts";
import { evidenceItem } from "./test-support.ts";

const TEXT =
  "IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written above. " +
  "Any dispute arising out of this Agreement shall be finally settled by arbitration in London.";

function sentences(documentId: string, over: Partial<EvidenceItem> = {}): ScoredCandidate[] {
  const item = evidenceItem(documentId, TEXT, over);
  return candidateSentences([], [item], () => TEXT).map((c) => ({ ...c, p: 0.6 }));
}

const QUESTION = "Are disputes under the supply agreement subject to arbitration?";
const BAR = { ratio: 0.5, depth: 10, floor: 0.15 };

describe("statesAskedOrNext", () => {
  it("keeps a picked sentence that states the ask", () => {
    const [face, clause] = sentences("d") as [ScoredCandidate, ScoredCandidate];
    expect(statesAskedOrNext(QUESTION, [clause], [clause, face], BAR)).toEqual([clause]);
  });

  it("cites the next sentence of the deal that states the ask when the picked one does not, nearly as probable", () => {
    const [face, clause] = sentences("d") as [ScoredCandidate, ScoredCandidate];
    const near = { ...clause, p: 0.45 };
    expect(statesAskedOrNext(QUESTION, [face], [face, near], BAR)).toEqual([near]);
  });

  it("stays silent when the sentence stating the ask is far less probable than the one dropped", () => {
    const [face, clause] = sentences("d") as [ScoredCandidate, ScoredCandidate];
    expect(statesAskedOrNext(QUESTION, [face], [face, { ...clause, p: 0.2 }], BAR)).toEqual([]);
  });

  it("stays silent when the sentence stating the ask is another deal's", () => {
    const [face] = sentences("d", { transactionSetId: "deal-a" }) as [ScoredCandidate];
    const [, other] = sentences("e", { transactionSetId: "deal-b" }) as [ScoredCandidate, ScoredCandidate];
    expect(statesAskedOrNext(QUESTION, [face], [face, other], BAR)).toEqual([]);
  });

  it("reads no deeper into the extract than the bar says", () => {
    const [face, clause] = sentences("d") as [ScoredCandidate, ScoredCandidate];
    expect(statesAskedOrNext(QUESTION, [face], [face, clause], { ratio: 0.5, depth: 1, floor: 0.15 })).toEqual([]);
  });

  it("by default cites a sentence at half the dropped one's probability, not at a fifth", () => {
    const [face, clause] = sentences("d") as [ScoredCandidate, ScoredCandidate];
    const half = { ...clause, p: 0.3 };
    expect(statesAskedOrNext(QUESTION, [face], [face, half])).toEqual([half]);
    expect(statesAskedOrNext(QUESTION, [face], [face, { ...clause, p: 0.12 }])).toEqual([]);
  });

  it("stays silent when the dropped sentence carries no probability, or the next one next to none", () => {
    const [face, clause] = sentences("d") as [ScoredCandidate, ScoredCandidate];
    expect(statesAskedOrNext(QUESTION, [{ ...face, p: 0 }], [face, clause], BAR)).toEqual([]);
    const faint = { ...face, p: 0.02 };
    expect(statesAskedOrNext(QUESTION, [faint], [faint, { ...clause, p: 0.03 }], BAR)).toEqual([]);
  });
});
