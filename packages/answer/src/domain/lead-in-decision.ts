import { byEvidence, type ScoredCandidate } from "./evidence-model.ts";
import { introducesInWords } from "./lead-in.ts";

/**
 * A lead-in and its first item read as one statement: "The fee shall be apportioned as follows:" says
 * nothing alone, and "Dundee Securities Ltd. 40% Kes 7 Capital Inc. 30%" does not say what it lists.
 * Only a lead-in that says so in words (`introducesInWords`: "as follows", "the following"): one that
 * ends on a colon alone ("Upon termination:") heads items that each stand alone, and are read alone.
 * A lead-in's probability becomes that of it or its first item being evidence (noisy-or, as the
 * decision combines the sentences it cites), so the pair is cited (the lead-in's answering unit quotes
 * both) when together they reach the bar. The first item is the next sentence of the same passage,
 * with only whitespace between. Other sentences keep their probability; the order is redone.
 */
export function withFirstItem<T extends ScoredCandidate>(scored: readonly T[]): T[] {
  const out = scored.map((s) => {
    if (!introducesInWords(s.text)) return s;
    const first = firstItemOf(s, scored);
    return first ? { ...s, p: 1 - (1 - s.p) * (1 - first.p) } : s;
  });
  return out.sort(byEvidence);
}

/** The sentence of `s`'s passage that starts right after it (only whitespace between), if a candidate. */
export function firstItemOf<T extends ScoredCandidate>(s: T, scored: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const c of scored)
    if (c.item === s.item && c.start >= s.end && (best === undefined || c.start < best.start)) best = c;
  if (best === undefined) return undefined;
  const between = s.item.text.slice(s.end - s.item.start, best.start - s.item.start);
  return between.trim() === "" ? best : undefined;
}
