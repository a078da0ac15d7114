import { clopperPearson, type ProportionInterval } from "./clopper-pearson.ts";

/** What a judge says about two answers shown as "first" and "second"; a hedged verdict is a tie. */
export type PositionalVerdict = "first" | "second" | "tie";

/** The outcome of one question for system A against system B, after both presentation orders. */
export type PairOutcome = "a" | "b" | "tie";

/** Reads a judge's free-text reply: one clear choice, else a tie (hedges, both, neither, unparseable). */
export function parseJudgeVerdict(reply: string): PositionalVerdict {
  const t = reply.toLowerCase();
  const m = /verdict\s*[:=]\s*\**\s*(first|second|a|b|1|2|tie|both|neither|equal)\b/.exec(t);
  const word = m?.[1] ?? null;
  if (word === "first" || word === "a" || word === "1") return "first";
  if (word === "second" || word === "b" || word === "2") return "second";
  return "tie";
}

/**
 * Combines the two judgements of one question: `aFirst` was given with A shown first, `bFirst`
 * with B shown first. A wins only when both orders prefer A (position bias cancels); any
 * disagreement or tie is a tie.
 */
export function pairOutcome(aFirst: PositionalVerdict, bFirst: PositionalVerdict): PairOutcome {
  const aPick = aFirst === "first" ? "a" : aFirst === "second" ? "b" : "tie";
  const bPick = bFirst === "first" ? "b" : bFirst === "second" ? "a" : "tie";
  return aPick === bPick ? aPick : "tie";
}

/**
 * With a forced decision the judge must choose; the tie-break is a second reading (`forced`) taken
 * only for questions that tied. Agreement of both forced orders is still required for a win.
 */
export function forcedOutcome(
  outcome: PairOutcome,
  forced: { aFirst: PositionalVerdict; bFirst: PositionalVerdict } | null,
): PairOutcome {
  if (outcome !== "tie" || forced === null) return outcome;
  return pairOutcome(forced.aFirst, forced.bFirst);
}

export interface PairwiseSummary {
  questions: number;
  aWins: number;
  bWins: number;
  ties: number;
  /** Share of questions A won, with its exact interval. */
  aWinRate: ProportionInterval;
  bWinRate: ProportionInterval;
  /** Among decided questions: share A won (the sign-test view), with its exact interval. */
  aShareOfDecided: ProportionInterval;
}

/** Counts outcomes and puts exact 95 % intervals on the win rates. */
export function summarisePairwise(outcomes: readonly PairOutcome[], confidence = 0.95): PairwiseSummary {
  const aWins = outcomes.filter((o) => o === "a").length;
  const bWins = outcomes.filter((o) => o === "b").length;
  const n = outcomes.length;
  return {
    questions: n,
    aWins,
    bWins,
    ties: n - aWins - bWins,
    aWinRate: clopperPearson(aWins, n, confidence),
    bWinRate: clopperPearson(bWins, n, confidence),
    aShareOfDecided: clopperPearson(aWins, aWins + bWins, confidence),
  };
}
