/**
 * Retrieval metrics against gold evidence spans, as LegalBench-RAG defines them, so our figures
 * compare with published ones:
 * - precision@k: characters of the top k passages inside gold spans / all characters of the top k;
 * - recall@k: gold characters covered by the top k / all gold characters;
 * - recall@T tokens: recall taking passages best first until T tokens of context are used.
 * Overlapping passages are counted once (a union of ranges per file).
 */

/** A range `[start, end)` of characters in one file, in the coordinates of the original file. */
export interface SpanRef {
  file: string;
  start: number;
  end: number;
}

/** A retrieved passage: its span and the tokens it costs in context. */
export interface RankedPassage extends SpanRef {
  tokens: number;
}

type Range = [number, number];

function union(ranges: Range[]): Range[] {
  const sorted = ranges.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

function byFile(spans: SpanRef[]): Map<string, Range[]> {
  const m = new Map<string, Range[]>();
  for (const s of spans) {
    const list = m.get(s.file) ?? [];
    list.push([s.start, s.end]);
    m.set(s.file, list);
  }
  for (const [k, v] of m) m.set(k, union(v));
  return m;
}

function length(ranges: Range[]): number {
  return ranges.reduce((s, [a, b]) => s + (b - a), 0);
}

function intersection(a: Range[], b: Range[]): number {
  let i = 0;
  let j = 0;
  let total = 0;
  while (i < a.length && j < b.length) {
    const [as, ae] = a[i] as Range;
    const [bs, be] = b[j] as Range;
    const lo = Math.max(as, bs);
    const hi = Math.min(ae, be);
    if (hi > lo) total += hi - lo;
    if (ae < be) i += 1;
    else j += 1;
  }
  return total;
}

/** Characters of `retrieved` (union per file) that fall inside `gold`, and the totals of each. */
export function overlapStats(retrieved: SpanRef[], gold: SpanRef[]): { hit: number; retrieved: number; gold: number } {
  const r = byFile(retrieved);
  const g = byFile(gold);
  let hit = 0;
  let retrievedChars = 0;
  for (const [file, ranges] of r) {
    retrievedChars += length(ranges);
    const gr = g.get(file);
    if (gr) hit += intersection(ranges, gr);
  }
  let goldChars = 0;
  for (const ranges of g.values()) goldChars += length(ranges);
  return { hit, retrieved: retrievedChars, gold: goldChars };
}

export function precisionAtK(ranked: SpanRef[], gold: SpanRef[], k: number): number {
  const s = overlapStats(ranked.slice(0, k), gold);
  return s.retrieved === 0 ? 0 : s.hit / s.retrieved;
}

export function recallAtK(ranked: SpanRef[], gold: SpanRef[], k: number): number {
  const s = overlapStats(ranked.slice(0, k), gold);
  return s.gold === 0 ? 0 : s.hit / s.gold;
}

/** Recall taking passages best first while they fit in `budget` tokens (a passage that does not fit ends the fill). */
export function recallAtTokens(ranked: RankedPassage[], gold: SpanRef[], budget: number): number {
  const taken: SpanRef[] = [];
  let used = 0;
  for (const p of ranked) {
    if (used + p.tokens > budget) break;
    used += p.tokens;
    taken.push(p);
  }
  const s = overlapStats(taken, gold);
  return s.gold === 0 ? 0 : s.hit / s.gold;
}

export const K_VALUES = [1, 2, 4, 8, 16, 32, 64] as const;
export const TOKEN_BUDGETS = [500, 1000, 2000, 4000, 8000] as const;
